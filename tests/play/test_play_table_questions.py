"""Play mode asks what the table's questions ask (issue 18's first list): every case asks
with a numbered menu and completes; a bad answer is asked again, never written.

Advance's purchase (with costs), Oppose's ally, a role's bonus, Enter the Fray without a
fight (the foe and its rank; the fight begins), Swear an Iron Vow's bond (+1), Companion
Endure Harm's amount, Ironclad's two styles. (Forge a Bond's reroll after a vow to them was
fulfilled is offered by the engine itself: tests/moves/test_assets_conditions.py.)
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from play_support import KAI_STATS, operations, run_script

from ironsworn.campaign.state import CampaignState
from ironsworn.campaign.store import CampaignStore
from ironsworn.cli.main import main


def cli(path: Path, *argv: str) -> None:
    assert main([*argv, "--campaign", str(path)]) == 0


def state_of(path: Path) -> CampaignState:
    with CampaignStore.open(path) as store:
        state: CampaignState = store.state()
        return state


def rolls(path: Path) -> list[dict[str, Any]]:
    return [e["roll"] for _kind, events in operations(path) for e in events if e["type"] == "roll"]


def kai(path: Path, *extra: str) -> None:
    cli(path, "character", "new", "Kai", "--stats", KAI_STATS, *extra)


def test_advance_asks_what_to_buy_with_its_cost(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite"
    kai(path, "--asset", "hawk:1=Kestrel")
    cli(path, "adjust", "experience", "+3")
    run = run_script(path, ["/move advance", "Hawk:2", "1"])
    assert run.err == ""
    assert "Kai — Advance: what do you buy?" in run.out
    assert "upgrade Hawk: ability 2" in run.out and ": 2 experience" in run.out
    assert "new asset: Berserker (combat talent): 3 experience" in run.out
    hawk = state_of(path).character("Kai").asset("hawk")
    assert hawk["abilities"][:2] == [True, True]
    assert state_of(path).character("Kai").experience_spent == 2


def test_oppose_asks_which_ally(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite"
    kai(path)
    cli(path, "character", "new", "Bo", "--stats", KAI_STATS)
    run = run_script(
        path,
        ["/move oppose --character Kai --stat iron --dice 6,1,2,1,9,9", "1", "heart", "1"],
    )
    assert run.err == ""
    assert "Kai — Oppose: which ally do you act against?" in run.out
    assert "   1. Bo" in run.out
    assert "Bo's Face Danger: which stat does Bo roll?" in run.out
    assert [r["stat"] for r in rolls(path)] == [2, 2]  # Kai's iron, Bo's heart


def test_a_role_asks_its_bonus(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite"
    kai(path)
    cli(path, "option", "assets", "roles")
    cli(path, "move", "advance", "--new-role", "scout")
    run = run_script(path, ["/move face danger --stat edge --as scout --dice 6,1,2", "+2", "1"])
    assert run.err == ""
    assert "what scout gives" in run.out and "momentum" in run.out
    roll = rolls(path)[-1]
    assert roll["adds"] == 2


def test_enter_the_fray_without_a_fight_asks_the_foe_and_begins_it(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite"
    kai(path)
    run = run_script(path, ["/move enter the fray --dice 6,1,2", "ash wolf", "dangerous", "1"])
    assert run.err == ""
    assert "Kai — Enter the Fray: whom do you fight?" in run.out
    assert "Kai — Enter the Fray: what is the rank of ash wolf?" in run.out
    (fight,) = state_of(path).tracks.values()
    assert (fight.kind, fight.name, fight.rank) == ("fight", "ash wolf", "dangerous")
    assert state_of(path).character("Kai").initiative is True  # 6+2 beats 1 and 2


def test_enter_the_fray_against_a_foe_of_the_book_takes_its_rank(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite"
    kai(path)
    run = run_script(path, ["/move enter the fray --stat heart --dice 6,1,2", "bear"])
    assert run.err == ""
    (fight,) = state_of(path).tracks.values()
    assert (fight.name, fight.rank) == ("Bear", "formidable")


def test_swear_an_iron_vow_asks_whether_it_is_to_a_bond(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite"
    kai(path, "--bond", "Ironhome")
    cli(path, "vow", "new", "Find the wolf", "--rank", "dangerous")
    run = run_script(path, ["/move swear an iron vow --dice 3,4,9", "Ironhome"])
    assert run.err == ""
    assert "is this vow to a person or community you share a bond with? (+1)" in run.out
    assert rolls(path)[-1]["adds"] == 1  # "add +1"
    again = run_script(path, ["/move swear an iron vow --dice 3,4,9", "none"])
    assert again.err == "" and rolls(path)[-1]["adds"] == 0


def test_companion_endure_harm_asks_the_amount_outside_a_fight(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite"
    kai(path, "--asset", "hound:1=Brann")
    run = run_script(path, ["/move companion endure harm --dice 6,1,2", "3"])
    assert run.err == ""
    assert "Kai — Companion Endure Harm: how much harm does Brann take?" in run.out
    hound = state_of(path).character("Kai").asset("hound")
    assert hound["meter"]["value"] == 2  # 4 health, 3 harm, then +1 on the strong hit


def test_both_ironclad_styles_are_refused_and_asked_again(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite"
    kai(path, "--asset", "ironclad")
    cli(path, "fight", "new", "--foe", "bear")
    run = run_script(path, ["/move endure harm --amount 1 --dice 6,1,2", "1 2", "1"])
    assert "are options of one ability: pick one of them" in run.err
    assert "given twice" not in run.err
    assert rolls(path)[-1]["adds"] == 1  # lightly armored: +1 in a fight


def test_an_ability_about_one_stat_leaves_only_that_stat_to_pick(tmp_path: Path) -> None:
    """Horse 1: "When you Face Danger using your horse's speed and grace ... add +1" is the
    +edge of Face Danger ("act with speed, agility, or precision: roll +edge"): picked before
    the roll, the stat question offers edge only (it offered all five)."""
    path = tmp_path / "c.sqlite"
    kai(path, "--asset", "horse:1=Swift")
    run = run_script(path, ["/move face danger --dice 6,1,2", "1", "1"])
    assert run.err == ""
    question = run.out.split("Kai — Face Danger: which stat do you roll?", 1)[1]
    options = question.split("answer with", 1)[0]
    assert "edge" in options
    assert not {"heart", "iron", "shadow", "wits"} & set(options.split())
    roll = rolls(path)[-1]
    assert (roll["stat"], roll["adds"]) == (3, 1)  # +edge 3, and the horse's +1


def test_an_ability_rolling_one_of_two_stats_asks_which(tmp_path: Path) -> None:
    """Battle-Scarred 3: "When you Endure Harm at 0 health ... roll +wits or +heart": which
    one is asked with those two (it was refused: "choose one")."""
    path = tmp_path / "c.sqlite"
    kai(path, "--asset", "battle_scarred:3")
    cli(path, "adjust", "health", "-5")
    run = run_script(path, ["/move endure harm --amount 1 --dice 6,1,2", "1", "heart"])
    assert run.err == ""
    assert "Battle-Scarred 3" in run.out and "which do you roll, +wits or +heart?" in run.out
    assert rolls(path)[-1]["stat"] == 2  # +heart 2 (wits is 1)


def test_an_ability_for_a_fight_is_not_offered_outside_one(tmp_path: Path) -> None:
    """Ironclad 1: "When you equip this asset in a fight, ..." applies in a fight only: outside
    one, Endure Harm does not offer it (it was offered, then refused once picked)."""
    path = tmp_path / "c.sqlite"
    kai(path, "--asset", "ironclad")
    # The strong hit's choice answered ("1"), so no decision waits when the fight begins.
    run = run_script(path, ["/move endure harm --amount 1 --dice 6,1,2", "1"])
    assert run.err == ""
    assert "does an ability fit the fiction?" not in run.out and "Ironclad" not in run.out
    cli(path, "fight", "new", "--foe", "bear")
    run = run_script(path, ["/move endure harm --amount 1 --dice 6,1,2", "1 2", "1", "2"])
    assert "1 and 2 (Ironclad 1) are options of one ability: pick one of them" in run.err
