"""One oracle roll and one Ask the Oracle for every surface (issue 18): the command line's
``oracle roll --record`` and ``ask --record``, play mode's ``/oracle`` and ``/ask``, the web's
``oracle`` and ``ask`` actions and the table's operations called directly write the same
event and say the same match, each in a campaign of its own. Typed dice (play's session dice,
the table's dice, the web's ``dice``) and a value typed in (``--value``) give the same roll.

The even-matches option is the campaign's (seed 000 L5127-5135: "Resolve the impact of a match
only when your challenge dice come up as an even number"): with it on, 11 is no match and 22
is one, wherever the question is asked.

And the events are built in one place: no surface module (``cli/``, ``web/``, ``mcp/``) builds
or appends an ``oracle`` or ``ask`` event, and under ``table/`` only its oracle operations keep
one; the two events' shapes are written only in the oracle modules."""

from __future__ import annotations

import ast
import io
import json
from pathlib import Path
from typing import Any

import pytest
from web_support import CHANGE, STATS

from ironsworn.campaign.registry import open_campaign
from ironsworn.cli.main import main
from ironsworn.cli.play.session import PlaySession
from ironsworn.cli.play.terminal import Output
from ironsworn.dice import FixedDice
from ironsworn.table import Table, operation
from source_strings import SRC

QUESTION = "Is the gate open?"


class Lines:
    """Play mode's input, as from a pipe."""

    interactive = False

    def __init__(self, lines: list[str]) -> None:
        self.lines = lines

    def read(self, prompt: str) -> str:
        if not self.lines:
            raise EOFError
        return self.lines.pop(0)


def campaign(name: str, ruleset: str, even: bool) -> None:
    """A campaign of ``ruleset`` holding Kai, with the even-matches option on or off."""
    assert main(["campaign", "new", name, "--ruleset", ruleset]) == 0
    assert main(["character", "new", "Kai", "--stats", STATS, "--campaign", name]) == 0
    if even:
        assert main(["option", "even_matches", "on", "--campaign", name]) == 0


def kept(name: str, kind: str) -> list[dict[str, Any]]:
    """The events of the ``kind`` operations of campaign ``name`` (with every key)."""
    with open_campaign(name, create=False) as store:
        return [dict(e) for op in store.operations() if op.kind == kind for e in op.events]


def play(name: str, dice: list[int], line: str, errors: bool = False) -> str:
    """Play mode's output of ``line`` in campaign ``name``, its session dice ``dice`` (with
    ``errors``: its error lines, there must be some)."""
    out, err = io.StringIO(), io.StringIO()
    with open_campaign(name, create=False) as store:
        PlaySession(store, Output(False, out, err), FixedDice(dice), Lines([line])).run()
    assert (err.getvalue() != "") is errors
    return err.getvalue() if errors else out.getvalue()


def direct(name: str, op: str, args: dict[str, Any], dice: list[int]) -> dict[str, Any]:
    """The table's operation ``op`` called directly on campaign ``name`` with ``dice``."""
    with open_campaign(name, create=False) as store:
        answer: dict[str, Any] = operation(op).call(
            Table(store, name, dice_default=FixedDice(dice)), args
        )
    return answer


