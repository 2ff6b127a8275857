"""Finding items by full id, bare id, id tail or name; ambiguity and unknown ids."""

from __future__ import annotations

import pytest

from ironsworn.content import load_library, load_ruleset
from ironsworn.content.lookup import normalize, resolve
from ironsworn.errors import NotFound


@pytest.mark.parametrize(
    ("kind", "query", "expected"),
    [
        ("moves", "move:classic/adventure/face_danger", "move:classic/adventure/face_danger"),
        ("moves", "classic/adventure/face_danger", "move:classic/adventure/face_danger"),
        ("moves", "adventure/face_danger", "move:classic/adventure/face_danger"),
        ("moves", "face danger", "move:classic/adventure/face_danger"),
        ("moves", "  Face Danger ", "move:classic/adventure/face_danger"),
        ("moves", "FACE_DANGER", "move:classic/adventure/face_danger"),
        ("moves", "out of supply", "move:classic/suffer/out_of_supply"),
        ("oracles", "Action", "oracle_rollable:classic/action_and_theme/action"),
        (
            "oracles",
            "oracle:classic/action_and_theme/action",
            "oracle_rollable:classic/action_and_theme/action",
        ),
        ("npcs", "bear", "npc:classic/animals/bear"),
        ("truths", "iron", "truth:classic/iron"),
        ("regions", "Barrier Islands", "region:classic/barrier_islands"),
        ("assets", "hawk", "asset:classic/companion/hawk"),
        ("assets", "shield-bearer", "asset:classic/combat_talent/shield_bearer"),
    ],
)
def test_lookup_forms(kind: str, query: str, expected: str) -> None:
    assert load_ruleset("classic").find(kind, query).id == expected


def test_typed_methods_match_find() -> None:
    classic = load_ruleset("classic")
    assert classic.move("face danger") is classic.moves["move:classic/adventure/face_danger"]
    assert classic.oracle("action").name == "Action"
    assert classic.npc("bear").name == "Bear"
    assert classic.truth("iron").name == "Iron"
    assert classic.region("barrier islands").name == "Barrier Islands"
    assert classic.asset("hawk").name == "Hawk"


def test_unknown_name_lists_close_candidates() -> None:
    with pytest.raises(NotFound) as caught:
        load_ruleset("classic").move("face dnager")
    assert "unknown move 'face dnager'" in str(caught.value)
    assert "move:classic/adventure/face_danger" in caught.value.candidates
    # Shown to a person as they would type it: the name
    assert caught.value.closest[: len(caught.value.candidates)] == tuple(
        load_ruleset("classic").moves[c].name for c in caught.value.candidates
    )


def test_word_inside_names_gives_candidates() -> None:
    with pytest.raises(NotFound) as caught:
        load_ruleset("classic").move("vow")
    assert set(caught.value.candidates) >= {
        "move:classic/quest/fulfill_your_vow",
        "move:classic/quest/forsake_your_vow",
    }


def test_same_name_in_two_rulesets_prefers_classic_in_the_library() -> None:
    library = load_library()
    assert library.move("Strike").id == "move:classic/combat/strike"
    assert library.find("moves", "strike", "starforged").id == "move:starforged/combat/strike"


def test_ambiguous_without_preference_lists_every_match() -> None:
    items = {"move:a/x/strike": "Strike", "move:b/y/strike": "Strike"}
    with pytest.raises(NotFound) as caught:
        resolve(items, "strike", "move", lambda name: name)
    assert "ambiguous" in str(caught.value)
    assert caught.value.candidates == ("move:a/x/strike", "move:b/y/strike")
    # A name two items share is shown as the end of each id that tells them apart.
    assert caught.value.closest == ("x/strike", "y/strike")


def test_starforged_scene_challenge_variants_are_distinct() -> None:
    starforged = load_ruleset("starforged")
    assert starforged.move("face danger").id == "move:starforged/adventure/face_danger"
    variant = starforged.move("Face Danger (Scene Challenge)")
    assert variant.id == "move:starforged/scene_challenge/face_danger"
    assert starforged.move("scene_challenge/face_danger") is variant


def test_empty_query_is_not_found() -> None:
    with pytest.raises(NotFound, match="empty"):
        load_ruleset("classic").move("  ")


def test_normalize() -> None:
    assert normalize("Face_Danger!") == "face danger"
    assert normalize("Shield-Bearer") == "shield bearer"
    assert normalize("Ironlander’s") == "ironlanders"


@pytest.mark.parametrize("kind", ["moves", "oracles", "npcs", "assets", "truths", "regions"])
@pytest.mark.parametrize("ruleset", ["classic", "starforged"])
def test_every_item_as_typed_is_found_again(ruleset: str, kind: str) -> None:
    """Every item of a ruleset, shown as a person would type it, resolves to that item
    again: what a player copies from a "closest:" list works."""
    from ironsworn.content.lookup import as_typed

    items = load_ruleset(ruleset).items(kind)
    keys = list(items)
    typed = as_typed(items, keys, lambda item: str(item.name))
    for key, words in zip(keys, typed, strict=True):
        assert resolve(items, words, kind, lambda item: str(item.name)).id == key, words
    assert any(words != key for key, words in zip(keys, typed, strict=True)) or not keys


@pytest.mark.parametrize("kind", ["moves", "oracles", "npcs", "assets"])
def test_every_item_of_the_library_as_typed_is_found_again(kind: str) -> None:
    """The same across every ruleset loaded, classic preferred (as the library looks up):
    "Face Danger" is the classic move, the Starforged one is told by its id's end."""
    from ironsworn.content.lookup import as_typed

    items = load_library().items(kind)
    keys = list(items)
    name_of = lambda item: str(item.name)  # noqa: E731
    typed = as_typed(items, keys, name_of, ("classic",))
    for key, words in zip(keys, typed, strict=True):
        assert resolve(items, words, kind, name_of, ("classic",)).id == key, words
    if kind == "moves":
        shown = dict(zip(keys, typed, strict=True))
        assert shown["move:classic/adventure/face_danger"] == "Face Danger"
        assert shown.get(
            "move:starforged/adventure/face_danger", "starforged/adventure/face_danger"
        ) == ("starforged/adventure/face_danger")


def test_an_oracle_table_is_shown_by_its_name() -> None:
    with pytest.raises(NotFound) as caught:
        load_ruleset("classic").oracle("acton")
    assert caught.value.candidates[0] == "oracle_rollable:classic/action_and_theme/action"
    assert caught.value.closest[0] == "Action"
