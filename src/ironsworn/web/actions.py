"""Every action a page can take, from JSON options to the engine calls the command line makes.

An action is a row of :data:`ACTIONS`: its options (name, kind, whether required) and a
function that runs on the campaign's worker thread with the shared store. The option names are
the command line's (``stat``, ``add``, ``track``, ``choose``, ``dice``...), the engine calls are
the command line's own (:func:`ironsworn.cli.move_cmd.move_call` builds a move's call from the
same options; :func:`ironsworn.cli.session.commit` runs it in one write transaction), and
the answer is what ``--json`` prints for that command. So the command line, play mode and
the web table cannot disagree about what an option means.

Bad input raises an :class:`~ironsworn.errors.IronswornError` before anything is written (the
write transaction rolls back on any error); the app turns it into a 4xx with one line.

Seats: a page plays one character (or the guide seat, which acts for any). An action on behalf
of a character, or an answer to a decision pending for one, from another character's seat is
refused with :class:`~ironsworn.web.access.Forbidden`.
"""

from __future__ import annotations

import argparse
import copy
import functools
from collections.abc import Callable
from typing import Any

from ironsworn.errors import InvalidValue, RuleViolation
from ironsworn.web.access import Forbidden
from ironsworn.web.action_base import (
    DICE,
    MARK,
    Action,
    JsonDict,
    Option,
    character_option,
    check_options,
    commit,
    committed,
    sheet_ops,
)
from ironsworn.web.action_base import Context as Context  # app.py imports it from here
from ironsworn.web.starforged_actions import STARFORGED_ACTIONS

# ------------------------------------------------------------------------------- moves


# JSON option -> the move parser's dest, where they differ.
MOVE_DESTS = {"with": "bond_with", "as": "as_role", "raise": "raise_stat"}


def move_defaults() -> argparse.Namespace:
    """The ``move`` command's options at their defaults, read from its own parser (so an
    option added to the command line is known here at once): a fresh copy each time."""
    return copy.deepcopy(_move_defaults())


@functools.cache
def _move_defaults() -> argparse.Namespace:
    # Building the command line's parser took a fifth of a move's time on a busy table.
    from ironsworn.cli.main import build_parser

    args: argparse.Namespace = build_parser("move").parse_args(["move", "face danger"])
    return args


def make_move(ctx: Context, o: JsonDict) -> JsonDict:
    from ironsworn.cli.move_cmd import move_call

    args = move_defaults()
    for name, value in o.items():
        if name in ("move", "dice", "seed"):
            continue
        # The command line's values are text; its own parsing (ranges, words) then applies.
        if isinstance(value, int) and not isinstance(value, bool):
            value = str(value)
        elif isinstance(value, list):
            value = [str(v) for v in value]
        setattr(args, MOVE_DESTS.get(name, name), value)
    args.words = [o["move"]]
    args.character = ctx.acting_for(o.get("character"))
    result = commit(ctx, o, move_call(args))
    data: JsonDict = result.to_json()
    return data


def _answer(kind: str) -> Callable[[Context, JsonDict], JsonDict]:
    def run(ctx: Context, o: JsonDict) -> JsonDict:
        def body(engine: Any) -> Any:
            waiting = engine.waiting_on()
            if not waiting:
                raise RuleViolation(f"{kind}: no decision is pending")
            # Whose decision: the page's character's, or the one named, or the one waiting now.
            whose = ctx.acting_for(o.get("character")) or waiting[0]
            if whose not in waiting and ctx.seat is not None:
                raise Forbidden(
                    f"this page plays {ctx.seat}: it cannot answer {', '.join(waiting)}'s "
                    f"decision (accepted: {ctx.seat}'s own, or the guide seat)"
                )
            if whose not in waiting:
                raise RuleViolation(
                    f"{kind}: {whose} has no decision pending (accepted: a decision of "
                    f"{', '.join(waiting)})"
                )
            if kind == "burn":
                return engine.burn(character=whose)
            if kind == "decline":
                return engine.decline(character=whose)
            return engine.choose(o["keys"], text=o.get("text"), character=whose)

        data: JsonDict = commit(ctx, o, body).to_json()
        return data

    return run


WHOSE = Option("text", "whose decision (default: the page's character, or the one waiting now)")

