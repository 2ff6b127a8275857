"""Ironsworn: Delve's moves applied, with typed dice, quoting the move texts of the official
Datasworn Delve file (read from ``../shared/``; the project keeps none of its text).

Each row: a move, the dice, the answers, and what the sheet and the site show after; the
quoted words are checked to be in the pack's move text, so a row cannot drift from the book.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from moves_support import ASHA_STATS, Game

from ironsworn.content import clear_cache, import_pack, load_library
from ironsworn.errors import InvalidValue, NotFound, PackMissing, RuleViolation
from ironsworn.moves.delve.failure import set_failure
from ironsworn.moves.delve.sites import new_site
from shared_files import shared_file

DELVE = "reference/datasworn/delve.json"


@pytest.fixture
def delve() -> Iterator[dict[str, Any]]:
    clear_cache()
    path = shared_file(DELVE)
    import_pack(path)
    clear_cache()
    yield json.loads(path.read_text(encoding="utf-8"))
    clear_cache()


def move_text(data: dict[str, Any], key: str) -> str:
    for category in data["moves"].values():
        if key in category["contents"]:
            return str(category["contents"][key]["text"])
    raise KeyError(key)


class DelveGame(Game):
    """A classic campaign with the Delve pack and Asha in a dangerous Ancient Barrow."""

    def __init__(self) -> None:
        super().__init__("Asha")
        self.engine.ruleset = load_library()
        self.character("Asha", ASHA_STATS)
        created = self._keep(
            new_site(
                self.engine,
                "The Sunken Barrow",
                theme="ancient",
                domain="barrow",
                rank="dangerous",
                objective="the lost crown",
            )
        )
        self.site = str(created.events[0]["track"]["id"])

    @property
    def ticks(self) -> int:
        return self.state.tracks[self.site].ticks

    @property
    def momentum(self) -> int:
        return self.state.character("Asha").momentum


def oracle_texts(result: Any) -> list[str]:
    return [e["text"] for e in result.events if e["type"] == "oracle"]


# (id, move key, quote, stat, dice, answers, site ticks after, momentum after)
DEPTHS = [
    (
        "strong",
        "On a __strong hit__, you delve deeper. Mark progress and [Find an Opportunity]",
        "wits",
        [5, 2, 3, 45],
        ["insight"],
        8,
        3,
    ),
    (
        "weak_edge_mark",
        "On a __weak hit__, roll on the following table according to your stat",
        "edge",
        [3, 2, 8, 50],
        [],
        8,
        2,
    ),
    ("weak_edge_reveal", "according to your stat", "edge", [3, 2, 8, 10, 60], [], 8, 2),
    (
        "weak_shadow_choose_mark",
        "according to your stat",
        "shadow",
        [5, 2, 8, 70],
        ["mark_progress"],
        8,
        2,
    ),
    (
        "weak_shadow_choose_opportunity",
        "according to your stat",
        "shadow",
        [5, 2, 8, 70, 12],
        ["opportunity", "insight"],
        0,
        3,
    ),
    ("weak_wits_twice", "according to your stat", "edge", [3, 2, 8, 90, 60], [], 16, 2),
    ("miss", "On a __miss__, [Reveal a Danger]", "wits", [1, 5, 8, 60], [], 0, 2),
]


@pytest.mark.parametrize(
    ("case", "quote", "stat", "dice", "answers", "ticks", "momentum"),
    DEPTHS,
    ids=[row[0] for row in DEPTHS],
)
def test_delve_the_depths(
    delve: dict[str, Any],
    case: str,
    quote: str,
    stat: str,
    dice: list[int],
    answers: list[str],
    ticks: int,
    momentum: int,
) -> None:
    assert quote in move_text(delve, "delve_the_depths")
    game = DelveGame()
    first = 1 if answers and len(dice) > 4 and answers[0] == "opportunity" else None
    game.move("delve the depths", dice[: first and 4] if first else dice, stat=stat)
    rest = dice[4:] if first else []
    for index, answer in enumerate(answers):
        game.choose([answer], rest if index == 0 else [])
    assert game.ticks == ticks
    assert game.momentum == momentum


def test_the_weak_hit_columns_are_the_stats_own(delve: dict[str, Any]) -> None:
    # 70 is "Choose one" for shadow (66-90) but "Take both" is edge's 76-80: the same roll
    # reads the column of the stat used.
    game = DelveGame()
    result = game.move("delve the depths", [3, 2, 8, 78, 40], stat="edge")
    texts = oracle_texts(result)
    assert texts[0].startswith("Take both: Mark progress and Find an Opportunity")
    assert game.ticks == 8
    assert game.engine.pending is not None  # the opportunity's "choose one"


def test_reveal_a_danger_reads_the_sites_cards(delve: dict[str, Any]) -> None:
    assert "envision the danger or roll on the following table" in move_text(
        delve, "reveal_a_danger"
    )
    theme = next(t for t in delve["site_themes"].values() if t["name"] == "Ancient")
    domain = next(d for d in delve["site_domains"].values() if d["name"] == "Barrow")
    game = DelveGame()
    for roll, card in ((20, theme), (33, domain)):
        result = game.move("reveal a danger", [roll])
        row = next(r for r in card["dangers"] if r["roll"]["min"] <= roll <= r["roll"]["max"])
        assert oracle_texts(result) == [row["text"]]
    result = game.move("reveal a danger", [90])
    assert oracle_texts(result) == ["You face a perplexing mystery or tough choice."]
    # "Roll twice more on this table. Both results occur."
    result = game.move("reveal a danger", [99, 60, 90])
    assert len(oracle_texts(result)) == 3


def test_reveal_a_danger_rolls_twice_more_again_and_the_same_twice_is_worse(
    delve: dict[str, Any],
) -> None:
    """A "roll twice more" among the two rolls is rolled twice more itself (the row says so);
    two rolls on the same row are told to be made worse."""
    table = delve["moves"]["delve"]["contents"]["reveal_a_danger"]["oracles"]["reveal_a_danger"]
    assert table["rows"][-1]["text"] == (
        "Roll twice more on this table. Both results occur. If they are the same result, make it "
        "worse."
    )
    game = DelveGame()
    result = game.move("reveal a danger", [99, 96, 60, 70, 90])
    texts = oracle_texts(result)
    assert len(texts) == 5 and texts[2:] == [
        "You face an environmental or architectural hazard.",
        "A discovery undermines or complicates your quest.",
        "You face a perplexing mystery or tough choice.",
    ]
    result = game.move("reveal a danger alt", [99, 96, 60, 70, 90])
    assert len(oracle_texts(result)) == 5
    result = game.move("reveal a danger", [97, 60, 61])
    assert "Reveal a Danger: both results are the same, so make it worse" in result.notes


def test_find_an_opportunity_then_act_now(delve: dict[str, Any]) -> None:
    assert "Take action now" in move_text(delve, "find_an_opportunity")
    game = DelveGame()
    game.move("find an opportunity", [10])
    game.choose(["act_now"])
    assert game.state.character("Asha").flags.get("next_move_add") == 1
    result = game.move("face danger", [3, 4, 9], stat="edge")
    roll = next(e for e in result.events if e["type"] == "roll")["roll"]
    assert (roll["adds"], roll["score"]) == (1, 7)
    assert (
        "next_move_add" not in game.state.character("Asha").flags
        or not (game.state.character("Asha").flags["next_move_add"])
    )


def test_act_now_takes_momentum_on_the_next_moves_hit(delve: dict[str, Any]) -> None:
    """Take action now: "When you do, add +1 and take +1 momentum on a hit" (the move's own
    momentum besides); on a miss, none; spent by the one move either way."""
    assert "add +1 and take +1 momentum on a hit" in move_text(delve, "find_an_opportunity")
    game = DelveGame()
    game.move("find an opportunity", [10])
    game.choose(["act_now"])
    before = game.momentum
    game.move("face danger", [5, 1, 1], stat="edge")  # strong hit: +1 momentum of its own
    assert game.momentum == before + 2
    game.move("find an opportunity", [10])
    game.choose(["act_now"])
    before = game.momentum
    game.move("gather information", [1, 9, 9], stat="wits")  # a miss: no momentum
    game.choose(["obvious"])  # Pay the Price
    assert game.momentum == before
    assert not game.state.character("Asha").flags.get("next_move_hit_momentum")
    game.move("face danger", [5, 1, 1], stat="edge")  # spent: the move's own +1 only
    assert game.momentum == before + 1


LOCATE = [
    (
        "strong",
        "On a __strong hit__, you locate your objective",
        [2, 3],
        ["momentum"],
        "completed",
        3,
        16,
    ),
    (
        "weak",
        "On a __weak hit__, you locate your objective but face",
        [2, 9],
        [],
        "completed",
        2,
        16,
    ),
    (
        "miss_continue",
        "clear all but one filled progress and raise the site",
        [9, 9],
        ["continue"],
        "active",
        2,
        4,
    ),
    ("miss_leave", "If you continue your exploration", [9, 9], ["leave"], "abandoned", 2, 16),
]


@pytest.mark.parametrize(
    ("case", "quote", "dice", "answers", "status", "momentum", "ticks"),
    LOCATE,
    ids=[row[0] for row in LOCATE],
)
def test_locate_your_objective(
    delve: dict[str, Any],
    case: str,
    quote: str,
    dice: list[int],
    answers: list[str],
    status: str,
    momentum: int,
    ticks: int,
) -> None:
    assert quote in move_text(delve, "locate_your_objective")
    game = DelveGame()
    game._keep(game.sheet.progress(game.site, True, ticks=16))  # score 4
    game.move("locate your objective", dice)
    for answer in answers:
        game.choose([answer])
    site = game.state.tracks[game.site]
    assert (site.status, game.momentum, site.ticks) == (status, momentum, ticks)
    if case == "miss_continue":
        assert site.rank == "formidable"  # raised by one


def test_escape_the_depths(delve: dict[str, Any]) -> None:
    text = move_text(delve, "escape_the_depths")
    assert "On a __strong hit__, you make your way safely out of the site. Take +1 momentum" in text
    game = DelveGame()
    game.move("escape the depths", [4, 2, 3], stat="edge")
    assert game.momentum == 3
    game.move("escape the depths", [4, 2, 9], stat="iron")
    game.choose(["endure_harm"], [5, 2, 3])  # "You are weary or wounded: Endure Harm"
    game.choose(["embrace_the_pain"])  # Endure Harm's own strong hit
    assert game.state.character("Asha").health == 4
    # "On a __miss__, a dire threat or imposing obstacle stands in your way. [Reveal a Danger]"
    result = game.move("escape the depths", [1, 9, 9, 90], stat="wits")
    assert oracle_texts(result) == ["You face a perplexing mystery or tough choice."]


def test_check_your_gear(delve: dict[str, Any]) -> None:
    text = move_text(delve, "check_your_gear")
    assert "Take +1 momentum and suffer -1 supply" in text
    game = DelveGame()
    game.move("move:delve/delve/check_your_gear", [2, 3, 9])
    char = game.state.character("Asha")
    assert (char.momentum, char.supply) == (3, 4)
    game._keep(game.sheet.adjust("Asha", "supply", -4))
    with pytest.raises(RuleViolation, match="at least \\+1 supply"):
        game.move("move:delve/delve/check_your_gear", [])


def test_discover_a_site_returning_clears_the_lower_challenge_die(delve: dict[str, Any]) -> None:
    assert "take the lowest value, and clear that number of progress boxes" in move_text(
        delve, "discover_a_site"
    )
    game = DelveGame()
    game._keep(game.sheet.progress(game.site, True, ticks=24))
    game.move("discover a site", [7, 2])
    assert game.ticks == 16


def test_sites_bad_input_changes_nothing(delve: dict[str, Any]) -> None:
    game = DelveGame()
    before = len(game.state.tracks)
    with pytest.raises(NotFound, match="theme 'gloomy' is unknown"):
        new_site(game.engine, "X", theme="gloomy", domain="barrow", rank="dangerous")
    with pytest.raises(NotFound, match="domain 'castle' is unknown"):
        new_site(game.engine, "X", theme="ancient", domain="castle", rank="dangerous")
    with pytest.raises(InvalidValue, match="rank"):
        new_site(game.engine, "X", theme="ancient", domain="barrow")
    assert len(game.state.tracks) == before


def test_a_sample_site_by_name(delve: dict[str, Any]) -> None:
    game = DelveGame()
    result = game._keep(new_site(game.engine, "", sample="alva's rest"))
    track = result.events[0]["track"]
    assert (track["name"], track["rank"], track["theme"], track["domain"]) == (
        "Alva's Rest",
        "dangerous",
        "delve_site_theme:delve/fortified",
        "delve_site_domain:delve/barrow",
    )


def test_without_the_pack_a_site_says_what_to_import() -> None:
    clear_cache()
    game = Game("Asha")
    game.engine.ruleset = load_library()
    game.character("Asha", ASHA_STATS)
    with pytest.raises(PackMissing, match=r"import your Datasworn Delve file first") as caught:
        new_site(game.engine, "X", theme="ancient", domain="barrow", rank="dangerous")
    assert caught.value.pack == "delve"


def test_mark_your_failure_on_every_final_miss(delve: dict[str, Any]) -> None:
    text = move_text(delve, "mark_your_failure")
    assert "mark a tick on your failure track" in text
    assert "If __you score a miss when making a progress move__, mark two ticks" in text
    game = DelveGame()
    game.move("face danger", [1, 8, 9], stat="edge")
    game.choose(["obvious"])
    assert game.state.character("Asha").legacy_track("failure")["ticks"] == 1
    game._keep(game.sheet.progress(game.site, True, ticks=4))
    game.move("locate your objective", [9, 9])  # a progress move's miss: two ticks
    assert game.state.character("Asha").legacy_track("failure")["ticks"] == 3
    # A miss burned into a weak hit is no miss: nothing is marked.
    game.choose(["leave"])
    game._keep(game.sheet.adjust("Asha", "momentum", 6))
    game.move("face danger", [1, 5, 6], stat="edge")
    game.burn()
    assert game.state.character("Asha").legacy_track("failure")["ticks"] == 3


def test_mark_your_failure_made_by_hand_marks_a_tick(delve: dict[str, Any]) -> None:
    """A miss the engine did not see (a roll made apart from a move): Mark Your Failure made
    by hand marks one tick (it marked nothing: "effects are left to the player")."""
    game = DelveGame()
    game.move("mark your failure")
    game.move("mark your failure")
    assert game.state.character("Asha").legacy_track("failure")["ticks"] == 2
    game._keep(game.engine.operation("edit", None, lambda: set_failure(game.engine, "Asha", 40)))
    result = game.move("mark your failure")
    assert game.state.character("Asha").legacy_track("failure")["ticks"] == 40
    assert "Asha's failure track is full" in result.notes


def test_a_miss_marks_the_failure_track_only_for_a_character_who_plays_delve(
    delve: dict[str, Any],
) -> None:
    """The failure track is one of Delve's "optional mechanics": with the pack imported (for
    some campaign) a classic character who never delves keeps none, and a miss marked one for
    every classic character. It is kept once the character is on a site (or faces a threat),
    or once its failure track is marked by hand, and from then on."""
    text = str(delve["moves"]["failure"]["description"])
    assert "use these optional mechanics" in text
    game = Game("Asha")
    game.engine.ruleset = load_library()
    game.character("Asha", ASHA_STATS)
    game.move("face danger", [1, 8, 9], stat="edge")
    game.choose(["obvious"])
    assert "failure" not in game.state.character("Asha").legacy  # no Delve played yet
    game.move("mark your failure")  # the player keeps the track: misses mark it from now on
    game.move("face danger", [1, 8, 9], stat="edge")
    game.choose(["obvious"])
    assert game.state.character("Asha").legacy_track("failure")["ticks"] == 2


def test_the_campaign_option_failure_track_off_plays_without_it(delve: dict[str, Any]) -> None:
    """Delve's failure track is an optional mechanic ("use these optional mechanics"): a
    campaign may play without it. With the option off a miss on a site marks nothing, and Mark
    Your Failure, Learn from Your Failures and setting the track are refused, changing
    nothing; on again, the track is kept as before."""
    from ironsworn.moves.delve.failure import set_failure_track
    from ironsworn.moves.setup import SetupOperations

    game = DelveGame()
    game._keep(SetupOperations(game.engine).set_option("failure_track", "off"))
    game.move("face danger", [1, 8, 9], stat="edge")
    game.choose(["obvious"])
    assert "failure" not in game.state.character("Asha").legacy
    for refused in (
        lambda: game.move("mark your failure"),
        lambda: game.move("learn from your failures", []),
        lambda: set_failure_track(game.engine, "Asha", 4),
    ):
        with pytest.raises(RuleViolation, match="without Delve's failure track"):
            refused()
    assert "failure" not in game.state.character("Asha").legacy
    game._keep(SetupOperations(game.engine).set_option("failure_track", "on"))
    game.move("face danger", [1, 8, 9], stat="edge")
    game.choose(["obvious"])
    assert game.state.character("Asha").legacy_track("failure")["ticks"] == 1


def test_no_failure_track_without_the_pack() -> None:
    clear_cache()
    game = Game("Asha")
    game.engine.ruleset = load_library()
    game.character("Asha", ASHA_STATS)
    game.move("face danger", [1, 8, 9], stat="edge")
    assert "failure" not in game.state.character("Asha").legacy


LEARN = [
    ("strong_ready", [2, 3], ["ready"], 3, 5),
    ("weak", [6, 9], [], 2, 2),
    ("miss", [9, 9], [], 1, 2),
]


@pytest.mark.parametrize(
    ("case", "dice", "answers", "experience", "momentum"), LEARN, ids=[row[0] for row in LEARN]
)
def test_learn_from_your_failures(
    delve: dict[str, Any],
    case: str,
    dice: list[int],
    answers: list[str],
    experience: int,
    momentum: int,
) -> None:
    text = move_text(delve, "learn_from_your_failures")
    assert "your failure track is +6 or greater" in text
    assert {
        "strong_ready": "Take 3 experience and clear all progress",
        "weak": "Take 2 experience and clear all progress",
        "miss": "Take 1 experience and clear all progress",
    }[case] in text
    game = DelveGame()
    with pytest.raises(RuleViolation, match=r"\+6 or greater"):
        game.move("learn from your failures", [])
    game._keep(game.engine.operation("edit", None, lambda: set_failure(game.engine, "Asha", 28)))
    game.move("learn from your failures", dice)
    for answer in answers:
        game.choose([answer])
    char = game.state.character("Asha")
    assert (char.experience_earned, char.momentum) == (experience, momentum)
    assert char.legacy_track("failure")["ticks"] == 0


def _threat(game: DelveGame) -> str:
    from ironsworn.moves.delve.threats import new_threat

    vow = game._keep(game.sheet.new_track("vow", "Break the curse", "dangerous"))
    vow_id = str(vow.events[0]["track"]["id"])
    result = game._keep(new_threat(game.engine, "The Hollow King", vow_id, "scheming leader"))
    return str(result.events[0]["track"]["id"])


def _danger(delve: dict[str, Any], theme: str, roll: int) -> str:
    card = next(t for t in delve["site_themes"].values() if t["name"] == theme)
    return str(
        next(r for r in card["dangers"] if r["roll"]["min"] <= roll <= r["roll"]["max"])["text"]
    )


def test_several_sites_or_threats_the_move_names_one(delve: dict[str, Any]) -> None:
    """With two sites open, Delve the Depths, Discover a Site, Reveal a Danger and Locate Your
    Objective act on the site named (Escape the Depths' danger is the site's), and Advance a
    Threat on the threat named (the track was asked for, then refused: "track does not apply
    to Delve the Depths")."""
    game = DelveGame()
    made = new_site(game.engine, "Deep Fen", theme="wild", domain="shadowfen", rank="extreme")
    other = game._keep(made)
    fen = str(other.events[0]["track"]["id"])
    with pytest.raises(InvalidValue, match="several site tracks: which one"):
        game.move("delve the depths", stat="wits")
    game.move("delve the depths", [6, 1, 2, 50], stat="wits", track=fen)
    game.choose(["insight"])
    assert (game.state.tracks[fen].ticks, game.ticks) == (2, 0)  # extreme: 2 ticks a mark
    result = game.move("reveal a danger", [20], track=fen)  # 1-30: the Wild card's row
    assert oracle_texts(result) == [_danger(delve, "Wild", 20)]
    result = game.move("escape the depths", [1, 9, 9, 21], stat="wits", track=fen)  # a miss
    assert oracle_texts(result) == [_danger(delve, "Wild", 21)]
    game.move("discover a site", [3, 5], track=fen)  # returning: clear the lower die's boxes
    assert game.state.tracks[fen].ticks == 0
    game._keep(game.sheet.progress(game.site, True, ticks=16))  # score 4
    game.move("locate your objective", [2, 3], track=game.site)
    game._keep(game.engine.choose(["momentum"]))
    assert game.state.tracks[game.site].status == "completed"
    first = _threat(game)
    second = _threat(game)
    game.move("advance a threat", [50], track=second)  # 31-70: mark menace
    assert (game.state.tracks[first].ticks, game.state.tracks[second].ticks) == (0, 8)


ADVANCE = [
    ("mark", [50], [], 8, "Mark menace."),
    ("twice", [77], [], 16, "Mark menace twice."),
    ("readies_mark", [15], ["mark_menace"], 8, "Otherwise, mark menace."),
    ("readies_prevented", [15], ["prevented"], 0, "If you succeed, [Reach a Milestone]"),
]


@pytest.mark.parametrize(
    ("case", "dice", "answers", "menace", "quote"), ADVANCE, ids=[row[0] for row in ADVANCE]
)
def test_advance_a_threat(
    delve: dict[str, Any], case: str, dice: list[int], answers: list[str], menace: int, quote: str
) -> None:
    table = delve["moves"]["threat"]["contents"]["advance_a_threat"]["oracles"]
    assert any(quote in row["text"] for row in table["advance_a_threat"]["rows"])
    game = DelveGame()
    threat = _threat(game)
    game.move("advance a threat", dice)
    for answer in answers:
        game.choose([answer])
    assert game.state.tracks[threat].ticks == menace


def test_the_last_box_of_menace_forsakes_the_vow(delve: dict[str, Any]) -> None:
    assert "You must [Forsake Your Vow]" in move_text(delve, "advance_a_threat")
    game = DelveGame()
    threat = _threat(game)
    game._keep(game.sheet.progress(threat, True, ticks=36))
    result = game.move("advance a threat", [50, 5, 2, 3])  # Forsake Your Vow's Endure Stress
    assert game.state.tracks[threat].ticks == 40
    assert any(e["type"] == "move" and e["name"] == "Forsake Your Vow" for e in result.events)


def test_a_threat_ends_with_the_vow_it_menaces(delve: dict[str, Any]) -> None:
    """The pack's threat oracles: "Swear an Iron Vow to see its goal undone". Fulfilled, the
    vow leaves its threat overcome (Take a Hiatus no longer advances it); forsaken at the last
    box of menace, the threat prevailed; a vow recommitted keeps its threat."""
    assert "to see its goal undone" in delve["oracles"]["threat"]["description"]
    game = DelveGame()
    threat = _threat(game)
    vow = str(game.state.tracks[threat].vow)
    game._keep(game.sheet.progress(vow, True, ticks=8))
    game.move("fulfill your vow", [9, 9], track=vow)  # a miss: recommit keeps it open
    game.choose(["recommit"])
    assert game.state.tracks[threat].status == "active"
    game._keep(game.sheet.progress(vow, True, ticks=40))
    game.move("fulfill your vow", [2, 3], track=vow)
    assert (game.state.tracks[vow].status, game.state.tracks[threat].status) == (
        "fulfilled",
        "overcome",
    )
    game.move("take a hiatus", [])  # no active threat left: nothing to advance
    assert game.state.tracks[threat].ticks == 0
    other = _threat(game)
    game._keep(game.sheet.progress(other, True, ticks=36))
    game.move("advance a threat", [50, 5, 2, 3], track=other)
    assert game.state.tracks[other].status == "prevailed"


def test_a_vow_ends_only_its_own_open_threats_and_reads_no_closed_track(
    delve: dict[str, Any],
) -> None:
    """Ending a vow looks at the open threats tied to it, and only those: another vow's
    threat stays active, a threat of the same vow that ended before keeps how it ended, and
    a campaign read from a snapshot does not read its closed tracks to find them."""
    from types import SimpleNamespace

    from ironsworn.campaign.state import CampaignState
    from ironsworn.moves.delve.threats import end_with_vow, new_threat
    from ironsworn.moves.engine import MoveEngine

    game = DelveGame()
    threat = _threat(game)
    vow = str(game.state.tracks[threat].vow)
    other = _threat(game)  # a second vow, its own threat
    made = new_threat(game.engine, "The Old King", vow, "scheming leader")
    ended = str(made.events[0]["track"]["id"])
    game.state.apply({"type": "track_closed", "track": ended, "from": "active", "to": "prevailed"})
    for n in range(5):  # a long campaign's closed tracks
        old = str(
            game.sheet.new_track("vow", f"Old vow {n}", "troublesome").events[0]["track"]["id"]
        )
        game.state.apply(
            {"type": "track_closed", "track": old, "from": "active", "to": "fulfilled"}
        )
    text = game.state.snapshot_text()
    game._keep(game.sheet.progress(vow, True, ticks=40))
    game.move("fulfill your vow", [2, 3], track=vow)
    statuses = {t: game.state.tracks[t].status for t in (vow, threat, other, ended)}
    assert statuses == {vow: "fulfilled", threat: "overcome", other: "active", ended: "prevailed"}
    # The same end, on the campaign as a snapshot reads it: the vow closed since then.
    read = CampaignState.from_snapshot(text)
    read.apply({"type": "track_closed", "track": vow, "from": "active", "to": "fulfilled"})
    end_with_vow(SimpleNamespace(state=read, engine=MoveEngine(read)), vow)  # type: ignore[arg-type]
    assert read._closed is not None  # the closed tracks were not read
    assert {t: read.tracks[t].status for t in (threat, other, ended)} == {
        threat: "overcome",
        other: "active",
        ended: "prevailed",
    }


def test_take_a_hiatus_recovers_then_advances_each_threat(delve: dict[str, Any]) -> None:
    text = move_text(delve, "take_a_hiatus")
    assert "Set your health, spirit, supply, and companion health to their maximum values" in text
    game = DelveGame()
    threat = _threat(game)
    game._keep(game.sheet.adjust("Asha", "health", -3))
    game._keep(game.sheet.debility("Asha", "shaken", True))
    game.move("take a hiatus", [50])
    char = game.state.character("Asha")
    assert (char.health, "shaken" in char.debilities) == (5, False)
    assert game.state.tracks[threat].ticks == 8


def test_a_threat_needs_a_known_category(delve: dict[str, Any]) -> None:
    from ironsworn.moves.delve.threats import new_threat

    game = DelveGame()
    game._keep(game.sheet.new_track("vow", "Break the curse", "dangerous"))
    before = len(game.state.tracks)
    with pytest.raises(InvalidValue, match="threat category 'dragons' is unknown"):
        new_threat(game.engine, "X", "curse", "dragons")
    assert len(game.state.tracks) == before


# --- the denizen table ---------------------------------------------------------------------


def test_the_denizen_slots_are_the_packs_own(delve: dict[str, Any]) -> None:
    """Every sample site's denizen table has the book's twelve slots by frequency."""
    from ironsworn.moves.delve.sites import DENIZEN_SLOTS

    for site in delve["delve_sites"].values():
        slots = tuple(
            (d["roll"]["min"], d["roll"]["max"], d["frequency"]) for d in site["denizens"]
        )
        assert slots == DENIZEN_SLOTS, site["name"]


def test_a_sample_site_brings_its_denizen_table(delve: dict[str, Any]) -> None:
    game = DelveGame()
    result = game._keep(new_site(game.engine, "", sample="alva's rest"))
    track = result.events[0]["track"]
    alva = delve["delve_sites"]["alvas_rest"]["denizens"][8]
    assert (alva["name"], alva["npc"], alva["roll"]) == (
        "Alva",
        "npc:delve/horrors/wight",
        {"min": 94, "max": 95},
    )
    assert track["denizens"][8] == {
        "min": 94,
        "max": 95,
        "frequency": "rare",
        "npc": "npc:delve/horrors/wight",
        "name": "Alva",
    }


def test_a_new_sites_denizens_come_from_its_theme_and_domain(delve: dict[str, Any]) -> None:
    """Drafted from the pack's sample sites of the same theme or domain, most likely first."""
    from ironsworn.moves.delve.sites import describe

    game = DelveGame()
    created = game._keep(
        new_site(game.engine, "The Hollow", theme="haunted", domain="barrow", rank="dangerous")
    )
    rows = created.events[0]["track"]["denizens"]
    sharing = [
        s
        for s in delve["delve_sites"].values()
        if s["theme"].endswith("/haunted") or s["domain"].endswith("/barrow")
    ]
    paired = {d.get("npc") for s in sharing for d in s["denizens"]} - {None}
    # Holdfast Barrow (haunted, barrow) has bonewalkers very common: the likeliest.
    holdfast = delve["delve_sites"]["holdfast_barrow"]["denizens"][0]
    assert (holdfast["frequency"], holdfast["npc"]) == (
        "very_common",
        "npc:classic/horrors/bonewalker",
    )
    assert rows[0]["npc"] == "npc:classic/horrors/bonewalker"
    assert all(r["npc"] in paired for r in rows if "npc" in r)
    assert "npc" not in rows[11] and rows[11]["frequency"] == "unforeseen"
    shown = describe(game.engine.ruleset, game.state.tracks[created.events[0]["track"]["id"]])
    assert shown["denizens"][0]["text"] == "Bonewalker"


def test_rolling_on_the_denizen_table(delve: dict[str, Any]) -> None:
    from ironsworn.moves.delve.sites import describe, roll_denizen

    game = DelveGame()
    fourth = describe(game.engine.ruleset, game.state.tracks[game.site])["denizens"][3]
    assert (fourth["min"], fourth["max"], fourth["text"]) == (56, 69, "Blighthound")
    game.dice([57])
    rolled = game._keep(roll_denizen(game.engine, game.site))
    assert rolled.notes == ["The Sunken Barrow: denizens (57, common): Blighthound"]
    game.dice([100])
    blank = game._keep(roll_denizen(game.engine, None))  # the only active site
    assert blank.notes[0].endswith("(100, unforeseen): blank: choose or introduce a new denizen")
    before = game.state.to_dict()
    with pytest.raises(NotFound):
        roll_denizen(game.engine, "no such site")
    assert game.state.to_dict() == before
