"""The command line on a PostgreSQL database: --database / $IRONSWORN_DATABASE, and copy.

Each test has an empty database of its own on the suite's server (``tests/pg_server.py``).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from campaign_support import fails, run, run_json


@pytest.fixture
def home(home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The shared data home, with the test's own folder as the working directory."""
    monkeypatch.chdir(tmp_path)
    return home


def play_a_little(capsys: pytest.CaptureFixture[str], *where: str) -> None:
    """A character, a move with its pending choice, journal text, an undo and a redo stack."""
    for argv in (
        ["character", "new", "Asha", "--stats", "edge=3,heart=2,iron=2,shadow=1,wits=1"],
        ["vow", "new", "Avenge", "my", "kin", "--rank", "dangerous"],
        ["move", "face", "danger", "--stat", "edge", "--dice", "4,5,9"],
        ["journal", "add", "Ünder the ash-grey sky — I swear."],
        ["adjust", "health", "-1"],
        ["undo"],
        ["adjust", "spirit", "-1"],
        ["undo"],
        ["undo"],
        ["redo"],
    ):
        code, _out, err = run(capsys, *argv, *where)
        assert code == 0, (argv, err)


def test_campaign_new_list_use_and_commands_in_the_database(
    home: Path, empty_postgres_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    db = ("--database", empty_postgres_url)
    made = run_json(capsys, "campaign", "new", "alpha", *db)
    assert made["current"] is True and "campaign 'alpha'" in made["path"]
    assert not (home / "campaigns" / "alpha.sqlite").exists()  # not a file
    run_json(capsys, "campaign", "new", "beta", "--ruleset", "starforged", *db)
    # 'new' made beta current: commands without --campaign use it, in the database.
    play_a_little(capsys, "--campaign", "alpha", *db)
    listed = run_json(capsys, "campaign", "list", *db)
    assert [(c["name"], c["current"]) for c in listed] == [("alpha", False), ("beta", True)]
    assert listed[0]["operations"] > 0 and listed[1]["operations"] == 1  # beta: its ruleset
    run_json(capsys, "campaign", "use", "alpha", *db)
    shown = run_json(capsys, "campaign", "show", *db)
    assert shown["name"] == "alpha" and shown["exists"] is True
    log = run_json(capsys, "log", "--all", *db)
    assert [(op["seq"], op["kind"], op["status"]) for op in log] == [
        (1, "character", "live"),
        (2, "vow", "live"),
        (3, "move", "live"),
        (4, "journal", "live"),
        (5, "adjust", "discarded"),
        (6, "adjust", "undone"),
    ]
    # The same through the environment, as an administrator's shell would have it.
    with pytest.MonkeyPatch.context() as env:
        env.setenv("IRONSWORN_DATABASE", empty_postgres_url)
        env.setenv("IRONSWORN_CAMPAIGN", "alpha")
        again = run_json(capsys, "log", "--all")
        assert again == log
        assert run_json(capsys, "undo")["undone"]["seq"] == 4
    assert [op["seq"] for op in run_json(capsys, "log", "--campaign", "alpha", *db)] == [1, 2, 3]
    assert run(capsys, "campaign", "new", "alpha", *db)[0] == 2  # exists already


def test_a_path_still_means_a_file_with_a_database_set(
    home: Path, tmp_path: Path, empty_postgres_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    db = ("--database", empty_postgres_url)
    code, _out, err = run(capsys, "journal", "add", "in a file", "--campaign", "here.sqlite", *db)
    assert code == 0, err
    assert (tmp_path / "here.sqlite").is_file()
    assert run_json(capsys, "campaign", "list", *db) == []


@pytest.mark.parametrize(
    "argv",
    [
        ["log", "--database", "mysql://x/y"],
        ["campaign", "list", "--database", "not a url"],
        ["campaign", "copy", "only-one", "--database", "postgresql://u@/d?host=/nonexistent"],
    ],
)
def test_bad_database_options_are_one_line(
    home: Path, capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    fails(capsys, *argv)


def test_copy_both_directions_is_lossless(
    home: Path, tmp_path: Path, empty_postgres_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    db = ("--database", empty_postgres_url)
    play_a_little(capsys, "--campaign", "start.sqlite")
    run_json(capsys, "campaign", "copy", "start.sqlite", "hosted", *db)
    run_json(capsys, "campaign", "copy", "hosted", "back.sqlite", *db)
    exports = [
        run(capsys, "export", "json", "--campaign", where, *db)[1]
        for where in ("start.sqlite", "hosted", "back.sqlite")
    ]
    documents = [json.loads(text) for text in exports]
    assert documents[0]["operations"] == documents[1]["operations"] == documents[2]["operations"]
    statuses = {op["status"] for op in documents[0]["operations"]}
    assert statuses == {"live", "undone", "discarded"}
    assert exports[0] == exports[1] == exports[2]  # created time too: byte for byte
    # The copies play on: the same state from the same log.
    sheets = [
        run_json(capsys, "sheet", "--campaign", where, *db)
        for where in ("start.sqlite", "hosted", "back.sqlite")
    ]
    assert sheets[0] == sheets[1] == sheets[2]


def test_copy_refuses_an_existing_target_and_changes_nothing(
    home: Path, tmp_path: Path, empty_postgres_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    db = ("--database", empty_postgres_url)
    play_a_little(capsys, "--campaign", "a.sqlite")
    run_json(capsys, "journal", "add", "already here", "--campaign", "taken", *db)
    before = run(capsys, "export", "json", "--campaign", "taken", *db)[1]
    assert "already exists" in fails(capsys, "campaign", "copy", "a.sqlite", "taken", *db)
    assert run(capsys, "export", "json", "--campaign", "taken", *db)[1] == before
    assert "not found" in fails(capsys, "campaign", "copy", "missing", "b.sqlite", *db)
    assert not (tmp_path / "b.sqlite").exists()
    assert run_json(capsys, "campaign", "list", *db)[0]["name"] == "taken"
    assert len(run_json(capsys, "campaign", "list", *db)) == 1


def test_play_mode_on_a_database_campaign(
    home: Path, empty_postgres_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    import os
    import subprocess
    import sys

    env = {**os.environ, "IRONSWORN_HOME": str(home)}
    command = ["play", "--database", empty_postgres_url, "--campaign", "played"]
    done = subprocess.run(
        [sys.executable, "-m", "ironsworn", *command],
        input="/skip\nThe ash falls on Cinderhome.\n/log\n/quit\n",
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    # /log ran as a command of the session: pointed at the same database campaign.
    assert "journal: The ash falls on Cinderhome." in done.stdout
    log = run_json(capsys, "log", "--campaign", "played", "--database", empty_postgres_url)
    assert [(op["kind"], op["events"][0].get("text")) for op in log] == [
        ("journal", "The ash falls on Cinderhome.")
    ]


def test_import_json_into_the_database_round_trips(
    home: Path, tmp_path: Path, empty_postgres_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    db = ("--database", empty_postgres_url)
    play_a_little(capsys, "--campaign", "source.sqlite")
    exported = run(capsys, "export", "json", "--campaign", "source.sqlite", "-o", "saga.json")
    assert exported[0] == 0, exported[2]
    imported = run_json(capsys, "import", "json", "saga.json", *db)
    assert imported["name"] == "saga" and "campaign 'saga'" in imported["path"]
    again = run(capsys, "export", "json", "--campaign", "saga", *db)[1]
    assert again == (tmp_path / "saga.json").read_text(encoding="utf-8")
    # A second import of the same name is refused, and a bad file leaves no campaign behind.
    assert "already exists" in fails(capsys, "import", "json", "saga.json", *db)
    # Well-formed, but the state refuses it (edge 9) only once writing has begun.
    document = json.loads((tmp_path / "saga.json").read_text(encoding="utf-8"))
    document["operations"][0]["events"][0]["character"]["stats"]["edge"] = 9
    (tmp_path / "bad.json").write_text(json.dumps(document), encoding="utf-8")
    fails(capsys, "import", "json", "bad.json", *db)
    assert [c["name"] for c in run_json(capsys, "campaign", "list", *db)] == ["saga"]


def test_a_campaign_made_current_in_a_database_named_once_says_how_to_reach_it(
    home: Path,
    empty_postgres_url: str,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The current campaign is kept by name: a command without the database looks for a file.
    hint = "give --database with every command that plays it, or set $IRONSWORN_DATABASE"
    code, out, _err = run(capsys, "campaign", "new", "alpha", "--database", empty_postgres_url)
    assert code == 0 and "it is now the current campaign; it is in the database" in out
    assert hint in out
    code, out, _err = run(capsys, "campaign", "use", "alpha", "--database", empty_postgres_url)
    assert code == 0 and hint in out
    monkeypatch.setenv("IRONSWORN_DATABASE", empty_postgres_url)
    code, out, _err = run(capsys, "campaign", "use", "alpha")
    assert code == 0 and "it is in the database" not in out
    code, out, _err = run(capsys, "campaign", "new", "beta")
    assert code == 0 and "it is in the database" not in out
