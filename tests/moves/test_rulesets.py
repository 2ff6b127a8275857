"""One rules object per ruleset, built once at import (issue 18, "Rules per ruleset").

The engine is given a :class:`~ironsworn.moves.rulesets.Rules` (classic or Starforged) holding
its handlers, hooks and option tables; nothing installs or re-wraps a handler at run time and
no module global is patched to change a ruleset's behaviour. These tests fail if a handler table
of any ``ironsworn.moves`` module changes once the rules are imported, if the old ``install``
functions or module-global hooks come back, or if engines of the two rulesets playing in
threads at once change each other's results.
"""

from __future__ import annotations

import importlib
import json
import sys
import threading
from collections.abc import Callable, Mapping
from types import MappingProxyType, ModuleType
from typing import Any

import pytest
from moves_support import ASHA_STATS, Game
from sf_support import StarforgedGame

from ironsworn.dice import RandomDice
from ironsworn.moves import rulesets
from ironsworn.moves.engine import MoveEngine, Step, on_outcome, on_resume
from ironsworn.moves.rulesets import CLASSIC, STARFORGED, Rules, rules_for


def _moves_modules() -> list[ModuleType]:
    return [m for n, m in sorted(sys.modules.items()) if n.startswith("ironsworn.moves")]


def _handler_tables() -> dict[str, Any]:
    """Every module-global mapping of ``ironsworn.moves`` holding callables (or mappings of
    them), by ``module.name``, as the identities of what it holds: a snapshot to compare."""

    def ids(table: Mapping[Any, Any]) -> Any:
        out: dict[str, Any] = {}
        for key, value in table.items():
            if isinstance(value, Mapping):
                inner = ids(value)
                if inner:
                    out[str(key)] = inner
            elif callable(value):
                out[str(key)] = id(value)
        return out

    tables: dict[str, Any] = {}
    for module in _moves_modules():
        for name, value in vars(module).items():
            if isinstance(value, (dict, MappingProxyType)):
                found = ids(value)
                if found:
                    tables[f"{module.__name__}.{name}"] = found
    return tables


def test_no_install_functions_or_ruleset_globals() -> None:
    """The runtime re-wrapping (``install()``) and the module-global patches (``RULESET_HOOKS``,
    ``SCENE_OUTCOME``, ``RULESET_OPTIONS``) are gone from every rules module."""
    for name in (
        "ironsworn.moves.engine",
        "ironsworn.moves.registry",
        "ironsworn.moves.assets.handlers",
        "ironsworn.moves.assets.allies",
        "ironsworn.moves.assets.lasting",
    ):
        module = importlib.import_module(name)
        for gone in ("install", "_install_rules", "RULESET_HOOKS", "SCENE_OUTCOME"):
            assert not hasattr(module, gone), f"{name}.{gone}"
    for module in _moves_modules():
        for gone in ("RULESET_HOOKS", "RULESET_OPTIONS", "SCENE_OUTCOME"):
            assert not hasattr(module, gone), f"{module.__name__}.{gone}"


def test_each_ruleset_has_its_own_rules() -> None:
    assert rules_for("classic") is CLASSIC and rules_for("starforged") is STARFORGED
    assert CLASSIC.outcome_for("move:classic/adventure/face_danger") is not None
    assert STARFORGED.outcome_for("move:starforged/adventure/face_danger") is not None
    # A ruleset plays only its own packs' handlers.
    assert CLASSIC.outcome_for("move:starforged/adventure/face_danger") is None
    assert STARFORGED.outcome_for("move:classic/adventure/face_danger") is None
    assert CLASSIC.before_for("move:delve/delve/delve_the_depths") is not None  # the expansion
    assert STARFORGED.momentum_overflow is not None and STARFORGED.supply is not None
    assert CLASSIC.momentum_overflow is None and CLASSIC.supply is None
    assert CLASSIC.scene_outcome is not None and STARFORGED.scene_outcome is None
    assert "endure_harm" in CLASSIC.options_for("move:classic/suffer/endure_harm")["amount"]
    assert "withstand_damage" in STARFORGED.options_for("move:starforged/x/y")["vehicle"]
    with pytest.raises(Exception, match="ruleset"):
        rules_for("bogus")


def test_the_engine_plays_the_rules_it_is_given() -> None:
    game = Game()
    assert game.engine.rules is CLASSIC
    sf = StarforgedGame()
    assert sf.engine.rules is STARFORGED  # the campaign's ruleset, once set
    given = MoveEngine(game.state, rules=STARFORGED)
    assert given.rules is STARFORGED


def test_the_rules_tables_are_read_only() -> None:
    tables: list[Mapping[str, Any]] = [
        CLASSIC.outcome,
        CLASSIC.outcome["classic"],
        CLASSIC.before,
        CLASSIC.no_roll,
        CLASSIC.resume,
        CLASSIC.options,
        STARFORGED.outcome["starforged"],
    ]
    for table in tables:
        with pytest.raises(TypeError):
            table["face_danger"] = print  # type: ignore[index]
    with pytest.raises(AttributeError):
        CLASSIC.supply = None  # type: ignore[misc]


