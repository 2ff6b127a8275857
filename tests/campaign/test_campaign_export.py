"""Export and import: the JSON round trip, refusals of bad import files, the Markdown story."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from campaign_support import LedgerState, count_event, move_events

from ironsworn.campaign import export
from ironsworn.campaign.journal import Narrator, entries
from ironsworn.campaign.store import CampaignStore, Operation
from ironsworn.errors import CampaignError


def fixed_clock(store: CampaignStore[Any], times: list[str]) -> None:
    ticks = iter(times)
    store.clock = lambda: next(ticks)


def build_campaign(path: Path) -> CampaignStore[LedgerState]:
    """Moves, journal text, and all three statuses: live, discarded, undone (the redo stack)."""
    store = CampaignStore.open(path, create=True, state_type=LedgerState)
    for n in range(4):
        with store.write() as tx:
            tx.append("move", move_events(n), character="Kai", summary=f"move {n}")
    store.journal_add("Ünder the ash-grey sky — I swear.\n\nA second paragraph.", character="Kai")
    store.undo()
    store.undo()
    with store.write() as tx:  # discards the two undone operations
        tx.append(
            "edit",
            [
                {"type": "meter", "character": "Kai", "meter": "health", "from": 4, "to": 3},
                count_event(3),
            ],
        )
    with store.write() as tx:
        tx.append(
            "oracle",
            [
                {
                    "type": "oracle",
                    "oracle": "oracle_rollable:classic/action",
                    "name": "Action",
                    "roll": 42,
                    "text": "Bolster",
                    "rolls": [],
                }
            ],
        )
    store.undo()  # stays on the redo stack
    return store


def test_json_round_trip_is_byte_identical(tmp_path: Path) -> None:
    with build_campaign(tmp_path / "a.sqlite") as original:
        first = export.export_json(original)
        state = original.state().to_dict()
        operations = [op.to_dict() for op in original.operations(include_undone=True)]
    (tmp_path / "a.json").write_text(first, encoding="utf-8")
    count = export.import_file(
        tmp_path / "a.json", tmp_path / "b" / "b.sqlite", name="b", state_type=LedgerState
    )
    assert count == len(operations) == 7
    with CampaignStore.open(tmp_path / "b" / "b.sqlite", state_type=LedgerState) as copy:
        assert copy.name == "b"
        assert export.export_json(copy) == first
        assert copy.state().to_dict() == state
        assert [op.to_dict() for op in copy.operations(include_undone=True)] == operations
        # The redo stack came along.
        redone = copy.redo()
        assert redone is not None and redone.kind == "oracle"
    statuses = [op["status"] for op in operations]
    assert statuses == ["live"] * 3 + ["discarded"] * 2 + ["live", "undone"]
    assert [p.name for p in (tmp_path / "b").iterdir()] == ["b.sqlite"]  # no temporary left


def test_json_export_document_shape(tmp_path: Path) -> None:
    with build_campaign(tmp_path / "a.sqlite") as store:
        document = json.loads(export.export_json(store))
        created = store.meta()["created"]
    assert document["format"] == "ironsworn-campaign"
    assert document["format_version"] == 1
    assert document["created"] == created
    assert set(document) == {"format", "format_version", "created", "operations"}
    journal = document["operations"][4]
    assert journal["events"] == [
        {"text": "Ünder the ash-grey sky — I swear.\n\nA second paragraph.", "type": "journal"}
    ]


def test_import_keeps_times_and_created(tmp_path: Path) -> None:
    with build_campaign(tmp_path / "a.sqlite") as store:
        (tmp_path / "a.json").write_text(export.export_json(store), encoding="utf-8")
        times = [op.time for op in store.operations(include_undone=True)]
        created = store.meta()["created"]
    export.import_file(tmp_path / "a.json", tmp_path / "b.sqlite", name="b", state_type=LedgerState)
    with CampaignStore.open(tmp_path / "b.sqlite", state_type=LedgerState) as copy:
        assert [op.time for op in copy.operations(include_undone=True)] == times
        assert copy.meta()["created"] == created


def valid_document() -> dict[str, Any]:
    return {
        "format": "ironsworn-campaign",
        "format_version": 1,
        "created": "2024-05-01T20:00:00.000000Z",
        "operations": [
            {
                "seq": 1,
                "kind": "edit",
                "time": "2024-05-01T20:01:00.000000Z",
                "character": None,
                "summary": "",
                "status": "live",
                "events": [count_event(0)],
            },
            {
                "seq": 2,
                "kind": "edit",
                "time": "2024-05-01T20:02:00.000000Z",
                "character": "Kai",
                "summary": "",
                "status": "live",
                "events": [count_event(1)],
            },
        ],
    }


def edit(change: Any) -> str:
    document = valid_document()
    change(document)
    return json.dumps(document)


def set_op(index: int, key: str, value: Any) -> Any:
    return lambda d: d["operations"][index].__setitem__(key, value)


BAD_IMPORTS: list[tuple[str, str, str]] = [
    ("not json", "{ nope", "not JSON"),
    ("a list", "[]", "not an ironsworn campaign export"),
    (
        "other format",
        edit(lambda d: d.__setitem__("format", "x")),
        "not an ironsworn campaign export",
    ),
    ("newer format", edit(lambda d: d.__setitem__("format_version", 2)), "version 2 is newer"),
    (
        "format version text",
        edit(lambda d: d.__setitem__("format_version", "1")),
        "not a whole number",
    ),
    ("unknown field", edit(lambda d: d.__setitem__("extra", 1)), "unknown field 'extra'"),
    ("bad created", edit(lambda d: d.__setitem__("created", "yesterday")), "not an ISO-8601 time"),
    ("operations not list", edit(lambda d: d.__setitem__("operations", {})), "must be a list"),
    ("operation not object", edit(lambda d: d["operations"].append(3)), r"operations\[2\] is not"),
    ("missing seq", edit(lambda d: d["operations"][0].pop("seq")), "has no 'seq'"),
    ("unknown op field", edit(set_op(0, "mood", "grim")), "unknown field 'mood'"),
    ("seq zero", edit(set_op(0, "seq", 0)), "seq 0 is not a positive"),
    ("seq text", edit(set_op(0, "seq", "1")), "is not a positive"),
    ("seq repeated", edit(set_op(1, "seq", 1)), "seq 1 follows 1"),
    ("empty kind", edit(set_op(0, "kind", "")), "kind '' is not a word"),
    ("bad time", edit(set_op(0, "time", 5)), "time 5 is not an ISO-8601 time"),
    ("bad character", edit(set_op(0, "character", 7)), "character 7 is not a name"),
    ("bad summary", edit(set_op(0, "summary", None)), "summary is not text"),
    ("bad status", edit(set_op(0, "status", "maybe")), "status 'maybe' is not one of"),
    ("undone first", edit(set_op(0, "status", "undone")), "undone operation 1 comes before"),
    ("no events", edit(set_op(0, "events", [])), "non-empty list"),
    ("event without type", edit(set_op(0, "events", [{"from": 0}])), r"events\[0\] has no 'type'"),
    (
        "event refused",
        edit(set_op(1, "events", [count_event(5)])),
        "operation 2: the state refused",
    ),
]


@pytest.mark.parametrize(("what", "text", "message"), BAD_IMPORTS, ids=[b[0] for b in BAD_IMPORTS])
def test_bad_import_files_are_refused_and_nothing_is_written(
    tmp_path: Path, what: str, text: str, message: str
) -> None:
    source = tmp_path / "in.json"
    source.write_text(text, encoding="utf-8")
    target_dir = tmp_path / "campaigns"
    target_dir.mkdir()
    with pytest.raises(CampaignError, match=message) as caught:
        export.import_file(source, target_dir / "x.sqlite", name="x", state_type=LedgerState)
    assert "\n" not in str(caught.value) and str(source) in str(caught.value)
    assert list(target_dir.iterdir()) == []


def test_the_valid_document_itself_imports(tmp_path: Path) -> None:
    source = tmp_path / "in.json"
    source.write_text(json.dumps(valid_document()), encoding="utf-8")
    assert export.import_file(source, tmp_path / "x.sqlite", name="x", state_type=LedgerState) == 2


def test_import_never_replaces_an_existing_campaign(tmp_path: Path) -> None:
    source = tmp_path / "in.json"
    source.write_text(json.dumps(valid_document()), encoding="utf-8")
    target = tmp_path / "x.sqlite"
    with CampaignStore.open(target, create=True, state_type=LedgerState) as store:
        store.journal_add("mine")
    before = target.read_bytes()
    with pytest.raises(CampaignError, match="already exists"):
        export.import_file(source, target, name="x", state_type=LedgerState)
    assert target.read_bytes() == before


def test_missing_import_file(tmp_path: Path) -> None:
    with pytest.raises(CampaignError, match="import file not found"):
        export.import_file(tmp_path / "no.json", tmp_path / "x.sqlite", name="x")
    assert not (tmp_path / "x.sqlite").exists()


# --------------------------------------------------------------------------------- markdown

TIMES = [
    "2024-05-01T19:00:00.000000Z",
    "2024-05-01T19:05:00.000000Z",
    "2024-05-01T21:00:00.000000Z",  # under four hours later: same session
    "2024-05-03T18:00:00.000000Z",  # two days later: session 2
    "2024-05-03T18:10:00.000000Z",  # an explicit session marker: session 3
    "2024-05-03T18:20:00.000000Z",
]


def story(tmp_path: Path) -> str:
    with CampaignStore.open(
        tmp_path / "Ironlands.sqlite", create=True, state_type=LedgerState
    ) as s:
        fixed_clock(s, TIMES)
        s.journal_add("The ship burned behind us.\n\nWe walked inland.")
        with s.write() as tx:
            tx.append("move", move_events(0), character="Kai")
        with s.write() as tx:
            tx.append(
                "oracle",
                [
                    {
                        "type": "oracle",
                        "name": "Action",
                        "roll": 42,
                        "text": "Bolster",
                        "rolls": [{"type": "oracle", "name": "Theme", "roll": 7, "text": "Risk"}],
                    }
                ],
            )
        s.journal_add("Two days on, the hills.")
        with s.write() as tx:
            tx.append("session", [{"type": "session", "title": "Into the Deep Wilds"}])
        with s.write() as tx:
            tx.append(
                "edit",
                [
                    {"type": "weather", "sky": "grey"},
                    {"type": "debility", "character": "Kai"},  # malformed
                    {"type": "pending", "from": None, "to": {"kind": "choice"}},
                ],
            )
        return export.markdown(s)


def test_markdown_sessions_and_blocks(tmp_path: Path) -> None:
    text = story(tmp_path)
    lines = text.splitlines()
    assert lines[0] == "# Ironlands"
    headings = [line for line in lines if line.startswith("## ")]
    assert headings == [
        "## Session 1 — 2024-05-01",
        "## Session 2 — 2024-05-03",
        "## Session 3 — 2024-05-03: Into the Deep Wilds",
        "## State",
    ]
    assert "The ship burned behind us.\n\nWe walked inland." in text
    # The move in one line (who, move, stat, dice, outcome), its changes folded under it.
    block = [
        "**Kai · Face Danger** (+edge) — 4 + 3 = 7 vs 5 | 8 → *weak hit*",
        "",
        "<details><summary>what changed</summary>",
        "",
        "- Kai: health 5 → 4",
        "- Kai: spirit 5 → 4",
        "- count: 0 → 1",
        "",
        "</details>",
    ]
    start = lines.index(block[0])
    assert lines[start : start + len(block)] == block
    assert "*Action (42): Bolster (Theme (7): Risk)*" in lines
    # Unknown and malformed events are told generically; plumbing (pending) is left out.
    assert "*weather: sky grey; debility: character Kai*" in lines
    assert "pending" not in text
    assert text.index("Two days on") > text.index("## Session 2")


def test_markdown_of_an_empty_campaign(tmp_path: Path) -> None:
    with CampaignStore.open(tmp_path / "c.sqlite", create=True, state_type=LedgerState) as s:
        assert "*Nothing has happened yet.*" in export.markdown(s)


def test_markdown_with_the_real_state_ends_with_the_sheet(tmp_path: Path) -> None:
    pytest.importorskip("ironsworn.campaign.state")
    with CampaignStore.open(tmp_path / "c.sqlite", create=True) as s:
        with s.write() as tx:
            tx.append(
                "character",
                [
                    {
                        "type": "character_created",
                        "character": {
                            "name": "Kai",
                            "stats": {"edge": 3, "heart": 2, "iron": 2, "shadow": 1, "wits": 1},
                        },
                    }
                ],
            )
        with s.write() as tx:
            tx.append(
                "vow",
                [
                    {
                        "type": "track_created",
                        "track": {
                            "id": "vow-1",
                            "kind": "vow",
                            "name": "Avenge my kin",
                            "rank": "dangerous",
                            "ticks": 0,
                            "characters": ["Kai"],
                        },
                    }
                ],
            )
        with s.write() as tx:
            tx.append(
                "move",
                [
                    {"type": "progress", "track": "vow-1", "from": 0, "to": 8},
                    {"type": "meter", "character": "Kai", "meter": "health", "from": 5, "to": 4},
                ],
            )
        text = export.markdown(s)
    assert "*new vow (dangerous): Avenge my kin — Kai*" in text
    assert "*Avenge my kin: progress 0 → 8 ticks (2 boxes); Kai: health 5 → 4*" in text
    sheet = text[text.index("## Characters") :]
    assert "### Kai" in sheet
    assert (
        "| Edge | Heart | Iron | Shadow | Wits |\n|---|---|---|---|---|\n| 3 | 2 | 2 | 1 | 1 |"
        in (sheet)
    )
    assert "Health 4 · Spirit 5 · Supply 5 · Momentum +2 (max +10, reset +2)" in sheet
    # The vow drawn as its ten boxes (issue 13), once.
    assert sheet.count("Avenge my kin") == 1
    assert "- Avenge my kin (dangerous vow) `[#][#][ ][ ][ ][ ][ ][ ][ ][ ]`" in sheet


# ---------------------------------------------------------------------------------- journal


def test_journal_entries_interleave_text_and_mechanics() -> None:
    ops = [
        Operation(1, "journal", "t1", "Kai", "", ({"type": "journal", "text": "Dawn."},)),
        Operation(2, "move", "t2", "Kai", "", tuple(move_events(0))),
        Operation(
            3, "edit", "t3", None, "fixed a typo", ({"type": "pending", "from": None, "to": None},)
        ),
    ]
    found = entries(ops)
    assert [(e["seq"], e["text"], e["mechanics"]) for e in found] == [
        (1, "Dawn.", None),
        (
            2,
            None,
            "Kai: Face Danger (+edge): weak hit; action 4 + edge 3 = 7 vs 5 | 8 → weak hit; "
            "Kai: health 5 → 4; Kai: spirit 5 → 4; count: 0 → 1",
        ),
        (3, None, "fixed a typo"),
    ]


@pytest.mark.parametrize(
    ("event", "expected"),
    [
        (
            {
                "type": "debility",
                "character": "Kai",
                "debility": "wounded",
                "from": False,
                "to": True,
            },
            "Kai: wounded marked",
        ),
        (
            {"type": "initiative", "character": "Kai", "from": False, "to": True},
            "Kai has initiative",
        ),
        ({"type": "burn", "character": "Kai", "from": 8, "to": 2}, "Kai burns momentum: 8 → 2"),
        (
            {"type": "ask", "odds": "likely", "roll": 33, "answer": True, "match": True},
            "ask the oracle (likely): 33 → yes (match)",
        ),
        (
            {"type": "choice", "list": "pay_the_price", "keys": ["lose_momentum"]},
            "chose lose momentum (pay the price)",
        ),
        (
            {"type": "track_closed", "track": "vow-9", "from": "active", "to": "fulfilled"},
            "vow-9: fulfilled",
        ),
        (
            {
                "type": "roll",
                "roll": {
                    "type": "progress",
                    "score": 6,
                    "challenge": [7, 3],
                    "outcome": "weak_hit",
                    "match": False,
                },
            },
            "progress roll 6 vs 7 | 3 → weak hit",
        ),
        (
            {
                "type": "roll",
                "roll": {
                    "type": "action",
                    "action_die": 6,
                    "action_die_cancelled": True,
                    "stat": 2,
                    "adds": 1,
                    "score": 9,
                    "challenge": [2, 2],
                    "outcome": "strong_hit",
                    "match": True,
                    "burn": None,
                },
            },
            "action 6 (cancelled) + 2 + 1 = 9 vs 2 | 2 → strong hit (match)",
        ),
        (
            {
                "type": "roll",
                "roll": {
                    "type": "action",
                    "action_die": 2,
                    "stat": 2,
                    "adds": 0,
                    "score": 4,
                    "challenge": [6, 2],
                    "outcome": "weak_hit",
                    "burned": False,
                    "burn": {"outcome": "strong_hit"},
                },
            },
            "action 2 + 2 = 4 vs 6 | 2 → weak hit (burning momentum would make it a strong hit)",
        ),
        (
            {
                "type": "roll",
                "roll": {
                    "type": "action",
                    "action_die": 2,
                    "stat": 2,
                    "adds": 0,
                    "score": 4,
                    "challenge": [6, 2],
                    "outcome": "strong_hit",
                    "burned": True,
                    "burn": None,
                },
            },
            "action 2 + 2 = 4 vs 6 | 2 → strong hit (momentum burned)",
        ),
        (
            {"type": "ruleset", "from": "classic", "to": "starforged"},
            "the campaign plays Starforged",
        ),
        ({"type": "ruleset", "from": None, "to": "classic"}, "the campaign plays Ironsworn"),
        ({"type": "journal", "text": "x"}, "journal: text x"),
        ({"type": "brand_new", "from": [1, 2], "to": {"name": "Hawk"}}, "brand new: [1, 2] → Hawk"),
        ({"type": "roll", "roll": "garbled"}, "roll: roll garbled"),
    ],
)
def test_narrator_phrases(event: dict[str, Any], expected: str) -> None:
    assert Narrator().event(event) == expected


def test_a_move_is_told_before_the_roll_made_for_it() -> None:
    roll_a = {"type": "roll", "move": "move:a", "roll": {}}
    move_a = {"type": "move", "move": "move:a", "name": "A"}
    roll_b = {"type": "roll", "move": "move:b", "roll": {}}
    move_b = {"type": "move", "move": "move:b", "name": "B"}
    meter = {"type": "meter", "character": "Kai", "meter": "health", "from": 5, "to": 4}
    op = Operation(1, "move", "t", "Kai", "", (meter, roll_a, move_a, roll_b, move_b, roll_a))
    assert Narrator().ordered(op) == [meter, move_a, roll_a, move_b, roll_b, roll_a]
