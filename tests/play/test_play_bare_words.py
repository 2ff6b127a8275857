"""What a slash command typed without its word asks, or says in one line when there is
nothing to choose (issue 18: "Ask, don't refuse"; found typing each command bare, see
test_play_pty_bare): the choices are those of the words already typed (``/debility clear``:
the debilities marked), a menu where the campaign knows them (an option's values, the
incidental vehicles), the question said of the slash command typed (``/asset mark: ...``),
and no command line words (``ironsworn ...``, a flag the player never typed)."""

from __future__ import annotations

from pathlib import Path

from play_support import make_kai, operations, run_script

from ironsworn.cli.main import main


def test_debility_clear_offers_the_debilities_marked(tmp_path: Path) -> None:
    """Clear: only what is marked (never a bane, rulebook p. 37); nothing marked: one line."""
    path = tmp_path / "c.sqlite"
    make_kai(path)
    run = run_script(path, ["/debility clear"], interactive=True)
    assert run.err_lines == ["error: /debility clear: Kai has no debility marked to clear"]
    assert "(an empty line leaves)" not in run.out  # not an open question
    assert main(["debility", "mark", "wounded", "--campaign", str(path)]) == 0
    assert main(["debility", "mark", "maimed", "--campaign", str(path)]) == 0
    run = run_script(path, ["/debility clear", "1"], interactive=True)
    menu = run.out.split("/debility: the debility (wounded, shaken...)", 1)[1]
    menu = menu.split("answer with", 1)[0]
    assert "1. wounded" in menu and "maimed" not in menu and "shaken" not in menu
    assert "Kai: wounded cleared" in run.out
    # Marking offers what is not marked (maimed is).
    run = run_script(path, ["/debility mark", ""], interactive=True)
    menu = run.out.split("/debility: the debility (wounded, shaken...)", 1)[1]
    assert "shaken" in menu and "maimed" not in menu.split("answer with")[0]


