"""Output in the order things happened (issue 13), with no name said twice."""

from __future__ import annotations

from pathlib import Path

from play_support import KAI_STATS, make_kai, run_script

from ironsworn.campaign.journal import Narrator
from ironsworn.campaign.store import Operation
from ironsworn.cli.main import main
from ironsworn.cli.play.decisions import describe


def block(out: str, start: str) -> list[str]:
    """The lines of ``out`` from the one starting with ``start`` to the next status line
    (the moves' outcome texts, indented by four, left out: what happened, in order)."""
    lines = out.splitlines()
    first = next(i for i, line in enumerate(lines) if line.startswith(start))
    end = next(i for i in range(first, len(lines)) if lines[i].startswith("Kai: health"))
    return [line for line in lines[first:end] if not line.startswith("    ")]


def test_a_follow_on_move_comes_after_the_line_that_caused_it(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite"
    made = ["character", "new", "Kai", "--stats", KAI_STATS, "--bond", "Elda"]
    assert main([*made, "--campaign", str(path)]) == 0
    run = run_script(path, ["/move sojourn --dice 1,9,10", "none"])
    assert "    On a miss, you find no help here. Pay the Price." in run.out  # the outcome's text
    assert block(run.out, "Sojourn") == [
        "Sojourn (+heart)",
        "  action 1 + stat 2 = 3 vs 9 | 10: MISS",
        "  · you find no help here",
        "→ Pay the Price",
    ]


def test_harm_past_zero_is_told_before_the_momentum_it_costs(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite"
    make_kai(path)
    run = run_script(path, ["/adjust health -5", "/move endure harm --amount 2 --dice 1,9,10"])
    assert block(run.out, "Endure Harm") == [
        "Endure Harm (+iron)",
        "  · 2 harm past 0 health becomes -2 momentum",
        "  Kai: momentum 2 -> 0",
        "  action 1 + stat 2 = 3 vs 9 | 10: MISS",
        "  Kai: momentum 0 -> -1",  # the miss's own -1
    ]


def test_a_burned_roll_shows_the_momentum_it_used(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite"
    make_kai(path)
    script = ["/adjust momentum +4", "/move face danger --stat edge --dice 1,4,5", "y"]
    run = run_script(path, script)
    burned = run.out.split("y = burn, n = decline\n")[1]
    assert burned.splitlines()[:4] == [
        "Face Danger (+edge)",
        "  Kai burns momentum +6 -> +2",
        "  action 1 + stat 3 = 4, momentum +6 burned vs 4 | 5: STRONG HIT",
        "  Kai: momentum 2 -> 3",
    ]


def test_a_decision_does_not_name_its_chooser_twice() -> None:
    pending = {
        "kind": "choose",
        "character": "Kaelen",
        "prompt": "Kaelen: choose 1",
        "options": [{"key": "plan", "text": "Plan: Take +2 momentum."}],
        "count": 1,
        "min": 1,
    }
    assert describe(pending, "Sojourn").splitlines()[0] == "Kaelen decides — Sojourn: choose 1"


def test_the_log_and_journal_name_the_character_once(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite"
    make_kai(path)
    run_script(path, ["/move face danger --stat edge --dice 6,1,2"])
    import io
    from contextlib import redirect_stdout

    for command in (["log"], ["journal"]):
        out = io.StringIO()
        with redirect_stdout(out):
            assert main([*command, "--campaign", str(path)]) == 0
        assert "Kai: Kai" not in out.getvalue()
        assert "Face Danger (+edge): strong hit" in out.getvalue()


def test_a_roll_again_names_its_table() -> None:
    event = {
        "type": "oracle",
        "oracle": "oracle_rollable:classic/moves/pay_the_price",
        "name": "Pay the Price",
        "roll": 99,
        "text": "Roll twice more on this table.",
        "rolls": [
            # As older versions stored nested rolls (no name): the id still names the table.
            {
                "id": "oracle_rollable:classic/moves/pay_the_price",
                "roll": 20,
                "text": "A.",
                "rolls": [],
            },
            {
                "id": "oracle_rollable:classic/moves/pay_the_price",
                "name": "Pay the Price",
                "roll": 40,
                "text": "B.",
                "rolls": [],
            },
        ],
    }
    line = Narrator().lines(Operation(1, "choice", "t", "Kai", "", (event,)))[0]
    assert "None" not in line
    assert line.endswith("(oracle pay the price: 20 → A.; oracle Pay the Price: 40 → B.)")


def test_a_burn_is_told_once_in_the_log_and_the_story(tmp_path: Path) -> None:
    import io
    from contextlib import redirect_stdout

    path = tmp_path / "c.sqlite"
    make_kai(path)
    run_script(path, ["/adjust momentum +4", "/move face danger --stat edge --dice 1,4,5", "y"])
    for command, told in (
        (["log", "--limit", "1"], "Kai burns momentum: 6 → 2"),
        # The story tells the burn on its move's line, with its stat (issue 21).
        (["export", "markdown"], "**Kai · Face Danger** (+edge) — 1 + 3 = 4 vs 4 | 5, momentum +6 "
         "burned → *strong hit*"),
    ):  # fmt: skip
        out = io.StringIO()
        with redirect_stdout(out):
            assert main([*command, "--campaign", str(path)]) == 0
        text = out.getvalue()
        assert text.count(told) == 1, text
        assert "momentum 6 → 2" not in text.replace("burns momentum: 6 → 2", "")


def test_the_initiative_by_hand_in_play_mode(tmp_path: Path) -> None:
    """/initiative is the command line's 'initiative' (an event, told in the log's words)."""
    path = tmp_path / "c.sqlite"
    make_kai(path)
    run = run_script(path, ["/initiative have", "/initiative maybe"])
    assert "  Kai has initiative" in run.out.splitlines(), run.out
    assert "initiative 'maybe' is unknown (accepted: have, lose" in run.out + run.err


def test_an_outcome_texts_list_items_stand_on_lines_of_their_own(tmp_path: Path) -> None:
    """Endure Harm's strong hit: "choose one." and then each option on its own line, not
    run together ("choose one. * Shake it off: ... * Embrace the pain: ...")."""
    path = tmp_path / "c.sqlite"
    make_kai(path)
    run = run_script(path, ["/move endure harm --amount 1 --dice 6,1,2"])
    lines = run.out.splitlines()
    first = lines.index("    On a strong hit, choose one.")
    assert lines[first + 1].startswith("    * Shake it off: If your health is greater than 0")
    item = next(i for i in range(first + 1, len(lines)) if "* Embrace the pain" in lines[i])
    assert lines[item] == "    * Embrace the pain: Take +1 momentum."
    # A long item wraps under its own words, not under the star.
    assert all(line.startswith("      ") for line in lines[first + 2 : item])


def printed(*argv: str) -> str:
    """What the command line prints for ``argv`` (which must succeed)."""
    import io
    from contextlib import redirect_stdout

    out = io.StringIO()
    with redirect_stdout(out):
        assert main(list(argv)) == 0, argv
    return out.getvalue()


def test_a_table_rolled_by_a_move_is_told_once_in_the_log(tmp_path: Path) -> None:
    """Pay the Price's table: the player is shown each result as it is rolled (a note), and
    the log tells the roll once, by its oracle line, not again by the note. A note that says
    something else (a 99 rolled again) is still told."""
    path = tmp_path / "c.sqlite"
    make_kai(path)
    for command in (
        ["move", "face danger", "--stat", "edge", "--dice", "1,9,10"],
        ["choose", "roll_table", "--dice", "42"],
        ["move", "face danger", "--stat", "edge", "--dice", "1,9,10"],
        ["choose", "roll_table", "--dice", "99,99,42,17"],
    ):
        shown = printed(*command, "--campaign", str(path))
    # The player saw the results as they came (the last choice's output).
    assert "  · Pay the Price (17): Your action has an unintended effect." in shown
    log = printed("log", "--campaign", str(path))
    single, double = [line for line in log.splitlines() if "chose roll table" in line]
    assert single.endswith(
        "chose roll table; oracle Pay the Price: 42 → A new danger or foe is revealed."
    )
    assert double.count("A new danger or foe is revealed.") == 1
    assert double.count("Your action has an unintended effect.") == 1
    assert "note: Pay the Price" not in double
    assert double.endswith(
        "; note: 99 asks to roll twice more while rolling twice: not a result, rolled again (42)"
    )


def test_a_starforged_table_rolled_by_a_move_is_told_once_in_the_log(home: Path) -> None:
    """Starforged's Pay the Price table likewise: the note shows the row to the player, the
    log tells it by the oracle line only."""
    shown = "".join(
        printed(*command)
        for command in (
            ["campaign", "new", "sf", "--ruleset", "starforged"],
            ["character", "new", "Kira", "--stats", KAI_STATS],
            ["move", "face danger", "--stat", "edge", "--dice", "1,9,10"],
            ["choose", "roll_table", "--dice", "45"],
        )
    )
    assert "  · Pay the Price (45): A new enemy is revealed" in shown
    (line,) = [line for line in printed("log").splitlines() if "chose roll table" in line]
    assert line.count("A new enemy is revealed") == 1, line
    assert "note: Pay the Price" not in line


def test_an_oracle_question_asked_by_a_move_is_told_once_in_the_log(tmp_path: Path) -> None:
    """Pay the Price's "ask the oracle": the note shows the answer to the player as it comes;
    the log tells it by the ask's own line only."""
    path = tmp_path / "c.sqlite"
    make_kai(path)
    printed("move", "face danger", "--stat", "edge", "--dice", "1,9,10", "--campaign", str(path))
    shown = printed("choose", "ask_oracle", "--dice", "78", "--campaign", str(path))
    assert "is the likely outcome what happens? 78: yes" in shown
    log = printed("log", "--campaign", str(path))
    (line,) = [line for line in log.splitlines() if "chose ask oracle" in line]
    assert line.endswith(
        "chose ask oracle; ask the oracle “Is the likely outcome what happens?” (likely): 78 → yes"
    ), line


def test_the_ask_the_oracle_move_is_told_once_in_the_log(tmp_path: Path) -> None:
    """The move's note ("Likely: 6 — no") shows the answer as it comes; the log tells it by
    the ask's own line only (it read "...: 6 → no; note: Likely: 6 — no")."""
    path = tmp_path / "c.sqlite"
    make_kai(path)
    for odds, die in (("likely", "6"), ("small_chance", "96")):
        shown = printed(
            "move", "ask the oracle", "--odds", odds, "--dice", die, "--campaign", str(path)
        )
        assert f": {die} — " in shown
    log = printed("log", "--campaign", str(path))
    lines = [line for line in log.splitlines() if "Ask the Oracle" in line]
    assert lines[0].endswith("Ask the Oracle; ask the oracle (likely): 6 → no"), lines
    assert lines[1].endswith("ask the oracle (small chance): 96 → yes"), lines
    assert "note:" not in log


def test_what_an_ability_gives_on_a_burn_is_left_out_of_the_log_when_nobody_burned(
    tmp_path: Path,
) -> None:
    """Swordmaster 1's note ("if you burn momentum, +2 harm...") shows as the move is made;
    the log keeps it only for a move where momentum was burned."""
    path = tmp_path / "c.sqlite"
    at = ["--campaign", str(path)]
    assert (
        main(["character", "new", "Asha", "--stats", KAI_STATS, "--asset", "swordmaster", *at]) == 0
    )
    assert main(["fight", "new", "--foe", "Bandit", "--rank", "dangerous", *at]) == 0
    shown = printed("move", "clash", "--stat", "iron", "--dice", "6,3,9", *at)
    assert "Swordmaster 1: if you burn momentum" in shown  # told as the move is made
    assert main(["choose", "obvious", *at]) == 0
    assert main(["adjust", "momentum", "8", *at]) == 0
    printed("move", "clash", "--stat", "iron", "--dice", "1,3,9", "--burn", *at)
    log = printed("log", *at)
    clashes = [line for line in log.splitlines() if "Clash" in line]
    assert len(clashes) == 2, log
    assert "Swordmaster" not in clashes[0]  # a weak hit, nobody burned
    assert "Swordmaster 1: if you burn momentum" in clashes[1] and "burns momentum" in clashes[1]


def test_a_sentence_ends_at_the_log_line_s_semicolon() -> None:
    """The log's one line joins an operation's parts with "; ": a part that ends a sentence
    is not told with its full stop before it ("Mark menace.; note: ..."); the last keeps it."""
    events = (
        {"type": "note", "text": "The threat works subtly. Mark menace."},
        {"type": "note", "text": "a match."},
    )
    line = Narrator().headline(Operation(1, "move", "t", "Kai", "", events))
    assert line == "note: The threat works subtly. Mark menace; note: a match."


def test_a_note_of_a_roll_with_its_card_is_not_told_again_in_the_log() -> None:
    """Delve's site rolls note where the row came from ("feature (95, Barrow)", "(39, the
    Barrow card)", "(50, common)"); the roll's own line tells it: the log says it once."""
    events = (
        {"type": "oracle", "oracle": "site_features:site-1", "name": "The Barrow: feature",
         "roll": 95, "text": "Something unusual", "rolls": []},
        {"type": "note", "text": "The Barrow: feature (95, Barrow): Something unusual"},
    )  # fmt: skip
    line = Narrator().headline(Operation(1, "feature", "t", "Kai", "", events))
    assert line == "oracle The Barrow: feature: 95 → Something unusual"


def test_veterans_burn_gains_are_left_out_of_the_log_when_nobody_burned(tmp_path: Path) -> None:
    """Veteran 1 gives its gains on a burn only ("+1 momentum after the reset and +1 on your
    next move; once per fight, burning a miss up to a weak hit also takes initiative"): like
    Swordmaster's, its note is left out of the log of a strike where nobody burned (every
    strike of a Veteran's fight read "note: Veteran 1: if you burn momentum, ...")."""
    path = tmp_path / "c.sqlite"
    at = ["--campaign", str(path)]
    assert main(["character", "new", "Bo", "--stats", KAI_STATS, "--asset", "veteran", *at]) == 0
    assert main(["fight", "new", "--foe", "Bandit", "--rank", "dangerous", *at]) == 0
    assert main(["initiative", "on", *at]) == 0
    shown = printed("move", "strike", "--stat", "iron", "--dice", "6,2,3", *at)
    assert "Veteran 1: if you burn momentum" in shown  # told as the move is made
    log = printed("log", *at)
    strike = next(line for line in log.splitlines() if "Strike" in line)
    assert "Veteran" not in strike, strike
