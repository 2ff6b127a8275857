"""Strike and Clash say the harm they inflict where the player gave none: the engine takes a
deadly weapon's 2 (an ENGINE CHOICE; the book gives 1 unarmed or with an improvised weapon,
rules-spec L94), which only the progress marked showed ('Raider progress 0 -> 24 ticks' for a
dangerous foe: 3 harm). The note names the harm, where it comes from and the other choice;
a harm the player gave is not explained back to them."""

from __future__ import annotations

from moves_support import Game


def fight(initiative: bool) -> Game:
    game = Game()
    game.character("Asha")
    game.track("fight", "Raider", "dangerous")
    if initiative:
        game.sheet.initiative("Asha", True)
    return game


def test_strikes_strong_hit_says_its_three_harm() -> None:
    game = fight(initiative=True)
    result = game.move("strike", [6, 1, 1], stat="iron")
    assert result.notes == [
        "3 harm to Raider: 2 for a deadly weapon, +1 on a strong hit (unarmed or with an "
        "improvised weapon: 1)"
    ]
    assert game.state.tracks[next(iter(game.state.tracks))].ticks == 24  # 3 harm, 2 marks each


def test_a_weak_hit_says_its_two_and_a_harm_given_is_not_explained() -> None:
    game = fight(initiative=True)
    weak = game.move("strike", [3, 4, 9], stat="iron")
    assert "2 harm to Raider: 2 for a deadly weapon (unarmed or with an improvised weapon: 1)" in (
        weak.notes
    )
    game = fight(initiative=True)
    given = game.move("strike", [6, 1, 1], stat="iron", amount=1)
    assert not [n for n in given.notes if "harm to" in n]
    assert game.state.tracks[next(iter(game.state.tracks))].ticks == 16  # 1 + 1 harm


def test_clash_says_the_harm_of_the_option_chosen() -> None:
    game = fight(initiative=False)
    game.move("clash", [6, 1, 1], stat="iron")
    chosen = game.choose(["harm"])
    assert chosen.notes[0].startswith("3 harm to Raider: 2 for a deadly weapon, +1 on a strong hit")
