"""Parity (issue 18): one scripted session through the command line, play mode and the web
API writes the same events. Each surface plays the same story in its own campaign: a vow, a
move answered by a choice, a change by hand, Enter the Fray with no fight yet (the foe asked
in play mode and over the web, given on the command line), a journal entry, an undo."""

from __future__ import annotations

import io
from typing import Any

from web_support import CHANGE, STATS

from ironsworn.campaign.registry import open_campaign
from ironsworn.cli.main import main
from ironsworn.cli.play.session import PlaySession
from ironsworn.cli.play.terminal import Output
from ironsworn.dice import RandomDice

JOURNAL = "The wind turns cold."


class Lines:
    """Play mode's input, as from a pipe."""

    interactive = False

    def __init__(self, lines: list[str]) -> None:
        self.lines = lines

    def read(self, prompt: str) -> str:
        if not self.lines:
            raise EOFError
        return self.lines.pop(0)


def events_of(campaign: str) -> list[tuple[str, list[dict[str, Any]]]]:
    """The live operations of ``campaign``: kind and events (what is compared)."""
    with open_campaign(campaign, create=False) as store:
        return [(op.kind, [dict(e) for e in op.events]) for op in store.operations()]


def by_cli(campaign: str) -> None:
    for argv in (
        ["character", "new", "Kai", "--stats", STATS, "--bond", "Ironhome"],
        ["vow", "new", "Find", "the", "wolf", "--rank", "dangerous"],
        ["move", "face", "danger", "--stat", "edge", "--dice", "3,5,8"],
        ["choose", "suffer_momentum"],
        ["adjust", "health", "-1"],
        ["move", "enter", "the", "fray", "--foe", "bear", "--stat", "heart", "--dice", "6,1,2"],
        ["journal", "add", JOURNAL],
        ["progress", "mark", "Find the wolf"],
        ["undo"],
    ):
        assert main([*argv, "--campaign", campaign]) == 0, argv


def by_play(campaign: str) -> None:
    assert main(["character", "new", "Kai", "--stats", STATS, "--bond", "Ironhome"]) == 0
    with open_campaign(campaign, create=False) as store:
        out, err = io.StringIO(), io.StringIO()
        lines = [
            "/vow new Find the wolf --rank dangerous",
            "/move face danger --stat edge --dice 3,5,8",
            "suffer_momentum",
            "/adjust health -1",
            "/move enter the fray --stat heart --dice 6,1,2",
            "bear",  # whom do you fight? (asked)
            JOURNAL,
            "/progress mark vow-1",
            "/undo",
        ]
        PlaySession(store, Output(False, out, err), RandomDice(1), Lines(lines)).run()
    assert err.getvalue() == ""


def by_web(api: Any, campaign: str) -> None:
    def do(action: str, body: dict[str, Any]) -> Any:
        return api.post(f"/api/c/{campaign}/actions/{action}", json=body, headers=CHANGE)

    for action, body in (
        ("character", {"name": "Kai", "stats": STATS, "bonds": ["Ironhome"]}),
        ("track", {"kind": "vow", "text": "Find the wolf", "rank": "dangerous"}),
        ("move", {"move": "face danger", "stat": "edge", "dice": [3, 5, 8]}),
        ("choose", {"keys": ["suffer_momentum"]}),
        ("adjust", {"meter": "health", "delta": -1}),
    ):
        assert do(action, body).status_code == 200, (action, do)
    fray = {"move": "enter the fray", "stat": "heart", "dice": [6, 1, 2]}
    asked = do("move", fray)
    assert asked.status_code == 400
    question = asked.json()["question"]
    assert question["input"] == "foe" and "Bear" in [c["key"] for c in question["choices"]]
    assert do("move", {**fray, "foe": "bear"}).status_code == 200
    for action, body in (
        ("journal", {"text": JOURNAL}),
        ("progress", {"track": "Find the wolf"}),
        ("undo", {}),
    ):
        assert do(action, body).status_code == 200, action


def test_the_command_line_play_mode_and_the_web_write_the_same_events(
    api: Any, monkeypatch: Any
) -> None:
    by_cli("cli")
    monkeypatch.setenv("IRONSWORN_CAMPAIGN", "play")
    assert main(["campaign", "new", "play"]) == 0
    by_play("play")
    assert main(["campaign", "new", "web"]) == 0
    by_web(api, "web")
    cli, play, web = events_of("cli"), events_of("play"), events_of("web")
    kinds = [kind for kind, _events in cli]
    assert kinds == ["character", "vow", "move", "choice", "adjust", "move", "journal"]
    assert play == cli
    assert web == cli
