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
        term.expect("Kai [1-5]>")
        term.send("2\r")
        term.expect("Hound “Brann” health 4 -> 2")
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
        term.expect("has initiative")
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
        term.quit()
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
        # No one is acting (two characters, no /as): the prompt says whose decision it is.
        term.expect("default [Kai: 1-2]>")
        term.send("1\r")
        term.expect("default>")
        term.send("/move face danger --character Kai --stat edge --as scout --dice 6,1,2\r")
        term.expect("what scout gives")
        term.send("1\r")
        term.expect("STRONG HIT")
        term.quit()
    finally:
        term.close()
    rolls = [e["roll"] for _k, events in operations(path) for e in events if e["type"] == "roll"]
    assert rolls[-1]["adds"] == 2  # the role's +2


def test_forge_a_bond_rerolls_a_classic_campaigns_moves_and_names_at_a_terminal(
    private_home: Path,
) -> None:
    """The rest of the first list at a terminal: Swear an Iron Vow names whom the vow is for
    (not a bond yet: no +1), and Forge a Bond with them once it is fulfilled offers its reroll
    ("If you make this move after you successfully Fulfill Your Vow to their benefit, you may
    reroll any dice"), without --reroll; completion and the closest move offer the classic
    campaign's moves only; the player's text names the hound Brann, the odds 50/50 and the
    dice rerolled in words, with no content ids, keys or rulebook line citations."""
    path = default_campaign(private_home)
    cli(path, "character", "new", "Kai", "--stats", KAI_STATS, "--bond", "Ironhome")
    term = Terminal(private_home)
    try:
        term.expect("Kai>")
        term.send("/move swear an iron vow --dice 6,1,2\r")
        # The vow and its rank first ("write your vow and give the quest a rank"), then whom
        # it is to.
        term.expect("what do you vow?")
        term.send("Free the miller's daughter\r")
        term.expect("what is the quest's rank?")
        term.send("troublesome\r")
        term.expect("is this vow to a person or community you share a bond with? (+1)")
        term.expect("or your own words")
        term.send("Bjorn the miller\r")
        term.expect("the vow is to Bjorn the miller (no bond on the sheet: no +1)")
        term.expect("Kai>")
        term.send('/progress mark "Free the miller\'s daughter" --ticks 40\r')
        term.expect("Kai>")
        term.send("/move fulfill your vow --dice 1,2\r")
        term.expect("status active -> fulfilled")
        term.expect("Kai>")
        term.send("/move forge a bond --dice 1,4,5\r")
        term.expect("Forge a Bond: with whom?")
        term.send("Bjorn the miller\r")
        term.expect("you fulfilled a vow to their benefit (Free the miller's daughter)")
        term.expect("MISS")
        term.expect("reroll any dice")
        term.expect("Kai [1-3]>")
        term.send("/choose action_die --dice 6\r")
        term.expect("reroll the action die: action 6 + stat 2 = 8 vs 4 | 5: STRONG HIT")
        term.expect("Kai forges a bond: Bjorn the miller")
        term.expect("Kai [1-2]>")
        term.send("2\r")
        term.expect("Kai>")
        # A classic campaign completes and suggests its own moves only.
        term.send("/move develop your rel\t")  # Tab completes no Starforged move
        term.send("\x15/move develop your relationship\r")  # Ctrl-U, and the whole name
        term.expect("is a starforged move; this campaign plays classic")
        term.send("/move finish an expedtion\r")
        term.expect("unknown move 'finish an expedtion'")
        term.send("/move fase danger --stat edge\r")
        term.expect("closest: Face Danger")
        term.expect("Kai>")
        term.send("/ask fifty_fifty Is the gate open? --seed 3\r")
        term.expect("50/50 (51+)")
        term.expect("Kai>")
        term.quit()
    finally:
        term.close()
    screen = term.screen
    assert "develop_your_relationship" not in screen and "Finish an Expedition" not in screen
    for raw in ("move:", "asset:classic", "oracle_rollable:", "fifty_fifty (", "(seed 0"):
        assert raw not in screen.split("Kai>", 1)[1], raw
    assert "action_die:" not in screen and "experience_earned" not in screen
    with CampaignStore.open(path) as store:
        state = store.state()
    assert "Bjorn the miller" in state.character("Kai").bonds


