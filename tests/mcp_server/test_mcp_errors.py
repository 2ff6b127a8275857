"""What a model reads when its call is wrong, through the SDK's own client: the text of a tool
error (and the message of a refused read) says on its own what would be accepted, as the
command line and the web table say it; many clients show a model only that text, not the
result's structured content. Nothing is changed."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp_support import STATS, data, fingerprint, make_character, stdio_session

from ironsworn.cli.main import main


def test_a_name_that_matches_nothing_says_the_closest_names(home: Path) -> None:
    from mcp.shared.exceptions import MCPError

    make_character()
    before = fingerprint()

    async def scenario() -> tuple[list[Any], str]:
        async with stdio_session(home, "--campaign", "t") as session:
            results = [
                await session.call_tool("move", {"move": "face dangerous", "stat": "edge"}),
                await session.call_tool("sheet", {"character": "Asho"}),
                await session.call_tool("oracle", {"oracle": "settlement"}),
                await session.call_tool("oracle", {"oracle": "acton"}),
            ]
            with pytest.raises(MCPError) as raised:
                await session.read_resource("ironsworn://campaign/sheet/Asho")
            return results, raised.value.message

    results, refused = anyio.run(scenario)
    assert all(r.is_error for r in results)
    move, sheet, group, table = (r.content[0].text for r in results)
    assert move == "unknown move 'face dangerous'; closest: Face Danger"
    assert sheet == "character 'Asho' is unknown; closest: Asha"
    # A group of tables: the words naming each of them, as the command line lists them.
    assert group.startswith("oracle table 'settlement' names a group of 3; say which: ")
    assert "settlement trouble (" in group
    # A content item by its name (the data keeps the ids a program can send back).
    assert "'acton'; closest: Action, " in table, table
    assert data(results[3])["candidates"][0] == "oracle_rollable:classic/action_and_theme/action"
    assert [data(r)["candidates"] for r in results[:2]] == [["Face Danger"], ["Asha"]]
    assert refused == "character 'Asho' is unknown; closest: Asha"
    assert fingerprint() == before


def test_a_bad_choice_or_option_says_what_this_table_accepts(home: Path) -> None:
    make_character()

    async def scenario() -> tuple[dict[str, Any], ...]:
        async with stdio_session(home, "--campaign", "t", "--seed", "3") as session:
            unknown = await session.call_tool("move", {"move": "face danger", "luck": 2})
            kept = await session.call_tool("oracle", {"oracle": "action", "keep": False})
            await session.call_tool("move", {"move": "make camp"})
            before = fingerprint()
            chosen = await session.call_tool("choose", {"keys": ["feast"]})
            exported = await session.call_tool("export", {"kind": "pdf"})
            assert fingerprint() == before
            return data(unknown), data(kept), data(chosen), data(exported)

    unknown, kept, chosen, exported = anyio.run(scenario)
    # The inputs a model is not offered here (the dice, a seed) are not listed as accepted.
    assert unknown["input"] == "luck" and "stat" in unknown["accepted"]
    assert {"dice", "seed"}.isdisjoint(unknown["accepted"])
    assert "dice" not in unknown["error"] and "seed" not in unknown["error"]
    assert kept["input"] == "keep" and kept["accepted"] == ["oracle", "character"]
    # A key the decision does not offer: the data names the input and the keys offered.
    assert chosen["input"] == "keys" and chosen["value"] == "feast"
    assert chosen["accepted"] == ["recuperate", "relax", "focus", "prepare"]
    assert chosen["error"].startswith("option 'feast' is not offered (accepted: recuperate")
    # A kind of export there is not is refused, not answered with the log.
    assert exported["input"] == "kind"
    assert exported["accepted"] == ["markdown", "json", "iron_vault"]


def test_a_move_before_any_character_names_no_command(home: Path) -> None:
    async def scenario() -> Any:
        async with stdio_session(home, "--campaign", "t") as session:
            return await session.call_tool("move", {"move": "face danger", "stat": "edge"})

    refused = anyio.run(scenario)
    # The model makes a character with the character tool: a command line's words
    # ('character new NAME') are no use to it.
    assert refused.is_error
    # (It read only "create one first": now it names the tool that does.)
    assert refused.content[0].text == (
        "there is no character yet: create one first (the character tool makes one: a name "
        "and the five stats)"
    )
    assert not (home / "campaigns" / "t.sqlite").exists()


def test_the_character_tool_says_how_a_companion_is_given(home: Path) -> None:
    # A model reads only the schema: a companion starts with no ability marked and has a name,
    # and the words to give both (hawk:1=Kestrel) were only in the refusal.
    async def scenario() -> tuple[dict[str, Any], Any]:
        async with stdio_session(home, "--campaign", "t") as session:
            tools = {t.name: t for t in (await session.list_tools()).tools}
            schema = tools["character"].input_schema["properties"]
            made = await session.call_tool(
                "character",
                {
                    "name": "Asha",
                    "stats": "edge=3,heart=2,iron=2,shadow=1,wits=1",
                    "assets": ["hawk:1=Kestrel"],
                },
            )
            return schema, made

    schema, made = anyio.run(scenario)
    assert "hawk:1=Kestrel" in schema["assets"]["description"]
    assert "3, 2, 2, 1 and 1" in schema["stats"]["description"]
    assert not made.is_error
    assert data(made)["assets"][0]["fields"] == {"name": "Kestrel"}


def test_an_answer_naming_a_decision_already_answered_is_refused(home: Path) -> None:
    # The pending resource gave no token, so a model could not say which decision it
    # answered: a late answer (another client answered first) went to the next decision.
    make_character()

    async def scenario() -> tuple[Any, Any, Any, Any, list[dict[str, Any]]]:
        from mcp_support import read_json

        async with stdio_session(home, "--campaign", "t", "--seed", "3") as session:
            await session.call_tool("move", {"move": "face danger", "stat": "edge"})
            first = (await read_json(session, "ironsworn://campaign/pending"))["current"]
            answered = await session.call_tool(
                "choose", {"keys": ["endure_harm"], "decision": first["token"]}
            )
            second = (await read_json(session, "ironsworn://campaign/pending"))["current"]
            before = fingerprint()
            late = await session.call_tool(
                "choose", {"keys": ["embrace_the_pain"], "decision": first["token"]}
            )
            assert fingerprint() == before
            return first, answered, second, late, before

    first, answered, second, late, _ = anyio.run(scenario)
    assert first["move"] == "move:classic/adventure/face_danger" and first["token"]
    assert not answered.is_error
    assert second["move"] == "move:classic/suffer/endure_harm"
    assert second["token"] != first["token"]
    assert late.is_error
    assert late.content[0].text.startswith("that decision was answered meanwhile")


def test_a_bad_value_reads_as_the_model_sent_it(home: Path) -> None:
    # A list, an object, a number where true or false goes: said in JSON, as sent (it read
    # "['edge']", Python's spelling); text stays quoted as everywhere.
    make_character()
    before = fingerprint()

    async def scenario() -> list[Any]:
        async with stdio_session(home, "--campaign", "t") as session:
            calls = [
                ("move", {"move": "face danger", "stat": ["edge"]}),
                ("sheet", {"character": ["Asha", "Brand"]}),
                ("journal", {"text": {"a": 1}}),
                ("ask", {"odds": "likely", "even_matches": 1}),
                ("move", {"move": "face danger", "stat": "luck"}),
            ]
            return [await session.call_tool(name, args) for name, args in calls]

    results = anyio.run(scenario)
    lines = [r.content[0].text for r in results]
    assert lines[0].startswith('move: stat ["edge"] is not a non-empty text')
    assert lines[1].startswith('sheet: character ["Asha", "Brand"] is not a non-empty text')
    assert lines[2].startswith('journal: text {"a": 1} is not a non-empty text')
    assert lines[3] == "ask: even_matches 1 is not true or false (accepted: true, false)"
    assert lines[4].startswith("stat 'luck' is not allowed for Face Danger")
    assert not any("['" in line or "True" in line or "None" in line for line in lines)
    assert data(results[0])["value"] == ["edge"]
    assert fingerprint() == before


def test_ask_describes_the_odds_it_accepts(home: Path) -> None:
    # The description listed "almost certain, likely, 50/50..." while the schema took
    # almost_certain, fifty_fifty...: a model reading the one could not send the other.
    make_character()

    async def scenario() -> Any:
        async with stdio_session(home, "--campaign", "t") as session:
            tools = {t.name: t for t in (await session.list_tools()).tools}
            return tools["ask"].input_schema["properties"]["odds"]

    odds = anyio.run(scenario)
    assert odds["enum"] == ["almost_certain", "likely", "fifty_fifty", "unlikely", "small_chance"]
    listed = odds["description"].split(": ", 1)[1].split(", ")
    assert listed == odds["enum"]


def test_a_pasted_page_named_in_an_error_is_shown_by_its_start(home: Path) -> None:
    # The line still says what is accepted after the value.
    make_character()
    pasted = "wounded and " * 40
    before = fingerprint()

    async def scenario() -> Any:
        async with stdio_session(home, "--campaign", "t") as session:
            return await session.call_tool("debility", {"name": pasted})

    result = anyio.run(scenario)
    line = result.content[0].text
    assert result.is_error and "\n" not in line and len(line) < 300, line
    assert f"'{pasted[:59]}…'" in line and "(accepted: " in line
    assert fingerprint() == before


def test_a_bad_debility_or_impact_carries_its_input_value_and_accepted(home: Path) -> None:
    """A program reads which input was refused, the value and what is accepted (as for the
    other refusals), not only the line: the debility's refusals carried a message alone."""
    make_character()
    assert main(["campaign", "new", "sf", "--ruleset", "starforged"]) == 0
    make_character("sf", "Kira")
    before = fingerprint()

    async def scenario() -> list[Any]:
        async with stdio_session(home, "--campaign", "t") as session:
            classic = [
                await session.call_tool("debility", {"name": "woozy"}),
                await session.call_tool("debility", {"name": "battered"}),
                await session.call_tool("impact", {"name": "wounded"}),
            ]
        async with stdio_session(home, "--campaign", "sf") as session:
            return [*classic, await session.call_tool("impact", {"name": "woozy"})]

    results = anyio.run(scenario)
    assert all(r.is_error for r in results)
    debilities = ["wounded", "shaken", "unprepared", "encumbered", "maimed", "corrupted"]
    debilities += ["cursed", "tormented"]
    for result, value in zip(results[:3], ["woozy", "battered", "wounded"], strict=True):
        refused = data(result)
        assert (refused["input"], refused["value"]) == ("name", value), refused
        assert refused["accepted"] == debilities
    impact = data(results[3])
    assert (impact["input"], impact["value"]) == ("name", "woozy")
    assert "battered" in impact["accepted"] and "wounded" in impact["accepted"]
    assert fingerprint() == before


