"""Which moments of a move a character's marked abilities reach (issue 24).

A move skips an asset hook's walk of the character's cards when no marked ability reaches that
moment (:mod:`ironsworn.moves.assets.reach`): the index must never leave out an ability that
can act there. Hook by hook, for every classic card with each ability marked alone, against
every move (the ruleset's and those the cards give), with every condition of the effects held
(in a fight, at 0 health, on the bond, with an ally...: the condition test is made to pass)
and every ability of the card in use, what the hook finds when it walks the cards is not
empty exactly when the index says that ability reaches the moment:

- the uses before the roll, unasked (``matching.candidate_uses``: an automatic result, an
  action roll's stat and adds, a progress roll's gains);
- the adds offered after the roll (``after_roll._offers``);
- the reminders shown with the result (``handlers.reminders``).

The index is exact both ways here: it leaves nothing out, and it names no ability the hook
would never find (so a move skips every walk that could only find nothing). Then: a named
asset is always walked; a homebrew card is always walked; the skip is taken.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from moves_support import ASHA_STATS, Game

from ironsworn.content import load_ruleset
from ironsworn.content.model import Asset, Move
from ironsworn.moves.assets import after_roll, handlers, matching, reach
from ironsworn.moves.assets.cards import new_asset_record
from ironsworn.moves.step import Step

JsonDict = dict[str, Any]


def card_record(asset: Asset, ability: int | None) -> JsonDict:
    """A character's record of ``asset`` (its fields filled) with only ``ability`` marked
    (all of them when None)."""
    fields = {label: next(iter(choices)) for label, choices in asset.selects.items()}
    name = "Fang" if asset.fields else None
    start = None if any(a.enabled for a in asset.abilities) else 1
    record = new_asset_record(asset, name, start, fields)
    count = len(asset.abilities)
    record["abilities"] = [ability is None or i == ability for i in range(count)]
    return record


def every_move() -> list[Move]:
    ruleset = load_ruleset("classic")
    return [*ruleset.moves.values(), *ruleset.asset_moves.values()]


@dataclass(frozen=True)
class Card:
    asset: Asset
    ability: int

    @property
    def id(self) -> str:
        return f"{self.asset.id.rsplit('/', 1)[-1]}:{self.ability + 1}"


def cards() -> Iterator[Card]:
    for asset in load_ruleset("classic").assets.values():
        for index in range(len(asset.abilities)):
            yield Card(asset, index)


CARDS = list(cards())


@pytest.fixture(scope="module")
def asha() -> Game:
    game = Game()
    game.character("Asha", ASHA_STATS, bonds=["Elda"])
    return game


def walked(
    game: Game, asset: Asset, ability: int, move: Move, monkeypatch: pytest.MonkeyPatch
) -> int:
    """The moments at which the hooks, walking every card unindexed, find the ability."""
    engine = game.engine
    char = game.state.character("Asha")
    record = card_record(asset, ability)
    char.assets = [record]
    found = 0
    with monkeypatch.context() as patch:
        patch.setattr(reach, "reached", lambda ruleset, records, move: reach.EVERY)
        patch.setattr(matching, "_conditions_hold", lambda ctx, effect, record: True)
        patch.setattr(after_roll, "_companion_ready", lambda char, extra: True)
        step: JsonDict = {"step": "move", "move": move.id, "character": "Asha"}
        uses = matching.candidate_uses(Step(engine, step), move)
        if any(u["ability"] == ability for u in uses):
            found |= reach.USES
        every = [{"asset": record["id"], "ability": i} for i in range(len(record["abilities"]))]
        offers = after_roll._offers(engine, {**step, "asset_uses": every})
        if any(o["ability"] == ability for o in offers):
            found |= reach.AFTER_ROLL
        result = engine.operation("edit", "Asha", lambda: handlers.reminders(Step(engine, step)))
        if any(n.startswith("reminder: ") for n in result.notes):
            found |= reach.REMINDER
    return found


@pytest.mark.parametrize("card", CARDS, ids=[c.id for c in CARDS])
def test_the_index_names_exactly_the_moments_the_hooks_find_an_ability_at(
    asha: Game, card: Card, monkeypatch: pytest.MonkeyPatch
) -> None:
    ruleset = asha.engine.ruleset
    record = card_record(card.asset, card.ability)
    wrong = []
    for move in every_move():
        indexed = reach.reached(ruleset, [record], move)
        found = walked(asha, card.asset, card.ability, move, monkeypatch)
        if indexed != found:
            wrong.append((move.id, f"index {indexed}", f"hooks {found}"))
    assert not wrong


def test_the_hooks_find_abilities_on_some_moves_at_every_moment(
    asha: Game, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The comparison above means something: each moment is reached by some card."""
    ruleset = asha.engine.ruleset
    seen = 0
    for card in CARDS:
        record = card_record(card.asset, card.ability)
        for move in every_move():
            seen |= reach.reached(ruleset, [record], move)
    assert seen == reach.EVERY


