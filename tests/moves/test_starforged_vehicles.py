"""Starforged vehicles beyond the command vehicle's integrity: modules that break and are fixed,
support vehicles, incidental vehicles, and every row of Withstand Damage's table applied. Each
row quotes the words of its move in seed 003 (Dataforged) that it checks.

Module and support vehicle cards are written as the Datasworn Starforged import writes them
(checked against the imported file by the first test)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from sf_support import MISS, STRONG, WEAK, Case, StarforgedGame, keys, move_text, play

from ironsworn.cli.sheet_text import asset_lines
from ironsworn.content import clear_cache, import_pack, load_library
from ironsworn.errors import InvalidValue, NotFound, RuleViolation
from ironsworn.moves.assets.cards import new_asset_record
from ironsworn.moves.starforged import vehicles
from shared_files import STARFORGED_DATASWORN, shared_file

MODULE = "asset:starforged/module/engine_upgrade"
SHUTTLE = "asset:starforged/support_vehicle/shuttle"
HARM_OR_DEATH = ("harm_1", "harm_2", "harm_3", "face_death")


def module(
    g: StarforgedGame, broken: bool = False, abilities: tuple[bool, ...] = (True, False, False)
) -> None:
    record = {
        "id": MODULE,
        "name": "Engine Upgrade",
        "type": "Module",
        "input": None,
        "fields": {},
        "abilities": list(abilities),
        "meter": None,
        "tracks": {},
        "toggles": ["broken"],
        "marks": ["broken"] if broken else [],
    }
    g.event({"type": "asset_added", "character": g.main, "asset": record})


def shuttle(
    g: StarforgedGame, integrity: int = 4, abilities: tuple[bool, ...] = (True, False, False)
) -> None:
    record = {
        "id": SHUTTLE,
        "name": "Shuttle",
        "type": "Support Vehicle",
        "input": "Wren",
        "fields": {"name": "Wren"},
        "abilities": list(abilities),
        "meter": {"name": "integrity", "value": integrity, "max": 4},
        "tracks": {},
        "toggles": ["battered"],
        "marks": [],
    }
    g.event({"type": "asset_added", "character": g.main, "asset": record})


def _bot(g: StarforgedGame) -> None:
    record = {
        "id": "asset:starforged/companion/protocol_bot",
        "name": "Protocol Bot",
        "type": "Companion",
        "input": "Tik",
        "abilities": [True, False, False],
        "meter": {"name": "health", "value": 3, "max": 3},
    }
    g.event({"type": "asset_added", "character": g.main, "asset": record})


def skiff(g: StarforgedGame, integrity: int = 2) -> None:
    g._keep(vehicles.add_incidental(g.engine, "Skiff", integrity))


def at(integrity: int) -> Any:
    """The command vehicle (Firebird, integrity 5) brought down to ``integrity``."""
    return lambda g: g.adjust(None, "integrity", integrity - 5)


def mark(name: str) -> Any:
    def setup(g: StarforgedGame) -> None:
        g.event({"type": "vehicle_mark", "mark": name, "from": False, "to": True})

    return setup


def both(*setups: Any) -> Any:
    def setup(g: StarforgedGame) -> None:
        for one in setups:
            one(g)

    return setup


def marks(*expected: str) -> Any:
    def check(g: StarforgedGame) -> None:
        assert g.state.vehicle is not None
        assert g.state.vehicle.get("marks", []) == list(expected)

    return check


# Withstand Damage brought to 0 (-2 from integrity 2), a miss, then Lose Momentum (-2).
TO_ZERO = [("vehicle:integrity", 2, 0), ("momentum", 2, 0)]
ZERO = {"amount": 2}
# Overcome Destruction with an empty bonds legacy track (a miss), and the vow it swears.
OVERCOME_MISS = [
    ("vehicle", "Firebird", None),
    ("impact:indebted", False, True),
    ("vow-1", None, "The duty-bound quest"),
    ("experience", 0, 3),
    ("momentum", 0, 2),
]


def table(roll: int) -> list[tuple[list[str], tuple[int, ...]]]:
    return [(["momentum"], ()), (["roll_table"], (roll,))]


AT_ZERO = [
    Case(
        "withstand_damage.command.options",
        "withstand damage",
        "Mark the vehicle as **battered** or **cursed**, mark a module as **broken**, destroy a "
        "broken module by discarding it, or roll on the table below.",
        MISS,
        ZERO,
        vehicle=True,
        setup=both(at(2), module),
        answers=[(["momentum"], ())],
        effects=TO_ZERO,
        pending=("mark_battered", "mark_cursed", "break_module", "roll_table"),
    ),
    Case(
        "withstand_damage.command.break_module",
        "withstand damage",
        "mark a module as **broken**",
        MISS,
        ZERO,
        vehicle=True,
        setup=both(at(2), module),
        answers=[(["momentum"], ()), (["break_module"], ()), (["engine_upgrade"], ())],
        effects=[*TO_ZERO, (f"{MODULE}:broken", False, True)],
    ),
    Case(
        "withstand_damage.command.discard_module",
        "withstand damage",
        "destroy a broken module by discarding it",
        MISS,
        ZERO,
        vehicle=True,
        setup=both(at(2), lambda g: module(g, broken=True)),
        answers=[(["momentum"], ()), (["discard_module"], ()), (["engine_upgrade"], ())],
        effects=[*TO_ZERO, (MODULE, True, False)],
    ),
    Case(
        "withstand_damage.command.cursed",
        "withstand damage",
        "Mark the vehicle as **battered** or **cursed**",
        MISS,
        ZERO,
        vehicle=True,
        setup=at(2),
        answers=[(["momentum"], ()), (["mark_cursed"], ())],
        effects=[*TO_ZERO, ("vehicle:cursed", False, True)],
    ),
    Case(
        "withstand_damage.support.battered",
        "withstand damage",
        "**Support vehicle:** Mark the vehicle as **battered** or roll on the table below.",
        MISS,
        {"amount": 2, "vehicle": "wren"},
        vehicle=True,
        setup=lambda g: shuttle(g, 2),
        answers=[(["momentum"], ()), (["mark_battered"], ())],
        effects=[
            (f"{SHUTTLE}:integrity", 2, 0),
            ("momentum", 2, 0),
            (f"{SHUTTLE}:battered", False, True),
        ],
    ),
    Case(
        "withstand_damage.support.options",
        "withstand damage",
        "**Support vehicle:** Mark the vehicle as **battered** or roll on the table below.",
        MISS,
        {"amount": 2},
        setup=lambda g: shuttle(g, 2),
        answers=[(["momentum"], ())],
        effects=[(f"{SHUTTLE}:integrity", 2, 0), ("momentum", 2, 0)],
        pending=("mark_battered", "roll_table"),
    ),
    Case(
        "withstand_damage.support.strong.bypass",
        "withstand damage",
        "Bypass: If your vehicle is not battered, take +1 integrity",
        options={"amount": 1, "vehicle": "shuttle"},
        vehicle=True,
        setup=shuttle,
        answers=[(["resist"], STRONG), (["bypass"], ())],
        effects=[(f"{SHUTTLE}:integrity", 4, 3), (f"{SHUTTLE}:integrity", 3, 4)],
    ),
    Case(
        "withstand_damage.incidental",
        "withstand damage",
        "**Incidental vehicle:** Roll on the table below.",
        MISS,
        {"amount": 2, "vehicle": "skiff"},
        setup=skiff,
        answers=[(["momentum"], (97,))],
        effects=[("vehicle:Skiff:integrity", 2, 0), ("momentum", 2, 0)],
    ),
]

ROWS = [
    Case(
        "withstand_damage.table.1",
        "withstand damage",
        "1-10 | Immediate catastrophic destruction. All aboard must [Endure Harm]"
        "(move:starforged/suffer/endure_harm) or [Face Death]",
        MISS,
        ZERO,
        vehicle=True,
        setup=at(2),
        answers=table(5),
        effects=TO_ZERO,
        pending=HARM_OR_DEATH,
    ),
    Case(
        "withstand_damage.table.1.harm",
        "withstand damage",
        "All aboard must [Endure Harm](move:starforged/suffer/endure_harm) or [Face Death]",
        MISS,
        ZERO,
        vehicle=True,
        setup=at(2),
        answers=[*table(5), (["harm_3"], ()), (["press_on"], (1, 2, *STRONG))],
        effects=[
            *TO_ZERO,
            ("health", 5, 2),
            *OVERCOME_MISS,
        ],
    ),
    Case(
        "withstand_damage.table.11",
        "withstand damage",
        "11-25 | Destruction is imminent and unavoidable. If you do not have the means or "
        "intention to get clear",
        MISS,
        ZERO,
        vehicle=True,
        setup=at(2),
        answers=table(20),
        effects=TO_ZERO,
        pending=("get_clear", *HARM_OR_DEATH),
    ),
    Case(
        "withstand_damage.table.11.clear",
        "withstand damage",
        "If you do not have the means or intention to get clear",
        MISS,
        ZERO,
        vehicle=True,
        setup=at(2),
        answers=[*table(20), (["get_clear"], (1, 2, *STRONG))],
        effects=[*TO_ZERO, *OVERCOME_MISS],
    ),
    Case(
        "withstand_damage.table.26",
        "withstand damage",
        "26-40 | Destruction is imminent, but can be averted if you [Repair]",
        MISS,
        ZERO,
        vehicle=True,
        setup=at(2),
        answers=table(33),
        effects=[*TO_ZERO, ("vehicle:destruction_imminent", False, True)],
    ),
    Case(
        "withstand_damage.table.41",
        "withstand damage",
        "41-55 | You cannot [Repair](move:starforged/recover/repair) this vehicle until you "
        "[Resupply]",
        MISS,
        ZERO,
        vehicle=True,
        setup=at(2),
        answers=table(50),
        effects=[*TO_ZERO, ("vehicle:needs_part", False, True)],
    ),
    Case(
        "withstand_damage.table.41.again",
        "withstand damage",
        "If you roll this result again prior to that, see 11-25.",
        MISS,
        ZERO,
        vehicle=True,
        setup=both(at(2), mark("needs_part")),
        answers=table(50),
        effects=TO_ZERO,
        pending=("get_clear", *HARM_OR_DEATH),
    ),
    Case(
        "withstand_damage.table.56",
        "withstand damage",
        "56-70 | The vehicle is crippled or out of your control.",
        MISS,
        ZERO,
        vehicle=True,
        setup=at(2),
        answers=table(60),
        effects=[*TO_ZERO, ("vehicle:crippled", False, True)],
    ),
    Case(
        "withstand_damage.table.71",
        "withstand damage",
        "71-85 | It’s a rough ride. All aboard must make the [Endure Harm]",
        MISS,
        ZERO,
        vehicle=True,
        setup=at(2),
        answers=[*table(80), (["endure_stress"], ()), (["press_on"], ())],
        effects=[*TO_ZERO, ("spirit", 5, 3)],
    ),
    Case(
        "withstand_damage.table.71.companion",
        "withstand damage",
        "or [Companion Takes a Hit](move:starforged/suffer/companion_takes_a_hit) move, "
        "suffering a serious (-2) cost.",
        MISS,
        ZERO,
        vehicle=True,
        setup=both(at(2), lambda g: _bot(g)),
        answers=[*table(80), (["companion_takes_a_hit:protocol_bot"], ()), (["press_on"], ())],
        effects=[*TO_ZERO, ("asset:starforged/companion/protocol_bot:health", 3, 1)],
    ),
    Case(
        "withstand_damage.table.86",
        "withstand damage",
        "86-95 | You’ve lost fuel, energy, or cargo. [Sacrifice Resources]"
        "(move:starforged/suffer/sacrifice_resources) (-2).",
        MISS,
        ZERO,
        vehicle=True,
        setup=at(2),
        answers=table(90),
        effects=[*TO_ZERO, ("supply", 5, 3)],
    ),
    Case(
        "withstand_damage.table.96",
        "withstand damage",
        "96-100 | Against all odds, the vehicle holds together.",
        MISS,
        ZERO,
        vehicle=True,
        setup=at(2),
        answers=table(99),
        effects=TO_ZERO,
    ),
    Case(
        "withstand_damage.support.table.1",
        "withstand damage",
        "If the vehicle is destroyed, discard the asset.",
        MISS,
        {"amount": 2},
        setup=lambda g: shuttle(g, 2),
        answers=table(3),
        effects=[(f"{SHUTTLE}:integrity", 2, 0), ("momentum", 2, 0), (SHUTTLE, True, False)],
        pending=HARM_OR_DEATH,
    ),
    Case(
        "withstand_damage.support.aboard",
        "withstand damage",
        "All aboard must [Endure Harm]",
        MISS,
        {"amount": 2},
        setup=both(lambda g: shuttle(g, 2), lambda g: g.ally()),
        answers=table(3),
        effects=[(f"{SHUTTLE}:integrity", 2, 0), ("momentum", 2, 0)],
        pending=("Kira", "Bram"),
    ),
    Case(
        "withstand_damage.incidental.table.1",
        "withstand damage",
        "1-10 | Immediate catastrophic destruction.",
        MISS,
        {"amount": 2},
        setup=skiff,
        answers=[(["momentum"], (3,))],
        effects=[
            ("vehicle:Skiff:integrity", 2, 0),
            ("momentum", 2, 0),
            ("vehicle:Skiff", "Skiff", None),
        ],
        pending=HARM_OR_DEATH,
    ),
]

REPAIR = [
    Case(
        "repair.fix_module",
        "repair",
        "Fix one broken module: 2 points",
        STRONG,
        {"stat": "wits"},
        vehicle=True,
        setup=lambda g: module(g, broken=True),
        answers=[(["under_fire"], ()), ("decline", ()), (["module:engine_upgrade"], ())],
        effects=[(f"{MODULE}:broken", True, False)],
    ),
    Case(
        "repair.support",
        "repair",
        "Take +1 integrity on a vehicle: 1 point",
        WEAK,
        {"stat": "wits"},
        setup=lambda g: shuttle(g, 2),
        answers=[(["field"], ()), ("decline", ()), (["integrity:shuttle"], ())],
        effects=[(f"{SHUTTLE}:integrity", 2, 3)],
    ),
    Case(
        "repair.needs_part",
        "withstand damage",
        "You cannot [Repair](move:starforged/recover/repair) this vehicle until you [Resupply]",
        STRONG,
        {"stat": "wits"},
        vehicle=True,
        setup=both(at(2), mark("needs_part")),
        via="repair",
        answers=[(["under_fire"], ()), ("decline", ())],
        pending=("device_complication",),
    ),
    Case(
        "repair.averted",
        "withstand damage",
        "can be averted if you [Repair](move:starforged/recover/repair) your vehicle and raise "
        "its integrity above 0",
        WEAK,
        {"stat": "wits"},
        vehicle=True,
        via="repair",
        setup=both(at(0), mark("destruction_imminent"), mark("crippled")),
        answers=[(["field"], ()), ("decline", ()), (["integrity"], ())],
        effects=[
            ("vehicle:integrity", 0, 1),
            ("vehicle:destruction_imminent", True, False),
            ("vehicle:crippled", True, False),
        ],
    ),
    Case(
        "repair.failed",
        "withstand damage",
        "If you fail, see 11-25.",
        WEAK,
        {"stat": "wits"},
        via="repair",
        vehicle=True,
        setup=both(at(0), mark("destruction_imminent")),
        answers=[(["under_fire"], ()), ("decline", ())],
        effects=[("vehicle:destruction_imminent", True, False)],
        pending=("get_clear", *HARM_OR_DEATH),
    ),
    Case(
        "resupply.part",
        "withstand damage",
        "until you [Resupply](move:starforged/recover/resupply) and obtain a crucial replacement "
        "part",
        STRONG,
        {"stat": "wits"},
        via="resupply",
        vehicle=True,
        setup=mark("needs_part"),
        answers=[(["part"], ())],
        effects=[("vehicle:needs_part", True, False), ("momentum", 2, 3)],
    ),
]

DESTRUCTION = [
    Case(
        "overcome_destruction.modules_and_docked",
        "overcome destruction",
        "you must discard the asset, along with any modules and docked support vehicles",
        (1, 2),
        vehicle=True,
        setup=both(
            lambda g: g.legacy("bonds", 12),
            lambda g: module(g, abilities=(True, True, True)),
            lambda g: shuttle(g, abilities=(True, True, False)),
        ),
        answers=[(["shuttle"], ())],
        effects=[
            ("vehicle", "Firebird", None),
            (MODULE, True, False),
            (SHUTTLE, True, False),
            ("experience", 6, 11),
        ],
    ),
]

CASES = AT_ZERO + ROWS + REPAIR + DESTRUCTION


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_vehicle_rule(case: Case) -> None:
    assert case.quote in move_text(case.move), f"{case.move} does not say {case.quote!r}"
    game, effects, result = play(case)
    assert effects == case.effects
    assert keys(result) == case.pending
    assert game.refold().to_dict() == game.state.to_dict()


def test_every_row_of_the_withstand_damage_table_has_a_case() -> None:
    rows = [c for c in ROWS if c.id.startswith("withstand_damage.table.")]
    lows = sorted({int(c.id.split(".")[2]) for c in rows})
    text = move_text("withstand damage")
    assert lows == [int(low) for low in re.findall(r"^(\d+)-\d+ \|", text, re.MULTILINE)]


def test_repair_counts_its_points_in_words() -> None:
    """Repair's questions and notes say "1 point", "2 points" (they read "1 repair point(s)",
    "-2 supply for 2 more point(s)", "1 unused repair point(s) are discarded")."""
    g = StarforgedGame(vehicle=True)
    g.move("repair", WEAK, stat="wits")
    asked = g.choose(["field"]).pending
    assert asked is not None
    assert asked["prompt"] == "1 repair point: Sacrifice Resources for more? (decline: none)"
    assert [o["text"] for o in asked["options"]] == [
        "-1 supply for 1 more point",
        "-2 supply for 2 more points",
        "-3 supply for 3 more points",
    ]
    told = g.decline()
    assert "1 unused repair point is discarded" in told.notes


def test_a_broken_module_cannot_lend_its_abilities() -> None:
    """A broken module's card is flipped (Datasworn: it disables the asset)."""
    g = StarforgedGame(vehicle=True)
    module(g, broken=True)
    g.track("expedition", "Cross the Shroud", "dangerous")
    with pytest.raises(RuleViolation, match="Engine Upgrade is broken"):
        g.move("undertake an expedition", STRONG, stat="edge", asset="engine upgrade")


