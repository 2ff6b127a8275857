"""The roll of a move: its before-roll checks, the dice, and what is offered on the result.

:class:`MoveRolls` is the part of :class:`~ironsworn.moves.engine.MoveEngine` that starts a move
taken from the agenda: the abilities that act first, the ruleset's before-roll check (which
refuses a move before any die is rolled), a move without a roll, an automatic outcome, or the
action or progress roll itself with its stat, adds and momentum. On the result it offers, in
the rulebook's order, an asset's reroll, the move's own "reroll any dice", an asset's add after
the roll and a momentum burn that would improve the outcome; then the outcome goes on the
agenda (:mod:`ironsworn.moves.outcome_step` applies it).
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

from ironsworn.momentum import RESET_BY_MARKS
from ironsworn.moves.assets import allies, lasting, moments, reach
from ironsworn.moves.assets import progress_rerolls as asset_rolls
from ironsworn.moves.assets.after_roll import offer_adds
from ironsworn.moves.assets.effects import prepare, prepare_progress
from ironsworn.moves.records import MoveRecord
from ironsworn.moves.registry import NO_ROLL_ASSET_MOVES, on_resume
from ironsworn.moves.roll_inputs import RollInputs
from ironsworn.moves.step import Step
from ironsworn.outcomes import Outcome
from ironsworn.rolls import ActionRoll, roll_action_json, roll_progress_json

if TYPE_CHECKING:
    from ironsworn.content.model import Move
    from ironsworn.dice import Dice

JsonDict = dict[str, Any]

# An ``asset`` input that names no asset (left out, or an empty list).
_NOT_NAMED: tuple[Any, ...] = (None, [], ())


class MoveRolls(RollInputs):
    """Starting a move and rolling it (mixed into the engine)."""

    dice: Dice
    records: list[MoveRecord]
    agenda: list[JsonDict]
    _current_move: str | None

    if TYPE_CHECKING:
        # Provided by the engine's other parts: asking the player, the campaign option.
        def ask(self, decision: JsonDict) -> None: ...

        @property
        def even_matches(self) -> bool: ...

    # --- making a move ---------------------------------------------------------------------

    def _start_move(self, step: JsonDict) -> None:
        plan = self.plan_of(step["move"])
        move = plan.move
        self._current_move = move.name
        name = step["character"]  # (as written first: the state's own first step, no call)
        char = self.state.characters.get(name) or self.state.character(name)
        first_event = len(self.events)  # the move's record starts here (made once it is made)
        ctx = Step(self, step, move)  # type: ignore[arg-type]  # (this is the engine)
        # What acts as a move starts is looked for only where moments.before_move can find it
        # (its own first tests, made here once, without its call): a Swordmaster's +1 kept in
        # a flag, a card of the content that acts before this move, the companion input, a
        # card that acts on an ally's move held by someone else. Where none can, all it does
        # is mark an action roll's allies' adds as made (no card adds to them).
        if (
            (plan.ally_cards and allies.held_by_others(self.state, name, plan.ally_card_ids))
            or (plan.before_cards and char.assets)
            or step.get("companion")
            or char.flags.get("fight_next_add")
        ):
            if moments.before_move(ctx, plan):
                return  # an ability asks first, or takes the move's place (Shield-Bearer 3)
        elif move.roll_type == "action_roll":
            step["ally_adds_done"] = True
        before = plan.before
        if before is not None:
            before(ctx)  # verifies (raises before anything is rolled) and prepares
        lasting.claim(ctx, move)  # the lasting effects named in the asset input
        # (every field in order: the quick way to make one)
        record = MoveRecord(move.id, move.name, char.name, None, None, None, None, first_event)
        skip_roll = step.get("skip_roll")
        no_roll_handler = plan.no_roll
        if skip_roll or move.roll_type == "no_roll" or no_roll_handler is not None:
            # A move made without a roll: its record and its move event, with no stat, outcome
            # or text.
            self.records.append(record)
            self.emit(
                {
                    "type": "move",
                    "move": move.id,
                    "name": move.name,
                    "character": char.name,
                    "stat": None,
                    "outcome": None,
                    "text": None,
                }
            )
            if skip_roll:
                return  # resolved without a roll (Test Your Bond when you abandon the bond)
            if no_roll_handler is None:
                self.note(f"{move.name}: effects are left to the player (see the move text)")
            else:
                no_roll_handler(ctx)
            if char.assets and plan.short in NO_ROLL_ASSET_MOVES:
                from ironsworn.moves.assets.effects import gains_without_roll

                record.assets = gains_without_roll(ctx, move)
            return
        # The moments of this move the character's marked abilities reach (reach.reached,
        # which each asset hook below would ask in turn): worked out once, as no mark changes
        # while a move starts. A use before the roll is looked for only where one is reached
        # or an asset is named (reach.no_uses, the first test of the hooks that look for one).
        now = self.state.characters.get(name) or self.state.character(name)  # (ctx.char)
        reached = reach.reached(self.ruleset, now.assets, move) if now.assets else 0
        may_use = step.get("asset") not in _NOT_NAMED or bool(reached & reach.USES)
        automatic = asset_rolls.automatic_outcome(ctx, move) if char.assets and may_use else None
        if automatic is not None:
            # Fated 1: "Instead of rolling, you may take an automatic strong hit."
            record.outcome, record.assets = automatic, [ctx.data["asset_uses"][0]["label"]]
            record.text = self._outcome_text(move.id, Outcome(automatic))
            self.records.append(record)
            self.agenda.insert(
                0, {**step, "step": "outcome", "roll": {"type": "automatic"}, "outcome": automatic}
            )
            return
        if plan.progress:
            score = self._progress_score(ctx, move)
            record.roll = roll_progress_json(self.dice, score, self.even_matches)
            record.stat = "progress"
            record.outcome = record.roll["outcome"]  # worked out once, by to_json
            record.assets = prepare_progress(ctx, move)
        else:
            # Asset abilities may roll another stat (or a card's track) and add to the roll:
            # none can without a card or an asset named (reach.no_uses).
            planned = (
                # (a partial, not a lambda: a lambda made the names it reads cells of this
                # whole function, made on every move, card or none)
                prepare(ctx, move, partial(self._stat_for, ctx, move, char)) if may_use else None
            )
            if planned is None:
                # The stat the plan names for this input, read from the sheet; else the
                # move's rule picks it (_stat_for, which refuses a stat it does not allow).
                wanted = step.get("stat")
                stat_name = (
                    plan.stats.get(wanted) if wanted is None or type(wanted) is str else None
                )
                if stat_name is not None and stat_name in char.stats:
                    value = char.stats[stat_name]
                else:
                    stat_name, value = self._stat_for(ctx, move, char)
                asset_add = 0
            else:
                stat_name, value, asset_add = planned
                # (an ability that gives only on a burn is named once someone burns)
                record.assets = [
                    u["label"] for u in ctx.data.get("asset_uses") or () if not u.get("burn_only")
                ]
            # (ctx.char as written out: the sheet now, by the name as written first)
            now = self.state.characters.get(name) or self.state.character(name)
            if now.lasting or step.get("lasting_named"):
                record.assets += lasting.before_roll(ctx, move, stat_name)
            adds = self._adds_for(ctx, move, char) + asset_add
            if asset_add:
                uses = ", ".join(str(u) for u in record.assets) or "an asset"
                self.add_sources = [*self.add_sources, {"amount": asset_add, "from": uses}]
            # Lorekeeper 3's Face Desolation is made "ignoring momentum".
            momentum = 0 if step.get("ignore_momentum") else char.momentum
            preset = step.get("preset_action")  # an asset's preset action die (Armored)
            record.roll = rolled_json = roll_action_json(
                self.dice,
                value,
                adds if adds < 10 else 10,  # (min(10, adds), without the call)
                momentum,
                bool(self.state.option("even_matches")),  # (the property, without its call)
                None if preset is None else int(preset),
            )
            burn = rolled_json["burn"]
            if burn is not None:
                # The reset a burn would take momentum to (the sheet's momentum_reset, read
                # from its table), worked out for a roll that offers a burn only.
                burn["momentum_after"] = RESET_BY_MARKS[char.impact_count]
            record.stat = stat_name
            record.outcome = record.roll["outcome"]  # worked out once, with the roll
            if char.assets and self.ruleset.rarities:
                from ironsworn.moves.delve.rarities import wield

                wield(ctx, record)  # Delve: an augmented asset aids it, the rarity die rolls
        record.text = outcome_text(move, record.outcome, bool(record.roll and record.roll["match"]))
        self.records.append(record)
        rolled: JsonDict = {"type": "roll", "character": char.name, "move": move.id}
        if record.roll and record.roll.get("type") == "action" and self.add_sources:
            rolled["adds_from"] = self.add_sources  # who or what gave each add
        rolled["roll"] = record.roll
        # A record, which changes nothing in the state (emit would fold it to nothing): it
        # joins the operation's events as a note does.
        self.events.append(rolled)
        outcome_step = {
            **step,
            "step": "outcome",
            "roll": record.roll,
            "outcome": record.outcome,
            "stat": record.stat,
        }
        if ctx.data.get("rarity"):
            outcome_step["rarity"] = ctx.data["rarity"]
        if (step.get("supporter") or step.get("asset_uses")) and asset_rolls.offer_after_roll(
            ctx, outcome_step
        ):
            # An asset's reroll of this result (Honorbound, Revenant...), before a burn: offered
            # by an ability the move uses, or by the ally who stands with the mover.
            return
        if record.roll["type"] == "action" and step.get("reroll"):
            # "Reroll any dice" (a move or asset allows it): asked first, before any burn.
            c1, c2 = record.roll["challenge"]
            self.ask(
                {
                    "kind": "choose",
                    "character": char.name,
                    "move": move.id,
                    "prompt": "reroll any dice, once, in one throw? (decline to keep them)",
                    "options": [
                        {
                            "key": "action_die",
                            "text": f"the action die ({record.roll['action_die']})",
                        },
                        {"key": "challenge_1", "text": f"the first challenge die ({c1})"},
                        {"key": "challenge_2", "text": f"the second challenge die ({c2})"},
                    ],
                    "count": 3,
                    "min": 0,
                    "resume": {**outcome_step, "step": "resume", "point": "engine.reroll"},
                }
            )
            return
        now = self.state.characters.get(name) or self.state.character(name)  # (ctx.char)
        if now.assets and reached & reach.AFTER_ROLL:
            self.after_roll(outcome_step)
        elif record.roll.get("burn"):
            self._burn_or_outcome(outcome_step)  # (no card offers an add after the roll)
        else:
            self.agenda.insert(0, outcome_step)  # (no burn on offer: _burn_or_outcome's end)

    def after_roll(self, outcome_step: JsonDict) -> None:
        """Offer an asset's after-roll add or a burn when it would improve the roll, else go on
        to the outcome."""
        if offer_adds(self._as_engine(), outcome_step):
            return  # Rider 2, Improviser 2, Wright 2: asked before any burn
        self._burn_or_outcome(outcome_step)

    def _burn_or_outcome(self, outcome_step: JsonDict) -> None:
        """Offer a burn when it would improve the roll, else go on to the outcome."""
        roll = outcome_step["roll"]
        move = self.ruleset.any_move(outcome_step["move"]) if roll.get("burn") else None
        if move is not None and roll["type"] == "action" and move.allow_momentum_burn:
            char = self.state.character(outcome_step["character"])
            offer = roll["burn"]
            self.ask(
                {
                    "kind": "burn",
                    "character": char.name,
                    "move": move.id,
                    "prompt": f"burn momentum {char.momentum:+d} to turn the "
                    f"{Outcome(outcome_step['outcome']).words} into a "
                    f"{Outcome(offer['outcome']).words} (momentum goes to "
                    f"{char.momentum_reset:+d})? burn or decline",
                    "offer": offer,
                    "step": outcome_step,
                }
            )
            return
        self.agenda.insert(0, outcome_step)

    def _recount(self, step: JsonDict) -> None:
        """Show the outcome an ability makes a roll count as in this operation's records."""
        text = self._outcome_text(step["move"], Outcome(step["outcome"]))
        # A roll made by an earlier command (a reroll asked first) is reported here.
        self._show_result(step, text, with_roll=False, first_event=None)

    def update_record(self, step: JsonDict) -> None:
        """Show a changed roll (burned, rerolled) in this operation's move records."""
        roll = ActionRoll.from_json(step["roll"])  # only action rolls are burned or rerolled
        text = self._outcome_text(step["move"], roll.outcome, roll.match)
        # A roll made by an earlier command is told from the burn (or reroll) that changed it.
        first = next(
            (
                i
                for i in range(len(self.events) - 1, -1, -1)
                if self.events[i].get("type") in ("burn", "roll")
            ),
            0,
        )
        record = self._show_result(step, text, with_roll=True, first_event=first)
        if step["roll"].get("burned"):
            # The abilities that give only on a burn (Swordmaster 1) act now: named so.
            for use in step.get("asset_uses") or ():
                if use.get("burn_only") and use["label"] not in record.assets:
                    record.assets.append(use["label"])

    def _show_result(
        self, step: JsonDict, text: str | None, *, with_roll: bool, first_event: int | None
    ) -> MoveRecord:
        """Set the step's outcome (and roll) on this operation's record of the move, or report
        it in a record of its own when the move was rolled by an earlier command."""
        for record in reversed(self.records):
            if record.move == step["move"] and record.character == step["character"]:
                if with_roll:
                    record.roll = step["roll"]
                record.outcome, record.text = step["outcome"], text
                return record
        record = MoveRecord(
            step["move"],
            self.ruleset.any_move(step["move"]).name,
            step["character"],
            step.get("stat"),
            step["roll"],
            step["outcome"],
            text,
            first_event=first_event,
        )
        self.records.append(record)
        return record

    def _outcome_text(self, move_id: str, outcome: Outcome, match: bool = False) -> str | None:
        return outcome_text(self.ruleset.any_move(move_id), outcome.value, match)


