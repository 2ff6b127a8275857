"""The odds a move panel shows before a roll, with the adds the roll will get by itself and the
values it will be rolled with.

An asset's bonus (the Hawk's +1 when you Undertake a Journey), a lasting "+1 on your next
move", a role's add: the engine adds them while it makes the move, so odds computed at +0 are
wrong (Undertake a Journey with the Hawk showed strong 23.2 % where 33.2 % is right). A suffer
move changes its own stat before it rolls: Endure Harm rolls +health after suffering -health
equal to the harm (seed 000 L2310-2313), so odds at the health before the harm are wrong
too (health 5 showed strong 56 % where Endure Harm with 2 harm rolls +3). Rather
than a second list of what adds when, and of what a move changes before its roll, the panel
asks the engine: it makes the move on a copy of the state, with dice that are then thrown
away, and reads the roll it made (its stat, adds and momentum), the notes that named its adds
and the changes made before it. Nothing is written and the copy is dropped.

Starforged's Endure Harm (Endure Stress, Companion Takes a Hit, Withstand Damage) takes the
harm, then asks above 0 whether to resist: "Then, if your health is 0 or you choose to resist
the harm, roll". The dry run answers "resist" on its copy, so the odds are those of the roll
the engine makes after the harm, and the panel says they are the odds if you resist.
"""

from __future__ import annotations

import re
from typing import Any

from ironsworn.errors import IronswornError, RuleViolation, one_line

JsonDict = dict[str, Any]
# "Hawk “Kestrel” 1 · Far-seeing: +1", "Elixir (lasting): +1", "+1 from your last move" (a
# strong hit's "add +1 on your next move"), "+1 you share a bond with Kai": a note naming an
# add; not one that promises harm or momentum ("Wayfinder 1: +1 momentum on a strong hit").
_ADD_NOTE = re.compile(r"(?::\s*|^)\+\d+(?!\d)(?!\s*(?:harm|momentum))(?:\s|$|,)")
_SEED = "odds-preview"  # any seed: the roll's adds do not depend on its dice
_NONE: JsonDict = {"adds": None, "from": []}
# A decision a move asks before its roll (the roll waits for it), and the answer that makes the
# roll: the dry run gives it on its copy, and the panel says which answer its odds assume.
_ROLL_ON: dict[str, str] = {"sf.endure.resist": "resist"}


def dry_roll(
    state: Any,
    library: Any,
    move: str,
    character: str,
    stat: str | None,
    amount: int | None,
    vehicle: str | None = None,
    refused: list[str] | None = None,
) -> JsonDict | None:
    """The action roll the engine would make for ``move`` (with ``stat``, or the stat the move
    picks itself when None; ``amount`` as the move's amount option, ``vehicle`` as its vehicle
    option, None: left out; ``refused`` gets the rule's words when the move is refused as it
    stands, Strike without initiative): ``{"stat", "value",
    "adds", "momentum", "from", "before"}``, ``before`` being the changes made before the roll
    (``[{"target", "from", "to", "label", "stat"}]``, Endure Harm's -health), and
    ``assumes``: the answer given on the copy to a question the move asks before it rolls
    (``{"key", "text", "instead"}``: Starforged's "resist the harm", or press on with no roll),
    else None. None when the move cannot be made now without more answers, or rolls no action
    die."""
    from ironsworn.dice import RandomDice
    from ironsworn.moves.engine import MoveEngine
    from ironsworn.moves.records import effect_of
    from ironsworn.web.results import target_label

    copy = state.copy()
    # A decision owed (the character's own: the move waits for it) is set aside on the copy:
    # the panel shows the roll as the move makes it now, not the odds before the harm.
    copy.pending, copy.parked, copy.agenda = None, {}, []
    engine = MoveEngine(copy, library, RandomDice(_SEED))
    try:
        chosen: dict[str, Any] = {"vehicle": vehicle} if vehicle else {}
        result = engine.make_move(move, character, stat=stat, amount=amount, burn=False, **chosen)
    except RuleViolation as refusal:
        if refused is not None:
            refused.append(one_line(str(refusal)))
        return None
    except IronswornError:
        return None
    roll = result.moves[0].roll if result.moves else None
    events = result.events[result.moves[0].first_event or 0 :] if result.moves else []
    notes = [str(n) for n in result.notes]
    assumes: JsonDict | None = None
    pending = engine.pending
    if not roll and pending is not None and pending.get("character") == character:
        key = _ROLL_ON.get(str(pending.get("resume", {}).get("point")))
        options = {str(o["key"]): str(o["text"]) for o in pending.get("options") or []}
        if key is None or key not in options:
            return None
        try:
            answered = engine.choose([key], burn=False)
        except IronswornError:
            return None
        made = [m for m in answered.moves if m.roll]
        if not made:
            return None
        roll, result = made[0].roll, answered
        events = [*events, *answered.events]
        notes += [str(n) for n in answered.notes]
        others = [text for k, text in options.items() if k != key]
        assumes = {"key": key, "text": options[key].split(":")[0], "instead": others}
    if not roll or roll.get("type") != "action":
        return None
    before: list[JsonDict] = []
    for event in events:
        if event.get("type") == "roll":
            break
        effect = effect_of(event)
        if effect is not None and event.get("character") in (None, character):
            change = {k: effect[k] for k in ("target", "from", "to")}
            # In words ("Ember (Horse) health"), and the stat it is when the move rolls it
            # (a companion's health is Companion Endure Harm's "companion_health").
            change["label"] = target_label(change["target"], character, engine.state)
            target = str(change["target"])
            if target.startswith("asset:") and target.endswith(":health"):
                change["stat"] = "companion_health"
            else:
                change["stat"] = target
            before.append(change)
    notes = [n for n in notes if _ADD_NOTE.search(n)]
    return {
        "stat": next(m.stat for m in result.moves if m.roll),
        "value": int(roll.get("stat") or 0),
        "adds": int(roll.get("adds") or 0),
        "momentum": int(roll.get("momentum") or 0),
        "from": notes,
        "before": before,
        "assumes": assumes,
    }