def test_a_handler_registered_after_the_rules_are_built_is_refused() -> None:
    def late(ctx: Step) -> None:
        return None

    def late_resume(ctx: Step, keys: list[str]) -> None:
        return None

    before = _handler_tables()
    with pytest.raises(RuntimeError, match="after the rulesets were built"):
        on_outcome("a_move_nobody_has", ruleset="classic")(late)
    with pytest.raises(RuntimeError, match="after the rulesets were built"):
        on_resume("nobody.point")(late_resume)
    assert _handler_tables() == before


def test_asset_extras_are_composed_once_into_the_rules() -> None:
    """Slayer's trophy after End the Fight, the allies' shares around Make Camp's choice and
    the camp extras after it: composed when the rules are built, the same objects for every
    engine (not the moves' own handlers, which the registry keeps as registered)."""
    from ironsworn.moves.registry import OUTCOME_HANDLERS, RESUME_HANDLERS

    end = CLASSIC.outcome_for("move:classic/combat/end_the_fight")
    assert end is not None and end is not OUTCOME_HANDLERS["classic"]["end_the_fight"]
    assert CLASSIC.resume["make_camp.benefits"] is not RESUME_HANDLERS["make_camp.benefits"]
    assert CLASSIC.resume is STARFORGED.resume
    first = (dict(CLASSIC.outcome["classic"]), dict(CLASSIC.resume))
    MoveEngine(Game().state)
    MoveEngine(StarforgedGame().state)
    assert (dict(CLASSIC.outcome["classic"]), dict(CLASSIC.resume)) == first


# --- two rulesets in threads -----------------------------------------------------------------

Script = list[tuple[str, dict[str, Any]]]

CLASSIC_SCRIPT: Script = [
    ("face danger", {"stat": "edge"}),
    ("endure harm", {"amount": 4}),
    ("secure an advantage", {"stat": "wits"}),
    ("endure stress", {"amount": 3}),
    ("make camp", {}),
    ("face danger", {"stat": "iron"}),
]
STARFORGED_SCRIPT: Script = [
    ("face danger", {"stat": "edge"}),
    ("lose momentum", {"amount": 9}),  # past -6: Starforged's own overflow hook
    ("sacrifice resources", {"amount": 6}),  # the shared supply hook, to unprepared
    ("endure harm", {"amount": 2}),
    ("secure an advantage", {"stat": "wits"}),
]


def _answer_all(engine: MoveEngine, events: list[Any]) -> None:
    """Answer whatever the engine asks: the last options it needs (the first of a resist
    or a trade may loop back to the same suffer move), no burn."""
    for _ in range(30):
        pending = engine.pending
        if pending is None:
            return
        if pending["kind"] == "choose":
            count = max(1, int(pending.get("min", 1) or 0))
            keys = [o["key"] for o in pending["options"]][-count:]
            result = engine.choose(keys)
        else:
            result = engine.decline()
        events.extend(result.events)
    raise AssertionError("the decisions did not end")


def _play(make: Callable[[], Game], script: Script, seed: int) -> str:
    game = make()
    engine = game.engine
    engine.dice = RandomDice(seed)
    events: list[Any] = []
    for move, options in script:
        result = engine.make_move(move, **options)
        events.extend(result.events)
        _answer_all(engine, events)
    return json.dumps(events, sort_keys=True)


def _classic() -> Game:
    game = Game()
    game.character("Asha", ASHA_STATS, bonds=["Elda"], assets=["hawk:3=Kestrel"])
    return game


def test_engines_of_both_rulesets_in_threads_do_not_interfere() -> None:
    """Classic and Starforged sessions played at once in threads (a web server's workers)
    write exactly the events each writes alone, and the handler tables stay as imported."""
    seeds = range(6)
    alone = {
        (kind, seed): _play(make, script, seed)
        for seed in seeds
        for kind, make, script in (
            ("classic", _classic, CLASSIC_SCRIPT),
            ("starforged", StarforgedGame, STARFORGED_SCRIPT),
        )
    }
    # The scripts reach the rules that differ by ruleset.
    assert any('"sf.lose_momentum.at_minimum"' in v for k, v in alone.items() if k[0] != "classic")
    assert all("sf." not in v for k, v in alone.items() if k[0] == "classic")
    tables = _handler_tables()
    together: dict[tuple[str, int], str] = {}
    errors: list[BaseException] = []
    start = threading.Barrier(len(alone))

    def run(kind: str, seed: int) -> None:
        make, script = (
            (_classic, CLASSIC_SCRIPT) if kind == "classic" else (StarforgedGame, STARFORGED_SCRIPT)
        )
        try:
            start.wait(timeout=60)
            together[(kind, seed)] = _play(make, script, seed)
        except BaseException as exc:  # reported below, with the thread's own error
            errors.append(exc)

    switch = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # switch threads as often as possible
    try:
        threads = [threading.Thread(target=run, args=key) for key in alone]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=120)
    finally:
        sys.setswitchinterval(switch)
    assert not errors, errors
    assert together == alone
    assert _handler_tables() == tables


def test_rules_object_repr() -> None:
    assert repr(CLASSIC) == "<Rules classic>"
    assert isinstance(rulesets.RULESETS["starforged"], Rules)
