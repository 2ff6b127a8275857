"""The rules of each ruleset the engine plays: one :class:`Rules` object per ruleset.

A campaign plays one ruleset (classic or Starforged). Its :class:`Rules` holds everything the
engine does differently for it: the move handlers of its packs of moves (classic and the Delve
expansion; Starforged), the resume handlers that answer its decisions, the hooks that change
the engine's own bookkeeping (Starforged pays momentum lost past -6 and supply its own way),
the options each of its moves reads, and the scene-challenge outcome of classic's chapter 7.
The :class:`~ironsworn.moves.engine.MoveEngine` is given one (by default the campaign's own,
:func:`rules_for`) and reads nothing else.

The objects are built once, when this module is imported: the rules modules register their
handlers on import (:mod:`ironsworn.moves.registry`), the asset abilities that add to a move's
own handler are composed with it here (Berserker's pain and the camp extras after a choice,
allies' shares of Make Camp around it, Slayer's trophy after End the Fight), and the registry is
sealed. Every table of a :class:`Rules` is a read-only mapping: nothing re-wraps a handler at
run time, so engines of both rulesets can play in threads side by side.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING

from ironsworn.moves import classic, delve, oppose, registry, scene, starforged  # noqa: F401 (register)
from ironsworn.moves.assets import allies, lasting
from ironsworn.moves.assets import handlers as asset_handlers
from ironsworn.moves.delve import sites as delve_sites
from ironsworn.moves.delve.failure import mark_failure_on_miss
from ironsworn.moves.move_options import OPTION_MOVES
from ironsworn.moves.registry import (
    ASSET_MOVE_PREFIX,
    Handler,
    Resume,
    ruleset_name,
    short_name,
)
from ironsworn.moves.roll_inputs import stats_named
from ironsworn.moves.starforged import _common as starforged_rules

if TYPE_CHECKING:
    from ironsworn.content.loader import Ruleset
    from ironsworn.content.model import Move
    from ironsworn.moves.engine import MoveEngine
    from ironsworn.moves.step import Step

# What a hook is given: the engine making the change, the character's name and the amount.
Hook = Callable[["MoveEngine", str, int], None]
Table = Mapping[str, Mapping[str, Handler]]


@dataclass(frozen=True, eq=False, slots=True)
class MovePlan:
    """What the engine needs of one move, worked out once per ruleset and content: the move,
    its short name, the handlers it runs (the ruleset's own, else an asset move's generic
    ones) and the option table it reads. The engine looks these up on every step of a move;
    a plan is one lookup (:meth:`Rules.plan`)."""

    move: Move
    short: str
    before: Handler | None  # the before-roll check (refuses before any die is rolled)
    no_roll: Handler | None  # the handler of a move made without a roll
    outcome: Handler | None  # the outcome handler (a scene challenge's comes first: classic)
    options: Mapping[str, frozenset[str]]  # which moves of its pack read each option
    progress: bool  # rolls against progress (a progress roll or a special track)
    # The rules' scene-challenge outcome, tried before the move's own (classic's chapter 7),
    # and whether it can act on this move at all (else it is not tried).
    scene: Callable[[Step], Handler | None] | None = None
    scene_acts: bool = False
    # Whether any card of the content acts on this move when an ally makes it (Loyalist 2,
    # Long-Arm 3): when none does, nobody's allies are looked at (allies.any_card_acts).
    ally_cards: bool = False
    # The ids of those cards: when no one but the mover holds one, no ally's card acts.
    ally_card_ids: frozenset[str] = frozenset()
    # Whether any card of the content acts as this move starts (``before_move``: Shield-Bearer
    # 3, Animal Kin 2): when none does, nobody's cards are looked at then.
    before_cards: bool = False
    # The sets of options found allowed for this move (which of make_move's own are given,
    # then the names of the others): the check depends on nothing else, so each set is
    # checked once.
    allowed: set[tuple[object, ...]] = field(default_factory=set)
    # What a miss calls for besides the move's own handler: Delve's Mark Your Failure (which
    # acts only when the pack is in play), found here once instead of imported on every miss.
    on_miss: Callable[[Step, Move], None] | None = None
    # The stat each ``stat`` input (None: none given) rolls whatever the sheet holds, where
    # the move's rule does not pick one (roll_inputs.stats_named); another goes through
    # the engine's _stat_for.
    stats: Mapping[str | None, str] = field(default_factory=dict)


@dataclass(frozen=True, eq=False)
class Rules:
    """One ruleset's rules, as the engine plays them (read-only; see the module docstring).

    ``packs`` are the packs of moves whose handlers it holds (``classic`` and ``delve``); each
    table is keyed by pack, then by the move's short name. ``options`` says, per pack, which
    moves read each option of a move (``{"amount": {"endure_harm", ...}}``).
    """

    name: str
    packs: frozenset[str]
    outcome: Table
    before: Table
    no_roll: Table
    resume: Mapping[str, Resume]
    options: Mapping[str, Mapping[str, frozenset[str]]]
    # Starforged: a loss past -6 momentum is paid with another suffer move or a setback; supply
    # is the shared supply track. None: the engine's own classic bookkeeping.
    momentum_overflow: Hook | None = None
    supply: Hook | None = None
    # Classic chapter 7: Face Danger / Secure an Advantage acting on a scene challenge, and
    # which moves it can act on (the plans of the others leave it out).
    scene_outcome: Callable[[Step], Handler | None] | None = None
    scene_moves: Callable[[str], bool] | None = None

    def outcome_for(self, move_id: str) -> Handler | None:
        return self.outcome.get(ruleset_name(move_id), {}).get(short_name(move_id))

    def before_for(self, move_id: str) -> Handler | None:
        return self.before.get(ruleset_name(move_id), {}).get(short_name(move_id))

    def no_roll_for(self, move_id: str) -> Handler | None:
        return self.no_roll.get(ruleset_name(move_id), {}).get(short_name(move_id))

    def resume_for(self, point: str) -> Resume | None:
        return self.resume.get(point)

    def options_for(self, move_id: str) -> Mapping[str, frozenset[str]]:
        """Which moves of ``move_id``'s pack read each option (empty: a pack without a table,
        whose moves read none of the options the ruleset's own table names)."""
        return self.options.get(ruleset_name(move_id), {})

    def plan(self, content: Ruleset, move_id: str) -> MovePlan:
        """The plan of the move ``move_id`` of ``content`` (a move of the ruleset or one an
        asset gives), kept with the content: neither the content nor these rules change once
        loaded. An unknown id raises KeyError, as the content's own lookup does."""
        plans: dict[tuple[str, str], MovePlan] = content.memo("move_plans")
        key = (self.name, move_id)
        found = plans.get(key)
        if found is None:
            found = plans[key] = self._plan(content.any_move(move_id), content)
        return found

    def _plan(self, move: Move, content: Ruleset) -> MovePlan:
        before, outcome = self.before_for(move.id), self.outcome_for(move.id)
        if move.id.startswith(ASSET_MOVE_PREFIX):
            # A move an asset gives (a ritual): the generic checks and outcome of asset moves.
            before = before or asset_handlers.asset_move_before
            outcome = outcome or asset_handlers.asset_move_outcome
        return MovePlan(
            move=move,
            short=short_name(move.id),
            before=before,
            no_roll=self.no_roll_for(move.id),
            outcome=outcome,
            options=self.options_for(move.id),
            progress=move.roll_type in ("progress_roll", "special_track"),
            scene=self.scene_outcome,
            ally_cards=allies.any_card_acts(content, "ally_move", move),
            ally_card_ids=allies.cards_acting(content, "ally_move", move),
            before_cards=allies.any_card_acts(content, "before_move", move),
            scene_acts=self.scene_outcome is not None
            and (self.scene_moves is None or self.scene_moves(move.id)),
            on_miss=mark_failure_on_miss,
            stats=MappingProxyType(stats_named(move)),
        )

    def __repr__(self) -> str:
        return f"<Rules {self.name}>"