def test_a_move_or_table_with_nothing_close_says_what_is_accepted(home: Path) -> None:
    # A move or a table with no name near it was refused with the bare name ("unknown move
    # 'qqqqzz'"): nothing said what to send, nor where the names are read.
    from mcp.shared.exceptions import MCPError

    make_character()
    before = fingerprint()

    async def scenario() -> tuple[list[Any], str]:
        async with stdio_session(home, "--campaign", "t") as session:
            results = [
                await session.call_tool("move", {"move": "qqqqzz"}),
                await session.call_tool("oracle", {"oracle": "qqqqzz"}),
            ]
            with pytest.raises(MCPError) as raised:
                await session.read_resource("ironsworn://move/qqqqzz")
            return results, raised.value.message

    results, refused = anyio.run(scenario)
    assert all(r.is_error for r in results)
    move, table = (r.content[0].text for r in results)
    assert move == (
        "unknown move 'qqqqzz' (accepted: a move of the campaign's ruleset by its id or name, "
        "as the resources ironsworn://move/{id} list them)"
    )
    assert table.startswith("unknown oracle table 'qqqqzz' (accepted: an oracle table by its")
    assert "ironsworn://oracle/{id}" in table
    assert refused == move
    assert fingerprint() == before


def test_a_track_named_when_none_is_open_says_what_is_accepted(home: Path) -> None:
    # With no scene challenge open, Finish the Scene by a name was refused "scene 'qqqqzz' is
    # unknown": no closest to list, and nothing said what would be taken.
    make_character()
    before = fingerprint()

    async def scenario() -> Any:
        async with stdio_session(home, "--campaign", "t") as session:
            return await session.call_tool("scene_resolve", {"track": "qqqqzz"})

    result = anyio.run(scenario)
    assert result.is_error
    assert result.content[0].text == (
        "scene 'qqqqzz' is unknown (accepted: an active scene's id or name; there is none)"
    )
    assert fingerprint() == before