def outcome_text(move: Move, outcome: str, match: bool = False) -> str | None:
    """The text of ``move``'s ``outcome`` (a value: ``strong_hit``), its match text with a
    match where it has one."""
    if match and outcome in move.match_outcomes:
        # Starforged: "With a Match" replaces the outcome text.
        return move.match_outcomes[outcome]
    return None if move.outcomes is None else move.outcomes.get(outcome)


@on_resume("engine.reroll")
def _reroll(ctx: Step, keys: list[str]) -> None:
    """Reroll the chosen dice, then offer a burn or go on to the outcome."""
    engine = ctx.engine
    step = {k: v for k, v in ctx.data.items() if k not in ("point", "keys", "context")}
    step["step"] = "outcome"
    if keys:
        char = ctx.char
        roll = ActionRoll.from_json(step["roll"]).rerolled(
            engine.dice,
            action="action_die" in keys,
            challenge=("challenge_1" in keys, "challenge_2" in keys),
        )
        step["roll"] = roll.to_json(char.momentum_reset)
        step["outcome"] = roll.outcome.value
        engine.emit(
            {
                "type": "roll",
                "character": char.name,
                "move": step["move"],
                "roll": step["roll"],
                "reroll": keys,
            }
        )
        engine.update_record(step)
    engine.after_roll(step)
