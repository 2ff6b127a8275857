"""The page holds no game facts (issue 19, "The page's code"): the campaign's ruleset is served
by the table API (``/api/c/NAME/ruleset``) and the page draws from it, so a new ruleset needs
no change to the page. A test fails if ``static/`` holds the lists again."""

from __future__ import annotations

import re
from importlib.resources import files
from typing import Any

import pytest
from web_support import CHANGE

CLASSIC_MARKS = [
    {"kind": "conditions", "names": ["wounded", "shaken", "unprepared", "encumbered"]},
    {"kind": "banes", "names": ["maimed", "corrupted"]},
    {"kind": "burdens", "names": ["cursed", "tormented"]},
]


def game_words() -> list[str]:
    """Every name the page once held as its own lists, from the rules' modules."""
    from ironsworn.campaign.character_state import CREATION_STATS
    from ironsworn.debilities import DEBILITIES
    from ironsworn.impacts import IMPACTS
    from ironsworn.moves.starforged.vehicles import MARKS
    from ironsworn.oracle import Odds
    from ironsworn.ranks import Rank
    from ironsworn.table.choices import STATS

    names = [*STATS, *(r.name.lower() for r in Rank), *(o.value for o in Odds)]
    names += [*DEBILITIES, *IMPACTS, *MARKS]
    assert len(CREATION_STATS) == 5
    # The kinds of track (which fields each takes, which finishes each), the initiative's and
    # the position's words, the rulesets, the decks a new character chooses from.
    from ironsworn.moves.starforged.crew import COMMAND_VEHICLE
    from ironsworn.moves.starforged.starting import FINAL_ASSET_TYPES
    from ironsworn.moves.tracks import RULESET_TRACKS, TRACK_KINDS

    names += [*TRACK_KINDS, *(k for kinds in RULESET_TRACKS.values() for k in kinds)]
    names += ["have", "lose", "have it", "lost", "in control", "bad spot", "in a bad spot"]
    names += [*RULESET_TRACKS, COMMAND_VEHICLE, *FINAL_ASSET_TYPES]
    names += [*in_words()]
    return names


def in_words() -> list[str]:
    """Names the page must not hold even inside its prose (a template's words): the meters,
    the kinds of vehicle and their words, the decks (issue 19: "no game facts in static/")."""
    from ironsworn.moves.homebrew import ASSET_TYPES
    from ironsworn.moves.starforged.crew import CREW_DECKS
    from ironsworn.moves.starforged.vehicles import INTEGRITY, KIND_WORDS
    from ironsworn.table.choices import STATS

    meters = ["health", "spirit", "supply"]
    return [*STATS, *meters, *KIND_WORDS, *KIND_WORDS.values(), INTEGRITY, "starship",
            *ASSET_TYPES, *CREW_DECKS, "modules", "broken"]  # fmt: skip


# A quoted word or words of the page's code ("fight", 'in control').
QUOTED = re.compile(r"""["'`]([a-z_][a-z_ ]*)["'`]""")
# Any string of the page's code, a template's text included (`${v.name} · integrity `).
STRINGS = re.compile(r""""((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'|`((?:[^`\\]|\\.)*)`""")


def words_inside(code: str) -> list[str]:
    """The names of :func:`in_words` said inside the strings of a line of code."""
    found = []
    for match in STRINGS.finditer(code):
        text = next(g for g in match.groups() if g is not None)
        found += [w for w in in_words() if re.search(rf"(?<![\w-]){re.escape(w)}(?![\w-])", text)]
    return found


# The page's own names: a form field's name and an element's class are its identifiers (a
# field named "vow", a Delve site's box of class "site"), not facts it holds.
OWN_NAMES = re.compile(r"""\b(?:name|class):\s*["'`][^"'`]*["'`]""")


