"""The command line asks a pending decision at a terminal (issue 18: "A decision answered with
something that is not one of its options is refused and asked again; it never becomes a
journal entry"), and asks ``move oppose``'s ally.

A real ``ironsworn`` process on a pseudo-terminal with typed dice: a weak hit's choice, a
burn offer, Pay the Price after a miss and opposing an ally each show the decision as a
numbered menu once the result is printed, and apply the answer through the table's
``choose``/``burn``/``decline`` operation; a line that is not an option is refused and asked
again, and nothing is written for it. In a script, or with ``--json``, the decision is printed
with the command that answers it, as before.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from cli_support import STATS, fingerprint, run

from pty_terminal import DEADLINE_S, Terminal, script

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals are POSIX")

MENU = "(empty: answer later)> "


@pytest.fixture
def asha(home: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """A campaign with Asha (edge +3, momentum +2)."""
    assert run(capsys, "campaign", "new", "deciding")[0] == 0
    assert run(capsys, "character", "new", "Asha", "--stats", STATS)[0] == 0
    return home


def sheet(home: Path) -> dict[str, object]:
    done = script(home, "sheet", "--json")
    assert done.returncode == 0, done.stderr
    data: dict[str, object] = json.loads(done.stdout)
    return data


def pending(home: Path) -> object:
    """The campaign's pending decision (the test's home is the process's IRONSWORN_HOME)."""
    from ironsworn.campaign.registry import open_campaign

    with open_campaign(None, create=False) as store:
        return store.state().pending


def campaign_bytes(home: Path) -> bytes:
    return b"".join(p.read_bytes() for p in sorted(home.rglob("*")) if p.is_file())


def test_a_weak_hit_asks_its_choice_refuses_nonsense_and_applies_the_answer(asha: Path) -> None:
    term = Terminal(asha, "move", "face", "danger", "--stat", "edge", "--dice", "2,4,9")
    try:
        shown = term.expect(MENU)
        assert "WEAK HIT" in shown and "PENDING" not in shown and "ironsworn choose" not in shown
        assert "Asha decides — Face Danger: choose one" in shown
        assert "1. suffer_momentum" in shown and "4. suffer_supply" in shown
        term.send_line("maybe the second one")  # prose: not an answer, not a journal entry
        refused = term.expect(MENU)
        assert "does not answer the decision (accepted: 1-4 or suffer_momentum" in refused
        assert "nothing was written" in refused
        term.send_line("7")  # not an option's number
        assert "is not an option of the pending decision" in term.expect(MENU)
        term.send_line("1")
        assert "Asha: momentum 2 -> 1" in term.expect("momentum 2 -> 1")
        assert term.wait() == 0
    finally:
        term.close()
    assert sheet(asha)["momentum"] == 1
    assert b"maybe the second one" not in campaign_bytes(asha)


def test_a_burn_offer_is_asked_yes_or_no(asha: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "adjust", "momentum", "+6")[0] == 0  # momentum +8
    term = Terminal(asha, "move", "face", "danger", "--stat", "edge", "--dice", "1,6,7")
    try:
        shown = term.expect(MENU)
        assert "MISS" in shown and "burn momentum +8 to turn the miss into a strong hit" in shown
        assert "y = burn, n = decline" in shown
        term.send_line("perhaps")
        assert "does not answer the burn offer (accepted: y or n)" in term.expect(MENU)
        term.send_line("y")
        burned = term.expect("STRONG HIT")
        assert "Asha burns momentum +8 -> +2" in burned
        assert term.wait() == 0
    finally:
        term.close()
    assert sheet(asha)["momentum"] == 3  # reset to +2, then Face Danger's strong hit +1