@pytest.mark.parametrize(
    ("ruleset", "even", "odds", "roll", "said"),
    [
        # Classic: "Likely 26 or greater"; 11 is a match only without even matches.
        ("classic", False, "likely", 11, {"answer": "no", "match": True}),
        ("classic", True, "likely", 11, {"answer": "no", "match": False}),
        ("classic", False, "likely", 22, {"answer": "no", "match": True}),
        ("classic", True, "likely", 22, {"answer": "no", "match": True}),
        ("classic", True, "almost_certain", 100, {"answer": "yes", "match": True}),
        # Starforged: "Likely 75 or less".
        ("starforged", False, "likely", 11, {"answer": "yes", "match": True}),
        ("starforged", True, "likely", 11, {"answer": "yes", "match": False}),
        ("starforged", True, "likely", 22, {"answer": "yes", "match": True}),
        ("starforged", False, "unlikely", 76, {"answer": "no", "match": False}),
    ],
)
def test_every_surface_asks_alike(
    api: Any,
    home: Path,
    capsys: pytest.CaptureFixture[str],
    ruleset: str,
    even: bool,
    odds: str,
    roll: int,
    said: dict[str, Any],
) -> None:
    for name in ("cli", "play", "web", "table"):
        campaign(name, ruleset, even)
    capsys.readouterr()

    argv = ["ask", odds, *QUESTION.split(), "--value", str(roll), "--record", "--json"]
    assert main([*argv, "--campaign", "cli"]) == 0
    by_cli = json.loads(capsys.readouterr().out)
    shown = play("play", [roll], f"/ask {odds} {QUESTION}")  # the session's dice
    web = api.post(
        "/api/c/web/actions/ask",
        json={"odds": odds, "question": QUESTION, "dice": str(roll), "keep": True},
        headers=CHANGE,
    )
    assert web.status_code == 200, web.text
    by_table = direct("table", "ask", {"odds": odds, "question": QUESTION, "keep": True}, [roll])

    want: dict[str, Any] = {"type": "ask", "character": "Kai", "odds": odds, "roll": roll}
    want |= said
    if even:
        want["even_matches"] = True
    if ruleset == "starforged":
        want["rule"] = "starforged"
    want["question"] = QUESTION
    assert [kept(n, "ask") for n in ("cli", "play", "web", "table")] == [[want]] * 4
    for answer in (by_cli, web.json(), by_table):
        assert (answer["answer"], answer["match"]) == (said["answer"], said["match"])
    assert ("MATCH" in shown) is said["match"]
    assert f"rolled {roll} — {said['answer'].upper()}" in shown


@pytest.mark.parametrize(
    ("oracle", "value", "seed", "dice"),
    [
        ("action", 37, None, None),
        # 99-00 rolls twice more: the same seed rolls the same two on every surface...
        ("pay the price", 100, "s5", None),
        # ... and so do the same two dice typed in.
        ("pay the price", 100, None, "5,40"),
    ],
)
def test_every_surface_rolls_an_oracle_alike(
    api: Any,
    home: Path,
    capsys: pytest.CaptureFixture[str],
    oracle: str,
    value: int,
    seed: str | None,
    dice: str | None,
) -> None:
    for name in ("cli", "play", "web", "table"):
        campaign(name, "classic", False)
    capsys.readouterr()
    options = ["--seed", seed] if seed else ["--dice", dice] if dice else []
    argv = ["oracle", "roll", oracle, "--value", str(value), *options, "--record", "--json"]
    assert main([*argv, "--campaign", "cli"]) == 0
    by_cli = json.loads(capsys.readouterr().out)
    play("play", [], f"/oracle {oracle} --value {value} {' '.join(options)}")
    args: dict[str, Any] = {"oracle": by_cli["id"], "value": value, "keep": True}
    if seed:
        args["seed"] = seed
    if dice:
        args["dice"] = dice
    web = api.post("/api/c/web/actions/oracle", json=args, headers=CHANGE)
    assert web.status_code == 200, web.text
    by_table = direct("table", "oracle", args, [])

    events = [kept(n, "oracle") for n in ("cli", "play", "web", "table")]
    assert len(events[0]) == 1 and events[0][0]["character"] == "Kai"
    assert events == [events[0]] * 4
    assert events[0][0]["roll"] == value and events[0][0]["oracle"] == by_cli["id"]
    if value == 100:
        assert len(events[0][0]["rolls"]) == 2  # the two rolls 99-00 asks for
    if dice:
        assert [r["roll"] for r in events[0][0]["rolls"]] == [5, 40]
    for answer in (web.json(), by_table):
        assert {k: v for k, v in answer.items() if k != "seed"} == by_cli


