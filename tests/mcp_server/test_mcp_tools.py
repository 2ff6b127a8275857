"""A model at the table over stdio, through the SDK's own client: ``ironsworn mcp`` started
as a desktop AI app starts it, then initialise, list, move, answer, read, undo.

The server's dice are seeded (``--seed``), so the test knows the dice it must have rolled:
the first three rolls of that seed (the action die, then the two challenge dice).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import anyio
from mcp_support import SEED, data, fingerprint, make_character, read_json, stdio_session

from ironsworn.dice import RandomDice

SHEET = "ironsworn://campaign/sheet/Asha"


def seeded_rolls(moves: int = 1) -> list[tuple[int, int, int]]:
    """The action die and challenge dice of the first action rolls the server's seeded dice
    make (each: the d6, then the two d10)."""
    dice = RandomDice(SEED)
    return [(dice.roll(6), dice.roll(10), dice.roll(10)) for _ in range(moves)]


def test_a_session_lists_tools_resources_and_prompts(home: Path) -> None:
    make_character()

    async def scenario() -> dict[str, Any]:
        async with stdio_session(home, "--campaign", "t") as session:
            tools = {t.name: t for t in (await session.list_tools()).tools}
            resources = [str(r.uri) for r in (await session.list_resources()).resources]
            templates = (await session.list_resource_templates()).resource_templates
            prompts = [p.name for p in (await session.list_prompts()).prompts]
            begin = await session.get_prompt("begin_session", {"character": "Asha"})
            return {
                "tools": tools,
                "resources": resources,
                "templates": [t.uri_template for t in templates],
                "prompts": prompts,
                "begin": begin.messages[0].content.text,
            }

    seen = anyio.run(scenario)
    tools = seen["tools"]
    assert {"move", "choose", "burn", "decline", "undo", "oracle", "ask", "journal"} <= set(tools)
    move = tools["move"].input_schema
    assert move["required"] == ["move"]
    # Fair dice: a model is offered no way to choose a roll.
    for name in ("dice", "seed"):
        assert name not in move["properties"]
    assert {"value", "seed", "keep"}.isdisjoint(tools["oracle"].input_schema["properties"])
    # The accepted values the state knows: the campaign's one character, its moves.
    assert move["properties"]["character"]["enum"] == ["Asha"]
    assert "face danger" in move["properties"]["move"]["examples"]
    assert tools["sheet"].annotations.read_only_hint is True
    assert tools["move"].annotations.read_only_hint is False
    assert SHEET in seen["resources"]
    assert "ironsworn://campaign/journal" in seen["resources"]
    assert "ironsworn://move/classic/adventure/face_danger" in seen["resources"]
    assert "ironsworn://oracle/classic/action_and_theme/action" in seen["resources"]
    assert "ironsworn://move/{id}" in seen["templates"]
    assert seen["prompts"] == ["begin_session", "set_the_scene", "pay_the_price"]
    assert '"name": "Asha"' in seen["begin"] and "never roll" in seen["begin"]


def test_face_danger_with_a_decision_answered_read_and_undone(home: Path) -> None:
    make_character()
    (action, c1, c2), second = seeded_rolls(2)

    async def scenario() -> dict[str, Any]:
        out: dict[str, Any] = {}
        async with stdio_session(home, "--campaign", "t", "--seed", SEED) as session:
            out["asked"] = data(await session.call_tool("move", {"move": "face danger"}))
            out["move"] = data(
                await session.call_tool("move", {"move": "face danger", "stat": "edge"})
            )
            out["pending"] = await read_json(session, "ironsworn://campaign/pending")
            scene = await session.get_prompt("set_the_scene", {})
            out["scene"] = scene.messages[0].content.text
            out["key"] = key = out["move"]["pending"][0]["options"][1]["key"]
            out["chosen"] = data(await session.call_tool("choose", {"keys": [key]}))
            out["sheet"] = await read_json(session, SHEET)
            out["log"] = await read_json(session, "ironsworn://campaign/log")
            out["undo"] = data(await session.call_tool("undo", {}))
            out["after_undo"] = await read_json(session, SHEET)
            out["pending_again"] = await read_json(session, "ironsworn://campaign/pending")
        return out

    seen = anyio.run(scenario)
    # A missing input is a question with the choices, not an error.
    question = seen["asked"]["question"]
    assert question["input"] == "stat"
    assert [c["key"] for c in question["choices"]][:5] == [
        "edge",
        "heart",
        "iron",
        "shadow",
        "wits",
    ]
    # The server rolled its own (seeded) dice, and the engine applied the rule.
    roll = seen["move"]["roll"]
    assert (roll["action_die"], roll["challenge"]) == (action, [c1, c2])
    assert roll["score"] == min(action + 3, 10)
    beats = sum(roll["score"] > c for c in (c1, c2))
    assert seen["move"]["outcome"] == ["miss", "weak_hit", "strong_hit"][beats]
    # Every roll is in the log, with its dice.
    rolls = [e for op in seen["log"] for e in op["events"] if e["type"] == "roll"]
    face_danger = [e["roll"] for e in rolls if e["move"] == "move:classic/adventure/face_danger"]
    assert face_danger == [roll]
    # Seed 3 rolls 4 | 10, 5: edge 3 makes 7, a weak hit, and Face Danger's weak hit asks
    # which cost. The decision is data a model answers with choose.
    assert (action, c1, c2) == (4, 10, 5)
    pending = seen["move"]["pending"][0]
    assert pending["kind"] == "choose" and pending["character"] == "Asha"
    assert [o["key"] for o in pending["options"]] == [
        "suffer_momentum",
        "endure_harm",
        "endure_stress",
        "suffer_supply",
    ]
    assert seen["pending"]["current"]["options"] == pending["options"]
    assert seen["pending"]["set_aside"] == []
    # The scene prompt starts from the move just made and the decision it waits on.
    assert '"move": "Face Danger"' in seen["scene"] and '"outcome": "weak_hit"' in seen["scene"]
    assert '"key": "endure_harm"' in seen["scene"]
    assert seen["key"] == "endure_harm"
    # Endure Harm (1 harm) is made at once, on the server's next dice, and asks its own choice.
    assert seen["chosen"]["move"] == "move:classic/suffer/endure_harm"
    harm = seen["chosen"]["roll"]
    assert (harm["action_die"], *harm["challenge"]) == second
    assert seen["chosen"]["pending"][0]["move"] == "move:classic/suffer/endure_harm"
    assert seen["sheet"]["health"] == 4
    # Undo takes back the answer: the harm is gone and the decision waits again.
    assert seen["undo"]["undone"]["kind"] == "choice"
    assert seen["after_undo"]["health"] == 5
    assert seen["pending_again"]["current"]["options"] == pending["options"]


def test_a_bad_call_names_the_input_and_changes_nothing(home: Path) -> None:
    make_character()
    before = fingerprint()

    async def scenario() -> list[Any]:
        async with stdio_session(home, "--campaign", "t") as session:
            calls = [
                ("move", {"move": "face danger", "stat": "luck"}),
                ("move", {"move": "face danger", "stat": "edge", "dice": [6, 1, 1]}),
                ("move", {"move": "face danger", "stat": "edge", "seed": "lucky"}),
                ("move", {"move": "face dancing", "stat": "edge"}),
                ("move", {"move": "face danger", "stat": "edge", "add": [11]}),
                ("choose", {"keys": ["endure_harm"]}),
                ("oracle", {"oracle": "action", "value": 1}),
                ("option", {"name": "own dice", "value": "on"}),
                ("teleport", {}),
            ]
            return [await session.call_tool(name, args) for name, args in calls]

    results = anyio.run(scenario)
    assert all(r.is_error for r in results), [data(r) for r in results]
    errors = [data(r) for r in results]
    # The text a model reads is the one line; the data beside it names the input.
    assert all(r.content[0].text == e["error"] for r, e in zip(results, errors, strict=True))
    assert all("\n" not in e["error"] for e in errors)
    assert errors[1]["input"] == "dice" and "server rolls" in errors[1]["error"]
    assert errors[2]["input"] == "seed"
    assert errors[4]["input"] == "add" and errors[4]["value"] == 11
    assert errors[6]["input"] == "value"
    assert errors[7]["input"] == "name" and "players'" in errors[7]["error"]
    assert errors[8]["input"] == "operation"
    assert fingerprint() == before


def test_own_dice_lets_a_model_give_the_dice_it_was_told(home: Path) -> None:
    make_character()
    from ironsworn.cli.main import main

    assert main(["option", "own_dice", "on", "--campaign", "t"]) == 0

    async def scenario() -> tuple[Any, Any]:
        async with stdio_session(home, "--campaign", "t") as session:
            tools = {t.name: t for t in (await session.list_tools()).tools}
            moved = await session.call_tool(
                "move", {"move": "face danger", "stat": "edge", "dice": [6, 1, 2]}
            )
            return tools["move"].input_schema, data(moved)

    schema, moved = anyio.run(scenario)
    assert "dice" in schema["properties"] and "seed" not in schema["properties"]
    assert (moved["roll"]["action_die"], moved["roll"]["challenge"]) == (6, [1, 2])
    assert moved["outcome"] == "strong_hit"


def test_every_oracle_roll_and_answer_a_model_sees_is_in_the_log(home: Path) -> None:
    make_character()

    async def scenario() -> tuple[Any, Any, Any]:
        async with stdio_session(home, "--campaign", "t", "--seed", SEED) as session:
            rolled = data(await session.call_tool("oracle", {"oracle": "action"}))
            asked = data(
                await session.call_tool("ask", {"odds": "likely", "question": "Is the pass open?"})
            )
            return rolled, asked, await read_json(session, "ironsworn://campaign/log")

    rolled, asked, log = anyio.run(scenario)
    kept = {op["kind"]: op["events"][0] for op in log[-2:]}
    assert kept["oracle"]["roll"] == rolled["roll"] and kept["oracle"]["text"] == rolled["text"]
    assert kept["ask"]["roll"] == asked["roll"] and kept["ask"]["question"] == "Is the pass open?"
    assert kept["ask"]["answer"] == asked["answer"] in ("yes", "no")


def test_pending_shows_every_decision_owed_and_which_is_current(home: Path) -> None:
    # Co-op: Asha's decision is set aside while Brand's waits. The pending resource showed
    # Brand's alone, so a model never learnt that Asha still owed one.
    make_character()
    make_character(name="Brand")

    async def scenario() -> tuple[Any, Any, Any]:
        async with stdio_session(home, "--campaign", "t", "--seed", SEED) as session:
            asha = {"move": "face danger", "stat": "edge", "character": "Asha"}
            await session.call_tool("move", asha)
            await session.call_tool("move", {"move": "make camp", "character": "Brand"})
            both = await read_json(session, "ironsworn://campaign/pending")
            token = both["set_aside"][0]["token"]
            chosen = await session.call_tool(
                "choose", {"keys": ["suffer_momentum"], "character": "Asha", "decision": token}
            )
            after = await read_json(session, "ironsworn://campaign/pending")
            return both, chosen, after

    both, chosen, after = anyio.run(scenario)
    # Seed 3: Asha's weak hit asks its cost; Brand's Make Camp (a strong hit) asks two.
    assert both["current"]["character"] == "Brand"
    assert both["current"]["move"] == "move:classic/adventure/make_camp"
    assert [d["character"] for d in both["set_aside"]] == ["Asha"]
    assert both["set_aside"][0]["move"] == "move:classic/adventure/face_danger"
    assert not chosen.is_error, chosen.content[0].text
    assert after["current"]["character"] == "Brand" and after["set_aside"] == []


def test_the_journal_a_model_reads_leaves_out_the_content_packs_pinned(home: Path) -> None:
    make_character()

    async def scenario() -> Any:
        async with stdio_session(home, "--campaign", "t") as session:
            return await read_json(session, "ironsworn://campaign/journal")

    journal = anyio.run(scenario)
    told = " ".join(str(e["mechanics"]) for e in journal)
    assert "Asha enters the story" in told and "content packs" not in told


def test_one_key_given_alone_is_taken_as_a_list_of_one(home: Path) -> None:
    # A model answering with "keys": "endure_harm" (not ["endure_harm"]) was refused:
    # "keys 'endure_harm' is not a list".
    make_character()

    async def scenario() -> Any:
        async with stdio_session(home, "--campaign", "t", "--seed", SEED) as session:
            await session.call_tool("move", {"move": "face danger", "stat": "edge"})
            return await session.call_tool("choose", {"keys": "endure_harm"})

    chosen = anyio.run(scenario)
    assert not chosen.is_error, chosen.content[0].text
    assert data(chosen)["move"] == "move:classic/suffer/endure_harm"


def test_make_a_connection_asks_whom_in_starforged_words(home: Path) -> None:
    # Its question's help read "the person or community of the bond": classic's words.
    from ironsworn.cli.main import main

    assert main(["campaign", "new", "sf", "--ruleset", "starforged"]) == 0
    assert (
        main(["character", "new", "Kira", "--stats", "edge=3,heart=2,iron=2,shadow=1,wits=1"]) == 0
    )

    async def scenario() -> Any:
        async with stdio_session(home, "--campaign", "sf") as session:
            return data(await session.call_tool("move", {"move": "make a connection"}))

    question = anyio.run(scenario)["question"]
    assert question["input"] == "with"
    assert "connection" in question["help"] and "of the bond" not in question["help"]
    # It read "... (Swear an Iron Vow: whom the vow is to)": another move's words.
    assert question["help"].startswith("whom you seek out: the new connection's name")
    assert "vow" not in question["help"].lower()


def test_choose_accepts_the_keys_of_a_decision_set_aside(home: Path) -> None:
    # Its schema's enum listed the current decision's keys alone: a client that checks the
    # enum could not answer Asha's decision, set aside while Brand's waits.
    make_character()
    make_character(name="Brand")

    async def scenario() -> Any:
        async with stdio_session(home, "--campaign", "t", "--seed", SEED) as session:
            asha = {"move": "face danger", "stat": "edge", "character": "Asha"}
            await session.call_tool("move", asha)
            await session.call_tool("move", {"move": "make camp", "character": "Brand"})
            tools = {t.name: t for t in (await session.list_tools()).tools}
            return tools["choose"].input_schema["properties"]["keys"]["items"]["enum"]

    keys = anyio.run(scenario)
    assert "recuperate" in keys  # Brand's Make Camp, waiting now
    assert "suffer_momentum" in keys and "endure_harm" in keys  # Asha's, set aside


def test_the_move_tool_describes_its_inputs_in_both_rulesets_words(home: Path) -> None:
    # "the vow, journey or fight" and "Test Your Bond" were classic's alone: a Starforged
    # model read no expedition, connection or Test Your Relationship.
    make_character()

    async def scenario() -> Any:
        async with stdio_session(home, "--campaign", "t") as session:
            tools = {t.name: t for t in (await session.list_tools()).tools}
            return tools["move"].input_schema["properties"]

    move = anyio.run(scenario)
    assert "expedition, connection" in move["track"]["description"]
    assert "Test Your Relationship" in move["abandon"]["description"]


def test_an_input_with_every_value_listed_gives_no_examples_beside(home: Path) -> None:
    # A fixed list (vehicle_mark's troubles, an option's values) was given twice: as its
    # enum and again as examples.
    make_character()

    async def scenario() -> Any:
        async with stdio_session(home, "--campaign", "t") as session:
            return [t.input_schema for t in (await session.list_tools()).tools]

    schemas = anyio.run(scenario)
    both = [
        (name, schema)
        for schema in schemas
        for name, schema in schema["properties"].items()
        if "enum" in schema and "examples" in schema
    ]
    assert both == []
    assert any("enum" in p for s in schemas for p in s["properties"].values())


def test_a_new_track_at_a_table_of_several_asks_who_shares_it(home: Path) -> None:
    # It was refused "there are several characters; name one (character); closest: Asha,
    # Brand": the track tool takes no 'character' (the input is 'characters'), and a call
    # naming one was refused as an unknown option.
    make_character()
    make_character(name="Brand")
    before = fingerprint()

    async def scenario() -> tuple[Any, Any, list[Any]]:
        async with stdio_session(home, "--campaign", "t") as session:
            fight = {"kind": "fight", "text": "Raiders", "rank": "dangerous"}
            asked = await session.call_tool("track", fight)
            after_question = fingerprint()
            made = await session.call_tool("track", {**fight, "characters": ["Brand"]})
            return asked, made, after_question

    asked, made, after_question = anyio.run(scenario)
    assert not asked.is_error, asked.content[0].text
    question = data(asked)["question"]
    assert question["input"] == "characters" and question["many"] is True
    assert [c["key"] for c in question["choices"]] == ["Asha", "Brand"]
    assert "several characters" in question["prompt"]
    assert after_question == before
    assert data(made)["characters"] == ["Brand"]


def test_a_character_made_without_cards_is_told_how_to_take_them(home: Path) -> None:
    # The result of 'character' said nothing of the three starting assets left out (nothing
    # adds one later but Advance), nor did the tool's description: a model made Asha with
    # none and played on without them.
    async def scenario() -> tuple[Any, Any, str]:
        async with stdio_session(home, "--campaign", "t") as session:
            tools = {t.name: t for t in (await session.list_tools()).tools}
            help_ = tools["character"].input_schema["properties"]["assets"]["description"]
            stats = "edge=3,heart=2,iron=2,shadow=1,wits=1"
            bare = await session.call_tool("character", {"name": "Asha", "stats": stats})
            cards = ["hawk:1=Kestrel", "swordmaster", "veteran"]
            full = await session.call_tool(
                "character", {"name": "Brand", "stats": stats, "assets": cards}
            )
            return data(bare), data(full), help_

    bare, full, help_ = anyio.run(scenario)
    assert bare["notes"] == [
        "Asha starts with three assets and has none yet: nothing adds a starting card later "
        "(only Advance buys one); to take them, undo, then make Asha again, giving the assets"
    ]
    assert "notes" not in full
    assert help_.startswith("the starting cards, taken now (nothing adds one later but Advance)")


def test_a_scene_is_resolved_while_another_characters_decision_waits(home: Path) -> None:
    # Finish the Scene was refused "a decision is pending: answer it first" for any
    # decision at the table, Brand's too: other characters act meanwhile, as in every move,
    # and the refusal named neither the decision nor how to answer it.
    make_character()
    make_character(name="Brand")

    async def scenario() -> tuple[Any, Any, Any, Any]:
        async with stdio_session(home, "--campaign", "t", "--seed", SEED) as session:
            for text, who in (("Bar the door", "Brand"), ("Hold the gate", "Asha")):
                scene = {"kind": "scene", "text": text, "rank": "dangerous", "characters": [who]}
                await session.call_tool("track", scene)
            await session.call_tool("track", {**scene, "text": "Watch the road"})
            # No progress on a track: a miss, and Pay the Price is owed.
            await session.call_tool("scene_resolve", {"track": "door"})
            resolved = await session.call_tool("scene_resolve", {"track": "gate"})
            pending = await read_json(session, "ironsworn://campaign/pending")
            refused = await session.call_tool("scene_resolve", {"track": "road"})
            return resolved, pending, refused, fingerprint()

    resolved, pending, refused, after = anyio.run(scenario)
    assert not resolved.is_error, resolved.content[0].text
    assert data(resolved)["outcome"] == "miss"
    # Asha pays the price now; Brand's waits, set aside.
    assert pending["current"]["character"] == "Asha"
    assert [d["character"] for d in pending["set_aside"]] == ["Brand"]
    assert refused.is_error
    assert "decision is pending (Pay the Price" in refused.content[0].text
    assert refused.content[0].text.endswith("answer it with choose, burn or decline first")
    assert fingerprint() == after


def test_take_decisive_action_in_a_bad_spot_answers_the_outcome_that_counts(home: Path) -> None:
    # In a bad spot a strong hit without a match counts as a weak hit: the engine paid the
    # weak hit's cost, but the result said "strong_hit" and "You prevail. Take +1 momentum",
    # which a model narrates (a note alone said otherwise).
    from ironsworn.cli.main import main

    assert main(["campaign", "new", "sf", "--ruleset", "starforged"]) == 0
    kira = ["character", "new", "Kira", "--stats", "edge=3,heart=2,iron=2,shadow=1,wits=1"]
    assert main([*kira, "--starship", "Vesper", "--campaign", "sf"]) == 0
    assert main(["option", "own_dice", "on", "--campaign", "sf"]) == 0

    async def scenario() -> tuple[Any, Any]:
        async with stdio_session(home, "--campaign", "sf") as session:
            fray = {
                "move": "enter the fray",
                "foe": "Drift pirate",
                "rank": "dangerous",
                "stat": "edge",
            }
            await session.call_tool("move", {**fray, "dice": [1, 9, 9]})  # a miss: a bad spot
            await session.call_tool("progress", {"track": "pirate", "times": 2})  # score 4
            decisive = {"move": "take decisive action", "track": "pirate"}
            strong = await session.call_tool("move", {**decisive, "dice": [3, 2]})
            await session.call_tool("undo", {})
            weak = await session.call_tool("move", {**decisive, "dice": [5, 2]})
            return data(strong), data(weak)

    strong, weak = anyio.run(scenario)
    assert strong["roll"]["outcome"] == "strong_hit"  # the dice's own
    assert strong["outcome"] == "weak_hit"
    assert strong["text"].startswith("You achieve your objective, but not without cost")
    assert strong["notes"] == ["in a bad spot: the strong hit counts as a weak hit"]
    assert not any(e["target"] == "momentum" for e in strong["effects"])
    assert strong["pending"][0]["prompt"] == "not without cost: roll on the table or choose one"
    assert (weak["roll"]["outcome"], weak["outcome"]) == ("weak_hit", "miss")
    assert weak["pending"][0]["move"] == "move:starforged/fate/pay_the_price"


def test_a_foes_rank_is_asked_in_its_rulesets_terms(home: Path) -> None:
    # Starforged's foes inflict no harm by rank (the rank sets the objective's progress),
    # yet Enter the Fray asked "dangerous (2 harm)" there as in classic.
    from ironsworn.cli.main import main

    make_character()
    assert main(["campaign", "new", "sf", "--ruleset", "starforged"]) == 0
    kira = ["character", "new", "Kira", "--stats", "edge=3,heart=2,iron=2,shadow=1,wits=1"]
    assert main([*kira, "--starship", "Vesper", "--campaign", "sf"]) == 0
    fray = {"move": "enter the fray", "foe": "The hollow crew", "stat": "edge"}

    async def asked(campaign: str) -> list[str]:
        async with stdio_session(home, "--campaign", campaign) as session:
            question = data(await session.call_tool("move", fray))["question"]
            assert question["input"] == "rank"
            return [c["label"] for c in question["choices"]]

    starforged = anyio.run(asked, "sf")
    classic = anyio.run(asked, "t")
    assert starforged[:2] == ["troublesome (3 boxes a mark)", "dangerous (2 boxes a mark)"]
    assert not any("harm" in label for label in starforged)
    assert classic[:2] == ["troublesome (1 harm)", "dangerous (2 harm)"]


def test_a_new_fights_rank_is_asked_in_its_rulesets_terms(home: Path) -> None:
    # The track tool's question of a fight's rank said "2 harm" in Starforged too, where the
    # rank sets the objective's progress and no foe inflicts harm by it.
    from ironsworn.cli.main import main

    make_character()
    assert main(["campaign", "new", "sf", "--ruleset", "starforged"]) == 0
    kira = ["character", "new", "Kira", "--stats", "edge=3,heart=2,iron=2,shadow=1,wits=1"]
    assert main([*kira, "--starship", "Vesper", "--campaign", "sf"]) == 0

    async def asked(campaign: str) -> list[str]:
        async with stdio_session(home, "--campaign", campaign) as session:
            fight = {"kind": "fight", "text": "Raiders"}
            question = data(await session.call_tool("track", fight))["question"]
            assert question["input"] == "rank"
            return [c["detail"] for c in question["choices"]]

    assert anyio.run(asked, "sf")[:2] == ["3 boxes a mark", "2 boxes a mark"]
    assert anyio.run(asked, "t")[:2] == ["1 harm", "2 harm"]


def test_journal_edit_says_its_entry_is_the_seq_the_journal_shows(home: Path) -> None:
    # "the entry's number in the journal": a model counted the entries (1 for the first)
    # and was refused; the number taken is the entry's seq, as the journal resource gives it.
    make_character()

    async def scenario() -> tuple[str, Any, Any]:
        async with stdio_session(home, "--campaign", "t") as session:
            tools = {t.name: t for t in (await session.list_tools()).tools}
            help_ = tools["journal_edit"].input_schema["properties"]["entry"]["description"]
            await session.call_tool("journal", {"text": "Snow on the Havens."})
            journal = await read_json(session, "ironsworn://campaign/journal")
            seq = next(e["seq"] for e in journal if e["text"] == "Snow on the Havens.")
            edited = await session.call_tool("journal_edit", {"entry": seq, "text": "Sleet."})
            return help_, seq, edited

    help_, seq, edited = anyio.run(scenario)
    assert "seq" in help_ and "not its place in the list" in help_
    assert seq > 1 and not edited.is_error, edited.content[0].text


def test_the_initiative_tool_offers_starforgeds_position_words(home: Path) -> None:
    # Its schema's enum was ["have", "lose"] in a Starforged campaign too, though the words
    # there are "in control" and "bad spot": a client that checks the enum refused them.
    from ironsworn.cli.main import main

    make_character()
    assert main(["campaign", "new", "sf", "--ruleset", "starforged"]) == 0
    kira = ["character", "new", "Kira", "--stats", "edge=3,heart=2,iron=2,shadow=1,wits=1"]
    assert main([*kira, "--starship", "Vesper", "--campaign", "sf"]) == 0

    async def offered(campaign: str) -> list[str]:
        async with stdio_session(home, "--campaign", campaign) as session:
            tools = {t.name: t for t in (await session.list_tools()).tools}
            enum: list[str] = tools["initiative"].input_schema["properties"]["value"]["enum"]
            done = await session.call_tool("initiative", {"value": enum[0]})
            assert not done.is_error, done.content[0].text
            return enum

    assert anyio.run(offered, "sf") == ["in control", "bad spot"]
    assert anyio.run(offered, "t") == ["have", "lose"]


def test_adjust_offers_the_vehicles_integrity_in_starforged(home: Path) -> None:
    # The adjust tool's description names "Starforged: the vehicle's integrity", but its
    # schema's enum of meters left integrity out: a client that checks the enum refused it.
    from ironsworn.cli.main import main

    make_character()
    assert main(["campaign", "new", "sf", "--ruleset", "starforged"]) == 0
    kira = ["character", "new", "Kira", "--stats", "edge=3,heart=2,iron=2,shadow=1,wits=1"]
    assert main([*kira, "--starship", "Vesper", "--campaign", "sf"]) == 0

    async def offered(campaign: str) -> tuple[list[str], Any]:
        async with stdio_session(home, "--campaign", campaign) as session:
            tools = {t.name: t for t in (await session.list_tools()).tools}
            enum: list[str] = tools["adjust"].input_schema["properties"]["meter"]["enum"]
            done = await session.call_tool("adjust", {"meter": enum[-1], "delta": -1})
            return enum, data(done)

    starforged, hull = anyio.run(offered, "sf")
    classic, _ = anyio.run(offered, "t")
    assert starforged[-1] == "integrity" and "integrity" not in classic
    assert hull["effects"][0]["from"] == 5 and hull["effects"][0]["to"] == 4


def test_a_truth_rolled_over_mcp_rolls_the_servers_dice(home: Path) -> None:
    # 'truth' with option 'roll' rolled new random dice of its own: the server's --seed, which
    # makes every other roll of a session the same again, left it to chance.
    async def rolled(campaign: str) -> tuple[int, int]:
        async with stdio_session(home, "--campaign", campaign, "--seed", SEED) as session:
            truth = await session.call_tool("truth", {"truth": "iron", "option": "roll"})
            assert not truth.is_error, truth.content[0].text
            oracle = await session.call_tool("oracle", {"oracle": "action"})
            return data(truth)["roll"], data(oracle)["roll"]

    make_character()
    make_character(campaign="u")
    first = anyio.run(rolled, "t")
    assert anyio.run(rolled, "u") == first
    assert first[0] == RandomDice(SEED).roll(100)  # the seed's first die, as the server rolls
