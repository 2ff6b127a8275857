"""The tools: one per operation of the table API, made from its declared inputs.

A tool's name is the operation's (``move``, ``choose``, ``burn``, ``decline``, ``undo``...),
its description the operation's summary, and its input schema the operation's
(:meth:`~ironsworn.table.Operation.schema`) with what the campaign's state knows added: the
accepted values as an ``enum`` where an input declares its choices complete (the characters,
the active tracks, the options of the decision pending, the odds), and as ``examples`` where
other values are taken too (a move's name or id; an asset given by a card's ability).

Calling a tool calls the operation at the guide's seat (the model may act for any character),
and answers:

- the operation's result, the command line's JSON: a move's roll, outcome,
  effects and the decision ``pending`` (options with keys and texts), which the model answers
  with ``choose`` (keys), ``burn`` or ``decline``;
- ``{"question": ...}`` when an input it needs is missing: the input, a prompt and the
  choices; calling again with that input added answers it;
- for ``undo`` and ``redo``, the operation undone or redone and ``pending``, the decisions
  waiting now with their tokens (an answer undone gives its decision back);
- a character sheet (``sheet``, ``character``, each of ``state``'s characters) with each
  asset in one shape, its abilities listed once (see
  :func:`ironsworn.mcp.resources.asset_in_words`);
- an error result (``isError``) for bad input: the one line naming the input and what is
  accepted, and its data (``input``, ``value``, ``accepted``...). Nothing is changed.

**Fair dice.** The server rolls. The inputs that would choose a roll's result (``dice``,
``value``: typed dice; ``seed``: a chosen random sequence) are not offered, and are refused if
sent, unless the campaign's ``own_dice`` option is on (then ``dice`` and ``value`` are offered;
a seed never is). An oracle roll or Ask the Oracle made through a tool is always kept in the
log (``keep``), so every roll a model sees is recorded like any other.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ironsworn.errors import InvalidValue, IronswornError
from ironsworn.mcp.errors import error_data
from ironsworn.mcp.served import ServedCampaign, own_dice_allowed

JsonDict = dict[str, Any]

NEVER = frozenset({"seed", "keep"})  # the server seeds; every roll is kept
EXAMPLES = 60  # examples listed for an open input (a ruleset's moves fit)


@dataclass(frozen=True)
class ToolSpec:
    """One tool as the list shows it."""

    name: str
    title: str
    description: str
    input_schema: JsonDict
    read_only: bool
    destructive: bool


@dataclass(frozen=True)
class Answer:
    """What a tool call answers: JSON data, and whether it is an error."""

    data: Any
    error: bool = False


class _Read:
    """A store that only hands out one state: the choices of every tool are read from one
    fold (the store's own hands out a fresh fold each time), and a campaign nothing was
    played in yet is not created by a client that only looks."""

    def __init__(self, state: Any) -> None:
        self._state = state

    def state(self) -> Any:
        return self._state


def table_for(served: ServedCampaign, *, create: bool) -> Any:
    """The table API's :class:`Table` at the guide's seat, rolling the server's dice."""
    from ironsworn.table import Table

    store = served.store(create=create)
    held: Any = store if store is not None else _Read(served.state())
    return Table(held, served.name, None, served.dice())


def typed_dice(op: Any) -> frozenset[str]:
    """The inputs of ``op`` that give a roll's result: typed dice, and the own roll
    (``value``) of an operation that otherwise rolls from a seed (an oracle, Ask the Oracle)."""
    names = {i.name for i in op.inputs}
    return frozenset(
        i.name for i in op.inputs if i.kind == "dice" or (i.name == "value" and "seed" in names)
    )


def hidden(op: Any, own_dice: bool) -> frozenset[str]:
    """The inputs of ``op`` a model is not offered at this table."""
    return NEVER if own_dice else NEVER | typed_dice(op)


def listed(served: ServedCampaign) -> list[ToolSpec]:
    """Every operation as a tool, its schema filled from the campaign's state now."""
    from ironsworn.table import Table, operations

    state = served.state()
    table = Table(_Read(state), served.name)
    own_dice = own_dice_allowed(state)
    return [
        ToolSpec(
            op.name,
            op.name.replace("_", " ").capitalize(),
            _description(op),
            schema_of(op, table, hidden(op, own_dice)),
            op.writes == "never",
            op.name in ("undo",),
        )
        for op in operations()
    ]


def _description(op: Any) -> str:
    text = str(op.summary)
    if op.name == "move":
        text += (
            ". The server rolls. The result is the move's JSON: roll, outcome, effects, and "
            "'pending' when the move asks a decision (answer with choose, burn or decline). "
            "Each effect is a change from/to of its target; on a track (a vow, fight, "
            "journey...) 'track' names it, and its progress is in ticks, four to a box, with "
            "'boxes' the full boxes from/to; on the command vehicle, 'vehicle' names it, on "
            "an asset (a companion's health), 'asset'; an "
            "initiative with 'fight_over' ends with the last fight (not lost to a foe)"
        )
    elif op.name in ANSWERS:
        text += (
            ". Each pending decision (in a move's result, the state, or the resource "
            "ironsworn://campaign/pending) carries its 'token' and 'seen': send them as decision "
            "and seen, and the answer is refused, changing nothing, if that decision was "
            "answered meanwhile or another waits now. The result says what was 'answered' "
            "(the decision and the answer), then what followed, as a move's result does"
        )
    elif op.name in ("undo", "redo"):
        text += (
            ". The result names the operation and 'pending': the decisions waiting now, with "
            "their token and seen (an answer undone gives its decision back, to answer again)"
        )
        if op.name == "undo":
            text += (
                ". It is the campaign's last operation, whoever made it: at a shared table, "
                "maybe another player's (its 'character' says whose; redo gives it back)"
            )
    elif op.name in SHEETS:
        from ironsworn.mcp.resources import SHEET_ASSET_WORDS, SHEET_TRACKS_WORDS

        text += f". {SHEETS[op.name]}"
        if op.name == "sheet":
            text += f"; {SHEET_TRACKS_WORDS}; {SHEET_ASSET_WORDS}"
    elif op.name == "option":
        text += " (own_dice, whether players type their own dice, is theirs to set)"
    elif op.writes == "keep":
        text = text.split(" (keep", 1)[0] + " (recorded in the campaign's log)"
    return text


def schema_of(op: Any, table: Any, off: frozenset[str]) -> JsonDict:
    """The operation's JSON schema without the hidden inputs, with the known choices."""
    from ironsworn.table.choices import pending_options

    schema: JsonDict = op.schema()
    properties: JsonDict = schema["properties"]
    for declared in op.inputs:
        if declared.name in off:
            properties.pop(declared.name, None)
            continue
        # (the keys of every decision owed: one set aside is answered with its character)
        given = {"every": True} if declared.source is pending_options else {}
        try:
            keys = list(dict.fromkeys(c.key for c in declared.choices(table, given)))
        except IronswornError:
            keys = []  # choices that cannot be read now (no character yet): none offered
        if not keys:
            continue
        target = properties[declared.name]
        if declared.kind == "texts":
            # (the list's items take the values; a chained assignment bound the name first
            # and set the copy's own items, leaving the schema's without them)
            items = dict(target["items"])
            target["items"] = items
            target = items
        if declared.complete:
            target["enum"] = keys
            target.pop("examples", None)  # (the values are all listed: no examples beside)
        else:
            target["examples"] = keys[:EXAMPLES]
    if op.name in ANSWERS:
        for name, words in ANSWER_INPUTS.items():
            if name in properties:
                properties[name]["description"] = words
    for name, words in WHERE_LISTED.get(op.name, {}).items():
        if name in properties:
            properties[name]["description"] += words
    schema["required"] = [r for r in schema["required"] if r in properties]
    return schema


# The tools whose result holds character sheets, and where.
SHEETS = {
    "sheet": "The result is the sheet",
    "character": "The result is the new character's sheet, as the sheet tool describes it",
    "state": "Each of its characters is a sheet, as the sheet tool describes it",
}

ANSWERS = ("choose", "burn", "decline")
# The inputs naming the decision answered, in the words of what a model reads.
ANSWER_INPUTS = {
    "decision": "the 'token' of the decision answered, as its move's result, the state or the "
    "pending resource shows it (refused if another decision waits by now)",
    "seen": "the 'seen' beside that token: the campaign's head when the decision was read "
    "(refused if the decision was answered since)",
}


# Where a model reads the values of an input too many to list in its schema.
WHERE_LISTED = {
    "character": {
        "assets": " (the cards: the resources ironsworn://asset/{id}, listed with the others)"
    },
}


def call(served: ServedCampaign, name: str, arguments: JsonDict) -> Answer:
    """Call the operation ``name`` for a model: its result, a question, or an error."""
    from ironsworn.table import Question

    try:
        op = tool_named(served, name)
        table = table_for(served, create=op.writes != "never")
        args = fair(served, op, table.state(), arguments)
        try:
            result = op.call(table, args)
        finally:
            served.discard_if_empty()
    except IronswornError as exc:
        return Answer(error_data(exc), error=True)
    from ironsworn.mcp.resources import unlinked_json

    if isinstance(result, Question):
        return Answer({"question": unlinked_json(result.to_json())})
    if isinstance(result, dict) and "seed" in result and "seed" not in arguments:
        # The seed the server drew for this roll (see fair): its own working, not the roll's.
        result = {k: v for k, v in result.items() if k != "seed"}
    if op.name in ANSWERS and isinstance(result, dict):
        result = {**answered(served), **result}
    if isinstance(result, dict) and isinstance(result.get("pending"), list):
        result = {**result, "pending": with_tokens(served, result["pending"])}
    if isinstance(result, dict) and isinstance(result.get("effects"), list):
        result = {**result, "effects": tracks_named(result["effects"], table.state())}
    if op.name == "state" and isinstance(result, dict) and result.get("decisions"):
        # Each decision with the head it was read at, as the pending resource gives it.
        store = served.store()
        if store is not None:
            head = store.head()
            decisions = [{**d, "seen": head} for d in result["decisions"]]
            pending = decisions[0] if result.get("pending") else None
            result = {**result, "decisions": decisions, "pending": pending}
    if op.name in ("undo", "redo") and isinstance(result, dict):
        from ironsworn.mcp.resources import pending_now, without_plumbing

        result = {
            k: without_plumbing(v) if k in ("undone", "redone") and isinstance(v, dict) else v
            for k, v in result.items()
        }
        # What waits now: an answer undone gives its decision back, a move redone its own.
        now = pending_now(served, table.state())
        result["pending"] = [d for d in (now["current"], *now["set_aside"]) if d]
    from ironsworn.mcp.resources import sheets_in_words

    return Answer(unlinked_json(sheets_in_words(result)))


def tool_named(served: ServedCampaign, name: str) -> Any:
    """The operation of the tool ``name``; an unknown one refused in a tool's words, and a
    move's name called as a tool ("face_danger") pointed to the move tool."""
    from ironsworn.table import operation
    from ironsworn.table.registry import registry

    if name in registry():
        return operation(name)
    names = list(registry())
    said = f"tool {name!r} is unknown"
    words = " ".join(str(name).replace("_", " ").split()).casefold()
    moves = served.library().in_ruleset("moves", ruleset_of_state(served))
    move = next((m for m in moves.values() if str(m.name).casefold() == words), None)
    if move is not None:
        said += f": {move.name} is a move, made with the move tool ('move': {words!r})"
    raise InvalidValue(
        f"{said} (accepted: {', '.join(names)})", input="operation", value=name, accepted=names
    )


def ruleset_of_state(served: ServedCampaign) -> str:
    """The ruleset the served campaign plays (classic before anything was played)."""
    from ironsworn.mcp.resources import ruleset_of

    return ruleset_of(served.state())


def answered(served: ServedCampaign) -> JsonDict:
    """``{"answered": ...}``: the decision an answer just gave its answer to (its move, its
    prompt, whose) and the answer as the log words it ("chose press on"). An answer that
    changed nothing else answers a move's JSON with every field empty; this says it was
    taken. ``{}`` when the log's last operation is not an answer."""
    store = served.store()
    last = store.last_operation() if store is not None else None
    if last is None or last.kind not in ("choice", "burn", "decline"):
        return {}
    # The decision was the one pending, or one set aside (another's waited meanwhile): the
    # one of those the operation's events took away that its character owed.
    owed: list[Any] = []
    for event in last.events:
        before = event.get("from")
        if event.get("type") == "pending" and isinstance(before, dict):
            owed.append(before)
        elif event.get("type") == "parked" and isinstance(before, dict):
            after = event.get("to") or {}
            owed += [
                entry.get("pending")
                for owner, entry in before.items()
                if isinstance(entry, dict) and after.get(owner) != entry
            ]
    asked = next(
        (d for d in owed if isinstance(d, dict) and d.get("character") == last.character), None
    )
    if asked is None:
        return {}
    move = served.library().moves.get(str(asked.get("move")))
    said: JsonDict = {
        "character": asked.get("character"),
        "move": move.name if move is not None else asked.get("move"),
        "prompt": asked.get("prompt"),
    }
    # The answer itself: the keys chosen, a burn, or a decline (the operation's summary names
    # what followed instead: a decline's "Pay the Price").
    choice = next((e for e in last.events if e.get("type") == "choice"), None)
    if choice is not None:
        said["answer"] = "chose " + ", ".join(
            str(k).replace("_", " ") for k in choice.get("keys") or ()
        )
        if choice.get("text"):
            # The words given with the keys (a connection's role).
            said["text"] = choice["text"]
    elif last.kind == "burn":
        said["answer"] = "burned momentum"
    else:
        said["answer"] = "did not burn momentum" if asked.get("kind") == "burn" else "declined"
    return {"answered": said}


def tracks_named(effects: list[Any], state: Any) -> list[Any]:
    """A result's effects, each on a track (its target the track's id, or id:part) with
    ``track``, the track's kind and words ("fight: Vask's raiders"), and a change of its
    progress (``ticks``, four to a box) with ``boxes``, its full boxes from and to (the
    progress score): a model reads what ``fight-2:ticks`` 16 -> 32 is without the tracks.
    A change to the command vehicle (``vehicle:integrity``) gets ``vehicle``, its name; one
    to an asset (``asset:classic/companion/hound:health``), ``asset``, as the sheet writes it."""
    tracks = getattr(state, "tracks", None) or {}
    ship = getattr(state, "vehicle", None) or {}
    out: list[Any] = []
    for effect in effects:
        target = str(effect.get("target")) if isinstance(effect, dict) else ""
        track_id, _, part = target.partition(":")
        if target.count(":") == 1 and track_id == "vehicle" and ship.get("name"):
            # The command vehicle ("vehicle:integrity"), by the name the sheet gives it (an
            # incidental vehicle's target names it: "vehicle:Skiff:integrity").
            out.append({**effect, "vehicle": ship["name"]})
            continue
        if target.startswith("asset:") and isinstance(effect, dict):
            card = asset_named(state, effect.get("character"), target.rsplit(":", 1)[0])
            out.append({**effect, "asset": card} if card else effect)
            continue
        track = tracks.get(track_id)
        if track is None:
            out.append(effect)
            continue
        named = {**effect, "track": f"{track.kind}: {track.name}"}
        if part == "ticks" and all(isinstance(effect.get(k), int) for k in ("from", "to")):
            named["boxes"] = {"from": effect["from"] // 4, "to": effect["to"] // 4}
        out.append(named)
    return out


def asset_named(state: Any, character: Any, asset_id: str) -> str | None:
    """The character's asset ``asset_id`` as the sheet writes it (Hound “Brann”), or None
    when the sheet holds no such card."""
    char = (getattr(state, "characters", None) or {}).get(character)
    record = next((a for a in getattr(char, "assets", ()) if a.get("id") == asset_id), None)
    if record is None:
        return None
    from ironsworn.card_fields import given_words

    return str(record.get("name") or asset_id) + given_words(record)


def with_tokens(served: ServedCampaign, pending: list[Any]) -> list[Any]:
    """The decisions a result leaves pending, each with its ``token`` and ``seen`` (the
    campaign's head now): what choose, burn and decline take as decision and seen."""
    from ironsworn.table.decisions import shown_decision

    store = served.store()
    if store is None or not pending:
        return pending
    state = store.state()
    head = store.head()
    waiting = [state.pending] if state.pending else []
    waiting += [entry["pending"] for entry in (getattr(state, "parked", {}) or {}).values()]
    shown = [shown_decision(w) for w in waiting]
    out: list[Any] = []
    for entry in pending:
        same = next(
            (d for d in shown if {k: v for k, v in d.items() if k != "token"} == entry), None
        )
        out.append({**entry, "token": same["token"], "seen": head} if same else entry)
    return out


def fair(served: ServedCampaign, op: Any, state: Any, arguments: JsonDict) -> JsonDict:
    """The arguments with the table's dice rule applied (see the module docstring)."""
    off = hidden(op, own_dice_allowed(state))
    for key in sorted(set(arguments) & (off - {"keep"})):
        accepted = "no seed: the server rolls" if key == "seed" else "the server's own roll"
        raise InvalidValue(
            f"{op.name}: {key} is not taken from a model at this table: the server rolls the "
            f"dice (accepted: {accepted}; the campaign option own_dice lets the players give "
            "their own dice)",
            input=key,
            value=arguments[key],
            accepted=(accepted,),
        )
    offered = [i.name for i in op.inputs if i.name not in off]
    unknown = sorted(set(arguments) - set(offered))
    if unknown:
        # What the tool's schema does not offer. (The operation would refuse an unknown one
        # too, but list among those it accepts the inputs this table hides: dice, a seed.)
        raise InvalidValue(
            f"{op.name}: unknown option {unknown[0]!r} (accepted: {', '.join(offered) or 'none'})",
            input=unknown[0],
            value=arguments[unknown[0]],
            accepted=offered,
        )
    if op.name == "option" and isinstance(arguments.get("name"), str):
        from ironsworn.campaign.options import OPTIONS, find_option

        if find_option(arguments["name"]).name == "own_dice":
            # Whose dice count is the players' to say (the command line, the web table).
            others = [name for name in OPTIONS if name != "own_dice"]
            raise InvalidValue(
                "option: own_dice is the players' to set, not a model's (accepted: "
                f"{', '.join(others)})",
                input="name",
                value=arguments["name"],
                accepted=others,
            )
    args = dict(arguments)
    names = {i.name for i in op.inputs}
    if "keep" in names:
        args["keep"] = True  # every roll a model sees is in the log
        if "seed" in names and args.get("value") is None:
            # From the server's dice: a seeded server is reproducible, and no one chose it.
            args["seed"] = str(served.dice().roll(1_000_000_000))
    return args
