"""Where the rules modules register their move handlers at import, and the names they share.

Each rules module (classic, delve, starforged, oppose, assets) registers, per pack of moves, an
outcome handler per move, a before-roll check and a no-roll effect, keyed by the move's short
name (``face_danger``); resume handlers answer a pending decision and are keyed ``move.point``.
Registration happens once, when the modules are imported: :mod:`ironsworn.moves.rulesets`
imports them all, builds one read-only :class:`~ironsworn.moves.rulesets.Rules` object per
ruleset from these tables and then *seals* them, so a handler registered later (a module
imported lazily, a test, a plugin patching a rule at run time) is refused instead of changing
the rules of engines already playing. The engine reads its rules object, never these tables.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ironsworn.moves.step import Step

JsonDict = dict[str, Any]
Handler = Callable[["Step"], None]

Resume = Callable[["Step", list[str]], None]

# Handlers registered by the rules modules, per pack of moves ("classic", "delve",
# "starforged"): an outcome handler per move (keyed by the move's short name, e.g.
# "face_danger"), a before-roll check, a no-roll effect; resume handlers are keyed "move.point"
# across rulesets. Filled at import only (see the module docstring).
OUTCOME_HANDLERS: dict[str, dict[str, Handler]] = {}
BEFORE_ROLL: dict[str, dict[str, Handler]] = {}
NO_ROLL_HANDLERS: dict[str, dict[str, Handler]] = {}
RESUME_HANDLERS: dict[str, Resume] = {}
# One True once the rulesets are built from the tables: later registrations are refused.
_SEALED: list[bool] = []

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


# The names of move ids seen so far (ids come from content, so the set is bounded): the
# engine asks for them several times on every step.
_SHORT: dict[str, str] = {}
_RULESET: dict[str, str] = {}


def short_name(move_id: str) -> str:
    found = _SHORT.get(move_id)
    if found is None:
        found = _SHORT[move_id] = move_id.rsplit("/", 1)[-1]
    return found


def ruleset_name(move_id: str) -> str:
    """``classic`` for ``move:classic/adventure/face_danger``."""
    found = _RULESET.get(move_id)
    if found is None:
        found = _RULESET[move_id] = move_id.split(":", 1)[-1].split("/", 1)[0]
    return found


def seal() -> None:
    """Refuse every registration from now on (called once the rulesets are built)."""
    if not _SEALED:
        _SEALED.append(True)


def _registrar(table: dict[str, dict[str, Handler]], name: str, ruleset: str) -> Any:
    def register(func: Handler) -> Handler:
        handlers = table.get(ruleset, {})
        if _refuse_second(handlers.get(name), func, f"{ruleset} {name}"):
            table.setdefault(ruleset, {})[name] = func
        return func

    return register


def _refuse_second(current: Any, func: Any, what: str) -> bool:
    """Whether ``func`` is new here: two rules modules registering the same handler would
    silently drop the first one, and a handler registered once the rulesets are built would
    change nothing the engines play (or change it under them)."""
    if current is not None and current is not func:
        raise RuntimeError(
            f"two handlers for {what}: {current.__module__}.{current.__qualname__} and "
            f"{func.__module__}.{func.__qualname__}"
        )
    if current is None and _SEALED:
        raise RuntimeError(
            f"the handler for {what} ({func.__module__}.{func.__qualname__}) comes after the "
            "rulesets were built: rules modules register their handlers when imported by "
            "ironsworn.moves.rulesets"
        )
    return current is None


def on_outcome(name: str, ruleset: str = "classic") -> Callable[[Handler], Handler]:
    return _registrar(OUTCOME_HANDLERS, name, ruleset)  # type: ignore[no-any-return]


def before_roll(name: str, ruleset: str = "classic") -> Callable[[Handler], Handler]:
    return _registrar(BEFORE_ROLL, name, ruleset)  # type: ignore[no-any-return]


def no_roll(name: str, ruleset: str = "classic") -> Callable[[Handler], Handler]:
    return _registrar(NO_ROLL_HANDLERS, name, ruleset)  # type: ignore[no-any-return]


def on_resume(point: str) -> Callable[[Resume], Any]:
    def register(func: Resume) -> Resume:
        if _refuse_second(RESUME_HANDLERS.get(point), func, point):
            RESUME_HANDLERS[point] = func
        return func

    return register