def test_the_page_holds_no_game_facts() -> None:
    static = files("ironsworn.web").joinpath("static")
    found: list[str] = []
    words = game_words()
    quoted = QUOTED
    for source in static.iterdir():
        if not source.name.endswith(".js"):
            continue
        text = source.read_text(encoding="utf-8")
        for number, line in enumerate(text.splitlines(), 1):
            code = line.split("//", 1)[0]
            for word in quoted.findall(OWN_NAMES.sub("", code)):
                if word in words:
                    found.append(f"{source.name}:{number}: {word!r}")
            for word in words_inside(OWN_NAMES.sub("", code)):
                found.append(f"{source.name}:{number}: {word!r} in a string")
            # A move's id, or the creation's stat values, written in the page.
            if re.search(r"move:(classic|starforged|delve)/", code) or "3, 2, 2, 1, 1" in code:
                found.append(f"{source.name}:{number}: {code.strip()[:80]}")
    assert not (static / "game.js").is_file()
    assert found == [], "game facts in the page's code (serve them from /ruleset):\n" + "\n".join(
        found
    )


def test_the_check_finds_a_stat_written_in_the_page(tmp_path: Any) -> None:
    """The check above is not vacuous: a literal stat name is what it looks for."""
    line = 'const STATS = ["edge", "heart"];'
    assert [w for w in QUOTED.findall(line) if w in game_words()] == ["edge", "heart"]
    # ...and so are a kind of track and the position's words.
    # ...and a meter or a vehicle's words inside a template's text.
    line = 'h("b", {}, `${c.name} health ${c.health}`, ` ${x.kind} · integrity `, "a starship")'
    assert words_inside(line) == ["health", "integrity", "starship"]
    assert words_inside('h("p", {}, `${kind.label} · ${kind.meter}`)') == []
    line = 'if (t.kind === "scene") choice("bad spot", "in a bad spot");'
    assert [w for w in QUOTED.findall(line) if w in game_words()] == [
        "scene",
        "bad spot",
        "in a bad spot",
    ]


def test_a_classic_campaign_describes_its_ruleset(api: Any) -> None:
    answer = api.get("/api/c/t/ruleset")
    assert answer.status_code == 200, answer.text
    rules = answer.json()
    assert rules["ruleset"] == "classic"
    assert rules["name"] == "Ironsworn"
    # "Give yourself up to three bonds"; three assets; no starship
    assert rules["creation"] == {"bonds": 3, "assets": 3, "command_vehicle": False}
    assert rules["stats"] == ["edge", "heart", "iron", "shadow", "wits"]
    assert rules["creation_stats"] == [3, 2, 2, 1, 1]  # "3, 2, 2, 1, 1 in any order"
    # The move that joins an ally's track of a kind (the page offers it on theirs).
    assert rules["joined_by"] == {
        "fight": "move:classic/combat/enter_the_fray",
        "journey": "move:classic/adventure/undertake_a_journey",
    }
    assert rules["meters"] == [
        {"name": m, "min": 0, "max": 5} for m in ("health", "spirit", "supply")
    ]
    assert rules["momentum_min"] == -6
    assert rules["marks"] == CLASSIC_MARKS
    assert [r["key"] for r in rules["ranks"]] == [
        "troublesome",
        "dangerous",
        "formidable",
        "extreme",
        "epic",
    ]
    assert [(o["key"], o["label"]) for o in rules["odds"]][2] == ("fifty_fifty", "50/50")
    assert rules["track_kinds"][:3] == ["vow", "journey", "fight"]
    assert rules["progress_moves"] == {
        "vow": "move:classic/quest/fulfill_your_vow",
        "journey": "move:classic/adventure/reach_your_destination",
        "fight": "move:classic/combat/end_the_fight",
    }
    assert rules["swear"] == "move:classic/quest/swear_an_iron_vow"
    # "give it a rank of extreme or epic" / "troublesome, dangerous, or formidable" (setup)
    assert rules["background_ranks"] == ["extreme", "epic"]
    assert rules["inciting_ranks"] == ["troublesome", "dangerous", "formidable"]
    assert rules["vehicle_marks"] == []
    # The new-track form's fields per kind, from the track operation's declared inputs: a
    # fight takes its foe and the pack's size; a vow may be the background vow, or one still
    # to swear with the move (the inciting incident's, made unsworn).
    assert rules["track_fields"]["fight"] == ["text", "rank", "foe", "count", "characters"]
    assert rules["track_fields"]["journey"] == ["text", "rank", "characters"]
    assert rules["track_fields"]["vow"] == [
        "text",
        "rank",
        "characters",
        "background",
        "unsworn",
    ]
    assert "connection" not in rules["track_fields"]
    assert rules["resolved_by"] == {"scene": "scene_resolve"}
    assert rules["initiative"] == {
        "name": "initiative",
        "have": {"value": "have", "label": "have it", "badge": "initiative"},
        "lose": {"value": "lose", "label": "lost", "badge": None},
        "during": ["fight"],
    }
    # "Choose three assets", from any deck; no starship.
    assert rules["asset_steps"] == [{"label": f"asset {n}", "decks": None} for n in (1, 2, 3)]
    assert rules["command_vehicle_deck"] is None
    # No vehicles, crew cards or modules in classic.
    assert (rules["vehicle_kinds"], rules["crew_card"], rules["modules"]) == ([], None, None)
    assert rules["rulesets"] == [
        {"key": "classic", "name": "Ironsworn", "own_file": None},
        {"key": "starforged", "name": "Starforged", "own_file": "starforged.json"},
    ]


