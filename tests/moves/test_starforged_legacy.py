"""The Starforged legacy moves past their rolls: Advance adds only the asset categories its text
lists at its costs; Continue a Legacy creates the new character in the campaign with what each
legacy roll lets them inherit. Refusals are one line with nothing changed."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from sf_support import StarforgedGame, move_text

from ironsworn.content import clear_cache, import_pack, load_library
from ironsworn.errors import IronswornError
from shared_files import STARFORGED_DATASWORN, shared_file


@pytest.fixture
def imported() -> None:
    clear_cache()
    import_pack(shared_file(STARFORGED_DATASWORN))
    clear_cache()


def sf_game(vehicle: bool = False, experience_ticks: int = 12) -> StarforgedGame:
    """Kira with the imported pack and 6 experience (three boxes of quests legacy)."""
    game = StarforgedGame(vehicle=vehicle)
    game.engine.ruleset = load_library()
    game.legacy("quests", experience_ticks)
    return game


# --- Advance -------------------------------------------------------------------------------

ADVANCE = "advance"


@pytest.mark.parametrize(
    ("quote", "asset", "added"),
    [
        ("Module: Upgrade your command vehicle", "engine upgrade", "module/engine_upgrade"),
        ("Support Vehicle: Acquire or improve", "hoverbike", "support_vehicle/hoverbike"),
        ("Path: Bolster your personal capabilities", "ace", "path/ace"),
        ("Companion: Gain or improve a trusted helper", "glowcat", "companion/glowcat"),
        ("Deed: Learn from your experiences", "survivor", "deed/survivor"),
    ],
)
def test_advance_adds_an_asset_of_each_category_for_3_experience(
    imported: None, quote: str, asset: str, added: str
) -> None:
    assert quote in move_text(ADVANCE)
    assert "spend 3 experience to add a new asset" in move_text(ADVANCE)
    game = sf_game()
    result = game.move(ADVANCE, asset=asset)
    new = [e["asset"]["id"] for e in result.events if e["type"] == "asset_added"]
    assert new == [f"asset:starforged/{added}"]
    assert game.char().experience_spent == 3
    assert game.refold().to_dict() == game.state.to_dict()


def test_advance_upgrades_an_asset_for_2_experience(imported: None) -> None:
    assert "2 experience to upgrade an asset" in move_text(ADVANCE)
    game = sf_game()
    game.move(ADVANCE, asset="ace")
    result = game.move(ADVANCE, asset="ace")
    marked = [(e["ability"], e["to"]) for e in result.events if e["type"] == "asset_ability"]
    assert marked == [(1, True)]
    assert game.char().experience_spent == 5


def test_a_new_command_vehicle_only_replaces_a_lost_one(imported: None) -> None:
    """Overcome Destruction: "Spend this experience only on a new command vehicle, modules,
    and support vehicles" (seed 003): without a vehicle, Advance may add one."""
    assert "only on a new command vehicle" in move_text("overcome destruction")
    game = sf_game()
    result = game.move(ADVANCE, asset="starship")
    assert [e["asset"]["id"] for e in result.events if e["type"] == "asset_added"] == [
        "asset:starforged/command_vehicle/starship"
    ]


def _with_ace(game: StarforgedGame) -> None:
    game.move(ADVANCE, asset="ace")


@pytest.mark.parametrize(
    ("asset", "setup", "vehicle", "ticks", "named"),
    [
        ("starship", None, True, 12, "not Starship (a command vehicle: the campaign has one"),
        ("ace", None, False, 4, "costs 3 experience for a new asset; Kira has 2"),
        ("ace", _with_ace, False, 8, "costs 2 experience for an upgrade; Kira has 1"),
        ("", None, False, 12, "a module, support vehicle, path, companion or deed"),
        ("nosuchcard", None, False, 12, "nosuchcard"),
    ],
    ids=["command_vehicle", "new_asset_cost", "upgrade_cost", "no_asset", "unknown"],
)
def test_advance_refuses_in_one_line_and_changes_nothing(
    imported: None,
    asset: str,
    setup: Callable[[StarforgedGame], None] | None,
    vehicle: bool,
    ticks: int,
    named: str,
) -> None:
    game = sf_game(vehicle=vehicle, experience_ticks=ticks)
    if setup is not None:
        setup(game)
    before = game.snapshot()
    with pytest.raises(IronswornError) as error:
        game.move(ADVANCE, asset=asset or None)
    message = str(error.value)
    assert named in message and "\n" not in message
    assert game.snapshot() == before


