"""The oracle operation's question offers every table of the ruleset by a key that names that
table alone. Starforged names many tables alike (three "First Look", fourteen "Expanse", two
"Scale"); they were offered by their names and then refused as ambiguous ('oracle table
'first look' is ambiguous: it names 3 items'). Such a table is offered by its id, labelled as
a roll shows it ("Character: First Look"); a name of its own stays the key."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from ironsworn.campaign.store import CampaignStore
from ironsworn.content import clear_cache, import_pack
from ironsworn.table import Question, Table, call
from shared_files import DELVE_DATASWORN, STARFORGED_DATASWORN, shared_file


@pytest.fixture(params=["classic", "starforged"])
def table(
    request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[Table]:
    ruleset = str(request.param)
    monkeypatch.setenv("IRONSWORN_HOME", str(tmp_path / "home"))
    clear_cache()
    import_pack(shared_file(DELVE_DATASWORN if ruleset == "classic" else STARFORGED_DATASWORN))
    clear_cache()
    with CampaignStore.open(tmp_path / "t.sqlite", create=True, name="t") as store:
        made = Table(store, "t")
        call(made, "ruleset", {"ruleset": ruleset})
        yield made
    clear_cache()


def test_every_table_offered_is_the_table_rolled(table: Table) -> None:
    asked = call(table, "oracle", {})
    assert isinstance(asked, Question) and asked.input == "oracle"
    keys = [choice.key for choice in asked.choices]
    oracles = table.library().oracles
    assert len(keys) == len(set(keys)) > 50
    for choice in asked.choices:
        rolled = call(table, "oracle", {"oracle": choice.key, "value": 1})
        if choice.key in oracles:
            assert rolled["id"] == choice.key, choice
        else:
            assert oracles[rolled["id"]].name.lower() == choice.key, choice


def test_a_name_shared_is_offered_by_id_with_its_groups(table: Table) -> None:
    asked = call(table, "oracle", {})
    assert isinstance(asked, Question)
    offered = {choice.key: choice.label for choice in asked.choices}
    if table.state().ruleset == "starforged":
        first = "oracle_rollable:starforged/character/first_look"
        assert offered[first] == "Character: First Look"
        assert "first look" not in offered
        assert offered["action"] == "Action"  # (its own name in the ruleset: kept)
    else:
        assert offered["action"] == "Action" and offered["pay the price"] == "Pay the Price"