def test_typed_dice_left_over_are_refused(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    campaign("c", "classic", False)
    capsys.readouterr()
    left = "--dice: 1 value left over, not rolled"
    for record in ([], ["--record"]):
        assert main(["oracle", "roll", "action", "--dice", "5,6", *record]) == 2
        assert left in capsys.readouterr().err
    assert left in play("c", [], "/oracle action --dice 5,6", errors=True)
    assert kept("c", "oracle") == []


def test_without_record_nothing_is_kept(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    campaign("c", "classic", True)
    capsys.readouterr()
    assert main(["ask", "likely", "--value", "11", "--json"]) == 0
    # The current campaign's option is read, and nothing is written.
    assert json.loads(capsys.readouterr().out) == {
        "odds": "likely",
        "roll": 11,
        "answer": "no",
        "match": False,
        "even_matches": True,
    }
    assert main(["oracle", "roll", "action", "--value", "37"]) == 0
    assert capsys.readouterr().out == "Action (37): Hunt\n"
    assert kept("c", "ask") == kept("c", "oracle") == []


def test_a_recorded_answer_is_by_the_campaign_it_is_kept_in(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # No campaign yet: --record makes one, which plays classic; Starforged's table is refused
    # and nothing is made.
    assert main(["ask", "likely", "--value", "76", "--record", "--ruleset", "starforged"]) == 2
    assert "(accepted: classic, or leave it out)" in capsys.readouterr().err
    assert not (home / "campaigns" / "default.sqlite").exists()
    assert main(["ask", "likely", "--value", "76", "--record", "--ruleset", "classic"]) == 0
    assert capsys.readouterr().out == "Likely (26+): rolled 76 — YES\n"
    assert (home / "campaigns" / "default.sqlite").exists()


# ------------------------------------------------------------------------- one place


SURFACES = ("cli", "web", "mcp")
SHAPES = {"content/oracle_roller.py", "oracle.py"}  # where the two events' keys are written
KEEPERS = {"table/oracles.py"}  # the operations that keep them


def event_builds(path: Path) -> list[str]:
    """What in ``path`` builds or appends an ``oracle`` or ``ask`` event: a dict with that
    ``type``, a call of ``oracle_event`` or of an ``event()`` method (a result's, an
    answer's), the table's ``keep``, a store's ``append`` of that kind."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Dict):
            for key, value in zip(node.keys, node.values, strict=True):
                if (
                    isinstance(key, ast.Constant)
                    and key.value == "type"
                    and isinstance(value, ast.Constant)
                    and value.value in ("oracle", "ask")
                ):
                    found.append(f"{node.lineno}: a {value.value} event's dict")
        elif isinstance(node, ast.Call):
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            receiver = func.value if isinstance(func, ast.Attribute) else None
            narrator = isinstance(receiver, ast.Attribute) or (
                isinstance(receiver, ast.Name) and receiver.id in ("self", "narrator")
            )  # self.event(e), self.narrator.event(e), narrator.event(e): a journal telling one
            first = node.args[0] if node.args else None
            if name in ("oracle_event", "keep") or (name == "event" and not narrator):
                found.append(f"{node.lineno}: {name}()")
            elif (
                name == "append"
                and isinstance(first, ast.Constant)
                and first.value in ("oracle", "ask")
            ):
                found.append(f"{node.lineno}: append({first.value!r})")
    return sorted(found, key=lambda hit: int(hit.split(":")[0]))


def modules(*parts: str) -> list[Path]:
    return sorted(p for part in parts for p in (SRC / part).rglob("*.py"))


def test_no_surface_builds_an_oracle_or_ask_event() -> None:
    checked = modules(*SURFACES)
    assert len(checked) > 60  # the surfaces' modules are where they were
    found = {str(p.relative_to(SRC)): hits for p in checked if (hits := event_builds(p))}
    assert found == {}, "surfaces keep an oracle roll or an answer through the table's operations"


def test_only_the_oracle_operations_keep_them_at_the_table() -> None:
    found = {str(p.relative_to(SRC)) for p in modules("table") if event_builds(p)}
    assert found == KEEPERS


def test_the_event_shapes_are_written_once() -> None:
    shaped = {
        str(p.relative_to(SRC))
        for p in SRC.rglob("*.py")
        if any("event's dict" in hit for hit in event_builds(p))
    }
    assert shaped == SHAPES


def test_the_scan_finds_each_way_of_building_one(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text(
        "def run(store, result, answer, self):\n"
        "    e = {'type': 'ask', 'roll': 11}\n"
        "    oracle_event('x', 'X', 1, 'y')\n"
        "    result.event('Kai')\n"
        "    keep(store, 'oracle', e, 's', None)\n"
        "    store.write().append('oracle', [e])\n"
        "    self.narrator.event(e)\n"
        "    self.event(e)\n",
        encoding="utf-8",
    )
    assert event_builds(bad) == [
        "2: a ask event's dict",
        "3: oracle_event()",
        "4: event()",
        "5: keep()",
        "6: append('oracle')",
    ]