def _then(first: Handler, extra: Handler) -> Handler:
    def both(ctx: Step) -> None:
        first(ctx)
        extra(ctx)

    return both


def _then_resume(first: Resume, extra: Resume) -> Resume:
    def both(ctx: Step, keys: list[str]) -> None:
        first(ctx, keys)
        extra(ctx, keys)

    return both


def _frozen(table: Mapping[str, Mapping[str, Handler]], packs: frozenset[str]) -> Table:
    return MappingProxyType(
        {pack: MappingProxyType(dict(table.get(pack, {}))) for pack in sorted(packs)}
    )


def _resume_handlers() -> Mapping[str, Resume]:
    """The resume handlers, with the asset extras composed onto the moves' own choices: the
    extras after the choice (AFTER_CHOICE), then the allies' shares around both."""
    resume = dict(registry.RESUME_HANDLERS)
    for point, extra in asset_handlers.AFTER_CHOICE.items():
        resume[point] = _then_resume(resume[point], extra)
    for point, wrap in allies.RESUME_WRAPS.items():
        resume[point] = wrap(resume[point])
    return MappingProxyType(resume)


def _classic_outcomes() -> dict[str, dict[str, Handler]]:
    tables = {pack: dict(handlers) for pack, handlers in registry.OUTCOME_HANDLERS.items()}
    own = tables["classic"]
    own["make_camp"] = allies.camp_outcome(own["make_camp"])  # Wildblood 3's extra option
    own["end_the_fight"] = _then(own["end_the_fight"], lasting.offer_trophy)  # Slayer 3
    return tables