# --- Continue a Legacy ---------------------------------------------------------------------

LEGACY = "continue a legacy"
# Quests legacy at 3 boxes beats challenge dice 1, 1 (a strong hit); bonds and discoveries at
# 0 miss against anything.
DICE = (1, 1, 5, 5, 5, 5)
NOVA = "1,1,2,2,3"


def heir_game() -> StarforgedGame:
    """Kira with a path, a companion, a starship and a module, a bonded connection, a vow
    half done, and three boxes of quests legacy."""
    from ironsworn.moves.assets.cards import new_asset_record

    game = sf_game(vehicle=True)
    library = load_library()
    for asset_id in (
        "asset:starforged/path/ace",
        "asset:starforged/command_vehicle/starship",
        "asset:starforged/module/engine_upgrade",
    ):
        record = new_asset_record(library.assets[asset_id])
        game.event({"type": "asset_added", "character": "Kira", "asset": record})
    game.event(
        {
            "type": "asset_ability",
            "character": "Kira",
            "asset": "asset:starforged/path/ace",
            "ability": 1,
            "from": False,
            "to": True,
        }
    )
    dax = game.connection("Dax", "dangerous", role="navigator", ticks=12)
    game.event({"type": "track_field", "track": dax, "field": "bonded", "from": False, "to": True})
    vow = game.track("vow", "Find my sister", "formidable").id
    game._keep(game.sheet.progress(vow, True, ticks=13))
    return game


def _has_ace(game: StarforgedGame) -> None:
    ace = game.char("Nova").asset("ace")
    assert ace["abilities"] == game.char("Kira").asset("ace")["abilities"] == [True, True, False]


def _shares_dax(game: StarforgedGame) -> None:
    dax = game.state.tracks["connection-1"]
    assert (dax.characters, dax.ticks, dax.bonded) == (["Nova"], 12, True)


def _has_the_ship(game: StarforgedGame) -> None:
    names = [a["name"] for a in game.char("Nova").assets]
    assert names == ["Starship", "Engine Upgrade"]


def _sees_it_through(game: StarforgedGame) -> None:
    vow = game.state.tracks["vow-3"]
    assert (vow.name, vow.rank, vow.ticks, vow.characters) == (
        "Find my sister",
        "formidable",
        6,
        ["Nova"],
    )
    assert game.char("Nova").momentum == 4  # the automatic strong hit: +2 momentum


def _rebuilds_dax(game: StarforgedGame) -> None:
    assert game.char("Nova").flags["rebuilt_connections"] == ["Dax"]
    result = game.move(
        "make a connection", character="Nova", **{"with": "Dax"}, rank="extreme", role="pilot"
    )
    assert [e["type"] for e in result.events if e["type"] in ("roll", "legacy")] == ["legacy"]
    made = [e["track"] for e in result.events if e["type"] == "track_created"]
    assert [(t["name"], t["rank"], t["characters"]) for t in made] == [("Dax", "extreme", ["Nova"])]
    assert game.char("Nova").legacy_track("bonds")["ticks"] == 2
    assert "rebuilt_connections" not in game.char("Nova").flags


def _knows_bleakhold(game: StarforgedGame) -> None:
    assert game.char("Nova").flags["familiar_ground"] == ["Bleakhold"]
    assert game.state.places["Bleakhold"]["description"].startswith("meaningful to Kira")


PICKS = [
    ("Follow their path: Take one path or companion asset", "follow_their_path",
     ["asset:starforged/path/ace"], None, _has_ace),
    ("Share a connection: Take one connection from the former character", "share_a_connection",
     ["connection-1"], None, _shares_dax),
    ("Accept an inheritance: Take the former character's command vehicle and one module",
     "accept_an_inheritance", ["asset:starforged/module/engine_upgrade"], None, _has_the_ship),
    ("You may immediately mark up to half their earned progress (round down)",
     "see_it_through", ["vow-2"], None, _sees_it_through),
    ("take an automatic strong hit and mark two ticks on your bonds legacy track",
     "rebuild_a_connection", ["connection-1"], None, _rebuilds_dax),
    ("Name a location that was meaningful to the former character", "explore_familiar_ground",
     None, "Bleakhold", _knows_bleakhold),
]  # fmt: skip


