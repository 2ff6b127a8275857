"""Frozen records (ironsworn.record) and the one-shot command path they keep light."""

from __future__ import annotations

import subprocess
import sys

import pytest

from ironsworn.errors import InvalidValue
from ironsworn.progress import ProgressTrack, TrackKind
from ironsworn.ranks import Rank
from ironsworn.record import FrozenRecordError, fields_of, replace
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