def test_whom_a_vow_serves_and_a_journeys_bond_at_a_terminal(private_home: Path) -> None:
    """A character with no bonds is asked whom the vow serves too (no +1: "If you make this vow
    to a person or community with whom you share a bond, add +1"), after its words and rank,
    and "none" is one key away; named, Forge a Bond with them once it is fulfilled offers its
    reroll without --with's help. Then a journey the move begins asks its bond, for its initial
    roll only: "If you are setting off from a community with which you share a bond, add +1
    to your initial roll" (seed 000, Undertake a Journey)."""
    path = default_campaign(private_home)
    cli(path, "character", "new", "Kai", "--stats", KAI_STATS)
    term = Terminal(private_home)
    try:
        term.expect("Kai>")
        term.send("/move swear an iron vow --dice 6,1,2\r")
        term.expect("what do you vow?")
        term.send("Free the miller's daughter\r")
        term.expect("what is the quest's rank?")
        term.send("troublesome\r")
        term.expect("Kai — Swear an Iron Vow: whom does this vow serve?")
        term.expect("1. none  no one: a vow of your own")
        term.expect("or your own words")
        term.send("Bjorn the miller\r")
        term.expect("the vow is to Bjorn the miller (no bond on the sheet: no +1)")
        term.expect("action 6 + stat 2 = 8")  # no +1
        term.expect("Kai>")
        term.send('/progress mark "Free the miller\'s daughter" --ticks 40\r')
        term.expect("Kai>")
        term.send("/move fulfill your vow --dice 1,2\r")
        term.expect("status active -> fulfilled")
        term.expect("Kai>")
        term.send("/move forge a bond --dice 1,4,5\r")
        # Whom the fulfilled vow served is offered first: one key away, no name to retype.
        term.expect("Kai — Forge a Bond: with whom?")
        term.expect("1. Bjorn the miller  you fulfilled a vow to their benefit")
        term.send("1\r")
        term.expect("you fulfilled a vow to their benefit (Free the miller's daughter)")
        term.expect("reroll any dice")
        term.send("/choose action_die --dice 6\r")
        term.expect("STRONG HIT")
        term.expect("Kai forges a bond: Bjorn the miller")
        term.expect("Kai [1-2]>")
        term.send("2\r")
        term.expect("Kai>")
        # A journey begun by the move: where, its rank, then the bond of its initial roll.
        term.send("/move undertake a journey --dice 5,1,2\r")
        term.expect("Kai — Undertake a Journey: where are you going?")
        term.send("the Havens\r")
        term.expect("what is the rank of the journey to the Havens?")
        term.send("dangerous\r")
        term.expect(
            "Kai — Undertake a Journey: are you setting off from a community you share a bond "
            "with? (+1)"
        )
        term.expect("1. Bjorn the miller")
        term.expect("2. none")
        term.send("1\r")
        term.expect("action 5 + stat 1 + 1 = 7")
        term.expect("Kai [1-2]>")
        term.send("1\r")
        term.expect("Kai>")
        term.send("/move undertake a journey --dice 5,1,2\r")  # under way: nothing asked
        term.expect("action 5 + stat 1 = 6")
        term.expect("Kai [1-2]>")
        term.send("1\r")
        term.expect("Kai>")
        term.quit()
    finally:
        term.close()
    assert term.screen.count("setting off from a community") == 1
    with CampaignStore.open(path) as store:
        state = store.state()
    (journey,) = [t for t in state.tracks.values() if t.kind == "journey"]
    assert (journey.name, journey.rank, journey.ticks) == ("the Havens", "dangerous", 16)
