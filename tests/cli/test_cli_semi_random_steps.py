"""The semi-random setup step by step at the command line (issue 21 item 9, seed 000
L5287-5313): `character draw NAME DECK` five times (unseen, then revealed), `character keep`,
`character background NAME [WORDS] --background-rank R`, `character bond NAME PERSON`; a bad
step prints one line, exits 2 and changes nothing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_support import fingerprint, run


def ok(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    code, out, err = run(capsys, *argv)
    assert code == 0, err
    return out


def test_the_semi_random_steps_on_the_command_line(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # stat 60 iron; Goal 59 "Spread faith"; Role 65 "Scout"; Descriptors 86, 73; Trouble 8.
    out = ok(capsys, "character", "new", "Kai", "--semi-random", "--dice", "60,59,65,86,73,8")
    assert "background vow: the oracle says 'Spread faith'" in out
    assert "the oracles describe a sick, weak scout; give them a name" in out
    assert "5 more cards to draw unseen" in out
    sheet = ok(capsys, "sheet")
    assert "cards drawn unseen: 0 of 5" in sheet
    assert "background vow from the oracle: Spread faith" in sheet
    assert "a bond from the oracles: a sick, weak scout" in sheet
    before = fingerprint(home)
    for bad, says in (
        (["character", "keep", "Kai", "a,b,c"], "draw 5 more first"),
        (["character", "draw", "Kai", "starship", "--dice", "1"], "deck 'starship' is not one"),
        (["character", "draw", "Kai"], "name the deck"),
        (["character", "background", "Kai"], "needs --background-rank (accepted: extreme, epic)"),
        (["character", "background", "Kai", "--background-rank", "dangerous"], "extreme or epic"),
        (["character", "bond", "Kai"], "give the person a name"),
    ):
        code, out, err = run(capsys, *bad)
        assert (code, out) == (2, "") and err.count("\n") == 1 and says in err, err
    assert fingerprint(home) == before
    for number, deck in enumerate(["path", "path", "companion", "combat_talent"], start=1):
        out = ok(capsys, "character", "draw", "Kai", deck, "--dice", "1")
        assert f"card {number}, drawn unseen" in out and "revealed" not in out
    out = ok(capsys, "character", "draw", "Kai", "ritual", "--dice", "1")
    assert out.count("revealed: ") == 5 and "Kai's hand: " in out
    hand = json.loads(ok(capsys, "sheet", "--json"))["asset_hand"]
    assert len(hand) == 5
    out = ok(capsys, "character", "background", "Kai", "Carry", "the", "old", "faith",
             "--background-rank", "epic")  # fmt: skip
    assert "new vow: Carry the old faith (epic)" in out
    ok(capsys, "character", "bond", "Kai", "Arna")
    sheet = json.loads(ok(capsys, "sheet", "--json"))
    assert sheet["bonds"]["list"] == ["Arna"] and sheet["bonds"]["ticks"] == 1
    assert "background_goal" not in sheet and "bond_oracle" not in sheet
