"""The web table's API for a Starforged campaign (issue 11): the campaign's own oracles and
assets, a Starforged character made with its starship, background vow and assets from the
imported pack, and the move panel's options for the moves that read them."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from web_support import CHANGE, STATS

from ironsworn.content import clear_cache, import_pack
from shared_files import STARFORGED_DATASWORN, shared_file


@pytest.fixture
def pack(home: Path) -> Iterator[None]:
    """The Datasworn Starforged file imported into the test's data home."""
    clear_cache()
    import_pack(shared_file(STARFORGED_DATASWORN))
    clear_cache()
    yield
    clear_cache()


def sf(api: Any) -> None:
    made = api.post("/api/campaigns", json={"name": "sf", "ruleset": "starforged"}, headers=CHANGE)
    assert made.status_code == 201, made.text


def do(api: Any, action: str, body: dict[str, Any], campaign: str = "sf") -> Any:
    return api.post(f"/api/c/{campaign}/actions/{action}", json=body, headers=CHANGE)


def export(api: Any, campaign: str = "sf") -> str:
    text: str = api.get(f"/api/c/{campaign}/export/json").text
    return text


def rulesets(items: list[dict[str, Any]]) -> set[str]:
    return {str(i["id"]).split(":", 1)[1].split("/", 1)[0] for i in items}


# ------------------------------------------------------------------ the campaign's content


def test_a_campaign_lists_only_its_own_oracles_and_assets(api: Any, pack: None) -> None:
    sf(api)
    oracles = api.get("/api/c/sf/oracles").json()
    assets = api.get("/api/c/sf/content/assets").json()
    # The 249 oracle tables (the 13 printed in the moves are the moves', not listed here).
    assert len(oracles) == 249 and rulesets(oracles) == {"starforged"}
    assert len(assets) == 87 and rulesets(assets) == {"starforged"}
    assert rulesets(api.get("/api/c/sf/content/truths").json()) == {"starforged"}
    # The classic campaign 't' never offers them.
    classic_oracles = api.get("/api/c/t/oracles").json()
    classic_assets = api.get("/api/c/t/content/assets").json()
    assert rulesets(classic_oracles) == {"classic"} and rulesets(classic_assets) == {"classic"}
    assert any(a["name"] == "Hawk" for a in classic_assets)
    assert rulesets(api.get("/api/c/t/content/npcs").json()) == {"classic"}
    # The library-wide reads choose by ?ruleset= (every ruleset without it).
    assert rulesets(api.get("/api/oracles").json()) == {"classic", "starforged"}
    assert rulesets(api.get("/api/oracles?ruleset=classic").json()) == {"classic"}
    assert rulesets(api.get("/api/content/assets?ruleset=starforged").json()) == {"starforged"}


def test_without_a_pack_a_starforged_campaign_has_no_oracles_or_assets(api: Any) -> None:
    clear_cache()
    sf(api)
    assert api.get("/api/c/sf/oracles").json() == []
    assert api.get("/api/c/sf/content/assets").json() == []


@pytest.mark.parametrize(
    ("path", "words"),
    [
        ("/api/oracles?ruleset=chess", "ruleset 'chess' is unknown"),
        ("/api/content/assets?ruleset=chess", "ruleset 'chess' is unknown"),
        ("/api/c/sf/content/passwords", "content 'passwords' is unknown"),
    ],
)
def test_bad_content_reads_are_one_line(api: Any, path: str, words: str) -> None:
    sf(api)
    response = api.get(path)
    assert response.status_code == 400
    message = response.json()["error"]
    assert words in message and "accepted" in message and "\n" not in message
    assert api.get("/api/c/nowhere/oracles").status_code == 404


# ---------------------------------------------------------------- a Starforged character


