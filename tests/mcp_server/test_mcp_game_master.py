"""What an AI game master reads over MCP, through the SDK's own client: results in plain
words, refusals that say what is accepted, and the decision it answers named plainly."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp_support import SEED, STATS, data, fingerprint, read_json, stdio_session

from ironsworn.cli.main import main
from shared_files import STARFORGED_DATASWORN, shared_file


def starforged(campaign: str = "sf", *, content: bool = False) -> None:
    """A Starforged campaign with Kira and her starship Vesper."""
    if content:
        assert main(["content", "import", str(shared_file(STARFORGED_DATASWORN))]) == 0
    assert main(["campaign", "new", campaign, "--ruleset", "starforged"]) == 0
    kira = ["character", "new", "Kira", "--stats", STATS, "--campaign", campaign]
    assert main([*kira, "--starship", "Vesper"]) == 0


def test_an_oracle_result_is_plain_words_not_datasworn_links(home: Path) -> None:
    # Planetary Class answered "[Ice World](datasworn:oracle_collection:starforged/planet/ice)":
    # a model read a Markdown link where the command line shows "Ice World".
    starforged(content=True)

    async def scenario() -> tuple[Any, Any, Any]:
        async with stdio_session(home, "--campaign", "sf", "--seed", SEED) as session:
            rolled = data(await session.call_tool("oracle", {"oracle": "planetary class"}))
            table = await read_json(session, "ironsworn://oracle/starforged/planet/class")
            log = await read_json(session, "ironsworn://campaign/log")
            return rolled, table, log

    rolled, table, log = anyio.run(scenario)
    assert rolled["text"].endswith("World") and "](" not in rolled["text"], rolled
    assert "datasworn:" not in str(table)
    assert log[-1]["events"][0]["text"] == rolled["text"]


def test_a_second_command_vehicle_says_what_is_accepted(home: Path) -> None:
    # It answered "the party already has a command vehicle, Vesper" and no more.
    starforged()
    before = fingerprint("sf")

    async def scenario() -> Any:
        async with stdio_session(home, "--campaign", "sf") as session:
            return await session.call_tool("vehicle", {"name": "Skylark"})

    refused = anyio.run(scenario)
    assert refused.is_error
    line = refused.content[0].text
    assert line.startswith("name 'Skylark': the party already has a command vehicle, Vesper")
    assert "accepted: Skylark as an incidental vehicle, given incidental and its integrity" in line
    assert fingerprint("sf") == before


def test_a_decision_carries_its_token_and_seen_and_two_alike_differ(home: Path) -> None:
    # The move's result gave no token nor head: a model had to read the pending resource
    # for the token and had nowhere to read 'seen'. And two decisions alike (the same move,
    # dice and options, asked again) had one token: an answer meant for the first was
    # taken by the second.
    make = ["character", "new", "Asha", "--stats", STATS, "--campaign", "t"]
    assert main(make) == 0
    assert main(["option", "own_dice", "on", "--campaign", "t"]) == 0
    face_danger = {"move": "face danger", "stat": "edge", "dice": [4, 10, 5]}

    async def scenario() -> dict[str, Any]:
        out: dict[str, Any] = {}
        async with stdio_session(home, "--campaign", "t") as session:
            tools = {t.name: t for t in (await session.list_tools()).tools}
            out["choose"] = tools["choose"]
            out["first"] = data(await session.call_tool("move", face_danger))
            asked = out["first"]["pending"][0]
            answer = {"keys": ["suffer_supply"], "decision": asked["token"], "seen": asked["seen"]}
            out["answered"] = await session.call_tool("choose", answer)
            out["second"] = data(await session.call_tool("move", face_danger))
            out["pending"] = await read_json(session, "ironsworn://campaign/pending")
            out["before"] = fingerprint("t")
            out["stale"] = await session.call_tool(
                "choose", {"keys": ["suffer_supply"], "decision": asked["token"]}
            )
            out["stale_seen"] = await session.call_tool(
                "choose", {"keys": ["suffer_supply"], "seen": asked["seen"]}
            )
        return out

    out = anyio.run(scenario)
    first, second = out["first"]["pending"][0], out["second"]["pending"][0]
    assert not out["answered"].is_error, out["answered"].content[0].text
    assert {k: v for k, v in first.items() if k not in ("token", "seen")} == {
        k: v for k, v in second.items() if k not in ("token", "seen")
    }
    assert first["token"] != second["token"] and second["seen"] > first["seen"]
    assert out["pending"]["current"]["token"] == second["token"]
    assert out["pending"]["current"]["seen"] == second["seen"]
    assert out["stale"].is_error and "answered meanwhile" in out["stale"].content[0].text
    assert out["stale_seen"].is_error
    assert fingerprint("t") == out["before"]
    # The tool says where both are read.
    choose = out["choose"]
    assert "'token' and 'seen'" in choose.description
    assert "'token'" in choose.input_schema["properties"]["decision"]["description"]
    assert "'seen'" in choose.input_schema["properties"]["seen"]["description"]


def test_a_new_expedition_named_as_its_track_says_how_one_begins(home: Path) -> None:
    # A model named the expedition it set out on as its track and read only "expedition
    # 'Cross the Drift' is unknown (accepted: an active expedition's id or name; there is
    # none)": nothing said that a new one is named as its destination.
    starforged()
    before = fingerprint("sf")

    async def scenario() -> list[Any]:
        async with stdio_session(home, "--campaign", "sf") as session:
            calls = [
                {"move": "undertake an expedition", "track": "Cross the Drift", "stat": "wits"},
                {"move": "enter the fray", "track": "Void wolves", "stat": "edge"},
            ]
            return [await session.call_tool("move", args) for args in calls]

    expedition, fray = anyio.run(scenario)
    assert expedition.is_error and fray.is_error
    assert expedition.content[0].text == (
        "expedition 'Cross the Drift' is not under way (accepted: an active expedition's id or "
        "name: there is none; to begin a new one, its name as destination, not track)"
    )
    assert fray.content[0].text.endswith("to begin a new one, its name as foe, not track)")
    assert fingerprint("sf") == before


def test_undo_and_the_log_leave_out_the_engines_working_state(home: Path) -> None:
    # Undoing a move that asked a decision answered the decision's whole resume data (the
    # engine's step, point, context, roll again...) among its events, as the log did.
    assert main(["character", "new", "Asha", "--stats", STATS, "--campaign", "t"]) == 0

    async def scenario() -> tuple[Any, Any, Any]:
        async with stdio_session(home, "--campaign", "t", "--seed", SEED) as session:
            moved = data(await session.call_tool("move", {"move": "face danger", "stat": "edge"}))
            log = await read_json(session, "ironsworn://campaign/log")
            undone = data(await session.call_tool("undo", {}))
            return moved, log, undone

    moved, log, undone = anyio.run(scenario)
    assert moved["pending"]  # (seed 3: a weak hit asks its cost)
    for operation in (log[-1], undone["undone"]):
        assert [e["type"] for e in operation["events"]] == ["roll", "move"]
        assert "resume" not in str(operation)
    assert undone["undone"]["summary"] == "Face Danger (weak hit)"


def test_a_stat_for_a_progress_move_names_the_value_and_what_is_accepted(home: Path) -> None:
    # Take Decisive Action with a stat read "stat does not apply to Take Decisive Action: it
    # makes no action roll": neither the value nor what would be accepted.
    starforged()
    assert (
        main(["fight", "new", "--foe", "Drift pirates", "--rank", "dangerous", "--campaign", "sf"])
        == 0
    )
    before = fingerprint("sf")

    async def scenario() -> Any:
        async with stdio_session(home, "--campaign", "sf") as session:
            args = {"move": "take decisive action", "stat": "iron"}
            return await session.call_tool("move", args)

    refused = anyio.run(scenario)
    assert refused.is_error
    assert refused.content[0].text == (
        "stat 'iron' does not apply to Take Decisive Action: it makes no action roll, but a "
        "progress roll on its track (accepted: the move without stat)"
    )
    assert data(refused)["input"] == "stat" and data(refused)["value"] == "iron"
    assert fingerprint("sf") == before


def test_a_prompt_quotes_the_last_moves_text_in_plain_words(home: Path) -> None:
    # set_the_scene quoted the move's text with its links: "... and [Pay the
    # Price](move:starforged/fate/pay_the_price)".
    starforged()
    sf = ("--campaign", "sf")
    out = ("--destination", "the Hollow Reach", "--rank", "dangerous", "--stat", "wits")
    assert main(["move", "undertake an expedition", *out, "--dice", "6,1,1", *sf]) == 0
    assert main(["move", "finish an expedition", "--dice", "9,8", *sf]) == 0  # a miss

    async def scenario() -> str:
        async with stdio_session(home, "--campaign", "sf") as session:
            scene = await session.get_prompt("set_the_scene", {})
            text: str = scene.messages[0].content.text
            return text

    text = anyio.run(scenario)
    assert "Pay the Price" in text and "](move:" not in text and "datasworn:" not in text


def test_the_asset_cards_a_new_character_picks_from_are_resources(home: Path) -> None:
    # The character tool asked for three assets by id or name, and nothing listed them: a
    # model helping a player make a character could not offer the cards, only guess names.
    async def scenario() -> tuple[Any, Any, Any, Any, Any]:
        async with stdio_session(home, "--campaign", "t") as session:
            found = (await session.list_resources()).resources
            listed = [str(r.uri) for r in found]
            described = {str(r.uri): r.description for r in found}
            templates = (await session.list_resource_templates()).resource_templates
            card = await read_json(session, "ironsworn://asset/hawk")
            tools = {t.name: t for t in (await session.list_tools()).tools}
            hawk = described["ironsworn://asset/classic/companion/hawk"]
            return listed, [t.uri_template for t in templates], card, tools["character"], hawk

    listed, templates, card, character, hawk = anyio.run(scenario)
    assert "ironsworn://asset/classic/companion/hawk" in listed
    assert hawk == "the asset card Hawk (companion)"  # (its deck: picks go by deck)
    assert sum(uri.startswith("ironsworn://asset/") for uri in listed) > 60
    assert "ironsworn://asset/{id}" in templates
    assert card["name"] == "Hawk" and len(card["abilities"]) == 3
    # (each ability in words: the engine's effects, how it applies them, are its own)
    assert card["abilities"][0]["text"].startswith("Far-seeing: When you Undertake a Journey")
    assert not {"effects", "handler"} & {k for a in card["abilities"] for k in a}
    # Each ability as a sheet lists it, numbered as NAME:N takes it: the card gave a "key"
    # beside the ability's id and an "enabled" that read as "switched off" (it meant: marked
    # when a new character takes the card).
    assert [(a["number"], a["name"], a["starts_marked"]) for a in card["abilities"]] == [
        (1, "Far-seeing", False),
        (2, "Fierce", False),
        (3, "Vigilant", False),
    ]
    assert set(card["abilities"][0]) == {"number", "name", "text", "starts_marked"}
    assert "ironsworn://asset/" in character.input_schema["properties"]["assets"]["description"]


def test_undo_and_redo_say_the_decision_waiting_now(home: Path) -> None:
    # Undoing an answer gave its decision back, but undo's result said only what was undone:
    # a model learnt of the decision when its next move was refused, with no token to answer.
    assert main(["character", "new", "Asha", "--stats", STATS, "--campaign", "t"]) == 0

    async def scenario() -> tuple[Any, Any, Any, Any, Any]:
        async with stdio_session(home, "--campaign", "t", "--seed", SEED) as session:
            moved = data(await session.call_tool("move", {"move": "face danger", "stat": "edge"}))
            asked = moved["pending"][0]
            await session.call_tool("choose", {"keys": ["suffer_momentum"]})
            undone = data(await session.call_tool("undo", {}))
            again = data(
                await session.call_tool(
                    "choose",
                    {
                        "keys": ["suffer_momentum"],
                        "decision": undone["pending"][0]["token"],
                        "seen": undone["pending"][0]["seen"],
                    },
                )
            )
            await session.call_tool("undo", {})
            emptied = data(await session.call_tool("undo", {}))  # the move too: nothing waits
            redone = data(await session.call_tool("redo", {}))
            return asked, undone, again, emptied, redone

    asked, undone, again, emptied, redone = anyio.run(scenario)
    assert undone["undone"]["kind"] == "choice"
    (waiting,) = undone["pending"]
    assert waiting["options"] == asked["options"] and waiting["token"] == asked["token"]
    assert again["effects"][0]["target"] == "momentum"
    assert emptied["undone"]["kind"] == "move" and emptied["pending"] == []
    assert redone["redone"]["kind"] == "move" and redone["pending"][0]["token"] == asked["token"]


def test_an_oracle_roll_or_answer_does_not_show_the_servers_own_seed(home: Path) -> None:
    # The oracle and ask results ended with "seed": "553508245", the number the server drew
    # to roll them: its own working, which a model might read as something to send or tell.
    assert main(["character", "new", "Asha", "--stats", STATS, "--campaign", "t"]) == 0

    async def scenario() -> tuple[Any, Any]:
        async with stdio_session(home, "--campaign", "t", "--seed", SEED) as session:
            rolled = data(await session.call_tool("oracle", {"oracle": "action"}))
            asked = data(await session.call_tool("ask", {"odds": "likely", "question": "Open?"}))
            return rolled, asked

    rolled, asked = anyio.run(scenario)
    assert "seed" not in rolled and rolled["name"] == "Action" and rolled["text"]
    assert "seed" not in asked and asked["answer"] in ("yes", "no")


def test_an_answer_in_the_log_and_undone_does_not_name_the_engines_step(home: Path) -> None:
    # An answer's event read "point": "face_danger.weak_hit" (the engine's step it resumed) in
    # the log and in undo's result, beside the keys chosen and the options' words.
    assert main(["character", "new", "Asha", "--stats", STATS, "--campaign", "t"]) == 0

    async def scenario() -> tuple[Any, Any]:
        async with stdio_session(home, "--campaign", "t", "--seed", SEED) as session:
            await session.call_tool("move", {"move": "face danger", "stat": "edge"})
            await session.call_tool("choose", {"keys": ["suffer_momentum"]})
            log = await read_json(session, "ironsworn://campaign/log")
            undone = data(await session.call_tool("undo", {}))
            return log[-1], undone["undone"]

    logged, undone = anyio.run(scenario)
    for operation in (logged, undone):
        assert operation["kind"] == "choice"
        (choice,) = [e for e in operation["events"] if e["type"] == "choice"]
        assert choice["keys"] == ["suffer_momentum"] and "point" not in choice


def test_the_prompts_open_tracks_leave_out_a_vow_fulfilled(home: Path) -> None:
    # The prompts' "open_tracks" kept every track whose status was not "done": a vow fulfilled,
    # a fight won or lost stayed "open", and a model began a session by a finished fight.
    assert main(["character", "new", "Asha", "--stats", STATS, "--campaign", "t"]) == 0
    assert main(["vow", "new", "Find Rurik", "--rank", "troublesome", "--campaign", "t"]) == 0
    assert main(["vow", "new", "Guard the ford", "--rank", "epic", "--campaign", "t"]) == 0
    assert main(["progress", "mark", "Find Rurik", "--ticks", "40", "--campaign", "t"]) == 0
    fulfil = ["move", "fulfill your vow", "--track", "Find Rurik", "--dice", "1,1", "--campaign"]
    assert main([*fulfil, "t"]) == 0

    async def scenario() -> str:
        async with stdio_session(home, "--campaign", "t") as session:
            begun = await session.get_prompt("begin_session", {})
            return str(begun.messages[0].content.text)

    text = anyio.run(scenario)
    facts = json.loads(text[text.index("The campaign now:") + len("The campaign now:") :])
    assert [t["name"] for t in facts["open_tracks"]] == ["Guard the ford"]


def test_the_prompts_of_a_starforged_campaign_name_its_game(home: Path) -> None:
    # Every prompt began "You are the guide of an Ironsworn session", a Starforged campaign's
    # too: the game of the Ironlands, not the Forge.
    starforged()
    assert main(["character", "new", "Asha", "--stats", STATS, "--campaign", "t"]) == 0

    async def scenario(campaign: str) -> list[str]:
        async with stdio_session(home, "--campaign", campaign) as session:
            return [
                str((await session.get_prompt(name, {})).messages[0].content.text)
                for name in ("begin_session", "set_the_scene", "pay_the_price")
            ]

    for text in anyio.run(scenario, "sf"):
        assert text.startswith("You are the guide of an Ironsworn: Starforged session")
    for text in anyio.run(scenario, "t"):
        assert text.startswith("You are the guide of an Ironsworn session")


def test_a_decision_set_aside_is_answered_by_its_token_alone(home: Path) -> None:
    # Co-op: Asha's decision was set aside when Brand's came (his player moved at the command
    # line). A model answered Asha's with the token and seen its move's result gave, and was
    # refused: "Brand's decision was answered meanwhile", which it was not; the token named
    # Asha's decision, but the answer went to the one waiting first.
    for name in ("Asha", "Brand"):
        assert main(["character", "new", name, "--stats", STATS, "--campaign", "t"]) == 0

    async def scenario() -> tuple[Any, Any, Any]:
        async with stdio_session(home, "--campaign", "t", "--seed", SEED) as session:
            asha = {"move": "face danger", "stat": "edge", "character": "Asha"}
            asked = data(await session.call_tool("move", asha))["pending"][0]
            brand = ["move", "make camp", "--character", "Brand", "--dice", "6,1,1"]
            assert main([*brand, "--campaign", "t"]) == 0
            chosen = await session.call_tool(
                "choose",
                {"keys": ["suffer_momentum"], "decision": asked["token"], "seen": asked["seen"]},
            )
            after = await read_json(session, "ironsworn://campaign/pending")
            return asked, chosen, after

    asked, chosen, after = anyio.run(scenario)
    assert asked["character"] == "Asha"
    assert not chosen.is_error, chosen.content[0].text
    assert data(chosen)["character"] == "Asha"
    assert after["current"]["character"] == "Brand" and after["set_aside"] == []


def test_an_unknown_starting_card_says_where_the_cards_are_listed(home: Path) -> None:
    # A card named like none read "unknown classic asset 'zzyzx'" and no more: nothing said
    # what is accepted, nor where a model finds the cards' names.
    async def scenario() -> Any:
        async with stdio_session(home, "--campaign", "t") as session:
            made = {"name": "Asha", "stats": STATS, "assets": ["zzyzx", "hawk:1=Kes", "archer"]}
            return await session.call_tool("character", made)

    refused = anyio.run(scenario)
    assert refused.is_error
    line = refused.content[0].text
    assert "'zzyzx'" in line and "\n" not in line
    assert line.endswith(
        "(accepted: an asset card by its id or name, as the resources ironsworn://asset/{id} "
        "list them)"
    )


def test_the_state_gives_each_decision_its_seen_beside_its_token(home: Path) -> None:
    # The choose tool asks for a decision's token and seen; the state tool gave the token
    # alone, so a model reading the table from it could not send the seen.
    assert main(["character", "new", "Asha", "--stats", STATS, "--campaign", "t"]) == 0

    async def scenario() -> tuple[Any, Any, Any]:
        async with stdio_session(home, "--campaign", "t", "--seed", SEED) as session:
            await session.call_tool("move", {"move": "face danger", "stat": "edge"})
            state = data(await session.call_tool("state", {}))
            shown = await read_json(session, "ironsworn://campaign/pending")
            chosen = await session.call_tool(
                "choose",
                {
                    "keys": ["suffer_momentum"],
                    "decision": state["pending"]["token"],
                    "seen": state["pending"]["seen"],
                },
            )
            return state, shown, chosen

    state, shown, chosen = anyio.run(scenario)
    assert state["pending"] == state["decisions"][0]
    assert shown["current"].items() <= state["pending"].items()  # (token and seen alike)
    assert not chosen.is_error, chosen.content[0].text


def test_undo_says_it_takes_back_the_last_operation_whoever_made_it(home: Path) -> None:
    # At a shared table a model undid its own move and took back the player's, made since at
    # the command line: the tool said only "undo the last operation".
    for name in ("Asha", "Brand"):
        assert main(["character", "new", name, "--stats", STATS, "--campaign", "t"]) == 0

    async def scenario() -> tuple[Any, Any, Any]:
        async with stdio_session(home, "--campaign", "t", "--seed", SEED) as session:
            tools = {t.name: t for t in (await session.list_tools()).tools}
            await session.call_tool(
                "journal", {"text": "Asha reaches the ford.", "character": "Asha"}
            )
            assert main(["journal", "add", "Brand waits.", "--campaign", "t"]) == 0
            undone = data(await session.call_tool("undo", {}))
            return tools["undo"].description, undone, tools["redo"].description

    undo, undone, redo = anyio.run(scenario)
    assert "whoever made it" in undo and "another player's" in undo
    assert undone["undone"]["summary"] == "Brand waits."  # (the player's: redo gives it back)
    assert "whoever" not in redo


def test_begin_session_with_no_character_points_to_the_cards(home: Path) -> None:
    # With no character yet, begin_session asked the model to help make one, and said nothing
    # of where the starting cards are to offer.
    async def scenario() -> str:
        async with stdio_session(home, "--campaign", "t") as session:
            return str((await session.get_prompt("begin_session", {})).messages[0].content.text)

    text = anyio.run(scenario)
    assert "There is no character yet" in text and "ironsworn://asset/{id}" in text


def test_a_made_up_token_is_refused_as_unknown_and_an_answered_one_as_stale(home: Path) -> None:
    # A token never given read "that decision was answered meanwhile", as if it had been
    # real once: a model that mistyped one was sent to look for an answer no one gave.
    make = ["character", "new", "Asha", "--stats", STATS, "--campaign", "t"]
    assert main(make) == 0
    assert main(["option", "own_dice", "on", "--campaign", "t"]) == 0
    miss = {"move": "face danger", "stat": "wits", "dice": [1, 9, 9]}

    async def scenario() -> dict[str, Any]:
        out: dict[str, Any] = {}
        async with stdio_session(home, "--campaign", "t") as session:
            first = data(await session.call_tool("move", miss))["pending"][0]
            await session.call_tool("choose", {"keys": ["obvious"], "decision": first["token"]})
            out["owed"] = data(await session.call_tool("move", miss))["pending"][0]
            out["before"] = fingerprint("t")
            out["made_up"] = await session.call_tool(
                "choose", {"keys": ["obvious"], "decision": "0123456789abcdef"}
            )
            out["stale"] = await session.call_tool(
                "choose", {"keys": ["obvious"], "decision": first["token"]}
            )
            out["far"] = await session.call_tool("decline", {"seen": 999})
        return out

    out = anyio.run(scenario)
    owed = out["owed"]["token"]
    made_up = out["made_up"]
    assert made_up.is_error
    assert made_up.content[0].text == (
        "decision '0123456789abcdef' is no decision's token in this campaign (accepted: the "
        f"token of a decision owed now: {owed} (Asha's))"
    )
    assert data(made_up)["input"] == "decision" and data(made_up)["accepted"] == [owed]
    assert out["stale"].is_error and "answered meanwhile" in out["stale"].content[0].text
    assert out["far"].is_error
    assert out["far"].content[0].text.startswith("seen 999 is past every head")
    assert fingerprint("t") == out["before"]


def test_a_sheet_lists_each_asset_s_abilities_once_in_one_shape(home: Path) -> None:
    # A sheet gave each card's abilities three ways ("abilities" as booleans, "ability_list",
    # "marked" again) and the player's words three ("fields", "input", "given"), in the sheet
    # tool, the character tool, the state and the sheet resources alike.
    hawk = ["--asset", "hawk:2=Keen", "--asset", "swordmaster", "--asset", "ironclad"]
    assert main(["character", "new", "Asha", "--stats", STATS, "--campaign", "t", *hawk]) == 0

    async def scenario() -> dict[str, Any]:
        async with stdio_session(home, "--campaign", "t") as session:
            tools = {t.name: t for t in (await session.list_tools()).tools}
            made = await session.call_tool(
                "character", {"name": "Brand", "stats": STATS, "assets": ["hawk:1=Kite"]}
            )
            vow = {"kind": "vow", "text": "Find the wolf", "rank": "dangerous"}
            await session.call_tool("track", {**vow, "characters": ["Asha"]})
            return {
                "sheet": data(await session.call_tool("sheet", {"character": "Asha"})),
                "made": data(made),
                "state": data(await session.call_tool("state", {}))["characters"][0],
                "one": await read_json(session, "ironsworn://campaign/sheet/Asha"),
                "all": (await read_json(session, "ironsworn://campaign/sheets"))[0],
                "described": tools["sheet"].description,
            }

    seen = anyio.run(scenario)
    assert seen["state"] == seen["one"] == seen["all"] == seen["sheet"]
    keen = seen["sheet"]["assets"][0]
    assert keen == {
        "id": "asset:classic/companion/hawk",
        "name": "Hawk",
        "type": "companion",
        "fields": {"name": "Keen"},
        "meter": {"max": 3, "name": "health", "value": 3},
        "abilities": keen["abilities"],
    }
    assert [(a["number"], a["marked"], a.get("name")) for a in keen["abilities"]] == [
        (1, False, "Far-seeing"),
        (2, True, "Fierce"),
        (3, False, "Vigilant"),
    ]
    assert all(set(a) == {"number", "marked", "name", "text"} for a in keen["abilities"])
    assert "harass and distract your foes" in keen["abilities"][1]["text"]
    # An ability with no name of its own has no empty one.
    sword = seen["sheet"]["assets"][1]
    assert set(sword) == {"id", "name", "type", "abilities"}
    assert all(set(a) == {"number", "marked", "text"} for a in sword["abilities"])
    assert seen["made"]["assets"][0]["fields"] == {"name": "Kite"}
    assert [a["marked"] for a in seen["made"]["assets"][0]["abilities"]] == [True, False, False]
    assert "abilities, every ability of the card: number" in seen["described"]
    # The vow is listed once, among the tracks with its kind (it was in "vows" as well).
    assert "vows" not in seen["sheet"]
    assert [(t["kind"], t["name"]) for t in seen["sheet"]["tracks"]] == [("vow", "Find the wolf")]
    assert "tracks: every open track the character holds" in seen["described"]


def test_a_fight_s_effects_name_the_track_its_boxes_and_the_end_of_the_initiative(
    home: Path,
) -> None:
    # Strike's effect read {"target": "fight-1:ticks", "from": 0, "to": 36}: an id and ticks a
    # model had to look up in the tracks; and End the Fight's win ended with "initiative
    # true -> false", as if the foe had taken it.
    make = ["character", "new", "Asha", "--stats", STATS, "--campaign", "t"]
    assert main(make) == 0
    assert main(["option", "own_dice", "on", "--campaign", "t"]) == 0
    fray = {"move": "enter the fray", "foe": "Bandit", "rank": "troublesome", "stat": "heart"}

    async def scenario() -> list[Any]:
        async with stdio_session(home, "--campaign", "t") as session:
            tools = {t.name: t for t in (await session.list_tools()).tools}
            strike = {"move": "strike", "stat": "iron", "dice": [6, 1, 2]}
            made = [
                data(await session.call_tool("move", {**fray, "dice": [6, 1, 2]})),
                data(await session.call_tool("move", strike)),
                data(await session.call_tool("move", {"move": "end the fight", "dice": [1, 2]})),
            ]
            return [tools["move"].description, *made]

    described, entered, struck, ended = anyio.run(scenario)
    assert entered["effects"][0] == {
        "target": "fight-1",
        "from": None,
        "to": "Bandit",
        "track": "fight: Bandit",
    }
    assert struck["effects"] == [
        {
            "target": "fight-1:ticks",
            "from": 0,
            "to": 36,
            "track": "fight: Bandit",
            "boxes": {"from": 0, "to": 9},
        }
    ]
    assert ended["outcome"] == "strong_hit"
    assert ended["effects"][-1] == {
        "target": "initiative",
        "from": True,
        "to": False,
        "character": "Asha",
        "fight_over": True,
    }
    assert "'track' names it" in described and "'fight_over'" in described


def test_a_pack_not_imported_says_the_players_import_it(home: Path) -> None:
    # "asset 'ace': no Starforged assets yet: they come from your own Datasworn Starforged
    # file" and no more: nothing said that a model cannot import it and the players can.
    starforged()
    before = fingerprint("sf")

    async def scenario() -> list[Any]:
        async with stdio_session(home, "--campaign", "sf") as session:
            return [
                await session.call_tool(
                    "character", {"name": "Nova", "stats": STATS, "assets": ["ace"]}
                ),
                await session.call_tool("oracle", {"oracle": "planetary class"}),
            ]

    refusals = anyio.run(scenario)
    said = (
        "(a player imports it, with the command line's content import or the web table's "
        "Campaigns tab; this server cannot)"
    )
    for refused in refusals:
        assert refused.is_error and refused.content[0].text.endswith(said), refused.content
    assert refusals[0].content[0].text.startswith("asset 'ace': no Starforged assets yet")
    assert "accepted: an oracle table" not in refusals[1].content[0].text
    assert fingerprint("sf") == before


def test_the_prompts_say_a_cost_left_to_the_fiction_is_the_guide_s_to_make(home: Path) -> None:
    # Pay the Price's table gives "the mechanical cost, by the move's notes: suffer -momentum
    # (when in doubt, -2)" as a note, with no effect; the prompts said only "you never edit a
    # meter by guessing", so a model left the cost unpaid.
    assert main(["character", "new", "Asha", "--stats", STATS, "--campaign", "t"]) == 0

    async def scenario() -> list[str]:
        async with stdio_session(home, "--campaign", "t") as session:
            return [
                str((await session.get_prompt(name, {})).messages[0].content.text)
                for name in ("begin_session", "set_the_scene", "pay_the_price")
            ]

    for text in anyio.run(scenario):
        said = " ".join(text.split())
        assert "A result's effects are every change it made; a cost its notes leave to" in said
        assert "is yours to make, with the move it names or the adjust tool" in said


def test_an_answer_says_what_it_answered_when_nothing_else_follows(home: Path) -> None:
    # "press on" answered Endure Harm's "resist the harm?" with every field of the result
    # empty ("move": null, "effects": [], ...): a model could not tell it was taken.
    starforged()

    async def scenario() -> list[Any]:
        async with stdio_session(home, "--campaign", "sf") as session:
            harmed = data(await session.call_tool("move", {"move": "endure harm", "amount": 1}))
            token = harmed["pending"][0]["token"]
            pressed = await session.call_tool("choose", {"keys": ["press_on"], "decision": token})
            moved = await session.call_tool("move", {"move": "endure harm", "amount": 1})
            return [data(pressed), data(moved)]

    pressed, moved = anyio.run(scenario)
    assert pressed["answered"] == {
        "character": "Kira",
        "move": "Endure Harm",
        "prompt": "resist the harm?",
        "answer": "chose press on",
    }
    assert pressed["effects"] == [] and pressed["pending"] == []
    assert "answered" not in moved  # (a move answers nothing)


def test_an_answer_to_a_decision_set_aside_says_what_it_answered(home: Path) -> None:
    # Brand's decision set aside while Asha's waited: its answer is taken from those set
    # aside, not from the one pending, and said as the other.
    for name in ("Asha", "Brand"):
        assert main(["character", "new", name, "--stats", STATS, "--campaign", "t"]) == 0
    assert main(["option", "own_dice", "on", "--campaign", "t"]) == 0
    miss = {"move": "face danger", "stat": "wits", "dice": [1, 9, 9]}

    async def scenario() -> Any:
        async with stdio_session(home, "--campaign", "t") as session:
            await session.call_tool("move", {**miss, "character": "Brand"})
            await session.call_tool("move", {**miss, "character": "Asha"})
            chosen = {"keys": ["obvious"], "character": "Brand"}
            return data(await session.call_tool("choose", chosen))

    chosen = anyio.run(scenario)
    assert chosen["answered"] == {
        "character": "Brand",
        "move": "Pay the Price",
        "prompt": "Pay the Price after a match: consider rolling on the table for a result you "
        "might otherwise not have considered",
        "answer": "chose obvious",
    }


def test_an_answer_with_words_says_them(home: Path) -> None:
    # A connection's rank chosen with its role in words read only "chose dangerous".
    starforged()
    assert main(["option", "own_dice", "on", "--campaign", "sf"]) == 0
    connect = {"move": "make a connection", "with": "Ilsa", "dice": [6, 1, 2]}

    async def scenario() -> Any:
        async with stdio_session(home, "--campaign", "sf") as session:
            await session.call_tool("move", connect)
            chosen = {"keys": ["dangerous"], "text": "xenobiologist"}
            return data(await session.call_tool("choose", chosen))

    chosen = anyio.run(scenario)
    assert chosen["answered"]["answer"] == "chose dangerous"
    assert chosen["answered"]["text"] == "xenobiologist"
    assert chosen["effects"][0]["track"] == "connection: Ilsa"


@pytest.mark.parametrize(("answer", "said"), [("burn", "burned momentum"),
                                              ("decline", "did not burn momentum")])  # fmt: skip
def test_an_answer_to_a_burn_says_whether_momentum_was_burned(
    home: Path, answer: str, said: str
) -> None:
    # A declined burn's 'answered' read "answer": "Pay the Price", the move that followed.
    assert main(["character", "new", "Asha", "--stats", STATS, "--campaign", "t"]) == 0
    assert main(["option", "own_dice", "on", "--campaign", "t"]) == 0

    async def scenario() -> Any:
        async with stdio_session(home, "--campaign", "t") as session:
            await session.call_tool("adjust", {"meter": "momentum", "delta": 6})
            await session.call_tool("move", {"move": "face danger", "stat": "edge",
                                             "dice": [1, 5, 6]})  # fmt: skip
            return data(await session.call_tool(answer, {}))

    answered = anyio.run(scenario)["answered"]
    assert answered["move"] == "Face Danger" and answered["prompt"].startswith("burn momentum")
    assert answered["answer"] == said


def test_damage_to_the_command_vehicle_names_it(home: Path) -> None:
    # Withstand Damage read {"target": "vehicle:integrity", "from": 5, "to": 3}: which ship
    # was left to the tracks and sheets.
    starforged()

    async def scenario() -> Any:
        async with stdio_session(home, "--campaign", "sf") as session:
            damage = {"move": "withstand damage", "amount": 2}
            return data(await session.call_tool("move", damage))

    withstood = anyio.run(scenario)
    assert withstood["effects"][0] == {
        "target": "vehicle:integrity",
        "from": 5,
        "to": 3,
        "vehicle": "Vesper",
    }


def test_harm_to_a_companion_names_it_as_the_sheet_writes_it(home: Path) -> None:
    # Companion Endure Harm read {"target": "asset:classic/companion/hound:health", ...}: the
    # card's id, where the sheet and every other result say Hound “Brann”.
    hound = ["--asset", "hound:1=Brann", "--asset", "swordmaster", "--asset", "ironclad"]
    assert main(["character", "new", "Asha", "--stats", STATS, "--campaign", "t", *hound]) == 0
    assert main(["option", "own_dice", "on", "--campaign", "t"]) == 0

    async def scenario() -> Any:
        async with stdio_session(home, "--campaign", "t") as session:
            harm = {"move": "companion endure harm", "amount": 2, "dice": [3, 10, 1]}
            return data(await session.call_tool("move", harm))

    harmed = anyio.run(scenario)
    assert harmed["effects"][0] == {
        "target": "asset:classic/companion/hound:health",
        "from": 4,
        "to": 2,
        "character": "Asha",
        "asset": "Hound “Brann”",
    }
