"""Every operation of the table, called with nothing: each question it asks is answered with
the first of its choices, and a choice the table offered is never refused as a bad value of
that input ("the values it accepts now", issue 18). The operation may still be refused for a
rule of the game, or for words of one's own that do not fit."""

from __future__ import annotations

import shutil
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from ironsworn.campaign.store import CampaignStore
from ironsworn.content import clear_cache, import_pack
from ironsworn.errors import InvalidValue, IronswornError, NotFound
from ironsworn.table import Question, Table, call, operations
from shared_files import DELVE_DATASWORN, STARFORGED_DATASWORN, shared_file

STATS = "edge=3,heart=2,iron=2,shadow=1,wits=1"
# Operations whose first question is a file or a whole new table, not a choice of the state.
LEFT_OUT = frozenset({"export"})
NAMES = [op.name for op in operations() if op.name not in LEFT_OUT]


@pytest.fixture
def table(asha: Table) -> Table:
    """Asha of the questions' tests (a bond, the hound Brann), with a vow, experience to spend
    and a journal entry: something for each operation to offer."""
    call(asha, "track", {"kind": "vow", "text": "Find the wolf", "rank": "dangerous"})
    call(asha, "adjust", {"meter": "experience", "delta": 6})
    call(asha, "journal", {"text": "The wolf howls."})
    return asha


def first(question: Question) -> Any:
    key: Any = question.choices[0].key
    if question.kind in ("int", "ints"):
        key = int(key)
    return [key] if question.many or question.kind in ("texts", "ints") else key


@pytest.mark.parametrize("name", NAMES)
def test_a_choice_offered_is_taken(table: Table, name: str) -> None:
    args: dict[str, Any] = {}
    offered: dict[str, Any] = {}  # input -> the choice of the table's given for it
    for _ in range(12):
        try:
            got = call(table, name, args)
        except InvalidValue as exc:
            assert exc.input not in offered, (
                f"{name}: {exc.input}={offered.get(exc.input)!r} was offered, then refused: {exc}"
            )
            return
        except NotFound as exc:  # (a track offered, then not found among the right kind)
            said = str(exc)
            assert not any(f"{v!r} is unknown" in said for v in offered.values()), (
                f"{name}: offered {offered}, then not found: {said}"
            )
            return
        except IronswornError:
            return  # a rule of the game refuses it now
        if not isinstance(got, Question):
            return  # done
        assert got.input not in args, f"{name}: {got.input} asked again after {list(args)}"
        if not got.choices:
            return  # words of one's own: nothing offered to check
        args[got.input] = offered[got.input] = first(got)
    pytest.fail(f"{name}: still asking after {list(args)}")


# What an input left out offers, read from the campaign now (issue 18: "the values it
# accepts now"): each row, the operation, what is given, the input asked and choices it lists.
OFFERED = [
    ("debility", {}, "name", ["wounded", "shaken", "unprepared", "encumbered", "maimed"]),
    ("debility", {"mark": False}, "name", []),  # nothing marked: nothing to clear
    ("option", {}, "name", ["even_matches", "setup_rules", "one_shot", "assets"]),
    ("option", {"name": "even_matches"}, "value", ["off", "on"]),
    ("option", {"name": "assets"}, "value", ["cards", "none", "roles"]),
    ("truth", {"truth": "the old world"}, "option", ["1", "2", "3", "roll", "open"]),
    ("asset_mark", {}, "asset", ["hound"]),
    ("asset_track", {}, "asset", ["hound"]),
    ("scene_resolve", {}, "track", []),  # a vow is not a scene
]


@pytest.mark.parametrize(("name", "given", "asked", "keys"), OFFERED)
def test_an_input_left_out_offers_what_the_campaign_holds(
    table: Table, name: str, given: dict[str, Any], asked: str, keys: list[str]
) -> None:
    question = call(table, name, given)
    assert isinstance(question, Question) and question.input == asked
    offered = [c.key for c in question.choices]
    assert offered[: len(keys)] == keys if name != "debility" else set(keys) <= set(offered)
    if name == "asset_mark":
        assert question.choices[0].label == "Hound “Brann”"  # the name the player gave


def test_a_scene_and_a_threatened_vow_are_offered_by_their_kind(table: Table) -> None:
    call(table, "track", {"kind": "scene", "text": "Cross the bridge", "rank": "dangerous"})
    scene = call(table, "scene_resolve", {})
    assert [c.label for c in scene.choices] == ["Cross the bridge"]
    from ironsworn.table import choices

    assert [c.label for c in choices.vows(table, {})] == ["Find the wolf"]


def test_a_bane_is_never_offered_to_clear(table: Table) -> None:
    call(table, "debility", {"name": "maimed"})
    call(table, "debility", {"name": "shaken"})
    clear = call(table, "debility", {"mark": False})
    assert [c.key for c in clear.choices] == ["shaken"]
    mark = call(table, "debility", {})
    assert "maimed" not in [c.key for c in mark.choices]
    assert "shaken" not in [c.key for c in mark.choices]


@pytest.mark.parametrize("ruleset", ["classic", "starforged"])
def test_every_choice_of_a_first_question_is_taken(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, ruleset: str
) -> None:
    """Not only the first choice: each choice the first question of an operation offers is
    taken by that operation, with the content a player imports (Delve beside classic, the
    Starforged pack). The track operation offered Delve's site and threat and refused them,
    the oracle operation Starforged's tables of one name ("First Look") and refused them as
    ambiguous. Each choice is tried on a copy of the same campaign."""
    monkeypatch.setenv("IRONSWORN_HOME", str(tmp_path / "home"))
    clear_cache()
    import_pack(shared_file(DELVE_DATASWORN if ruleset == "classic" else STARFORGED_DATASWORN))
    clear_cache()
    base = tmp_path / "base.sqlite"
    with CampaignStore.open(base, create=True, name="t") as store:
        made = Table(store, "t")
        call(made, "ruleset", {"ruleset": ruleset})
        for who, stats in (("Asha", STATS), ("Kai", "edge=1,heart=3,iron=2,shadow=2,wits=1")):
            ship = {"starship": "Wayfarer"} if ruleset == "starforged" and who == "Asha" else {}
            call(made, "character", {"name": who, "stats": stats, **ship})
        call(made, "track", {"kind": "vow", "text": "Find the wolf", "rank": "dangerous",
                             "characters": ["Asha"]})  # fmt: skip
        call(made, "adjust", {"meter": "experience", "delta": 6, "character": "Asha"})
        call(made, "journal", {"text": "The wolf howls."})
    tried = 0
    try:
        for name in NAMES:
            if name == "ruleset":
                continue  # (a campaign's ruleset is set once, before play)
            with CampaignStore.open(base) as store:
                try:
                    asked = call(Table(store, "t"), name, {})
                except IronswornError:
                    continue  # refused for a rule of the game before asking
            if not isinstance(asked, Question):
                continue
            for choice in asked.choices:
                copy = tmp_path / "try.sqlite"
                shutil.copyfile(base, copy)
                with CampaignStore.open(copy) as store:
                    answer = first(replace(asked, choices=(choice,)))
                    tried += 1
                    try:
                        call(Table(store, "t"), name, {asked.input: answer})
                    except InvalidValue as exc:
                        assert exc.input != asked.input, (
                            f"{name}: {answer!r} offered, refused: {exc}"
                        )
                    except NotFound as exc:
                        pytest.fail(f"{name}: {answer!r} offered, then not found: {exc}")
                    except IronswornError:
                        pass  # a rule of the game, or words of one's own that do not fit
    finally:
        clear_cache()
    assert tried > 150
