"""The classic relationship moves (rulebook chapter 3): Compel to Write Your Epilogue."""

from __future__ import annotations

from ironsworn.errors import InvalidValue, RuleViolation
from ironsworn.moves.aid_your_ally import aided_ally
from ironsworn.moves.classic._common import (
    M,
    S,
    W,
    _each_ally_chooses,
    _gain_blocked,
    _general_initiative,
    _heal_with_companions,
    _offer,
    _say_bond_add,
    _take_control_or_momentum,
    _take_next_move_bonus,
)
from ironsworn.moves.engine import Step, before_roll, on_outcome, on_resume
from ironsworn.outcomes import BY_VALUE, Outcome
from ironsworn.rolls import roll_action_json


@before_roll("compel")
def compel_before(ctx: Step) -> None:
    # "Charm, pacify, barter, or convince: Roll +heart (add +1 if you share a bond)"; threaten
    # (+iron) and lie (+shadow) have no bond add (L1836-1842; "The moves tell you when having a
    # bond provides this advantage", L808-809).
    stat = str(ctx.data.get("stat") or "").strip().lower()
    if ctx.data.get("bond") and stat and stat != "heart":
        raise InvalidValue(
            f"Compel adds +1 for a bond only when you charm, pacify, barter or convince "
            f"(+heart), not with {{stat}} {stat}",
            input="stat",
            value=stat,
            accepted="heart",
        )
    _take_next_move_bonus(ctx)


@on_outcome("compel")
def compel(ctx: Step) -> None:
    _general_initiative(ctx)
    if ctx.outcome is M:
        ctx.pay_the_price()
    else:
        # ENGINE CHOICE (spec §6.7): the weak hit's "as above" includes the +1 momentum, and
        # the +1 to Gather Information made now (L1843-1846).
        ctx.momentum(1)
        ctx.flag("gather_add", 1)
        ctx.note("if you use this exchange to Gather Information, make that move now: +1")


@before_roll("sojourn")
def sojourn_before(ctx: Step) -> None:
    _say_bond_add(ctx)
    _take_next_move_bonus(ctx)


SOJOURN_RECOVER = {
    "recuperate": "health",
    "consort": "spirit",
    "provision": "supply",
    "plan": "momentum",
}


# Sojourn's Clear a Condition options: the condition each clears and the meter it raises.
SOJOURN_CLEAR = {
    "mend": ("wounded", "health"),
    "hearten": ("shaken", "spirit"),
    "equip": ("unprepared", "supply"),
}


@on_outcome("sojourn")
def sojourn(ctx: Step) -> None:
    _general_initiative(ctx)
    if ctx.outcome is M:
        ctx.note("you find no help here")
        ctx.pay_the_price()
        return
    count = (2 if ctx.outcome is S else 1) + (1 if ctx.data.get("bond") else 0)
    _each_ally_chooses(ctx, "sojourn", count)


@on_resume("sojourn.benefits")
def sojourn_benefits(ctx: Step, keys: list[str]) -> None:
    who = str(ctx.data["who"])
    clear = SOJOURN_CLEAR
    _check_sojourn_recover(ctx, who, keys, {clear[k][0]: k for k in keys if k in clear})
    for key in keys:
        if key in clear:
            debility, meter = clear[key]
            if meter == "supply":
                for char in ctx.state.party(who):
                    ctx.debility(debility, False, who=char.name)
            else:
                ctx.debility(debility, False, who=who)
            ctx.meter(meter, 1, who=who)
        elif key == "take_a_quest":
            ctx.flag("vow_add", 1, who=who)
            ctx.note(f"{who}: if you help, Swear an Iron Vow and add +1")
    recover = [k for k in keys if k in SOJOURN_RECOVER]
    if not recover:
        return
    # The recover actions wait for the focus roll, which can add to one of them or take it.
    ctx.choose(
        "sojourn.focus",
        [(k, f"focus on {k}: roll +heart again") for k in recover],
        minimum=0,
        prompt=f"{who}: focus on one recover action? (decline to skip)",
        who=who,
        recover=recover,
    )


