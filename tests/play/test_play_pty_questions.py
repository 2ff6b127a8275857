"""Issue 18's first list at a real terminal: ``ironsworn play`` on a pseudo-terminal asks
every question with a numbered menu and completes the move (see test_play_pty for the
terminal). Companion Endure Harm's amount, Enter the Fray without a fight (the foe in the
player's words, its rank), Ironclad's two styles refused and asked again, Swear an Iron Vow's
bond, Advance's purchase, a nonsense answer to a decision refused (never a journal entry);
then Oppose's ally and a role's bonus with two characters."""

from __future__ import annotations

from pathlib import Path

from play_support import KAI_STATS, operations
from test_play_pty import Terminal, default_campaign

from ironsworn.campaign.store import CampaignStore
from ironsworn.cli.main import main


def cli(path: Path, *argv: str) -> None:
    assert main([*argv, "--campaign", str(path)]) == 0


def test_the_first_list_asks_and_completes_at_a_terminal(private_home: Path) -> None:
    path = default_campaign(private_home)
    cli(
        path,
        *("character", "new", "Kai", "--stats", KAI_STATS, "--bond", "Ironhome"),
        *("--asset", "hound:1=Brann", "--asset", "ironclad"),
    )
    cli(path, "adjust", "experience", "+3")
    cli(path, "vow", "new", "Find the wolf", "--rank", "dangerous")
    term = Terminal(private_home)
    try:
        term.expect("Kai>")
        # Companion Endure Harm outside a fight: how much harm?
        term.send("/move companion endure harm --dice 6,1,2\r")
        term.expect("Kai — Companion Endure Harm: how much harm does Brann take?")
        term.expect("[1-5]>")
        term.send("2\r")
        term.expect("Brann (hound) health 4 -> 2")
        term.expect("Kai>")
        # Enter the Fray with no fight: the foe (own words), its rank, the stat.
        term.send("/move enter the fray --dice 6,4,9\r")
        term.expect("Kai — Enter the Fray: whom do you fight?")
        term.send("the ash wolf\r")
        term.expect("what is the rank of the ash wolf?")
        term.send("dangerous\r")
        term.expect("which stat do you roll?")
        term.send("1\r")
        term.expect("new fight: the ash wolf (dangerous)")
        term.expect("WEAK HIT")
        term.expect("On a weak hit, choose one.")  # the outcome's text with the result
        # A nonsense answer to the decision is refused, never written in the journal.
        term.expect("Kai [1-2]>")
        term.send("maybe the second one\r")
        term.expect("does not answer the decision")
        term.send("2\r")
        term.expect("initiative no -> yes")
        term.expect("Kai>")
        # Both Ironclad styles: refused, asked again.
        term.send("/move endure harm --amount 1 --dice 6,1,2\r")
        term.expect("does an ability fit the fiction?")
        term.send("1 2\r")
        term.expect("are options of one ability: pick one of them")
        term.send("1\r")
        term.expect("Ironclad 1: +1")
        term.expect("Kai [1-2]>")
        term.send("2\r")
        term.expect("Kai>")
        # Swear an Iron Vow: is it to a bond? (+1)
        term.send("/move swear an iron vow --dice 3,4,9\r")
        term.expect("is this vow to a person or community you share a bond with? (+1)")
        term.send("Ironhome\r")
        term.expect("action 3 + stat 2 + 1 = 6")
        term.expect("Kai>")
        # Advance: what do you buy? (with costs)
        term.send("/move advance\r")
        term.expect("Kai — Advance: what do you buy?")
        term.expect("upgrade Hound: ability 2")
        term.send("Hound:2\r")
        term.expect("spend 2 experience to upgrade Hound, marking ability 2")
        term.send("1\r")
        term.expect("experience spent 0 -> 2")
        term.expect("Kai>")
        term.send("/quit\r")
        assert term.wait() == 0
    finally:
        term.close()
    kinds = [kind for kind, _ in operations(path)]
    assert "journal" not in kinds  # the nonsense answer wrote nothing
    with CampaignStore.open(path) as store:
        state = store.state()
    assert state.character("Kai").asset("hound")["abilities"][:2] == [True, True]
    (fight,) = [t for t in state.tracks.values() if t.kind == "fight"]
    assert (fight.name, fight.rank) == ("the ash wolf", "dangerous")


def test_oppose_and_a_role_ask_at_a_terminal(private_home: Path) -> None:
    path = default_campaign(private_home)
    cli(path, "character", "new", "Kai", "--stats", KAI_STATS)
    cli(path, "character", "new", "Bo", "--stats", KAI_STATS)
    cli(path, "option", "assets", "roles")
    cli(path, "move", "advance", "--new-role", "scout", "--character", "Kai")
    term = Terminal(private_home)
    try:
        term.expect("default>")
        term.send("/move oppose --character Kai --stat iron --dice 6,1,2,1,9,9\r")
        term.expect("Kai — Oppose: which ally do you act against?")
        term.send("1\r")
        term.expect("Bo's Face Danger: which stat does Bo roll?")
        term.send("heart\r")
        term.expect("which of the two moves is resolved?")
        term.expect("[1-2]>")
        term.send("1\r")
        term.expect("default>")
        term.send("/move face danger --character Kai --stat edge --as scout --dice 6,1,2\r")
        term.expect("what scout gives")
        term.send("1\r")
        term.expect("STRONG HIT")
        term.send("/quit\r")
        assert term.wait() == 0
    finally:
        term.close()
    rolls = [e["roll"] for _k, events in operations(path) for e in events if e["type"] == "roll"]
    assert rolls[-1]["adds"] == 2  # the role's +2
