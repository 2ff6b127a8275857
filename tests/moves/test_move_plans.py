"""Move plans and the index of acting cards (issue 24): what the engine needs of a move,
worked out once per ruleset and content.

A :class:`~ironsworn.moves.rulesets.MovePlan` holds a move's handlers, short name and option
table; it must say exactly what the lookups it replaces say, for every move of every ruleset
and every move an asset gives, and be kept per ruleset (a move's classic plan is not its
Starforged one). Events the engine builds are folded without their definition being looked
up again: they change the state exactly as a checked fold does (the random-play property tests
compare the kept state with a checked fold of every event), and a type the state cannot fold
is still refused. Which cards of the content can act on a move (an ally's move, before a
move) is indexed once per key and move, so a move no card acts on looks at nobody's cards; who
holds a card, marked, in whose party, is still read from the state at each move. The engine
keeps the move each query of make_move names with its plan, as it keeps plans, and folds the
events it builds by the table apply_built reads.
"""

from __future__ import annotations

import pytest
from moves_support import ASHA_STATS, BRAM_STATS, Game

from ironsworn.campaign.events import UnknownEvent
from ironsworn.campaign.state import CampaignState, built_folds
from ironsworn.content import load_ruleset
from ironsworn.content.loader import Ruleset
from ironsworn.content.model import Move
from ironsworn.errors import NotFound
from ironsworn.momentum import MAX_BY_MARKS, RESET_BY_MARKS, momentum_max, momentum_reset
from ironsworn.moves.assets import handlers as asset_handlers
from ironsworn.moves.assets.allies import any_card_acts
from ironsworn.moves.assets.effects import fighting
from ironsworn.moves.assets.matching import _matches_move
from ironsworn.moves.autoplay import AutoPlayer
from ironsworn.moves.delve.failure import mark_failure_on_miss
from ironsworn.moves.registry import ASSET_MOVE_PREFIX, short_name
from ironsworn.moves.rulesets import CLASSIC, RULESETS, STARFORGED, Rules
from ironsworn.outcomes import BY_VALUE, Outcome, outcome_of


def _lookups(rules: Rules, content: Ruleset, move_id: str) -> tuple[object, ...]:
    """What the engine looked up on each step before plans: the same answers, by hand."""
    move = content.any_move(move_id)
    before, outcome = rules.before_for(move_id), rules.outcome_for(move_id)
    if move_id.startswith(ASSET_MOVE_PREFIX):
        before = before or asset_handlers.asset_move_before
        outcome = outcome or asset_handlers.asset_move_outcome
    return (
        move,
        short_name(move_id),
        before,
        rules.no_roll_for(move_id),
        outcome,
        rules.options_for(move_id),
        move.roll_type in ("progress_roll", "special_track"),
    )


@pytest.mark.parametrize("rules", list(RULESETS.values()), ids=list(RULESETS))
def test_every_plan_says_what_the_lookups_say(rules: Rules) -> None:
    content = load_ruleset(rules.name)  # the ruleset's moves, and the moves its assets give
    ids = list(content.moves) + list(content.asset_moves)
    assert len(ids) > 40
    # Classic's assets give moves (rituals): their plans take the asset moves' handlers.
    assert any(i.startswith(ASSET_MOVE_PREFIX) for i in ids) == (rules is CLASSIC)
    for move_id in ids:
        plan = rules.plan(content, move_id)
        got = (
            plan.move,
            plan.short,
            plan.before,
            plan.no_roll,
            plan.outcome,
            plan.options,
            plan.progress,
        )
        assert got == _lookups(rules, content, move_id), move_id
        assert plan.scene is rules.scene_outcome  # tried first (classic's scene challenges)
        # A miss of any move marks Delve's failure track when the pack is in play (the
        # function itself asks whether it is, as the engine's own import of it did).
        assert plan.on_miss is mark_failure_on_miss


def test_a_plan_is_made_once_per_ruleset_and_move() -> None:
    content = load_ruleset("classic")
    face_danger = "move:classic/adventure/face_danger"
    first = CLASSIC.plan(content, face_danger)
    assert CLASSIC.plan(content, face_danger) is first
    other = STARFORGED.plan(content, face_danger)
    assert other is not first
    # Classic plays Face Danger with its handlers; the Starforged rules hold none for it.
    assert first.outcome is not None and first.before is not None
    assert other.outcome is None and other.before is None
    assert first.options == CLASSIC.options_for(face_danger)
    assert other.options == {}


