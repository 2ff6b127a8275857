"""A model at the table over stdio, through the SDK's own client: ``ironsworn mcp`` started
as a desktop AI app starts it, then initialise, list and read."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp_support import fingerprint, make_character, read_json, stdio_session

SHEET = "ironsworn://campaign/sheet/Asha"


def test_a_session_lists_resources_and_prompts_and_reads_them(home: Path) -> None:
    make_character()

    async def scenario() -> dict[str, Any]:
        async with stdio_session(home, "--campaign", "t") as session:
            resources = [str(r.uri) for r in (await session.list_resources()).resources]
            templates = (await session.list_resource_templates()).resource_templates
            prompts = [p.name for p in (await session.list_prompts()).prompts]
            begin = await session.get_prompt("begin_session", {"character": "Asha"})
            return {
                "info": session.server_info,
                "resources": resources,
                "templates": [t.uri_template for t in templates],
                "prompts": prompts,
                "begin": begin.messages[0].content.text,
                "sheet": await read_json(session, SHEET),
                "lower": await read_json(session, "ironsworn://campaign/sheet/asha"),
                "move": await read_json(session, "ironsworn://move/face%20danger"),
                "oracle": await read_json(
                    session, "ironsworn://oracle/classic/action_and_theme/action"
                ),
                "options": await read_json(session, "ironsworn://campaign/options"),
                "journal": await read_json(session, "ironsworn://campaign/journal"),
            }

    seen = anyio.run(scenario)
    assert seen["info"].name == "ironsworn"
    assert SHEET in seen["resources"]
    for part in ("sheets", "tracks", "pending", "log", "journal", "options"):
        assert f"ironsworn://campaign/{part}" in seen["resources"]
    assert "ironsworn://move/classic/adventure/face_danger" in seen["resources"]
    assert "ironsworn://oracle/classic/action_and_theme/action" in seen["resources"]
    assert "ironsworn://move/{id}" in seen["templates"]
    assert seen["prompts"] == ["begin_session", "set_the_scene", "pay_the_price"]
    assert '"name": "Asha"' in seen["begin"] and "never roll" in seen["begin"]
    assert seen["sheet"]["name"] == "Asha" and seen["sheet"]["stats"]["edge"] == 3
    assert seen["lower"] == seen["sheet"]
    assert seen["move"]["id"] == "move:classic/adventure/face_danger"
    assert "risky" in seen["move"]["trigger"]
    rows = seen["oracle"]["rows"]
    assert (rows[0]["min"], rows[-1]["max"]) == (1, 100)
    own_dice = next(o for o in seen["options"] if o["name"] == "own_dice")
    assert own_dice["value"] is False
    assert "Asha enters the story" in seen["journal"][0]["mechanics"]


@pytest.mark.parametrize(
    ("uri", "named"),
    [
        ("ironsworn://campaign/sheet/Nobody", "Nobody"),
        ("ironsworn://move/face%20dancing", "face dancing"),
        ("ironsworn://campaign/scores", "scores"),
        ("file:///etc/passwd", "file:///etc/passwd"),
    ],
)
def test_an_unknown_resource_is_an_error_naming_it(home: Path, uri: str, named: str) -> None:
    from mcp.shared.exceptions import MCPError

    make_character()
    before = fingerprint()

    async def scenario() -> MCPError:
        async with stdio_session(home, "--campaign", "t") as session:
            with pytest.raises(MCPError) as raised:
                await session.read_resource(uri)
            return raised.value

    error = anyio.run(scenario)
    assert named in error.message and "\n" not in error.message
    assert fingerprint() == before


def test_a_prompt_with_an_unknown_argument_is_refused(home: Path) -> None:
    from mcp.shared.exceptions import MCPError

    make_character()

    async def scenario() -> tuple[str, str]:
        async with stdio_session(home, "--campaign", "t") as session:
            scene = await session.get_prompt("set_the_scene", {})
            with pytest.raises(MCPError) as raised:
                await session.get_prompt("begin_session", {"mood": "grim"})
            return scene.messages[0].content.text, raised.value.message

    scene, refused = anyio.run(scenario)
    assert "No move has been rolled yet" in scene
    assert refused == "prompt begin_session has no argument 'mood' (accepted: character)"


def test_a_server_only_read_from_leaves_no_campaign(home: Path) -> None:
    async def scenario() -> Any:
        async with stdio_session(home, "--campaign", "fresh") as session:
            return await read_json(session, "ironsworn://campaign/sheets")

    assert anyio.run(scenario) == []
    assert not (home / "campaigns" / "fresh.sqlite").exists()