def test_all_aboard_the_command_vehicle_are_asked_in_turn() -> None:
    """ "All aboard must Endure Harm or Face Death": Kira, then Bram, then Overcome
    Destruction ("If you survive")."""
    g = StarforgedGame(vehicle=True)
    g.ally()
    g.adjust("Kira", "integrity", -3)
    result = g.move("withstand damage", MISS, amount=2)
    g.choose(["momentum"])
    result = g.choose(["roll_table"], (4,))
    assert result.pending is not None and result.pending["character"] == "Kira"
    result = g.choose(["harm_2"])
    assert keys(result) == ("resist", "press_on")
    result = g.choose(["press_on"])
    assert result.pending is not None and result.pending["character"] == "Bram"
    g.choose(["harm_1"])
    result = g.choose(["press_on"], (1, 2, *STRONG))
    assert g.state.vehicle is None
    assert (g.char("Kira").health, g.char("Bram").health) == (3, 4)
    # Overcome Destruction came last, made by Kira: an empty bonds track is a miss.
    assert g.char("Kira").impacts == ["indebted"] and g.char("Bram").impacts == []
    assert [e["type"] for e in result.events if e["type"] in ("vehicle", "impact")] == [
        "vehicle",
        "impact",
    ]


@pytest.mark.parametrize("ally", [True, False])
def test_when_the_pilot_dies_with_the_ship(ally: bool) -> None:
    """ "All aboard must Endure Harm or Face Death" then Overcome Destruction, "If you
    survive": a surviving ally makes it; with no one left, the vehicle is gone all the same."""
    g = StarforgedGame(vehicle=True)
    if ally:
        g.ally()
    g.adjust("Kira", "integrity", -3)
    g.move("withstand damage", MISS, amount=2)
    g.choose(["momentum"])
    g.choose(["roll_table"], (4,))
    result = g.choose(["face_death"], MISS)  # Kira is dead
    assert g.char("Kira").status == "dead"
    if ally:
        assert result.pending is not None and result.pending["character"] == "Bram"
        g.choose(["harm_1"])
        g.choose(["press_on"], (1, 2, *STRONG))
        assert g.char("Bram").impacts == ["indebted"]
    assert g.state.vehicle is None
    assert g.refold().to_dict() == g.state.to_dict()


