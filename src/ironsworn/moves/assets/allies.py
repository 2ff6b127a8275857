"""Allies' shares of asset abilities in co-op play.

A campaign may have several characters; a character's *allies* are the others of their party
(those who share supply with them: :meth:`~ironsworn.campaign.state.CampaignState.party`),
and only they are "in your company" (ENGINE CHOICE: the party is who is together).

- An effect with ``ally_move`` acts on an ally's move and pays its owner: Long-Arm 3 ("if you
  accompany an ally who scores a strong hit" on Undertake a Journey: +1 momentum for you, when
  you are on that journey's track), Loyalist 2 (an ally who Endures Stress in your company
  adds +1, and you take +1 momentum on their hit). The result names the ally's ability.
- Make Camp: the maker chooses first; ``camp.allies`` says what an ally who chooses the same
  option as the maker takes too (Herbalist 3's meal: +1 health and no -supply for partaking;
  Storyweaver 2's story: +1 spirit or +1 momentum for relaxing), ``camp.more`` gives everyone
  who chooses one more option (Wildblood 3).
- Leech 1 and 2 (``per_harm``): each point of harm the blood rune's move inflicts is taken as
  +1 health or +1 momentum, asked point by point; with Leech 2 marked (``share``) an ally of
  the party or a companion may take points instead.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from ironsworn.moves.assets.effects import _matches_move, label, short
from ironsworn.moves.assets.gains import _apply_to, describe_gain
from ironsworn.moves.registry import on_resume
from ironsworn.ranks import Rank

if TYPE_CHECKING:
    from ironsworn.campaign.state import CharacterState
    from ironsworn.content.model import Move
    from ironsworn.moves.rulesets import MovePlan
    from ironsworn.moves.step import Step

JsonDict = dict[str, Any]
Resume = Callable[["Step", list[str]], None]


def allies_of(ctx: Step, name: str | None = None) -> list[CharacterState]:
    """The other active characters of ``name``'s party (the step's character by default)."""
    who = name or ctx.name
    return [c for c in ctx.state.party(who) if c.name != who and c.status == "active"]


def _marked_effects(
    ctx: Step, char: CharacterState, key: str, move: Move | None = None
) -> list[tuple[JsonDict, JsonDict]]:
    """(use, effect) for each marked ability effect of ``char`` carrying ``key`` (that acts
    on ``move``, when one is given)."""
    ruleset = ctx.engine.ruleset
    if not char.assets or not any_card_acts(ruleset, key, move):
        return []
    out: list[tuple[JsonDict, JsonDict]] = []
    for record in char.assets:
        asset = ruleset.assets.get(str(record["id"]))
        if asset is None:
            continue
        marked = record["abilities"]
        for index, ability, effect in _effects_of(ruleset, asset, key, move):
            if index >= len(marked) or not marked[index]:
                continue
            use = {
                "asset": record["id"],
                "ability": index,
                "ability_id": ability.id,
                "label": f"{label(record, asset, index)} ({char.name})",
                "owner": char.name,
            }
            out.append((use, dict(effect)))
    return out


def any_card_acts(ruleset: Any, key: str, move: Move | None) -> bool:
    """Whether any card of the content has an effect carrying ``key`` that acts on ``move``:
    when none has, no character's cards can act there, whoever holds which (a character's
    card is always one of the content's: :func:`_marked_effects` reads no other). Worked out
    once per key and move, so a move no card acts on costs no look at anyone's cards."""
    index: dict[tuple[str, str | None], bool] = ruleset.memo("cards_acting")
    found_key = (key, None if move is None else move.id)
    found = index.get(found_key)
    if found is None:
        found = index[found_key] = any(
            effect.get(key) and (move is None or _matches_move(effect, move))
            for asset in ruleset.assets.values()
            for ability in asset.abilities
            for effect in ability.effects
        )
    return found


