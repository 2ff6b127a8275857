"""The campaign commands through ``ironsworn.cli.main.main``, with IRONSWORN_HOME in tmp_path."""

from __future__ import annotations

import io
import json
import sqlite3
from pathlib import Path

import pytest
from campaign_support import fails, run, run_json

from ironsworn.campaign import registry
from ironsworn.campaign.store import CampaignStore

KAI = {"name": "Kai", "stats": {"edge": 3, "heart": 2, "iron": 2, "shadow": 1, "wits": 1}}


@pytest.fixture
def home(home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The shared data home, with the test's own folder as the working directory."""
    monkeypatch.chdir(tmp_path)
    return home


def with_character(path: Path) -> None:
    with CampaignStore.open(path, create=True) as store, store.write() as tx:
        tx.append("character", [{"type": "character_created", "character": KAI}], character="Kai")


def default_path(home: Path) -> Path:
    return home / "campaigns" / "default.sqlite"


# ---------------------------------------------------------------------------------- campaign


def test_campaign_new_list_use_show(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "campaign")
    assert code == 0 and "default.sqlite (chosen by default) does not exist yet" in out
    data = run_json(capsys, "campaign", "new", "ironlands")
    assert data == {
        "name": "ironlands",
        "path": str(home / "campaigns" / "ironlands.sqlite"),
        "current": True,
        "ruleset": "classic",
    }
    code, out, _ = run(capsys, "campaign", "new", "havens")
    assert code == 0 and "it is now the current campaign" in out
    code, out, _ = run(capsys, "campaign", "use", "ironlands")
    assert code == 0 and out.startswith("current campaign: ironlands")
    listed = run_json(capsys, "campaign", "list")
    assert [(c["name"], c["current"], c["operations"]) for c in listed] == [
        ("havens", False, 0),
        ("ironlands", True, 0),
    ]
    code, out, _ = run(capsys, "campaign", "list")
    assert out.splitlines() == ["  havens     0 operations", "* ironlands  0 operations"]
    shown = run_json(capsys, "campaign")
    assert shown["name"] == "ironlands" and shown["chosen_by"] == "the current campaign"


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["campaign", "new"], "a NAME is required"),
        (["campaign", "use"], "a NAME is required"),
        (["campaign", "new", "bad/name"], "'bad/name' is not valid"),
        (["campaign", "new", "-x"], "expected one argument|not valid|unrecognized"),
        (["campaign", "use", "nowhere"], "'nowhere' does not exist"),
        (["campaign", "list", "extra"], "takes no NAME"),
        (
            ["campaign", "delete", "x"],
            r"'delete' is unknown \(accepted: show, new, list, use, copy\)",
        ),
    ],
)
def test_campaign_bad_input(
    home: Path, capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    import re

    err = fails(capsys, *argv)
    assert re.search(message, err), err
    assert not (home / "campaigns").exists()


def test_campaign_new_refuses_an_existing_name(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(capsys, "campaign", "new", "ironlands")[0] == 0
    assert run(capsys, "journal", "add", "Kept.")[0] == 0
    before = (home / "campaigns" / "ironlands.sqlite").read_bytes()
    assert "already exists" in fails(capsys, "campaign", "new", "ironlands")
    assert (home / "campaigns" / "ironlands.sqlite").read_bytes() == before


def test_env_var_chooses_the_campaign(
    home: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("IRONSWORN_CAMPAIGN", "fromenv")
    assert run(capsys, "journal", "add", "Hello")[0] == 0
    assert (home / "campaigns" / "fromenv.sqlite").is_file()
    assert not default_path(home).exists()
    _code, out, _ = run(capsys, "campaign", "use", "fromenv")
    assert "$IRONSWORN_CAMPAIGN=fromenv takes precedence" in out


# ------------------------------------------------------------------------------------ journal


def test_journal_add_and_read(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with_character(default_path(home))
    added = run_json(
        capsys, "journal", "add", "We", "set", "out", "at", "dawn.", "--character", "kai"
    )
    assert added["added"]["events"] == [{"text": "We set out at dawn.", "type": "journal"}]
    assert added["added"]["character"] == "Kai"  # spelled as the state spells it
    assert run(capsys, "journal", "add", "An aside.")[0] == 0  # the only character's
    entries = run_json(capsys, "journal")
    assert [(e["seq"], e["text"], e["character"]) for e in entries] == [
        (1, None, "Kai"),
        (2, "We set out at dawn.", "Kai"),
        (3, "An aside.", "Kai"),
    ]
    assert (
        entries[0]["mechanics"]
        == "Kai enters the story (edge 3, heart 2, iron 2, shadow 1, wits 1)"
    )
    _code, out, _ = run(capsys, "journal")
    lines = out.splitlines()
    assert lines[0].endswith(  # named once (issue 13: no "Kai: Kai enters...")
        "· Kai enters the story (edge 3, heart 2, iron 2, shadow 1, wits 1)"
    )
    assert lines[1].endswith("  Kai: We set out at dawn.")
    assert lines[2].endswith("  Kai: An aside.")
    assert [e["seq"] for e in run_json(capsys, "journal", "--character", "KAI")] == [1, 2, 3]
    assert [e["seq"] for e in run_json(capsys, "journal", "--limit", "1")] == [3]


def test_journal_add_creates_the_default_campaign(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(capsys, "journal", "add", "First words.")
    assert code == 0 and out == "journal entry #1 added\n"
    assert default_path(home).is_file()


def test_journal_add_reads_standard_input(
    home: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("Line one.\nLine two.\n"))
    assert run(capsys, "journal", "add", "-")[0] == 0
    assert run_json(capsys, "journal")[0]["text"] == "Line one.\nLine two."


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["journal", "add"], "the entry is empty"),
        (["journal", "add", "  "], "the entry is empty"),
        (["journal", "write", "x"], "unknown action 'write'"),
        (
            ["journal", "add", "x", "--character", "Nobody"],
            "character 'Nobody' is unknown|no character",
        ),
        (["journal", "--limit", "0"], "--limit 0 is out of range"),
    ],
)
def test_journal_bad_input_writes_nothing(
    home: Path, capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    import re

    with_character(default_path(home))
    before = default_path(home).read_bytes()
    err = fails(capsys, *argv)
    assert re.search(message, err), err
    assert default_path(home).read_bytes() == before


def test_unknown_character_on_a_campaign_not_yet_created(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fails(capsys, "journal", "add", "x", "--character", "Nobody")
    assert not default_path(home).exists()


# ------------------------------------------------------------------------ log, undo, redo


def test_undo_tells_what_it_took_back_in_the_logs_words(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """What undo took back is told as the log tells it ("undid #2 equipment: Asha's
    equipment: a coil of rope", not "equipment: equipment"; "debility: Kai: wounded marked",
    not "debility:wounded False -> True"); a move by its name and outcome."""
    with_character(default_path(home))
    assert run(capsys, "equipment", "add", "a coil of rope")[0] == 0
    code, out, _ = run(capsys, "undo")
    assert code == 0 and out.startswith("undid #") and "a coil of rope" in out, out
    assert "equipment: equipment" not in out
    assert run(capsys, "debility", "mark", "wounded")[0] == 0
    told = run(capsys, "undo")[1]
    assert " debility: Kai: wounded marked" in told and "False" not in told, told
    assert run(capsys, "move", "face danger", "--stat", "edge", "--dice", "6,1,2")[0] == 0
    assert run(capsys, "undo")[1].endswith(" move: Face Danger (strong hit)\n")


def test_undo_of_an_answer_says_whose_answer_to_which_move(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """An answer to a decision taken back or put back reads as one: "undid #4: Kai's answer to
    Resupply: declined", not "undid #4 decline: declined"; a choice's changes in their order."""
    with_character(default_path(home))
    assert run(capsys, "adjust", "supply", "-2")[0] == 0
    assert run(capsys, "move", "resupply", "--dice", "6,6,9")[0] == 0  # a weak hit: take up to 2
    assert run(capsys, "decline")[0] == 0
    assert run(capsys, "undo")[1] == "undid #4: Kai's answer to Resupply: declined\n"
    assert run(capsys, "redo")[1] == "redid #4: Kai's answer to Resupply: declined\n"
    assert run(capsys, "undo")[0] == 0
    assert run(capsys, "choose", "take_1")[0] == 0
    assert run(capsys, "undo")[1] == (
        "undid #5: Kai's answer to Resupply: chose take 1; supply 3 → 4; momentum 2 → 1\n"
    )


def test_log_undo_redo(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for text in ("One.", "Two.", "Three."):
        assert run(capsys, "journal", "add", text)[0] == 0
    code, out, _ = run(capsys, "undo")
    assert code == 0 and out == "undid #3 journal: Three.\n"
    assert run(capsys, "redo")[1] == "redid #3 journal: Three.\n"
    assert run(capsys, "undo")[0] == 0
    undone = run_json(capsys, "undo")
    assert undone["undone"]["seq"] == 2 and undone["undone"]["status"] == "undone"
    assert [op["seq"] for op in run_json(capsys, "log")] == [1]
    every = run_json(capsys, "log", "--all")
    assert [(op["seq"], op["status"]) for op in every] == [
        (1, "live"),
        (2, "undone"),
        (3, "undone"),
    ]
    code, out, _ = run(capsys, "log", "--all")
    assert out.splitlines()[2].endswith("journal: Three. (undone)")
    code, out, _ = run(capsys, "redo")
    assert code == 0 and out == "redid #2 journal: Two.\n"
    assert [op["seq"] for op in run_json(capsys, "log", "--limit", "1")] == [2]
    assert run(capsys, "journal", "add", "Four.")[0] == 0
    assert "nothing to redo" in fails(capsys, "redo")
    for _ in range(3):
        assert run(capsys, "undo")[0] == 0
    assert "nothing to undo" in fails(capsys, "undo")
    code, out, _ = run(capsys, "log")
    assert out == "the log is empty\n"


def test_log_events(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with_character(default_path(home))
    _code, out, _ = run(capsys, "log", "--events")
    assert (
        out.splitlines()[1]
        == "        - Kai enters the story (edge 3, heart 2, iron 2, shadow 1, wits 1)"
    )


@pytest.mark.parametrize("command", ["log", "journal", "undo", "redo", "export markdown"])
def test_reading_a_missing_campaign_fails_and_creates_nothing(
    home: Path, capsys: pytest.CaptureFixture[str], command: str
) -> None:
    err = fails(capsys, *command.split())
    assert "default.sqlite: campaign not found" in err
    assert not home.exists()


@pytest.mark.parametrize("command", ["log", "journal add x", "undo", "export json", "campaign"])
def test_a_foreign_file_is_refused_untouched(
    home: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str
) -> None:
    foreign = tmp_path / "notes.db"
    conn = sqlite3.connect(foreign)
    conn.execute("CREATE TABLE notes (text TEXT)")
    conn.commit()
    conn.close()
    before = foreign.read_bytes()
    err = fails(capsys, *command.split(), "--campaign", str(foreign))
    assert f"{foreign}: not an ironsworn campaign" in err
    assert foreign.read_bytes() == before


# ----------------------------------------------------------------------------- export, import


def test_export_import_export_is_identical(
    home: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with_character(default_path(home))
    for text in ("Ash and ✶ iron.", "Second."):
        assert run(capsys, "journal", "add", text, "--character", "Kai")[0] == 0
    assert run(capsys, "undo")[0] == 0
    first = tmp_path / "first.json"
    code, out, _ = run(capsys, "export", "json", "-o", str(first))
    assert code == 0 and str(first) in out
    imported = run_json(capsys, "import", "json", str(first), "--name", "copy")
    assert imported == {
        "name": "copy",
        "path": str(home / "campaigns" / "copy.sqlite"),
        "operations": 3,
    }
    second = tmp_path / "second.json"
    assert run(capsys, "export", "json", "-o", str(second), "--campaign", "copy")[0] == 0
    assert second.read_bytes() == first.read_bytes()
    # Without -o the export goes to stdout, and it is the same text.
    code, out, _ = run(capsys, "export", "json", "--campaign", "copy")
    assert out == first.read_text(encoding="utf-8")
    # The current campaign did not change.
    assert registry.current_name() == "default"


def test_import_names_the_campaign_after_the_file(
    home: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(capsys, "journal", "add", "x")[0] == 0
    target = tmp_path / "saga.json"
    assert run(capsys, "export", "json", "-o", str(target))[0] == 0
    code, out, _ = run(capsys, "import", "json", str(target))
    assert code == 0 and "campaign 'saga'" in out and "campaign use saga" in out
    assert "already exists" in fails(capsys, "import", "json", str(target))
    odd = tmp_path / "my saga.json"
    odd.write_bytes(target.read_bytes())
    assert "give one with --name" in fails(capsys, "import", "json", str(odd))
    explicit = tmp_path / "elsewhere.sqlite"
    assert run(capsys, "import", "json", str(odd), "--campaign", str(explicit))[0] == 0
    assert explicit.is_file()


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("", "not JSON"),
        ('{"format": "other"}', "not an ironsworn campaign export"),
        (
            '{"format": "ironsworn-campaign", "format_version": 1, "operations": [{"seq": 1}]}',
            r"operations\[0\] has no 'kind'",
        ),
    ],
)
def test_import_of_a_bad_file_writes_nothing(
    home: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], content: str, message: str
) -> None:
    import re

    bad = tmp_path / "bad.json"
    bad.write_text(content, encoding="utf-8")
    err = fails(capsys, "import", "json", str(bad))
    assert re.search(message, err) and str(bad) in err
    assert not (home / "campaigns" / "bad.sqlite").exists()
    campaigns = home / "campaigns"
    assert not campaigns.exists() or list(campaigns.iterdir()) == []


def test_import_format_must_be_json(
    home: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    err = fails(capsys, "import", "yaml", str(tmp_path / "x"))
    assert "'yaml' is unknown (accepted: json, iron-vault)" in err


def test_export_markdown(home: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with_character(default_path(home))
    assert run(capsys, "journal", "add", "The story begins.", "--character", "Kai")[0] == 0
    code, out, _ = run(capsys, "export", "markdown")
    assert code == 0
    assert out.startswith("# default\n\n## Session 1 — ")
    assert "The story begins." in out and "### Kai" in out
    story = tmp_path / "story.md"
    data = run_json(capsys, "export", "markdown", "-o", str(story))
    assert data["output"] == str(story)
    assert story.read_text(encoding="utf-8") == out
    as_json = run_json(capsys, "export", "markdown")
    assert as_json["markdown"] == out


def test_export_to_a_missing_folder_fails_cleanly(
    home: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(capsys, "journal", "add", "x")[0] == 0
    err = fails(capsys, "export", "json", "-o", str(tmp_path / "no" / "such" / "x.json"))
    assert "cannot write" in err


def test_log_tail_names_tracks_from_the_state(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with_character(default_path(home))
    with CampaignStore.open(default_path(home)) as store:
        with store.write() as tx:
            track = {
                "id": "vow-1",
                "kind": "vow",
                "name": "Avenge my kin",
                "rank": "dangerous",
                "ticks": 0,
                "characters": ["Kai"],
            }
            tx.append("vow", [{"type": "track_created", "track": track}], character="Kai")
        with store.write() as tx:
            tx.append("move", [{"type": "progress", "track": "vow-1", "from": 0, "to": 4}])
    _code, out, _ = run(capsys, "log", "--limit", "1")
    assert len(out.splitlines()) == 1
    assert out.rstrip().endswith("move: Avenge my kin: progress 0 → 4 ticks (1 box)")
    entries = run_json(capsys, "journal", "--limit", "1")
    assert entries[0]["mechanics"] == "Avenge my kin: progress 0 → 4 ticks (1 box)"


def test_a_log_the_state_refuses_can_still_be_read_and_undone(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with_character(default_path(home))
    with CampaignStore.open(default_path(home)) as store, store.write() as tx:
        assert tx.state.character("Kai").health == 5
        # A caller that took the state vouches for its events; this one lies.
        tx.append(
            "edit", [{"type": "meter", "character": "Kai", "meter": "health", "from": 2, "to": 1}]
        )
    # The story is still told; the sheets' place says why they are missing.
    code, out, _ = run(capsys, "export", "markdown")
    assert code == 0 and "operation 2: the state refused a 'meter' event" in out
    assert "Kai enters the story" in out
    code, out, _ = run(capsys, "log", "--limit", "1")
    assert code == 0 and "Kai: health 2 → 1" in out
    assert run(capsys, "undo")[0] == 0
    code, out, _ = run(capsys, "export", "markdown")
    assert code == 0 and "Health 5 · " in out


def test_json_export_has_one_operation_per_line(
    home: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for text in ("One.", "Two."):
        assert run(capsys, "journal", "add", text)[0] == 0
    _code, out, _ = run(capsys, "export", "json")
    lines = out.splitlines()
    assert lines[:2] == ["{", '  "format": "ironsworn-campaign",']
    assert lines[-4:-2] == [line for line in lines if line.startswith('    {"seq": ')][-2:]
    assert [json.loads(line.strip().rstrip(","))["seq"] for line in lines[-4:-2]] == [1, 2]
    assert json.loads(out)["operations"][1]["events"] == [{"text": "Two.", "type": "journal"}]