def test_a_starforged_character_is_made_as_on_the_command_line(
    api: Any, pack: None, home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The page's creation: stats, assets from the imported pack (STARSHIP named on its card is
    the command vehicle), the background vow; the same sheet as 'character new --json'."""
    import json

    from ironsworn.cli.main import main

    sf(api)
    made = do(
        api, "character", {"name": "Kira", "stats": STATS, "assets": ["starship=Vesper", "ace"]}
    )
    assert made.status_code == 200, made.text
    assert main(["campaign", "new", "cli", "--ruleset", "starforged"]) == 0
    capsys.readouterr()
    argv = ["character", "new", "Kira", "--stats", STATS, "--asset", "starship=Vesper"]
    assert main([*argv, "--asset", "ace", "--campaign", "cli", "--json"]) == 0
    assert made.json() == json.loads(capsys.readouterr().out)
    vow = do(
        api, "track", {"kind": "vow", "text": "Find my sister", "rank": "epic", "background": True}
    )
    assert vow.status_code == 200, vow.text
    data = api.get("/api/c/sf/state").json()
    kira = data["characters"][0]
    assert kira["vehicle"]["name"] == "Vesper" and data["vehicle"]["integrity"] == 5
    assert [a["name"] for a in kira["assets"]] == ["Starship", "Ace"]
    assert kira["background_vow"] == vow.json()["id"] and kira["vows"][0]["rank"] == "epic"
    assert [i["name"] for i in data["vehicle_impacts"]] == ["battered", "cursed"]
    assert "battered" not in [i["name"] for i in data["impacts"]]


def test_a_starship_without_the_card_and_the_starforged_tracks(api: Any) -> None:
    sf(api)
    assert do(api, "character", {"name": "Kira", "stats": STATS}).status_code == 200
    ship = do(api, "vehicle", {"name": "Vesper", "integrity": 5})
    assert ship.status_code == 200 and ship.json()["name"] == "Vesper"
    assert api.get("/api/c/sf/state").json()["characters"][0]["vehicle"]["max"] == 5
    # Its integrity and troubles change by hand as the sheet's other meters do.
    assert do(api, "adjust", {"meter": "integrity", "delta": -2}).status_code == 200
    assert do(api, "debility", {"name": "battered"}).status_code == 200
    vehicle = api.get("/api/c/sf/state").json()["vehicle"]
    assert vehicle["integrity"] == 3 and vehicle["impacts"] == ["battered"]
    expedition = do(
        api, "track", {"kind": "expedition", "text": "Cross the Shroud", "rank": "dangerous"}
    )
    assert expedition.status_code == 200 and expedition.json()["kind"] == "expedition"
    dax = do(
        api,
        "track",
        {"kind": "connection", "text": "Dax", "rank": "troublesome", "role": "navigator"},
    )
    assert dax.status_code == 200 and dax.json()["role"] == "navigator"
    tracks = api.get("/api/c/sf/state").json()["tracks"]
    assert [(t["kind"], t.get("role")) for t in tracks] == [
        ("expedition", None),
        ("connection", "navigator"),
    ]
    marked = do(api, "legacy", {"track": "quests", "ticks": 9})
    assert marked.status_code == 200, marked.text
    kira = api.get("/api/c/sf/state").json()["characters"][0]
    assert kira["legacy"]["quests"]["ticks"] == 9 and kira["experience"]["earned"] == 4


@pytest.mark.parametrize(
    ("action", "body", "status", "words"),
    [
        (
            "track",
            {"kind": "journey", "text": "Home", "rank": "dangerous"},
            400,
            "not a track of a starforged campaign (accepted: vow, expedition",
        ),
        (
            "track",
            {"kind": "vow", "text": "Revenge", "rank": "troublesome", "background": True},
            400,
            "background vow's rank is extreme or epic",
        ),
        (
            "track",
            {"kind": "vow", "text": "Revenge", "rank": "epic", "role": "pilot"},
            400,
            "for connections, not a vow",
        ),
        ("vehicle", {"name": "Vesper", "integrity": 11}, 400, "integrity 11 is out of range"),
        ("vehicle", {"name": "Second"}, 409, "already has a command vehicle, Wayfinder"),
        (
            "legacy",
            {"track": "heroics", "ticks": 2},
            400,
            "legacy track 'heroics' is unknown (accepted: quests, bonds, discoveries)",
        ),
        ("legacy", {"track": "quests", "ticks": 0}, 400, "ticks 0 is out of range"),
        ("legacy", {"track": "quests"}, 400, "option 'ticks' is required"),
        ("debility", {"name": "maimed"}, 400, "maimed"),
    ],
)
def test_bad_starforged_input_is_one_line_and_changes_nothing(
    api: Any, action: str, body: dict[str, Any], status: int, words: str
) -> None:
    sf(api)
    assert do(api, "character", {"name": "Kira", "stats": STATS}).status_code == 200
    assert do(api, "vehicle", {"name": "Wayfinder"}).status_code == 200
    before = export(api)
    response = do(api, action, body)
    assert response.status_code == status, response.text
    message = response.json()["error"]
    assert words in message and "\n" not in message, message
    assert export(api) == before


@pytest.mark.parametrize(
    ("action", "body", "status", "words"),
    [
        (
            "track",
            {"kind": "expedition", "text": "Away", "rank": "dangerous"},
            400,
            "not a track of a classic campaign (accepted: vow, journey",
        ),
        ("vehicle", {"name": "Vesper"}, 409, "a command vehicle is for Starforged campaigns"),
        (
            "legacy",
            {"track": "quests", "ticks": 4},
            409,
            "Asha is a classic character: no legacy tracks",
        ),
    ],
)
def test_starforged_actions_in_a_classic_campaign_are_refused(
    api: Any, action: str, body: dict[str, Any], status: int, words: str
) -> None:
    assert do(api, "character", {"name": "Asha", "stats": STATS}, "t").status_code == 200
    before = export(api, "t")
    response = do(api, action, body, "t")
    assert response.status_code == status, response.text
    assert words in response.json()["error"]
    assert export(api, "t") == before


# ------------------------------------------------------------ the move panel's own options


def reads(api: Any, campaign: str, move: str) -> dict[str, Any]:
    panel = api.get(f"/api/c/{campaign}/moves/{move}").json()
    return {r["option"]: r.get("values") for r in panel["reads"]}


def test_the_panel_offers_a_connections_rank_and_role_and_makes_it(api: Any) -> None:
    sf(api)
    assert do(api, "character", {"name": "Kira", "stats": STATS}).status_code == 200
    options = reads(api, "sf", "move:starforged/connection/make_a_connection")
    assert options["rank"] == ["troublesome", "dangerous", "formidable", "extreme", "epic"]
    assert "role" in options and "as" not in options and "amount" not in options
    assert set(reads(api, "sf", "move:starforged/suffer/withstand_damage")) == {"amount", "vehicle"}
    do(api, "vehicle", {"name": "Wayfinder"})
    assert reads(api, "sf", "withstand damage")["vehicle"] == ["Wayfinder"]
    # The options the panel offers are those the move takes: the connection is made with them.
    body = {
        "move": "move:starforged/connection/make_a_connection",
        "stat": "heart",
        "dice": [6, 1, 2],
        "with": "Dax",
        "rank": "dangerous",
        "role": "navigator",
    }
    made = do(api, "move", body)
    assert made.status_code == 200, made.text
    dax = next(t for t in api.get("/api/c/sf/state").json()["tracks"] if t["kind"] == "connection")
    assert (dax["rank"], dax["role"]) == ("dangerous", "navigator")


def test_the_panel_offers_roles_where_the_campaign_plays_with_them(api: Any) -> None:
    assert do(api, "character", {"name": "Asha", "stats": STATS}, "t").status_code == 200
    with_cards = reads(api, "t", "face danger")
    assert "as" not in with_cards and "role_bonus" not in with_cards
    advance = reads(api, "t", "advance")
    assert "asset" in advance and "raise" not in advance and "new_role" not in advance
    assert reads(api, "t", "swear an iron vow")["track"] == []
    assert do(api, "option", {"name": "assets", "value": "roles"}, "t").status_code == 200
    advance = reads(api, "t", "advance")
    assert advance["raise"] == ["edge", "heart", "iron", "shadow", "wits"]
    assert "new_role" in advance and "asset" not in advance
    named = do(api, "move", {"move": "advance", "new_role": "scout"}, "t")
    assert named.status_code == 200, named.text
    face = reads(api, "t", "face danger")
    assert face["as"] == ["scout"] and face["role_bonus"] == ["+2", "momentum"]
    assert "as" not in reads(api, "t", "fulfill your vow")  # not for a progress move
    rolled = do(
        api,
        "move",
        {
            "move": "face danger",
            "stat": "edge",
            "as": "scout",
            "role_bonus": "+2",
            "dice": [1, 5, 6],
        },
        "t",
    )
    assert rolled.status_code == 200 and rolled.json()["roll"]["score"] == 6  # 1 + 3 + 2
    assert do(api, "option", {"name": "assets", "value": "none"}, "t").status_code == 200
    advance = reads(api, "t", "advance")
    assert "raise" in advance and "new_role" not in advance
    do(api, "track", {"kind": "vow", "text": "Avenge my kin", "rank": "extreme"}, "t")
    vows = reads(api, "t", "swear an iron vow")["track"]
    assert [v["name"] for v in vows] == ["Avenge my kin"]


# ------------------------------------------------------ every vehicle, marks and position


SHUTTLE = "asset:starforged/support_vehicle/shuttle"
MODULE = "asset:starforged/module/engine_upgrade"


def fleet(api: Any) -> None:
    """Kira with the STARSHIP, a shuttle (a support vehicle) and an engine upgrade (a module)."""
    sf(api)
    assets = ["asset:starforged/command_vehicle/starship=Vesper", SHUTTLE, MODULE]
    made = do(api, "character", {"name": "Kira", "stats": STATS, "assets": assets})
    assert made.status_code == 200, made.text


def test_every_vehicle_is_in_the_state_and_changes_as_on_the_command_line(
    api: Any, pack: None
) -> None:
    fleet(api)
    listing = api.get("/api/c/sf/state").json()["vehicles"]
    assert [(v["name"], v["kind"], v["integrity"]) for v in listing["vehicles"]] == [
        ("Vesper", "command", 5),
        ("Shuttle", "support", 4),
    ]
    assert [(m["name"], m["key"], m["broken"]) for m in listing["modules"]] == [
        ("Engine Upgrade", "engine_upgrade", False)
    ]
    # An incidental vehicle joins, is marked, and is left behind (vehicle new/mark/remove).
    skiff = do(api, "vehicle", {"name": "Skiff", "incidental": True, "integrity": 2})
    assert skiff.status_code == 200, skiff.text
    assert do(api, "vehicle_mark", {"name": "crippled", "vehicle": "Skiff"}).status_code == 200
    assert do(api, "vehicle_mark", {"name": "battered", "vehicle": "shuttle"}).status_code == 200
    assert do(api, "vehicle_mark", {"name": "broken", "module": "engine upgrade"}).status_code == (
        200
    )
    listing = api.get("/api/c/sf/state").json()["vehicles"]
    by_name = {v["name"]: v for v in listing["vehicles"]}
    assert by_name["Skiff"] == {
        "name": "Skiff",
        "kind": "incidental",
        "key": "skiff",
        "integrity": 2,
        "max": 2,
        "troubles": [],
        "marks": ["crippled"],
    }
    assert by_name["Shuttle"]["troubles"] == ["battered"]
    assert listing["modules"][0]["broken"] is True
    cleared = do(api, "vehicle_mark", {"name": "broken", "module": "engine_upgrade", "mark": False})
    assert cleared.status_code == 200, cleared.text
    assert do(
        api, "vehicle", {"name": "skiff", "incidental": True, "remove": True}
    ).status_code == (200)
    listing = api.get("/api/c/sf/state").json()["vehicles"]
    assert [v["name"] for v in listing["vehicles"]] == ["Vesper", "Shuttle"]
    assert listing["modules"][0]["broken"] is False
    # Each is one operation: undo brings the skiff back.
    assert do(api, "undo", {}).status_code == 200
    names = [v["name"] for v in api.get("/api/c/sf/state").json()["vehicles"]["vehicles"]]
    assert names == ["Vesper", "Shuttle", "Skiff"]
    assert api.get("/api/c/t/state").json()["vehicles"] is None  # a classic campaign has none


@pytest.mark.parametrize(
    ("action", "body", "status", "words"),
    [
        ("vehicle", {"name": "Skiff", "incidental": True}, 400, "option 'integrity' is required"),
        (
            "vehicle",
            {"name": "Skiff", "incidental": True, "integrity": 0},
            400,
            "integrity 0 is out of range",
        ),
        ("vehicle", {"name": "Vesper", "remove": True}, 400, "remove is for an incidental"),
        (
            "vehicle",
            {"name": "Raft", "incidental": True, "remove": True},
            400,
            "incidental vehicle 'Raft' is unknown",
        ),
        ("vehicle", {"name": "shuttle", "incidental": True, "integrity": 3}, 400, "already"),
        (
            "vehicle_mark",
            {"name": "scratched"},
            400,
            "mark 'scratched' is unknown (accepted: battered, cursed, broken",
        ),
        (
            "vehicle_mark",
            {"name": "broken"},
            400,
            "option 'module' is required (broken: the module, by name; accepted: engine_upgrade)",
        ),
        ("vehicle_mark", {"name": "battered", "vehicle": "Raft"}, 400, "vehicle 'Raft'"),
        ("vehicle_mark", {"name": "cursed", "vehicle": "shuttle"}, 409, "cannot be cursed"),
        ("vehicle_mark", {"name": "battered", "mark": False}, 409, "Vesper is not battered"),
        ("vehicle_mark", {"name": "battered", "wheel": 1}, 400, "unknown option 'wheel'"),
        ("initiative", {"value": "maybe"}, 400, "initiative 'maybe' is unknown (accepted"),
        ("initiative", {"value": "bad spot"}, 409, "Kira is already in a bad spot"),
        ("initiative", {}, 400, "option 'value' is required"),
        ("initiative", {"value": "have", "character": "Bran"}, 400, "Bran"),
    ],
)
def test_bad_vehicle_and_position_input_is_one_line_and_changes_nothing(
    api: Any, pack: None, action: str, body: dict[str, Any], status: int, words: str
) -> None:
    fleet(api)
    before = export(api)
    response = do(api, action, body)
    assert response.status_code == status, response.text
    message = response.json()["error"]
    assert words in message and "\n" not in message, message
    assert export(api) == before


@pytest.mark.parametrize(
    ("campaign", "have", "lose", "field", "shown"),
    [
        ("t", "have", "lose", "initiative", (True, False)),
        ("sf", "in control", "bad spot", "position", ("in control", "in a bad spot")),
    ],
)
def test_the_initiative_or_position_by_hand(
    api: Any, campaign: str, have: str, lose: str, field: str, shown: tuple[Any, Any]
) -> None:
    if campaign == "sf":
        sf(api)
    assert do(api, "character", {"name": "Kira", "stats": STATS}, campaign).status_code == 200
    fight = do(api, "track", {"kind": "fight", "text": "Pirates", "rank": "dangerous"}, campaign)
    assert fight.status_code == 200, fight.text

    def now() -> Any:
        return api.get(f"/api/c/{campaign}/state").json()["characters"][0][field]

    assert now() == shown[1]
    assert do(api, "initiative", {"value": have}, campaign).status_code == 200
    assert now() == shown[0]
    assert do(api, "initiative", {"value": lose}, campaign).status_code == 200
    assert now() == shown[1]
    assert do(api, "undo", {}, campaign).status_code == 200
    assert now() == shown[0]


def test_the_panel_offers_a_connection_who_aids_not_a_bond(api: Any) -> None:
    """Starforged has connections, not bonds: the panel's "with" on an action move is one of
    the character's connections (+1 where their role helps), and no field without one (it
    asked for "the person or community of the bond", classic's words)."""
    sf(api)
    assert do(api, "character", {"name": "Kira", "stats": STATS}).status_code == 200
    assert "with" not in reads(api, "sf", "face danger")
    track = {"kind": "connection", "text": "Dax", "rank": "troublesome", "role": "navigator"}
    assert do(api, "track", track).status_code == 200
    panel = api.get("/api/c/sf/moves/face danger").json()
    (offered,) = [r for r in panel["reads"] if r["option"] == "with"]
    assert offered["help"].startswith("a connection whose role helps")
    dax = next(t for t in api.get("/api/c/sf/state").json()["tracks"] if t["name"] == "Dax")
    assert offered["values"] == [{"id": dax["id"], "name": "Dax", "kind": "connection"}]
    # What the panel offers is what the move takes: Dax's +1.
    body = {"move": "face danger", "stat": "wits", "dice": [4, 9, 9], "with": dax["id"]}
    moved = do(api, "move", body)
    assert moved.status_code == 200, moved.text
    assert moved.json()["roll"]["adds"] == 1
    # Make a Connection names a new one (its own field, as before).
    assert reads(api, "sf", "make a connection")["with"] is None