def test_a_reckless_breach_is_undone_whole() -> None:
    """Undo: every event of the operation taken back leaves the state as it was."""
    g = StarforgedGame(vehicle=True)
    module(g)
    g.adjust(None, "integrity", -3)
    g.move("withstand damage", MISS, amount=2)
    before = g.snapshot()
    result = g.choose(["momentum"])
    result2 = g.choose(["break_module"])
    result3 = g.choose(["engine_upgrade"])
    assert "broken" in g.char().asset("engine upgrade")["marks"]
    assert asset_lines(g.char().asset("engine upgrade"), None)[0] == "Engine Upgrade *-- [broken]"
    for done in (result3, result2, result):
        for event in reversed(done.events):
            g.state.revert(event)
    assert g.snapshot() == before


@pytest.mark.parametrize(
    ("setup", "options", "error", "named"),
    [
        (None, {"amount": 1}, InvalidValue, "there is no vehicle"),
        (skiff, {"amount": 1, "vehicle": "hoverbike"}, NotFound, "'hoverbike'"),
        (
            lambda g: (skiff(g), shuttle(g)),
            {"amount": 1},
            InvalidValue,
            "accepted: Wren (Shuttle), Skiff",
        ),
        (skiff, {"amount": 1, "vehicle": "skiff", "companion": "x"}, InvalidValue, "companion"),
    ],
)
def test_a_vehicle_move_without_its_vehicle_is_refused_and_changes_nothing(
    setup: Any, options: dict[str, Any], error: type[Exception], named: str
) -> None:
    g = StarforgedGame()
    if setup is not None:
        setup(g)
    before = g.snapshot()
    with pytest.raises(error, match=named.replace("(", r"\(").replace(")", r"\)")):
        g.engine.make_move("withstand damage", **options)
    assert g.snapshot() == before