def _check_sojourn_recover(ctx: Step, who: str, keys: list[str], cleared: dict[str, str]) -> None:
    """A recover action on a track its condition blocks needs that condition cleared with it.

    "If a move gives you an opportunity to raise your health, spirit, or supply while the
    associated condition is marked, you can't take that option" (L1113-1116); Mend, Hearten and
    Equip, chosen in the same answer, clear the condition first.
    """
    for key in keys:
        meter = SOJOURN_RECOVER.get(key)
        if meter is None or meter == "momentum":
            continue
        gain = "health+companions" if key == "recuperate" else meter
        condition = _gain_blocked(ctx, who, gain)
        if condition is not None and condition not in cleared:
            fix = {"wounded": "mend", "shaken": "hearten", "unprepared": "equip"}[condition]
            raise RuleViolation(
                f"{who} is {condition}: {key} cannot be taken unless {fix} is chosen with it"
            )


@on_resume("sojourn.focus")
def sojourn_focus(ctx: Step, keys: list[str]) -> None:
    who = str(ctx.data["who"])
    recover = list(ctx.data["context"]["recover"])
    if not keys:
        _sojourn_recover(ctx, who, recover, None, None)
        return
    char = ctx.state.character(who)
    adds = 1 if ctx.data.get("bond") else 0
    # The roll as JSON at once (its outcome and burn offer with it), as the engine rolls a
    # move's own: no record of it is needed.
    reset = char.momentum_reset
    roll = roll_action_json(
        ctx.engine.dice,
        char.stats["heart"],
        adds,
        char.momentum,
        ctx.engine.even_matches,
        None,
        reset,
    )
    ctx.emit(
        {
            "type": "roll",
            "character": who,
            "move": ctx.data["move"],
            "roll": roll,
            "focus": keys[0],
        }
    )
    outcome = BY_VALUE[roll["outcome"]]  # (a value the roll itself wrote)
    offer = roll["burn"]
    if offer is not None:
        # The focus roll is an action roll: momentum may be burned on it (L507-511).
        ctx.choose(
            "sojourn.focus_burn",
            [
                (
                    "burn",
                    f"burn momentum {char.momentum:+d}: the {outcome.words} becomes a "
                    f"{BY_VALUE[offer['outcome']].words} (momentum goes to {reset:+d})",
                ),
                ("keep", f"keep the {outcome.words}"),
            ],
            prompt=f"{who}: burn momentum on the focus roll?",
            who=who,
            recover=recover,
            focus=keys[0],
            roll=dict(roll),  # (the decision's own copy, as the event's roll is the event's)
        )
        return
    _sojourn_recover(ctx, who, recover, keys[0], outcome)


@on_resume("sojourn.focus_burn")
def sojourn_focus_burn(ctx: Step, keys: list[str]) -> None:
    from ironsworn.rolls import ActionRoll

    who = str(ctx.data["who"])
    context = ctx.data["context"]
    roll = ActionRoll.from_json(context["roll"])
    if keys[0] == "burn":
        roll = roll.burn()
        char = ctx.state.character(who)
        ctx.emit(
            {"type": "burn", "character": who, "from": char.momentum, "to": char.momentum_reset}
        )
        ctx.engine.set_meter(who, "momentum", char.momentum_reset)
    _sojourn_recover(ctx, who, list(context["recover"]), str(context["focus"]), roll.outcome)


def _sojourn_recover(
    ctx: Step, who: str, recover: list[str], focus: str | None, outcome: Outcome | None
) -> None:
    """Apply the recover actions: +2 each, and the focus roll's +2, +1 or loss on one."""
    bonus: dict[str, int | None] = {k: 0 for k in recover}
    if focus is not None and outcome is not None:
        ctx.note(f"{who}: focus roll on {focus}: {outcome.words}")
        bonus[focus] = {S: 2, W: 1, M: None}[outcome]
    for key in recover:
        extra = bonus[key]
        if extra is None:
            ctx.note(f"{who}: the benefits of {key} are lost")
            continue
        amount = 2 + extra
        meter = SOJOURN_RECOVER[key]
        if key == "recuperate":
            _heal_with_companions(ctx, who, amount)
        elif meter == "supply":
            ctx.engine.supply(who, amount)
        else:
            ctx.meter(meter, amount, who=who)


@before_roll("draw_the_circle")
def circle_before(ctx: Step) -> None:
    ctx.engine.resolve_track(ctx, ("fight",))
    # A new fight: the boasts of an earlier duel no longer hold.
    ctx.flag("harm", None)
    ctx.flag("foe_harm", None)
    _take_next_move_bonus(ctx)