MOVE_OPTIONS = {
    "move": Option("text", "the move's id or name", required=True),
    "character": Option("text", "who makes the move (default: the page's character)"),
    "stat": Option("text", "the stat or meter to roll"),
    "add": Option("ints", "adds, 0-10 each"),
    "bond": Option("bool", "you share a bond: the move's +1"),
    "reroll": Option("bool", "a move or asset lets you reroll dice"),
    "amount": Option("int", "harm, stress or other amount"),
    "track": Option("text", "the vow, journey or fight: its id or text"),
    "choose": Option("texts", "the move's choices answered in advance"),
    "burn": Option("bool", "true: burn when it helps; false: never"),
    "ally": Option("text", "the ally you aid or heal"),
    "supported_by": Option("text", "a progress move: the ally who stands with you (Loyalist 3)"),
    "companion": Option("text", "the companion asset"),
    "vehicle": Option("text", "Withstand Damage: the vehicle (default: the command vehicle)"),
    "patient": Option("text", "Heal: a person with no health track"),
    "abandon": Option("bool", "Test Your Bond: no interest in the bond"),
    "with": Option("text", "the person or community of the bond"),
    "asset": Option(
        "texts", "assets whose ability fits the fiction (NAME, NAME:N), or the one to buy (Advance)"
    ),
    "ability": Option("int", "Advance: the ability to upgrade, 1-3"),
    "odds": Option("text", "Ask the Oracle: the odds"),
    "rank": Option("text", "Make a Connection: the new connection's rank"),
    "role": Option("text", "Make a Connection: the new connection's role"),
    "against": Option("text", "move 'oppose': the ally you act against"),
    "against_stat": Option("text", "move 'oppose': the stat the ally rolls"),
    "against_add": Option("int", "move 'oppose': the ally's add"),
    "against_burn": Option("bool", "move 'oppose': the ally burns momentum"),
    "as": Option("text", "a role that contributes (roles instead of assets)"),
    "role_bonus": Option("text", "the role's bonus, chosen before rolling: +2 or momentum"),
    "raise": Option("text", "Advance without assets: +1 to this stat"),
    "new_role": Option("text", "Advance with roles: name another role"),
    "successor": Option("text", "Continue a Legacy: the new character's name"),
    "stats": Option("text", "Continue a Legacy: the new character's stats"),
    **DICE,
}


# ------------------------------------------------------------------------ sheet and tracks


def new_character(ctx: Context, o: JsonDict) -> JsonDict:
    # Any seat may create a character: a new player's page creates the one it will play.
    commit(
        ctx,
        {},
        lambda e: sheet_ops(e).new_character(
            o["name"], o["stats"], o.get("bonds", []), o.get("assets", [])
        ),
    )
    from ironsworn.moves.assets.cards import sheet_with_cards

    # The same shape as 'character new --json': each asset with its abilities' words.
    return sheet_with_cards(ctx.store.state().sheet(o["name"].strip()))


def adjust(ctx: Context, o: JsonDict) -> JsonDict:
    from ironsworn.cli.common import parse_int

    delta = parse_int(str(o["delta"]), "delta", -50, 50)
    who = ctx.acting_for(o.get("character"))
    return committed(ctx, lambda e: sheet_ops(e).adjust(who, o["meter"], delta, o.get("vehicle")))


def debility(ctx: Context, o: JsonDict) -> JsonDict:
    who = ctx.acting_for(o.get("character"))
    mark = o.get("mark", True)
    return committed(ctx, lambda e: sheet_ops(e).debility(who, o["name"], mark))


def progress(ctx: Context, o: JsonDict) -> JsonDict:
    from ironsworn.cli.track_cmd import progress_amount

    ticks, times = progress_amount(
        argparse.Namespace(
            ticks=None if o.get("ticks") is None else str(o["ticks"]),
            times=None if o.get("times") is None else str(o["times"]),
        )
    )
    mark = o.get("mark", True)
    return committed(ctx, lambda e: sheet_ops(e).progress(o["track"], mark, ticks, times))


