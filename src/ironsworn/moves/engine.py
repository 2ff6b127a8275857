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

Dice: every roll of the chain uses the engine's :class:`~ironsworn.dice.Dice`. With typed-in
dice that run out part-way, the whole call fails with a message and nothing changes.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ironsworn.campaign.state import CampaignState, CharacterState, TrackState
from ironsworn.dice import Dice, RandomDice
from ironsworn.errors import (
    InvalidValue,
    IronswornError,
    NotFound,
    OptionNeeded,
    RuleViolation,
)
from ironsworn.meters import change_meter
from ironsworn.momentum import change_momentum
from ironsworn.outcomes import Outcome
from ironsworn.progress import MAX_TICKS, TICKS_PER_BOX
from ironsworn.ranks import Rank
from ironsworn.rolls import ActionRoll, roll_action, roll_progress

if TYPE_CHECKING:
    from ironsworn.content.loader import Ruleset
    from ironsworn.content.model import Move

JsonDict = dict[str, Any]
Handler = Callable[["Step"], None]

# Handlers registered by the rules modules, per ruleset ("classic", "starforged"): an outcome
# handler per move (keyed by the move's short name, e.g. "face_danger"), a before-roll check,
# a no-roll effect; resume handlers are keyed "move.point" across rulesets.
OUTCOME_HANDLERS: dict[str, dict[str, Handler]] = {}
BEFORE_ROLL: dict[str, dict[str, Handler]] = {}
NO_ROLL_HANDLERS: dict[str, dict[str, Handler]] = {}
RESUME_HANDLERS: dict[str, Callable[[Step, list[str]], None]] = {}
# Set by the scene module: picks the scene-challenge handler when a move acts on a scene track.
SCENE_OUTCOME: Callable[[Step], Handler | None] | None = None
# Rules that differ by ruleset inside the engine's own changes, set by the rules modules:
# "momentum_overflow" (engine, character, overflow) pays a loss past -6; "supply" (engine,
# character, delta) applies a supply change. The classic rules are the engine's own.
RULESET_HOOKS: dict[str, dict[str, Callable[..., None]]] = {}
# The options each ruleset's moves read (the classic table is OPTION_MOVES below).
RULESET_OPTIONS: dict[str, dict[str, frozenset[str]]] = {}

STATS = ("edge", "heart", "iron", "shadow", "wits")
# The progress tracks a move's roll option names, as track kinds of the state.
PROGRESS_KINDS: dict[str, tuple[str, ...]] = {
    "vow": ("vow",),
    "journey": ("journey",),
    "fight": ("fight",),
    "combat": ("fight",),
    "expedition": ("expedition", "journey"),
    "scene_challenge": ("scene",),
    "connection": ("connection",),
}
METER_ROLLS = ("health", "spirit", "supply", "companion_health")
# Moves without a roll that asset abilities act on (Fated, Oathbreaker: a milestone's gain).
NO_ROLL_ASSET_MOVES = ("reach_a_milestone",)
# The moves asset abilities give (rituals...): ``asset.ability.move:classic/ritual/augur.0.augur``.
ASSET_MOVE_PREFIX = "asset.ability.move:"


def short_name(move_id: str) -> str:
    return move_id.rsplit("/", 1)[-1]


def ruleset_name(move_id: str) -> str:
    """``classic`` for ``move:classic/adventure/face_danger``."""
    return move_id.split(":", 1)[-1].split("/", 1)[0]


def _registrar(table: dict[str, dict[str, Handler]], name: str, ruleset: str) -> Any:
    def register(func: Handler) -> Handler:
        table.setdefault(ruleset, {})[name] = func
        return func

    return register


def on_outcome(name: str, ruleset: str = "classic") -> Callable[[Handler], Handler]:
    return _registrar(OUTCOME_HANDLERS, name, ruleset)  # type: ignore[no-any-return]


def before_roll(name: str, ruleset: str = "classic") -> Callable[[Handler], Handler]:
    return _registrar(BEFORE_ROLL, name, ruleset)  # type: ignore[no-any-return]


def no_roll(name: str, ruleset: str = "classic") -> Callable[[Handler], Handler]:
    return _registrar(NO_ROLL_HANDLERS, name, ruleset)  # type: ignore[no-any-return]


def on_resume(point: str) -> Callable[[Callable[[Step, list[str]], None]], Any]:
    def register(func: Callable[[Step, list[str]], None]) -> Callable[[Step, list[str]], None]:
        RESUME_HANDLERS[point] = func
        return func

    return register


def handler_for(table: dict[str, dict[str, Handler]], move_id: str) -> Handler | None:
    return table.get(ruleset_name(move_id), {}).get(short_name(move_id))