def test_incidental_vehicles_are_named_with_their_integrity() -> None:
    g = StarforgedGame()
    skiff(g, 3)
    assert g.state.incidental["Skiff"] == {"name": "Skiff", "integrity": 3, "max": 3, "marks": []}
    for name, value, named in (("Skiff", 2, "already"), ("Raft", 11, "1 to 10")):
        with pytest.raises(InvalidValue, match=named):
            vehicles.add_incidental(g.engine, name, value)
    g._keep(vehicles.drop_incidental(g.engine, "skiff"))
    assert g.state.incidental == {}
    assert g.refold().to_dict() == g.state.to_dict()


@pytest.fixture
def imported() -> None:
    clear_cache()
    import_pack(shared_file(STARFORGED_DATASWORN))
    clear_cache()


def test_the_imported_cards_carry_their_marks(imported: None) -> None:
    """The Datasworn facts: a module with a "broken" flip, a module with its own meter and no
    flip, a support vehicle's integrity and battered box, the starship's battered and cursed."""
    library = load_library()

    def record(asset_id: str, name: str | None = None) -> dict[str, Any]:
        return new_asset_record(library.assets[asset_id], name)

    engine = record(MODULE)
    assert (engine["type"], engine["toggles"], engine["marks"]) == ("Module", ["broken"], [])
    shields = record("asset:starforged/module/shields")
    assert "toggles" not in shields and not vehicles._breakable(shields)
    wren = record(SHUTTLE, "Wren")
    assert wren["meter"] == {"name": "integrity", "value": 4, "max": 4}
    assert (wren["type"], wren["toggles"]) == ("Support Vehicle", ["battered"])
    assert record("asset:starforged/command_vehicle/starship")["toggles"] == [
        "battered",
        "cursed",
    ]


