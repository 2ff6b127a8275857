"""What play mode's creation wizard says names things as the player does: the companion by
the name it was given, a vow by its words (no internal ids)."""

from __future__ import annotations

from pathlib import Path

from play_support import run_script


def test_a_companion_chosen_is_named_as_the_player_named_it(tmp_path: Path) -> None:
    answers = [
        "Hild",
        "3 2 2 1 1",
        "",  # no bonds
        "hawk",
        "1",  # its starting ability (the card marks none)
        "Skye",
        "",  # no more cards
        "Avenge my father",
        "extreme",
        "",  # no inciting incident
        "/skip",
    ]
    run = run_script(tmp_path / "c.sqlite", answers)
    assert run.code == 0, run.err
    assert "Hawk “Skye” chosen (health 3/3)" in run.out
    assert "sworn: Avenge my father (extreme vow; Hild)" in run.out
    assert "vow-1" not in run.out


def test_the_semi_random_draw_is_asked_not_told_as_a_command(tmp_path: Path) -> None:
    """Play mode asks for each deck: the engine's note names the decks in words and no
    command-line command ("'character draw Brynja DECK'" was printed above the question)."""
    decks = ["path", "path", "companion", "combat talent", "ritual"]
    answers = ["/option semi_random on", "Brynja", "", "", *decks, "/quit"]
    run = run_script(tmp_path / "c.sqlite", answers)
    assert run.code == 0, run.err
    assert "5 more card(s) to draw unseen, one at a time from any deck (combat talent" in run.out
    assert "Card 1 of 5, drawn unseen: from which deck?" in run.out
    assert "Brynja's hand: " in run.out and "keep 3 and discard two" in run.out
    assert "Keep three of " in run.out  # asked
    assert "character draw" not in run.out and "combat_talent" not in run.out
    assert "character keep" not in run.out
