"""The rulebook's campaign options (seed 000 chapter 7): the setting, even matches, the
campaign setup rules and one-shot play, through the real engine with typed dice."""

from __future__ import annotations

from typing import Any

import pytest
from moves_support import ASHA_STATS, MISS, Game

from ironsworn.campaign.options import OPTIONS, find_option
from ironsworn.campaign.state import CampaignState
from ironsworn.errors import InvalidValue, IronswornError, RuleViolation
from ironsworn.moves.setup import SetupOperations
from ironsworn.oracle import Odds, ask_the_oracle
from ironsworn.rolls import ActionRoll, ProgressRoll


def option(game: Game, name: str, value: Any) -> None:
    game._keep(SetupOperations(game.engine).set_option(name, value))


# ------------------------------------------------------------------------ the setting itself


@pytest.mark.parametrize(
    ("name", "typed", "stored"),
    [
        ("even_matches", "on", True),
        ("even matches", "yes", True),
        ("setup_rules", "on", True),
        ("one_shot", "short", "short"),
        ("one-shot", "long", "long"),
        ("assets", "roles", "roles"),
        ("assets", "none", "none"),
        ("semi_random", "true", True),
    ],
)
def test_an_option_is_a_setting_event_that_undo_takes_back(
    game: Game, name: str, typed: str, stored: Any
) -> None:
    key = find_option(name).name
    before = game.state.to_dict()
    result = SetupOperations(game.engine).set_option(name, typed)
    assert result.events == [
        {"type": "setting", "setting": key, "from": OPTIONS[key].default, "to": stored}
    ]
    assert game.state.option(key) == stored
    # Folding the events again gives the same state; reverting restores the old one.
    replay = CampaignState()
    for event in [*game.events, *result.events]:
        replay.apply(event)
    assert replay.option(key) == stored
    assert CampaignState.from_dict(game.state.to_dict()).option(key) == stored
    for event in reversed(result.events):
        game.state.revert(event)
    assert game.state.to_dict() == before


@pytest.mark.parametrize(
    ("name", "value", "says"),
    [
        ("odd_option", "on", "option 'odd_option' is unknown (accepted: even_matches"),
        ("even_matches", "sometimes", "'sometimes' is not accepted (accepted: on or off)"),
        ("one_shot", "5", "(accepted: off, short, long)"),
        ("assets", "cards", "the option assets is already cards"),
    ],
)
def test_a_bad_option_is_refused_and_changes_nothing(
    game: Game, name: str, value: str, says: str
) -> None:
    before = game.state.to_dict()
    with pytest.raises(IronswornError, match=None) as error:
        SetupOperations(game.engine).set_option(name, value)
    assert says in str(error.value)
    assert "\n" not in str(error.value)
    assert game.state.to_dict() == before


# ------------------------------------------------------------------------------ even matches
# L5127-5135: "Resolve the impact of a match only when your challenge dice come up as an even
# number (2, 4, 6, 8, or 10)."


@pytest.mark.parametrize(
    ("challenge", "plain", "even_only"),
    [
        ((3, 3), True, False),
        ((4, 4), True, True),
        ((10, 10), True, True),
        ((1, 1), True, False),
        ((2, 4), False, False),
        ((9, 9), True, False),
    ],
)
def test_even_matches_on_action_and_progress_rolls(
    challenge: tuple[int, int], plain: bool, even_only: bool
) -> None:
    assert ActionRoll(3, 2, 0, challenge).match is plain
    assert ActionRoll(3, 2, 0, challenge, even_matches=True).match is even_only
    assert ProgressRoll(5, challenge).match is plain
    roll = ProgressRoll(5, challenge, even_matches=True)
    assert roll.match is even_only
    assert ProgressRoll.from_json(roll.to_json()) == roll  # the option is kept on the record
    burned = ActionRoll(1, 2, 0, challenge, momentum=10, even_matches=True)
    if burned.burn_outcome is not None:
        assert burned.burn().match is even_only  # burning keeps the option


def test_the_odds_of_a_match_halve_with_even_matches() -> None:
    from fractions import Fraction

    from ironsworn.odds import action_odds, progress_odds

    # Ten equal pairs of a hundred, five of them even (2, 4, 6, 8, 10).
    assert action_odds(2).match == Fraction(1, 10)
    assert action_odds(2, even_matches=True).match == Fraction(1, 20)
    assert progress_odds(5, even_matches=True).match == Fraction(1, 20)
    assert action_odds(2, even_matches=True).strong_hit == action_odds(2).strong_hit