@on_outcome("draw_the_circle")
def draw_the_circle(ctx: Step) -> None:
    if ctx.outcome is M:
        ctx.initiative(False)
        ctx.pay_the_price()
        return
    ctx.initiative(True)
    if ctx.outcome is S:
        ctx.momentum(1)
    ctx.choose(
        "draw_the_circle.boasts",
        ctx.options_of("boasts"),
        count=3 if ctx.outcome is S else 1,
        minimum=0,
        prompt="choose boasts, +1 momentum each (or decline)",
    )


@on_resume("draw_the_circle.boasts")
def circle_boasts(ctx: Step, keys: list[str]) -> None:
    for key in keys:
        ctx.momentum(1)
        if key == "grant_first_strike":
            ctx.initiative(False)
        elif key == "bloody_yourself":
            ctx.follow("endure_harm", amount=1)
        elif key == "bare_yourself":
            # "your foe's harm is +1" (L1928-1929): added to the harm of Endure Harm in it.
            ctx.note("bare yourself: your foe's harm is +1")
            ctx.flag("foe_harm", 1)
        elif key == "hold_no_iron":
            ctx.note("hold no iron: your harm is 1")
            ctx.flag("harm", 1)
        elif key == "to_the_death":
            ctx.note("to the death: one of you must die")


@before_roll("forge_a_bond")
def forge_before(ctx: Step) -> None:
    """ "If you make this move after you successfully Fulfill Your Vow to their benefit, you
    may reroll any dice" (seed 000 L1968-1969): a vow sworn to them (``with``) and fulfilled
    offers the reroll after the roll."""
    _take_next_move_bonus(ctx)
    who = str(ctx.data.get("with") or "").strip().casefold()
    if not who or ctx.data.get("reroll"):
        return
    from ironsworn.moves.classic.quest import vows_for  # (only for a bond named)

    for track_id, person in vows_for(ctx).items():
        track = ctx.state.tracks.get(track_id)
        if person.casefold() == who and track is not None and track.status == "fulfilled":
            ctx.data["reroll"] = True
            ctx.note(
                f"you fulfilled a vow to their benefit ({track.name}): you may reroll any dice"
            )
            return


@on_outcome("forge_a_bond")
def forge_a_bond(ctx: Step) -> None:
    _general_initiative(ctx)
    if ctx.outcome is S:
        _add_bond(ctx)
        if not _offer(ctx, "forge_a_bond.strong_hit", ctx.options_of("strong_hit")):
            _ask_ally_bond(ctx)
    elif ctx.outcome is W:
        ctx.choose(
            "forge_a_bond.weak_hit",
            [
                ("accept", "Do what they ask and mark the bond"),
                ("swear", "Swear an Iron Vow to do it, and mark the bond"),
                ("refuse", "Decline, and Pay the Price"),
            ],
            prompt="they ask something more of you first",
        )
    else:
        ctx.pay_the_price()


def _add_bond(ctx: Step) -> None:
    char = ctx.char
    bond = ctx.data.get("with")
    if bond and any(b.lower() == str(bond).lower() for b in char.bonds):
        # A bond already on the sheet is kept once (two "Ivar" made every later question
        # about bonds ambiguous); the tick is marked, as for an ally's bond below.
        ctx.note(f"{char.name} already shares a bond with {bond}")
    elif bond:
        ctx.emit({"type": "bond_added", "character": char.name, "bond": str(bond)})
    else:
        ctx.note("bond marked; name whom it is with to keep it on the sheet")
    ticks = min(40, char.bond_ticks + 1)
    ctx.engine.set_meter(char.name, "bond_ticks", ticks)


@on_resume("forge_a_bond.strong_hit")
def forge_strong(ctx: Step, keys: list[str]) -> None:
    _spirit_or_momentum(ctx, keys[0])
    _ask_ally_bond(ctx)


def _ask_ally_bond(ctx: Step) -> None:
    """Others who may mark the bond on a hit, each asked in turn.

    A bond with an ally: "both of you may mark the bond on a hit" (L1976-1977). Allies who
    acted together (Aid Your Ally on this move): "each of you may mark a tick on your bond
    progress track" (L1970-1974).
    """
    label = str(ctx.data.get("with") or "").strip()
    active = {c.name: c for c in ctx.state.characters.values() if c.status == "active"}
    partner = next(
        (c for c in active.values() if c.name.lower() == label.lower() and c.name != ctx.name),
        None,
    )
    asked: list[tuple[str, str]] = []
    if partner is not None and ctx.name not in partner.bonds:
        asked.append((partner.name, ctx.name))
    for name in ctx.data.get("aiders") or []:
        if name in active and name != ctx.name and (partner is None or name != partner.name):
            asked.append((name, label))
    for who, bond in asked:
        ctx.engine.queue(
            {
                **ctx.data,
                "step": "resume",
                "point": "forge_a_bond.ask_other",
                "keys": [],
                "who": who,
                "bond_name": bond,
            }
        )


