"""Journal entries edited and deleted (issue 21): each change is an operation that undo takes
back and redo makes again, on SQLite and PostgreSQL; the journal, the export and the web's
timeline read the entry as it now stands; bad input changes nothing; the command line and play
mode do it."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from backends import Backend
from campaign_support import fails, run, run_json

from ironsworn.campaign.export import markdown
from ironsworn.campaign.journal import entries
from ironsworn.campaign.journal_edits import current_texts, delete_entry, edit_entry
from ironsworn.campaign.registry import open_campaign
from ironsworn.campaign.store import Store
from ironsworn.campaign.store.sqlite import CampaignStore
from ironsworn.errors import InvalidValue, NotFound


@pytest.fixture(params=["sqlite", "postgres"])
def backend(request: pytest.FixtureRequest, tmp_path: Path) -> Backend:
    if request.param == "postgres":
        return Backend("postgres", tmp_path, request.getfixturevalue("postgres_url"))
    return Backend("sqlite", tmp_path)


def texts(store: Store[Any]) -> list[str]:
    return [e["text"] for e in entries(store.operations()) if e["text"] is not None]


def open_real(backend: Backend) -> Store[Any]:
    from ironsworn.campaign.state import CampaignState

    return backend.open("j", state_type=CampaignState)


def test_edit_and_delete_undo_and_redo(backend: Backend) -> None:
    with open_real(backend) as store:
        first = store.journal_add("We reach the gate.")
        second = store.journal_add("Second thoughts.")
        edited = edit_entry(store, first.seq, "We reach the old gate at dusk.")
        assert edited.kind == "journal_edit"
        assert edited.events[0] == {
            "type": "journal_edited",
            "entry": first.seq,
            "from": "We reach the gate.",
            "to": "We reach the old gate at dusk.",
        }
        assert texts(store) == ["We reach the old gate at dusk.", "Second thoughts."]
        deleted = delete_entry(store, second.seq)
        assert deleted.events[0] == {
            "type": "journal_deleted",
            "entry": second.seq,
            "text": "Second thoughts.",
        }
        assert texts(store) == ["We reach the old gate at dusk."]
        # Edit and deletion are not entries of the journal themselves.
        assert [e["seq"] for e in entries(store.operations())] == [first.seq]
        store.undo()
        assert texts(store) == ["We reach the old gate at dusk.", "Second thoughts."]
        store.undo()
        assert texts(store) == ["We reach the gate.", "Second thoughts."]
        store.redo()
        assert texts(store) == ["We reach the old gate at dusk.", "Second thoughts."]
        # A second edit starts from the text as it now stands.
        again = edit_entry(store, first.seq, "At dusk, the old gate.")
        assert again.events[0]["from"] == "We reach the old gate at dusk."


@pytest.mark.parametrize(
    ("change", "error", "message"),
    [
        (lambda s: edit_entry(s, 99, "x"), NotFound, "journal entry #99 is not a journal entry"),
        (lambda s: edit_entry(s, 1, "  "), InvalidValue, "the new text is empty"),
        (lambda s: edit_entry(s, 1, "Kept."), InvalidValue, "already says that"),
        (lambda s: delete_entry(s, 2), NotFound, "journal entry #2 was deleted"),
        (lambda s: edit_entry(s, 3, "x"), NotFound, "#3 is not a journal entry"),
    ],
)
def test_bad_changes_are_refused_and_change_nothing(
    tmp_path: Path, change: Any, error: type[Exception], message: str
) -> None:
    with CampaignStore.open(tmp_path / "c.sqlite", create=True) as store:
        store.journal_add("Kept.")
        store.journal_add("Gone.")
        delete_entry(store, 2)
        before = [op.to_dict() for op in store.operations(include_undone=True)]
        with pytest.raises(error, match=message):
            change(store)
        assert [op.to_dict() for op in store.operations(include_undone=True)] == before


def test_the_export_and_the_web_timeline_read_the_entry_as_it_stands(tmp_path: Path) -> None:
    from ironsworn.web.reads import timeline

    with CampaignStore.open(tmp_path / "c.sqlite", create=True) as store:
        store.journal_add("Old words.")
        store.journal_add("Doomed words.")
        edit_entry(store, 1, "New words.")
        delete_entry(store, 2)
        story = markdown(store)
        assert "New words." in story
        assert "Old words." not in story and "Doomed words." not in story
        assert "journal" not in story.lower().split("## characters")[0].replace("# c", "")
        shown = timeline(store, None)
        assert [(e["seq"], e["text"]) for e in shown] == [(1, "New words.")]
        # A page of earlier operations reads the later edit too.
        assert [e["text"] for e in timeline(store, 1, 2)] == ["New words."]
        assert current_texts(store.operations()) == {1: "New words.", 2: None}


def test_the_command_line_edits_and_deletes(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("IRONSWORN_HOME", str(tmp_path / "home"))
    monkeypatch.delenv("IRONSWORN_CAMPAIGN", raising=False)
    run(capsys, "campaign", "new", "j")
    run(capsys, "journal", "add", "We reach the gate.")
    run(capsys, "journal", "add", "A second entry.")
    done = run_json(capsys, "journal", "edit", "#1", "We reach the old gate.")
    assert done["edited"]["events"][0]["to"] == "We reach the old gate."
    assert run(capsys, "journal", "delete", "2")[1] == (
        "journal entry #2 deleted ('ironsworn undo' takes it back)\n"
    )
    read = run_json(capsys, "journal")
    assert [e["text"] for e in read] == ["We reach the old gate."]
    home = tmp_path / "home"
    files = {p: p.read_bytes() for p in home.rglob("*") if p.is_file()}
    assert "journal entry 'x' is not an entry number" in fails(capsys, "journal", "edit", "x", "y")
    assert "needs the entry's number" in fails(capsys, "journal", "delete")
    assert "takes only the entry's number" in fails(capsys, "journal", "delete", "1", "now")
    assert "journal entry #2 was deleted" in fails(capsys, "journal", "edit", "2", "back")
    assert {p: p.read_bytes() for p in home.rglob("*") if p.is_file()} == files
    run(capsys, "undo")
    assert [e["text"] for e in run_json(capsys, "journal")] == [
        "We reach the old gate.",
        "A second entry.",
    ]


def test_play_mode_edits_and_deletes(tmp_path: Path) -> None:
    from ironsworn.cli.play.session import PlaySession
    from ironsworn.cli.play.terminal import Output
    from ironsworn.dice import RandomDice

    class Lines:
        interactive = False

        def __init__(self, lines: list[str]) -> None:
            self.lines = lines

        def read(self, prompt: str) -> str:
            if not self.lines:
                raise EOFError
            return self.lines.pop(0)

    path = tmp_path / "p.sqlite"
    with CampaignStore.open(path, create=True) as store:
        store.journal_add("First.")
        store.journal_add("Second.")
    out = io.StringIO()
    script = [
        "/skip",
        "/journal edit 1 First, rewritten.",
        "/journal delete #2",
        "/journal edit the map is torn",  # no number: written as an entry
        "/journal edit 9 nothing here",
        "/undo",
    ]
    with CampaignStore.open(path) as store:
        PlaySession(store, Output(False, out, io.StringIO()), RandomDice(1), Lines(script)).run()
    shown = out.getvalue()
    assert "journal #1 edited (/undo takes it back)" in shown
    assert "journal #2 deleted (/undo takes it back)" in shown
    with open_campaign(str(path), create=False) as store:
        # The last entry was undone; the edit and the deletion stand.
        assert texts(store) == ["First, rewritten."]
        kinds = [op.kind for op in store.operations()]
    assert kinds == ["journal", "journal", "journal_edit", "journal_delete"]
    assert json.dumps(kinds)