def test_an_asset_named_where_none_of_its_abilities_acts_says_which_would(home: Path) -> None:
    # It said "Hawk has no marked ability that applies to Secure an Advantage +edge now" and
    # nothing of what the asset input would take.
    cards = ["--asset", "hawk:1=Kestrel", "--asset", "swordmaster", "--asset", "wildblood"]
    assert main(["character", "new", "Asha", "--stats", STATS, *cards, "--campaign", "t"]) == 0
    before = fingerprint()

    async def scenario() -> list[Any]:
        async with stdio_session(home, "--campaign", "t") as session:
            secure = {"move": "secure an advantage", "stat": "edge", "asset": "hawk"}
            compel = {"move": "compel", "stat": "heart", "asset": "hawk"}
            return [await session.call_tool("move", call) for call in (secure, compel)]

    secure, compel = anyio.run(scenario)
    assert secure.is_error and compel.is_error
    assert secure.content[0].text == (
        "Hawk has no marked ability that applies to Secure an Advantage +edge now (accepted: "
        "wildblood:1)"
    )
    assert compel.content[0].text.endswith(
        "(accepted: no asset: none of Asha's marked abilities acts on Compel +heart)"
    )
    assert data(secure)["input"] == "asset" and data(secure)["value"] == "Hawk"
    assert fingerprint() == before


