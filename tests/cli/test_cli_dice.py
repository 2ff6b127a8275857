"""The dice commands: roll, ask, odds — JSON shapes, human output and bad input."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from ironsworn.cli.main import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_roll_action_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys, "roll", "action", "--stat", "2", "--momentum", "6", "--dice", "2,5,8", "--json"
    )
    assert code == 0
    data = json.loads(out)
    assert data == {
        "type": "action",
        "action_die": 2,
        "action_die_cancelled": False,
        "stat": 2,
        "adds": 0,
        "score": 4,
        "challenge": [5, 8],
        "outcome": "miss",
        "match": False,
        "momentum": 6,
        "burned": False,
        "burn": {"outcome": "weak_hit", "momentum_after": 2},
    }


def test_roll_action_cancelled_die_and_debility_reset(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys, "roll", "action", "--stat", "3", "--momentum", "-4", "--dice", "4,2,9", "--json"
    )
    data = json.loads(out)
    assert code == 0 and data["action_die_cancelled"] and data["score"] == 3
    assert data["outcome"] == "weak_hit" and data["burn"] is None
    _, out, _ = run(
        capsys,
        *("roll", "action", "--stat", "1", "--momentum", "7", "--debilities", "1"),
        *("--dice", "1,5,9", "--json"),
    )
    assert json.loads(out)["burn"] == {"outcome": "weak_hit", "momentum_after": 1}


def test_roll_action_human(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys, "roll", "action", "--stat", "2", "--momentum", "6", "--dice", "2,5,5"
    )
    assert code == 0
    assert "MISS" in out and "MATCH" in out and "strong hit" in out


def test_seeded_rolls_repeat(capsys: pytest.CaptureFixture[str]) -> None:
    _, first, _ = run(capsys, "roll", "action", "--stat", "2", "--seed", "7", "--json")
    _, second, _ = run(capsys, "roll", "action", "--stat", "2", "--seed", "7", "--json")
    assert first == second


def test_roll_progress(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "roll", "progress", "--score", "6", "--dice", "7,3", "--json")
    assert code == 0
    assert json.loads(out) == {
        "type": "progress",
        "score": 6,
        "challenge": [7, 3],
        "outcome": "weak_hit",
        "match": False,
    }
    _, out, _ = run(capsys, "roll", "progress", "--ticks", "27", "--dice", "7,3", "--json")
    assert json.loads(out)["score"] == 6


def test_ask(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "ask", "likely", "--value", "26", "--json")
    assert code == 0
    assert json.loads(out) == {"odds": "likely", "roll": 26, "answer": "yes", "match": False}
    _, out, _ = run(capsys, "ask", "50/50", "--value", "44", "--json")
    assert json.loads(out) == {"odds": "fifty_fifty", "roll": 44, "answer": "no", "match": True}
    _, out, _ = run(capsys, "ask", "small_chance", "--value", "90")
    assert "NO" in out


def test_odds(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "odds", "action", "--stat", "2", "--momentum", "5", "--json")
    data = json.loads(out)
    assert code == 0
    assert set(data) == {"strong_hit", "weak_hit", "miss", "match", "with_burn"}
    assert abs(data["strong_hit"] + data["weak_hit"] + data["miss"] - 1) < 1e-9
    assert data["with_burn"]["miss"] < data["miss"]
    _, out, _ = run(capsys, "odds", "progress", "--score", "10", "--json")
    assert json.loads(out) == {"strong_hit": 0.81, "weak_hit": 0.18, "miss": 0.01, "match": 0.1}


@pytest.mark.parametrize(
    ("argv", "named"),
    [
        (["roll", "action", "--stat", "7"], "--stat 7"),
        (["roll", "action", "--stat", "x"], "'x'"),
        (["roll", "action", "--stat", "2", "--dice", "0,5,5"], "value 0"),
        (["roll", "action", "--stat", "2", "--dice", "1,2"], "'1,2'"),
        (["roll", "action", "--stat", "2", "--dice", "1,2,11"], "value 11"),
        (["roll", "action", "--stat", "2", "--momentum", "10", "--debilities", "2"], "momentum 10"),
        (["roll", "progress", "--score", "6", "--ticks", "3"], "--ticks"),
        (["roll", "progress", "--score", "11"], "--score 11"),
        (["ask", "maybe"], "'maybe'"),
        (["ask", "likely", "--value", "101"], "--value 101"),
        (["odds", "action", "--stat", "9"], "--stat 9"),
        (["roll", "sideways"], "sideways"),
    ],
)
def test_bad_input_is_one_line_exit_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], named: str
) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1 and named in err and "Traceback" not in err


def test_module_entry_point() -> None:
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "ironsworn",
            "roll",
            "action",
            "--stat",
            "2",
            "--dice",
            "4,5,8",
            "--json",
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0
    assert json.loads(result.stdout)["score"] == 6
    bad = subprocess.run(
        [sys.executable, "-m", "ironsworn", "roll", "action", "--stat", "7"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1 and "Traceback" not in bad.stderr
