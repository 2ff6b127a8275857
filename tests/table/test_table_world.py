"""The world set before play (the ``ruleset`` and ``truths`` operations), and every commit
an operation makes kept in ``Table.results`` (play mode tells each one in its own words)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from ironsworn.campaign.store import CampaignStore
from ironsworn.errors import InvalidValue, IronswornError, NotFound, RuleViolation
from ironsworn.table import Question, Table, call

STATS = "edge=3,heart=2,iron=2,shadow=1,wits=1"


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Any]:
    with CampaignStore.open(tmp_path / "w.sqlite", create=True, name="w") as opened:
        yield opened


def test_the_ruleset_is_chosen_before_the_first_character(store: Any) -> None:
    table = Table(store, "w", results=[])
    assert call(table, "ruleset", {"ruleset": "starforged"}) == {"ruleset": "starforged"}
    assert store.state().ruleset == "starforged"
    assert [r.kind for r in table.results or ()] == ["ruleset"]
    asked = call(table, "ruleset", {})
    assert isinstance(asked, Question) and asked.keys() == ["classic", "starforged"]
    call(table, "character", {"name": "Kira", "stats": STATS})
    kinds = [o.kind for o in store.operations()]
    with pytest.raises(RuleViolation, match="chosen before the first character"):
        call(table, "ruleset", {"ruleset": "classic"})
    assert [o.kind for o in store.operations()] == kinds


def test_several_truths_are_one_operation_with_their_rolls(store: Any) -> None:
    table = Table(store, "w", results=[])
    made = call(table, "truths", {"truths": ["iron=2", "old world=3@88"]})
    assert [(t["truth"], t["key"], t["roll"]) for t in made] == [
        ("truth:classic/iron", "2", None),
        ("truth:classic/old_world", "3", 88),
    ]
    assert [o.kind for o in store.operations()] == ["truth"]
    assert len(table.results or ()) == 1


@pytest.mark.parametrize(
    ("given", "says"),
    [
        ("iron", "'iron' is not a truth and its option"),
        ("iron=2@0", "'iron=2@0' is not a truth and its option"),
        ("iron=2@x", "is not a truth and its option (accepted: CATEGORY=KEY"),
        ("iron=7", "Iron option '7' is unknown"),
        ("flavour=1", "unknown truth 'flavour'"),
    ],
)
def test_a_bad_truth_is_refused_and_nothing_is_written(store: Any, given: str, says: str) -> None:
    table = Table(store, "w")
    with pytest.raises(IronswornError) as caught:
        call(table, "truths", {"truths": ["legacies=1", given]})
    assert says in str(caught.value)
    assert isinstance(caught.value, NotFound if "flavour" in given else InvalidValue)
    assert store.state().truths == {}


def test_each_commit_is_kept_in_the_results(store: Any) -> None:
    """A track, a person, a place, a note and a truth keep the engine's result like every
    other operation (play mode prints from them)."""
    table = Table(store, "w", results=[])
    call(table, "character", {"name": "Kai", "stats": STATS})
    call(table, "track", {"kind": "vow", "text": "Find the wolf", "rank": "dangerous"})
    call(table, "track", {"kind": "fight", "foe": "bear"})
    call(table, "person", {"name": "Elda"})
    call(table, "place", {"name": "Ironhome"})
    call(table, "note", {"text": "the map is torn"})
    call(table, "truth", {"truth": "iron", "option": "1"})
    kinds = [r.kind for r in table.results or ()]
    assert kinds == ["character", "vow", "fight", "person", "place", "note", "truth"]
    assert kinds == [o.kind for o in store.operations()]


@pytest.fixture
def starforged_pack(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    from ironsworn.content import clear_cache, import_pack
    from shared_files import STARFORGED_DATASWORN, shared_file

    monkeypatch.setenv("IRONSWORN_HOME", str(tmp_path / "home"))
    clear_cache()
    import_pack(shared_file(STARFORGED_DATASWORN))
    clear_cache()
    yield
    clear_cache()


@pytest.mark.parametrize("category", ["communities", "iron", "religion", "horrors"])
def test_a_starforged_campaigns_truth_is_starforgeds_not_classics_of_the_same_name(
    store: Any, starforged_pack: None, category: str
) -> None:
    """Communities, Iron, Religion and Horrors are categories of both rulesets: a Starforged
    campaign set, offered and rolled classic's ("We are few in number in this accursed
    land"), as the library prefers classic on a tie. A classic campaign keeps classic's."""
    from ironsworn.content.loader import load_library

    ours = load_library().find_in("truths", category, "starforged")
    assert ours.id == f"truth:starforged/{category}"
    table = Table(store, "w", results=[])
    call(table, "ruleset", {"ruleset": "starforged"})
    asked = call(table, "truth", {"truth": category})
    assert isinstance(asked, Question)
    assert asked.keys()[:-2] == [o.key for o in ours.options]
    assert [c.label for c in asked.choices[:1]] == [ours.options[0].summary[:80]]
    call(table, "truth", {"truth": category, "option": "1"})
    assert store.state().truths[ours.id]["summary"] == ours.options[0].summary
    call(table, "truth", {"truth": category, "option": "roll", "seed": "3"})
    assert list(store.state().truths) == [ours.id]
    (made,) = call(table, "truths", {"truths": [f"{category}=2"]})
    assert made["truth"] == ours.id


def test_a_classic_campaigns_truth_stays_classics(store: Any, starforged_pack: None) -> None:
    table = Table(store, "w", results=[])
    call(table, "truth", {"truth": "communities", "option": "1"})
    assert list(store.state().truths) == ["truth:classic/communities"]