def test_an_unknown_move_has_no_plan() -> None:
    with pytest.raises(KeyError):
        CLASSIC.plan(load_ruleset("classic"), "move:classic/adventure/no_such_move")


def test_the_engine_plays_the_plan_of_its_campaigns_ruleset() -> None:
    player = AutoPlayer(seed=5)
    engine = player.engine
    assert engine.rules is CLASSIC
    player.state.ruleset = "starforged"  # as a ruleset event sets it, before play
    assert engine.rules is STARFORGED


def test_the_engine_keeps_plans_for_its_campaigns_ruleset_and_content() -> None:
    player = AutoPlayer(seed=5)
    engine = player.engine
    face_danger = "move:classic/adventure/face_danger"
    first = engine.plan_of(face_danger)
    assert first is CLASSIC.plan(engine.ruleset, face_danger)
    assert engine.plan_of(face_danger) is first
    player.state.ruleset = "starforged"  # as a ruleset event sets it
    assert engine.plan_of(face_danger) is STARFORGED.plan(engine.ruleset, face_danger)
    player.state.ruleset = "classic"
    content = engine.ruleset
    engine.ruleset = other = Ruleset(content.name, content.packs)  # another content's plans
    again = engine.plan_of(face_danger)
    assert again is not first and again is CLASSIC.plan(other, face_danger)


def test_a_built_event_folds_as_a_checked_one() -> None:
    built, checked = AutoPlayer(seed=2).state, AutoPlayer(seed=2).state
    event = {"type": "meter", "character": "Kai", "meter": "health", "from": 5, "to": 3}
    built.apply_built(event)
    checked.apply(event)
    assert built.to_dict() == checked.to_dict()
    assert built.character("Kai").health == 3
    # A record of what happened changes nothing.
    before = built.to_dict()
    built.apply_built({"type": "note", "text": "a note"})
    assert built.to_dict() == before


def test_a_built_event_of_no_known_type_is_refused() -> None:
    state = CampaignState()
    with pytest.raises(UnknownEvent, match="hitpoints"):
        state.apply_built({"type": "hitpoints", "character": "Kai", "from": 5, "to": 3})


# --- which cards can act on a move: an index of the content, per key and move ----------------

KEYS = ("ally_move", "before_move", "share", "after_roll")


def _scan(content: Ruleset, key: str, move: Move) -> bool:
    return any(
        bool(effect.get(key)) and _matches_move(effect, move)
        for asset in content.assets.values()
        for ability in asset.abilities
        for effect in ability.effects
    )


@pytest.mark.parametrize("ruleset", ["classic", "starforged"])
def test_the_index_of_acting_cards_agrees_with_a_scan_of_every_card(ruleset: str) -> None:
    content = load_ruleset(ruleset)
    acting = 0
    for move in [*content.moves.values(), *content.asset_moves.values()]:
        for key in KEYS:
            assert any_card_acts(content, key, move) == _scan(content, key, move), (key, move.id)
            acting += any_card_acts(content, key, move)
    assert acting > 0 or ruleset == "starforged"
    # Loyalist 2 acts on an ally's Endure Stress; no card acts on an ally's Face Danger.
    classic = load_ruleset("classic")
    assert any_card_acts(classic, "ally_move", classic.moves["move:classic/suffer/endure_stress"])
    assert not any_card_acts(
        classic, "ally_move", classic.moves["move:classic/adventure/face_danger"]
    )