@dataclass
class MoveRecord:
    """One move made during an operation (the main move or a follow-on)."""

    move: str
    name: str
    character: str
    stat: str | None = None
    roll: JsonDict | None = None
    outcome: str | None = None
    text: str | None = None
    # Where the move starts among the operation's events (what it did before its roll comes
    # after its name when the operation is told in order); not part of the JSON.
    first_event: int | None = field(default=None, compare=False)
    assets: list[str] = field(default_factory=list)  # the asset abilities that acted

    def to_json(self) -> JsonDict:
        out: JsonDict = {
            "move": self.move,
            "name": self.name,
            "character": self.character,
            "stat": self.stat,
            "roll": self.roll,
            "outcome": self.outcome,
            "text": self.text,
        }
        if self.assets:
            out["assets"] = list(self.assets)
        return out


@dataclass
class OperationResult:
    """What one call did: the moves made, the events, and what is pending now."""

    kind: str
    character: str | None
    events: list[JsonDict] = field(default_factory=list)
    moves: list[MoveRecord] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    pending: JsonDict | None = None
    summary: str = ""

    @property
    def effects(self) -> list[JsonDict]:
        return [e for e in (effect_of(ev) for ev in self.events) if e is not None]

    def to_json(self) -> JsonDict:
        main = self.moves[0] if self.moves else None
        return {
            "move": main.move if main else None,
            "character": self.character,
            "roll": main.roll if main else None,
            "outcome": main.outcome if main else None,
            "text": main.text if main else None,
            "assets": list(main.assets) if main else [],
            "effects": self.effects,
            "pending": [public_pending(self.pending)] if self.pending else [],
            "chain": [m.to_json() for m in self.moves[1:]],
            "notes": list(self.notes),
        }


def public_pending(pending: JsonDict) -> JsonDict:
    """The pending decision as shown to the player (without the engine's resume data)."""
    return {k: v for k, v in pending.items() if k not in ("resume", "step")}


# How each state event is shown as an effect: a function from the event to its target name.
_TARGETS: dict[str, Callable[[JsonDict], str]] = {
    "meter": lambda e: {"experience_earned": "experience", "bond_ticks": "bonds"}.get(
        str(e["meter"]), str(e["meter"])
    ),
    "debility": lambda e: f"debility:{e['debility']}",
    "stat": lambda e: str(e["stat"]),
    "asset_reskin": lambda e: f"{e['asset']}:card",
    "impact": lambda e: f"impact:{e['impact']}",
    "legacy": lambda e: f"legacy:{e['track']}",
    "vehicle_meter": lambda e: "vehicle:integrity",
    "vehicle_impact": lambda e: f"vehicle:{e['impact']}",
    "track_field": lambda e: f"{e['track']}:{e['field']}",
    "initiative": lambda e: "initiative",
    "status": lambda e: "status",
    "asset_meter": lambda e: f"{e['asset']}:health",
    "asset_ability": lambda e: f"{e['asset']}:ability{int(e['ability']) + 1}",
    "asset_track": lambda e: f"{e['asset']}:{e['track']}",
    "progress": lambda e: f"{e['track']}:ticks",
    "rank": lambda e: f"{e['track']}:rank",
    "countdown": lambda e: f"{e['track']}:countdown",
    "track_closed": lambda e: f"{e['track']}:status",
}
# Events that add or remove something: shown as a from/to of its presence.
_PRESENCE: dict[str, tuple[bool, Callable[[JsonDict], str]]] = {
    "bond_added": (True, lambda e: f"bond:{e['bond']}"),
    "bond_removed": (False, lambda e: f"bond:{e['bond']}"),
    "asset_added": (True, lambda e: str(e["asset"]["id"])),
    "asset_removed": (False, lambda e: str(e["asset"])),
}


def effect_of(event: JsonDict) -> JsonDict | None:
    """The player-facing effect of a state event, or None for records and internal flags."""
    kind = str(event.get("type"))
    effect: JsonDict
    if kind == "legacy":
        before, after = event["from"], event["to"]
        effect = {
            "target": _TARGETS[kind](event),
            "from": int(before["ticks"]) + (40 if before.get("completed") else 0),
            "to": int(after["ticks"]) + (40 if after.get("completed") else 0),
        }
    elif kind in _TARGETS:
        effect = {"target": _TARGETS[kind](event), "from": event["from"], "to": event["to"]}
    elif kind in _PRESENCE:
        added, target = _PRESENCE[kind]
        effect = {"target": target(event), "from": not added, "to": added}
    elif kind == "track_created":
        track = event["track"]
        return {"target": track["id"], "from": None, "to": track["name"]}
    elif kind == "vehicle":
        before, after = event["from"], event["to"]
        return {
            "target": "vehicle",
            "from": before["name"] if before else None,
            "to": after["name"] if after else None,
        }
    elif kind == "truth":
        before, after = event["from"], event["to"]
        return {
            "target": str(event["truth"]),
            "from": before["key"] if before else None,
            "to": after["key"] if after else None,
        }
    else:
        return None
    if "character" in event:
        effect["character"] = event["character"]
    return effect