def with_automatic_adds(
    panel: JsonDict,
    state: Any,
    library: Any,
    amount: int | None = None,
    vehicle: str | None = None,
) -> JsonDict:
    """The move panel with each action stat's odds counting the automatic adds, and the value
    and momentum the roll is made with (after what the move changes before its roll: a suffer
    move's -health). A move that picks its stat itself (Endure Harm: the highest of health and
    iron, after the harm) is dry-run once; its stat's entry is marked ``rolled``. ``amount``:
    the move's amount option as the player set it (None: the engine's default); ``vehicle``:
    the vehicle chosen (Withstand Damage on one that is not the command vehicle)."""
    from ironsworn.odds import action_odds

    character = panel.get("character")
    if character and panel.get("roll_type") == "progress_roll":
        refusal = _progress_refusal(state, library, panel, character)
        if refusal is not None:
            panel["refused"] = refusal
        return panel
    if not character or panel.get("roll_type") != "action_roll":
        return panel
    char = state.character(character)
    even = bool(state.option("even_matches"))
    picks = panel.get("method") in ("highest", "lowest")
    refused: list[str] = []
    unanswered = False  # a dry run that could not roll without more answers (the amount)
    once = (
        dry_roll(state, library, panel["id"], character, None, amount, vehicle, refused)
        if picks
        else None
    )
    if once is not None:
        panel["before_roll"] = once["before"]
        if once["assumes"] is not None:
            panel["roll_assumes"] = once["assumes"]
    for entry in panel.get("stats") or []:
        if "value" not in entry:
            continue
        if picks:
            found = once
            if found is not None:
                entry["rolled"] = found["stat"] == entry["stat"]
                after = [c for c in found["before"] if c["stat"] == entry["stat"]]
                if after:
                    entry["at_roll"] = after[-1]["to"]
        else:
            found = dry_roll(
                state, library, panel["id"], character, entry["stat"], amount, vehicle, refused
            )
            if found is not None and found["value"] != entry["value"]:
                entry["at_roll"] = found["value"]
            if found is not None and found["assumes"] is not None:
                panel["roll_assumes"] = found["assumes"]
        entry["automatic"] = (
            _NONE if found is None else {"adds": found["adds"], "from": found["from"]}
        )
        if found is None:
            unanswered = True
            continue
        value = int(entry.get("at_roll", entry["value"]))
        momentum = found["momentum"]
        if found["adds"] or value != entry["value"] or momentum != char.momentum:
            entry["odds"] = action_odds(
                max(0, min(value, 5)),
                min(found["adds"], 10),
                momentum,
                len(char.debilities),
                even,
            ).to_json()
    if refused:
        # The rules refuse the move as it stands (Strike without initiative): said on the
        # panel before the player rolls, in the engine's words.
        panel["refused"] = refused[0]
    assumed = panel.get("roll_assumes")
    if assumed is None and amount is None and unanswered and not refused:
        # The amount left empty (Withstand Damage's damage, asked when the move is made): the
        # answer the roll takes to the question asked before it, learnt with the least amount.
        least = dry_roll(state, library, panel["id"], character, None, 1, vehicle)
        assumed = None if least is None else least["assumes"]
    if assumed is not None:
        # Dice of the player's own go with this answer (the page sends it with them: they are
        # the roll's, not left over while the move waits for it).
        panel["roll_on"] = assumed["key"]
    return panel


def _progress_refusal(state: Any, library: Any, panel: JsonDict, character: str) -> str | None:
    """The rules' words when a progress move made now on the first track the panel offers
    would be refused (End the Fight before a strong hit on a decisive action), else None (a
    copy of the state, its roll thrown away, as :func:`dry_roll`)."""
    from ironsworn.dice import RandomDice
    from ironsworn.moves.engine import MoveEngine

    tracks = [t for entry in panel.get("stats") or [] for t in entry.get("tracks") or []]
    if not tracks:
        return None
    copy = state.copy()
    copy.pending, copy.parked, copy.agenda = None, {}, []
    engine = MoveEngine(copy, library, RandomDice(_SEED))
    try:
        engine.make_move(panel["id"], character, track=str(tracks[0]["id"]))
    except RuleViolation as refusal:
        return one_line(str(refusal))
    except IronswornError:
        return None
    return None
