"""The table's operations on the player's campaigns and packs, and the campaign table's
journal edit, journal delete and export (issue 18: "remaining table operations").

Generated from the declarations as for the campaign table's operations: each required input
left out gives a question, each value of the wrong kind an error naming the input, and
neither changes anything (the data home's files are the same). Then each in real use.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from ironsworn.campaign.store import CampaignStore
from ironsworn.errors import Forbidden, InvalidValue, IronswornError, NotFound
from ironsworn.table import Question, Table, call
from ironsworn.table.home import home_call, home_operations, home_registry, home_table

STATS = "edge=3,heart=2,iron=2,shadow=1,wits=1"
WRONG = {"text": 7, "int": "many", "bool": "yes", "texts": "one", "ints": ["x"], "dice": True}
SAMPLE = {"text": "x", "int": 1, "bool": True, "texts": ["x"], "ints": [1], "dice": "1"}


def files_of(folder: Path) -> list[str]:
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*")) if folder.exists() else []


@pytest.mark.parametrize(
    ("name", "missing"),
    [(op.name, i.name) for op in home_operations() for i in op.inputs if i.required],
)
def test_each_required_input_left_out_gives_a_question(home: Path, name: str, missing: str) -> None:
    op = home_registry()[name]
    args = {i.name: SAMPLE[i.kind] for i in op.inputs if i.required and i.name != missing}
    answer = op.call(home_table(), args)
    assert isinstance(answer, Question), answer
    assert answer.input == missing and answer.operation == name
    assert answer.prompt and "--" not in answer.prompt
    json.dumps(answer.to_json())
    assert files_of(home) == []


@pytest.mark.parametrize(
    ("name", "bad"), [(op.name, i.name) for op in home_operations() for i in op.inputs]
)
def test_each_value_of_the_wrong_kind_names_the_input(home: Path, name: str, bad: str) -> None:
    op = home_registry()[name]
    with pytest.raises(InvalidValue) as caught:
        op.call(home_table(), {bad: WRONG[op.input(bad).kind]})
    assert caught.value.input == bad and caught.value.accepted
    assert "--" not in str(caught.value) and "\n" not in str(caught.value)
    assert files_of(home) == []


def test_an_unknown_home_operation_is_refused_with_those_accepted(home: Path) -> None:
    with pytest.raises(InvalidValue) as caught:
        home_call("campaign_delete_everything", {})
    assert "campaign_new" in caught.value.accepted


def test_campaign_new_with_its_ruleset(home: Path) -> None:
    asked = home_call("campaign_new", {})
    assert isinstance(asked, Question) and asked.input == "name"
    ruleset = home_registry()["campaign_new"].input("ruleset")
    assert [c.key for c in ruleset.choices(home_table())] == ["classic", "starforged"]
    made = home_call("campaign_new", {"name": "voyage", "ruleset": "Starforged"})
    assert made["name"] == "voyage" and made["ruleset"] == "starforged"
    with CampaignStore.open(Path(made["path"])) as store:
        assert store.state().ruleset == "starforged"
    assert home_call("campaign_new", {"name": "plain"})["ruleset"] == "classic"
    before = files_of(home)
    with pytest.raises(InvalidValue) as bad:
        home_call("campaign_new", {"name": "other", "ruleset": "chess"})
    assert bad.value.input == "ruleset" and "starforged" in bad.value.accepted
    with pytest.raises(InvalidValue, match="already exists"):
        home_call("campaign_new", {"name": "voyage"})
    with pytest.raises(InvalidValue, match="not valid"):
        home_call("campaign_new", {"name": "../x"})
    assert files_of(home) == before


@pytest.fixture
def table(home: Path) -> Iterator[Table]:
    made = home_call("campaign_new", {"name": "t"})
    with CampaignStore.open(Path(made["path"]), name="t") as store:
        at = Table(store, "t")
        call(at, "character", {"name": "Asha", "stats": STATS})
        call(at, "character", {"name": "Bo", "stats": STATS})
        yield at


def test_journal_edit_and_delete(table: Table) -> None:
    first = call(table, "journal", {"text": "We set out at dawn.", "character": "Asha"})
    seq = first["added"]["seq"]
    entry = call(table, "journal_edit", {})
    assert isinstance(entry, Question) and entry.input == "entry"
    assert [(c.key, c.detail) for c in entry.choices] == [(str(seq), "We set out at dawn.")]
    asked = call(table, "journal_edit", {"entry": seq})
    assert isinstance(asked, Question) and asked.input == "text"
    edited = call(table, "journal_edit", {"entry": seq, "text": "We set out at dusk."})
    assert edited["edited"]["kind"] == "journal_edit"
    assert edited["edited"]["events"][0] == {
        "type": "journal_edited",
        "entry": seq,
        "from": "We set out at dawn.",
        "to": "We set out at dusk.",
    }
    with pytest.raises(InvalidValue) as same:
        call(table, "journal_edit", {"entry": seq, "text": "We set out at dusk."})
    assert same.value.input == "text"
    # A seat changes only its own character's entries.
    with pytest.raises(Forbidden, match="Asha"):
        call(Table(table.store, "t", seat="Bo"), "journal_delete", {"entry": seq})
    deleted = call(Table(table.store, "t", seat="Asha"), "journal_delete", {"entry": seq})
    assert deleted["deleted"]["events"][0]["type"] == "journal_deleted"
    assert call(table, "journal_delete", {}).choices == ()  # no entry left to offer
    with pytest.raises(NotFound) as gone:
        call(table, "journal_delete", {"entry": seq})
    assert gone.value.data()["kind"] == "journal entry"
    call(table, "undo", {})
    assert call(table, "journal_delete", {}).keys() == [str(seq)]


def test_export_each_kind(table: Table) -> None:
    call(table, "journal", {"text": "A storm.", "character": "Asha"})
    head = table.store.counts()
    asked = call(table, "export", {})
    assert isinstance(asked, Question) and asked.keys() == ["markdown", "json", "iron_vault"]
    story = call(table, "export", {"kind": "markdown"})
    assert "A storm." in story["text"]
    plain = call(table, "export", {"kind": "markdown", "mechanics": False})["text"]
    assert "A storm." in plain
    document = call(table, "export", {"kind": "json"})["document"]
    assert document["format"] == "ironsworn-campaign" and len(document["operations"]) >= 3
    files = call(table, "export", {"kind": "iron_vault"})["files"]
    assert any(path.startswith("Characters/") for path in files)
    with pytest.raises(InvalidValue) as bad:
        call(table, "export", {"kind": "json", "mechanics": False})
    assert bad.value.input == "mechanics" and "--" not in str(bad.value)
    assert table.store.counts() == head  # an export writes nothing


def test_an_export_or_import_of_a_format_there_is_not_is_refused(
    table: Table, home: Path, tmp_path: Path
) -> None:
    # A kind the operation does not know was taken as JSON: an MCP client asking for "pdf"
    # got the whole log, and a "Markdown" story the log as well.
    head = table.store.counts()
    for kind in ("pdf", "story"):
        with pytest.raises(InvalidValue) as bad:
            call(table, "export", {"kind": kind})
        assert bad.value.input == "kind" and bad.value.value == kind
        accepted = "(accepted: markdown, json, iron_vault)"
        assert str(bad.value) == f"kind {kind!r} is not accepted {accepted}"
    assert "text" in call(table, "export", {"kind": "Markdown"})
    assert "files" in call(table, "export", {"kind": "iron-vault"})
    before = files_of(home)
    with pytest.raises(InvalidValue) as unknown:
        home_call("campaign_import", {"file": str(tmp_path / "x.pdf"), "format": "pdf"})
    assert unknown.value.input == "format" and unknown.value.accepted == ("json", "iron_vault")
    assert files_of(home) == before and table.store.counts() == head


def test_campaign_import_round_trip(table: Table, home: Path, tmp_path: Path) -> None:
    from ironsworn.campaign.export import dumps

    call(table, "journal", {"text": "A storm.", "character": "Asha"})
    document = call(table, "export", {"kind": "json"})["document"]
    file = tmp_path / "saga.json"
    file.write_text(dumps(document), encoding="utf-8")
    imported = home_call("campaign_import", {"file": str(file)})
    assert imported["name"] == "saga" and imported["operations"] == len(document["operations"])
    with CampaignStore.open(Path(imported["path"])) as store:
        again = call(Table(store, "saga"), "export", {"kind": "json"})["document"]
    assert again["operations"] == document["operations"]
    folder = tmp_path / "vault"
    folder.mkdir()
    for path, text in call(table, "export", {"kind": "iron_vault"})["files"].items():
        (folder / path).parent.mkdir(parents=True, exist_ok=True)
        (folder / path).write_text(text, encoding="utf-8")
    vault = home_call("campaign_import", {"file": str(folder), "format": "iron_vault", "name": "v"})
    assert vault["name"] == "v" and vault["characters"] == 2
    before = files_of(home)
    bad = tmp_path / "not a name.json"
    bad.write_text(dumps(document), encoding="utf-8")
    with pytest.raises(InvalidValue) as named:
        home_call("campaign_import", {"file": str(bad)})
    assert named.value.input == "name" and "--" not in str(named.value)
    assert files_of(home) == before


def test_packs_and_pack_import(home: Path, tmp_path: Path) -> None:
    listed: list[dict[str, Any]] = home_call("packs", {})
    assert {p["id"] for p in listed} >= {"classic"} and all(p["bundled"] for p in listed)
    asked = home_call("pack_import", {})
    assert isinstance(asked, Question) and asked.input == "file"
    junk = tmp_path / "junk.json"
    junk.write_text('{"nothing": "here"}', encoding="utf-8")
    with pytest.raises(IronswornError):
        home_call("pack_import", {"file": str(junk)})
    assert files_of(home) == []
