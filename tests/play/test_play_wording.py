"""What play mode's creation wizard says names things as the player does: the companion by
the name it was given, a vow by its words (no internal ids)."""

from __future__ import annotations

from pathlib import Path

from play_support import make_kai, run_script


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
    assert "5 more cards to draw unseen, one at a time from any deck (combat talent" in run.out
    assert "Card 1 of 5, drawn unseen: from which deck?" in run.out
    assert "Brynja's hand: " in run.out and "keep 3 and discard two" in run.out
    assert "Keep three of " in run.out  # asked
    assert "character draw" not in run.out and "combat_talent" not in run.out
    assert "character keep" not in run.out


def test_kept_semi_random_companions_are_asked_their_start_and_name(tmp_path: Path) -> None:
    """A companion kept from the semi-random hand is asked its starting ability and name, as
    in the asset step (it was refused: "Owl needs a name: owl=NAME")."""
    from ironsworn.campaign.store import CampaignStore
    from ironsworn.content import load_library

    path = tmp_path / "c.sqlite"
    drawn = ["/option semi_random on", "Brynja", "", "", *["companion"] * 5, "/quit"]
    assert run_script(path, drawn).code == 0
    with CampaignStore.open(path) as store:
        hand = store.state().character("Brynja").flags["asset_hand"]
    cards = [load_library().assets[i] for i in hand[:3]]
    answers = ["/character setup Brynja", ", ".join(c.name for c in cards)]
    given = {}
    for n, card in enumerate(cards):
        if not any(a.enabled for a in card.abilities):
            answers.append("1")
        for index, _label in enumerate(card.fields):
            answers.append(f"Pet{n}" if index == 0 else "x")
        answers += [next(iter(choices)) for choices in card.selects.values()]
        given[card.name] = f"Pet{n}"
    run = run_script(path, [*answers, "/quit"])
    assert "needs a name" not in run.err and "starts with no ability marked" not in run.err
    with CampaignStore.open(path) as store:
        kept = {a["name"]: a for a in store.state().character("Brynja").assets}
    assert {name: kept[name]["input"] for name in given} == given
    for name in given:
        assert kept[name]["abilities"][0]
        assert f"{name}'s name" in run.out  # asked, as in the asset step
        assert f"Brynja gains the asset {name} “{given[name]}”" in run.out  # by the name given


def test_a_menu_of_one_option_is_numbered_1_not_1_to_1(tmp_path: Path) -> None:
    from ironsworn.cli.main import main

    path = tmp_path / "c.sqlite"
    argv = ["character", "new", "Asha", "--stats", "3,2,2,1,1", "--campaign", str(path)]
    assert main([*argv, "--asset", "shield-bearer"]) == 0
    face = "/move face danger --stat iron --dice 3,5,9"
    run = run_script(path, [face, "1", "/quit"], interactive=True)
    # (it read "[1, several]> ": one option cannot be several)
    assert "Asha [1 or empty]> " in run.reader.prompts
    assert "  answer with 1 or its key (an empty line: none)" in run.out
    assert "several allowed" not in run.out
    assert not [p for p in run.reader.prompts if "[1-1" in p]


def test_a_moves_menu_prompt_names_the_character_as_the_main_prompt_does(tmp_path: Path) -> None:
    """A menu for what a move left out reads 'Kai [1-5]> ', as the main prompt reads 'Kai> '
    and a decision's 'Kai [1-4]> ' (it read a bare '[1-5]> ')."""
    path = tmp_path / "c.sqlite"
    make_kai(path)
    run = run_script(path, ["/move face danger --dice 6,1,2", "1", "/quit"], interactive=True)
    assert "Kai — Face Danger: which stat do you roll?" in run.out
    assert run.reader.prompts[:3] == ["Kai> ", "Kai [1-5]> ", "Kai> "]


def test_a_journal_line_refused_is_named_as_the_line_typed(tmp_path: Path) -> None:
    """A line of prose (or /journal TEXT) is the entry: a refusal names it so, not as a
    --text flag play mode has none of."""
    from play_support import make_kai

    path = tmp_path / "c.sqlite"
    make_kai(path)
    run = run_script(path, ["the door\x07 opens", "/journal it\x07 creaks"])
    assert run.code == 0
    assert "--text" not in run.err
    assert "error: journal: the entry 'the door\\x07 opens' holds U+0007" in run.err
    assert "error: journal: the entry 'it\\x07 creaks' holds U+0007" in run.err


def test_a_line_refused_in_a_menu_of_one_option_accepts_1_not_1_to_1(tmp_path: Path) -> None:
    """Shield-Bearer is the one ability that fits Face Danger: a line that is not it is refused
    naming '1' (it said 'accepted: 1-1 or shield_bearer:1')."""
    from ironsworn.cli.main import main

    path = tmp_path / "c.sqlite"
    argv = ["character", "new", "Asha", "--stats", "3,2,2,1,1", "--campaign", str(path)]
    assert main([*argv, "--asset", "shield-bearer"]) == 0
    face = "/move face danger --stat iron --dice 3,5,9"
    run = run_script(path, [face, "obvious", "1", "/quit"], interactive=True)
    assert (
        "'obvious' is not one of the options (accepted: 1 or shield_bearer:1; an empty line: "
        "none)" in run.err
    )
    assert "1-1" not in run.err


def test_a_menu_of_any_number_of_options_says_so_in_its_prompt() -> None:
    from ironsworn.cli.play.asking import _any_of

    assert (_any_of(["a"]), _any_of(["a", "b", "c"])) == ("1", "any of 1-3")
