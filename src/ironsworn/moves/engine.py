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

The engine plays the rules of one ruleset, a :class:`~ironsworn.moves.rulesets.Rules` object
(by default the campaign's own): its move handlers, hooks and option tables. The engine is
spread over small modules: :mod:`~ironsworn.moves.rulesets` (the rules of each ruleset, built
once from what the rules modules register in :mod:`~ironsworn.moves.registry`),
:mod:`~ironsworn.moves.step` (the handlers' context), :mod:`~ironsworn.moves.records` (what a
call reports), :mod:`~ironsworn.moves.move_options` (which options a move reads),
:mod:`~ironsworn.moves.roll_inputs` (stat, adds, progress score),
:mod:`~ironsworn.moves.rolling` (starting a move and its roll),
:mod:`~ironsworn.moves.outcome_step` (applying its outcome),
:mod:`~ironsworn.moves.changes` (each change to the sheet as an event) and
:mod:`~ironsworn.moves.decisions` (asking and answering the pending decision). This module keeps
the operation and the agenda, and re-exports the names the rules modules import.

Dice: every roll of the chain uses the engine's :class:`~ironsworn.dice.Dice`. With typed-in
dice that run out part-way, the whole call fails with a message and nothing changes.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from ironsworn.campaign.options import chosen_packs
from ironsworn.dice import Dice, RandomDice
from ironsworn.errors import InvalidValue, IronswornError, NotFound, RuleViolation
from ironsworn.moves.assets import lasting
from ironsworn.moves.decisions import Decisions
from ironsworn.moves.move_options import (
    BOND_ADDS,
    BOND_NAMED,
    OPTION_MOVES,
    check_options,
)
from ironsworn.moves.outcome_step import MoveOutcomes
from ironsworn.moves.records import (
    MoveRecord,
    OperationResult,
    effect_of,
    public_pending,
)
from ironsworn.moves.registry import (
    ASSET_MOVE_PREFIX,
    METER_ROLLS,
    NO_ROLL_ASSET_MOVES,
    PROGRESS_KINDS,
    STATS,
    Handler,
    before_roll,
    no_roll,
    on_outcome,
    on_resume,
    ruleset_name,
    short_name,
)
from ironsworn.moves.rolling import MoveRolls
from ironsworn.moves.step import Step, own_agenda

if TYPE_CHECKING:
    from ironsworn.campaign.state import CampaignState
    from ironsworn.content.loader import Ruleset
    from ironsworn.content.model import Move
    from ironsworn.moves.rulesets import MovePlan, Rules

# The names the rules modules import from here (they live in the modules named above).
__all__ = [
    "ASSET_MOVE_PREFIX",
    "BOND_ADDS",
    "BOND_NAMED",
    "METER_ROLLS",
    "NO_ROLL_ASSET_MOVES",
    "OPTION_MOVES",
    "PROGRESS_KINDS",
    "STATS",
    "Handler",
    "MoveEngine",
    "MoveRecord",
    "OperationResult",
    "Step",
    "before_roll",
    "check_options",
    "effect_of",
    "no_roll",
    "on_outcome",
    "on_resume",
    "public_pending",
    "ruleset_name",
    "short_name",
]

JsonDict = dict[str, Any]


# The arguments of a make_move call, as its operation's body takes them.
_MoveCall = tuple[
    str,
    str | None,
    str | None,
    Sequence[int],
    int | None,
    str | None,
    Sequence[str],
    bool,
    bool | None,
    dict[str, Any],
]

# What an option left out is (make_move's defaults, an empty list of adds).
_NOT_GIVEN: tuple[Any, ...] = (None, [], ())


class StopAtRoll(BaseException):
    """Raised by the dice of :meth:`MoveEngine.verify_move` at the first roll."""


class StopAtRollDice:
    """Dice that stop an operation at its first roll (:class:`StopAtRoll`): what it does
    before rolling depends on nothing random, so a trial of it holds for any dice."""

    def roll(self, sides: int) -> int:
        raise StopAtRoll


# Moves made for a character whose story has ended: Continue a Legacy ("When you retire ...
# or succumb to death or desolation", seed 003).
AFTER_THE_END = frozenset({"continue_a_legacy"})


def _after_the_end(char: Any) -> str:
    """What a refusal of a move for a character out of the story adds: what may come next
    (it said only "Kira is dead: no more moves")."""
    if char.ruleset == "starforged":
        return " (Continue a Legacy carries the story on with a new character)"
    return " (a new character may take up the story)"


class MoveEngine(Decisions, MoveRolls, MoveOutcomes):
    """Makes moves and answers decisions on a :class:`CampaignState` (changed in place).

    ``ruleset`` is the content (moves, assets, oracles); ``rules`` the rules played, by default
    those of the campaign's ruleset (looked up on each use, so a campaign whose ruleset is set
    by this engine plays the new one's rules at once).
    """

    def __init__(
        self,
        state: CampaignState,
        ruleset: Ruleset | None = None,
        dice: Dice | None = None,
        *,
        rules: Rules | None = None,
    ) -> None:
        # Importing the rulesets imports every rules module (their handlers register then).
        from ironsworn.moves import rulesets

        self._rulesets = rulesets
        self._rules = rules
        if ruleset is None:
            from ironsworn.content import load_ruleset

            ruleset = load_ruleset("classic")
        self.state = state
        from ironsworn.campaign.state import built_folds

        self._folds = built_folds(state)  # (an engine keeps its state for its whole life)
        self.ruleset = ruleset
        self.dice: Dice = dice if dice is not None else RandomDice()
        self._plans = {}
        self._named = {}
        self._move_body = self._make_move  # (bound once: see make_move)
        self._move_call: _MoveCall | None = None
        self._reset()

    @property
    def rules(self) -> Rules:
        """The rules this engine plays: the ones it was given, else the campaign's."""
        if self._rules is not None:
            return self._rules
        # Looked up on every step: the table first, the checked lookup for an unknown name.
        found = self._rulesets.RULESETS.get(self.state.ruleset)
        return found if found is not None else self._rulesets.rules_for(self.state.ruleset)

    @property
    def even_matches(self) -> bool:
        """The campaign option: a match only on even challenge dice (seed 000 L5127-5135)."""
        return bool(self.state.option("even_matches"))

    def _reset(self) -> None:
        self.events: list[JsonDict] = []
        self.records: list[MoveRecord] = []
        self.notes: list[str] = []
        self.bonds_marked = False
        # The engine's working copies, of what it changes in place only: the agenda's steps
        # (handlers write to the step they run), and the containers of the decisions set
        # aside. The pending decision and the parked entries are never changed in place (a
        # decision's resume step is copied when it is taken up: Decisions._answer), so they
        # are shared with the state, which replaces them whole. A step's roll is never
        # changed once rolled: every copy shares it (see own_step).
        state = self.state
        agenda = state.agenda
        self.agenda: list[JsonDict] = own_agenda(agenda) if agenda else []
        self.pending: JsonDict | None = state.pending
        # The decisions set aside: the state's own until this operation sets one aside or
        # takes one up (Decisions._parked_to_change copies it then), as most never do.
        self.parked: dict[str, JsonDict] = state.parked
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
        # The body runs inside the operation (which takes back its events when it raises):
        # the engine's own bound method, made once, which takes the call's arguments from
        # where they are left here (no closure, no partial of ten arguments made per move).
        self._move_call = (move, character, stat, adds, amount, track, choose, bond, burn, extra)
        return self.operation("move", character, self._move_body)

    def _make_move(self) -> None:
        """The body of :meth:`make_move`'s operation: the move it was called with (taken
        before anything runs, so a move made inside this one leaves this call's as it was)."""
        assert self._move_call is not None
        move, character, stat, adds, amount, track, choose, bond, burn, extra = self._move_call
        found, plan = self._named_move(move)
        char = self.state.character(character)
        if self.pending is not None or self.parked:
            self.make_room(char.name)  # (a decision is owed: most moves owe none)
        if char.status != "active" and plan.short not in AFTER_THE_END:
            raise RuleViolation(
                f"{char.name} is {char.status}: no more moves{_after_the_end(char)}"
            )
        # Whether the options are allowed depends only on which are given (their values
        # are only quoted in a refusal): a set of them allowed once is allowed again.
        # (None, the default of most, is told by identity; a word or a number is given, and
        # told by its type, without comparing it to an empty list and tuple.)
        allowed: tuple[object, ...] = (
            stat is not None and (type(stat) is str or stat not in _NOT_GIVEN),
            bool(adds),
            amount is not None and (type(amount) is int or amount not in _NOT_GIVEN),
            track is not None and (type(track) is str or track not in _NOT_GIVEN),
            bool(bond),
            burn is not None and burn not in _NOT_GIVEN,
        )
        if extra:
            for name, value in extra.items():
                if value is not None and value not in _NOT_GIVEN:
                    allowed += (name,)
        if allowed not in plan.allowed:
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
                plan.options,
            )
            plan.allowed.add(allowed)
        if extra.get("with") and (plan.short in BOND_NAMED or found.id in BOND_ADDS):
            # A bond on the sheet, by a unique prefix; Test Your Bond too (a bond marked
            # without a name is tested by leaving the with input out).
            extra["with"] = char.bond(str(extra["with"]))
        add_for_bond = bond or (bool(extra.get("with")) and found.id in BOND_ADDS)
        self.answers = list(choose) if choose else []
        self.auto_burn = burn
        step: JsonDict = {
            "step": "move",
            "move": found.id,
            "character": char.name,
            "stat": stat,
            "adds": list(map(int, adds)) if adds else [],
            "amount": amount,
            "track": track,
            "bond": add_for_bond,
            "main": True,
        }
        if extra:
            for key, value in extra.items():
                if value is not None:
                    step[key] = value
        self.agenda.insert(0, step)
        self._run()
        if self.answers:
            # Answers given in advance for a decision that never came: say so.
            self.note(
                "not asked for: the answers " + " ".join(self.answers) + " (no decision offered it)"
            )

    def find_move(self, query: str) -> Move:
        """The move ``query`` names in the campaign's ruleset; a move of another is refused."""
        # What a query names depends only on the content (which never changes once loaded)
        # and the campaign's ruleset: found once, kept (a refusal is worked out every time).
        found_moves: dict[tuple[str, tuple[str, ...], str], Move] = self.ruleset.memo("found_moves")
        # (and the expansions it chose: Sundered Isles' Set a Course, or Starforged's)
        key = (self.state.ruleset, chosen_packs(self.state), query)
        found = found_moves.get(key)
        if found is None:
            found = self._find_move(query)
            if len(found_moves) >= 4096:  # queries are typed by people: bound what is kept
                found_moves.clear()
            found_moves[key] = found
        return found

    def _named_move(self, query: str) -> tuple[Move, MovePlan]:
        """The move ``query`` names (:meth:`find_move`) and its plan (:meth:`plan_of`), kept
        with the plans: both depend only on the content and the campaign's ruleset."""
        if self.state.ruleset is not self._plans_ruleset or self.ruleset is not self._plans_content:
            self._new_plans()
        named = self._named
        key = (chosen_packs(self.state), query)  # (the option may change in a session)
        found = named.get(key)
        if found is None:
            move = self.find_move(query)  # (an unknown move is refused, every time)
            if len(named) >= 4096:  # queries are typed by people: bound what is kept
                named.clear()
            found = named[key] = (move, self.plan_of(move.id))
        return found

    def _find_move(self, query: str) -> Move:
        ruleset = self.state.ruleset
        chosen = chosen_packs(self.state)
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
                mine_all = self.ruleset.in_ruleset("moves", ruleset, chosen)
                names = tuple(
                    dict.fromkeys(mine_all[c].name for c in missing.candidates if c in mine_all)
                )
                from ironsworn.moves.delve.sites import pack_move

                # A Delve move named in a classic campaign without the pack: say what to import.
                words = pack_move(query) if ruleset == "classic" else None
                needed = "delve" if words is not None else None
                raise NotFound(
                    words or str(missing), names, kind="move", name=query, pack=needed
                ) from None
        pack = self.ruleset.pack_of(found.id)
        own = pack.ruleset if pack is not None else ruleset_name(found.id)
        if own != ruleset:
            # A name both rulesets use is the campaign's own move; an id is taken as given.
            mine: list[Move] = (
                []
                if "/" in query
                else [
                    m
                    for m in self.ruleset.in_ruleset("moves", ruleset, chosen).values()
                    if m.name.lower() == found.name.lower()
                ]
            )
            if mine:
                return mine[0]
            raise InvalidValue(
                f"{found.name} is a {own} move; this campaign plays {ruleset} (accepted: the "
                f"{ruleset} moves)"
            )
        if pack is not None and not self.ruleset.plays_pack(pack.id, ruleset, chosen):
            # An expansion the campaign did not choose (Sundered Isles): a move named by its
            # words is the campaign's own of that name; its id is refused.
            if "/" not in query and found.replaces:
                found = self.ruleset.moves.get(found.replaces[0], found)
            else:
                raise InvalidValue(
                    f"{found.name} is a {pack.name} move; this campaign plays {ruleset} "
                    f"without it (accepted: the {ruleset} moves, or the campaign option "
                    f"{pack.id} on)"
                )
        # An imported expansion's move that replaces this one is the campaign's move.
        return self.ruleset.replacing(found, ruleset, chosen)

    def verify_move(self, move: str, character: str | None = None, **options: Any) -> None:
        """Raise the error :meth:`make_move` would raise before rolling; change nothing.

        The move is run up to its first roll (no die is used) and taken back; a move without a
        roll is run through and taken back.
        """
        saved = self.dice
        self.dice = StopAtRollDice()
        try:
            result = self.make_move(move, character, **options)
        except StopAtRoll:
            return  # it got as far as rolling: everything before the roll is allowed
        finally:
            self.dice = saved
        for event in reversed(result.events):
            self.state.revert(event)

    def rolls_dice(self, operation: Callable[[], OperationResult]) -> bool:
        """Whether ``operation`` (a call of this engine's: an answer to a decision, a move)
        rolls a die. It is run up to its first roll (no die is used) and taken back; a refusal
        is raised, as the operation raises it.

        Until its first roll an operation depends on nothing random, so what this tells holds
        for any dice: the table offers a decision's dice field only where an answer rolls.
        """
        saved = self.dice
        self.dice = StopAtRollDice()
        try:
            result = operation()
        except StopAtRoll:
            return True
        finally:
            self.dice = saved
        for event in reversed(result.events):
            self.state.revert(event)
        return False

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
            self._abandon()
            current = self._current_move
            if current and isinstance(exc, InvalidValue) and str(exc).startswith("not enough"):
                # Typed dice ran out part-way through a chain: say which move needed more.
                raise InvalidValue(f"{exc} (for {current}); nothing was changed") from None
            raise
        records = self.records
        events = self.events
        # An answer is the character's whose decision it answered, though the first move it
        # ran may be another's (an ally's Earn Experience that waited on it).
        answered = kind in ("choice", "burn", "decline") and character is not None
        return OperationResult(
            kind,
            character if answered or not records else records[0].character,
            events,
            records,
            self.notes,
            # A decision set aside that came back is not this operation's to report.
            None if self._restored else self.pending,
            None,
            None,  # the log line: worked out when read (OperationResult.summary)
            len(events),
        )

    def _abandon(self) -> None:
        """After an operation that raised: every event it applied taken back, newest first
        (the state is as it was), and the engine's view of the decisions the state's again.

        Most operations that raise are refused before they change anything (a move's check
        before its roll): they take nothing back, and only what they changed is put back.
        The rest of the engine's working state is made anew when the next operation starts.
        """
        events = self.events
        if events:
            revert = self.state.revert
            for event in reversed(events):
                revert(event)
            self.events = []
        if self.records:
            self.records = []
        if self.notes:
            self.notes = []
        state = self.state
        self.pending = state.pending
        self.parked = state.parked
        if self.agenda or state.agenda:
            # The state's steps in a list of the engine's own, not copied: no step is run
            # until the next operation, which copies them as it starts (as a successful
            # operation leaves the engine the very agenda the state then holds).
            self.agenda = list(state.agenda)
        self._front = []

    def _finish(self) -> None:
        lasting.watch(self)  # lasting effects the sheet ends; Bonded's filled boxes
        if self.pending is None and not self.agenda and self.parked:
            # This character's chain is done: the first decision set aside is the one
            # waiting now (the others stay aside until it is answered).
            owner = next(iter(self.parked))
            entry = self._parked_to_change().pop(owner)
            self.pending, self.agenda = entry["pending"], own_agenda(entry["agenda"])
            self._restored = True
        # A decision the operation left as it found it is the state's own (shared): told
        # by identity, without comparing what it holds.
        state = self.state
        if self.parked is not state.parked and self.parked != state.parked:
            self.emit({"type": "parked", "from": state.parked, "to": self.parked})
        if self.agenda != state.agenda:
            self.emit({"type": "agenda", "from": state.agenda, "to": self.agenda})
        if self.pending is not state.pending and self.pending != state.pending:
            self.emit({"type": "pending", "from": state.pending, "to": self.pending})

    # --- the agenda ------------------------------------------------------------------------

    def _run(self) -> None:
        guard = 0
        while self.pending is None and self.agenda:
            guard += 1
            if guard > 500:
                raise RuleViolation("the move chain does not end (500 steps)")
            step = self.agenda.pop(0)
            if self._front:  # (left empty by the step before: a new list only when it is not)
                self._front = []
            # The two steps of every roll, a move and its outcome, are taken at once; the
            # others by _dispatch.
            kind = step["step"]
            if kind == "move":
                self._start_move(step)
            elif kind == "outcome":
                self._outcome(step)
            else:
                self._dispatch(step)
            if self._front:
                # Follow-ons queued by this step run before what was already waiting.
                self.agenda[0:0] = self._front
                self._front = []
            if self.pending is not None:
                self._try_auto_answer()

    def run_queued(self) -> None:
        """Run follow-ons queued outside a move (by a manual change). Those that wait behind
        a decision already pending are told as waiting: a supply lost to 0 while Kira's
        Pay the Price waits marked nothing and said nothing ("Out of Supply (Dax) waits for
        Kira's decision ...")."""
        queued = self._front
        self.agenda[0:0] = queued
        self._front = []
        self._run()
        if queued and self.pending is not None:
            agenda = self.agenda
            waiting = [s for s in queued if any(s is a for a in agenda)]
            if waiting:
                self._tell_waiting(waiting, self.pending)

    def _tell_waiting(self, steps: list[JsonDict], pending: JsonDict) -> None:
        owner = pending.get("character") or "the table"
        moves: dict[str, list[str]] = {}
        for step in steps:
            name = self._move_name(step.get("move"))
            who = moves.setdefault(name, [])
            character = step.get("character")
            if isinstance(character, str) and character not in who:
                who.append(character)
        told = ", ".join(
            f"{name} ({', '.join(who)})" if who else name for name, who in moves.items()
        )
        self.note(
            f"{told} waits for {owner}'s decision ({self._move_name(pending.get('move'))}): "
            f"it follows once {owner} answers it"
        )

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
            # The rules property's answer, without its call (every answer resumes here).
            rules = self._rules or self._rulesets.RULESETS.get(self.state.ruleset) or self.rules
            handler = rules.resume_for(step["point"])
            if handler is None:
                # Saved by a version of the package that resumed decisions differently.
                raise RuleViolation(
                    f"the pending step {step['point']!r} is unknown to this version; undo "
                    "takes it back"
                )
            handler(Step(self, step), list(step.get("keys", [])))
        else:
            raise RuleViolation(f"internal: unknown agenda step {kind!r}")