@on_resume("forge_a_bond.ask_other")
def forge_ask_other(ctx: Step, _keys: list[str]) -> None:
    who, bond = str(ctx.data["who"]), str(ctx.data["bond_name"])
    ctx.choose(
        "forge_a_bond.other",
        [("mark_bond", f"{who} marks the bond" + (f" with {bond}" if bond else "") + " too")],
        minimum=0,
        prompt=f"{who}: mark the bond too? (decline to leave it)",
        who=who,
    )


@on_resume("forge_a_bond.other")
def forge_other(ctx: Step, keys: list[str]) -> None:
    if not keys:
        return
    other = ctx.state.character(str(ctx.data["who"]))
    bond = str(ctx.data["bond_name"])
    if bond and bond not in other.bonds:
        ctx.emit({"type": "bond_added", "character": other.name, "bond": bond})
    ctx.engine.set_meter(other.name, "bond_ticks", min(40, other.bond_ticks + 1))


def _spirit_or_momentum(ctx: Step, key: str) -> None:
    if key == "spirit":
        ctx.meter("spirit", 1)
    else:
        ctx.momentum(2)


@on_resume("forge_a_bond.weak_hit")
def forge_weak(ctx: Step, keys: list[str]) -> None:
    """ "Envision what it is ..., do it (or Swear an Iron Vow), and mark the bond" (L1975-1977):
    sworn, the vow's rank and name are asked and Swear an Iron Vow is made on it."""
    if keys[0] in ("accept", "swear"):
        # ENGINE CHOICE (spec §6.10): the weak hit marks the bond without the strong hit's bonus.
        _add_bond(ctx)
        if keys[0] == "swear":
            _ask_vow(ctx, "to do what they ask", f"The request of {_asker(ctx)}")
        _ask_ally_bond(ctx)
    else:
        ctx.pay_the_price()


@before_roll("test_your_bond")
def test_bond_before(ctx: Step) -> None:
    if ctx.data.get("abandon"):
        # "...or if you have no interest in maintaining this relationship, clear the bond and
        # Pay the Price" (L1996-1997): no roll is made.
        ctx.data["skip_roll"] = True
        _clear_bond(ctx)
        ctx.pay_the_price()
        return
    _take_next_move_bonus(ctx)


@on_outcome("test_your_bond")
def test_your_bond(ctx: Step) -> None:
    _general_initiative(ctx)
    if ctx.outcome is S:
        _offer(ctx, "test_your_bond.strong_hit", ctx.options_of("strong_hit"))
    elif ctx.outcome is W:
        ctx.choose(
            "test_your_bond.weak_hit",
            [
                ("prove", "Prove your loyalty: do what they ask"),
                ("swear", "Prove your loyalty: Swear an Iron Vow to do what they ask"),
                ("refuse", "Decline: clear the bond and Pay the Price"),
            ],
        )
    else:
        _clear_bond(ctx)
        ctx.pay_the_price()


@on_resume("test_your_bond.strong_hit")
def test_bond_strong(ctx: Step, keys: list[str]) -> None:
    _spirit_or_momentum(ctx, keys[0])


@on_resume("test_your_bond.weak_hit")
def test_bond_weak(ctx: Step, keys: list[str]) -> None:
    """ "Envision what they ask of you ..., and do it (or Swear an Iron Vow)" (L1991-1993)."""
    if keys[0] == "swear":
        _ask_vow(ctx, "to prove your loyalty", f"Prove my loyalty to {_asker(ctx)}")
    if keys[0] == "refuse":
        _clear_bond(ctx)
        ctx.pay_the_price()


