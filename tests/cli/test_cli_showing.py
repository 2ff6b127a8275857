"""What the command line shows of the game (issue 13): tracks drawn as boxes, the full sheet."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from ironsworn.cli.main import main
from ironsworn.cli.sheet_text import track_row, unicode_ok


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    code = main(list(argv))
    out, err = capsys.readouterr()
    assert code == 0, err
    return out


def kaelen(capsys: pytest.CaptureFixture[str]) -> None:
    run(
        capsys,
        *("character", "new", "Kaelen", "--stats", "edge=3,heart=2,iron=2,shadow=1,wits=1"),
        *("--bond", "Elda", "--asset", "hawk:1=Kestrel"),
    )
    run(capsys, "vow", "new", "Avenge", "my", "kin", "--rank", "extreme")
    run(capsys, "journey", "new", "To", "the", "Veiled", "Mountains", "--rank", "dangerous")
    run(capsys, "fight", "new", "--foe", "bear")
    run(capsys, "progress", "mark", "vow-1", "--ticks", "9")
    run(capsys, "progress", "mark", "journey-2", "--times", "2")


def test_track_list_draws_each_track_with_rank_and_score(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    kaelen(capsys)
    lines = run(capsys, "track", "list").splitlines()
    assert lines == [
        "vow-1      vow       extreme      [#][#][/][ ][ ][ ][ ][ ][ ][ ]   9 ticks, score  2  "
        "Avenge my kin",
        "journey-2  journey   dangerous    [#][#][#][#][ ][ ][ ][ ][ ][ ]  16 ticks, score  4  "
        "To the Veiled Mountains",
        "fight-3    fight     formidable   [ ][ ][ ][ ][ ][ ][ ][ ][ ][ ]   0 ticks, score  0  "
        "Bear",
    ]


def test_sheet_lists_open_tracks_and_the_text_of_marked_abilities(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    kaelen(capsys)
    text = run(capsys, "sheet")
    assert "  vows:\n    vow-1      extreme      [#][#][/][ ]" in text
    assert "  journeys:\n    journey-2  dangerous    [#][#][#][#][ ]" in text
    assert "  fights:\n    fight-3    formidable" in text
    assert "  assets:\n    Hawk “Kestrel” *-- (health 3/3)\n      1. " in text
    marked = text.split("Hawk “Kestrel” *-- (health 3/3)\n")[1].splitlines()
    assert len(marked) == 1  # only the marked ability is spelled out
    assert "Undertake a Journey" in marked[0]


def test_sheet_json_lists_every_open_track(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import json

    kaelen(capsys)
    sheet = json.loads(run(capsys, "sheet", "--json"))
    assert [(t["id"], t["kind"], t["score"]) for t in sheet["tracks"]] == [
        ("vow-1", "vow", 2),
        ("journey-2", "journey", 4),
        ("fight-3", "fight", 0),
    ]
    assert [v["id"] for v in sheet["vows"]] == ["vow-1"]


class FakeTerminal(io.StringIO):
    def __init__(self, encoding: str, tty: bool = True) -> None:
        super().__init__()
        self._encoding, self._tty = encoding, tty

    @property
    def encoding(self) -> str:
        return self._encoding

    def isatty(self) -> bool:
        return self._tty


@pytest.mark.parametrize(
    ("stream", "expected"),
    [
        (FakeTerminal("utf-8"), True),
        (FakeTerminal("ascii"), False),  # a terminal that cannot show the boxes
        (FakeTerminal("utf-8", tty=False), False),  # a pipe or a file: plain ASCII
    ],
)
def test_unicode_only_where_the_terminal_shows_it(stream: FakeTerminal, expected: bool) -> None:
    assert unicode_ok(stream) is expected


def test_track_row_in_unicode_and_finished() -> None:
    track = {"id": "vow-1", "kind": "vow", "rank": "epic", "ticks": 14, "name": "X"}
    assert track_row(track, unicode=True) == (
        "vow-1      vow       epic         ●●●◑○○○○○○  14 ticks, score  3  X"
    )
    assert track_row({**track, "status": "fulfilled"}).endswith("X [fulfilled]")


def test_track_rows_line_up_with_starforged_ids() -> None:
    # "expedition-3" and "connection" are wider than the columns of "vow-1" and "vow": the
    # columns widen so every row's rank starts in the same place.
    from ironsworn.cli.sheet_text import tracks_text

    tracks = [
        {"id": "vow-1", "kind": "vow", "rank": "epic", "ticks": 0, "name": "A"},
        {"id": "expedition-3", "kind": "expedition", "rank": "dangerous", "ticks": 8, "name": "B"},
        {"id": "connection-4", "kind": "connection", "rank": "dangerous", "ticks": 0, "name": "C"},
    ]
    rows = tracks_text(tracks).splitlines()
    assert rows[0].startswith("vow-1         vow         epic ")
    assert {row.index("[") for row in rows} == {len("vow-1         vow         epic         ")}