def test_lasting_with_no_effect_is_one_line_not_a_question(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite"
    make_kai(path)
    for action in ("end", "use", "give"):
        run = run_script(path, [f"/lasting {action}"], interactive=True)
        assert run.err_lines == [
            f"error: /lasting {action}: Kai has no lasting effects (an asset ability's "
            "lasting effect, made on a move's hit, is listed by /lasting)"
        ]
        assert "(an empty line leaves)" not in run.out


def test_an_option_s_value_is_a_menu_of_its_values(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite"
    make_kai(path)
    run = run_script(path, ["/option setup_rules", "2"], interactive=True)
    assert "/option setup_rules: its new value (on or off)" in run.out
    assert "   1. off" in run.out and "   2. on" in run.out
    assert "setup_rules: on" in run.out


def test_vehicle_remove_needs_no_flag(tmp_path: Path) -> None:
    """Only an incidental vehicle is left behind: /vehicle remove asks which of them (it
    answered "/vehicle remove NAME --incidental")."""
    path = tmp_path / "c.sqlite"
    script = ["starforged", "", "Kira", "3 2 2 1 1", "", "", ""]
    script += ["/vehicle new Rover --incidental", "4", "/vehicle new Skiff --incidental", "3"]
    run = run_script(path, [*script, "/vehicle remove", "2", "/vehicle remove"], interactive=True)
    assert "/vehicle remove: which incidental vehicle is left behind?" in run.out
    assert "   1. Rover" in run.out and "   2. Skiff" in run.out
    assert "Skiff: left behind" in run.out
    assert "Rover: left behind" in run.out  # the one left: taken without asking
    assert not any("--incidental" in line for line in run.err_lines)
    state_kinds = [kind for kind, _ in operations(path)]
    assert state_kinds.count("vehicle") == 4


def test_questions_are_said_of_the_slash_command_typed(tmp_path: Path) -> None:
    """A subcommand's question names the slash command (it said "asset mark: ..."), and
    /homebrew new or reskin asks what that word takes (not "new: its name; reskin: ...")."""
    path = tmp_path / "c.sqlite"
    make_kai(path)
    lines = ["/asset mark", "", "/export iron-vault", "", "/homebrew new", "", "/homebrew reskin"]
    run = run_script(path, [*lines, ""], interactive=True)
    assert "/asset mark: one of the character's assets" in run.out
    assert "/export iron-vault: the folder to write" in run.out
    assert "/homebrew new: the new asset's name" in run.out
    assert "/homebrew reskin: which asset card do you reskin? (its name)" in run.out
    assert "new: its name; reskin" not in run.out


def test_no_command_line_words_in_play(tmp_path: Path) -> None:
    """/asset upgrades says play's commands (it said 'ironsworn move advance --asset NAME');
    /rarity and /site show with nothing to show say so in one line, not asking."""
    path = tmp_path / "c.sqlite"
    make_kai(path)
    assert main(["adjust", "experience", "3", "--campaign", str(path)]) == 0
    run = run_script(path, ["/asset upgrades", "/rarity show", "/site show"], interactive=True)
    assert "a new asset costs 3 xp: /asset list shows the cards, /move advance buys one" in run.out
    assert "ironsworn" not in run.out.replace("ironsworn play", "")
    assert run.err_lines == [
        "error: this campaign has no rarities: import your Datasworn Delve file first "
        "(/content import delve.json)",
        "error: no site is under way (Discover a Site makes one)",
    ]


def test_character_setup_with_nothing_left_is_one_line(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite"
    make_kai(path)
    run = run_script(path, ["/character setup"], interactive=True)
    assert run.err_lines == [
        "error: /character setup: no character has a semi-random setup left half-way "
        "(accepted: none)"
    ]


def test_an_asset_s_ability_is_asked_by_its_own_number(tmp_path: Path) -> None:
    """/asset mark hound: the abilities not marked yet, numbered by their own numbers (a
    menu numbered 1, 2 would have had "1" answer ability 2); unmark and use: the marked."""
    path = tmp_path / "c.sqlite"
    made = ["character", "new", "Kai", "--stats", "3,2,2,1,1", "--asset", "hound:1=Ash"]
    assert main([*made, "--campaign", str(path)]) == 0
    run = run_script(path, ["/asset mark hound", "1", "3"], interactive=True)
    assert "/asset mark: the ability's number (1-3)" in run.out
    assert "   2. Strike or Clash alongside your hound" in run.out
    assert "   3. Endure Stress with your hound beside you" in run.out
    assert "   1. " not in run.out.split("/asset mark:", 1)[1]
    assert run.err_lines == ["error: '1' is not one of the options (accepted: 2, 3)"]
    assert "Kai's hound “Ash”: ability 3 marked" in run.out
    run = run_script(path, ["/asset unmark hound", ""], interactive=True)
    menu = run.out.split("/asset unmark:", 1)[1].split("answer with", 1)[0]
    assert "   1. Gather Information" in menu and "   3. Endure" in menu and "   2." not in menu


def test_starforged_impact_clear_offers_what_is_marked(tmp_path: Path) -> None:
    """Starforged: a vehicle trouble is offered to clear only when the command vehicle has
    it (it offered battered and cursed on a clean ship), to mark only with a vehicle."""
    path = tmp_path / "c.sqlite"
    script = ["starforged", "", "Kira", "3 2 2 1 1", "", "", ""]
    run = run_script(path, [*script, "/impact clear", "/impact mark", ""], interactive=True)
    assert run.err_lines == ["error: /impact clear: Kira has no impact marked to clear"]
    marking = run.out.split("/impact: the impact (wounded...)", 1)[1].split("answer with")[0]
    assert "wounded" in marking and "battered" not in marking  # no vehicle yet
    script += ["/vehicle new Firebird", "/impact mark battered", "/impact clear", "1"]
    run = run_script(tmp_path / "d.sqlite", script, interactive=True)
    clearing = run.out.split("/impact: the impact (wounded...)", 1)[1].split("answer with")[0]
    assert "1. battered" in clearing and "cursed" not in clearing and "wounded" not in clearing
    assert "Firebird: battered cleared" in run.out
