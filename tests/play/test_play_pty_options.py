"""The chapter 7 options in play mode's walkthrough at a real terminal (issue 21 item 9): the
semi-random setup asks a deck for each unseen draw, reveals the five before three are kept,
offers the oracle's background vow for the player's words and rank, and asks the name of the
person the oracles describe; with roles instead of assets the first role is asked."""

from __future__ import annotations

import re
from pathlib import Path

from play_support import operations
from test_play_pty import Terminal, default_campaign

from ironsworn.content import load_library


def keep_answer(hand: list[str]) -> str:
    """Three cards of the hand that need nothing but a starting ability (CARD:1 if none is
    marked): no companion and no card with a field or a choice to fill (Devotant's god, Masked's
    wood), so nothing more is asked. (The hand's combat talent and two rituals always qualify.)"""
    cards = {a.name: a for a in load_library().assets.values() if a.id.startswith("asset:classic")}
    chosen = [
        name if any(x.enabled for x in cards[name].abilities) else f"{name}:1"
        for name in hand
        if cards[name].type != "companion" and not cards[name].fields and not cards[name].selects
    ]
    return ", ".join(chosen[:3])


def test_the_semi_random_walkthrough_at_a_terminal(private_home: Path) -> None:
    term = Terminal(private_home)
    try:
        term.expect("Name:")
        term.send("/option semi_random on\r")
        term.expect("semi_random: on")
        term.expect("Name:")
        term.send("Kai\r")
        term.expect("Rank the five stats")
        term.send("iron wits heart edge shadow\r")
        # "Exclude any cards that don't fit your vision for the setting" (seed 000 L5289)
        term.expect("Leave any decks or cards out of the draw?")
        term.send("wyverns\r")
        term.expect("error: 'wyverns' is not a deck or card")
        term.send("companion\r")
        said = term.expect("Card 1 of 5, drawn unseen: from which deck?")
        term.expect("(combat talent, path, ritual)")  # no companion deck
        goal = re.search(r"the oracle says '([^']+)'", said)
        assert goal is not None
        for number, deck in enumerate(["path", "combat talent", "ritual", "path"], start=1):
            term.send(f"{deck}\r")
            shown = term.expect(f"Card {number + 1} of 5, drawn unseen")
            assert f"card {number}, drawn unseen from the {deck} deck" in shown
            assert "revealed" not in shown
        term.send("starship\r")  # not a deck: one line, the question again
        term.expect("error: answer 'starship' is not one of")
        term.expect("Card 5 of 5")
        term.send("ritual\r")
        shown = term.expect("Keep three of ")
        assert shown.count("revealed: ") == 5
        hand = term.expect(" (e.g.").removesuffix(" (e.g.").split(", ")
        term.send(keep_answer(hand) + "\r")
        term.expect(f"Background vow: the oracle says '{goal.group(1)}'")
        term.send("Find my sister in the Deep Wilds\r")
        term.expect("Its rank: extreme or epic?")
        term.send("\r")  # the rank is the player's: no default
        term.expect("the background vow's rank is yours to choose (accepted: extreme, epic)")
        term.send("epic\r")
        term.expect("new vow: Find my sister in the Deep Wilds (epic)")
        term.expect("A bond: the oracles describe ")
        term.expect("Their name")
        term.send("Arna\r")
        term.expect("forges a bond: Arna")
        term.expect("Inciting incident")
        term.quit()
    finally:
        term.close()
    kinds = [kind for kind, _ in operations(default_campaign(private_home))]
    assert kinds == ["setting", *["character"] * 7, "vow", "bond"]


def test_roles_are_offered_by_the_walkthrough(private_home: Path) -> None:
    # "Name a role for your character based on their expertise or background." (seed 000
    # L5358)
    term = Terminal(private_home)
    try:
        term.expect("Name:")
        term.send("/option assets roles\r")
        term.expect("assets: roles")
        term.send("Kai\r")
        term.expect("Stats:")
        term.send("3 2 2 1 1\r")
        term.expect("Bond 1 of up to 3")
        term.send("\r")
        term.expect("Your role (roles instead of assets)")
        term.send("Sharp-Eyed Hunter of the Hinterlands\r")
        term.expect("Kai's first role: named at no cost")
        term.expect("Background vow")
        term.quit()
    finally:
        term.close()
    ops = operations(default_campaign(private_home))
    flags = [e for _k, events in ops for e in events if e["type"] == "flag"]
    assert any(e.get("to") == ["Sharp-Eyed Hunter of the Hinterlands"] for e in flags), flags


def test_a_setup_left_half_way_is_finished_with_character_setup(private_home: Path) -> None:
    from ironsworn.cli.main import main

    path = default_campaign(private_home)
    made = ["character", "new", "Kai", "--semi-random", "--campaign", str(path)]
    assert main([*made, "--decks", "path,path,ritual,ritual", "--seed", "3"]) == 0
    term = Terminal(private_home)
    try:
        term.expect("Kai's semi-random setup has steps left: /character setup Kai")
        term.expect("Kai>")
        term.send("/character setup\r")
        term.expect("Card 5 of 5, drawn unseen")
        term.send("combat talent\r")
        term.expect("Keep three of ")
        hand = term.expect(" (e.g.").removesuffix(" (e.g.").split(", ")
        term.send(keep_answer(hand) + "\r")
        term.expect("Background vow: the oracle says")
        term.send("\r")
        term.expect("Its rank: extreme or epic?")
        term.send("extreme\r")
        term.expect("Their name")
        term.send("Arna\r")
        term.expect("Kai>")
        term.send("/character setup\r")
        term.expect("accepted: none")
        term.quit()
    finally:
        term.close()
    kinds = [kind for kind, _ in operations(path)]
    assert kinds == ["character", "character", "character", "vow", "bond"]