def _clear_bond(ctx: Step) -> None:
    """ENGINE CHOICE (spec §6.11): clearing a bond removes it and its tick on the track."""
    char = ctx.char
    bond = ctx.data.get("with")
    if bond is None and char.bonds:
        bond = char.bonds[-1] if len(char.bonds) == 1 else None
    if bond is None or bond not in char.bonds:
        ctx.note("clear the bond (name it to have it removed from the sheet)")
        return
    ctx.emit(
        {
            "type": "bond_removed",
            "character": char.name,
            "bond": bond,
            "index": char.bonds.index(bond),
        }
    )
    ctx.engine.set_meter(char.name, "bond_ticks", max(0, char.bond_ticks - 1))


@before_roll("aid_your_ally")
def aid_before(ctx: Step) -> None:
    ctx.data["ally"] = aided_ally(ctx, "you cannot aid yourself: {ally} names another character")
    _take_next_move_bonus(ctx)


@on_outcome("aid_your_ally")
def aid_your_ally(ctx: Step) -> None:
    ally = str(ctx.data["ally"])
    # "If you are in combat" (L2023): the aid is given in a fight when either of you holds
    # one. Initiative is each fighter's own, held in a fight only (End the Fight takes it
    # when the last fight ends): one of you without a fight neither takes nor loses any.
    mine, theirs = ctx.engine.in_fight(ctx.name), ctx.engine.in_fight(ally)
    in_fight = mine or theirs
    aided_by = list(ctx.state.character(ally).flags.get("aided_by") or [])
    if ctx.name not in aided_by:
        ctx.flag("aided_by", [*aided_by, ctx.name], who=ally)
    # Your Secure an Advantage asset benefits go to the ally "(instead of you)" (L2035-2037).
    on_hit, on_strong = ctx.data.get("ally_asset_momentum") or (0, 0)
    if ctx.outcome.is_hit and on_hit:
        ctx.momentum(int(on_hit), who=ally)
    if ctx.outcome is S and on_strong:
        ctx.momentum(int(on_strong), who=ally)
    if ctx.outcome is S:
        if in_fight:
            if mine:
                ctx.initiative(True)
            if theirs:
                ctx.initiative(True, who=ally)
            ctx.flag("aided_strong", True, who=ally)
        _offer(
            ctx,
            "aid_your_ally.strong_hit",
            ctx.options_of("strong_hit"),
            prompt=f"{ctx.name} aided you: choose one",  # (asked of the ally)
            who=ally,
        )
        return
    if in_fight:
        if mine:
            ctx.initiative(False)
        # "As long as someone scores a strong hit, the target character can take or retain
        # initiative" (L2019-2020): another ally's strong hit for this move still holds.
        if theirs and not ctx.state.character(ally).flags.get("aided_strong"):
            ctx.initiative(False, who=ally)
    if ctx.outcome is W:
        ctx.momentum(1, who=ally)
    else:
        ctx.pay_the_price()


@on_resume("aid_your_ally.strong_hit")
def aid_strong(ctx: Step, keys: list[str]) -> None:
    _take_control_or_momentum(ctx, keys[0], momentum=2, who=str(ctx.data["ally"]))


@before_roll("write_your_epilogue")
def epilogue_before(ctx: Step) -> None:
    # "Make this move only once, when your character retires ... when all your vows are
    # fulfilled or forsaken" (rulebook p. 77).
    open_vows = [t.id for t in ctx.state.open_tracks_of(ctx.name) if t.kind == "vow"]
    if open_vows:
        raise RuleViolation(
            "Write Your Epilogue comes when every vow is fulfilled or forsaken; still open: "
            + ", ".join(open_vows)
        )


@on_outcome("write_your_epilogue")
def write_your_epilogue(ctx: Step) -> None:
    ctx.emit({"type": "status", "character": ctx.name, "from": ctx.char.status, "to": "retired"})


def _asker(ctx: Step) -> str:
    """Who the bond is with (the ``with`` input), for the default name of the vow sworn to them."""
    return str(ctx.data.get("with") or "them").strip() or "them"


def _ask_vow(ctx: Step, why: str, default: str) -> None:
    """Ask the sworn vow's rank and name, then make (classic) Swear an Iron Vow on it, sworn
    to the person of the bond when named: "If you make this vow to a person or community with
    whom you share a bond, add +1" (L2509-2510), and whom it serves is kept for Forge a Bond."""
    from ironsworn.moves.starforged.quest import ask_new_vow

    to = str(ctx.data.get("with") or "").strip() or None
    ask_new_vow(ctx, why, default, swear="swear_an_iron_vow", sworn_to=to)
