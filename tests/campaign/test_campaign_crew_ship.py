"""The crew's one STARSHIP record in a stored campaign, on SQLite and PostgreSQL: every
operation written, undone and redone, and a cold open, keep the campaign's one record on every
crew member's sheet (the moves themselves: tests/moves/test_starforged_crew_ship.py)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from backends import Backend

from ironsworn.campaign.state import CampaignState
from ironsworn.campaign.store import Store
from ironsworn.content import clear_cache, import_pack, load_library
from ironsworn.dice import FixedDice
from ironsworn.moves.engine import MoveEngine, OperationResult
from ironsworn.moves.sheet import SheetOperations
from ironsworn.moves.starforged.starting import STARSHIP
from shared_files import STARFORGED_DATASWORN, shared_file

KIRA = "edge=3,heart=2,iron=2,shadow=1,wits=1"
BRAM = "edge=1,heart=3,iron=2,shadow=2,wits=1"

Op = Callable[[SheetOperations], OperationResult]

# (what is done, the crew's STARSHIP abilities and integrity after it)
STEPS: list[tuple[str, Op, list[bool], int]] = [
    (
        "Kira names the Vesper",
        lambda s: s.new_character("Kira", KIRA, (), ("ace",), 0, "Vesper", starting=True),
        [True, False, False],
        5,
    ),
    (
        "Bram boards it",
        lambda s: s.new_character("Bram", BRAM, (), ("healer",), 0, starting=True),
        [True, False, False],
        5,
    ),
    (
        "Bram earns 2 experience",
        lambda s: s.adjust("Bram", "experience", 2),
        [True, False, False],
        5,
    ),
    (
        "Bram pays for the second ability",
        lambda s: s.engine.make_move("advance", "Bram", asset="starship", ability=2),
        [True, True, False],
        5,
    ),
    ("Kira's integrity -2", lambda s: s.adjust("Kira", "integrity", -2), [True, True, False], 3),
]


@pytest.fixture(params=["sqlite", "postgres"])
def backend(request: pytest.FixtureRequest, tmp_path: Path) -> Backend:
    if request.param == "postgres":
        return Backend("postgres", tmp_path, request.getfixturevalue("postgres_url"))
    return Backend("sqlite", tmp_path)


@pytest.fixture
def imported(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("IRONSWORN_HOME", str(tmp_path / "home"))
    clear_cache()
    import_pack(shared_file(STARFORGED_DATASWORN))
    clear_cache()


def write(store: Store[CampaignState], op: Op | None) -> None:
    with store.write() as tx:
        engine = MoveEngine(tx.state, dice=FixedDice([]))
        engine.ruleset = load_library()
        sheet = SheetOperations(engine)
        result = sheet.set_ruleset("starforged") if op is None else op(sheet)
        tx.append(result.kind, result.events, character=result.character)


def crew_ship(state: CampaignState) -> tuple[list[bool], int]:
    """The one record's abilities and integrity, checked equal on every crew member's sheet."""
    ship = state.starship
    assert ship is not None and ship["id"] == STARSHIP
    for name in state.characters:
        assert state.character(name).asset("starship") == ship, name
    assert state.vehicle is not None and state.vehicle["integrity"] == ship["meter"]["value"]
    return list(ship["abilities"]), int(ship["meter"]["value"])


def fresh(store: Store[CampaignState]) -> dict[str, Any]:
    state = CampaignState()
    for operation in store.operations():
        for event in operation.events:
            state.apply(event)
    return state.to_dict()


def test_every_write_undo_and_redo_keeps_one_record(backend: Backend, imported: None) -> None:
    with backend.open("crew", state_type=CampaignState) as store:
        write(store, None)
        for _what, op, abilities, integrity in STEPS:
            write(store, op)
            assert crew_ship(store.state()) == (abilities, integrity)
        # Back through every step, and forward again: the crew's record each time.
        for index in range(len(STEPS) - 1, 1, -1):
            assert store.undo() is not None
            _what, _op, abilities, integrity = STEPS[index - 1]
            state = store.state()
            assert crew_ship(state) == (abilities, integrity)
            assert state.to_dict() == fresh(store)
        for _what, _op, abilities, integrity in STEPS[2:]:
            assert store.redo() is not None
            assert crew_ship(store.state()) == (abilities, integrity)
        kept = store.state().to_dict()
    with backend.open("crew", state_type=CampaignState) as again:  # a cold open
        assert again.state().to_dict() == kept
        assert crew_ship(again.state()) == ([True, True, False], 3)
