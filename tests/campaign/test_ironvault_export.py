"""Iron Vault export: a campaign played on the command line, written as an Iron Vault folder.

Every mechanics block is read back with kdl-py (a KDL parser that is not ours) and checked
against the campaign's log node by node: each action roll's dice and stat, each progress roll,
each meter change, each burn, each move with its Datasworn id, each decision answered.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import kdl
import pytest
from ironvault_support import STATS, blocks, number, play, play_classic, play_co_op, read_note, walk

from ironsworn.campaign.ironvault.kdl import Node, format_nodes, parse, quote
from ironsworn.cli.main import main


def exported(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> Path:
    folder = tmp_path / "vault" / "t"
    folder.parent.mkdir()
    play(capsys, "export", "iron-vault", str(folder))
    return folder


def log_events(capsys: pytest.CaptureFixture[str]) -> list[dict[str, Any]]:
    document = json.loads(play(capsys, "export", "json"))
    return [e for op in document["operations"] for e in op["events"]]


def test_the_folder_holds_the_campaign_file_sheets_tracks_and_journals(
    home: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    play_classic(capsys)
    folder = exported(capsys, tmp_path)
    campaign, _ = read_note(folder / "t.md")
    assert campaign["iron-vault-kind"] == "campaign"
    assert campaign["ironvault"]["playset"] == {"type": "registry", "key": "classic"}
    sheet = json.loads(play(capsys, "sheet", "--json"))
    char, body = read_note(folder / "Characters" / "Asha.md")
    assert char["iron-vault-kind"] == "character" and char["name"] == "Asha"
    for stat, value in sheet["stats"].items():
        assert char[stat] == value
    for meter in ("health", "spirit", "supply", "momentum"):
        assert char[meter] == sheet[meter], meter
    assert char["xp_spent"] == sheet["experience"]["spent"]
    assert char["Bonds_Progress"] == sheet["bonds"]["ticks"]
    assert char["shaken"] is True and char["wounded"] is False and char["maimed"] is False
    assert char["initiative"] is False
    assert char["assets"] == [
        {
            "id": "asset:classic/companion/hawk",
            "abilities": [True, False, False],
            "controls": {"health": 3},
            "options": {"name": "Kestrel"},
        }
    ]
    assert "```iron-vault-character-stats" in body
    vow, _ = read_note(folder / "Progress" / "Find the lost child.md")
    assert vow == {
        "name": "Find the lost child",
        "iron-vault-kind": "progress",
        "rank": "dangerous",
        "progress": 8,
        "track-type": "Vow",
        "tags": ["incomplete"],
        "complete": False,
        "unbounded": False,
        "character": "[[Characters/Asha]]",
        "ironsworn": {"id": "vow-1"},
    }
    fight, _ = read_note(folder / "Progress" / "Wolf.md")
    assert fight["track-type"] == "Combat" and fight["complete"] is True
    assert fight["tags"] == ["complete"] and fight["ironsworn"]["status"] == "won"
    journal = (folder / "Journals" / "Session 01.md").read_text(encoding="utf-8")
    prose = ["Snow fell on the Havens.", "The wolves circled.", "Night came.\n\nThe fire held."]
    positions = [journal.index(p) for p in prose]
    assert positions == sorted(positions)


def test_every_block_is_kdl_and_matches_the_log_node_by_node(
    home: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    play_classic(capsys)
    folder = exported(capsys, tmp_path)
    events = log_events(capsys)
    nodes = [n for text in blocks(folder) for n in walk(kdl.parse(text).nodes)]

    rolls = [e["roll"] for e in events if e["type"] == "roll" and "roll" in e]
    action = [r for r in rolls if r["type"] == "action"]
    assert [
        tuple(number(n.props[k]) for k in ("action", "stat", "adds", "vs1", "vs2"))
        for n in nodes
        if n.name == "roll"
    ] == [(r["action_die"], r["stat"], r["adds"], *r["challenge"]) for r in action]
    progress = [r for r in rolls if r["type"] == "progress"]
    assert [
        (number(n.props["score"]), number(n.props["vs1"]), number(n.props["vs2"]))
        for n in nodes
        if n.name == "progress-roll"
    ] == [(r["score"], *r["challenge"]) for r in progress]

    # Each add with who or what gave it (the log keeps them with the roll).
    given = [
        (source["amount"], source["from"])
        for e in events
        if e["type"] == "roll"
        for source in e.get("adds_from") or []
    ]
    assert given == [(1, "an add given with the move")]
    assert [(number(n.args[0]), n.args[1]) for n in nodes if n.name == "add"] == given

    burns = [e for e in events if e["type"] == "burn"]
    assert burns, "the scenario burns momentum"
    burned = [(number(n.props["from"]), number(n.props["to"])) for n in nodes if n.name == "burn"]
    assert burned == [(e["from"], e["to"]) for e in burns]
    # Every meter change has its meter node, named as Iron Vault names it ("Health"); the
    # reset a burn makes is the burn node's.
    resets = {(b["character"], b["from"], b["to"]) for b in burns}
    changes = [
        (e["meter"].capitalize(), e["from"], e["to"])
        for e in events
        if e["type"] == "meter"
        and e["meter"] in ("health", "spirit", "supply", "momentum")
        and not (e["meter"] == "momentum" and (e["character"], e["from"], e["to"]) in resets)
    ]
    assert (
        changes
        and [
            (n.args[0], number(n.props["from"]), number(n.props["to"]))
            for n in nodes
            if n.name == "meter"
        ]
        == changes
    )

    moves = [e["move"] for e in events if e["type"] == "move"]
    linked = [n.args[0] for n in nodes if n.name == "move"]
    assert len(linked) == len(moves)
    for link, move in zip(linked, moves, strict=True):
        assert link.endswith(f"(datasworn:{move})")
    chosen = [e for e in events if e["type"] == "choice"]
    dashes = [n.args[0] for n in nodes if n.name == "-"]
    for choice in chosen:
        words = " ".join(k.replace("_", " ") for k in choice["keys"])
        assert any(words in d for d in dashes), words
    marks = [(n.args[0], n.args[1]) for n in nodes if n.name == "impact"]
    assert marks == [("Shaken", True)]
    oracles = [n for n in nodes if n.name == "oracle"]
    assert [number(n.props["roll"]) for n in oracles] == [
        e["roll"] for e in events if e["type"] in ("ask", "oracle")
    ]
    assert next(n.props.get("name") for n in nodes if n.name == "track") == (
        "[[Progress/Find the lost child]]"
    )


def test_co_op_blocks_name_their_actor(
    home: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    play_co_op(capsys, each_faces_danger=True)
    folder = exported(capsys, tmp_path)
    actors = [n for text in blocks(folder) for n in kdl.parse(text).nodes if n.name == "actor"]
    assert [a.props["name"] for a in actors] == [
        "[[Characters/Asha]]",
        "[[Characters/Brand]]",
        "[[Characters/Asha]]",
        "[[Characters/Brand]]",
    ]
    moves = [[c.name for c in a.nodes] for a in actors[2:]]
    assert moves == [["move"], ["move"]]


def test_co_op_answers_and_changes_go_to_the_character_they_are_for(
    home: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    play_co_op(capsys)
    # Asha's strong hit waits for her choice while Brand aids her (a weak hit: her
    # momentum), then misses and answers his own Pay the Price first.
    asha = ("--character", "Asha")
    brand = ("--character", "Brand")
    play(capsys, "move", "secure_an_advantage", "--stat", "edge", "--dice", "6,1,2", *asha)
    play(
        capsys,
        "move",
        "aid your ally",
        "--ally",
        "Asha",
        "--stat",
        "heart",
        "--dice",
        "5,8,3",
        *brand,
    )
    play(capsys, "move", "face_danger", "--stat", "edge", "--dice", "1,9,9", *brand)
    play(capsys, "choose", "obvious")
    play(capsys, "choose", "prepare_to_act")
    texts = blocks(exported(capsys, tmp_path))
    secure, aid, danger = (kdl.parse(text).nodes for text in texts[-3:])

    def shape(node: Any) -> Any:
        return (node.name, node.props.get("name"), [shape(c) for c in node.nodes])

    asha_link, brand_link = "[[Characters/Asha]]", "[[Characters/Brand]]"
    # Her answer is in her own move's block, not in Brand's Pay the Price.
    assert [shape(n) for n in secure] == [
        (
            "actor",
            asha_link,
            [("move", None, [("roll", None, []), ("-", None, []), ("meter", None, [])])],
        )
    ]
    assert [c.args[0] for c in secure[0].nodes[0].nodes[1:]] == ["chose prepare to act", "Momentum"]
    # Her momentum from his Aid Your Ally is hers: in an actor node of her own.
    assert [shape(n) for n in aid] == [
        (
            "actor",
            brand_link,
            [("move", None, [("roll", None, []), ("actor", asha_link, [("meter", None, [])])])],
        )
    ]
    assert [shape(n)[:2] for n in danger] == [("actor", brand_link)]
    assert "chose prepare to act" not in texts[-1]


def test_a_starforged_sheet_has_impacts_and_legacy_tracks(
    home: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    play(capsys, "campaign", "new", "t", "--ruleset", "starforged")
    play(capsys, "character", "new", "Kira", "--stats", STATS)
    play(capsys, "impact", "mark", "permanently_harmed")
    play(capsys, "legacy", "mark", "quests", "--ticks", "6")
    folder = exported(capsys, tmp_path)
    campaign, _ = read_note(folder / "t.md")
    assert campaign["ironvault"]["playset"]["key"] == "starforged"
    char, _ = read_note(folder / "Characters" / "Kira.md")
    assert char["permanently_harmed"] is True and char["wounded"] is False
    assert char["Quests_Progress"] == 6 and char["Quests_XPEarned"] == 2
    assert char["Bonds_Progress"] == 0 and char["Discoveries_XPEarned"] == 0
    sheet = json.loads(play(capsys, "sheet", "--json"))
    # Iron Vault counts the experience earned as xp_added plus what the tracks earned.
    assert char["xp_added"] + char["Quests_XPEarned"] == sheet["experience"]["earned"]
    nodes = [n for text in blocks(folder) for n in walk(kdl.parse(text).nodes)]
    impacts = [(n.args[0], n.args[1]) for n in nodes if n.name == "impact"]
    assert ("Permanently Harmed", True) in impacts
    quests = [n for n in nodes if n.name == "track" and n.args and n.args[0] == "Quests"]
    assert [(number(n.props["from"]), number(n.props["to"])) for n in quests] == [(0, 6)]


def test_the_export_refuses_a_folder_with_files(
    home: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    play(capsys, "campaign", "new", "t")
    full = tmp_path / "full"
    full.mkdir()
    (full / "note.md").write_text("mine", encoding="utf-8")
    assert main(["export", "iron-vault", str(full)]) == 2
    err = capsys.readouterr().err
    assert "not empty" in err and len(err.strip().splitlines()) == 1
    assert [p.name for p in full.iterdir()] == ["note.md"]
    assert main(["export", "iron-vault"]) == 2
    assert "needs a folder" in capsys.readouterr().err


@pytest.mark.parametrize(
    "value",
    ['say "hi"\\there', "line\nbreak", "tab\tand\u0001control", "[[Link|x]] {braces} = 1", ""],
)
def test_our_kdl_strings_read_back_the_same_with_kdl_py(value: str) -> None:
    text = format_nodes([Node("-", (value,)), Node("n", (1, True, None), (("k", value),))])
    theirs = kdl.parse(text).nodes
    assert theirs[0].args == [value] and theirs[1].props["k"] == value
    assert parse(text)[0].args == (value,)
    assert quote(value).startswith('"')


def test_an_add_says_who_gave_it(
    home: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    play(capsys, "campaign", "new", "t")
    play(capsys, "character", "new", "Asha", "--stats", STATS, "--bond", "Elda")
    play(capsys, "move", "sojourn", "--with", "eld", "--add", "2", "--dice", "3,9,9")
    folder = exported(capsys, tmp_path)
    moves = [n for text in blocks(folder) for n in kdl.parse(text).nodes if n.name == "move"]
    move = moves[0]
    assert move.args[0] == "[Sojourn](datasworn:move:classic/relationship/sojourn)"
    adds = [(number(n.args[0]), n.args[1]) for n in move.nodes if n.name == "add"]
    assert adds == [(2, "an add given with the move"), (1, "a bond with Elda")]
    (roll,) = [n for n in move.nodes if n.name == "roll"]
    assert number(roll.props["adds"]) == 3


def test_an_earn_experience_waiting_on_anothers_decision_is_written_as_waiting(
    home: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Kira's legacy box filled while Vel's decision waited: her Earn Experience waited for
    # it (the block says so, in the engine's note). Vel's answer (kept under Kira, whose Earn
    # Experience then ran) went out as Kira's: "chose lower" in her actor, not Vel's move.
    play(capsys, "campaign", "new", "t", "--ruleset", "starforged")
    play(capsys, "character", "new", "Kira", "--stats", STATS, "--starship", "Wayfarer")
    play(capsys, "character", "new", "Vel", "--stats", STATS)
    play(capsys, "vow", "new", "Find the relic", "--rank", "troublesome", "--character", "Kira",
         "--character", "Vel")  # fmt: skip
    for _ in range(10):
        play(capsys, "progress", "mark", "relic")
    vel, kira = ("--character", "Vel"), ("--character", "Kira")
    play(capsys, "move", "fulfill your vow", "--track", "relic", "--dice", "10,5", *vel)
    play(capsys, "legacy", "mark", "quests", "--ticks", "4", *kira)
    play(capsys, "choose", "lower")
    # The answer is Vel's in the log too (it was kept under Kira, whose move it ran first).
    answer = json.loads(play(capsys, "export", "json"))["operations"][-1]
    assert (answer["kind"], answer["character"]) == ("choice", "Vel")
    texts = blocks(exported(capsys, tmp_path))
    fulfil, legacy = (kdl.parse(text).nodes for text in texts[-2:])

    def shape(node: Any) -> Any:
        named = node.props.get("name") or (node.args[0] if node.args else None)
        return (node.name, named, [shape(c) for c in node.nodes])

    kira_link, vel_link = "[[Characters/Kira]]", "[[Characters/Vel]]"
    assert [shape(n) for n in legacy] == [
        (
            "actor",
            kira_link,
            [
                ("track", "Quests", []),
                (
                    "-",
                    "note: Earn Experience (Kira) waits for Vel's decision (Fulfill Your Vow): "
                    "it follows once Vel answers it",
                    [],
                ),
            ],
        )
    ]
    fulfil_link = "[Fulfill Your Vow](datasworn:move:starforged/quest/fulfill_your_vow)"
    earn_link = "[Earn Experience](datasworn:move:starforged/legacy/earn_experience)"
    assert [shape(n) for n in fulfil] == [
        (
            "actor",
            vel_link,
            [
                (
                    "move",
                    fulfil_link,
                    [
                        ("progress-roll", "[[Progress/Find the relic]]", []),
                        ("-", "chose lower", []),
                        ("track", "[[Progress/Find the relic]]", []),
                    ],
                ),
                ("move", earn_link, [("actor", kira_link, [("xp", None, [])])]),
            ],
        )
    ]