def cards_acting(ruleset: Any, key: str, move: Move) -> frozenset[str]:
    """The ids of the content's cards with an effect carrying ``key`` that acts on ``move``
    (worked out once per key and move, as :func:`any_card_acts`)."""
    index: dict[tuple[str, str], frozenset[str]] = ruleset.memo("cards_acting_ids")
    found = index.get((key, move.id))
    if found is None:
        found = index[key, move.id] = frozenset(
            asset.id
            for asset in ruleset.assets.values()
            for ability in asset.abilities
            for effect in ability.effects
            if effect.get(key) and _matches_move(effect, move)
        )
    return found


def held_by_others(state: Any, name: str, cards: frozenset[str]) -> bool:
    """Whether a character other than ``name`` holds one of ``cards`` (ids): when none does,
    no ally's card can act on ``name``'s move (an ally is one of the campaign's characters, and
    only a card of the content acts: :func:`_marked_effects`)."""
    for char in state.characters.values():
        if char.name != name:
            for record in char.assets:
                if record["id"] in cards:
                    return True
    return False


def _effects_of(
    ruleset: Any, asset: Any, key: str, move: Move | None
) -> tuple[tuple[int, Any, Mapping[str, Any]], ...]:
    """A card's ability effects carrying ``key`` (and acting on ``move``), in the card's
    order, as (ability index, ability, effect): worked out once per card, key and move (the
    content never changes), so a move scans only the effects that may act on it."""
    index: dict[tuple[str, str, str | None], Any] = ruleset.memo("asset_effects")
    found_key = (asset.id, key, None if move is None else move.id)
    found = index.get(found_key)
    if found is None:
        found = index[found_key] = tuple(
            (i, ability, effect)
            for i, ability in enumerate(asset.abilities)
            for effect in ability.effects
            if effect.get(key) and (move is None or _matches_move(effect, move))
        )
    return found


# --- an ally's move ------------------------------------------------------------------------


def _ally_uses(ctx: Step, move: Move) -> list[tuple[JsonDict, JsonDict]]:
    """The abilities of the mover's allies that act on ``move`` (the step's), when some card
    of the content acts on an ally's move of this kind (``MovePlan.ally_cards``)."""
    track_id = ctx.data.get("track")
    out = []
    for ally in allies_of(ctx):
        for use, effect in _marked_effects(ctx, ally, "ally_move", move):
            journey = short(move.id) == "undertake_a_journey"
            if journey and track_id and ally.name not in ctx.state.tracks[track_id].characters:
                continue  # "if you accompany an ally": on the same journey
            out.append((use, effect))
    return out


def ally_adds(ctx: Step, plan: MovePlan) -> None:
    """Before the roll of the step's move (``plan``): what allies' abilities add to it
    (Loyalist 2: +1)."""
    data = ctx.data
    move = plan.move
    if move.roll_type != "action_roll" or data.get("ally_adds_done"):
        return
    data["ally_adds_done"] = True
    if not plan.ally_cards:
        return  # (most moves: no card acts on an ally's move of this kind)
    for use, effect in _ally_uses(ctx, move):
        add = int(effect.get("add") or 0)
        if add:
            ctx.add_to_roll(add, f"{use['label']} (at hand)")
            ctx.note(f"{use['label']}: +{add} (at hand)")


def ally_gains(ctx: Step, move: Move) -> None:
    """After the outcome of an action roll of ``move`` (the step's), which some card acts
    on as an ally's move (``MovePlan.ally_cards``): what it gives the owners of allies'
    abilities."""
    uses = _ally_uses(ctx, move)
    outcome = ctx.outcome
    for use, effect in uses:
        gains: list[JsonDict] = [
            effect[key]
            for key, due in (
                ("hit", outcome.is_hit),
                ("strong", outcome.value == "strong_hit"),
                ("weak", outcome.value == "weak_hit"),
                ("miss", outcome.value == "miss"),
            )
            if due and effect.get(key)
        ]
        for gain in gains:
            _apply_to(ctx, use["owner"], gain)
            ctx.note(f"{use['label']}: {describe_gain(gain)} for {use['owner']}")
        if gains or effect.get("add"):
            _name(ctx, use["label"])