def test_who_holds_which_card_is_read_at_each_move() -> None:
    """The index says which moves a card can act on; who holds it, marked, in whose party,
    is read from the state at each move: Loyalist 2 ("an ally who Endures Stress in your
    company adds +1") marked, unmarked, and its owner out of the party and back."""
    g = Game()
    g.character("Asha", ASHA_STATS, assets=["loyalist"])
    g.character("Bram", BRAM_STATS)

    def adds() -> int:
        result = g.move("endure stress", (2, 6, 9), character="Bram", amount=1)
        for event in reversed(result.events):
            g.state.revert(event)  # each try from the same sheet
        return int(result.moves[0].roll["adds"])

    assert adds() == 0  # the card held, its second ability not marked
    g._keep(g.sheet.asset_mark("Asha", "loyalist", 2, True))
    assert adds() == 1
    g._keep(g.sheet.share_supply(False))  # Asha is no longer in Bram's company
    assert adds() == 0
    g._keep(g.sheet.share_supply(True))
    assert adds() == 1
    g._keep(g.sheet.asset_mark("Asha", "loyalist", 2, False))
    assert adds() == 0


@pytest.mark.parametrize("rules", list(RULESETS.values()), ids=list(RULESETS))
def test_a_plan_says_whether_allies_cards_can_act_on_its_move(rules: Rules) -> None:
    """The plan holds the index's answer for an ally's move: the hooks before the roll and
    after the outcome look at the allies' cards only where it says some card acts."""
    content = load_ruleset(rules.name)
    for move in [*content.moves.values(), *content.asset_moves.values()]:
        plan = rules.plan(content, move.id)
        assert plan.ally_cards == _scan(content, "ally_move", move), move.id
    if rules is CLASSIC:
        assert rules.plan(content, "move:classic/suffer/endure_stress").ally_cards  # Loyalist 2
        assert not rules.plan(content, "move:classic/adventure/face_danger").ally_cards


@pytest.mark.parametrize("rules", list(RULESETS.values()), ids=list(RULESETS))
def test_a_plan_tries_the_scene_challenge_only_on_the_moves_it_changes(rules: Rules) -> None:
    """Classic's scene challenges change Face Danger and Secure an Advantage only (chapter
    7): every other move's plan leaves the scene out; Starforged has no scene challenge."""
    content = load_ruleset(rules.name)
    acting = {
        move.id
        for move in [*content.moves.values(), *content.asset_moves.values()]
        if rules.plan(content, move.id).scene_acts
    }
    expected = (
        {"move:classic/adventure/face_danger", "move:classic/adventure/secure_an_advantage"}
        if rules is CLASSIC
        else set()
    )
    assert acting == expected


def test_a_scene_challenge_still_changes_face_danger_and_secure_an_advantage() -> None:
    """Face Danger on a scene challenge marks its progress (a strong hit: no momentum); a
    miss on Secure an Advantage fills a countdown box and asks to Pay the Price."""
    g = Game()
    g.character("Asha", ASHA_STATS)
    scene = g.track("scene", "the bridge", "dangerous")
    momentum = g.state.character("Asha").momentum
    g.move("face danger", (6, 1, 1), stat="edge", track=scene.id)
    assert g.state.tracks[scene.id].ticks == 8  # dangerous: 2 boxes a mark
    assert g.state.character("Asha").momentum == momentum
    result = g.move("secure an advantage", (1, 9, 9), stat="edge", track=scene.id)
    assert g.state.tracks[scene.id].countdown == 1
    assert result.pending is not None and "Pay the Price" in result.pending["prompt"]


# --- what the engine keeps besides the plans (issue 24) ---------------------------------------


@pytest.mark.parametrize("ruleset", ["classic", "starforged"])
def test_the_move_a_query_names_is_found_and_planned_as_the_lookups_do(ruleset: str) -> None:
    """make_move keeps, per query, the move find_move finds and its plan: for every move of
    the ruleset (by id and by name, in any case) the same move and the same plan as the
    lookups give, the second time from what it kept."""
    player = AutoPlayer(seed=3)
    engine = player.engine
    player.state.ruleset = ruleset  # as a ruleset event sets it, before play
    engine.ruleset = load_ruleset(ruleset)
    own = engine.ruleset.in_ruleset("moves", ruleset)
    assert len(own) > 30
    for move in own.values():
        for query in (move.id, move.name, move.name.upper()):
            expected = engine.find_move(query)
            for _ in range(2):
                found, plan = engine._named_move(query)
                assert found is expected, query
                assert plan is engine.plan_of(expected.id), query