@pytest.mark.parametrize(
    ("value", "plain", "even_only"),
    [
        (11, True, False),
        (22, True, True),
        (55, True, False),
        (88, True, True),
        (99, True, False),
        (100, True, True),
        (50, False, False),
    ],
)
def test_even_matches_on_ask_the_oracle(value: int, plain: bool, even_only: bool) -> None:
    # ENGINE CHOICE: the oracle's two d10 as tens and units; "00" is a pair of tens (even).
    assert ask_the_oracle(Odds.LIKELY, value=value).match is plain
    assert ask_the_oracle(Odds.LIKELY, value=value, even_matches=True).match is even_only


@pytest.mark.parametrize(
    ("even", "dice", "match", "first_price_option"),
    [
        (False, (1, 9, 9), True, "roll_table"),  # a miss with a match: the table first
        (True, (1, 9, 9), False, "obvious"),  # odd pair: no match with the option
        (True, (1, 8, 8), True, "roll_table"),  # even pair: still a match
        (False, MISS, False, "obvious"),
    ],
)
def test_what_follows_a_miss_with_a_match(
    game: Game, even: bool, dice: tuple[int, ...], match: bool, first_price_option: str
) -> None:
    # L2716-2719: "If you rolled a match on a move, and the outcome of that move tells you to
    # Pay the Price, you can consider rolling on the table".
    if even:
        option(game, "even_matches", "on")
    result = game.move("face danger", dice, stat="edge")
    assert result.moves[0].roll is not None
    assert result.moves[0].roll["match"] is match
    assert result.pending is not None
    assert result.pending["options"][0]["key"] == first_price_option
    assert ("after a match" in result.pending["prompt"]) is match


@pytest.mark.parametrize(
    ("even", "roll", "extreme"),
    [(False, 33, True), (True, 33, False), (True, 66, True), (False, 34, False)],
)
def test_ask_the_oracle_extreme_result_follows_the_option(
    game: Game, even: bool, roll: int, extreme: bool
) -> None:
    # L777: "On a match, an extreme result or twist has occurred."
    if even:
        option(game, "even_matches", "on")
    result = game.move("ask the oracle", (roll,), odds="likely")
    asked = next(e for e in result.events if e["type"] == "ask")
    assert asked["match"] is extreme
    assert any("extreme result" in n for n in result.notes) is extreme


@pytest.mark.parametrize(("dice", "match"), [((7, 7), False), ((8, 8), True)])
def test_progress_moves_follow_the_option(game: Game, dice: tuple[int, int], match: bool) -> None:
    option(game, "even_matches", "on")
    track = game.track("vow", "Find the relic", "dangerous", ticks=40)
    result = game.move("fulfill your vow", dice, track=track.id)
    assert result.moves[0].roll is not None
    assert result.moves[0].roll["match"] is match
    assert result.moves[0].roll["even_matches"] is True


# ------------------------------------------------------------------ the campaign setup rules


def test_background_bonds_one_tick_each_no_roll_and_held_in_reserve() -> None:
    # L4376-4380: "Give yourself up to three bonds ... You do not need to make the Forge a
    # Bond move ... Mark a tick for each bond"; L4384-4388: held in reserve, marked later.
    game = Game()
    game._keep(game.sheet.new_character("Asha", ASHA_STATS, ["Elda"], reserved_bonds=2))
    asha = game.state.character("Asha")
    assert (asha.bonds, asha.bond_ticks, asha.flags["reserved_bonds"]) == (["Elda"], 1, 2)
    setup = SetupOperations(game.engine)
    result = setup.background_bond(None, "Cinderhome")
    assert not [e for e in result.events if e["type"] == "roll"]  # no Forge a Bond roll
    assert (asha.bonds, asha.bond_ticks, asha.flags["reserved_bonds"]) == (
        ["Elda", "Cinderhome"],
        2,
        1,
    )
    setup.background_bond(None, "the overseer")
    assert asha.bond_ticks == 3 and "reserved_bonds" not in asha.flags
    with pytest.raises(RuleViolation, match="no background bond in reserve"):
        setup.background_bond(None, "Kira")
    assert asha.bond_ticks == 3


@pytest.mark.parametrize(
    ("bonds", "reserved", "error"),
    [(3, 1, "up to 3 background bonds"), (0, 4, "up to 3 background bonds"), (2, 1, None)],
)
def test_three_background_bonds_at_most(bonds: int, reserved: int, error: str | None) -> None:
    game = Game()
    names = ["Elda", "Kira", "Rolf"][:bonds]
    if error is None:
        game.sheet.new_character("Asha", ASHA_STATS, names, reserved_bonds=reserved)
        return
    with pytest.raises(InvalidValue, match=error):
        game.sheet.new_character("Asha", ASHA_STATS, names, reserved_bonds=reserved)
    assert not game.state.characters


