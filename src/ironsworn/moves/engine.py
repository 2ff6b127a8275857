"""Resolving moves on a campaign: roll, outcome, effects (events), pending decisions.

A move is made by :meth:`MoveEngine.make_move`. The engine runs an *agenda* of steps: the move's
roll, then (after any reroll or burn decision) its outcome, then the follow-on moves the outcome
calls for (Endure Harm, Pay the Price, Face Death...). When a step needs the player — a "choose"
list, a burn that would improve the outcome — the engine stores a *pending decision* and stops; the
next call (:meth:`choose`, :meth:`burn`, :meth:`decline`) answers it and the agenda runs on.
The agenda and the pending decision are part of the campaign state, so a decision can be
answered in a later command. While a decision is pending no other move can be made.

Every change goes through :class:`~ironsworn.campaign.state.CampaignState.apply` as an event
with from/to values; the events of one call form one operation. A call that raises leaves the
state exactly as it was (the engine reverts the events it applied, newest first), so a failed
check changes nothing. :meth:`MoveEngine.verify_move` and :meth:`MoveEngine.can_make_move`
check a move up to its roll without using any dice (verify / can / do).

The engine is spread over small modules: :mod:`~ironsworn.moves.registry` (the handler
tables the rules modules fill), :mod:`~ironsworn.moves.step` (the handlers' context),
:mod:`~ironsworn.moves.records` (what a call reports), :mod:`~ironsworn.moves.move_options`
(which options a move reads), :mod:`~ironsworn.moves.roll_inputs` (stat, adds, progress score),
:mod:`~ironsworn.moves.changes` (each change to the sheet as an event) and
:mod:`~ironsworn.moves.decisions` (asking and answering the pending decision). This module keeps
the agenda, the roll and the outcome, and re-exports the names the rules modules import.

Dice: every roll of the chain uses the engine's :class:`~ironsworn.dice.Dice`. With typed-in
dice that run out part-way, the whole call fails with a message and nothing changes.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from ironsworn.campaign.character_state import copy_json
from ironsworn.dice import Dice, RandomDice
from ironsworn.errors import InvalidValue, IronswornError, NotFound, RuleViolation
from ironsworn.moves.decisions import Decisions
from ironsworn.moves.move_options import (
    BOND_ADDS,
    BOND_NAMED,
    OPTION_MOVES,
    check_options,
)
from ironsworn.moves.records import (
    MoveRecord,
    OperationResult,
    effect_of,
    public_pending,
    summary_line,
)
from ironsworn.moves.registry import (
    ASSET_MOVE_PREFIX,
    BEFORE_ROLL,
    METER_ROLLS,
    NO_ROLL_ASSET_MOVES,
    NO_ROLL_HANDLERS,
    OUTCOME_HANDLERS,
    PROGRESS_KINDS,
    RESUME_HANDLERS,
    RULESET_HOOKS,
    RULESET_OPTIONS,
    STATS,
    Handler,
    before_roll,
    handler_for,
    no_roll,
    on_outcome,
    on_resume,
    ruleset_name,
    short_name,
)
from ironsworn.moves.roll_inputs import RollInputs
from ironsworn.moves.step import Step
from ironsworn.outcomes import Outcome
from ironsworn.rolls import ActionRoll, roll_action, roll_progress

if TYPE_CHECKING:
    from ironsworn.campaign.state import CampaignState
    from ironsworn.content.loader import Ruleset
    from ironsworn.content.model import Move

# The names the rules modules import from here (they live in the modules named above).
__all__ = [
    "ASSET_MOVE_PREFIX",
    "BEFORE_ROLL",
    "BOND_ADDS",
    "BOND_NAMED",
    "METER_ROLLS",
    "NO_ROLL_ASSET_MOVES",
    "NO_ROLL_HANDLERS",
    "OPTION_MOVES",
    "OUTCOME_HANDLERS",
    "PROGRESS_KINDS",
    "RESUME_HANDLERS",
    "RULESET_HOOKS",
    "RULESET_OPTIONS",
    "SCENE_OUTCOME",
    "STATS",
    "Handler",
    "MoveEngine",
    "MoveRecord",
    "OperationResult",
    "Step",
    "before_roll",
    "check_options",
    "effect_of",
    "handler_for",
    "no_roll",
    "on_outcome",
    "on_resume",
    "public_pending",
    "ruleset_name",
    "short_name",
]

JsonDict = dict[str, Any]

# Set by the scene module: picks the scene-challenge handler when a move acts on a scene track.
SCENE_OUTCOME: Callable[[Step], Handler | None] | None = None
# Move categories of moves that react to what befalls a character rather than act.
REACTING_CATEGORIES = frozenset({"suffer", "threshold"})


def _reacts(move: Move, data: JsonDict) -> bool:
    """A suffer or threshold move, or the vow sworn as part of Face Death / Face Desolation."""
    category = move.id.partition(":")[2].split("/")[1:2]
    return bool(data.get("threshold")) or bool(set(category) & REACTING_CATEGORIES)


class _StopAtRoll(BaseException):
    """Raised by the dice of :meth:`MoveEngine.verify_move` at the first roll."""


class _StopAtRollDice:
    def roll(self, sides: int) -> int:
        raise _StopAtRoll


# Moves made for a character whose story has ended: Continue a Legacy ("When you retire ...
# or succumb to death or desolation", seed 003).
AFTER_THE_END = frozenset({"continue_a_legacy"})


_INSTALLED: list[bool] = []  # one True once the rules' handlers are in place


def _install_rules() -> None:
    """Put the rules' handlers in place once per process, under a lock (the web's worker
    threads make engines at once): the handlers register themselves on import, and the asset
    extras are chained onto the moves' own handlers (Berserker's pain, allies' shares of Make
    Camp, Slayer's trophy). A new engine never re-wraps a table."""
    if _INSTALLED:
        return
    import threading

    with _INSTALL_LOCK.setdefault("lock", threading.Lock()):
        if _INSTALLED:
            return
        from ironsworn.moves import classic, delve, oppose, scene, starforged  # noqa: F401
        from ironsworn.moves.assets import handlers as asset_handlers
        from ironsworn.moves.assets import lasting

        asset_handlers.install()
        lasting.install()  # Slayer's trophy after End the Fight
        _INSTALLED.append(True)