def new_track(ctx: Context, o: JsonDict) -> JsonDict:
    from ironsworn.cli.common import parse_int
    from ironsworn.moves.sheet import RULESET_TRACKS

    kind = o["kind"]
    ruleset = ctx.store.state().ruleset
    kinds = RULESET_TRACKS[ruleset]
    if kind not in kinds:
        raise InvalidValue(
            f"track: kind {kind!r} is not a track of a {ruleset} campaign (accepted: "
            f"{', '.join(kinds)})"
        )
    characters = o.get("characters") or ([ctx.seat] if ctx.seat else [])
    for name in characters:
        ctx.acting_for(name)
    text = o.get("text", "")
    if kind == "fight":
        if not o.get("foe") and not text:
            raise InvalidValue("track: a fight needs a foe (an id or name, or your own text)")
        count = parse_int(str(o.get("count", 1)), "count", 1, 10)
        result = commit(
            ctx,
            {},
            lambda e: sheet_ops(e).new_track(
                "fight",
                text,
                o.get("rank") or "",
                characters,
                foe=o.get("foe") or text,
                count=count,
            ),
        )
    else:
        if not text.strip():
            raise InvalidValue(f"track: a {kind} needs its text")
        result = commit(
            ctx,
            {},
            lambda e: sheet_ops(e).new_track(
                kind,
                text,
                o.get("rank") or "",
                characters,
                role=o.get("role"),
                background=bool(o.get("background")),
            ),
        )
    created = next(e for e in result.events if e["type"] == "track_created")
    track: JsonDict = dict(created["track"])
    track["score"] = 0
    return track


def initiative(ctx: Context, o: JsonDict) -> JsonDict:
    """Have or lose the initiative by hand; Starforged: in control or in a bad spot (as
    ``initiative VALUE``)."""
    from ironsworn.moves.sheet import parse_initiative

    who = ctx.acting_for(o.get("character"))
    value = parse_initiative(o["value"])
    return committed(ctx, lambda e: sheet_ops(e).initiative(who, value))


def resolve_scene(ctx: Context, o: JsonDict) -> JsonDict:
    from ironsworn.moves.scene import resolve_scene as resolve

    who = ctx.acting_for(o.get("character"))
    return committed(ctx, lambda e: resolve(e, o["track"], who), o)


# --------------------------------------------------------------------- journal and world


def journal(ctx: Context, o: JsonDict) -> JsonDict:
    from ironsworn.campaign.journal import resolve_character

    state = ctx.store.state()
    character = ctx.acting_for(o.get("character"))
    if character is not None:
        character = resolve_character(state, character)
    elif len(state.characters) == 1:
        character = next(iter(state.characters))
    operation = ctx.store.journal_add(o["text"], character=character)
    return {"added": operation.to_dict(), "campaign": ctx.campaign}


def world_entry(kind: str) -> Callable[[Context, JsonDict], list[JsonDict]]:
    def run(ctx: Context, o: JsonDict) -> list[JsonDict]:
        def body(engine: Any) -> Any:
            ops = sheet_ops(engine)
            if kind == "person":
                return ops.add_person(o["name"], o.get("description", ""), o.get("place"))
            if kind == "place":
                return ops.add_place(o["name"], o.get("description", ""), o.get("region"))
            return ops.add_note(o["text"], ctx.acting_for(o.get("character")))

        result = commit(ctx, {}, body)
        return [e for e in result.events if e["type"] != "packs"]

    return run


def truth(ctx: Context, o: JsonDict) -> Any:
    option: str | None = o["option"]
    roll: int | None = None
    if option == "roll":
        from ironsworn.content.oracle_roller import roll_truth
        from ironsworn.dice import RandomDice

        rolled = roll_truth(ctx.library(), o["truth"], RandomDice(o.get("seed")))
        option, roll = rolled.option.key, rolled.roll
    elif option == "open":
        option = None
    result = commit(ctx, {}, lambda e: sheet_ops(e).set_truth(o["truth"], option, roll))
    return result.events[0]["to"]


def equipment(ctx: Context, o: JsonDict) -> list[str]:
    who = ctx.acting_for(o.get("character"))
    add = o.get("add", True)
    commit(ctx, {}, lambda e: sheet_ops(e).equipment(who, o["item"], add))
    items: list[str] = ctx.store.state().sheet(who)["equipment"]
    return items


