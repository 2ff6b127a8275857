"""The typed events (issue 18): one definition per type; a misspelt type or a missing field is
refused on append, on import and on fold, on both stores, and nothing is written."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from backends import Backend

from ironsworn.campaign import events
from ironsworn.campaign.export import export_json, import_file
from ironsworn.campaign.state import CampaignState
from ironsworn.campaign.store import Store
from ironsworn.errors import CampaignError, InvalidValue

KAI = {"name": "Kai", "stats": {"edge": 3, "heart": 2, "iron": 2, "shadow": 1, "wits": 1}}
METER = {"type": "meter", "character": "Kai", "meter": "health", "from": 5, "to": 4}

# Misspelt: a wrong type, and a right type missing a field (its name misspelt).
BAD_EVENTS = [
    pytest.param({**METER, "type": "metre"}, "unknown event type 'metre'", id="type"),
    pytest.param(
        {k: v for k, v in {**METER, "charactr": "Kai"}.items() if k != "character"},
        "a 'meter' event has no 'character'",
        id="field",
    ),
    pytest.param({"type": "jounral", "text": "x"}, "unknown event type 'jounral'", id="record"),
]


@pytest.fixture(params=["sqlite", "postgres"])
def backend(request: pytest.FixtureRequest, tmp_path: Path) -> Backend:
    if request.param == "postgres":
        return Backend("postgres", tmp_path, request.getfixturevalue("postgres_url"))
    return Backend("sqlite", tmp_path)


def game(backend: Backend, key: str = "c") -> Store[CampaignState]:
    store: Store[CampaignState] = backend.open(key, state_type=CampaignState)
    return store


def with_kai(store: Store[CampaignState]) -> None:
    with store.write() as tx:
        tx.append("character", [{"type": "character_created", "character": KAI}])


def test_every_change_has_a_handler_and_every_handler_a_definition() -> None:
    handlers = {name[4:] for name in dir(CampaignState) if name.startswith("_on_")}
    changes = {name for name, spec in events.EVENT_TYPES.items() if spec.changes_state}
    assert handlers == changes
    assert changes >= CampaignState.SWAPPABLE
    assert events.RECORD_TYPES.isdisjoint(changes)
    assert {"roll", "move", "oracle", "journal"} <= events.RECORD_TYPES


def test_a_type_defined_twice_is_refused() -> None:
    with pytest.raises(AssertionError, match="defined twice"):
        events._table(events.record("x"), events.record("x"))


@pytest.mark.parametrize(("event", "message"), BAD_EVENTS)
def test_check_event_refuses(event: dict[str, Any], message: str) -> None:
    with pytest.raises(events.UnknownEvent, match=message) as caught:
        events.check_event(event)
    assert caught.value.accepted  # the error carries what is accepted


def test_an_unknown_type_suggests_the_close_one() -> None:
    with pytest.raises(events.UnknownEvent, match="such as 'meter'"):
        events.check_event({"type": "metre"})


@pytest.mark.parametrize(("event", "message"), BAD_EVENTS)
def test_refused_on_append(backend: Backend, event: dict[str, Any], message: str) -> None:
    with game(backend) as store:
        with_kai(store)
        with pytest.raises(InvalidValue, match=message), store.write() as tx:
            tx.append("edit", [METER, event])
        assert len(store.operations(include_undone=True)) == 1  # nothing was written
        assert store.state().character("Kai").health == 5


@pytest.mark.parametrize(("event", "message"), BAD_EVENTS)
def test_refused_on_fold(backend: Backend, event: dict[str, Any], message: str) -> None:
    # A row written behind the store's back (an older bug, a hand edit) is not ignored: the
    # campaign refuses to load, naming the operation and the type.
    with game(backend) as store:
        with_kai(store)
        with store.write() as tx:
            tx.append("edit", [METER])
    body = json.dumps(event)
    backend._query(
        "c",
        "UPDATE events SET body = ? WHERE op_seq = 2",
        "UPDATE ironsworn.events SET body = %s WHERE campaign = {campaign} AND op_seq = 2",
        body,
    )
    with game(backend) as store, pytest.raises(CampaignError, match=f"operation 2.*{message}"):
        store.state()


@pytest.mark.parametrize("status", ["live", "undone", "discarded"])
@pytest.mark.parametrize(("event", "message"), BAD_EVENTS)
def test_refused_on_import(
    tmp_path: Path, status: str, event: dict[str, Any], message: str
) -> None:
    source = tmp_path / "source.sqlite"
    with Backend("sqlite", tmp_path).open("source", state_type=CampaignState) as store:
        with_kai(store)
        with store.write() as tx:
            tx.append("edit", [METER])
        document = json.loads(export_json(store))
    assert source.exists()
    document["operations"][1]["events"].append(event)
    document["operations"][1]["status"] = status
    if status == "discarded":  # a discarded operation needs an undone or live one after it
        document["operations"].append({**document["operations"][1], "seq": 3, "status": "live"})
        document["operations"][2]["events"] = [METER]
    file = tmp_path / "bad.json"
    file.write_text(json.dumps(document))
    target = tmp_path / "imported.sqlite"
    with pytest.raises(CampaignError, match=f"operation 2 event 2: {message}.*nothing was"):
        import_file(file, target, name="imported", state_type=CampaignState)
    assert not target.exists()


def test_good_events_pass_everywhere(backend: Backend, tmp_path: Path) -> None:
    with game(backend) as store:
        with_kai(store)
        with store.write() as tx:
            tx.append("edit", [METER, {"type": "journal", "text": "ouch"}])
        document = export_json(store)
    file = tmp_path / "good.json"
    file.write_text(document)
    import_file(file, tmp_path / "copy.sqlite", name="copy", state_type=CampaignState)
    with Backend("sqlite", tmp_path).open("copy", state_type=CampaignState) as copy:
        assert copy.state().character("Kai").health == 4