@pytest.mark.parametrize(
    ("quote", "pick", "then", "words", "check"), PICKS, ids=[p[1] for p in PICKS]
)
def test_continue_a_legacy_creates_the_successor_with_what_they_inherit(
    imported: None,
    quote: str,
    pick: str,
    then: list[str] | None,
    words: str | None,
    check: Callable[[StarforgedGame], None],
) -> None:
    assert quote in move_text(LEGACY)
    game = heir_game()
    result = game.move(LEGACY, DICE, successor="Nova", stats=NOVA)
    created = [e["character"]["name"] for e in result.events if e["type"] == "character_created"]
    assert created == ["Nova"]
    assert game.char("Kira").status == "retired"
    pending = game.state.pending
    assert pending is not None and pick in [o["key"] for o in pending["options"]]
    game._keep(game.engine.choose([pick], text=words))
    if then is not None:
        game.choose(then)
    for _ in ("bonds", "discoveries"):  # two misses: "For each miss, choose one"
        pending = game.state.pending
        assert pending is not None
        assert [o["key"] for o in pending["options"]] == [
            "deal_with_the_aftermath",
            "switch_loyalties",
            "open_pandoras_box",
        ]
        game.choose(["deal_with_the_aftermath"])
    assert game.state.pending is None
    check(game)
    assert game.refold().to_dict() == game.state.to_dict()


def test_a_miss_of_continue_a_legacy_asks_no_words(imported: None) -> None:
    """A miss offers no place to name ("Explore familiar ground" is a weak hit's option): its
    question asks for no words, as the strong hit's, which offers the place, does."""
    game = heir_game()
    game.move(LEGACY, DICE, successor="Nova", stats=NOVA)
    pending = game.state.pending
    assert pending is not None and pending["text"]["keys"] == ["explore_familiar_ground"]
    game.choose(["deal_with_the_aftermath"])
    pending = game.state.pending
    assert pending is not None
    assert "explore_familiar_ground" not in [o["key"] for o in pending["options"]]
    assert "text" not in pending


def test_a_dead_character_continues_their_legacy_and_options_need_something_to_take(
    imported: None,
) -> None:
    """ "When you retire from your life as Ironsworn, or succumb to death or desolation"."""
    game = sf_game()
    game.event({"type": "status", "character": "Kira", "from": "active", "to": "dead"})
    game.move(LEGACY, DICE, successor="Nova", stats=NOVA)
    assert game.char("Kira").status == "dead"
    pending = game.state.pending
    assert pending is not None
    # Nothing to take: no asset, connection or vow; a place and the miss options remain.
    assert [o["key"] for o in pending["options"]] == [
        "explore_familiar_ground",
        "deal_with_the_aftermath",
        "switch_loyalties",
        "open_pandoras_box",
    ]


@pytest.mark.parametrize(
    ("options", "named"),
    [
        # Left out, the new character is asked (a question: its name, then its stats).
        ({}, "Continue a Legacy: what is the new character's name?"),
        ({"successor": "Nova"}, "Continue a Legacy: what are Nova's stats? (3,2,2,1,1"),
        ({"successor": "Nova", "stats": "3,3,2,1,1"}, "heart=3"),
        ({"successor": "kira", "stats": NOVA}, "a character named 'kira' already exists"),
        ({"successor": "Nova", "stats": NOVA, "rank": "epic"}, "rank does not apply"),
    ],
    ids=["no_successor", "no_stats", "bad_stats", "name_taken", "other_option"],
)
def test_continue_a_legacy_refuses_in_one_line_and_changes_nothing(
    imported: None, options: dict[str, str], named: str
) -> None:
    game = heir_game()
    before = game.snapshot()
    with pytest.raises(IronswornError) as error:
        game.engine.make_move(LEGACY, **options)
    assert named in str(error.value) and "\n" not in str(error.value)
    assert game.snapshot() == before


def test_a_legacy_is_continued_once(imported: None) -> None:
    game = sf_game()
    game.move(LEGACY, DICE, successor="Nova", stats=NOVA)
    game.choose(["deal_with_the_aftermath"])
    game.choose(["deal_with_the_aftermath"])
    game.choose(["deal_with_the_aftermath"])
    before = game.snapshot()
    with pytest.raises(IronswornError, match="continued already, by Nova"):
        game.engine.make_move(LEGACY, "Kira", successor="Vale", stats=NOVA)
    assert game.snapshot() == before