def _name(ctx: Step, text: str) -> None:
    """Name an ability in the move's record (this operation's)."""
    for record in reversed(ctx.engine.records):
        if record.move == ctx.data["move"] and record.character == ctx.name:
            if text not in record.assets:
                record.assets.append(text)
            return


# --- Make Camp with allies ---------------------------------------------------------------


def _camp_uses(ctx: Step) -> list[JsonDict]:
    uses = ctx.data.get("asset_uses") or ()
    return [u for u in uses if u["effect"].get("handler") == "camp_extra"]


def camp_outcome(original: Callable[[Step], None]) -> Callable[[Step], None]:
    def wrapped(ctx: Step) -> None:
        more = sum(int((u["effect"].get("camp") or {}).get("more") or 0) for u in _camp_uses(ctx))
        if more:
            # "you and your allies each choose 1 more option on a hit" (Wildblood 3)
            ctx.data["camp_more"] = more
        original(ctx)

    return wrapped


def _party_ask(original: Resume) -> Resume:
    def wrapped(ctx: Step, keys: list[str]) -> None:
        more = int(ctx.data.get("camp_more") or 0)
        if more and ctx.data.get("benefits") == "make_camp.benefits":
            ctx.data["count"] = int(ctx.data["count"]) + more
        original(ctx, keys)

    return wrapped


def _camp_benefits(original: Resume) -> Resume:
    def wrapped(ctx: Step, keys: list[str]) -> None:
        who = str(ctx.data.get("who"))
        if who == ctx.name:
            original(ctx, keys)
            _share_with_allies(ctx, keys)
            return
        kept = list(keys)
        for share in ctx.data.get("camp_allies") or ():
            if share["key"] not in keys:
                continue
            gain = dict(share["gain"])
            if gain.pop("free", False) and share["key"] == "partake":
                # Herbalist 3: "do not suffer -supply": the partaking is theirs, without cost.
                kept.remove("partake")
                _apply_to(ctx, who, {"health": 1})
                for asset in ctx.state.character(who).assets:
                    if asset.get("meter"):
                        ctx.engine.companion_meter(who, asset["id"], 1)
                ctx.note(f"{share['label']}: {who} partakes of the meal without -supply")
            if "choose" in gain:
                _ask_gain(ctx, who, share["label"], list(gain.pop("choose")))
            if gain:
                _apply_to(ctx, who, gain)
                ctx.note(f"{share['label']}: {describe_gain(gain)} for {who}")
        original(ctx, kept)

    return wrapped


def _share_with_allies(ctx: Step, keys: list[str]) -> None:
    """The maker's choice made: tell the allies' choices still to come what they may share."""
    shares = []
    for use in _camp_uses(ctx):
        allies = (use["effect"].get("camp") or {}).get("allies") or {}
        for key, gain in allies.items():
            if key in keys:
                shares.append({"key": key, "gain": gain, "label": use["label"]})
    if not shares:
        return
    for step in ctx.engine.agenda:
        camp = step.get("point") == "party.ask" and step.get("benefits") == "make_camp.benefits"
        if camp and step.get("who") != ctx.name and step.get("character") == ctx.name:
            step["camp_allies"] = shares


def _ask_gain(ctx: Step, who: str, text: str, gains: list[Mapping[str, Any]]) -> None:
    """Ask ``who`` to choose one of ``gains`` (taken by them)."""
    options = {"_".join(g): dict(g) for g in gains}
    ctx.choose_later(
        "asset.ally_gain",
        {
            "prompt": f"{text}: {who}, choose one",
            "options": [{"key": k, "text": describe_gain(g)} for k, g in options.items()],
            "count": 1,
            "min": 1,
        },
        {"who": who, "gains": options, "label": text},
        who=who,
    )