def test_the_moves_kept_by_name_follow_the_campaigns_ruleset_and_content() -> None:
    player = AutoPlayer(seed=3)
    engine = player.engine
    classic, _ = engine._named_move("face danger")
    assert classic.id == "move:classic/adventure/face_danger"
    player.state.ruleset = "starforged"
    engine.ruleset = load_ruleset("starforged")
    starforged, plan = engine._named_move("face danger")
    assert starforged.id.startswith("move:starforged/") and plan.move is starforged
    player.state.ruleset = "classic"
    engine.ruleset = other = load_ruleset("classic")
    again, plan = engine._named_move("face danger")
    assert again is other.moves["move:classic/adventure/face_danger"] and plan.move is again
    with pytest.raises(NotFound):
        engine._named_move("no such move")  # refused, and not kept
    assert "no such move" not in engine._named


def test_the_engine_folds_each_event_it_builds_as_apply_built_does() -> None:
    """The engine folds an event it builds by the state's handler of its type, the table
    apply_built reads; a record folds to nothing; a type no handler knows goes through apply,
    which refuses it, and the operation changes nothing."""
    player = AutoPlayer(seed=2)
    engine = player.engine
    assert engine._folds is built_folds(player.state)
    assert engine._folds["meter"] is type(player.state)._on_meter
    # A record folds to nothing (the start of a move and its outcome append their roll and
    # move records to the operation's events themselves, as a note is).
    for record in ("roll", "move", "note", "choice"):
        assert engine._folds[record] is None, record
    before = player.state.to_dict()

    def body() -> None:
        engine.emit({"type": "meter", "character": "Kai", "meter": "health", "from": 5, "to": 4})
        engine.emit({"type": "hitpoints", "character": "Kai", "from": 5, "to": 3})

    with pytest.raises(UnknownEvent, match="hitpoints"):
        engine.operation("adjust", "Kai", body)
    assert player.state.to_dict() == before


def test_the_momentum_tables_say_what_the_rules_say() -> None:
    """Max momentum and the reset by count of marks, read by the sheet, are the rules'."""
    assert len(MAX_BY_MARKS) == len(RESET_BY_MARKS) == 11  # 0 to 10 marks (Starforged's top)
    for marks in range(11):
        assert MAX_BY_MARKS[marks] == momentum_max(marks)
        assert RESET_BY_MARKS[marks] == momentum_reset(marks)
    char = AutoPlayer(seed=1).state.character("Kai")
    for debilities in ([], ["wounded"], ["wounded", "shaken"], ["wounded", "shaken", "sick"]):
        char.debilities = list(debilities)
        assert char.momentum_max == momentum_max(len(debilities))
        assert char.momentum_reset == momentum_reset(len(debilities))


def test_the_table_of_outcomes_is_outcome_of() -> None:
    assert dict(BY_VALUE) == {o.value: outcome_of(o.value) for o in Outcome}
    with pytest.raises(ValueError):
        outcome_of("a draw")


def test_the_engine_says_whether_an_operation_changed_a_bonds_track() -> None:
    """lasting.watch looks for Bonded 2's filled boxes only when the operation changed a bonds
    track: set_meter, which builds every such event, says so. Over random play, it says so
    exactly when one of the operation's events is of the bonds meter."""
    seen = 0
    for seed in range(12):
        player = AutoPlayer(seed=seed)
        for _ in range(150):
            result = player.step()
            if result is None:
                continue
            bonds = any(e.get("meter") == "bond_ticks" for e in result.events)
            assert player.engine.bonds_marked is bonds
            seen += bonds
    assert seen > 5


def test_whether_a_character_fights_is_read_from_the_index_as_a_scan_says() -> None:
    """effects.fighting (play mode's offer of abilities before a move) and the engine's
    in_fight agree with a scan of every track, over random play with fights begun and ended."""
    both = {True: 0, False: 0}
    for seed in range(6):
        player = AutoPlayer(seed=seed)
        for _ in range(120):
            player.step()
            for name in player.state.characters:
                scan = any(
                    t.kind == "fight" and t.status == "active" and name in t.characters
                    for t in player.state.tracks.values()
                )
                assert fighting(player.state, name) is scan
                assert player.engine.in_fight(name) is scan
                both[scan] += 1
    assert both[True] and both[False]
