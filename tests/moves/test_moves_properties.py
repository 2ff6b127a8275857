"""Stateful property test: long random games never break the sheet's invariants.

Hypothesis draws a sequence of operations on a two-character campaign with seeded random dice:
any of the 35 classic moves with any mix of arguments (valid or not), manual changes (adjust,
debility, progress, new tracks), and answers to pending decisions (valid choices, burns,
declines, and some invalid ones). After every operation:

- nothing but an :class:`~ironsworn.errors.IronswornError` was raised, and a refused operation
  left the state exactly as it was;
- every meter, momentum, track and decision is in range (see :func:`check_invariants`);
- a pending decision can always be answered (no deadlock: every other move waits for it);
- at the end, folding every event of the game into a fresh state gives the same state.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from moves_support import ASHA_STATS, BRAM_STATS, Game

from ironsworn.campaign.state import CampaignState
from ironsworn.debilities import DEBILITIES
from ironsworn.dice import RandomDice
from ironsworn.errors import IronswornError
from ironsworn.moves import OperationResult
from ironsworn.progress import MAX_TICKS
from ironsworn.ranks import Rank

STEPS = 70
RANKS = tuple(r.label for r in Rank)
STATUSES = {"active", "dead", "lost", "retired"}
TRACK_STATUSES = {"active", "done", "won", "lost", "failed", "fulfilled", "forsaken"}
STAT_CHOICES = (None, None, "edge", "heart", "iron", "shadow", "wits", "supply", "health")


def check_invariants(state: CampaignState) -> None:
    for char in state.characters.values():
        where = f"{char.name}: {char.sheet()}"
        for meter in ("health", "spirit", "supply"):
            assert 0 <= getattr(char, meter) <= 5, where
        assert len(set(char.debilities)) == len(char.debilities), where
        assert set(char.debilities) <= set(DEBILITIES), where
        assert char.momentum_max == 10 - len(char.debilities), where
        assert -6 <= char.momentum <= char.momentum_max, where
        assert 0 <= char.experience_spent <= char.experience_earned, where
        assert 0 <= char.bond_ticks <= MAX_TICKS, where
        assert char.status in STATUSES, where
        assert isinstance(char.initiative, bool), where
        for asset in char.assets:
            health = asset.get("meter")
            if health:
                assert 0 <= health["value"] <= health["max"], where
    for track in state.tracks.values():
        assert 0 <= track.ticks <= MAX_TICKS, track
        assert track.rank in RANKS, track
        assert track.status in TRACK_STATUSES, track
        assert track.countdown is None or 0 <= track.countdown <= 4, track
    pending = state.pending
    if pending is None:
        assert state.agenda == [], "the agenda stopped without a decision to wait for"
    elif pending["kind"] == "choose":
        assert pending["options"], pending
        assert 0 <= int(pending["min"]) <= int(pending["count"]), pending
    else:
        assert pending["kind"] == "burn", pending


def answers(pending: dict[str, Any]) -> list[Callable[[Game], OperationResult]]:
    """Every single answer to a decision (one key each, or burn / decline)."""

    def choose(keys: list[str]) -> Callable[[Game], OperationResult]:
        return lambda g: g.engine.choose(keys)

    if pending["kind"] == "burn":
        return [lambda g: g.engine.burn(), lambda g: g.engine.decline()]
    out: list[Callable[[Game], OperationResult]] = []
    keys = [o["key"] for o in pending["options"]]
    low, high = int(pending["min"]), int(pending["count"])
    for size in range(max(low, 1), min(high, len(keys)) + 1):
        for combo in itertools.combinations(keys, size):
            out.append(choose(list(combo)))
            if len(out) > 40:
                return out
    if low == 0:
        out.append(lambda g: g.engine.decline())
    return out


class Player:
    """Draws operations from Hypothesis and runs them, checking every step."""

    def __init__(self, data: st.DataObject, seed: int) -> None:
        self.data = data
        self.game = Game()
        self.game.character("Asha", ASHA_STATS, bonds=["Elda"], assets=["hawk:3=Kestrel"])
        self.game.character("Bram", BRAM_STATS)
        for kind, rank in (
            ("vow", "dangerous"),
            ("journey", "troublesome"),
            ("fight", "formidable"),
        ):
            self.game.track(kind, f"Shared {kind}", rank, characters=["Asha", "Bram"])
        self.game.engine.dice = RandomDice(seed)
        # Every classic move; those that end a character's story are drawn less often, so
        # that games run long.
        names = [
            m.name
            for mid, m in self.game.engine.ruleset.moves.items()
            if mid.startswith("move:classic/")
        ]
        final = {"Face Death", "Face Desolation", "Write Your Epilogue"}
        self.moves = sorted(n for n in names if n not in final) * 6 + sorted(final)

    def draw(self, strategy: st.SearchStrategy[Any]) -> Any:
        return self.data.draw(strategy)

    def run(self, op: Callable[[Game], OperationResult]) -> bool:
        game = self.game
        before = game.snapshot()
        try:
            result = op(game)
        except IronswornError:
            assert game.snapshot() == before, "a refused operation changed the state"
            return False
        game.events.extend(result.events)
        return True

    def step(self) -> None:
        pending = self.game.state.pending
        if pending is not None and self.draw(st.integers(0, 9)) > 0:
            self.answer(pending)
        elif self.draw(st.integers(0, 4)) == 0:
            self.run(self.sheet_operation())
        else:
            self.run(self.move())
        check_invariants(self.game.state)

    def answer(self, pending: dict[str, Any]) -> None:
        every = answers(pending)
        if self.draw(st.integers(0, 9)) == 0:  # a wrong answer is refused
            assert not self.run(lambda g: g.engine.choose(["no_such_option"]))
        if self.draw(st.integers(0, 9)) == 0:  # so is another move while this one waits
            assert not self.run(self.move())
        first = self.draw(st.integers(0, len(every) - 1))
        if self.run(every[first]):
            return
        # That answer was refused: some other answer must settle the decision.
        assert any(self.run(a) for a in every), f"no answer settles {pending.get('prompt')}"

    def move(self) -> Callable[[Game], OperationResult]:
        state = self.game.state
        name = self.draw(st.sampled_from(self.moves))
        move = self.game.engine.ruleset.move(name)
        who = self.draw(st.sampled_from(sorted(state.characters)))
        # Mostly arguments the move accepts, sometimes anything at all.
        wild = self.draw(st.integers(0, 4)) == 0
        stats = sorted({u for o in move.roll_options for u in o.using} & set(STAT_CHOICES))
        kwargs: dict[str, Any] = {
            "stat": self.draw(st.sampled_from(STAT_CHOICES if wild or not stats else stats)),
            "adds": self.draw(st.sampled_from(((), (), (1,), (2,)))),
            "amount": self.draw(st.sampled_from((None, None, 0, 1, 2, 3, 5))),
            "bond": self.draw(st.booleans()) if wild else False,
        }
        if wild or self.draw(st.integers(0, 3)) == 0:
            kwargs["track"] = self.draw(st.sampled_from([None, *sorted(state.tracks)]))
        extra = {
            "ally": self.draw(st.sampled_from((None, "Asha", "Bram"))),
            "with": self.draw(st.sampled_from((None, "Elda", "Kei"))),
            "companion": self.draw(st.sampled_from((None, None, "hawk"))),
            "ability": self.draw(st.sampled_from((None, None, 1, 2, 3))),
            "odds": self.draw(st.sampled_from((None, "likely", "50/50", "small chance"))),
        }
        if wild or name == "Advance":
            extra["asset"] = self.draw(st.sampled_from((None, "hawk", "slayer", "storyweaver")))
        kwargs.update({k: v for k, v in extra.items() if v is not None})
        burn = self.draw(st.sampled_from((None, None, True, False)))
        return lambda g: g.engine.make_move(name, who, burn=burn, **kwargs)

    def sheet_operation(self) -> Callable[[Game], OperationResult]:
        state = self.game.state
        who = self.draw(st.sampled_from(sorted(state.characters)))
        kind = self.draw(st.integers(0, 3))
        sheet = self.game.sheet
        if kind == 0:
            meter = self.draw(
                st.sampled_from(("health", "spirit", "supply", "momentum", "experience"))
            )
            delta = self.draw(st.integers(-7, 7))
            return lambda g: sheet.adjust(who, meter, delta)
        if kind == 1:
            debility = self.draw(st.sampled_from(sorted(DEBILITIES)))
            mark = self.draw(st.booleans())
            return lambda g: sheet.debility(who, debility, mark)
        if kind == 2 and state.tracks:
            track = self.draw(st.sampled_from(sorted(state.tracks)))
            mark = self.draw(st.booleans())
            ticks = self.draw(st.sampled_from((None, 1, 4, 12, 40)))
            return lambda g: sheet.progress(track, mark, ticks=ticks)
        track_kind = self.draw(st.sampled_from(("vow", "journey", "fight", "fight")))
        rank = self.draw(st.sampled_from(RANKS))
        members = self.draw(st.sampled_from(((who,), ("Asha", "Bram"))))
        return lambda g: sheet.new_track(
            track_kind, f"{track_kind} {len(state.tracks)}", rank, members
        )


@settings(
    max_examples=35,
    deadline=None,
    database=None,  # nothing written into the working tree
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(seed=st.integers(0, 2**32 - 1), data=st.data())
def test_random_play_keeps_every_invariant(seed: int, data: st.DataObject) -> None:
    player = Player(data, seed)
    for _ in range(STEPS):
        player.step()
    game = player.game
    assert game.refold().to_dict() == game.snapshot()