# The options of make_move that only some classic moves read (the rest refuse them, rather
# than silently ignore them).
OPTION_MOVES: dict[str, frozenset[str]] = {
    "amount": frozenset(
        {
            "endure_harm",
            "endure_stress",
            "companion_endure_harm",
            "strike",
            "clash",
            "end_the_fight",
            "face_a_setback",
            "out_of_supply",
        }
    ),
    "track": frozenset(
        {
            "undertake_a_journey",
            "reach_your_destination",
            "draw_the_circle",
            "enter_the_fray",
            "strike",
            "clash",
            "end_the_fight",
            "swear_an_iron_vow",
            "reach_a_milestone",
            "fulfill_your_vow",
            "forsake_your_vow",
            "face_danger",
            "secure_an_advantage",
        }
    ),
    "ally": frozenset({"aid_your_ally", "heal"}),
    "patient": frozenset({"heal"}),
    "abandon": frozenset({"test_your_bond"}),
    "companion": frozenset({"heal", "companion_endure_harm"}),
    "with": frozenset({"forge_a_bond", "test_your_bond", "sojourn", "undertake_a_journey"}),
    "ability": frozenset({"advance"}),
    "odds": frozenset({"ask_the_oracle"}),
    "raise": frozenset({"advance"}),
    "new_role": frozenset({"advance"}),
}
OPTION_FLAGS = {
    "with": "--with",
    "adds": "--add",
    "burn": "--burn/--no-burn",
    "as_role": "--as",
    "role_bonus": "--role-bonus",
    "new_role": "--new-role",
}


# Moves whose --with names a bond already on the sheet (a unique prefix is enough), and those
# of them that add +1 for it: Sojourn "roll +heart. If you share a bond, add +1" (seed 000
# L1876-1877); Undertake a Journey "If you are setting off from a community with which you
# share a bond, add +1 to your initial roll" (L1734-1736).
BOND_NAMED = frozenset({"sojourn", "undertake_a_journey", "test_your_bond"})
BOND_ADDS = frozenset(
    {"move:classic/adventure/undertake_a_journey", "move:classic/relationship/sojourn"}
)


def check_options(move: Move, options: dict[str, Any]) -> None:
    """Refuse an option the move would not use, naming the moves that do use it."""
    name = short_name(move.id)
    ruleset = ruleset_name(move.id)
    classic = ruleset == "classic"
    table = OPTION_MOVES if classic else RULESET_OPTIONS.get(ruleset, {})
    action = move.roll_type == "action_roll"
    for option, value in options.items():
        if value in (None, [], ()):
            continue
        flag = OPTION_FLAGS.get(option, f"--{option}")
        if option in ("as_role", "role_bonus") and not action:
            raise InvalidValue(
                f"{flag} does not apply to {move.name}: a role contributes to a move that is "
                "not a progress move and makes an action roll (seed 000 L5328-5331)"
            )
        if option in ("stat", "adds", "burn", "reroll", "bond"):
            if not action:
                raise InvalidValue(f"{flag} does not apply to {move.name}: it makes no action roll")
            continue
        if option == "asset":
            if move.roll_type == "no_roll" and name not in ("advance", *NO_ROLL_ASSET_MOVES):
                raise InvalidValue(f"--asset does not apply to {move.name}: it makes no roll")
            continue
        if option == "track" and move.roll_type in ("progress_roll",) and not classic:
            continue  # a Starforged progress move rolls against the track it is given
        users = table.get(option) if table else OPTION_MOVES.get(option)
        if users is None:
            continue
        if not table or name not in users:
            accepted = ", ".join(sorted(u.replace("_", " ") for u in users))
            raise InvalidValue(f"{flag} does not apply to {move.name} (it is for: {accepted})")


def _summary(records: list[MoveRecord], events: list[JsonDict]) -> str:
    """One line for the log: the moves made, else the choice, else the first effects."""
    parts = [r.name + (f" ({r.outcome.replace('_', ' ')})" if r.outcome else "") for r in records]
    chosen = [e for e in events if e.get("type") == "choice"]
    if chosen:
        parts.insert(0, "chose " + ", ".join(k.replace("_", " ") for k in chosen[0]["keys"]))
    if not parts:
        effects = [e for e in (effect_of(ev) for ev in events) if e is not None]
        parts = [
            f"{e['target']}: {e['to']}"
            if e["from"] is None
            else f"{e['target']} {e['from']} -> {e['to']}"
            for e in effects[:3]
        ]
    return ", ".join(parts)


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


