"""Play mode's walkthrough gives a new Starforged character the rules' starting assets: the
party's STARSHIP (its name asked), two paths, then a final asset (a path, companion, module or
support vehicle); a card of the wrong deck is named as such and asked again."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from test_play_pipe import play

from shared_files import STARFORGED_DATASWORN, shared_file


def test_the_walkthrough_asks_the_ship_two_paths_and_a_final_asset(tmp_path: Path) -> None:
    home = tmp_path / "home"
    script = [
        "starforged",
        str(shared_file(STARFORGED_DATASWORN)),
        "Kira",
        "3 2 2 1 1",
        "",  # the ship needs a name: asked again
        "Vesper",
        "list",
        "rockhorn",  # a companion where a path is asked: refused, asked again
        "navigatr",  # no such card: the closest named, asked again
        "zzz",  # nothing close: where the cards are
        "ace",
        "navigator",
        "survivor",  # a deed: not offered at creation
        "rockhorn",
        "Bo",
        "/skip",  # the background vow
        "/skip",  # the inciting incident
        "/skip",  # the truths
        "/sheet --json",
        "/quit",
    ]
    done = play(home, script)
    assert done.returncode == 0, done.stderr
    assert "your starship needs a name" in done.stderr
    assert "Rockhorn is a companion card, and this step takes another (Path 1 of 2" in done.stderr
    assert "Survivor is a deed card" in done.stderr
    assert "no card 'navigatr' in this step's deck; closest: Navigator ('list' shows them)" in (
        done.stderr
    )
    assert "no card 'zzz' in this step's deck ('list' shows them)" in done.stderr
    assert "Vesper: your command vehicle, integrity 5" in done.stdout
    assert "Path 2 of 2" in done.stdout and "Your final asset" in done.stdout
    # 'list' shows the paths in their words (Datasworn's links read as the moves' names).
    assert "Ace: When you Face Danger or React Under Fire" in done.stdout
    sheet = json.loads(done.stdout[done.stdout.index('{"name": "Kira"') :].splitlines()[0])
    assert [(a["name"], a.get("input")) for a in sheet["assets"]] == [
        ("Starship", "Vesper"),
        ("Ace", None),
        ("Navigator", None),
        ("Rockhorn", "Bo"),
    ]


def test_asset_commands_work_on_starforged_cards_in_play(tmp_path: Path) -> None:
    """``/asset fits``, ``upgrades``, ``mark``, ``unmark`` and ``track`` do in play what
    ``ironsworn asset`` does; a card the character lacks is one error line."""
    home = tmp_path / "home"
    script = [
        "starforged",
        str(shared_file(STARFORGED_DATASWORN)),
        "Kira",
        "3 2 2 1 1",
        "Vesper",
        "ace",
        "navigator",
        "rockhorn",
        "Bo",
        "/skip",
        "/skip",
        "/skip",
        "/asset fits face danger",
        "/asset upgrades",
        "/asset mark ace 2",
        "/asset track rockhorn health 3",
        "/asset mark hawk 2",
        "/asset unmark ace 2",
        "/sheet --json",
        "/quit",
    ]
    done = play(home, script)
    assert done.returncode == 0, done.stderr
    assert "Kira's abilities on Face Danger:" in done.stdout
    assert "Ace 1: +1, +1 momentum on a hit" in done.stdout
    assert "Ace 2 (2 xp): When you Gain Ground" in done.stdout  # the words, not the links
    assert "Kira's ace: ability 2 marked" in done.stdout
    assert "Kira's ace: ability 2 cleared" in done.stdout
    assert "Kira has no asset 'hawk'" in done.stderr
    sheet = json.loads(done.stdout[done.stdout.index('{"name": "Kira"') :].splitlines()[0])
    rockhorn = next(a for a in sheet["assets"] if a["name"] == "Rockhorn")
    assert rockhorn["meter"]["value"] == 3
    ace = next(a for a in sheet["assets"] if a["name"] == "Ace")
    assert ace["abilities"] == [True, False, False]


def test_a_second_character_boards_the_crews_ship_and_acts(tmp_path: Path) -> None:
    """Bram joins Kira's crew: he boards the Vesper with the crew's Engine Upgrade (every crew
    member's sheet lists the crew's cards; a card the crew has is not chosen again, asked
    again instead of losing the walkthrough), and he acts once made."""
    home = tmp_path / "home"
    script = [
        "starforged",
        str(shared_file(STARFORGED_DATASWORN)),
        "Kira",
        "3 2 2 1 1",
        "Vesper",
        "ace",
        "navigator",
        "engine upgrade",
        "/skip",
        "/skip",
        "/skip",
        "/character",
        "Bram",
        "1 3 2 2 1",
        "healer",
        "veteran",
        "engine upgrade",  # Kira's, the crew's already: asked again
        "shuttle",
        "Wren",
        "/skip",
        "/skip",
        "/sheet --json",
        "/quit",
    ]
    done = play(home, script)
    assert done.returncode == 0, done.stderr
    assert "You board the Vesper, the crew's STARSHIP, with Engine Upgrade" in done.stdout
    assert "Engine Upgrade is the crew's already (Kira's; you use it aboard)" in done.stderr
    assert "now acting as Bram" in done.stdout
    sheet = json.loads(done.stdout[done.stdout.index('{"name": "Bram"') :].splitlines()[0])
    assert [(a["name"], a.get("owner")) for a in sheet["assets"]] == [
        ("Starship", None),
        ("Healer", None),
        ("Veteran", None),
        ("Shuttle", "Bram"),
        ("Engine Upgrade", "Kira"),
    ]


def test_an_abilitys_fiction_is_offered_as_it_reads(tmp_path: Path) -> None:
    """Ace 1's fiction, "by guiding your vehicle through a hazard or out of harm's way", is
    offered after the ability's name as it reads (it was "when by guiding your vehicle")."""
    home = tmp_path / "home"
    script = [
        "starforged",
        str(shared_file(STARFORGED_DATASWORN)),
        "Kira",
        "3 2 2 1 1",
        "Vesper",
        "ace",
        "navigator",
        "engine upgrade",
        "/skip",  # the background vow
        "/skip",  # the inciting incident
        "/skip",  # the truths
        "/move face danger --stat edge --dice 4,5,4",
        "1",
        "/quit",
    ]
    done = play(home, script)
    assert done.returncode == 0, done.stderr
    assert "ace:1  Ace 1: by guiding your vehicle through a hazard" in done.stdout
    assert "when by guiding" not in done.stdout
    assert "action 4 + stat 3 + 1 = 8 vs 5 | 4: STRONG HIT" in done.stdout