_RESUME = _resume_handlers()
_CLASSIC_PACKS = frozenset({"classic", "delve"})
_STARFORGED_PACKS = frozenset({"starforged"})

CLASSIC = Rules(
    name="classic",
    packs=_CLASSIC_PACKS,
    outcome=_frozen(_classic_outcomes(), _CLASSIC_PACKS),
    before=_frozen(registry.BEFORE_ROLL, _CLASSIC_PACKS),
    no_roll=_frozen(registry.NO_ROLL_HANDLERS, _CLASSIC_PACKS),
    resume=_RESUME,
    options=MappingProxyType(
        {
            "classic": MappingProxyType(dict(OPTION_MOVES)),
            # Delve's moves read classic's options, and a site's or threat's track besides.
            "delve": MappingProxyType(
                {**OPTION_MOVES, "track": OPTION_MOVES["track"] | delve_sites.TRACK_MOVES}
            ),
        }
    ),
    scene_outcome=scene.pick,
    scene_moves=scene.acts_on,
)
STARFORGED = Rules(
    name="starforged",
    packs=_STARFORGED_PACKS,
    outcome=_frozen(registry.OUTCOME_HANDLERS, _STARFORGED_PACKS),
    before=_frozen(registry.BEFORE_ROLL, _STARFORGED_PACKS),
    no_roll=_frozen(registry.NO_ROLL_HANDLERS, _STARFORGED_PACKS),
    resume=_RESUME,
    options=MappingProxyType({"starforged": MappingProxyType(dict(starforged_rules.OPTIONS))}),
    momentum_overflow=starforged_rules.momentum_overflow,
    supply=starforged_rules.supply,
)
RULESETS: Mapping[str, Rules] = MappingProxyType({r.name: r for r in (CLASSIC, STARFORGED)})
registry.seal()


def rules_for(ruleset: str) -> Rules:
    """The rules of ``ruleset`` (a campaign's ``state.ruleset``)."""
    found = RULESETS.get(ruleset)
    if found is None:
        from ironsworn.errors import InvalidValue

        raise InvalidValue(input="ruleset", value=ruleset, accepted=sorted(RULESETS))
    return found


def option_table(move_id: str) -> Mapping[str, frozenset[str]]:
    """Which moves read each option, for the pack of ``move_id`` (whichever ruleset holds it)."""
    pack = ruleset_name(move_id)
    for rules in RULESETS.values():
        if pack in rules.packs:
            return rules.options_for(move_id)
    return {}