FACE_DANGER = "move:classic/adventure/face_danger"
# Effects of the vocabulary the classic cards may not all use unasked, each an ability of a
# card made up here: the ways an effect names its moves, a fiction, an option, an add after
# the roll, the effects applied elsewhere (an ally's move, before the move), a reminder.
MADE_UP: tuple[JsonDict, ...] = (
    {"effects": [{"moves": [matching.SECURE_AN_ADVANTAGE], "add": 1}]},  # and Aid Your Ally
    {"effects": [{"moves": ["*"], "add": 1}]},
    {"effects": [{"moves": ["progress"], "hit": {"momentum": 1}}]},
    {"effects": [{"moves": ["move:*/combat/*"], "add": 1}]},
    {"effects": [{"moves": ["ritual"], "add": 1}]},
    {"effects": [{"moves": [FACE_DANGER], "when": "in the dark", "add": 1}]},
    {"effects": [{"moves": [FACE_DANGER], "option": "fast", "add": 1}]},
    {"effects": [{"moves": [FACE_DANGER], "after_roll": {"add": 1}}]},
    {"effects": [{"moves": ["*"], "after_roll": {"add": 1}}, {"moves": [], "add": 1}]},
    {"effects": [{"moves": [FACE_DANGER], "ally_move": True, "hit": {"momentum": 1}}]},
    {"effects": [{"moves": [FACE_DANGER], "before_move": "sacrifice_shield"}]},
    {"effects": [], "reminder": "tell it", "reminder_moves": [FACE_DANGER]},
    {"effects": [{"moves": [FACE_DANGER], "add": 1}], "reminder": "more", "reminder_moves": []},
)


def made_up_card(number: int, ability: JsonDict) -> Asset:
    data = {"key": "1", "text": "made up", "enabled": True, **ability}
    card = {"id": f"asset:test/made_up_{number}", "name": f"Made Up {number}", "type": "path"}
    return Asset.from_json({**card, "abilities": [data]})


@pytest.mark.parametrize("number", range(len(MADE_UP)))
def test_every_way_an_effect_names_a_move_is_reached_as_the_hooks_find_it(
    asha: Game, number: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    from ironsworn.content.loader import Ruleset

    card = made_up_card(number, MADE_UP[number])
    cards = {**load_ruleset("classic").assets, card.id: card}
    monkeypatch.setattr(Ruleset, "assets", property(lambda self: cards))
    wrong = []
    reached = 0
    for move in every_move():
        indexed = dict(reach.card_reach(card, move)).get(0, 0)
        found = walked(asha, card, 0, move, monkeypatch)
        reached |= indexed
        if indexed != found:
            wrong.append((move.id, f"index {indexed}", f"hooks {found}"))
    assert not wrong
    assert reached or number in (5, 6, 9, 10)  # those are not reached unasked


def test_an_unmarked_ability_reaches_nothing() -> None:
    ruleset = load_ruleset("classic")
    moves = every_move()
    for asset in ruleset.assets.values():
        record = card_record(asset, None)
        record["abilities"] = [False] * len(record["abilities"])
        assert not any(reach.reached(ruleset, [record], m) for m in moves), asset.id


def test_a_fiction_or_an_option_is_not_reached_unasked_but_a_named_asset_is_walked(
    game: Game,
) -> None:
    """Hawk 3 acts on Face Danger "when detecting an approaching threat" (the player names
    it): unasked it reaches nothing there, so the move skips the walk; named, it is walked."""
    engine = game.engine
    face_danger = engine.ruleset.move("face_danger")
    assert reach.reached(engine.ruleset, game.state.character("Asha").assets, face_danger) == 0
    step: JsonDict = {"step": "move", "move": face_danger.id, "character": "Asha"}
    assert reach.no_uses(Step(engine, step), face_danger)
    assert not reach.no_uses(Step(engine, {**step, "asset": "hawk:3"}), face_danger)
    assert not reach.no_uses(Step(engine, {**step, "asset": ""}), face_danger)  # refused later


def test_a_move_no_ability_reaches_walks_no_card(
    game: Game, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Face Danger by Asha with Hawk 3 unnamed: no hook walks her cards (no use is looked
    for, no card of the content is read, no reminder is looked for); named, they are."""
    from ironsworn.content.loader import Ruleset
    from ironsworn.moves.assets import effects

    game.move("face_danger", (6, 1, 2), stat="edge")  # the index of Hawk and Face Danger made

    def walk(*args: Any) -> Any:
        raise AssertionError("the cards were walked")

    with monkeypatch.context() as patch:
        patch.setattr(effects, "candidate_uses", walk)
        patch.setattr(Ruleset, "assets", property(walk))
        patch.setattr(handlers, "reminders", walk)
        result = game.move("face_danger", (6, 1, 2), stat="edge")
        assert result.moves[0].outcome == "strong_hit"
        with pytest.raises(AssertionError, match="walked"):
            game.move("face_danger", (6, 1, 2), stat="wits", asset="hawk:3")
    result = game.move("face_danger", (4, 1, 2), stat="wits", asset="hawk:3")
    assert [a.split(" · ")[0] for a in result.moves[0].assets] == ["Hawk “Kestrel” 3"]


def test_a_homebrew_card_is_always_walked_for_its_uses() -> None:
    """A homebrew card is kept in its record (its id is the player's): never indexed, so every
    move walks it before the roll."""
    ruleset = load_ruleset("classic")
    record = {"id": "asset:homebrew/lucky_charm", "card": {"id": "x"}, "abilities": [True]}
    for move in every_move():
        assert reach.reached(ruleset, [record], move) == reach.USES
    assert reach.reached(ruleset, [{**record, "card": None}], every_move()[0]) == 0