def test_a_refused_read_that_says_what_is_accepted_lists_it_once(home: Path) -> None:
    # "campaign resource 'nothing' is unknown (accepted: sheets, tracks, ...); closest:
    # sheets, tracks, ...": the same names twice on the one line.
    from mcp.shared.exceptions import MCPError

    make_character()

    async def scenario() -> str:
        async with stdio_session(home, "--campaign", "t") as session:
            with pytest.raises(MCPError) as raised:
                await session.read_resource("ironsworn://campaign/nothing")
            return str(raised.value.message)

    assert anyio.run(scenario) == (
        "campaign resource 'nothing' is unknown (accepted: sheets, tracks, pending, log, "
        "journal, options, sheet/NAME)"
    )


def test_an_unknown_tool_is_named_a_tool_and_a_move_s_name_points_to_the_move_tool(
    home: Path,
) -> None:
    # "action 'roll' is unknown": a model calls tools, not actions; and one that called a
    # move by its name as a tool ("face_danger") was not told moves are the move tool's.
    make_character()
    before = fingerprint()

    async def scenario() -> list[Any]:
        async with stdio_session(home, "--campaign", "t") as session:
            return [
                await session.call_tool("roll", {"move": "face danger"}),
                await session.call_tool("face_danger", {"stat": "edge"}),
            ]

    rolled, named = anyio.run(scenario)
    assert rolled.is_error and named.is_error
    assert rolled.content[0].text.startswith("tool 'roll' is unknown (accepted: move, choose,")
    assert named.content[0].text.startswith(
        "tool 'face_danger' is unknown: Face Danger is a move, made with the move tool "
        "('move': 'face danger') (accepted: move, choose,"
    )
    assert data(named)["input"] == "operation" and "move" in data(named)["accepted"]
    assert fingerprint() == before
