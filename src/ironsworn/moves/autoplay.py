"""A random player: makes random classic moves and answers every decision at random.

Used by the stateful property tests and the move benchmark; it only calls the public engine
API, so anything it provokes is something a user could provoke.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from ironsworn.campaign.state import STATS, CampaignState
from ironsworn.dice import RandomDice
from ironsworn.errors import IronswornError
from ironsworn.moves.engine import MoveEngine, OperationResult
from ironsworn.moves.sheet import SheetOperations

# (move, stat choices, extra arguments)
MOVES: tuple[tuple[str, tuple[str | None, ...]], ...] = (
    ("face_danger", STATS),
    ("secure_an_advantage", STATS),
    ("gather_information", (None,)),
    ("heal", (None, "wits")),
    ("resupply", (None,)),
    ("make_camp", (None,)),
    ("undertake_a_journey", (None,)),
    ("reach_your_destination", (None,)),
    ("compel", ("heart", "iron", "shadow")),
    ("sojourn", (None,)),
    ("forge_a_bond", (None,)),
    ("test_your_bond", (None,)),
    ("aid_your_ally", STATS),
    ("enter_the_fray", ("heart", "shadow", "wits")),
    ("strike", ("iron", "edge")),
    ("clash", ("iron", "edge")),
    ("turn_the_tide", (None,)),
    ("end_the_fight", (None,)),
    ("battle", STATS),
    ("endure_harm", (None,)),
    ("endure_stress", (None,)),
    ("companion_endure_harm", (None,)),
    ("swear_an_iron_vow", (None,)),
    ("reach_a_milestone", (None,)),
    ("fulfill_your_vow", (None,)),
    ("pay_the_price", (None,)),
    ("ask_the_oracle", (None,)),
)


@dataclass
class AutoPlayer:
    """Plays random moves on ``state`` with seeded dice and choices."""

    seed: int = 0
    state: CampaignState = field(default_factory=CampaignState)
    moves_made: int = 0
    refused: int = 0

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)
        self.engine = MoveEngine(self.state, dice=RandomDice(self.seed))
        sheet = SheetOperations(self.engine)
        sheet.new_character(
            "Asha", "edge=3,heart=2,iron=2,shadow=1,wits=1", ["Elda"], ["hawk:3=Kestrel"]
        )
        sheet.new_character("Kai", "edge=1,heart=3,iron=2,shadow=2,wits=1")

    def step(self) -> OperationResult | None:
        """One operation: answer the pending decision, or make a random move."""
        try:
            if self.state.pending is not None:
                return self._answer()
            return self._move()
        except IronswornError:
            self.refused += 1
            return None

    def _answer(self) -> OperationResult:
        pending = self.state.pending
        assert pending is not None
        if pending["kind"] == "burn":
            return self.engine.burn() if self.rng.random() < 0.5 else self.engine.decline()
        keys = [o["key"] for o in pending["options"]]
        low, high = int(pending.get("min", 1)), int(pending["count"])
        count = self.rng.randint(low, min(high, len(keys)))
        if count == 0:
            return self.engine.decline()
        return self.engine.choose(self.rng.sample(keys, count))

    def _move(self) -> OperationResult:
        chars = [c.name for c in self.state.characters.values() if c.status == "active"]
        if not chars:
            raise IronswornError("everyone is gone")
        who = self.rng.choice(chars)
        self._ensure_tracks(who)
        move, stats = self.rng.choice(MOVES)
        other = [c for c in chars if c != who]
        action = self.engine.ruleset.move(move).roll_type == "action_roll"
        result = self.engine.make_move(
            move,
            who,
            stat=self.rng.choice(stats),
            adds=[self.rng.choice((0, 0, 1))] if action else [],
            ally=other[0] if other and move == "aid_your_ally" else None,
            amount=self.rng.randint(1, 3) if move.startswith("endure") else None,
        )
        self.moves_made += 1
        return result

    def _ensure_tracks(self, who: str) -> None:
        held = {t.kind for t in self.state.open_tracks_of(who)}
        for kind, rank in (
            ("vow", "dangerous"),
            ("journey", "troublesome"),
            ("fight", "formidable"),
        ):
            if kind not in held and self.rng.random() < 0.3:
                SheetOperations(self.engine).new_track(kind, f"{kind} of {who}", rank, [who])
