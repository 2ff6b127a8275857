"""In play, a move that skips the cards no ability reaches is the move that walks them all
(issue 24).

For every classic card, each ability marked alone on Asha (with a vow, a journey and a fight
under way, Elda's bond, Kai beside her), every move the random player makes is made twice
from the same state with the same dice: once as the engine makes it (the hooks skip the cards
no marked ability reaches: :mod:`ironsworn.moves.assets.reach`), once with every hook walking
every card. The events, notes, decisions asked and move records are the same, or the move is
refused with the same words; the first choice of each decision asked is then answered in both,
and compared again. Where the ability acts on the move when named (a fiction, an option, the
after-roll adds of Improviser 2, Wright 2 and Rider 2), the move is also made with it named,
all the card's abilities marked, and several dice. ``test_asset_reach.py`` checks the index
hook by hook, conditions forced.
"""

from __future__ import annotations

from typing import Any

import pytest
from moves_support import ASHA_STATS, BRAM_STATS
from test_asset_reach import CARDS, Card, card_record

from ironsworn.campaign.state import CampaignState
from ironsworn.dice import RandomDice
from ironsworn.errors import IronswornError
from ironsworn.moves.assets import reach
from ironsworn.moves.autoplay import MOVES
from ironsworn.moves.engine import MoveEngine, OperationResult
from ironsworn.moves.sheet import SheetOperations

JsonDict = dict[str, Any]
ANSWERS = 3  # decisions answered after each move


NAMED_SEEDS = range(100, 106)  # the dice of a move made with the ability named


def start(card: Card, every: bool = False) -> CampaignState:
    """Asha holding the card, its ability marked (every ability of it when ``every``); a
    Horse beside the Rider (pushed harder after the roll)."""
    state = CampaignState()
    sheet = SheetOperations(MoveEngine(state, dice=RandomDice(0)))
    horse = ["horse:1=Swift"] if card.asset.id.endswith("/rider") else []
    sheet.new_character("Asha", ASHA_STATS, ["Elda"], horse)
    sheet.new_character("Kai", BRAM_STATS)
    for kind, rank in (("vow", "dangerous"), ("journey", "troublesome"), ("fight", "formidable")):
        sheet.new_track(kind, f"{kind} of Asha", rank, ["Asha"])
    record = card_record(card.asset, None if every else card.ability)
    state.character("Asha").assets = [record, *state.character("Asha").assets]
    return state


def named_on(card: Card, move: str) -> list[str]:
    """The ``asset`` inputs naming the ability for ``move`` (with each option it offers),
    where one of its effects acts on the move only when named."""
    key = f"{card.asset.id.rsplit('/', 1)[-1]}:{card.ability + 1}"
    out = []
    for effect in card.asset.abilities[card.ability].effects:
        moves = [m.rsplit("/", 1)[-1] for m in effect.get("moves") or ()]
        if move in moves and (effect.get("when") or effect.get("option") or "after_roll" in effect):
            name = f"{key}:{effect['option']}" if effect.get("option") else key
            if name not in out:
                out.append(name)
    return out


def args_for(card: Card, move: str, stats: tuple[str | None, ...]) -> JsonDict:
    args: JsonDict = {"stat": stat_for(card, move, stats)}
    if move == "aid_your_ally":
        args["ally"] = "Kai"
    if move.startswith("endure"):
        args["amount"] = 2
    return args


def both_ways(
    base: CampaignState, move: str, args: JsonDict, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The move made as the engine makes it, and with every hook walking every card."""
    indexed = play(CampaignState.from_dict(base.to_dict()), move, args, seed)
    with monkeypatch.context() as patch:
        patch.setattr(reach, "reached", lambda ruleset, records, move: reach.EVERY)
        walked = play(CampaignState.from_dict(base.to_dict()), move, args, seed)
    assert indexed == walked, (move, args, seed)


def stat_for(card: Card, move: str, stats: tuple[str | None, ...]) -> str | None:
    """A stat the ability's effects name, when the move may roll it; else the move's first."""
    named = [s for e in card.asset.abilities[card.ability].effects for s in e.get("stat") or ()]
    return next((s for s in named if s in stats), stats[0])


def seen(result: OperationResult) -> JsonDict:
    return {
        "events": result.events,
        "notes": result.notes,
        "pending": result.pending,
        "moves": [m.to_json() for m in result.moves],
        "summary": result.summary,
    }


def play(state: CampaignState, move: str, args: JsonDict, seed: int) -> list[Any]:
    """The move, then the first choice of each decision it asks: what each operation gave."""
    engine = MoveEngine(state, dice=RandomDice(seed))
    out: list[Any] = []
    try:
        out.append(seen(engine.make_move(move, "Asha", **args)))
        for _ in range(ANSWERS):
            pending = state.pending
            if pending is None:
                break
            if pending["kind"] == "burn":
                out.append(seen(engine.decline()))
            else:
                out.append(seen(engine.choose([pending["options"][0]["key"]])))
    except IronswornError as refused:
        out.append(f"refused: {refused}")
    out.append(state.to_dict())
    return out


@pytest.mark.parametrize("card", CARDS, ids=[c.id for c in CARDS])
def test_a_move_is_the_same_with_the_cards_no_ability_reaches_skipped(
    card: Card, monkeypatch: pytest.MonkeyPatch
) -> None:
    base = start(card)
    every = start(card, every=True)
    for seed, (move, stats) in enumerate(MOVES):
        args = args_for(card, move, stats)
        both_ways(base, move, args, seed, monkeypatch)
        for name in named_on(card, move):
            for named_seed in NAMED_SEEDS:
                both_ways(every, move, {**args, "asset": name}, named_seed, monkeypatch)