# The lock of _install_rules, made on first use (threading is imported only then).
_INSTALL_LOCK: dict[str, Any] = {}


class MoveEngine(Decisions, RollInputs):
    """Makes moves and answers decisions on a :class:`CampaignState` (changed in place)."""

    def __init__(
        self,
        state: CampaignState,
        ruleset: Ruleset | None = None,
        dice: Dice | None = None,
    ) -> None:
        _install_rules()

        if ruleset is None:
            from ironsworn.content import load_ruleset

            ruleset = load_ruleset("classic")
        self.state = state
        self.ruleset = ruleset
        self.dice: Dice = dice if dice is not None else RandomDice()
        self._reset()

    @property
    def even_matches(self) -> bool:
        """The campaign option: a match only on even challenge dice (seed 000 L5127-5135)."""
        return bool(self.state.option("even_matches"))

    def _reset(self) -> None:
        self.events: list[JsonDict] = []
        self.records: list[MoveRecord] = []
        self.notes: list[str] = []
        # The engine's working copies (plain JSON: copy_json is several times deepcopy's speed).
        self.agenda: list[JsonDict] = copy_json(self.state.agenda)
        self.pending: JsonDict | None = copy_json(self.state.pending)
        self.parked: dict[str, JsonDict] = copy_json(self.state.parked)
        self._restored = False  # a decision set aside came back when this operation ended
        self.answers: list[str] = []
        self.auto_burn: bool | None = None
        self._front: list[JsonDict] = []
        self._current_move: str | None = None

    # --- public operations -----------------------------------------------------------------

    def make_move(
        self,
        move: str,
        character: str | None = None,
        *,
        stat: str | None = None,
        adds: Sequence[int] = (),
        amount: int | None = None,
        track: str | None = None,
        choose: Sequence[str] = (),
        bond: bool = False,
        burn: bool | None = None,
        **extra: Any,
    ) -> OperationResult:
        """Make ``move`` for ``character``; see the module docstring."""

        def run() -> None:
            found = self.find_move(move)
            char = self.state.character(character)
            self.make_room(char.name)
            if char.status != "active" and short_name(found.id) not in AFTER_THE_END:
                raise RuleViolation(f"{char.name} is {char.status}: no more moves")
            check_options(
                found,
                {
                    "stat": stat,
                    "adds": list(adds),
                    "amount": amount,
                    "track": track,
                    "bond": bond or None,
                    "burn": burn,
                    **extra,
                },
            )
            if extra.get("with") and (short_name(found.id) in BOND_NAMED or found.id in BOND_ADDS):
                # A bond on the sheet, by a unique prefix; Test Your Bond too (a bond marked
                # without a name is tested by leaving --with out).
                extra["with"] = char.bond(str(extra["with"]))
            add_for_bond = bond or (bool(extra.get("with")) and found.id in BOND_ADDS)
            self.answers = list(choose)
            self.auto_burn = burn
            step: JsonDict = {
                "step": "move",
                "move": found.id,
                "character": char.name,
                "stat": stat,
                "adds": [int(a) for a in adds],
                "amount": amount,
                "track": track,
                "bond": add_for_bond,
                "main": True,
                **{k: v for k, v in extra.items() if v is not None},
            }
            self.agenda.insert(0, step)
            self._run()
            if self.answers:
                # Answers given in advance for a decision that never came: say so.
                self.note(
                    "not asked for: the answers "
                    + " ".join(self.answers)
                    + " (no decision offered it)"
                )

        character_name = None if character is None else character
        return self.operation("move", character_name, run)

    def find_move(self, query: str) -> Move:
        """The move ``query`` names in the campaign's ruleset; a move of another is refused."""
        ruleset = self.state.ruleset
        try:
            found: Move = self.ruleset.find("moves", query, prefer=ruleset)
        except NotFound as missing:
            # A move an asset gives (a ritual): the character's asset is checked before the roll.
            from ironsworn.content.lookup import resolve

            try:
                return resolve(self.ruleset.asset_moves, query, "move", lambda m: m.name)
            except NotFound:
                # The closest moves of the campaign's own ruleset, by name: a classic campaign
                # never suggests a Starforged move it would refuse.
                mine_all = self.ruleset.in_ruleset("moves", ruleset)
                names = tuple(
                    dict.fromkeys(mine_all[c].name for c in missing.candidates if c in mine_all)
                )
                raise NotFound(str(missing), names, kind="move", name=query) from None
        pack = self.ruleset.pack_of(found.id)
        own = pack.ruleset if pack is not None else ruleset_name(found.id)
        if own != ruleset:
            # A name both rulesets use is the campaign's own move; an id is taken as given.
            mine: list[Move] = (
                []
                if "/" in query
                else [
                    m
                    for m in self.ruleset.in_ruleset("moves", ruleset).values()
                    if m.name.lower() == found.name.lower()
                ]
            )
            if mine:
                return mine[0]
            raise InvalidValue(
                f"{found.name} is a {own} move; this campaign plays {ruleset} (accepted: the "
                f"{ruleset} moves)"
            )
        # An imported expansion's move that replaces this one is the campaign's move.
        return self.ruleset.replacing(found, ruleset)

    def verify_move(self, move: str, character: str | None = None, **options: Any) -> None:
        """Raise the error :meth:`make_move` would raise before rolling; change nothing.

        The move is run up to its first roll (no die is used) and taken back; a move without a
        roll is run through and taken back.
        """
        saved = self.dice
        self.dice = _StopAtRollDice()
        try:
            result = self.make_move(move, character, **options)
        except _StopAtRoll:
            return  # it got as far as rolling: everything before the roll is allowed
        finally:
            self.dice = saved
        for event in reversed(result.events):
            self.state.revert(event)

    def can_make_move(self, move: str, character: str | None = None, **options: Any) -> bool:
        """Whether :meth:`make_move` would be allowed now (see :meth:`verify_move`)."""
        try:
            self.verify_move(move, character, **options)
        except IronswornError:
            return False
        return True

    # --- the operation wrapper -------------------------------------------------------------

    def operation(
        self, kind: str, character: str | None, body: Callable[[], None]
    ) -> OperationResult:
        self._reset()
        try:
            body()
            self._finish()
        except BaseException as exc:
            # Take every applied event back, newest first: the state is as it was.
            for event in reversed(self.events):
                self.state.revert(event)
            current = self._current_move
            self._reset()
            if isinstance(exc, InvalidValue) and str(exc).startswith("not enough") and current:
                # Typed dice ran out part-way through a chain: say which move needed more.
                raise InvalidValue(f"{exc} (for {current}); nothing was changed") from None
            raise
        main = self.records[0] if self.records else None
        who = main.character if main else character
        summary = summary_line(self.records, self.events)
        return OperationResult(
            kind=kind,
            character=who,
            events=self.events,
            moves=self.records,
            notes=self.notes,
            # A decision set aside that came back is not this operation's to report.
            pending=None if self._restored else self.pending,
            summary=summary or kind,
        )

    def _finish(self) -> None:
        from ironsworn.moves.assets.lasting import watch

        watch(self)  # lasting effects the sheet ends; Bonded's filled boxes
        if self.pending is None and not self.agenda and self.parked:
            # This character's chain is done: the first decision set aside is the one
            # waiting now (the others stay aside until it is answered).
            owner = next(iter(self.parked))
            entry = self.parked.pop(owner)
            self.pending, self.agenda = entry["pending"], list(entry["agenda"])
            self._restored = True
        if self.parked != self.state.parked:
            self.emit({"type": "parked", "from": self.state.parked, "to": self.parked})
        if self.agenda != self.state.agenda:
            self.emit({"type": "agenda", "from": self.state.agenda, "to": self.agenda})
        if self.pending != self.state.pending:
            self.emit({"type": "pending", "from": self.state.pending, "to": self.pending})

    # --- the agenda ------------------------------------------------------------------------

    def _run(self) -> None:
        guard = 0
        while self.pending is None and self.agenda:
            guard += 1
            if guard > 500:
                raise RuleViolation("the move chain does not end (500 steps)")
            step = self.agenda.pop(0)
            self._front = []
            self._dispatch(step)
            # Follow-ons queued by this step run before what was already waiting.
            self.agenda[0:0] = self._front
            self._front = []
            if self.pending is not None:
                self._try_auto_answer()

    def run_queued(self) -> None:
        """Run follow-ons queued outside a move (by a manual change)."""
        self.agenda[0:0] = self._front
        self._front = []
        self._run()

    def follow(self, character: str, move: str, **args: Any) -> None:
        move_id = move if ":" in move else self._move_id(move)
        self._front.append({"step": "move", "move": move_id, "character": character, **args})

    def queue(self, step: JsonDict) -> None:
        self._front.append(step)

    def _dispatch(self, step: JsonDict) -> None:
        kind = step["step"]
        if kind == "move":
            self._start_move(step)
        elif kind == "outcome":
            self._outcome(step)
        elif kind == "ask":
            # A choice queued by an earlier step (an asset's "take +1 supply or +1 momentum"),
            # asked once the decisions before it are answered.
            self.ask(step["decision"])
        elif kind == "resume":
            handler = RESUME_HANDLERS.get(step["point"])
            if handler is None:
                # Saved by a version of the package that resumed decisions differently.
                raise RuleViolation(
                    f"the pending step {step['point']!r} is unknown to this version; "
                    "'ironsworn undo' takes it back"
                )
            handler(Step(self, step), list(step.get("keys", [])))
        else:
            raise RuleViolation(f"internal: unknown agenda step {kind!r}")

    # --- making a move ---------------------------------------------------------------------

    def _start_move(self, step: JsonDict) -> None:
        move = self.ruleset.any_move(step["move"])
        self._current_move = move.name
        char = self.state.character(step["character"])
        record = MoveRecord(move.id, move.name, char.name, first_event=len(self.events))
        ctx = Step(self, step)
        from ironsworn.moves.assets.moments import before_move

        if before_move(ctx):
            return  # an ability asks first, or takes the move's place (Shield-Bearer 3)
        before = handler_for(BEFORE_ROLL, move.id)
        if before is None and move.id.startswith(ASSET_MOVE_PREFIX):
            from ironsworn.moves.assets.handlers import asset_move_before

            before = asset_move_before
        if before is not None:
            before(ctx)  # verifies (raises before anything is rolled) and prepares
        from ironsworn.moves.assets import lasting

        lasting.claim(ctx, move)  # the lasting effects named with --asset
        if step.get("skip_roll"):
            # The move was resolved without a roll (Test Your Bond when you abandon the bond).
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
            return
        no_roll_handler = handler_for(NO_ROLL_HANDLERS, move.id)
        if move.roll_type == "no_roll" or no_roll_handler is not None:
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
            if no_roll_handler is None:
                self.note(f"{move.name}: effects are left to the player (see the move text)")
            else:
                no_roll_handler(ctx)
            if char.assets and short_name(move.id) in NO_ROLL_ASSET_MOVES:
                from ironsworn.moves.assets.effects import gains_without_roll

                record.assets = gains_without_roll(ctx, move)
            return
        from ironsworn.moves.assets import progress_rerolls as asset_rolls

        automatic = asset_rolls.automatic_outcome(ctx, move) if char.assets else None
        if automatic is not None:
            # Fated 1: "Instead of rolling, you may take an automatic strong hit."
            record.outcome, record.assets = automatic, [ctx.data["asset_uses"][0]["label"]]
            record.text = self._outcome_text(move.id, Outcome(automatic))
            self.records.append(record)
            self.agenda.insert(
                0, {**step, "step": "outcome", "roll": {"type": "automatic"}, "outcome": automatic}
            )
            return
        if move.roll_type in ("progress_roll", "special_track"):
            score = self._progress_score(ctx, move)
            roll = roll_progress(self.dice, score, self.even_matches)
            record.roll = roll.to_json()
            record.stat = "progress"
            record.outcome = roll.outcome.value
            from ironsworn.moves.assets.effects import prepare_progress

            record.assets = prepare_progress(ctx, move)
        else:
            from ironsworn.moves.assets.effects import prepare

            # Asset abilities may roll another stat (or a card's track) and add to the roll.
            planned = prepare(ctx, move, lambda: self._stat_for(ctx, move, char))
            if planned is None:
                stat_name, value = self._stat_for(ctx, move, char)
                asset_add = 0
            else:
                stat_name, value, asset_add = planned
                record.assets = [u["label"] for u in ctx.data.get("asset_uses") or ()]
            record.assets += lasting.before_roll(ctx, move, stat_name)
            adds = self._adds_for(ctx, move, char) + asset_add
            if asset_add:
                uses = ", ".join(str(u) for u in record.assets) or "an asset"
                self.add_sources = [*self.add_sources, {"amount": asset_add, "from": uses}]
            # Lorekeeper 3's Face Desolation is made "ignoring momentum".
            momentum = 0 if step.get("ignore_momentum") else char.momentum
            preset = step.get("preset_action")  # an asset's preset action die (Armored)
            roll_a = roll_action(
                self.dice,
                value,
                min(10, adds),
                momentum,
                self.even_matches,
                None if preset is None else int(preset),
            )
            record.stat = stat_name
            record.roll = roll_a.to_json(char.momentum_reset)
            record.outcome = roll_a.outcome.value
        record.text = self._outcome_text(
            move.id, Outcome(record.outcome), bool(record.roll and record.roll["match"])
        )
        self.records.append(record)
        rolled: JsonDict = {"type": "roll", "character": char.name, "move": move.id}
        if record.roll and record.roll.get("type") == "action" and self.add_sources:
            rolled["adds_from"] = self.add_sources  # who or what gave each add
        self.emit({**rolled, "roll": record.roll})
        outcome_step = {
            **step,
            "step": "outcome",
            "roll": record.roll,
            "outcome": record.outcome,
            "stat": record.stat,
        }
        if asset_rolls.offer_after_roll(ctx, outcome_step):
            return  # an asset's reroll of this result (Honorbound, Revenant...), before a burn
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
        self.after_roll(outcome_step)

    def after_roll(self, outcome_step: JsonDict) -> None:
        """Offer an asset's after-roll add or a burn when it would improve the roll, else go on
        to the outcome."""
        from ironsworn.moves.assets.after_roll import offer_adds

        if offer_adds(self, outcome_step):
            return  # Rider 2, Improviser 2, Wright 2: asked before any burn
        move = self.ruleset.any_move(outcome_step["move"])
        char = self.state.character(outcome_step["character"])
        roll = outcome_step["roll"]
        if roll["type"] == "action" and roll.get("burn") and move.allow_momentum_burn:
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
        for record in reversed(self.records):
            if record.move == step["move"] and record.character == step["character"]:
                record.outcome, record.text = step["outcome"], text
                return
        # The roll was made by an earlier command (a reroll asked first): report it here.
        self.records.append(
            MoveRecord(
                step["move"],
                self.ruleset.any_move(step["move"]).name,
                step["character"],
                step.get("stat"),
                step["roll"],
                step["outcome"],
                text,
            )
        )

    def update_record(self, step: JsonDict) -> None:
        """Show a changed roll (burned, rerolled) in this operation's move records."""
        roll = ActionRoll.from_json(step["roll"])  # only action rolls are burned or rerolled
        text = self._outcome_text(step["move"], roll.outcome, roll.match)
        for record in reversed(self.records):
            if record.move == step["move"] and record.character == step["character"]:
                record.roll, record.outcome, record.text = step["roll"], step["outcome"], text
                return
        # The roll was made by an earlier command: this one reports the changed result.
        self.records.append(
            MoveRecord(
                step["move"],
                self.ruleset.any_move(step["move"]).name,
                step["character"],
                step.get("stat"),
                step["roll"],
                step["outcome"],
                text,
                first_event=next(  # told from the burn (or reroll) that changed it
                    (
                        i
                        for i in range(len(self.events) - 1, -1, -1)
                        if self.events[i].get("type") in ("burn", "roll")
                    ),
                    0,
                ),
            )
        )

    def _outcome_text(self, move_id: str, outcome: Outcome, match: bool = False) -> str | None:
        move = self.ruleset.any_move(move_id)
        if match and outcome.value in move.match_outcomes:
            # Starforged: "With a Match" replaces the outcome text.
            return move.match_outcomes[outcome.value]
        return None if move.outcomes is None else move.outcomes.get(outcome.value)

    def _outcome(self, step: JsonDict) -> None:
        from ironsworn.moves.assets.effects import adjust_outcome

        move = self.ruleset.any_move(step["move"])
        counted = adjust_outcome(step)
        if counted is not None:
            self.note(
                f"{move.name}: the {Outcome(step['outcome']).words} counts as a "
                f"{Outcome(counted).words} (asset)"
            )
            step = {**step, "outcome": counted}
            self._recount(step)
        outcome = Outcome(step["outcome"])
        char = self.state.character(step["character"])
        self.emit(
            {
                "type": "move",
                "move": move.id,
                "name": move.name,
                "character": char.name,
                "stat": step.get("stat"),
                "outcome": outcome.value,
                "text": self._outcome_text(move.id, outcome),
            }
        )
        ctx = Step(self, step)
        self._before_outcome(ctx, move, outcome)
        if outcome is Outcome.MISS:
            from ironsworn.moves.delve.failure import mark_failure_on_miss

            mark_failure_on_miss(ctx, move)  # Delve's Mark Your Failure, when the pack is in play
        handler = SCENE_OUTCOME(ctx) if SCENE_OUTCOME is not None else None
        if handler is None:
            handler = handler_for(OUTCOME_HANDLERS, move.id)
        if handler is None and move.id.startswith(ASSET_MOVE_PREFIX):
            from ironsworn.moves.assets.handlers import asset_move_outcome

            handler = asset_move_outcome
        if handler is None:
            self.note(f"{move.name}: effects are left to the player (see the outcome text)")
        else:
            handler(ctx)
        if ctx.data.get("asset_uses"):
            from ironsworn.moves.assets.effects import gains_after
            from ironsworn.moves.assets.handlers import clear_talisman

            gains_after(ctx)
            clear_talisman(ctx)
        if ctx.data.get("lasting_uses"):
            from ironsworn.moves.assets.lasting import after_outcome

            after_outcome(ctx)
        from ironsworn.moves.assets.moments import after_outcome as allies_after

        allies_after(ctx)  # what the move gives allies' abilities (Long-Arm 3, Loyalist 2)
        if char.assets:
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
        char = ctx.char
        if ctx.roll.get("type") != "action":
            return
        if ctx.data.get("turn_the_tide") and outcome.is_hit:
            ctx.momentum(1)
        # Momentum a move's own rules grant like an asset benefit (Starforged: a vow's Secure
        # an Advantage taken with a companion...).
        on_hit, on_strong = ctx.data.get("asset_momentum") or (0, 0)
        if outcome.is_hit and on_hit:
            ctx.momentum(int(on_hit))
        if outcome is Outcome.STRONG_HIT and on_strong:
            ctx.momentum(int(on_strong))
        if outcome.is_hit and ctx.data.get("role_momentum"):
            ctx.momentum(int(ctx.data["role_momentum"]))  # a role's "+1 momentum on a hit"
        if ctx.data.get("asset_uses"):
            from ironsworn.moves.assets.effects import gains_before

            gains_before(ctx)
        if self.fights_of(char.name):
            # End the Fight: "When you make a move to take decisive action, and score a strong
            # hit" (L2144-2145); "Your setup move can be any action, but should be framed as a
            # decisive maneuver" (L2175-2177). A suffer or threshold move (Endure Harm, Face
            # Death, the vow sworn at death's door) is what befalls you, not an action: its
            # strong hit does not unlock End the Fight, and, being the move made since the
            # action, it spends an earlier strong hit (ENGINE CHOICE).
            decisive = outcome is Outcome.STRONG_HIT and not _reacts(move, ctx.data)
            self.set_flag(char.name, "strong_hit", decisive or None)


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
