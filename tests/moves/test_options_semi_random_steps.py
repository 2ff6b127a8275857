"""The semi-random setup as the rulebook walks it (issue 21 item 9): each card drawn unseen
from the deck the player picks, the five revealed before three are kept; the background vow
the oracle sparks offered in its words for the player's, at the rank the player chooses; the
person the oracles describe named by the player. Each test quotes its line (seed 000)."""

from __future__ import annotations

import pytest
from moves_support import Game

from ironsworn.errors import InvalidValue, OptionNeeded, RuleViolation
from ironsworn.moves.semi_random import (
    draw_card,
    keep_assets,
    mark_background_vow,
    name_bond,
    semi_random_character,
)
from shared_files import RULEBOOK_SEED, shared_file

# stat 60 (iron); Character Goal 59 "Spread faith"; Role 65 "Scout"; Descriptors 86 "Sick",
# 73 "Weak"; Settlement Trouble 8 "Natural disaster".
CREATION = [60, 59, 65, 86, 73, 8]


def rulebook(*quotes: str) -> None:
    text = " ".join(shared_file(RULEBOOK_SEED).read_text(encoding="utf-8").split())
    for quote in quotes:
        assert quote in text, quote


def made() -> Game:
    game = Game()
    game.dice(CREATION)
    semi_random_character(game.engine, "Kai")
    assert game.dice_left == 0
    return game


def test_each_draw_is_from_the_deck_the_player_picks_and_unseen() -> None:
    rulebook(
        "Choose a card from any deck. Don’t look at it. Pass the draw to the",
        "deck until you have five in your hand.",
    )
    game = made()
    kai = game.state.character("Kai")
    assert kai.flags["asset_draws"] == 5 and not kai.flags.get("asset_hand")
    decks = ["ritual", "companion", "combat talent", "path", "ritual"]
    names: list[str] = []
    for number, deck in enumerate(decks, start=1):
        game.dice([1])  # the first card left in the deck
        result = draw_card(game.engine, "Kai", deck)
        hand = game.state.character("Kai").flags["asset_hand"]
        card = game.engine.ruleset.assets[hand[-1]]
        assert card.type == deck.replace(" ", "_")
        names.append(card.name)
        told = " ".join(result.notes)
        assert f"card {number}, drawn unseen from the {deck} deck" in told
        if number < 5:
            # "Don't look at it": neither the notes nor the log's record name the card.
            assert card.name not in told
            assert all(card.name not in str(e) for e in result.events if e["type"] == "oracle")
            with pytest.raises(RuleViolation, match=f"draw {5 - number} more first"):
                keep_assets(game.engine, "Kai", names[:3])
    # Two rituals: the second draw from the deck does not draw the first card again.
    hand = game.state.character("Kai").flags["asset_hand"]
    assert len(set(hand)) == 5 and "asset_draws" not in game.state.character("Kai").flags
    with pytest.raises(RuleViolation, match="no card left to draw"):
        draw_card(game.engine, "Kai", "path")


def test_the_fifth_draw_reveals_the_cards_with_their_abilities() -> None:
    rulebook(
        "Reveal your cards and choose two of them to discard.",
        "three cards are your character’s assets.",
    )
    game = made()
    for deck in ("path", "path", "companion", "combat_talent"):
        game.dice([1])
        draw_card(game.engine, "Kai", deck)
    game.dice([2])
    result = draw_card(game.engine, "Kai", "ritual")
    hand = game.state.character("Kai").flags["asset_hand"]
    notes = result.notes
    for asset_id in hand:
        card = game.engine.ruleset.assets[asset_id]
        at = notes.index(f"revealed: {card.name} ({card.type.replace('_', ' ')})")
        after = notes[at + 1 : at + 2 + len(card.abilities)]
        after = [n for n in after if n.strip() != card.requirement]
        # Every ability of the card is read, the ones it starts with marked said so.
        for number, ability in enumerate(card.abilities, start=1):
            start = "starts marked" if ability.enabled else "to choose"
            assert after[number - 1].startswith(f"  {number}. ({start}) "), card.name
    assert notes[-1].startswith("Kai's hand: ")


def test_a_bad_deck_changes_nothing_and_says_what_is_accepted() -> None:
    game = made()
    before = game.snapshot()
    game.dice([1])
    with pytest.raises(InvalidValue, match=r"deck 'starship' is not one of the decks left \("):
        draw_card(game.engine, "Kai", "starship")
    assert game.snapshot() == before


def test_the_background_vow_is_offered_in_the_oracles_words_for_the_players() -> None:
    rulebook(
        "Ask the Oracle: “What is my background vow?” Then, spark an idea",
        "using the Character Goal oracle (page 182). Interpret the result,",
        "background vow and give it a rank of extreme or epic.",
    )
    game = made()
    kai = game.state.character("Kai")
    assert kai.flags["background_goal"] == "Spread faith"
    assert not [t for t in game.state.tracks.values() if t.kind == "vow"]
    before = game.snapshot()
    # The rank is the player's: asked when not given, extreme or epic only.
    with pytest.raises(OptionNeeded) as asked:
        mark_background_vow(game.engine, "Kai", None)
    assert asked.value.option == "rank" and asked.value.accepted == ("extreme", "epic")
    with pytest.raises(InvalidValue, match="extreme or epic"):
        mark_background_vow(game.engine, "Kai", "formidable")
    assert game.snapshot() == before
    mark_background_vow(game.engine, "Kai", "Epic", "Bring the old faith to the Havens")
    kai = game.state.character("Kai")
    vow = game.state.tracks[kai.flags["background_vow"]]
    assert (vow.name, vow.rank) == ("Bring the old faith to the Havens", "epic")
    assert "background_goal" not in kai.flags
    with pytest.raises(RuleViolation, match="no background vow from the oracle"):
        mark_background_vow(game.engine, "Kai", "epic")


def test_the_oracles_words_are_kept_when_the_player_gives_none() -> None:
    game = made()
    mark_background_vow(game.engine, "Kai", "extreme")
    vow = game.state.tracks[game.state.character("Kai").flags["background_vow"]]
    assert (vow.name, vow.rank) == ("Spread faith", "extreme")


def test_the_person_the_oracles_describe_is_named_by_the_player() -> None:
    rulebook(
        "Descriptor oracle (page 183). Envision this NPC, give them a",
        "name, and mark a bond.",
    )
    game = made()
    kai = game.state.character("Kai")
    assert kai.flags["bond_oracle"] == "sick, weak scout"
    assert (kai.bonds, kai.bond_ticks, kai.flags["reserved_bonds"]) == ([], 0, 2)
    before = game.snapshot()
    with pytest.raises(InvalidValue, match="is not a name"):
        name_bond(game.engine, "Kai", "   ")
    assert game.snapshot() == before
    name_bond(game.engine, "Kai", "Arna  Swift-Hand")
    kai = game.state.character("Kai")
    assert (kai.bonds, kai.bond_ticks) == (["Arna Swift-Hand"], 1)
    assert game.state.people["Arna Swift-Hand"]["description"] == "sick, weak scout"
    assert "bond_oracle" not in kai.flags and kai.flags["reserved_bonds"] == 2
    with pytest.raises(RuleViolation, match="no person from the oracles"):
        name_bond(game.engine, "Kai", "Bo")