def test_marks_are_changed_by_hand() -> None:
    """``vehicle mark|clear``: a module's broken flip, a support vehicle's battered, what the
    table left on the command vehicle; each an operation that refolds."""
    g = StarforgedGame(vehicle=True)
    module(g)
    shuttle(g)
    g._keep(vehicles.mark_by_hand(g.engine, "broken", True, module="engine upgrade"))
    g._keep(vehicles.mark_by_hand(g.engine, "battered", True, vehicle="wren"))
    g._keep(vehicles.mark_by_hand(g.engine, "needs part", True))
    assert g.char().asset("engine upgrade")["marks"] == ["broken"]
    assert g.char().asset("shuttle")["marks"] == ["battered"]
    assert g.state.vehicle is not None and g.state.vehicle["marks"] == ["needs_part"]
    g._keep(vehicles.mark_by_hand(g.engine, "broken", False, module="engine_upgrade"))
    assert g.char().asset("engine upgrade")["marks"] == []
    assert g.refold().to_dict() == g.state.to_dict()
    before = g.snapshot()
    for mark, value, options, error, named in (
        ("rusty", True, {}, InvalidValue, "accepted: battered, cursed, broken"),
        ("broken", True, {}, InvalidValue, "which module breaks"),
        ("broken", True, {"module": "medbay"}, NotFound, "'medbay'"),
        ("cursed", True, {"vehicle": "wren"}, RuleViolation, "cannot be cursed"),
        ("battered", True, {"vehicle": "wren"}, RuleViolation, "already battered"),
        ("crippled", False, {}, RuleViolation, "not marked crippled"),
        (
            "crippled",
            True,
            {"module": "engine_upgrade"},
            InvalidValue,
            "module is named for broken",
        ),
    ):
        with pytest.raises(error, match=named):
            vehicles.mark_by_hand(g.engine, mark, value, **options)
    assert g.snapshot() == before


