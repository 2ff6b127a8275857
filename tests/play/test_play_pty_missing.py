"""Play mode at a real terminal asks what a command left out (issue 18: "nothing a player can
do ends in 'needs'"): ``/move`` with no move, ``/move show``, ``/asset show``, ``/fight``
with no foe, ``/oracle`` with no table, ``/ask`` with no odds, ``/vow`` with no rank,
``/journal edit`` with no entry (it was written as an entry reading "edit"); each
question is answered and the command completes. An empty line leaves a question, nothing
made. (In a script the one line is kept: test_play_session's bad commands.)"""

from __future__ import annotations

from pathlib import Path

from play_support import KAI_STATS, operations
from test_play_pty import Terminal, default_campaign

from ironsworn.cli.main import main


def test_what_a_command_leaves_out_is_asked(private_home: Path) -> None:
    path = default_campaign(private_home)
    assert main(["character", "new", "Kai", "--stats", KAI_STATS, "--campaign", str(path)]) == 0
    term = Terminal(private_home)
    try:
        term.expect("Kai>")
        term.send("/move --dice 6,1,2\r")
        term.expect("/move: which move?")
        term.send("face danger\r")
        term.expect("Kai — Face Danger: which stat do you roll?")
        term.send("1\r")
        term.expect("STRONG HIT")
        term.expect("Kai>")
        term.send("/move show\r")
        term.expect("/move show: which move?")
        term.send("secure an advantage\r")
        term.expect("Secure an Advantage")
        term.expect("Kai>")
        term.send("/asset show\r")
        term.expect("/asset: which one?")
        term.send("hound\r")
        term.expect("Sharp")
        term.expect("Kai>")
        term.send("/fight\r")
        term.expect("/fight: ")
        term.send("bear\r")
        term.expect("Bear (formidable fight")
        term.expect("Kai>")
        term.send("/oracle --seed 4\r")
        term.expect("/oracle: which table?")
        term.send("action\r")
        term.expect("Action")
        term.expect("Kai>")
        term.send("/ask --seed 4\r")
        term.expect("/ask: what are the odds of a yes?")
        term.send("3\r")  # 50/50
        term.expect("50/50")
        term.expect("Kai>")
        term.send("/vow Find the wolf\r")
        term.expect("What is the vow's rank?")
        term.send("dangerous\r")
        term.expect("Find the wolf (dangerous vow")
        term.expect("Kai>")
        term.send("/journey Ironhome\r")
        term.expect("/journey: what is its rank?")  # not the option's help
        term.send("2\r")
        term.expect("Ironhome (dangerous journey")
        term.expect("Kai>")
        term.send("/progress\r")  # mark or clear, then which track: the open ones
        term.expect("/progress: which one?")
        term.send("mark\r")
        term.expect("/progress: track id or text")
        term.expect("Find the wolf  dangerous vow")  # the fight with the bear is listed too
        term.send("Find the wolf\r")
        term.expect("Find the wolf progress 0 -> 8")
        term.expect("Kai>")
        term.send("/journal Kai rides out\r")
        term.expect("journal #")
        entry = term.expect("\n").strip()  # the new entry's number
        term.send("/journal edit\r")  # the word alone: which entry?
        term.expect("/journal edit: which entry?")
        term.send(f"{entry}\r")
        term.expect(f"/journal edit {entry}: its new text")
        term.send("Kai rides out at dawn\r")
        term.expect(f"journal #{entry} edited")
        term.expect("Kai>")
        term.send("/asset show\r")
        term.expect("/asset: which one?")
        term.send("\r")  # an empty line leaves the question
        term.expect("(left the question: nothing was made)")
        term.expect("Kai>")
        term.quit()
    finally:
        term.close()
    screen = term.screen
    assert "needs" not in screen and "required" not in screen
    kinds = [kind for kind, _ in operations(path)]
    assert kinds.count("move") == 1 and "fight" in kinds and "vow" in kinds


def test_a_new_site_asks_its_theme_domain_and_rank(private_home: Path) -> None:
    """Discover a Site: "choose the theme and domain which best represent its nature ..., and
    give it a rank" (Delve p. 21). ``/site new`` with only a name asks each (it said "a site
    needs a theme"), as numbered menus of the pack's (or roll), and the site is made."""
    from ironsworn.content import clear_cache, import_pack
    from shared_files import shared_file

    import_pack(shared_file("reference/datasworn/delve.json"))
    clear_cache()
    path = default_campaign(private_home)
    assert main(["character", "new", "Kai", "--stats", KAI_STATS, "--campaign", str(path)]) == 0
    term = Terminal(private_home)
    try:
        term.expect("Kai>")
        term.send("/site new The Barrow\r")
        term.expect("Discover a Site: what is the theme of the site The Barrow?")
        term.expect("leave it to the dice")
        term.send("ancient\r")
        term.expect("what is the domain of the site The Barrow?")
        term.send("barrow\r")
        term.expect("Discover a Site: what is the rank of the site The Barrow?")
        term.expect("2 boxes a mark")
        term.send("dangerous\r")
        term.expect("new site: The Barrow (dangerous)")
        term.expect("Kai>")
        term.quit()
    finally:
        term.close()
    assert "needs" not in term.screen
    assert [kind for kind, _ in operations(path)] == ["character", "site"]


def test_a_card_and_a_debility_left_out_are_offered_from_the_sheet(private_home: Path) -> None:
    """``/asset mark`` with no card offers the character's own cards (the given name beside);
    ``/debility mark`` the debilities not marked yet, with what each does."""
    path = default_campaign(private_home)
    made = ["character", "new", "Kai", "--stats", KAI_STATS, "--asset", "hound:1=Brann"]
    assert main([*made, "--campaign", str(path)]) == 0
    term = Terminal(private_home)
    try:
        term.expect("Kai>")
        term.send("/asset mark\r")
        term.expect("1. hound  “Brann”")
        term.send("1\r")
        term.expect("the ability's number")
        term.send("2\r")
        term.expect("ability 2 marked")
        term.expect("Kai>")
        term.send("/debility mark\r")
        term.expect("wounded     condition: you cannot increase health")
        term.send("wounded\r")
        term.expect("wounded marked")
        term.expect("Kai>")
    finally:
        term.close()
    marked = [events for kind, events in operations(path) if kind == "debility"]
    assert marked and marked[0][0]["type"] == "debility"