class Step:
    """The context a rules handler works with: one step of the agenda for one character."""

    def __init__(self, engine: MoveEngine, data: JsonDict) -> None:
        self.engine = engine
        self.data = data

    # --- what the step is about ------------------------------------------------------------

    @property
    def state(self) -> CampaignState:
        return self.engine.state

    @property
    def char(self) -> CharacterState:
        return self.state.character(self.data["character"])

    @property
    def name(self) -> str:
        return str(self.data["character"])

    @property
    def move(self) -> Move:
        return self.engine.ruleset.any_move(self.data["move"])

    @property
    def outcome(self) -> Outcome:
        return Outcome(self.data["outcome"])

    @property
    def roll(self) -> JsonDict:
        roll: JsonDict = self.data["roll"]
        return roll

    @property
    def amount(self) -> int | None:
        value = self.data.get("amount")
        return None if value is None else int(value)

    def track(self, kinds: tuple[str, ...]) -> TrackState:
        return self.state.tracks[self.data["track"]] if self.data.get("track") else _missing(kinds)

    # --- effects ---------------------------------------------------------------------------

    def emit(self, event: JsonDict) -> None:
        self.engine.emit(event)

    def note(self, text: str) -> None:
        self.engine.note(text)

    def momentum(self, delta: int, who: str | None = None) -> None:
        self.engine.momentum(who or self.name, delta)

    def meter(self, meter: str, delta: int, who: str | None = None) -> int:
        return self.engine.meter(who or self.name, meter, delta)

    def supply(self, delta: int) -> None:
        self.engine.supply(self.name, delta)

    def initiative(self, value: bool, who: str | None = None) -> None:
        self.engine.set_initiative(who or self.name, value)

    def flag(self, flag: str, value: Any, who: str | None = None) -> None:
        self.engine.set_flag(who or self.name, flag, value)

    def debility(self, debility: str, value: bool, who: str | None = None) -> None:
        self.engine.set_debility(who or self.name, debility, value)

    def mark_progress(self, track: TrackState, times: int = 1) -> None:
        self.engine.mark_progress(track, times)

    def follow(self, move: str, **args: Any) -> None:
        """Queue a follow-on move (made right after the current step)."""
        self.engine.follow(self.name, move, **args)

    def pay_the_price(self) -> None:
        # "If you rolled a match on a move ... and the outcome of that move tells you to Pay
        # the Price, you can consider rolling on the table" (seed 000 L2716-2719).
        roll = self.data.get("roll")
        after_match = isinstance(roll, dict) and bool(roll.get("match"))
        self.follow("pay_the_price", **({"after_match": True} if after_match else {}))

    def choose(
        self,
        point: str,
        options: Sequence[tuple[str, str]],
        count: int = 1,
        minimum: int | None = None,
        prompt: str | None = None,
        who: str | None = None,
        **context: Any,
    ) -> None:
        """Ask the player to choose; ``point`` names the resume handler."""
        self.engine.ask(
            {
                "kind": "choose",
                "character": who or self.name,
                "move": self.data.get("move"),
                "prompt": prompt or "choose",
                "options": [{"key": k, "text": t} for k, t in options],
                "count": count,
                "min": count if minimum is None else minimum,
                "resume": {**self.data, "point": point, "context": context},
            }
        )

    def options_of(self, list_name: str, exclude: Iterable[str] = ()) -> list[tuple[str, str]]:
        skip = set(exclude)
        choices = self.move.choices[list_name]
        return [(o.key, o.text) for o in choices.options if o.key not in skip]


def _missing(kinds: tuple[str, ...]) -> TrackState:
    raise InvalidValue(f"this move needs a {'/'.join(kinds)} track: give --track")


