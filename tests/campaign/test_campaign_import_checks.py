"""``import json`` replays a file through live play's checks (issue 8, reliability finding 5).

A fuzzing run imported files whose events no play could make (momentum ``"lots"``, health 99,
a character named 7, edge 1000, a meter called ``mana``, a companion that is not there, stats
as text, seq 2**64); they imported and left a campaign that broke later commands. Each must be
refused with one line naming the operation, and no campaign file may appear.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from ironsworn.cli.main import main

STATS = "edge=3,heart=2,iron=2,shadow=1,wits=1"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def document(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> dict[str, Any]:
    """The export of a campaign with one character (Kai, with a hawk) and one journal entry."""
    monkeypatch.setenv("IRONSWORN_HOME", str(tmp_path / "home"))
    monkeypatch.delenv("IRONSWORN_CAMPAIGN", raising=False)
    code, _out, err = run(capsys, "character", "new", "Kai", "--stats", STATS)
    assert code == 0, err
    assert run(capsys, "journal", "add", "On the road")[0] == 0
    out = tmp_path / "kai.json"
    assert run(capsys, "export", "json", "-o", str(out))[0] == 0
    data: dict[str, Any] = json.loads(out.read_text())
    return data


def _append(*events: dict[str, Any], status: str = "live") -> Callable[[dict[str, Any]], None]:
    def edit(document: dict[str, Any]) -> None:
        operations = document["operations"]
        last = operations[-1]
        operations.append(
            {
                **last,
                "seq": last["seq"] + 1,
                "kind": "edit",
                "summary": "",
                "status": status,
                "events": [dict(e) for e in events],
            }
        )

    return edit


def _meter(meter: str, before: Any, after: Any) -> dict[str, Any]:
    return {"type": "meter", "character": "Kai", "meter": meter, "from": before, "to": after}


def _created(change: Callable[[dict[str, Any]], None]) -> Callable[[dict[str, Any]], None]:
    def edit(document: dict[str, Any]) -> None:
        for event in document["operations"][0]["events"]:
            if event["type"] == "character_created":
                change(event["character"])

    return edit


def _seq(document: dict[str, Any]) -> None:
    document["operations"][-1]["seq"] = 2**64


# (what, the edit, the operation the message names, what else it names)
BAD: list[tuple[str, Callable[[dict[str, Any]], None], str, str]] = [
    ("momentum 'lots'", _append(_meter("momentum", 2, "lots")), "operation 3", "'lots'"),
    ("health 99", _append(_meter("health", 5, 99)), "operation 3", "health 99"),
    ("name 7", _append(_meter("name", "Kai", 7)), "operation 3", "name 7"),
    ("a meter named mana", _append(_meter("mana", 0, 5)), "operation 3", "mana"),
    (
        "a missing companion",
        _append({"type": "asset_meter", "character": "Kai", "asset": "hawk", "from": 3, "to": 2}),
        "operation 3",
        "asset_meter",
    ),
    (
        "an ability of a missing asset",
        _append(
            {
                "type": "asset_ability",
                "character": "Kai",
                "asset": "hawk",
                "ability": 1,
                "from": False,
                "to": True,
            }
        ),
        "operation 3",
        "asset_ability",
    ),
    ("edge 1000", _created(lambda c: c["stats"].__setitem__("edge", 1000)), "operation 1", "1000"),
    ("stats as text", _created(lambda c: c.__setitem__("stats", "3,2,2,1,1")), "operation 1", ""),
    ("name a number", _created(lambda c: c.__setitem__("name", 7)), "operation 1", "7"),
    ("seq 2**64", _seq, "operations[1]", "18446744073709551616"),
    (
        "an undone operation that redo would bring in",
        _append(_meter("health", 5, 99), status="undone"),
        "operation 3",
        "health 99",
    ),
    (
        "momentum above its maximum",
        _append(_meter("momentum", 2, 11)),
        "operation 3",
        "momentum 11",
    ),
]


@pytest.mark.parametrize(
    ("edit", "operation", "named"), [pytest.param(e, o, n, id=w) for w, e, o, n in BAD]
)
def test_an_import_that_play_could_not_make_is_refused(
    document: dict[str, Any],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    edit: Callable[[dict[str, Any]], None],
    operation: str,
    named: str,
) -> None:
    bad = copy.deepcopy(document)
    edit(bad)
    source = tmp_path / "bad.json"
    source.write_text(json.dumps(bad))
    campaigns = tmp_path / "home" / "campaigns"
    before = sorted(p.name for p in campaigns.iterdir())
    code, out, err = run(capsys, "import", "json", str(source), "--name", "imported")
    assert (code, out) == (2, ""), err
    assert err.startswith("ironsworn: error: ") and err.count("\n") == 1
    assert operation in err and named in err
    assert sorted(p.name for p in campaigns.iterdir()) == before


def test_the_untouched_export_still_imports(
    document: dict[str, Any], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "good.json"
    source.write_text(json.dumps(document))
    code, _out, err = run(capsys, "import", "json", str(source), "--name", "imported")
    assert code == 0, err
    code, out, _err = run(capsys, "sheet", "--campaign", "imported")
    assert code == 0 and "Kai" in out


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
        ('{"format": "ironsworn-campaign", "x": ' + "[" * 5000 + "]" * 5000 + "}", "nested"),
        ('{"format": "ironsworn-campaign", "format_version": 1, "note": "\\ud800"}', "surrogate"),
    ],
    ids=["deep", "deep inside", "lone surrogate"],
)
def test_an_import_file_the_parser_balks_at_is_one_line(
    document: dict[str, Any],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    text: str,
    named: str,
) -> None:
    """Finding 6: JSON nested past the parser's limit, a lone surrogate escape."""
    source = tmp_path / "odd.json"
    source.write_text(text)
    campaigns = tmp_path / "home" / "campaigns"
    before = sorted(p.name for p in campaigns.iterdir())
    code, out, err = run(capsys, "import", "json", str(source), "--name", "imported")
    assert (code, out) == (2, ""), err
    assert err.startswith("ironsworn: error: ") and err.count("\n") == 1
    assert named in err
    assert sorted(p.name for p in campaigns.iterdir()) == before


def test_a_lone_surrogate_in_an_event_is_refused(
    document: dict[str, Any], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = copy.deepcopy(document)
    bad["operations"][-1]["events"][0]["text"] = "\ud800"
    source = tmp_path / "bad.json"
    source.write_text(json.dumps(bad))  # ensure_ascii: the file holds the escape "\ud800"
    code, out, err = run(capsys, "import", "json", str(source), "--name", "imported")
    assert (code, out) == (2, "") and err.count("\n") == 1 and "surrogate" in err
