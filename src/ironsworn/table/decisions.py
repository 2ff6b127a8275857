"""Which decision an answer is for: each decision the table shows carries a ``token``, and an
answer that names one is refused when the decision waiting is another.

A page shows a decision as buttons of its option keys. Keys repeat between decisions (``1``,
``2``), so a click on a page drawn before another device answered, and a new decision came,
would answer the new one with an option its player never read. The token, a digest of the
decision as the engine keeps it (its resume data too), tells most of them apart. Two
decisions can be alike to the last byte (Pay the Price after two misses of one move), so an
answer may also say the campaign's head it was read at (``seen``): an answer or a move of
that character since then means the decision shown is gone.
"""

from __future__ import annotations

import hashlib
import json
from functools import partial
from typing import Any

from ironsworn.errors import InvalidValue, IronswornError, RuleViolation

JsonDict = dict[str, Any]


def decision_token(pending: JsonDict) -> str:
    """A short digest naming this decision (the same decision always gives the same)."""
    text = json.dumps(pending, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def shown_decision(pending: JsonDict) -> JsonDict:
    """The decision as the table shows it: without the engine's resume data, with its token."""
    from ironsworn.moves.records import public_pending

    return {**public_pending(pending), "token": decision_token(pending)}


def answers_roll(state: Any, library: Any, pending: JsonDict) -> bool:
    """Whether some answer to ``pending`` rolls dice (a table's roll, a move it makes): a
    page offers its dice field for what follows only then. Each answer (each option, with
    others when it takes more; declining; burning) is run on a copy of ``state`` up to its
    first roll. An answer refused as it stands is passed over: it rolls nothing (and no fault
    of a trial answer keeps the table from being read)."""
    from ironsworn.moves.engine import MoveEngine

    engine = MoveEngine(state.fork(), library)
    owner = pending.get("character")
    answers: list[Any] = []
    if pending.get("kind") == "burn":
        answers = [partial(engine.burn, character=owner)]
    else:
        keys = [str(o["key"]) for o in pending.get("options") or ()]
        least = max(1, int(pending.get("min", 1)))
        for key in keys:
            others = [k for k in keys if k != key][: least - 1]
            answers.append(partial(engine.choose, [key, *others], character=owner))
    if pending.get("kind") == "burn" or int(pending.get("min", 1)) == 0:
        answers.append(partial(engine.decline, character=owner))
    for answer in answers:
        try:
            if engine.rolls_dice(answer):
                return True
        except Exception:  # (a refusal, or a fault the answer itself would meet: the table
            continue  # is read all the same, as this only places a dice field)
    return False


def waiting_decision(state: Any, character: str) -> JsonDict | None:
    """The decision ``character`` owes now: the one pending, or the one set aside for them."""
    pending = state.pending
    if pending is not None and pending.get("character") == character:
        return dict(pending)
    parked = getattr(state, "parked", {}) or {}
    for entry in parked.values():
        if entry["pending"].get("character") == character:
            return dict(entry["pending"])
    if pending is not None and pending.get("character") is None:
        return dict(pending)
    return None


# The operations that end a character's decision: answers, and a move (a character makes
# none while their decision waits, so one since means it was answered).
ENDS_A_DECISION = frozenset({"choice", "burn", "decline", "move"})
# How many operations since the page's read are looked through; more: the page is stale.
LOOKED_THROUGH = 64


def check_nothing_answered_since(store: Any, character: str, seen: int | None) -> None:
    """Refuse an answer read at head ``seen`` when ``character``'s decision has been answered
    (or they moved) since."""
    if seen is None:
        return
    from ironsworn.campaign.schema import LIVE

    head, since = store.head_and_operations_after(seen, LOOKED_THROUGH)
    if seen > head and store.head_and_operations_after(seen - 1, 1)[1] == []:
        # Past the head and every operation ever written (an undone one keeps its seq, so
        # a head read before an undo is still one the campaign showed): never shown.
        raise InvalidValue(
            f"{{seen}} {seen} is past every head this campaign has had (accepted: the 'seen' "
            f"shown beside a decision, 0 to {head})",
            input="seen",
            value=seen,
            accepted=f"0 to {head}",
        )
    key = character.lower()
    # Live ones only: an answer undone gave the decision back as it was (its token says so).
    if since is None or any(
        op.status == LIVE and op.kind in ENDS_A_DECISION and (op.character or "").lower() == key
        for op in since
    ):
        raise RuleViolation(
            f"{character}'s decision was answered meanwhile (on another page or device), so "
            "this answer was not given: the decision waiting now is shown"
        )


def named_keys(state: Any, pending: JsonDict | None, keys: list[str]) -> list[str]:
    """The option keys ``keys`` name: each offered key as it is; in a decision among the
    character's own assets, an asset as the player names it (its name in any case, a
    companion's given name, a unique prefix: as the sheet's assets are looked up) stands for
    its option; in any other, the unambiguous start of an option (:func:`option_named`).
    Anything else is left as it is, for the engine to refuse."""
    from ironsworn.moves.assets.cards import HELD_ASSETS

    context = ((pending or {}).get("resume") or {}).get("context") or {}
    if pending is None or pending.get("kind") != "choose":
        return keys
    if context.get("answers") != HELD_ASSETS:
        keyed = {str(o["key"]) for o in pending.get("options") or ()}
        if len(keys) > 1 and int(pending.get("count", 1)) == 1 and not keyed & set(keys):
            # One option, named by its words ("choose endure harm"): the words are one answer.
            whole = option_named(pending, " ".join(keys))
            if whole is not None:
                return [whole]
        return [option_named(pending, key) or key for key in keys]
    offered = [str(o["key"]) for o in pending.get("options") or ()]
    char = state.characters.get(pending.get("character"))
    if char is None:
        return keys
    by_id = {}
    for key in offered:
        try:
            by_id[str(char.asset(key)["id"])] = key
        except IronswornError:
            continue
    out = []
    for key in keys:
        if key not in offered:
            record = char.held_asset(key)  # NotFound names the assets on the sheet
            key = by_id.get(str(record["id"]), key)
        out.append(key)
    return out


def option_named(pending: JsonDict, typed: str) -> str | None:
    """The option of ``pending`` that ``typed`` names: its key, in any case; a number, the
    table row whose range holds it ("37" for "28-40"); else the one key it starts ("act" for
    act_now; words for the key's parts: "endure harm"); else the one option whose words it
    starts ("place of awe" for the table's row "Place of awe-inspiring beauty"). None when
    nothing starts so (the engine refuses it, naming the options);
    :class:`~ironsworn.errors.InvalidValue` naming the candidates when several do."""
    from ironsworn.errors import InvalidValue

    options = [(str(o["key"]), str(o.get("text") or "")) for o in pending.get("options") or ()]
    said = " ".join(str(typed).split()).casefold()
    if not said:
        return None
    for key, _text in options:
        if key == typed or key.casefold() == said:
            return key
    if said.isdigit():
        # A table's roll, rolled by the player ("37"): the row whose range holds it ("28-40").
        held = [key for key, _text in options if _holds(key, int(said))]
        if len(held) == 1:
            return held[0]
    as_key = said.replace(" ", "_").replace("-", "_")
    found = [k for k, _t in options if k.casefold().replace("-", "_").startswith(as_key)]
    if not found:
        # An option's words (a table's row says its range first: "5-8: Ancient archive").
        found = [
            k
            for k, text in options
            if " ".join(text.removeprefix(f"{k}: ").split()).casefold().startswith(said)
        ]
    if len(found) == 1:
        return found[0]
    if found:
        raise InvalidValue(
            f"{typed!r} is the start of several options: {', '.join(found)} (accepted: one "
            "option's key, or enough of it to name one)",
            input="keys",
            value=typed,
            accepted=tuple(found),
        )
    return None


def offers_rows(pending: JsonDict) -> bool:
    """Whether a decision offers a table's rows, keyed by their ranges ("28-40": Starforged's
    Pay the Price, Make a Discovery): there a number a player types is a roll, the row whose
    range holds it, on every surface; not an option's place in a list."""
    return pending.get("kind") == "choose" and any(
        _is_range(str(o["key"])) for o in pending.get("options") or ()
    )


def rolls_offered(pending: JsonDict) -> tuple[int, int] | None:
    """The lowest and highest roll a decision's table rows hold ((1, 100)), or None (no rows)."""
    bounds = [
        int(n)
        for o in pending.get("options") or ()
        if _is_range(str(o["key"]))
        for n in str(o["key"]).split("-")
    ]
    return (min(bounds), max(bounds)) if bounds else None


def _is_range(key: str) -> bool:
    low, dash, high = key.partition("-")
    return bool(dash) and low.isdigit() and high.isdigit()


def _holds(key: str, number: int) -> bool:
    """Whether ``key`` is a table row's range ("28-40", or "41" alone) that holds ``number``."""
    low, _dash, high = key.partition("-")
    if not low.isdigit() or not (high or low).isdigit():
        return False
    return int(low) <= number <= int(high or low)


def owed_decisions(state: Any) -> list[JsonDict]:
    """Every decision owed in ``state``: the one pending, then those set aside."""
    parked = getattr(state, "parked", {}) or {}
    owed = [state.pending] if state.pending is not None else []
    return owed + [entry["pending"] for entry in parked.values()]


def issued_tokens(store: Any) -> set[str]:
    """The token of every decision the campaign ever asked, answered, set aside or undone
    since: what a surface may have shown. (Read from the whole log, so only when an answer's
    token is not the one owed: the refusal then says whether it was once real.)"""
    tokens: set[str] = set()
    for operation in store.operations(include_undone=True):
        for event in operation.events:
            kind = event.get("type") if isinstance(event, dict) else None
            if kind == "pending" and isinstance(event.get("to"), dict):
                tokens.add(decision_token(event["to"]))
            elif kind == "parked" and isinstance(event.get("to"), dict):
                tokens.update(
                    decision_token(entry["pending"])
                    for entry in event["to"].values()
                    if isinstance(entry, dict) and isinstance(entry.get("pending"), dict)
                )
    return tokens


def token_owner(state: Any, token: str | None) -> str | None:
    """The character who owes the decision ``token`` names, the one waiting now or one set
    aside (None: no decision owed has that token, or it is no one's)."""
    if token is None:
        return None
    for pending in owed_decisions(state):
        if decision_token(pending) == token:
            owner = pending.get("character")
            return None if owner is None else str(owner)
    return None


def check_answered_decision(
    state: Any, character: str, token: str | None, store: Any = None
) -> None:
    """Refuse an answer given for decision ``token`` when ``character`` now owes another: as
    answered meanwhile when the campaign's ``store`` once showed that token, else as a token
    it never gave (a typo, or one made up), naming the tokens owed now."""
    if token is None:
        return
    waiting = waiting_decision(state, character)
    if waiting is not None and decision_token(waiting) == token:
        return
    if store is not None and token not in issued_tokens(store):
        owed = owed_decisions(state)
        accepted = [decision_token(p) for p in owed]
        named = ", ".join(
            f"{t} ({p.get('character') or 'the table'}'s)"
            for t, p in zip(accepted, owed, strict=True)
        )
        raise InvalidValue(
            f"{{decision}} {token!r} is no decision's token in this campaign (accepted: the "
            f"token of a decision owed now: {named or 'none'})",
            input="decision",
            value=token,
            accepted=tuple(accepted),
        )
    now = f": {character} now decides: {waiting['prompt']}" if waiting else ""
    raise RuleViolation(
        "that decision was answered meanwhile (on another page or device), so this answer "
        f"was not given{now}"
    )