@pytest.mark.parametrize(
    ("rank", "error"),
    [
        ("extreme", None),
        ("epic", None),
        ("formidable", "extreme or epic"),
        ("troublesome", "extreme or epic"),
    ],
)
def test_the_background_vow_is_extreme_or_epic_with_no_roll(
    game: Game, rank: str, error: str | None
) -> None:
    # L4403-4405: "give it a rank of extreme or epic. You don't need to make the Swear an Iron
    # Vow move for this quest."
    if error:
        with pytest.raises(InvalidValue, match=error):
            game.sheet.new_track("vow", "Defeat the Red Moon clan", rank, background=True)
        assert not game.state.tracks
        return
    result = game.sheet.new_track("vow", "Defeat the Red Moon clan", rank, background=True)
    assert [e["type"] for e in result.events] == ["track_created", "flag"]
    vow = next(iter(game.state.tracks.values()))
    assert game.state.character("Asha").flags["background_vow"] == vow.id
    with pytest.raises(RuleViolation, match="already has a background vow"):
        game.sheet.new_track("vow", "Another", "epic", background=True)


@pytest.mark.parametrize(
    ("rules", "first", "second", "refused"),
    [
        (True, "troublesome", None, None),
        (True, "formidable", None, None),
        (True, "extreme", None, "first vow is troublesome, dangerous or formidable"),
        (True, "epic", None, "first vow"),
        (True, "dangerous", "epic", None),  # only the first vow is limited
        (False, "extreme", None, None),  # without the option any rank
    ],
)
def test_the_first_vow_is_troublesome_dangerous_or_formidable(
    game: Game, rules: bool, first: str, second: str | None, refused: str | None
) -> None:
    # L4568-4570: "Swear an Iron Vow ... Give it a rank of troublesome, dangerous, or
    # formidable." The background vow does not count as the first vow.
    if rules:
        option(game, "setup_rules", "on")
    game.sheet.new_track("vow", "Defeat the clan", "extreme", background=True)
    if refused:
        with pytest.raises(RuleViolation, match=refused):
            game.sheet.new_track("vow", "Help Cinderhome", first)
        assert len(game.state.tracks) == 1
        return
    game.sheet.new_track("vow", "Help Cinderhome", first)
    if second:
        game.sheet.new_track("vow", "Find the healer", second)


# ---------------------------------------------------------------------------- one-shot play
# L5151-5154: "Each player creates their character by setting stats and picking assets ...
# You can ignore background vows and bonds." L5163-5165: "Give your quest a rank of troublesome
# (for a session of an hour or two) or dangerous (for a session of three to four hours)."


@pytest.mark.parametrize(("session", "rank"), [("short", "troublesome"), ("long", "dangerous")])
def test_one_shot_suggests_the_vow_rank_for_the_session(session: str, rank: str) -> None:
    game = Game()
    option(game, "one_shot", session)
    game.character("Asha", ASHA_STATS, assets=["hawk:1=Kestrel"])
    result = game.sheet.new_track("vow", "Stop the raiders", "")
    track = next(e["track"] for e in result.events if e["type"] == "track_created")
    assert track["rank"] == rank
    assert any("one-shot play" in n for n in result.notes)
    # A rank the player gives wins over the suggestion; above dangerous it is warned (issue
    # 21: "troublesome ... or dangerous"), below it is not.
    chosen = game.sheet.new_track("vow", "Save the child", "formidable")
    made = next(e for e in chosen.events if e["type"] == "track_created")
    assert made["track"]["rank"] == "formidable"
    assert any("will not be fulfilled in one session" in n for n in chosen.notes)
    within = game.sheet.new_track("vow", "Find the well", "dangerous")
    assert not any("one-shot" in n for n in within.notes)


@pytest.mark.parametrize(
    ("what", "error"),
    [
        ("bonds", "one-shot play ignores background bonds"),
        ("reserve", "one-shot play ignores background bonds"),
        ("background vow", "one-shot play ignores background vows"),
    ],
)
def test_one_shot_has_no_background_vow_or_bonds(what: str, error: str) -> None:
    game = Game()
    option(game, "one_shot", "short")
    with pytest.raises(RuleViolation, match=error):
        if what == "bonds":
            game.sheet.new_character("Asha", ASHA_STATS, ["Elda"])
        elif what == "reserve":
            game.sheet.new_character("Asha", ASHA_STATS, reserved_bonds=1)
        else:
            game.character("Asha", ASHA_STATS)
            game.sheet.new_track("vow", "Defeat the clan", "epic", background=True)
    assert not game.state.tracks