def test_pay_the_price_after_a_miss_is_asked_and_an_empty_line_leaves_it_waiting(
    asha: Path,
) -> None:
    term = Terminal(asha, "move", "face", "danger", "--stat", "edge", "--dice", "1,9,10")
    try:
        shown = term.expect(MENU)
        assert "MISS" in shown and "Pay the Price" in shown
        assert "1. obvious" in shown and "3. roll_table" in shown
        term.send_line("")
        waits = term.expect("ironsworn choose KEY (obvious, ask_oracle, roll_table)")
        assert "the decision waits" in waits
        assert term.wait() == 0
    finally:
        term.close()
    assert pending(asha) is not None
    before = fingerprint(asha)
    term = Terminal(asha, "choose")  # no key at a terminal: the menu
    try:
        assert "Pay the Price" in term.expect(MENU)
        term.send_line("obvious")
        term.wait()
    finally:
        term.close()
    assert pending(asha) is None and fingerprint(asha) != before


def test_opposing_an_ally_asks_the_ally_the_stats_and_the_decision(
    asha: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(capsys, "character", "new", "Tayla", "--stats", STATS)[0] == 0
    argv = ("move", "oppose", "--character", "Asha", "--dice", "4,6,8,5,3,6")
    term = Terminal(asha, *argv)
    try:
        first = term.expect("(empty: give up)> ")
        assert "Oppose: which ally do you act against?" in first and "1. Tayla" in first
        assert "--against" not in first
        term.send_line("1")
        assert "which stat does Asha roll?" in term.expect("(empty: give up)> ")
        term.send_line("edge")
        assert "which stat does Tayla roll?" in term.expect("(empty: give up)> ")
        term.send_line("heart")
        decision = term.expect(MENU)
        assert "Tayla gains control of the outcome" in decision
        assert "Tayla decides" in decision and "own" in decision and "ally" in decision
        term.send_line("own")
        term.expect("Tayla: momentum 2 -> 3")
        assert term.wait() == 0
    finally:
        term.close()
    assert pending(asha) is None


def test_in_a_script_or_with_json_the_decision_is_printed_as_before(asha: Path) -> None:
    before = fingerprint(asha)
    refused = script(asha, "move", "oppose")
    assert refused.returncode == 2 and refused.stdout == ""
    assert refused.stderr.strip() == (
        "ironsworn: error: move oppose needs --against NAME (the ally you act against)"
    )
    assert fingerprint(asha) == before
    done = script(asha, "move", "face", "danger", "--stat", "edge", "--dice", "2,4,9")
    assert (
        done.returncode == 0
        and "PENDING (Asha): Face Danger: choose one — ironsworn choose KEY" in done.stdout
    )
    asked = script(asha, "choose")
    assert asked.returncode == 2 and "choose needs KEY" in asked.stderr
    assert "suffer_momentum, endure_harm" in asked.stderr
    assert script(asha, "choose", "suffer_momentum").returncode == 0
    term = Terminal(asha, "move", "face", "danger", "--stat", "edge", "--dice", "2,4,9", "--json")
    try:
        assert term.wait() == 0
    finally:
        term.close()
    data = json.loads(term.screen[term.screen.index("{") :])
    assert data["pending"][0]["kind"] == "choose" and "answer later" not in term.screen


def test_a_decision_asking_for_words_takes_them_after_the_choice(
    asha: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Fulfill Your Vow's "there is more to be done": swear now, the new vow's rank from the
    menu, then its name in the player's words; the vow is written and sworn."""
    assert run(capsys, "vow", "new", "Find", "the", "wolf", "--rank", "troublesome")[0] == 0
    for _ in range(3):
        assert run(capsys, "progress", "mark", "vow-1")[0] == 0
    term = Terminal(asha, "move", "fulfill", "your", "vow", "--dice", "8,10")  # a weak hit
    try:
        assert "there is more to be done" in term.expect(MENU)
        term.send_line("swear")
        ranks = term.expect(MENU)
        assert "nothing changed" not in ranks and "4. extreme      an extreme vow" in ranks
        term.send_line("4")
        term.expect("name the vow (empty: Set right: Find the wolf)> ")
        term.send_line("Hunt the wolf's master")
        sworn = term.expect("Swear an Iron Vow")
        assert "new vow: Hunt the wolf's master (extreme)" in sworn
        leave_any_decision(term)  # the vow's roll is random: a miss asks its own choice
        assert term.wait() == 0
    finally:
        term.close()
    names = {t.name: t.status for t in _state(asha).tracks.values()}
    assert names == {"Find the wolf": "fulfilled", "Hunt the wolf's master": "active"}


def leave_any_decision(term: Terminal) -> None:
    """Until the command ends: a decision menu that appears is left for later (empty line)."""
    deadline = time.monotonic() + DEADLINE_S
    while term.process.poll() is None and time.monotonic() < deadline:
        if MENU in term.screen[term.seen :]:
            term.expect(MENU)
            term.send_line("")
        term._read(0.2)


def _state(home: Path) -> Any:
    from ironsworn.campaign.registry import open_campaign

    with open_campaign(None, create=False) as store:
        return store.state()


def test_a_move_made_while_a_decision_waits_asks_it_first_then_is_made(asha: Path) -> None:
    done = script(asha, "move", "face", "danger", "--stat", "edge", "--dice", "2,4,9")
    assert done.returncode == 0 and "PENDING (Asha)" in done.stdout  # left waiting
    refused = script(asha, "move", "face", "danger", "--stat", "edge", "--dice", "6,1,2")
    assert refused.returncode == 2 and "a decision is pending" in refused.stderr  # a script
    term = Terminal(asha, "move", "face", "danger", "--stat", "edge", "--dice", "6,1,2")
    try:
        first = term.expect(MENU)
        assert "a decision waits to be answered first" in first and "1. suffer_momentum" in first
        term.send_line("suffer_supply")
        made = term.expect("STRONG HIT")
        assert "Asha: supply 5 -> 4" in made
        assert term.wait() == 0
    finally:
        term.close()
    assert pending(asha) is None and sheet(asha)["momentum"] == 3


def test_a_decision_waiting_already_is_one_line_after_an_unrelated_command(asha: Path) -> None:
    """The whole list is shown when the decision is asked, and on request (the sheet); after
    a command that leaves it as it was, one line says what is owed and where the options are
    (it reprinted every row: 25 for Make a Discovery's table), and a terminal is not asked
    the menu again."""
    done = script(asha, "move", "face", "danger", "--stat", "edge", "--dice", "2,4,9")
    assert "    endure_harm" in done.stdout  # asked now: in full
    later = script(asha, "adjust", "health", "-1")
    assert later.returncode == 0
    assert later.stdout == (
        "  Asha: health 5 -> 4\n"
        "PENDING (Asha): Face Danger: choose one (4 options) — ironsworn choose KEY; ironsworn "
        "sheet shows the options\n"
    )
    shown = script(asha, "sheet").stdout
    assert (
        "PENDING (Asha): Face Danger: choose one — ironsworn choose KEY\n    suffer_momentum"
        in shown
    )
    assert "    suffer_supply" in shown
    term = Terminal(asha, "adjust", "health", "-1")
    try:
        assert term.wait() == 0
    finally:
        term.close()
    assert "ironsworn sheet shows the options" in term.screen and MENU not in term.screen
    assert "suffer_supply" not in term.screen
    assert pending(asha) is not None


def test_a_decision_set_aside_that_comes_back_is_shown(asha: Path) -> None:
    """Co-op: Asha's decision is set aside while Bo acts; once Bo's is answered, Asha's waits
    again, and the answer says so in full (it said nothing of it)."""
    assert script(asha, "character", "new", "Bo", "--stats", STATS).returncode == 0
    for who in ("Asha", "Bo"):  # edge +3: 3 + 3 = 6 against 5 and 8, a weak hit each
        made = script(
            asha, "move", "face", "danger", "--stat", "edge", "--character", who, "--dice", "3,5,8"
        )
        assert made.returncode == 0, made.stderr
    answered = script(asha, "choose", "suffer_momentum")
    assert answered.returncode == 0, answered.stderr
    assert answered.stdout.startswith(
        "  Bo: momentum 2 -> 1\nPENDING (Asha): Face Danger: choose one"
    )
    assert "    suffer_supply" in answered.stdout


def test_a_decision_set_aside_is_named_once_after_each_command(asha: Path) -> None:
    """Co-op: while Bo's decision waits, Asha's is set aside; every command's output names it
    in one line (it was never said, and a player forgot it waited), and not once it is back."""
    assert script(asha, "character", "new", "Bo", "--stats", STATS).returncode == 0
    line = (
        "also waiting: Asha's decision (Face Danger: choose one), set aside until Bo's is answered"
    )
    outputs = []
    for who in ("Asha", "Bo"):  # edge +3: 3 + 3 = 6 against 5 and 8, a weak hit each
        made = script(
            asha, "move", "face", "danger", "--stat", "edge", "--character", who, "--dice", "3,5,8"
        )
        assert made.returncode == 0, made.stderr
        outputs.append(made.stdout)
    assert line not in outputs[0]
    assert outputs[1].count(line) == 1 and outputs[1].endswith(line + "\n")
    hurt = script(asha, "adjust", "health", "-1", "--character", "Bo")
    assert hurt.returncode == 0, hurt.stderr
    assert hurt.stdout.count("also waiting") == 1 and hurt.stdout.endswith(line + "\n")
    assert "PENDING (Bo): Face Danger: choose one (4 options)" in hurt.stdout
    answered = script(asha, "choose", "suffer_momentum")
    assert answered.returncode == 0, answered.stderr
    assert "also waiting" not in answered.stdout


def test_a_decisions_menu_is_wrapped_to_a_narrow_terminal(asha: Path) -> None:
    """Pay the Price's long options at a terminal 80 wide: each option's text is wrapped in
    its own column, as play mode wraps it (the terminal broke the lines mid-word)."""
    term = Terminal(
        asha, "move", "face", "danger", "--stat", "edge", "--dice", "1,9,10", columns=80
    )
    try:
        shown = term.expect(MENU)
        term.send_line("")
        term.wait()
    finally:
        term.close()
    lines = shown.replace("\r", "").splitlines()
    start = next(i for i, line in enumerate(lines) if "2. ask_oracle" in line)
    assert all(len(line) < 80 for line in lines[start : start + 4])
    assert lines[start + 1].startswith(" " * 17) and lines[start + 1].strip()


def test_a_sheet_shows_a_decision_set_aside_as_set_aside(asha: Path) -> None:
    """Asha's sheet shows her decision, set aside while Bo's waits, without offering
    'ironsworn choose KEY' for it: choose answers Bo's (the two have the same keys, so
    'choose endure_harm' read from Asha's sheet hurt Bo)."""
    assert script(asha, "character", "new", "Bo", "--stats", STATS).returncode == 0
    for who in ("Asha", "Bo"):  # edge +3: 3 + 3 = 6 against 5 and 8, a weak hit each
        made = script(
            asha, "move", "face", "danger", "--stat", "edge", "--character", who, "--dice", "3,5,8"
        )
        assert made.returncode == 0, made.stderr
    shown = script(asha, "sheet", "--character", "Asha").stdout
    assert (
        "PENDING (Asha): Face Danger: choose one — set aside until Bo's is answered "
        "(ironsworn choose answers Bo's first)\n    suffer_momentum" in shown
    )
    assert "ironsworn choose KEY" not in shown
    assert (
        "PENDING (Bo): Face Danger: choose one — ironsworn choose KEY\n"
        in script(asha, "sheet", "--character", "Bo").stdout
    )
