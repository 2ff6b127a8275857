"""The content commands through the real entry point: exit codes, JSON shapes, errors."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from ironsworn.cli.common import CliParser, run_command
from ironsworn.cli.main import main
from ironsworn.cli.move_info import add_list_show

FIXTURES = Path(__file__).resolve().parent / "fixtures"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> Any:
    code, out, err = run(capsys, *argv, "--json")
    assert (code, err) == (0, "")
    return json.loads(out)


def test_oracle_list(capsys: pytest.CaptureFixture[str]) -> None:
    rows = run_json(capsys, "oracle", "list")
    ids = [r["id"] for r in rows]
    assert "oracle_rollable:classic/action_and_theme/action" in ids
    assert set(rows[0]) >= {"id", "name"}
    code, out, _ = run(capsys, "oracle", "list")
    assert code == 0 and "Action" in out


def test_oracle_show_shape(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "oracle", "show", "action")
    assert set(data) == {"id", "name", "dice", "rows"}
    assert (data["id"], data["dice"], len(data["rows"])) == (
        "oracle_rollable:classic/action_and_theme/action",
        "1d100",
        100,
    )
    assert set(data["rows"][0]) == {"min", "max", "text"}
    composite = run_json(capsys, "oracle", "show", "quick settlement name")
    assert composite["rows"] == [] and len(composite["then"]) == 2


def test_oracle_roll_with_value(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "oracle", "roll", "action", "--value", "1")
    assert data == {
        "id": "oracle_rollable:classic/action_and_theme/action",
        "name": "Action",
        "roll": 1,
        "text": "Scheme",
        "rolls": [],
    }
    code, out, _ = run(capsys, "oracle", "roll", "action", "--value", "1")
    assert (code, out) == (0, "Action (1): Scheme\n")


def test_oracle_roll_nested_and_seeded(capsys: pytest.CaptureFixture[str]) -> None:
    first = run_json(capsys, "oracle", "roll", "settlement name", "--seed", "5")
    assert len(first["rolls"]) == 1 and first["rolls"][0]["id"].startswith(
        "oracle_rollable:classic/settlement/name/"
    )
    assert run_json(capsys, "oracle", "roll", "settlement name", "--seed", "5") == first


@pytest.mark.parametrize(
    ("argv", "fragment"),
    [
        (
            ["oracle", "roll", "acton"],
            "unknown oracle table 'acton'; closest: Action",
        ),
        (["oracle", "roll", "action", "--value", "101"], "value 101 is out of range"),
        (["oracle", "roll", "action", "--value", "x"], "--value 'x' is not a whole number"),
        (["oracle", "show", "nothing-like-this"], "unknown oracle table"),
        (["npc", "show", "wyvrn"], "closest: Wyvern"),
        (["truth", "roll", "--value", "5"], "--value needs one truth ID"),
        (["oracle"], "required"),
        (
            ["content", "import", str(FIXTURES / "broken_missing_name.json")],
            "broken_missing_name.json: move",
        ),
    ],
)
def test_errors_exit_2_with_one_line(
    capsys: pytest.CaptureFixture[str], argv: list[str], fragment: str
) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert out == ""
    assert err.startswith("ironsworn: error: ") and err.count("\n") == 1
    assert fragment in err


def test_npc_list_and_show(capsys: pytest.CaptureFixture[str]) -> None:
    rows = run_json(capsys, "npc", "list", "--ruleset", "classic")
    assert len(rows) == 29
    bear = run_json(capsys, "npc", "show", "bear")
    assert bear["id"] == "npc:classic/animals/bear"
    assert set(bear) >= {"rank", "features", "drives", "tactics", "description", "quest_starter"}
    code, out, _ = run(capsys, "npc", "show", "bear")
    assert code == 0 and out.startswith("Bear — formidable animals")  # its id: in --json


def test_truth_list_show_roll(capsys: pytest.CaptureFixture[str]) -> None:
    assert len(run_json(capsys, "truth", "list")) == 11
    iron = run_json(capsys, "truth", "show", "iron")
    assert len(iron["options"]) == 3
    rolled = run_json(capsys, "truth", "roll", "iron", "--value", "50")
    assert rolled["roll"] == 50
    assert rolled["option"]["min"] <= 50 <= rolled["option"]["max"]
    every = run_json(capsys, "truth", "roll", "--seed", "1")
    assert [r["id"] for r in every] == [t["id"] for t in run_json(capsys, "truth", "list")]


def test_region_and_asset(capsys: pytest.CaptureFixture[str]) -> None:
    assert len(run_json(capsys, "region", "list")) == 9
    assert run_json(capsys, "region", "show", "barrier islands")["id"] == (
        "region:classic/barrier_islands"
    )
    assert len(run_json(capsys, "asset", "list")) == 78
    hawk = run_json(capsys, "asset", "show", "hawk")
    assert hawk["condition_meter"]["name"].lower() == "health"
    code, out, _ = run(capsys, "asset", "show", "hawk")
    assert code == 0 and "Hawk" in out


def test_search(capsys: pytest.CaptureFixture[str]) -> None:
    hits = run_json(capsys, "search", "face", "danger")
    assert hits[0]["id"] == "move:classic/adventure/face_danger"
    code, out, _ = run(capsys, "search", "zzyzx")
    assert code == 0 and "no match" in out


def test_content_import_and_list(capsys: pytest.CaptureFixture[str], private_home: Path) -> None:
    report = run_json(capsys, "content", "import", str(FIXTURES / "datasworn_0_2_ruleset.json"))
    assert report["id"] == "frostbound"
    assert report["counts"] == {"moves": 2, "oracles": 1}
    assert Path(report["path"]) == private_home / "packs" / "frostbound"
    packs = run_json(capsys, "content", "list")
    assert [p["id"] for p in packs] == ["classic", "starforged", "frostbound"]
    assert [p["bundled"] for p in packs] == [True, True, False]
    # The imported items are now usable by the other commands.
    rolled = run_json(capsys, "oracle", "roll", "snow", "--value", "20")
    assert rolled["text"] == "Light flurries"
    only = run_json(capsys, "oracle", "list", "--ruleset", "frostbound")
    assert [r["id"] for r in only] == ["oracle_rollable:frostbound/weather/snow"]
    code, out, _ = run(
        capsys, "content", "import", str(FIXTURES / "dataforged_oracles.json"), "--as", "embers"
    )
    assert code == 0 and out.startswith("imported pack embers")


# --- move list / show, as move_cmd.py will wire them -------------------------------------------


def move_parser() -> CliParser:
    parser = CliParser(prog="ironsworn")
    sub = parser.add_subparsers(dest="command", parser_class=CliParser)
    move = sub.add_parser("move")
    add_list_show(move.add_subparsers(dest="action", required=True))
    return parser


def run_move(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = run_command(move_parser(), ["move", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_move_list_defaults_to_classic(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_move(capsys, "list", "--json")
    assert (code, err) == (0, "")
    assert len(json.loads(out)) == 35
    code, out, _ = run_move(capsys, "list", "--ruleset", "starforged", "--json")
    assert len(json.loads(out)) == 56
    code, out, _ = run_move(capsys, "list", "--ruleset", "all", "--json")
    assert len(json.loads(out)) == 91
    code, out, _ = run_move(capsys, "list")
    assert code == 0 and "Face Danger" in out


def test_move_show_shape(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_move(capsys, "show", "face danger", "--json")
    assert (code, err) == (0, "")
    data = json.loads(out)
    assert set(data) == {
        "id",
        "name",
        "category",
        "trigger",
        "roll_type",
        "rolls",
        "method",
        "progress_move",
        "outcomes",
        "choices",
        "page",
    }
    assert data["id"] == "move:classic/adventure/face_danger"
    assert set(data["outcomes"]) == {"strong_hit", "weak_hit", "miss"}
    code, out, _ = run_move(capsys, "show", "face danger", "--ruleset", "starforged", "--json")
    assert json.loads(out)["id"] == "move:starforged/adventure/face_danger"
    code, out, _ = run_move(capsys, "show", "develop your relationship", "--json")
    assert json.loads(out)["match_outcomes"]["strong_hit"].startswith("Mark 2 ticks")
    code, out, _ = run_move(capsys, "show", "endure harm")
    assert code == 0 and "Roll: action roll" in out


def test_move_show_unknown(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_move(capsys, "show", "face dnager")
    assert code == 2 and out == ""
    assert "unknown move 'face dnager'; closest: Face Danger" in err