def test_an_ability_for_another_stat_is_not_offered(tmp_path: Path) -> None:
    """Engine Upgrade acts on an expedition rolled +edge: on one rolled +wits it is not offered
    (it was, and picked, the move was refused: 'no marked ability 1 that applies')."""
    home = tmp_path / "home"
    script = [
        "starforged",
        str(shared_file(STARFORGED_DATASWORN)),
        "Kira",
        "3 2 2 1 1",
        "Vesper",
        "ace",
        "navigator",
        "engine upgrade",
        "/skip",  # the background vow
        "/skip",  # the inciting incident
        "/skip",  # the truths
        "/expedition Chart the Shroud --rank dangerous",
        "/move undertake an expedition --stat wits --dice 6,1,2",
        "/move undertake an expedition --stat edge --dice 6,1,2",
        "1",
        "/quit",
    ]
    done = play(home, script)
    assert done.returncode == 0, done.stderr
    assert "no marked ability" not in done.stderr
    offer = "Engine Upgrade 1: when in your vehicle (rolling +edge) (+1 momentum on a strong hit"
    assert done.stdout.count(offer) == 1
    # Offered once: for the roll +edge, after the one +wits was made.
    assert done.stdout.index(offer) > done.stdout.index("Undertake an Expedition (+wits)")
    edge = done.stdout.split("Undertake an Expedition (+edge)")[1]
    assert "Engine Upgrade 1: +1 momentum" in edge


def test_the_starships_name_may_be_rolled_on_its_oracle(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A player with no name in mind met only "your starship needs a name"; the question now
    says the Starship Name oracle is at hand, and 'r' rolls on it: the ship bears the row
    rolled, as /oracle starship name would give it."""
    home = tmp_path / "home"
    script = ["starforged", str(shared_file(STARFORGED_DATASWORN)), "Kira", "3 2 2 1 1", "r"]
    done = play(home, [*script, "/quit"])
    assert done.returncode == 0, done.stderr
    assert "Its name (Starship Name: r rolls one):" in done.stdout
    rolled = re.search(r"rolled (\d+) on Starship Name: (.+)", done.stdout)
    assert rolled is not None, done.stdout
    assert f"{rolled[2]}: your command vehicle, integrity 5" in done.stdout
    from ironsworn.content import load_library

    monkeypatch.setenv("IRONSWORN_HOME", str(home))  # (the Starforged file imported there)
    table = load_library().oracle("oracle_rollable:starforged/starship/name")
    row = next(r for r in table.rows if r.min <= int(rolled[1]) <= r.max)
    assert row.text == rolled[2]