@pytest.mark.usefixtures("home")
def test_a_starforged_campaign_describes_its_own(api: Any) -> None:
    made = api.post("/api/campaigns", json={"name": "sf", "ruleset": "starforged"}, headers=CHANGE)
    assert made.status_code == 201, made.text
    rules = api.get("/api/c/sf/ruleset").json()
    assert rules["ruleset"] == "starforged"
    assert rules["name"] == "Starforged"
    assert rules["creation"] == {"bonds": 0, "assets": 3, "command_vehicle": True}
    assert rules["track_kinds"] == ["vow", "expedition", "fight", "connection", "scene"]
    assert (
        rules["progress_moves"]["expedition"] == "move:starforged/exploration/finish_an_expedition"
    )
    assert rules["progress_moves"]["fight"] == "move:starforged/combat/take_decisive_action"
    assert rules["progress_moves"]["connection"] == "move:starforged/connection/forge_a_bond"
    assert "journey" not in rules["progress_moves"]
    assert rules["swear"] == "move:starforged/quest/swear_an_iron_vow"
    kinds = {m["kind"]: m["names"] for m in rules["marks"]}
    assert kinds["misfortune"] == ["wounded", "shaken", "unprepared"]
    assert "permanently_harmed" in kinds["lasting effect"]
    assert rules["vehicle_marks"] == ["destruction_imminent", "needs_part", "crippled"]
    assert rules["vehicle_troubles"]["support"] == ["battered"]
    # A connection takes its role; the position's words are Starforged's.
    assert rules["track_fields"]["connection"] == ["text", "rank", "characters", "role"]
    assert "journey" not in rules["track_fields"]
    assert rules["initiative"]["name"] == "position"
    assert rules["initiative"]["have"] == {
        "value": "in control",
        "label": "in control",
        "badge": "in control",
    }
    assert rules["initiative"]["lose"]["label"] == "in a bad spot"
    # "Step 2: Choose Two Paths", then a final asset; the STARSHIP is given, named once.
    assert [s["label"] for s in rules["asset_steps"]] == ["path 1", "path 2", "final asset"]
    assert rules["asset_steps"][0]["decks"] == ["path"]
    assert rules["asset_steps"][2]["decks"] == ["path", "companion", "module", "support_vehicle"]
    assert rules["command_vehicle_deck"] == "command_vehicle"
    # The three kinds of vehicle, in the sheet's words; the crew's cards; the modules' flip.
    kinds = {k["key"]: k for k in rules["vehicle_kinds"]}
    assert list(kinds) == ["command", "support", "incidental"]
    assert [k["label"] for k in kinds.values()] == [
        "command vehicle",
        "support vehicle",
        "incidental vehicle",
    ]
    assert [k["key"] for k in kinds.values() if k["command"]] == ["command"]
    assert [k["key"] for k in kinds.values() if k["by_hand"]] == ["incidental"]
    assert {k["meter"] for k in kinds.values()} == {"integrity"}
    assert rules["crew_card"]["label"] == "crew"
    assert rules["crew_card"]["owner"].replace("{owner}", "Kira") == "Kira's"
    assert rules["modules"] == {"label": "modules", "mark": "broken"}