def asset_mark(ctx: Context, o: JsonDict) -> JsonDict:
    """Mark or clear an asset's ability by hand (as ``asset mark|clear``)."""
    from ironsworn.cli.common import parse_int

    who = ctx.acting_for(o.get("character"))
    number = parse_int(str(o["ability"]), "ability", 1, 3)
    mark = o.get("mark", True)
    return committed(ctx, lambda e: sheet_ops(e).asset_mark(who, o["asset"], number, mark))


def asset_use(ctx: Context, o: JsonDict) -> JsonDict:
    """Use an asset's ability outside a move (as ``asset use``)."""
    from ironsworn.cli.common import parse_int
    from ironsworn.moves.assets.uses import use_ability

    who = ctx.acting_for(o.get("character"))
    number = parse_int(str(o["ability"]), "ability", 1, 3)
    return committed(ctx, lambda e: use_ability(e, who, o["asset"], number))


def asset_track(ctx: Context, o: JsonDict) -> JsonDict:
    """Set an asset's track (a companion's health) by hand (as ``asset track``)."""
    from ironsworn.cli.common import parse_int

    who = ctx.acting_for(o.get("character"))
    value = parse_int(str(o["value"]), "value", 0, 10)
    return committed(
        ctx, lambda e: sheet_ops(e).asset_track(who, o["asset"], o.get("track"), value)
    )


def lasting_end(ctx: Context, o: JsonDict) -> JsonDict:
    """End a lasting effect of an asset ability by hand (as ``lasting end``)."""
    from ironsworn.moves.assets.lasting import LastingOperations

    who = ctx.acting_for(o.get("character"))
    return committed(ctx, lambda e: LastingOperations(e).end(who, str(o["name"])))


def campaign_option(ctx: Context, o: JsonDict) -> JsonDict:
    """Set one of the rulebook's campaign options (as ``ironsworn option NAME VALUE``)."""
    from ironsworn.moves.setup import SetupOperations

    result = commit(ctx, {}, lambda e: SetupOperations(e).set_option(o["name"], o["value"]))
    event = result.events[0]
    return {"name": event["setting"], "value": event["to"]}


def party(ctx: Context, o: JsonDict) -> JsonDict:
    together = o["together"]
    commit(ctx, {}, lambda e: sheet_ops(e).share_supply(together))
    return {"shared_supply": together}


# ------------------------------------------------------------------ oracle rolls, kept or not


def _seed(o: JsonDict) -> str:
    import secrets

    seed: str = o.get("seed") or secrets.token_hex(6)
    return seed


def _keep(ctx: Context, kind: str, event: JsonDict, summary: str, character: str | None) -> None:
    state = ctx.store.state()
    if character is None and len(state.characters) == 1:
        character = next(iter(state.characters))
    with ctx.store.write() as tx:
        tx.append(kind, [{**event, "character": character}], character=character, summary=summary)


def oracle(ctx: Context, o: JsonDict) -> JsonDict:
    """Roll an oracle table (nested rolls followed); ``keep`` records it in the journal. The
    seed is returned, so the page can keep the very result it showed (same seed, ``keep``)."""
    from ironsworn.content.oracle_roller import roll_oracle
    from ironsworn.dice import RandomDice

    library = ctx.library()
    seed = _seed(o)
    result = roll_oracle(library, library.oracle(o["oracle"]), RandomDice(seed), o.get("value"))
    data: JsonDict = result.to_json()
    if o.get("keep"):
        event = result.event()
        who = ctx.acting_for(None)
        _keep(ctx, "oracle", event, f"{result.name}: {result.text}"[:60], who)
    return {**data, "name": result.name, "seed": seed}


def ask(ctx: Context, o: JsonDict) -> JsonDict:
    """Ask the Oracle a yes/no question by its odds; ``keep`` records it."""
    from ironsworn.dice import RandomDice
    from ironsworn.oracle import Odds, ask_in_campaign

    odds = Odds.parse(o["odds"])
    seed = _seed(o)
    value = None
    if o.get("value") is not None:
        from ironsworn.cli.common import parse_int

        value = parse_int(str(o["value"]), "value", 0, 100)
    # The campaign's table (classic or Starforged) and its even-matches option.
    dice = None if value is not None else RandomDice(seed)
    answer = ask_in_campaign(ctx.store.state(), odds, dice, value)
    if o.get("keep"):
        question = o.get("question") or None
        event = answer.event(None, question)
        _keep(ctx, "ask", event, answer.summary(question)[:60], ctx.acting_for(None))
    return {**answer.to_json(), "seed": seed}


