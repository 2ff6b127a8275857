"""Random play of the whole table API, both rulesets (classic with Delve, Starforged with its
pack; two characters each): every operation, each question answered at random from its
choices, decisions answered, undo and redo, with snapshots every three operations. Every few
steps the log must fold again from nothing (as an import or a snapshot made anew folds it),
the newest snapshot must hold what that fold holds at its operation, and the campaign
reopened must hold what the fold holds now. After every step the state must be one live play
can make (the bounds an import checks: momentum within its max, meters 0 to 5...).

Three differences are not differences of the game and are read as equal: a legacy track with
nothing marked and no track; an empty marks list and none; the order of a character's impacts
or debilities (a mark taken back and made again goes to the end).
"""

from __future__ import annotations

import random
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from ironsworn.campaign.invariants import check_state
from ironsworn.campaign.state import CampaignState
from ironsworn.campaign.store import CampaignStore, Store, base
from ironsworn.content import clear_cache, import_pack
from ironsworn.dice import RandomDice
from ironsworn.errors import InvalidValue, IronswornError
from ironsworn.table import Question, Table, call, operations
from shared_files import DELVE_DATASWORN, STARFORGED_DATASWORN, shared_file

# Operations that change the campaign's frame, not its play, or write files.
LEFT_OUT = {"export", "ruleset", "homebrew_new", "homebrew_reskin", "truths", "semi_random"}
WORDS = ["Ash", "the old gate", "Find my sister", "rope", "3", "wits", "dangerous", "roll", "1"]
UNMARKED = {"ticks": 0, "completed": False, "xp_boxes": 0}


def plain(value: Any) -> Any:
    """``value`` as comparable data, the three differences of no account left out."""
    if hasattr(value, "__dict__"):
        data = {k: plain(v) for k, v in vars(value).items() if not k.startswith("_")}
        for key in ("impacts", "debilities"):
            if isinstance(data.get(key), list):
                data[key] = sorted(data[key])
        if isinstance(data.get("legacy"), dict):
            data["legacy"] = {k: v for k, v in data["legacy"].items() if v != UNMARKED}
        return data
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items() if not (k == "marks" and v == [])}
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    if isinstance(value, (set, frozenset)):
        return sorted(map(repr, value))
    return value


def folded(store: Store[Any], upto: int | None = None) -> CampaignState:
    state = CampaignState()
    for operation in store.operations():
        if operation.status == "live" and (upto is None or operation.seq <= upto):
            for event in operation.events:
                state.apply(event)
    return state


def newest_snapshot(path: Path) -> tuple[int, str] | None:
    """The newest snapshot's operation and text (None before the first), read from the file
    as a later process reads it (a store open in this process keeps its state instead)."""
    with sqlite3.connect(path) as db:
        row = db.execute("SELECT seq, body FROM snapshots ORDER BY seq DESC").fetchone()
    return None if row is None else (int(row[0]), str(row[1]))


def answer(question: Question, rng: random.Random) -> Any:
    if question.choices:
        key: Any = rng.choice(question.choices).key
        if question.kind in ("int", "ints"):
            key = int(key) if str(key).lstrip("-").isdigit() else key
        return [key] if question.many or question.kind in ("texts", "ints") else key
    if question.kind == "int":
        low = question.low if question.low is not None else 0
        return rng.randint(low, question.high if question.high is not None else low + 3)
    if question.kind == "bool":
        return rng.random() < 0.5
    if question.kind in ("texts", "ints"):
        return [rng.choice(WORDS)] if question.kind == "texts" else [1]
    return None if question.kind == "dice" else rng.choice(WORDS)


def play(
    table: Table, rng: random.Random, names: list[str], refused: list[str] | None = None
) -> None:
    """One operation, its questions answered at random (refusals are part of play). An
    answer of options the decision offered, as many as it asks, that is refused as a bad
    value goes in ``refused``: what a table offers it must take."""
    pending = table.store.state().pending
    if pending is not None and rng.random() < 0.8:
        name = rng.choice(["choose", "choose", "decline"])
        if pending.get("kind") == "burn" and rng.random() < 0.5:
            name = "burn"
    elif rng.random() < 0.05:
        name = rng.choice(["undo", "redo"])
    else:
        name = "move" if rng.random() < 0.5 else rng.choice(names)
    args: dict[str, Any] = {}
    try:
        for _ in range(10):
            got = call(table, name, args)
            if not isinstance(got, Question):
                return
            given = answer(got, rng)
            if given is None:
                return
            args[got.input] = given
    except InvalidValue as exc:
        if refused is not None and name == "choose" and _offered(pending, args.get("keys")):
            refused.append(f"{pending.get('move')}: {args['keys']}: {exc}")
    except IronswornError:
        return


def _offered(pending: Any, keys: Any) -> bool:
    """``keys`` are options ``pending`` offers, as many as it asks for."""
    if not pending or not isinstance(keys, list) or pending.get("kind") != "choose":
        return False
    offered = {option["key"] for option in pending.get("options") or ()}
    count = len(keys)
    return (
        set(keys) <= offered
        and len(set(keys)) == count
        and int(pending.get("min", 1)) <= count <= int(pending.get("count", 1))
    )


@pytest.mark.parametrize("ruleset", ["classic", "starforged"])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_play_folds_again_from_nothing_and_reopens_the_same(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, ruleset: str, seed: int
) -> None:
    monkeypatch.setenv("IRONSWORN_HOME", str(tmp_path / "home"))
    monkeypatch.setattr(base, "SNAPSHOT_INTERVAL", 3)
    clear_cache()
    # Each ruleset with the content a player imports: Delve beside classic, the Starforged
    # pack (its assets and oracles) for Starforged.
    import_pack(shared_file(DELVE_DATASWORN if ruleset == "classic" else STARFORGED_DATASWORN))
    clear_cache()
    rng = random.Random(seed)
    names = sorted(op.name for op in operations() if op.name not in LEFT_OUT)
    path = tmp_path / "t.sqlite"
    try:
        with CampaignStore.open(path, create=True, name="t") as store:
            table = Table(store, "t", dice_default=RandomDice(seed))
            if ruleset == "starforged":
                call(table, "ruleset", {"ruleset": "starforged"})
            for who, stats in (("Asha", "3,2,2,1,1"), ("Kai", "1,3,2,2,1")):
                made: dict[str, Any] = {"name": who, "stats": stats}
                if ruleset == "starforged" and who == "Asha":
                    made["starship"] = "Wayfarer"  # (asked of the first: without it, no one)
                assert not isinstance(call(table, "character", made), Question)
            assert len(store.state().characters) == 2
            refused: list[str] = []
            for step in range(400):
                play(table, rng, names, refused)
                check_state(store.state())  # (raises, naming what is out of range)
                if step % 10 == 9:
                    fresh = plain(folded(store))  # raises if the log does not fold
                    snapshot = newest_snapshot(path)
                    if snapshot is not None:
                        seq, body = snapshot
                        saved = plain(CampaignState.from_snapshot(body))
                        assert saved == plain(folded(store, seq)), (ruleset, seed, step, seq)
                    with CampaignStore.open(path, create=False) as again:
                        assert plain(again.state()) == fresh, (ruleset, seed, step)
                    assert plain(store.state()) == fresh, (ruleset, seed, step)
            assert len(store.operations()) > 25  # it played, not only refused
            assert refused == [], refused
    finally:
        clear_cache()