def test_the_panel_offers_the_companions_by_the_names_given(api: Any, pack: None) -> None:
    """Companion Takes a Hit (issue 20: by name, not only by the card's full id): the panel
    offers the character's companions by the name the player gave them, and the move takes
    the one offered."""
    sf(api)
    body = {"name": "Bram", "stats": STATS, "assets": ["healer", "rockhorn=Boulder", "gunner"]}
    assert do(api, "character", {**body, "starship": "Vesper"}).status_code == 200
    rockhorn = "asset:starforged/companion/rockhorn"
    companions = reads(api, "sf", "companion takes a hit")["companion"]
    assert companions == [{"id": rockhorn, "name": "Boulder", "kind": "Rockhorn"}]
    move = {"move": "companion takes a hit", "amount": 2, "companion": rockhorn}
    made = do(api, "move", move)
    assert made.status_code == 200, made.text
    sheet = api.get("/api/c/sf/state").json()["characters"][0]
    assert next(a for a in sheet["assets"] if a["id"] == rockhorn)["meter"]["value"] == 3


def test_a_result_names_what_it_changed_for_the_page(api: Any, pack: None) -> None:
    """The page's result names each change as a player says it (a card's ability, a legacy
    track, a vow's progress), not by the id the command line's JSON keeps in ``target``."""
    page = {**CHANGE, "X-Ironsworn-Page": "1"}
    sf(api)
    body = {"name": "Kira", "stats": STATS, "assets": ["ace", "navigator"], "starship": "Vesper"}
    assert do(api, "character", body).status_code == 200
    course = {"move": "set a course", "dice": [6, 3, 3], "asset": ["navigator:1:fastest"]}
    made = api.post("/api/c/sf/actions/move", json=course, headers=page).json()
    labels = {e["target"]: e["label"] for e in made["effects"]}
    assert labels["legacy:discoveries"] == "discoveries legacy"
    assert labels["momentum"] == "momentum"
    vow = {"kind": "vow", "text": "Find Dax", "rank": "dangerous"}
    track = api.post("/api/c/sf/actions/track", json=vow, headers=page).json()
    made = api.post("/api/c/sf/actions/progress", json={"track": track["id"]}, headers=page)
    (marked,) = made.json()["effects"]
    assert marked["label"] == "Find Dax progress"
    api.post("/api/c/sf/actions/adjust", json={"meter": "experience", "delta": 2}, headers=CHANGE)
    advance = {"move": "advance", "asset": ["navigator:2"]}
    made = api.post("/api/c/sf/actions/move", json=advance, headers=page).json()
    labels = {e["target"]: e["label"] for e in made["effects"]}
    assert labels["asset:starforged/path/navigator:ability2"] == "Navigator ability 2"
    # The command line's JSON is as it was: no label.
    plain = api.post("/api/c/sf/actions/adjust", json={"meter": "momentum", "delta": -1},
                     headers=CHANGE).json()  # fmt: skip
    assert all("label" not in e for e in plain["effects"])


def test_a_weak_hits_trade_is_declined_in_the_moves_words(api: Any, pack: None) -> None:
    """Endure Harm's weak hit: "Otherwise, press on". The decision names declining so (the
    page's button read "Decline"), and it rolls nothing, where resisting the harm does."""
    sf(api)
    assert do(api, "character", {"name": "Kira", "stats": STATS, "starship": "Vesper"}).is_success
    assert do(api, "move", {"move": "endure harm", "amount": 2}).is_success
    [resist] = api.get("/api/c/sf/state").json()["decisions"]
    assert resist["rolls"] is True and "decline" not in resist
    assert do(api, "choose", {"keys": ["resist"], "dice": "6,1,10"}).is_success
    [trade] = api.get("/api/c/sf/state").json()["decisions"]
    assert (trade["min"], trade["decline"], trade["rolls"]) == (0, "press on", False)
    # Declined, the log says so in the move's words too (it read "declined").
    assert do(api, "decline", {}).is_success
    [told] = api.get("/api/c/sf/timeline?last=1").json()
    assert told["mechanics"] == told["summary"] == "press on (declined)"  # summary: "chose "