# ---------------------------------------------------------------------------- undo, redo


def undo_redo(undo: bool) -> Callable[[Context, JsonDict], JsonDict]:
    def run(ctx: Context, o: JsonDict) -> JsonDict:
        verb = "undo" if undo else "redo"
        operation = ctx.store.undo() if undo else ctx.store.redo()
        if operation is None:
            raise RuleViolation(f"nothing to {verb} in campaign {ctx.campaign!r}")
        return {"undone" if undo else "redone": operation.to_dict(), "campaign": ctx.campaign}

    return run


# The asset and ability options of the asset_* actions.
ASSET_ABILITY = {
    "asset": Option("text", "the asset's id or name", required=True),
    "ability": Option("int", "the ability, 1-3", required=True),
}

ACTIONS: dict[str, Action] = {
    a.name: a
    for a in (
        Action("move", "make a move (as 'ironsworn move')", make_move, MOVE_OPTIONS),
        Action(
            "choose",
            "answer the pending decision",
            _answer("choose"),
            {
                "keys": Option("texts", "the chosen option keys", required=True),
                "text": Option("text", "the words the decision asks for (a new vow's name...)"),
                "character": WHOSE,
                **DICE,
            },
        ),
        Action(
            "burn",
            "burn momentum on the pending roll",
            _answer("burn"),
            {"character": WHOSE, **DICE},
        ),
        Action(
            "decline",
            "decline the pending decision",
            _answer("decline"),
            {"character": WHOSE, **DICE},
        ),
        Action(
            "character",
            "create a character",
            new_character,
            {
                "name": Option("text", "the character's name", required=True),
                "stats": Option("text", "edge=3,heart=2,iron=2,shadow=1,wits=1", required=True),
                "bonds": Option("texts", "up to 3 bonds"),
                "assets": Option("texts", "asset ids or names (NAME:N picks the ability)"),
            },
        ),
        Action(
            "adjust",
            "change a meter or a stat by hand (health, spirit, supply, momentum, experience, "
            "edge, heart, iron, shadow, wits; Starforged: the vehicle's integrity)",
            adjust,
            {
                "meter": Option(
                    "text", "health, spirit, supply, momentum, experience, or a stat", True
                ),
                "delta": Option("int", "-50 to +50", required=True),
                "character": character_option(),
                "vehicle": Option("text", "integrity: a support or incidental vehicle's name"),
            },
        ),
        Action(
            "debility",
            "mark or clear a debility (Starforged: an impact; a vehicle trouble goes on the "
            "command vehicle)",
            debility,
            {
                "name": Option("text", "the debility", required=True),
                "mark": MARK,
                "character": character_option(),
            },
        ),
        Action(
            "initiative",
            "have or lose the initiative by hand (Starforged: in control or in a bad spot)",
            initiative,
            {
                "value": Option(
                    "text", "have or lose; Starforged: in control or bad spot", required=True
                ),
                "character": character_option(),
            },
        ),
        Action(
            "progress",
            "mark or clear progress on a track",
            progress,
            {
                "track": Option("text", "the track's id or text", required=True),
                "mark": MARK,
                "ticks": Option("int", "exact ticks, 0-40"),
                "times": Option("int", "how many marks by rank, 1-10"),
            },
        ),
        Action(
            "track",
            "start a vow, journey, fight or scene challenge (Starforged: a vow, expedition, "
            "fight, connection or scene challenge)",
            new_track,
            {
                "kind": Option(
                    "text",
                    "vow, journey, fight or scene; Starforged: vow, expedition, fight, "
                    "connection or scene",
                    required=True,
                ),
                "text": Option("text", "what the track is for"),
                "rank": Option("text", "troublesome, dangerous, formidable, extreme or epic"),
                "foe": Option("text", "fight: a foe's id or name"),
                "count": Option("int", "fight: foes in the pack, 1-10"),
                "characters": Option("texts", "who shares the track"),
                "role": Option("text", "connection: their role (a pilot, an engineer...)"),
                "background": Option("bool", "vow: the background vow (extreme or epic, no roll)"),
            },
        ),
        *STARFORGED_ACTIONS,
        Action(
            "scene_resolve",
            "resolve a scene challenge (progress roll)",
            resolve_scene,
            {
                "track": Option("text", "the scene's id or text", required=True),
                "character": character_option("who makes the progress roll"),
                **DICE,
            },
        ),
        Action(
            "journal",
            "write a journal entry (Markdown)",
            journal,
            {
                "text": Option("text", "the entry", required=True),
                "character": character_option(),
            },
        ),
        Action(
            "person",
            "note a person met",
            world_entry("person"),
            {
                "name": Option("text", "their name", required=True),
                "description": Option("text", "who they are"),
                "place": Option("text", "where they live"),
            },
        ),
        Action(
            "place",
            "note a place",
            world_entry("place"),
            {
                "name": Option("text", "its name", required=True),
                "description": Option("text", "what it is"),
                "region": Option("text", "one of the rulebook's regions"),
            },
        ),
        Action(
            "note",
            "a free note",
            world_entry("note"),
            {"text": Option("text", "the note", required=True), "character": character_option()},
        ),
        Action(
            "truth",
            "set a world truth",
            truth,
            {
                "truth": Option("text", "the truth category", required=True),
                "option": Option("text", "an option's key, 'roll' or 'open'", required=True),
                "seed": Option("text", "seed for 'roll'"),
            },
        ),
        Action(
            "equipment",
            "note or strike out equipment",
            equipment,
            {
                "item": Option("text", "the item", required=True),
                "add": Option("bool", "true to add (default), false to strike out"),
                "character": character_option(),
            },
        ),
        Action(
            "asset_mark",
            "mark or clear an asset's ability by hand",
            asset_mark,
            {
                **ASSET_ABILITY,
                "mark": MARK,
                "character": character_option(),
            },
        ),
        Action(
            "asset_use",
            "use an asset's ability outside a move (Fortune Hunter 2, Commander 1...)",
            asset_use,
            {
                **ASSET_ABILITY,
                "character": character_option(),
            },
        ),
        Action(
            "asset_track",
            "set an asset's track (a companion's health) by hand",
            asset_track,
            {
                "asset": ASSET_ABILITY["asset"],
                "value": Option("int", "the new value", required=True),
                "track": Option("text", "which track, when the asset has several"),
                "character": character_option(),
            },
        ),
        Action(
            "lasting_end",
            "end a lasting effect of an asset ability by hand",
            lasting_end,
            {
                "name": Option("text", "the effect's id (or name)", required=True),
                "character": character_option(),
            },
        ),
        Action(
            "option",
            "set one of the rulebook's campaign options (chapter 7)",
            campaign_option,
            {
                "name": Option("text", "even_matches, setup_rules, one_shot, assets...", True),
                "value": Option("text", "on/off, or the option's value", required=True),
            },
        ),
        Action(
            "party",
            "travel together (one supply) or apart",
            party,
            {"together": Option("bool", "true: one shared supply", required=True)},
        ),
        Action(
            "oracle",
            "roll an oracle table (keep: record it)",
            oracle,
            {
                "oracle": Option("text", "the table's id or name", required=True),
                "value": Option("int", "your own roll"),
                "seed": Option("text", "seed (the answer gives the one used)"),
                "keep": Option("bool", "record the result in the journal"),
            },
        ),
        Action(
            "ask",
            "Ask the Oracle a yes/no question (keep: record it)",
            ask,
            {
                "odds": Option(
                    "text", "almost_certain, likely, 50/50, unlikely, small_chance", True
                ),
                "question": Option("text", "the question"),
                "value": Option("int", "your own d100 roll"),
                "seed": Option("text", "seed (the answer gives the one used)"),
                "keep": Option("bool", "record the answer in the journal"),
            },
        ),
        Action("undo", "undo the last operation", undo_redo(True)),
        Action("redo", "redo the last undone operation", undo_redo(False)),
    )
}

# Actions that change nothing unless asked to keep their result.
READ_ONLY_UNLESS_KEPT = frozenset({"oracle", "ask"})


def run_action(ctx: Context, name: str, body: Any) -> Any:
    """Check the options of action ``name`` and run it (on the campaign's worker thread)."""
    action = ACTIONS.get(name)
    if action is None:
        raise InvalidValue(f"action {name!r} is unknown (accepted: {', '.join(ACTIONS)})")
    return action.run(ctx, check_options(action, body))
