"""The Starforged asset deck at work: what a new Starforged player meets first (the paths'
adds, Navigator on Set a Course, Ace on Face Danger, the command vehicle's +integrity), the
abilities used outside a move, the coverage tally and its floor, and bad input refused in one
line with nothing changed. Each effect with and without its ability is in
``test_starforged_assets_all.py``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from sf_assets_support import SfGame, sf_asset, starforged_home

from ironsworn.content import load_library
from ironsworn.errors import NotFound, RuleViolation
from ironsworn.moves.assets.coverage import ability_status, tally
from ironsworn.moves.assets.effects import abilities_for, fiction
from ironsworn.moves.assets.uses import use_ability
from shared_files import STARFORGED_DATASWORN, shared_file

__all__ = ["starforged_home"]

# The floor of automated Starforged abilities (raise it as more are automated).
AUTOMATED_FLOOR = 172


@pytest.fixture(autouse=True)
def private_home(starforged_home: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("IRONSWORN_HOME", str(starforged_home))
    monkeypatch.delenv("IRONSWORN_CAMPAIGN", raising=False)
    return starforged_home


def _deck() -> list[object]:
    return list(load_library().in_ruleset("assets", "starforged").values())


def test_the_coverage_tally_of_the_starforged_deck() -> None:
    """Of the deck's abilities, how many the engine applies, in part, or leaves to the player
    (each with its reason: narrative, lasting, sheet, other)."""
    counts = tally(_deck())  # type: ignore[arg-type]
    assert counts["abilities"] == 261  # 87 cards of three abilities
    assert counts["automated"] + counts["partial"] + counts["reminder"] == 261
    assert counts["automated"] >= AUTOMATED_FLOOR, counts
    for asset in load_library().in_ruleset("assets", "starforged").values():
        for ability in asset.abilities:
            status = ability_status(ability)
            assert status["kind"] == "automated" or status["why"], ability.id
            assert status["reason"] in ("", "narrative", "lasting", "sheet", "other"), ability.id


def test_every_ability_has_its_datasworn_id_and_the_moves_it_enhances() -> None:
    ace = sf_asset("ace")
    assert [a.id for a in ace.abilities] == [
        f"asset.ability:starforged/path/ace.{i}" for i in range(3)
    ]
    # The moves an effect acts on are the file's enhance_moves, not ours.
    assert ace.abilities[0].effects[0]["moves"] == list(ace.abilities[0].enhances[0].moves)
    assert "move:starforged/*/face_danger" in ace.abilities[0].effects[0]["moves"]


def test_navigator_is_offered_on_set_a_course_and_ace_on_face_danger() -> None:
    g = SfGame(["ace", "navigator"])
    ruleset = g.engine.ruleset
    course = ruleset.moves["move:starforged/exploration/set_a_course"]
    offered = abilities_for(ruleset, g.char(), course)
    assert [(o["asset"], o["effect"]) for o in offered] == [
        ("navigator:1:fastest", "+2 momentum on a strong hit, +1 discoveries legacy tick on a "
         "strong hit with a match"),
        ("navigator:1:safest", "+1, +1 discoveries legacy tick on a strong hit with a match"),
    ]  # fmt: skip
    danger = ruleset.moves["move:starforged/adventure/face_danger"]
    [ace] = abilities_for(ruleset, g.char(), danger)
    assert ace["asset"] == "ace:1" and ace["when"].startswith("by guiding your vehicle")
    # Told after the ability's name as it reads: not "when by guiding your vehicle".
    assert ace["fiction"].startswith("by guiding your vehicle")
    # The same abilities on the scene challenge's Face Danger (Datasworn's */face_danger).
    scene = ruleset.moves["move:starforged/scene_challenge/face_danger"]
    assert [a["asset"] for a in abilities_for(ruleset, g.char(), scene)] == ["ace:1"]


def test_ace_adds_one_and_a_momentum_on_face_danger() -> None:
    """Ace 1: add +1 and take +1 momentum on a hit (Face Danger's strong hit: +1 more)."""
    g = SfGame(["ace"])
    g.dice([4, 3, 8])
    result = g.engine.make_move("face danger", stat="edge", asset=["ace"])
    [record] = result.moves
    assert record.roll is not None and record.roll["adds"] == 1 and record.outcome == "weak_hit"
    assert record.assets == ["Ace 1"]
    # Without naming Ace, the fiction is not said to fit: no add.
    g2 = SfGame(["ace"])
    g2.dice([4, 3, 8])
    plain = g2.engine.make_move("face danger", stat="edge")
    assert plain.moves[0].roll is not None and plain.moves[0].roll["adds"] == 0


def test_navigator_safest_path_marks_a_discovery_on_a_strong_hit_with_a_match() -> None:
    g = SfGame(["navigator"])
    g.dice([4, 3, 3])
    g.engine.make_move("set a course", asset=["navigator:1:safest"])
    assert g.char().legacy_track("discoveries")["ticks"] == 1


def test_ace_rolls_the_starships_integrity_on_endure_stress() -> None:
    g = SfGame(["ace"])
    g.ability("ace", 3)
    g._keep(g.sheet.adjust(None, "integrity", -2))  # the Firebird at 3 integrity
    g.dice([4, 1, 2])
    result = g.engine.make_move("endure stress", amount=1, asset=["ace:3"])
    g.dice([4, 1, 2])
    result = g.engine.choose(["resist"])
    rolled = [m for m in result.moves if m.roll]
    assert rolled[0].stat == "integrity" and rolled[0].roll is not None
    assert rolled[0].roll["stat"] == 3


def test_an_ability_used_outside_a_move() -> None:
    """Shade 3: dropping the veil for effect takes +2 momentum (``asset use``)."""
    g = SfGame(["shade"])
    g.ability("shade", 3)
    result = use_ability(g.engine, None, "shade", 3)
    assert ("momentum", 2, 4) in [(e["meter"], e["from"], e["to"]) for e in result.events
                                  if e["type"] == "meter"]  # fmt: skip


def test_a_starforged_card_in_a_classic_campaign_is_refused_naming_its_ruleset() -> None:
    from moves_support import Game

    g = Game()
    g.engine.ruleset = load_library()  # the Starforged cards are known, not this campaign's
    before = g.snapshot()
    with pytest.raises(NotFound) as refused:
        g.sheet.new_character("Asha", "edge=3,heart=2,iron=2,shadow=1,wits=1", assets=["ace"])
    message = str(refused.value)
    assert "Ace is a starforged asset; this campaign plays classic" in message
    # What is accepted, in the engine's words: no surface's command (each says how it lists)
    assert message.endswith("(accepted: the classic assets)") and "\n" not in message
    assert "ironsworn" not in message
    assert g.snapshot() == before


@pytest.mark.parametrize(
    ("kind", "query", "ruleset", "message"),
    [
        ("npcs", "bear", "starforged", "Bear is a classic NPC; this campaign plays starforged "
         "(accepted: the starforged NPCs)"),
        ("moves", "undertake an expedition", "classic", "Undertake an Expedition is a starforged "
         "move; this campaign plays classic (accepted: the classic moves)"),
    ],
)  # fmt: skip
def test_an_item_of_the_other_ruleset_is_refused_in_words_every_surface_shows(
    kind: str, query: str, ruleset: str, message: str
) -> None:
    """The library names what is accepted without a command of one surface (the command
    line, play mode and the web each say how their player lists the items)."""
    from ironsworn.errors import InvalidValue

    with pytest.raises(InvalidValue) as refused:
        load_library().find_in(kind, query, ruleset)
    assert str(refused.value) == message


def test_an_unknown_card_is_refused_in_one_line_and_nothing_changes() -> None:
    g = SfGame(["ace"])
    before = g.snapshot()
    with pytest.raises(NotFound, match="unknown starforged asset 'frobnicator'"):
        g.sheet.new_character("Bo", "edge=3,heart=2,iron=2,shadow=1,wits=1", assets=["frobnicator"])
    with pytest.raises(NotFound, match="Kira has no asset 'frob'"):
        g.engine.make_move("face danger", stat="edge", asset=["frob"])
    with pytest.raises(RuleViolation, match="ability 3 of Ace is not marked"):
        g.engine.make_move("face danger", stat="edge", asset=["ace:3"])
    assert g.snapshot() == before


def test_asset_fits_on_the_command_line_lists_a_starforged_card(
    starforged_home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from ironsworn.cli.main import main

    assert main(["campaign", "new", "fits", "--ruleset", "starforged"]) == 0
    stats = ["--stats", "3,2,2,1,1"]
    ship = ["--starship", "Vesper"]
    assert main(["character", "new", "Kira", *stats, *ship, "--asset", "navigator"]) == 0
    capsys.readouterr()
    assert main(["asset", "fits", "set", "a", "course", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert [r["asset"] for r in rows] == ["navigator:1:fastest", "navigator:1:safest"]
    # A classic card in this Starforged campaign: exit 2, one line naming it, nothing made.
    assert main(["character", "new", "Bo", *stats, "--asset", "hawk"]) == 2
    error = capsys.readouterr().err.strip()
    assert "'hawk': Hawk is a classic asset; this campaign plays starforged" in error
    assert "\n" not in error
    assert main(["sheet", "Bo"]) == 2


def test_kinetic_2_adds_two_after_the_roll_for_three_momentum() -> None:
    """Kinetic 2: "add +2 (after you roll) and Lose Momentum (-3)", offered when it changes
    the outcome (a miss 2+3=5 vs 6|9 becomes a weak hit 7)."""
    g = SfGame(["kinetic"])
    g.ability("kinetic", 2)
    g.set(momentum=5)
    g.dice([2, 6, 9])
    result = g.engine.make_move("face danger", stat="edge")
    assert result.pending is not None and "kinetic_2" in str(result.pending["options"])
    chosen = g.engine.choose(["kinetic_2"])
    record = [m for m in chosen.moves if m.roll][-1]
    assert record.outcome == "weak_hit" and record.roll is not None
    assert g.char().momentum == 2  # 5 - 3
    without = SfGame(["kinetic"])
    without.dice([2, 6, 9])
    plain = without.engine.make_move("face danger", stat="edge")
    assert plain.moves[0].outcome == "miss"


def test_oathbreaker_counts_as_an_impact_and_fated_until_the_next_milestone() -> None:
    """Oathbreaker 1: "This asset counts as an impact" (max momentum 9, reset 1). Fated 2: the
    automatic strong hit on Face Death makes the card count as an impact "until you next
    Reach a Milestone"."""
    g = SfGame([])
    g._keep(g.sheet.mark_legacy("Kira", "quests", 8))
    g.engine.make_move("advance", asset="oathbreaker")
    assert (g.char().momentum_max, g.char().momentum_reset) == (9, 1)
    f = SfGame(["fated"])
    f.ability("fated", 2)
    f._keep(f.sheet.new_track("vow", "Fate", "epic", background=True))
    vow = f._keep(f.sheet.new_track("vow", "Find her", "dangerous"))
    f.set(health=0)
    f.dice([])
    f.engine.make_move("face death", asset=["fated:2"])
    assert f.char().momentum_max == 9
    f.engine.make_move("reach a milestone", track=str(vow.events[0]["track"]["id"]))
    assert f.char().momentum_max == 10


def test_vehicle_bay_buys_a_support_vehicle_for_one_less_experience() -> None:
    """Vehicle Bay 1: "purchase or upgrade a support vehicle for 1 less experience" (2 for a
    new one, 1 for an upgrade); another card costs what Advance says (3)."""
    g = SfGame(["vehicle_bay"])
    g._keep(g.sheet.mark_legacy("Kira", "quests", 8))  # 2 boxes: 4 experience
    g.engine.make_move("advance", asset="skiff")
    assert g.char().experience_spent == 2
    g.engine.make_move("advance", asset="skiff", ability=2)
    assert g.char().experience_spent == 3
    with pytest.raises(RuleViolation, match="Advance costs 3 experience for a new asset"):
        g.engine.make_move("advance", asset="ace")
    plain = SfGame([])
    plain._keep(plain.sheet.mark_legacy("Kira", "quests", 8))
    plain.engine.make_move("advance", asset="skiff")
    assert plain.char().experience_spent == 3


def test_a_deed_is_not_taken_when_a_character_is_created(starforged_home: Path) -> None:
    """The file's own rule for deeds: "you cannot choose a deed when creating your
    character" (Advance buys one later)."""
    data = json.loads(shared_file(STARFORGED_DATASWORN).read_text(encoding="utf-8"))
    assert (
        "cannot choose a deed when creating your character" in data["assets"]["deed"]["description"]
    )
    g = SfGame(["ace"])
    before = g.snapshot()
    with pytest.raises(RuleViolation, match="'survivor': Survivor is a deed, and a new char"):
        g.sheet.new_character("Bo", "edge=3,heart=2,iron=2,shadow=1,wits=1", assets=["survivor"])
    assert g.snapshot() == before


@pytest.mark.parametrize(
    ("when", "reads"),
    [
        ("using your shield as cover", "when using your shield as cover"),
        ("you use the reading", "when you use the reading"),
        ("in your vehicle", "when in your vehicle"),
        ("the warband pays the cost", "when the warband pays the cost"),
        ("by guiding your vehicle through a hazard", "by guiding your vehicle through a hazard"),
        ("to detect a threat", "to detect a threat"),
        ("with a missile attack", "with a missile attack"),
        ("for home", "for home"),
        ("through an autopsy or medical examination", "through an autopsy or medical examination"),
        ("against an ambush", "against an ambush"),
        ("among those who know you", "among those who know you"),
        ("once per fight, by using the combat bot", "once per fight, by using the combat bot"),
        ("a feint or misdirection (once per fight)", "a feint or misdirection (once per fight)"),
        ("at an unsuspecting foe", "at an unsuspecting foe"),
        ("alongside your hound", "alongside your hound"),
        ("someone who fought beside you", "someone who fought beside you"),
        ("", ""),
    ],
)  # fmt: skip
def test_an_abilitys_fiction_reads_after_its_name(when: str, reads: str) -> None:
    assert fiction(when) == reads
