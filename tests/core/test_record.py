"""Frozen records (ironsworn.record) and the one-shot command path they keep light."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from ironsworn.campaign.character_state import CharacterState, TrackState
from ironsworn.errors import InvalidValue
from ironsworn.progress import ProgressTrack, TrackKind
from ironsworn.ranks import Rank
from ironsworn.record import FrozenRecordError, fields_of, from_fields, replace
from ironsworn.rolls import ActionRoll


def test_a_record_takes_its_fields_in_order_with_defaults() -> None:
    roll = ActionRoll(4, 2, 1, (5, 8))
    assert (roll.action_die, roll.stat, roll.adds, roll.challenge) == (4, 2, 1, (5, 8))
    assert (roll.momentum, roll.burned) == (0, False)
    assert fields_of(roll) == (
        "action_die",
        "stat",
        "adds",
        "challenge",
        "momentum",
        "burned",
        "even_matches",
    )
    assert repr(roll) == (
        "ActionRoll(action_die=4, stat=2, adds=1, challenge=(5, 8), momentum=0, burned=False, "
        "even_matches=False)"
    )


@pytest.mark.parametrize(
    ("args", "kwargs", "message"),
    [
        ((4, 2), {}, "missing required argument: 'adds'"),
        ((4, 2, 1, (5, 8), 0, False, False, 9), {}, "takes 7 positional arguments"),
        ((4, 2, 1, (5, 8)), {"luck": 1}, "unexpected keyword argument 'luck'"),
        ((4, 2, 1, (5, 8)), {"stat": 1}, "multiple values for argument 'stat'"),
    ],
)
def test_a_record_refuses_wrong_arguments(
    args: tuple[object, ...], kwargs: dict[str, object], message: str
) -> None:
    with pytest.raises(TypeError, match=message):
        ActionRoll(*args, **kwargs)  # type: ignore[arg-type]


def test_a_record_is_frozen_comparable_and_hashable() -> None:
    roll = ActionRoll(4, 2, 1, (5, 8))
    with pytest.raises(FrozenRecordError):
        roll.stat = 3  # type: ignore[misc]
    with pytest.raises(AttributeError):
        del roll.stat  # type: ignore[misc]
    same = ActionRoll(4, 2, 1, (5, 8))
    assert roll == same and hash(roll) == hash(same)
    assert roll != ActionRoll(4, 2, 1, (5, 9))
    assert roll != (4, 2, 1, (5, 8), 0, False)
    assert len({roll, same}) == 1


def test_replace_copies_and_checks_again() -> None:
    track = ProgressTrack("Avenge", TrackKind.VOW, Rank.DANGEROUS, 8)
    marked = replace(track, ticks=16)
    assert (marked.ticks, track.ticks) == (16, 8)
    with pytest.raises(InvalidValue):
        replace(track, ticks=41)  # __post_init__ runs on the copy
    with pytest.raises(TypeError, match="no field 'luck'"):
        replace(track, luck=1)


@pytest.mark.parametrize(
    "argv",
    [
        ["roll", "action", "--stat", "2", "--json"],
        ["roll", "progress", "--ticks", "12"],
        # Without --ruleset, ask reads the current campaign's table (Starforged's or classic):
        # the one-shot path is the table named.
        ["ask", "likely", "--ruleset", "classic", "--json"],
        ["odds", "action", "--stat", "2"],
    ],
)
def test_a_one_shot_command_imports_only_what_it_needs(argv: list[str]) -> None:
    """The one-shot path stays off dataclasses (inspect, ast, dis), typing, shutil, pathlib."""
    code = (
        "import sys\n"
        "from ironsworn.cli.main import main\n"
        f"code = main({argv!r})\n"
        "heavy = {'dataclasses', 'inspect', 'typing', 'shutil', 'ast', 'dis', 'sqlite3',\n"
        "         'pathlib'}\n"
        "print(code, sorted(heavy & set(sys.modules)), file=sys.stderr)\n"
    )
    done = subprocess.run(
        [sys.executable, "-S", "-c", code],
        capture_output=True,
        text=True,
        check=True,
        env={"PYTHONPATH": ":".join(p for p in sys.path if p)},
    )
    assert done.stderr.strip() == "0 []"
    assert done.stdout.strip()


def test_a_mutable_record_takes_assignments_and_makes_each_default_anew() -> None:
    # The campaign state's records (issue 24: no dataclasses on a one-shot sheet).
    first = CharacterState("Asha", {"edge": 3})
    second = CharacterState("Kai", {"edge": 1})
    first.bonds.append("Elda")  # a default list of its own, not shared
    first.health = 3
    assert (first.bonds, second.bonds, first.health, second.health) == (["Elda"], [], 3, 5)
    assert first == CharacterState("Asha", {"edge": 3}, health=3, bonds=["Elda"])
    assert first != second
    with pytest.raises(TypeError, match="unhashable"):
        hash(first)  # equal by value and changeable, as a mutable dataclass
    track = TrackState("vow-1", "vow", "Avenge", "dangerous")
    assert fields_of(track)[:5] == ("id", "kind", "name", "rank", "ticks")
    assert (track.ticks, track.characters, track.status) == (0, [], "active")
    with pytest.raises(TypeError, match="missing required argument: 'rank'"):
        TrackState("vow-1", "vow", "Avenge")  # type: ignore[call-arg]


def test_a_one_shot_sheet_imports_no_dataclasses(tmp_path: Path) -> None:
    """``sheet`` of a character without a card reads no content; with one it reads the cards,
    and neither imports dataclasses (with inspect, ast, dis)."""
    env = {
        "PYTHONPATH": ":".join(p for p in sys.path if p),
        "IRONSWORN_HOME": str(tmp_path / "home"),
    }
    new = [sys.executable, "-m", "ironsworn", "character", "new"]
    for name, assets in (("Asha", []), ("Wren", ["--asset", "hawk:3=Kestrel"])):
        made = subprocess.run(
            [*new, name, "--stats", "3,2,2,1,1", *assets],
            capture_output=True,
            text=True,
            env=env,
        )
        assert made.returncode == 0, made.stderr
    for name, content in (("Asha", False), ("Wren", True)):
        code = (
            "import sys\n"
            "from ironsworn.cli.main import main\n"
            f"code = main(['sheet', '--character', {name!r}])\n"
            "heavy = {'dataclasses', 'inspect', 'ast', 'dis'}\n"
            "print(code, sorted(heavy & set(sys.modules)), 'ironsworn.content' in sys.modules,\n"
            "      file=sys.stderr)\n"
        )
        done = subprocess.run(
            [sys.executable, "-S", "-c", code], capture_output=True, text=True, env=env
        )
        assert done.stderr.strip() == f"0 [] {content}", done.stderr
        assert name in done.stdout


def test_a_record_from_its_fields_is_the_call_by_name() -> None:
    data = {"id": "vow-1", "kind": "vow", "name": "Avenge", "rank": "dangerous", "ticks": 8}
    track = from_fields(TrackState, data)
    assert track == TrackState(**data)
    assert (track.ticks, track.characters, track.status) == (8, [], "active")
    assert fields_of(track) == tuple(vars(track))  # the fields' order, as a call gives it
    with pytest.raises(TypeError, match="unexpected keyword argument 'luck'"):
        from_fields(TrackState, {**data, "luck": 1})
    with pytest.raises(TypeError, match="missing required argument: 'rank'"):
        from_fields(TrackState, {k: v for k, v in data.items() if k != "rank"})
    roll = from_fields(ActionRoll, {"action_die": 4, "stat": 2, "adds": 1, "challenge": (5, 8)})
    assert roll == ActionRoll(4, 2, 1, (5, 8))
    with pytest.raises(InvalidValue):  # __post_init__ checks it as a call would
        from_fields(ActionRoll, {"action_die": 9, "stat": 2, "adds": 1, "challenge": (5, 8)})
