"""A move's outcome applied: the outcome's handler, and what every outcome shares.

:class:`MoveOutcomes` is the part of :class:`~ironsworn.moves.engine.MoveEngine` that takes an
outcome step from the agenda: an asset that makes the roll count as another outcome, the
``move`` event with the outcome's text, the bookkeeping every action roll shares (Turn the Tide,
momentum a rule grants on a hit, End the Fight's strong hit), Delve's Mark Your Failure, then
the ruleset's handler for the move (the scene challenge's first, in classic), and what asset
abilities give after it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ironsworn.moves.assets import allies, moments, reach
from ironsworn.moves.assets.gains import adjust_outcome
from ironsworn.moves.changes import StateChanges
from ironsworn.moves.rolling import outcome_text
from ironsworn.moves.step import Step
from ironsworn.outcomes import BY_VALUE, MISS, STRONG_HIT, Outcome, outcome_of

if TYPE_CHECKING:
    from ironsworn.content.model import Move

JsonDict = dict[str, Any]

# Move categories of moves that react to what befalls a character rather than act.
REACTING_CATEGORIES = frozenset({"suffer", "threshold"})


def _reacts(move: Move, data: JsonDict) -> bool:
    """A suffer or threshold move, or the vow sworn as part of Face Death / Face Desolation."""
    if data.get("threshold"):
        return True
    found = _REACTING.get(move.id)
    if found is None:
        category = move.id.partition(":")[2].split("/")[1:2]
        found = _REACTING[move.id] = bool(set(category) & REACTING_CATEGORIES)
    return found


# Whether each move id seen is of a reacting category (its category is part of its id).
_REACTING: dict[str, bool] = {}


class MoveOutcomes(StateChanges):
    """Applying a move's outcome (mixed into the engine)."""

    if TYPE_CHECKING:
        # Provided by the engine's other parts (the roll's records and texts).
        def _recount(self, step: JsonDict) -> None: ...

        def _outcome_text(
            self, move_id: str, outcome: Outcome, match: bool = False
        ) -> str | None: ...

    def count_as(self, step: JsonDict, counted: str) -> None:
        """A move's own rule makes its roll count as another outcome (Take Decisive Action
        in a bad spot): the move's record and its entry in the log say that outcome and its
        text, as they do for an ability that makes a roll count so."""
        step["outcome"] = counted
        self._recount(step)
        move = self.plan_of(step["move"]).move
        for event in reversed(self.events):
            if event.get("type") == "move" and event.get("move") == move.id:
                event["outcome"] = counted
                event["text"] = outcome_text(move, counted)
                return

    def _outcome(self, step: JsonDict) -> None:
        plan = self.plan_of(step["move"])
        move = plan.move
        if step.get("rarity"):
            from ironsworn.moves.delve.rarities import rarity_outcome

            forced = rarity_outcome(step)  # a 6 on the rarity die, after a reroll too
            if forced is not None and forced != step["outcome"]:
                step = {**step, "outcome": forced}
                self._recount(step)
        # An ability that makes the roll count as another outcome is one the move used.
        counted = adjust_outcome(step) if step.get("asset_uses") else None
        if counted is not None:
            self.note(
                f"{move.name}: the {Outcome(step['outcome']).words} counts as a "
                f"{Outcome(counted).words} (asset)"
            )
            step = {**step, "outcome": counted}
            self._recount(step)
        outcome = BY_VALUE.get(step["outcome"]) or outcome_of(step["outcome"])
        name = step["character"]  # (as written first: the state's own first step, no call)
        char = self.state.characters.get(name) or self.state.character(name)
        # A record, which changes nothing in the state (emit would fold it to nothing): it
        # joins the operation's events as a note does.
        self.events.append(
            {
                "type": "move",
                "move": move.id,
                "name": move.name,
                "character": char.name,
                "stat": step.get("stat"),
                "outcome": outcome._value_,  # (the enum's value property is slow)
                "text": outcome_text(move, outcome._value_),
            }
        )
        ctx = Step(self, step, move)  # type: ignore[arg-type]  # (this is the engine)
        if step["roll"].get("type") == "action":
            self._before_outcome(ctx, move, outcome)  # (what every action roll shares)
        if step.get("rarity"):
            from ironsworn.moves.delve.rarities import on_outcome as rarity_gains

            rarity_gains(ctx)  # Wield a Rarity: +1 momentum on a 6, or a 5 on a hit
        if outcome is MISS and plan.on_miss is not None:
            plan.on_miss(ctx, move)  # Delve's Mark Your Failure, when the pack is in play
        scene = plan.scene
        handler = scene(ctx) if scene is not None and plan.scene_acts else None
        if handler is None:
            handler = plan.outcome
        if handler is None:
            self.note(f"{move.name}: effects are left to the player (see the outcome text)")
        else:
            handler(ctx)
        if ctx.data.get("asset_uses"):
            from ironsworn.moves.assets.gains import gains_after
            from ironsworn.moves.assets.handlers import clear_talisman

            gains_after(ctx)
            clear_talisman(ctx)
        if ctx.data.get("lasting_uses"):
            from ironsworn.moves.assets.lasting import after_outcome

            after_outcome(ctx)
        # What the move gives allies' abilities (Long-Arm 3, Loyalist 2), the end of a
        # Swordmaster's +1 with its fight, a Dancer's dance: looked for only where
        # moments.after_outcome can find one (its own first tests, made here once; an ally's
        # card acting on the move held by someone else).
        if (
            (plan.ally_cards and allies.held_by_others(self.state, name, plan.ally_card_ids))
            or move.progress_move
            or (self.state.characters.get(name) or self.state.character(name)).flags.get(
                "fight_next_add"
            )
        ):
            moments.after_outcome(ctx, plan)
        if char.assets and reach.reached(self.ruleset, char.assets, move) & reach.REMINDER:
            from ironsworn.moves.assets.handlers import reminders

            reminders(ctx)
        if ctx.data.get("turn_the_tide") and not outcome.is_hit:
            # "If that move does not score a hit, you must suffer a dire outcome": one Pay the
            # Price, whether or not the move's own miss already asks for it.
            self.note("Turn the Tide: the move did not score a hit — you must Pay the Price")
            price = self._move_id("pay_the_price")
            if not any(s.get("move") == price for s in self._front):
                self._front.append({"step": "move", "move": price, "character": char.name})

    def _before_outcome(self, ctx: Step, move: Move, outcome: Outcome) -> None:
        """Bookkeeping every action roll shares: Turn the Tide, End the Fight's strong hit."""
        data = ctx.data
        name = data["character"]  # (ctx.char, without the property's call)
        char = ctx.state.characters.get(name) or ctx.state.character(name)
        if data["roll"].get("type") != "action":
            return  # (the engine calls it for an action roll only)
        hit = outcome is not MISS
        if hit and data.get("turn_the_tide"):
            ctx.momentum(1)
        # Momentum a move's own rules grant like an asset benefit (Starforged: a vow's Secure
        # an Advantage taken with a companion...).
        on_hit, on_strong = data.get("asset_momentum") or (0, 0)
        if hit and on_hit:
            ctx.momentum(int(on_hit))
        if outcome is STRONG_HIT and on_strong:
            ctx.momentum(int(on_strong))
        if hit and data.get("momentum_on_hit"):
            ctx.momentum(int(data["momentum_on_hit"]))  # an earlier move's "+1 momentum on a hit"
        if hit and data.get("role_momentum"):
            ctx.momentum(int(data["role_momentum"]))  # a role's "+1 momentum on a hit"
        if data.get("asset_uses"):
            from ironsworn.moves.assets.gains import gains_before

            gains_before(ctx)
        if self.state.holds_open(char.name, "fight"):  # (in a fight)
            # End the Fight: "When you make a move to take decisive action, and score a strong
            # hit" (L2144-2145); "Your setup move can be any action, but should be framed as a
            # decisive maneuver" (L2175-2177). A suffer or threshold move (Endure Harm, Face
            # Death, the vow sworn at death's door) is what befalls you, not an action: its
            # strong hit does not unlock End the Fight, and, being the move made since the
            # action, it spends an earlier strong hit (ENGINE CHOICE).
            decisive = outcome is STRONG_HIT and not _reacts(move, ctx.data)
            self.set_flag(char.name, "strong_hit", decisive or None)