class MoveEngine:
    """Makes moves and answers decisions on a :class:`CampaignState` (changed in place)."""

    def __init__(
        self,
        state: CampaignState,
        ruleset: Ruleset | None = None,
        dice: Dice | None = None,
    ) -> None:
        # The rules handlers register themselves on import.
        from ironsworn.moves import classic, oppose, scene, starforged  # noqa: F401
        from ironsworn.moves.assets import handlers as asset_handlers

        asset_handlers.install()

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
        self.agenda: list[JsonDict] = copy.deepcopy(self.state.agenda)
        self.pending: JsonDict | None = copy.deepcopy(self.state.pending)
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
            if self.pending is not None:
                raise RuleViolation(
                    f"a decision is pending ({self.pending.get('prompt')}): answer it with "
                    "choose, burn or decline first"
                )
            found = self.find_move(move)
            char = self.state.character(character)
            if char.status != "active":
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
            if extra.get("with") and short_name(found.id) in BOND_NAMED:
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
                    "not asked for: --choose "
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
                raise missing from None
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
                f"moves of 'ironsworn move list --ruleset {ruleset}')"
            )
        return found

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

    def choose(self, keys: Sequence[str], *, burn: bool | None = None) -> OperationResult:
        """Answer the pending "choose" decision with option keys."""

        def run() -> None:
            pending = self._need_pending("choose")
            self.auto_burn = burn
            self._answer(pending, list(keys))
            self._run()

        return self.operation("choice", self._pending_character(), run)

    def burn(self) -> OperationResult:
        """Burn momentum on the roll waiting for that decision."""

        def run() -> None:
            pending = self._need_pending("burn")
            self._do_burn(pending, True)
            self._run()

        return self.operation("burn", self._pending_character(), run)

    def decline(self) -> OperationResult:
        """Decline the pending decision: no burn, or none of an optional list."""

        def run() -> None:
            pending = self._need_pending(None)
            if pending["kind"] == "burn":
                self._do_burn(pending, False)
            else:
                if int(pending.get("min", 1)) > 0:
                    raise RuleViolation(
                        f"this decision cannot be declined: choose {pending['min']} of "
                        + ", ".join(o["key"] for o in pending["options"])
                    )
                self._answer(pending, [])
            self._run()

        return self.operation("decline", self._pending_character(), run)

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
        summary = _summary(self.records, self.events)
        return OperationResult(
            kind=kind,
            character=who,
            events=self.events,
            moves=self.records,
            notes=self.notes,
            pending=self.pending,
            summary=summary or kind,
        )

    def _finish(self) -> None:
        if self.agenda != self.state.agenda:
            self.emit({"type": "agenda", "from": self.state.agenda, "to": self.agenda})
        if self.pending != self.state.pending:
            self.emit({"type": "pending", "from": self.state.pending, "to": self.pending})

    def _pending_character(self) -> str | None:
        pending = self.state.pending
        return None if pending is None else pending.get("character")

    def _need_pending(self, kind: str | None) -> JsonDict:
        if self.pending is None:
            raise RuleViolation("there is no pending decision")
        if kind is not None and self.pending["kind"] != kind:
            raise RuleViolation(
                f"the pending decision is a {self.pending['kind']}, not a {kind}: "
                f"{self.pending.get('prompt')}"
            )
        return self.pending

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

    def _move_id(self, short: str) -> str:
        prefix = f"move:{self.state.ruleset}/"
        for move_id in self.ruleset.moves:
            if move_id.startswith(prefix) and short_name(move_id) == short:
                return move_id
        raise NotFound(f"move {short!r} is unknown")

    def ask(self, decision: JsonDict) -> None:
        if self.pending is not None:
            raise RuleViolation("internal: a second decision while one is pending")
        self.pending = decision

    def _try_auto_answer(self) -> None:
        pending = self.pending
        if pending is None:
            return
        if pending["kind"] == "burn":
            if self.auto_burn is not None:
                self._do_burn(pending, self.auto_burn)
            return
        offered = {o["key"] for o in pending["options"]}
        taken: list[str] = []
        while self.answers and self.answers[0] in offered and len(taken) < pending["count"]:
            taken.append(self.answers.pop(0))
        if taken and len(taken) >= int(pending.get("min", 1)):
            self._answer(pending, taken)

    def _answer(self, pending: JsonDict, keys: list[str]) -> None:
        offered = [o["key"] for o in pending["options"]]
        for key in keys:
            if key not in offered:
                raise InvalidValue(
                    f"option {key!r} is not offered (accepted: {', '.join(offered)})"
                )
        if len(set(keys)) != len(keys):
            raise InvalidValue(f"each option can be chosen only once: {' '.join(keys)}")
        low, high = int(pending.get("min", 1)), int(pending["count"])
        if not low <= len(keys) <= high:
            want = str(high) if low == high else f"{low} to {high}"
            raise InvalidValue(
                f"{len(keys)} option(s) chosen; choose {want} of: {', '.join(offered)}"
            )
        self.pending = None
        self.emit(
            {
                "type": "choice",
                "character": pending.get("character"),
                "move": pending.get("move"),
                "point": pending["resume"].get("point"),
                "keys": keys,
            }
        )
        resume = dict(pending["resume"])
        resume["step"] = "resume"
        resume["keys"] = keys
        self.agenda.insert(0, resume)

    def _do_burn(self, pending: JsonDict, burn: bool) -> None:
        self.pending = None
        step = dict(pending["step"])
        if burn:
            roll = ActionRoll.from_json(step["roll"]).burn()
            char = self.state.character(step["character"])
            self.emit(
                {
                    "type": "burn",
                    "character": char.name,
                    "from": char.momentum,
                    "to": char.momentum_reset,
                }
            )
            self.set_meter(char.name, "momentum", char.momentum_reset)
            step["roll"] = roll.to_json(char.momentum_reset)
            step["outcome"] = roll.outcome.value
            self.update_record(step)
        self.agenda.insert(0, step)

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
        before = handler_for(BEFORE_ROLL, move.id)
        if before is None and move.id.startswith(ASSET_MOVE_PREFIX):
            from ironsworn.moves.assets.handlers import asset_move_before

            before = asset_move_before
        if before is not None:
            before(ctx)  # verifies (raises before anything is rolled) and prepares
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
            adds = self._adds_for(ctx, move, char) + asset_add
            roll_a = roll_action(self.dice, value, min(10, adds), char.momentum, self.even_matches)
            record.stat = stat_name
            record.roll = roll_a.to_json(char.momentum_reset)
            record.outcome = roll_a.outcome.value
        record.text = self._outcome_text(
            move.id, Outcome(record.outcome), bool(record.roll and record.roll["match"])
        )
        self.records.append(record)
        self.emit({"type": "roll", "character": char.name, "move": move.id, "roll": record.roll})
        outcome_step = {
            **step,
            "step": "outcome",
            "roll": record.roll,
            "outcome": record.outcome,
            "stat": record.stat,
        }
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
        """Offer a burn when it would improve the roll, else go on to the outcome."""
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

    # --- rolls -----------------------------------------------------------------------------

    def _stat_for(self, ctx: Step, move: Move, char: CharacterState) -> tuple[str, int]:
        """The stat a move rolls: --stat, or the one the move's rule picks.

        Where a rule picks "whichever is higher/lower" (Endure Harm, Endure Stress; Heal when
        "mending your own wounds, roll +wits or +iron, whichever is lower", L1681-1682), --stat
        cannot get around it: it may only name the stat the rule picks (or one tied with it)
        where the move also has a single-stat roll (Heal), and is refused otherwise. A move
        with both kinds applies the rule when its handler says the situation is the rule's
        (``self_heal``, set by the classic Heal), or when no --stat is given; otherwise --stat
        picks one of its single-stat rolls (Starforged Heal's +heart for a companion).
        """
        wanted = ctx.data.get("stat")
        key = str(wanted or "").strip().lower().replace(" ", "_")
        options = move.roll_options
        picked = [o for o in options if o.method in ("highest", "lowest")]
        singles = [o for o in options if len(o.using) == 1]
        situation = ctx.data.get("self_heal")
        if picked and (not singles or situation or (situation is None and not wanted)):
            option = picked[0]
            values = [(self._value(ctx, char, u), u) for u in option.using]
            value, stat = max(values) if option.method == "highest" else min(values)
            if not wanted:
                return stat, value
            # Naming the stat the rule picks anyway is fine where the move has a stat to name.
            tied = [u for v, u in values if v == value] if singles else []
            if key in tied:
                return key, value
            shown = ", ".join(f"{u} {v}" for v, u in sorted(values, key=lambda x: x[1]))
            accepted = f"{' or '.join(tied)}, or " if tied else ""
            when = f" {option.text}" if singles else ""
            raise InvalidValue(
                f"{move.name} rolls the {option.method} of {' or '.join(option.using)}{when} "
                f"({shown}); --stat {wanted!r} cannot be chosen (accepted: {accepted}no --stat)"
            )
        if wanted:
            for option in singles:
                if option.using == (key,):
                    return key, self._value(ctx, char, key)
            allowed = sorted({o.using[0] for o in singles})
            raise InvalidValue(
                f"--stat {wanted!r} is not allowed for {move.name} (accepted: {', '.join(allowed)})"
            )
        if len(singles) == 1:
            return singles[0].using[0], self._value(ctx, char, singles[0].using[0])
        allowed = [o.using[0] for o in singles]
        raise OptionNeeded(
            f"{move.name} needs --stat (accepted: {', '.join(allowed)})",
            "stat",
            tuple(
                (
                    o.using[0],
                    f"+{o.using[0]} {self._value(ctx, char, o.using[0])}: {o.text}".rstrip(": "),
                )
                for o in singles
            ),
        )

    def _value(self, ctx: Step, char: CharacterState, name: str) -> int:
        if name == "custom" and ctx.data.get("custom_value") is not None:
            return int(ctx.data["custom_value"])  # set by the move (Develop Your Relationship)
        if name == "vehicle_integrity":
            if self.state.vehicle is None:
                raise InvalidValue("there is no command vehicle: create one with 'vehicle new'")
            return int(self.state.vehicle["integrity"])
        if name == "companion_health" and ctx.data.get("companion"):
            asset = char.asset(str(ctx.data["companion"]))
            return int(asset["meter"]["value"])
        return char.value(name)

    def _adds_for(self, ctx: Step, move: Move, char: CharacterState) -> int:
        total = sum(int(a) for a in ctx.data.get("adds") or [])
        if any(int(a) < 0 for a in ctx.data.get("adds") or []):
            raise InvalidValue("adds must be 0 or more")
        if ctx.data.get("bond"):
            if not move.adds:
                raise InvalidValue(f"{move.name} grants no +1 for a bond")
            total += move.adds[0].value
        total += int(ctx.data.get("bonus", 0))
        from ironsworn.moves.roles import role_add

        total += role_add(ctx)  # a role instead of assets: +2, or +1 (and +1 momentum)
        if ctx.data.get("turn_the_tide"):
            total += 1
        return total

    def _progress_score(self, ctx: Step, move: Move) -> int:
        name = short_name(move.id)
        char = ctx.char
        using = move.rolls[0] if move.rolls else ""
        if char.starforged and (using == "bonds" or using.endswith("_legacy")):
            # Overcome Destruction rolls the bonds legacy track (Earn Experience: a completed
            # track counts as 10).
            return char.legacy_score(using.removesuffix("_legacy"))
        if name == "write_your_epilogue" or using == "bonds":
            return min(10, char.bond_ticks // TICKS_PER_BOX)
        kinds = PROGRESS_KINDS.get(using, ("vow", "journey", "fight", "scene", "connection"))
        return self.resolve_track(ctx, kinds).score

    # --- tracks ----------------------------------------------------------------------------

    def resolve_track(self, ctx: Step, kinds: tuple[str, ...]) -> TrackState:
        """The track a move acts on: --track, or the character's only active one of the kinds."""
        query = ctx.data.get("track")
        if query:
            track = self.state.track(str(query), kinds)
        else:
            mine = [
                t
                for t in self.state.tracks.values()
                if t.kind in kinds and t.status == "active" and ctx.name in t.characters
            ]
            if len(mine) != 1:
                what = "/".join(kinds)
                if not mine:
                    raise InvalidValue(f"{ctx.name} has no active {what} track: create one first")
                raise OptionNeeded(
                    f"{ctx.name} has several {what} tracks; name one with --track (accepted: "
                    + ", ".join(t.id for t in mine)
                    + ")",
                    "track",
                    tuple((t.id, f"{t.name} ({t.rank} {t.kind}, score {t.score})") for t in mine),
                )
            track = mine[0]
        if track.status != "active":
            raise RuleViolation(f"track {track.id} ({track.name}) is {track.status}")
        ctx.data["track"] = track.id
        return track

    def fights_of(self, name: str) -> list[TrackState]:
        return [
            t
            for t in self.state.tracks.values()
            if t.kind == "fight" and t.status == "active" and name in t.characters
        ]

    def mark_progress(self, track: TrackState, times: int = 1) -> None:
        per = Rank.parse(track.rank).ticks_per_mark
        self.set_ticks(track, track.ticks + per * times)

    def set_ticks(self, track: TrackState, ticks: int) -> None:
        ticks = max(0, min(MAX_TICKS, ticks))
        if ticks != track.ticks:
            self.emit({"type": "progress", "track": track.id, "from": track.ticks, "to": ticks})

    def close_track(self, track: TrackState, status: str) -> None:
        if track.status != status:
            self.emit(
                {"type": "track_closed", "track": track.id, "from": track.status, "to": status}
            )

    # --- primitive changes (each one an event) ---------------------------------------------

    def emit(self, event: JsonDict) -> None:
        self.state.apply(event)
        self.events.append(event)

    def note(self, text: str) -> None:
        self.notes.append(text)
        self.events.append({"type": "note", "text": text})

    def set_meter(self, name: str, meter: str, value: int) -> None:
        char = self.state.character(name)
        current = int(getattr(char, meter))
        if value != current:
            self.emit(
                {
                    "type": "meter",
                    "character": char.name,
                    "meter": meter,
                    "from": current,
                    "to": value,
                }
            )

    def set_flag(self, name: str, flag: str, value: Any) -> None:
        char = self.state.character(name)
        if char.flags.get(flag) != value:
            self.emit(
                {
                    "type": "flag",
                    "character": char.name,
                    "flag": flag,
                    "from": char.flags.get(flag),
                    "to": value,
                }
            )

    def set_initiative(self, name: str, value: bool) -> None:
        char = self.state.character(name)
        if char.initiative != value:
            self.emit(
                {"type": "initiative", "character": char.name, "from": char.initiative, "to": value}
            )

    def set_debility(self, name: str, debility: str, value: bool) -> None:
        char = self.state.character(name)
        if char.has(debility) == value:
            return
        self.emit(
            {
                "type": "debility",
                "character": char.name,
                "debility": debility,
                "from": not value,
                "to": value,
            }
        )
        # A debility lowers max momentum at once (ENGINE CHOICE: clamp momentum down to it).
        if char.momentum > char.momentum_max:
            self.set_meter(char.name, "momentum", char.momentum_max)

    def momentum(self, name: str, delta: int) -> None:
        """Gain or lose momentum; a loss past -6 makes you Face a Setback for the rest."""
        char = self.state.character(name)
        change = change_momentum(char.momentum, delta, char.impact_count)
        self.set_meter(char.name, "momentum", change.after)
        if change.blocked:
            self.note(
                f"{char.name}: +{change.blocked} momentum not taken (max {char.momentum_max:+d})"
            )
        hook = RULESET_HOOKS.get(self.state.ruleset, {}).get("momentum_overflow")
        if change.overflow and hook is not None:
            hook(self, char.name, change.overflow)
        elif change.overflow:
            self.note(f"{char.name}: momentum is at -6; Face a Setback for {change.overflow}")
            self._front.append(
                {
                    "step": "move",
                    "move": self._move_id("face_a_setback"),
                    "character": char.name,
                    "amount": change.overflow,
                }
            )

    def meter(self, name: str, meter: str, delta: int) -> int:
        """Change health or spirit (supply goes through :meth:`supply`); return the overflow.

        A gain blocked by a condition is reported in the notes, never silently dropped.
        """
        if meter == "supply":
            self.supply(name, delta)
            return 0
        if meter == "momentum":
            self.momentum(name, delta)
            return 0
        char = self.state.character(name)
        change = change_meter(meter, int(getattr(char, meter)), delta, char.blocked_by(meter))
        self.set_meter(char.name, meter, change.after)
        if change.blocked and change.blocked_by:
            self.note(f"{char.name}: +{change.blocked} {meter} blocked ({change.blocked_by})")
        elif change.blocked:
            self.note(f"{char.name}: +{change.blocked} {meter} not taken (already at +5)")
        return change.overflow

    def supply(self, name: str, delta: int) -> None:
        """Supply is shared by the party: a change applies to each of them (rulebook p. 35)."""
        hook = RULESET_HOOKS.get(self.state.ruleset, {}).get("supply")
        if hook is not None:
            hook(self, name, delta)
            return
        party = self.state.party(name)
        if delta < 0 and any(c.has("unprepared") for c in party):
            # Out of Supply: further -supply is paid as -health, -spirit or -momentum.
            self._front.append(
                {
                    "step": "move",
                    "move": self._move_id("out_of_supply"),
                    "character": name,
                    "amount": -delta,
                }
            )
            return
        reached_zero, overflow = False, 0
        for char in party:
            change = change_meter("supply", char.supply, delta, char.blocked_by("supply"))
            self.set_meter(char.name, "supply", change.after)
            if change.blocked and change.blocked_by:
                self.note(f"{char.name}: +{change.blocked} supply blocked (unprepared)")
            if delta < 0 and change.after == 0:
                reached_zero = True
                # ENGINE CHOICE (spec §6.5): the part of a loss that 0 could not absorb is
                # paid like any further -supply while unprepared.
                overflow = max(overflow, change.overflow)
        if reached_zero:
            self._front.append(
                {
                    "step": "move",
                    "move": self._move_id("out_of_supply"),
                    "character": name,
                    "amount": overflow,
                }
            )

    def companion_meter(self, name: str, asset_id: str, delta: int) -> int:
        char = self.state.character(name)
        asset = next(a for a in char.assets if a["id"] == asset_id)
        meter = asset["meter"]
        change = change_meter("health", int(meter["value"]), delta, None, int(meter["max"]))
        if change.after != meter["value"]:
            self.emit(
                {
                    "type": "asset_meter",
                    "character": char.name,
                    "asset": asset_id,
                    "from": meter["value"],
                    "to": change.after,
                }
            )
        return change.overflow


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
