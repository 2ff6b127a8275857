"""The tables the rules modules register their move handlers in, and the names they share.

Each rules module (classic, starforged, scene, assets) registers, per ruleset, an outcome
handler per move, a before-roll check and a no-roll effect, keyed by the move's short name
(``face_danger``); resume handlers answer a pending decision and are keyed ``move.point``.
The engine (:mod:`ironsworn.moves.engine`) looks them up here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ironsworn.moves.step import Step

JsonDict = dict[str, Any]
Handler = Callable[["Step"], None]

# Handlers registered by the rules modules, per ruleset ("classic", "starforged"): an outcome
# handler per move (keyed by the move's short name, e.g. "face_danger"), a before-roll check,
# a no-roll effect; resume handlers are keyed "move.point" across rulesets.
OUTCOME_HANDLERS: dict[str, dict[str, Handler]] = {}
BEFORE_ROLL: dict[str, dict[str, Handler]] = {}
NO_ROLL_HANDLERS: dict[str, dict[str, Handler]] = {}
RESUME_HANDLERS: dict[str, Callable[[Step, list[str]], None]] = {}
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
    # Delve's Locate Your Objective rolls the site's progress.
    "locate_your_objective": ("site",),
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
        handlers = table.setdefault(ruleset, {})
        _refuse_second(handlers.get(name), func, f"{ruleset} {name}")
        handlers[name] = func
        return func

    return register


def _refuse_second(current: Any, func: Any, what: str) -> None:
    """Two rules modules registering the same handler would silently drop the first one."""
    if current is not None and current is not func:
        raise RuntimeError(
            f"two handlers for {what}: {current.__module__}.{current.__qualname__} and "
            f"{func.__module__}.{func.__qualname__}"
        )


def on_outcome(name: str, ruleset: str = "classic") -> Callable[[Handler], Handler]:
    return _registrar(OUTCOME_HANDLERS, name, ruleset)  # type: ignore[no-any-return]


def before_roll(name: str, ruleset: str = "classic") -> Callable[[Handler], Handler]:
    return _registrar(BEFORE_ROLL, name, ruleset)  # type: ignore[no-any-return]


def no_roll(name: str, ruleset: str = "classic") -> Callable[[Handler], Handler]:
    return _registrar(NO_ROLL_HANDLERS, name, ruleset)  # type: ignore[no-any-return]


def on_resume(point: str) -> Callable[[Callable[[Step, list[str]], None]], Any]:
    def register(func: Callable[[Step, list[str]], None]) -> Callable[[Step, list[str]], None]:
        _refuse_second(RESUME_HANDLERS.get(point), func, point)
        RESUME_HANDLERS[point] = func
        return func

    return register


def handler_for(table: dict[str, dict[str, Handler]], move_id: str) -> Handler | None:
    return table.get(ruleset_name(move_id), {}).get(short_name(move_id))