def test_a_suffer_move_offers_each_vehicle_when_there_is_no_command_vehicle() -> None:
    """ "Make a suffer move (-1)": Withstand Damage on the vehicle chosen."""
    g = StarforgedGame()
    shuttle(g)
    skiff(g)
    result = g.move("face danger", WEAK, stat="edge")
    assert keys(result) == (
        "lose_momentum",
        "endure_harm",
        "endure_stress",
        "sacrifice_resources",
        "withstand_damage:shuttle",
        "withstand_damage:skiff",
    )
    g.choose(["withstand_damage:skiff"])
    assert g.state.incidental["Skiff"]["integrity"] == 1


def test_overcome_destructions_experience_buys_only_vehicles(imported: None) -> None:
    """ "Spend this experience only on a new command vehicle, modules, and support vehicles"."""
    g = StarforgedGame(vehicle=True)
    g.move("overcome destruction", (1, 9, *STRONG))  # an empty bonds track: a miss, 3 xp
    assert g.char().experience_earned == 3 and g.char().flags["vehicle_experience"] == 3
    before = g.snapshot()
    with pytest.raises(RuleViolation, match="3 from Overcome Destruction is only for"):
        g.engine.make_move("advance", asset="ace")
    assert g.snapshot() == before
    g.move("advance", asset="engine upgrade")
    assert "vehicle_experience" not in g.char().flags
    assert g.char().experience_spent == 3
    assert g.refold().to_dict() == g.state.to_dict()
