"""The journal tells a card by the name the player gave it (issue 18: "Player-facing text uses
the names players gave (the hound is 'Brann')"), learnt from the character's creation, a card
added later, or the state when only part of the log is told; a card with no name is the
character's ("Kai's ironclad"). No content id is told."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from ironsworn.campaign.journal import Narrator, without_name

HOUND = "asset:classic/companion/hound"


def created(*assets: dict[str, Any]) -> dict[str, Any]:
    return {"type": "character_created", "character": {"name": "Kai", "assets": list(assets)}}


def test_a_named_companion_is_told_by_its_name() -> None:
    narrator = Narrator()
    narrator.event(created({"id": HOUND, "name": "Hound", "type": "companion", "input": "Brann"}))
    meter = {"type": "asset_meter", "character": "Kai", "asset": HOUND, "from": 4, "to": 3}
    assert narrator.event(meter) == "Kai's hound “Brann”: health 4 → 3"
    ability = {"type": "asset_ability", "character": "Kai", "asset": HOUND, "ability": 1}
    assert narrator.event({**ability, "from": False, "to": True}) == (
        "Kai's hound “Brann”: ability 2 marked"
    )


def test_a_card_added_later_and_a_card_with_no_name() -> None:
    narrator = Narrator()
    narrator.event(created())
    added = {
        "type": "asset_added",
        "character": "Kai",
        "asset": {"id": HOUND, "type": "companion", "input": "Ash"},
    }
    narrator.event(added)
    meter = {"type": "asset_meter", "character": "Kai", "asset": HOUND, "from": 4, "to": 2}
    assert narrator.event(meter) == "Kai's hound “Ash”: health 4 → 2"
    mark = {"type": "asset_ability", "character": "Kai", "asset": "asset:classic/path/ironclad"}
    told = narrator.event({**mark, "ability": 0, "from": False, "to": True})
    assert told == "Kai's ironclad: ability 1 marked" and "asset:" not in str(told)


def test_a_card_removed_is_told_by_the_record_its_event_keeps() -> None:
    """An entry told alone (the recap's last few, after the card left the sheet): the card
    is named by the record its removal keeps, not its id ("Kai loses the asset hound")."""
    record = {"id": HOUND, "name": "Hound", "type": "companion", "input": "Brann"}
    removed = {"type": "asset_removed", "character": "Kai", "asset": HOUND, "record": record}
    assert Narrator().event(removed) == "Kai loses the asset Hound “Brann”"


def test_the_name_is_learnt_from_the_state() -> None:
    from types import SimpleNamespace

    kai = SimpleNamespace(
        name="Kai", starforged=False, assets=[{"id": HOUND, "type": "companion", "input": "Brann"}]
    )
    narrator = Narrator(SimpleNamespace(characters={"Kai": kai}, tracks={}))
    meter = {"type": "asset_meter", "character": "Kai", "asset": HOUND, "from": 4, "to": 3}
    assert narrator.event(meter) == "Kai's hound “Brann”: health 4 → 3"


def test_track_names_come_from_the_state_as_it_was_and_then_from_the_events() -> None:
    from types import SimpleNamespace

    # Tracks as records (the state's) and as JSON (a state read back), and one with no name.
    tracks: dict[str, Any] = {
        "t1": SimpleNamespace(name="Find Oda"),
        "t2": {"name": "Reach the Hollows"},
        "t3": SimpleNamespace(name=""),
    }
    state = SimpleNamespace(characters={}, tracks=tracks)
    narrator = Narrator(state)
    tracks["t4"] = SimpleNamespace(name="made after the narrator")  # the state changed since
    named = [narrator.track_name(t) for t in ("t1", "t2", "t3", "t4", "t9")]
    assert named == ["Find Oda", "Reach the Hollows", "t3", "t4", "t9"]
    made = {"id": "t1", "name": "Find Oda again", "kind": "vow", "characters": ["Kai"]}
    narrator.event({"type": "track_created", "track": made})  # an undone one, made anew
    assert narrator.track_name("t1") == "Find Oda again"


def test_no_rulebook_line_is_cited_to_the_player() -> None:
    """ "ids and rule citations stay in --json and docstrings": a note the engine keeps with
    its rulebook lines is told without them (the journal, the log, play mode)."""
    narrator = Narrator()
    note = {
        "type": "note",
        "text": "one-shot play: a troublesome vow for a session of one or two hours "
        "(seed 000 L5163-5165)",
    }
    assert narrator.event(note) == (
        "note: one-shot play: a troublesome vow for a session of one or two hours"
    )
    assert narrator.event({"type": "note", "text": "the bond's +1 (L1996-1997)"}) == (
        "note: the bond's +1"
    )


@pytest.mark.parametrize(
    ("text", "name", "told"),
    [
        # A line already headed by its character names them once.
        ("Kai: Face Danger (+edge): weak hit", "Kai", "Face Danger (+edge): weak hit"),
        ("new vow (dangerous): Find Oda — Kai", "Kai", "new vow (dangerous): Find Oda"),
        (
            "Kai: momentum 2 → 3; new fight: Wolves — Kai",
            "Kai",
            "momentum 2 → 3; new fight: Wolves",
        ),
        # Another character's name, and a track shared with another, stay.
        ("Asha: momentum 2 → 3", "Kai", "Asha: momentum 2 → 3"),
        (
            "new vow (epic): Free Hollow — Kai, Asha",
            "Kai",
            "new vow (epic): Free Hollow — Kai, Asha",
        ),
        ("new vow (dangerous): Find Oda — Kai", None, "new vow (dangerous): Find Oda — Kai"),
        # After another's phrase, the next of the line's character keeps its name: it was
        # read as the other's ("Kira: supply 5 → 0; unprepared marked", Dax's mark).
        (
            "Dax: Out of Supply; Dax: supply 5 → 0; Kira: supply 5 → 0; Dax: unprepared "
            "marked; Dax: momentum 2 → 1; Kira: unprepared marked",
            "Dax",
            "Out of Supply; supply 5 → 0; Kira: supply 5 → 0; Dax: unprepared marked; "
            "momentum 2 → 1; Kira: unprepared marked",
        ),
        # A move's own words are no one's name.
        (
            "Kai: Face Danger (+edge): weak hit; Kai: momentum 2 → 3",
            "Kai",
            "Face Danger (+edge): weak hit; momentum 2 → 3",
        ),
    ],
)
def test_a_line_headed_by_its_character_names_them_once(
    text: str, name: str | None, told: str
) -> None:
    assert without_name(text, name) == told


def test_the_journal_of_a_new_vow_names_its_character_once(tmp_path: Path) -> None:
    from ironsworn_process import ironsworn

    for argv in (
        ("character", "new", "Rhea", "--stats", "3,2,2,1,1"),
        ("vow", "new", "Find the lost child", "--rank", "dangerous", "--character", "Rhea"),
    ):
        assert ironsworn(tmp_path, *argv).returncode == 0
    journal = ironsworn(tmp_path, "journal").stdout
    assert journal.splitlines()[-1].endswith("· Rhea: new vow (dangerous): Find the lost child")


SHIP = {"name": "Wayfarer", "integrity": 5, "max": 5, "impacts": []}


@pytest.mark.parametrize(
    ("event", "line"),
    [
        ({"type": "vehicle_meter", "from": 5, "to": 3}, "Wayfarer integrity 5 → 3"),
        ({"type": "vehicle_impact", "impact": "battered", "from": False, "to": True},
         "Wayfarer: battered marked"),
        ({"type": "vehicle_mark", "mark": "hull_breach", "from": True, "to": False},
         "Wayfarer: hull breach cleared"),
    ],
)  # fmt: skip
def test_the_command_vehicle_is_told_by_its_name(event: dict[str, Any], line: str) -> None:
    # Learnt from the event that made it, or from the state when only part of the log is told.
    narrator = Narrator()
    narrator.event({"type": "vehicle", "from": None, "to": SHIP})
    assert narrator.event(event) == line

    from types import SimpleNamespace

    state = SimpleNamespace(vehicle=SHIP, characters={}, tracks={})
    assert Narrator(state).event(event) == line
    assert Narrator().event(event).startswith(("the vehicle", "the command vehicle"))


def test_the_command_vehicles_name_is_looked_up_once_for_the_log_and_the_command_line() -> None:
    """One look-up (ship_name) names the command vehicle for the log's narrator and the
    command line's result text: the same name in both, 'vehicle' words when there is none."""
    from types import SimpleNamespace

    from ironsworn.campaign.journal import ship_name
    from ironsworn.cli.result_text import target_words

    for state, name in (
        (SimpleNamespace(vehicle=SHIP, tracks={}), "Wayfarer"),
        (SimpleNamespace(vehicle={**SHIP, "name": ""}, tracks={}), None),
        (SimpleNamespace(vehicle=None, tracks={}), None),
        (SimpleNamespace(tracks={}), None),  # a state with no vehicle at all (classic)
    ):
        assert ship_name(state) == name
        said = target_words({"type": "vehicle_meter"}, "vehicle:integrity", state)
        assert said == f"{name or 'vehicle'} integrity"
        assert Narrator(state).ship == name


@pytest.mark.parametrize(
    ("event", "told"),
    [
        # A decision of which journey: its key is the track's id, told by the track's name.
        ({"type": "choice", "keys": ["journey-2"]}, "chose to the old gate"),
        ({"type": "choice", "keys": ["mark_progress"]}, "chose mark progress"),
        ({"type": "choice", "keys": ["journey-9"]}, "chose journey-9"),  # (a track never told)
        ({"type": "choice", "keys": ["clear:journey-2"]}, "chose clear to the old gate"),
        ({"type": "choice", "keys": ["milestone:journey-9"]}, "chose milestone:journey-9"),
        # A truth left open, by its name (it was told by its id).
        (
            {
                "type": "truth",
                "truth": "truth:starforged/communities",
                "from": {"name": "Communities", "key": "1", "summary": "Few", "roll": None},
                "to": None,
            },
            "truth of Communities: left open",
        ),
        (
            {"type": "truth", "truth": "truth:classic/old_world", "from": None, "to": None},
            "truth of Old World: left open",
        ),
        # An option by its name as a player types it, not its id.
        (
            {"type": "setting", "setting": "even_matches", "from": False, "to": True},
            "option even matches: off → on",
        ),
        (
            {"type": "setting", "setting": "one_shot", "from": None, "to": "long"},
            "option one shot: off → long",
        ),
    ],
)
def test_a_track_chosen_and_an_option_are_told_in_words(event: dict[str, Any], told: str) -> None:
    narrator = Narrator()
    track = {"id": "journey-2", "kind": "journey", "name": "to the old gate", "rank": "dangerous"}
    narrator.event({"type": "track_created", "track": {**track, "ticks": 0, "status": "active"}})
    assert narrator.event(event) == told


def test_a_move_asked_before_its_roll_and_rolled_at_once_is_told_once() -> None:
    """Withstand Damage asks whether to resist before it rolls; answered with the dice in the
    same operation, the log told the move twice ("Kira: Withstand Damage; Withstand Damage
    (+vehicle integrity): miss"). Pressing on (no roll) still tells the move."""
    from ironsworn.campaign.store import Operation

    move = "move:starforged/suffer/withstand_damage"
    asked = {"type": "move", "character": "Kira", "move": move, "name": "Withstand Damage"}
    rolled = {**asked, "outcome": "miss", "stat": "vehicle_integrity"}
    choice = {"type": "choice", "character": "Kira", "keys": ["resist"], "move": move}
    both = Operation(1, "move", "t", "Kira", "", (asked, choice, rolled))
    assert Narrator().headline(both) == (
        "Kira: Withstand Damage (+vehicle integrity): miss; chose resist"
    )
    alone = Operation(2, "move", "t", "Kira", "", (asked, {**choice, "keys": ["press_on"]}))
    assert Narrator().headline(alone) == "Kira: Withstand Damage; chose press on"


def test_develop_your_relationship_is_told_as_rolling_the_connection_s_rank() -> None:
    """Develop Your Relationship rolls +the connection's rank (a value of its own, "custom"
    in the data): the log read "Develop Your Relationship (+custom) ... action 3 + custom 2",
    the story "(+custom)", the command line's result "(+custom)"."""
    from ironsworn.campaign.store import Operation
    from ironsworn.campaign.story import _Teller
    from ironsworn.cli.result_text import _header
    from ironsworn.moves.records import MoveRecord

    move = "move:starforged/connection/develop_your_relationship"
    made = {"type": "move", "character": "Kira", "move": move, "name": "Develop Your Relationship",
            "outcome": "weak_hit", "stat": "custom"}  # fmt: skip
    dice = {"action_die": 3, "stat": 2, "adds": 0, "score": 5, "challenge": [2, 9],
            "type": "action", "match": False, "burned": False, "outcome": "weak_hit"}  # fmt: skip
    roll = {"type": "roll", "character": "Kira", "move": move, "roll": dice}
    operation = Operation(1, "move", "t", "Kira", "", (roll, made))
    assert Narrator().headline(operation) == (
        "Kira: Develop Your Relationship (+rank): weak hit; action 3 + rank 2 = 5 vs 2 | 9 → "
        "weak hit"
    )
    told = _Teller(None).operation(operation)
    assert (
        told[0] == "**Kira · Develop Your Relationship** (+rank) — 3 + 2 = 5 vs 2 | 9 → *weak hit*"
    )
    record = MoveRecord(move, "Develop Your Relationship", "Kira", stat="custom")
    assert _header(record, True) == "Develop Your Relationship (+rank)"