@on_resume("asset.ally_gain")
def ally_gain(ctx: Step, keys: list[str]) -> None:
    context = ctx.data["context"]
    _apply_to(ctx, str(context["who"]), context["gains"][keys[0]])


# The moves' own resume handlers the allies' shares wrap (composed once by the rulesets).
RESUME_WRAPS: dict[str, Callable[[Resume], Resume]] = {
    "party.ask": _party_ask,
    "make_camp.benefits": _camp_benefits,
}


# --- Leech: harm points as health or momentum ------------------------------------------------


def per_harm(ctx: Step, use: Mapping[str, Any]) -> None:
    """Queue the allocation of the harm this move inflicts (asked once its own decisions, such
    as Clash's strong hit, are answered): the fight track's ticks now, less what this
    operation has marked on it, are the ticks before the move's harm."""
    fights = ctx.engine.fights_of(ctx.name)
    track_id = ctx.data.get("track") or (fights[0].id if len(fights) == 1 else None)
    if not track_id:
        ctx.note(f"{use['label']}: no fight track to count the harm on")
        return
    track = ctx.state.tracks[str(track_id)]
    marked = sum(
        int(e["to"]) - int(e["from"])
        for e in ctx.engine.events
        if e.get("type") == "progress" and e.get("track") == track.id
    )
    ctx.engine.queue(
        {
            **{k: v for k, v in ctx.data.items() if k not in ("point", "keys", "context")},
            "step": "resume",
            "point": "asset.leech",
            "keys": [],
            "context": {"track": track.id, "before": track.ticks - marked, "label": use["label"]},
        }
    )


@on_resume("asset.leech")
def leech_count(ctx: Step, _keys: list[str]) -> None:
    context = dict(ctx.data["context"])
    track = ctx.state.tracks[str(context["track"])]
    per = Rank.parse(track.rank).ticks_per_mark
    points = (track.ticks - int(context["before"])) // per
    if points <= 0:
        ctx.note(f"{context['label']}: no harm inflicted, nothing to take")
        return
    context["left"] = points
    context["total"] = points
    _ask_point(ctx, context)


def _recipients(ctx: Step) -> list[tuple[str, str]]:
    """Who may take a point: you, and with Leech 2 an ally of the party or a companion."""
    options = [("health", "+1 health"), ("momentum", "+1 momentum")]
    if not any(
        u["ability"] == 1 and short(str(u["asset"])) == "leech"
        for u, _ in _marked_effects(ctx, ctx.char, "share")
    ):
        return options
    for ally in allies_of(ctx):
        key = ally.name.lower().replace(" ", "_")
        options += [(f"{key}:health", f"{ally.name}: +1 health")]
        options += [(f"{key}:momentum", f"{ally.name}: +1 momentum")]
    for record in ctx.char.assets:
        if record.get("meter"):
            key = short(str(record["id"]))
            options.append((f"{key}:health", f"{record.get('input') or record['name']}: +1 health"))
    return options


def _ask_point(ctx: Step, context: JsonDict) -> None:
    number = int(context["total"]) - int(context["left"]) + 1
    ctx.choose(
        "asset.leech.point",
        _recipients(ctx),
        prompt=f"{context['label']}: harm point {number} of {context['total']}: who takes +1?",
        **context,
    )


@on_resume("asset.leech.point")
def leech_point(ctx: Step, keys: list[str]) -> None:
    key = keys[0]
    if ":" not in key:
        ctx.meter(key, 1)
    else:
        who, meter = key.split(":", 1)
        companion = next(
            (a for a in ctx.char.assets if a.get("meter") and short(str(a["id"])) == who), None
        )
        if companion is not None:
            ctx.engine.companion_meter(ctx.name, str(companion["id"]), 1)
        else:
            ally = next(c for c in allies_of(ctx) if c.name.lower().replace(" ", "_") == who)
            ctx.meter(meter, 1, who=ally.name)
    context = dict(ctx.data["context"])
    context["left"] = int(context["left"]) - 1
    if context["left"] > 0:
        _ask_point(ctx, context)
