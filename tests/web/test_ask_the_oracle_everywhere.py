"""One Ask the Oracle for every surface (issue 20, issue 21): the command line's ``ask
--record``, play mode's ``/ask`` and the web's ask answer a roll the same way in the same
campaign: by its ruleset's table (Starforged: "Likely 75 or less") and by its option of even
matches (seed 000 L5127-5135: "Resolve the impact of a match only when your challenge dice come
up as an even number"), and keep the same ``ask`` event."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from web_support import CHANGE

from ironsworn.campaign.registry import open_campaign
from ironsworn.cli.main import main
from ironsworn.cli.play.session import PlaySession
from ironsworn.cli.play.terminal import Output
from ironsworn.dice import RandomDice


class Lines:
    """Play mode's input, as from a pipe."""

    interactive = False

    def __init__(self, lines: list[str]) -> None:
        self.lines = lines

    def read(self, prompt: str) -> str:
        if not self.lines:
            raise EOFError
        return self.lines.pop(0)


def asked(campaign: str) -> list[dict[str, Any]]:
    with open_campaign(campaign, create=False) as store:
        return [
            {k: v for k, v in e.items() if k not in ("character", "question")}
            for op in store.operations()
            for e in op.events
            if e["type"] == "ask"
        ]


def ask_everywhere(api: Any, campaign: str, odds: str, value: int) -> list[dict[str, Any]]:
    """Ask with the same roll at the command line, in play mode and on the web; the events."""
    assert main(["ask", odds, "--value", str(value), "--record", "--campaign", campaign]) == 0
    with open_campaign(campaign, create=False) as store:
        out = io.StringIO()
        session = PlaySession(
            store,
            Output(False, out, io.StringIO()),
            RandomDice(1),
            Lines(["/skip", f"/ask {odds} --value {value}"]),
        )
        session.run()
    kept = api.post(
        f"/api/c/{campaign}/actions/ask",
        json={"odds": odds, "value": value, "keep": True},
        headers=CHANGE,
    )
    assert kept.status_code == 200, kept.text
    events = asked(campaign)[-3:]
    assert len(events) == 3
    return events


@pytest.mark.parametrize(
    ("ruleset", "even", "odds", "value", "expected"),
    [
        # Starforged: "Likely | 75 or less"; "Small Chance | 10 or less".
        ("starforged", False, "likely", 76, {"answer": "no", "match": False}),
        ("starforged", False, "small_chance", 5, {"answer": "yes", "match": False}),
        ("starforged", True, "likely", 11, {"answer": "yes", "match": False}),
        ("starforged", True, "likely", 22, {"answer": "yes", "match": True}),
        # Classic: "Likely 26 or greater"; 11 is a match only without even matches.
        ("classic", False, "likely", 11, {"answer": "no", "match": True}),
        ("classic", True, "likely", 11, {"answer": "no", "match": False}),
        ("classic", True, "almost_certain", 88, {"answer": "yes", "match": True}),
    ],
)
def test_every_surface_answers_alike(
    api: Any,
    home: Path,
    capsys: pytest.CaptureFixture[str],
    ruleset: str,
    even: bool,
    odds: str,
    value: int,
    expected: dict[str, Any],
) -> None:
    assert main(["campaign", "new", "c", "--ruleset", ruleset]) == 0
    if even:
        assert main(["option", "even_matches", "on", "--campaign", "c"]) == 0
    capsys.readouterr()
    events = ask_everywhere(api, "c", odds, value)
    want: dict[str, Any] = {"type": "ask", "odds": odds, "roll": value, **expected}
    if even:
        want["even_matches"] = True
    if ruleset == "starforged":
        want["rule"] = "starforged"
    assert events == [want, want, want]


def test_a_one_shot_ask_names_its_table(capsys: pytest.CaptureFixture[str], home: Path) -> None:
    # Without --record no campaign is read: classic by default, or the table --ruleset names.
    assert main(["ask", "likely", "--value", "76", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["answer"] == "yes"
    assert main(["ask", "likely", "--value", "76", "--ruleset", "starforged"]) == 0
    assert capsys.readouterr().out == "Likely (75 or less): rolled 76 — NO\n"
    assert main(["campaign", "new", "sf", "--ruleset", "starforged"]) == 0
    capsys.readouterr()
    # With --record the campaign's own table; another one is refused and nothing is kept.
    assert main(["ask", "likely", "--value", "76", "--record", "--ruleset", "classic"]) == 2
    assert (
        capsys.readouterr()
        .err.strip()
        .endswith(
            "--ruleset 'classic' is not this campaign's (accepted: starforged, or leave it out)"
        )
    )
    assert main(["ask", "likely", "--value", "76", "--ruleset", "sf"]) == 2
    assert "--ruleset 'sf' is unknown (accepted: classic, starforged)" in capsys.readouterr().err
    assert asked("sf") == []
