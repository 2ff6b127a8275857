"""Hostile or damaged pack files (issue 8, reliability findings 2, 3, 4, 6, 8 and 9).

The rule: a pack is refused with one line (exit 2) and nothing on disk changes, or it is
accepted and then every content command still works. Each case is a fixture with one field
made wrong, as a fuzzing run found them.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from ironsworn.cli.main import main
from ironsworn.content import import_pack, load_library
from ironsworn.content.loader import CHECKS_VERSION, pack_lock
from ironsworn.errors import ContentError

FIXTURES = Path(__file__).resolve().parent / "fixtures"
DATASWORN = "datasworn_0_2_ruleset.json"
DATAFORGED = "dataforged_pack.json"
DF_ORACLES = "dataforged_oracles.json"

Edit = Callable[[Any], None]


def _snow(data: Any) -> dict[str, Any]:
    table: dict[str, Any] = data["oracles"]["weather"]["contents"]["snow"]
    return table


def _spark(data: Any) -> dict[str, Any]:
    table: dict[str, Any] = data[0]["Oracles"][0]
    return table


def _set(path: Callable[[Any], dict[str, Any]], key: str, value: Any) -> Edit:
    def edit(data: Any) -> None:
        path(data)[key] = value

    return edit


def _row(index: int, key: str, value: Any) -> Edit:
    return lambda data: _snow(data)["rows"][index].__setitem__(key, value)


def _hound(data: Any) -> dict[str, Any]:
    hound: dict[str, Any] = data["Encounters"][0]
    return hound


def _ability(data: Any) -> dict[str, Any]:
    ability: dict[str, Any] = data["Asset Types"][0]["Assets"][0]["Abilities"][0]
    return ability


def _move(data: Any) -> dict[str, Any]:
    move: dict[str, Any] = data["moves"]["cold"]["contents"]["shiver"]
    return move


# (fixture, edit, what the one-line refusal names)
HOSTILE: list[tuple[str, str, Edit, str]] = [
    # finding 3: wrong types
    ("oracle name a list", DF_ORACLES, _set(_spark, "Name", ["a", "b"]), "name is a list"),
    ("datasworn oracle name", DATASWORN, _set(_snow, "name", {"x": 1}), "missing 'name'"),
    ("tactics a list of lists", DATAFORGED, _set(_hound, "Tactics", [["a"]]), "tactics[0]"),
    ("tactics an object", DATAFORGED, _set(_hound, "Tactics", {"a": 1}), "is not a list"),
    ("ability text object", DATAFORGED, _set(_ability, "Text", {"a": 1}), "text is an object"),
    ("row text a number", DATASWORN, _row(0, "result", 5), None),
    ("number Infinity", DATASWORN, _row(0, "max", float("inf")), "inf is not a whole number"),
    ("move text a list", DATASWORN, _set(_move, "text", ["x"]), None),
    ("move name a number", DATASWORN, _set(_move, "name", 7), "missing 'name'"),
    ("encounter rank object", DATAFORGED, _set(_hound, "Rank", {"a": 1}), None),
    # finding 4: sizes that hang
    ("huge dice", DATASWORN, _set(_snow, "dice", "1d1000000000000"), "too large"),
    ("many dice", DATASWORN, _set(_snow, "dice", "100000d6"), "too large"),
    (
        "huge ceiling",
        DF_ORACLES,
        lambda d: _spark(d)["Table"][3].__setitem__("Ceiling", 10**20),
        "out of range",
    ),
    (
        "a billion rolls",
        DATASWORN,
        lambda d: _snow(d)["rows"][2]["oracle_rolls"][0].__setitem__("count", 10**9),
        "1000000000",
    ),
    # finding 6: text and numbers that cannot be stored
    ("lone surrogate datasworn", DATASWORN, _row(0, "result", "\ud800"), "surrogate"),
    ("lone surrogate dataforged", DATAFORGED, _set(_hound, "Description", "\ud800"), "surrogate"),
    ("row min 1e999", DATASWORN, _row(0, "min", "__1e999__"), "inf is not a whole number"),
    (
        "dataforged floor 1e999",
        DF_ORACLES,
        lambda d: _spark(d)["Table"][0].__setitem__("Floor", "__1e999__"),
        "infinity",
    ),
    ("pack title surrogate", DATASWORN, lambda d: d.__setitem__("title", "\udcff"), "surrogate"),
]


def _write(tmp_path: Path, fixture: str, edit: Edit) -> Path:
    data = json.loads((FIXTURES / fixture).read_text(encoding="utf-8"))
    edit(data)
    path = tmp_path / f"hostile-{fixture}"
    # Infinity, 1e999 and \\ud800 escapes: the file holds what a hostile writer could put.
    text = json.dumps(data, allow_nan=True).replace('"__1e999__"', "1e999")
    path.write_text(text, encoding="utf-8")
    return path


def _files(root: Path) -> dict[str, bytes]:
    if not root.exists():
        return {}
    files = sorted(p for p in root.rglob("*") if p.is_file())
    return {str(p.relative_to(root)): p.read_bytes() for p in files}


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


# Commands that read the content library: none may fail with more than one line.
READERS: list[list[str]] = [
    ["oracle", "list"],
    ["npc", "list"],
    ["move", "list"],
    ["asset", "list"],
    ["truth", "list"],
    ["region", "list"],
    ["search", "a"],
    ["search", "e", "--json"],
    ["content", "list"],
]


def _every_item_command(kind: str, items: dict[str, Any]) -> list[list[str]]:
    command = {
        "oracles": "oracle",
        "npcs": "npc",
        "moves": "move",
        "assets": "asset",
        "truths": "truth",
        "regions": "region",
    }[kind]
    out = []
    for item_id in items:
        out.append([command, "show", item_id])
        out.append([command, "show", item_id, "--json"])
        if command in ("oracle", "truth"):
            out.append([command, "roll", item_id, "--seed", "3"])
    return out


@pytest.mark.parametrize(
    ("fixture", "edit", "named"),
    [pytest.param(f, e, n, id=name) for name, f, e, n in HOSTILE],
)
def test_a_hostile_pack_is_refused_or_breaks_no_command(
    capsys: pytest.CaptureFixture[str],
    private_home: Path,
    tmp_path: Path,
    fixture: str,
    edit: Edit,
    named: str | None,
) -> None:
    path = _write(tmp_path, fixture, edit)
    code, out, err = _run(capsys, "content", "import", str(path))
    if named is not None:
        assert (code, out) == (2, ""), err
        assert err.startswith("ironsworn: error: ") and err.count("\n") == 1, err
        assert named in err
        assert not (private_home / "packs").exists()  # nothing left behind, not even packs/
        return
    assert code == 0, err
    library = load_library()
    commands = [*READERS]
    for pack in library.packs:
        if pack.bundled:
            continue
        for kind in ("oracles", "npcs", "moves", "assets", "truths", "regions"):
            own = {i: v for i, v in library.items(kind).items() if library.pack_of(i) is pack}
            commands += _every_item_command(kind, own)
    for argv in commands:
        code, _out, err = _run(capsys, *argv)
        assert code in (0, 2), (argv, err)
        assert err == "" or (err.startswith("ironsworn: error: ") and err.count("\n") == 1)


def test_deeply_nested_json_is_one_line(
    capsys: pytest.CaptureFixture[str], private_home: Path, tmp_path: Path
) -> None:
    path = tmp_path / "deep.json"
    path.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    shallow = tmp_path / "shallow-but-deep.json"
    shallow.write_text('{"_id": "deep", "moves": ' + "[" * 200 + "]" * 200 + "}")
    for source in (path, shallow):
        code, out, err = _run(capsys, "content", "import", str(source))
        assert (code, out) == (2, "")
        assert err.count("\n") == 1 and "nested too deeply" in err
    assert not (private_home / "packs").exists()


@pytest.mark.parametrize(
    "pack_id",
    ["classic\n", "frost\n", "a b", "x" * 65, "x" * 300, "", "Frost", "_x", "frost\nbound"],
)
def test_pack_ids_are_single_words(
    capsys: pytest.CaptureFixture[str], private_home: Path, pack_id: str
) -> None:
    """Findings 8 and 9: ``--as`` is one word, and a refused one leaves no packs folder."""
    code, out, err = _run(capsys, "content", "import", str(FIXTURES / DATASWORN), "--as", pack_id)
    assert (code, out) == (2, "")
    assert err.startswith("ironsworn: error: ") and err.count("\n") == 1
    assert not (private_home / "packs").exists()


def test_a_file_pack_id_with_a_newline_is_refused(private_home: Path, tmp_path: Path) -> None:
    path = _write(tmp_path, DATASWORN, lambda d: d.__setitem__("_id", "classic\n"))
    with pytest.raises(ContentError, match=r"pack id 'classic\\n' is not usable"):
        import_pack(path)
    assert not (private_home / "packs").exists()
    assert import_pack(FIXTURES / DATASWORN, "x" * 64).pack.id == "x" * 64  # the longest id


def test_an_import_killed_between_its_renames_keeps_the_pack(
    private_home: Path, tmp_path: Path
) -> None:
    """Finding 2: a re-import killed after setting the old pack aside loses nothing.

    A child process re-imports with ``Path.rename`` patched to stop the process (SIGKILL)
    right after the first of the two renames; the next start puts the old pack back.
    """
    import_pack(FIXTURES / DATASWORN)
    packs = private_home / "packs"
    before = _files(packs / "frostbound")
    script = textwrap.dedent(
        f"""
        import os, signal, pathlib
        from ironsworn.content import import_pack
        real = pathlib.Path.rename
        def rename(self, target):
            result = real(self, target)
            if self.name == "frostbound":
                os.kill(os.getpid(), signal.SIGKILL)
            return result
        pathlib.Path.rename = rename
        import_pack({str(FIXTURES / DATASWORN)!r})
        """
    )
    env = {**os.environ, "IRONSWORN_HOME": str(private_home)}
    child = subprocess.run([sys.executable, "-c", script], env=env, check=False)
    assert child.returncode == -signal.SIGKILL
    leftovers = sorted(p.name for p in packs.iterdir())
    assert "frostbound" not in leftovers  # the state the finding describes
    assert any(n.startswith(".old-frostbound-") for n in leftovers)
    assert any(n.startswith(".tmp-frostbound-") for n in leftovers)
    assert [p.id for p in load_library().packs][-1] == "frostbound"  # the next start recovers
    assert sorted(p.name for p in packs.iterdir()) == ["frostbound"]
    assert _files(packs / "frostbound") == before


def test_recovery_waits_for_a_running_import(private_home: Path) -> None:
    """While an import holds the packs lock, a start-up leaves its folders alone."""
    import_pack(FIXTURES / DATASWORN)
    packs = private_home / "packs"
    (packs / "frostbound").rename(packs / "aside")
    (packs / ".old-frostbound-12345678").mkdir()
    (packs / "aside").rename(packs / ".old-frostbound-12345678" / "pack")
    with pack_lock(packs, wait=True):
        assert [p.id for p in load_library().packs] == ["classic", "starforged"]
        assert (packs / ".old-frostbound-12345678").exists()
    assert [p.id for p in load_library().packs][-1] == "frostbound"


def test_a_failing_write_leaves_no_temporary_folder(
    private_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Finding 6: whatever stops the write (here a full disk), no ``.tmp-*`` stays behind."""
    import_pack(FIXTURES / DATASWORN)
    before = _files(private_home)

    def full(*args: Any, **kwargs: Any) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("ironsworn.content.packs._write_json", full)
    with pytest.raises(ContentError, match="No space left on device"):
        import_pack(FIXTURES / DATASWORN)
    assert _files(private_home) == before
    assert sorted(p.name for p in (private_home / "packs").iterdir()) == ["frostbound"]


def test_a_pack_already_on_disk_cannot_make_a_roll_run_forever(
    capsys: pytest.CaptureFixture[str], private_home: Path
) -> None:
    """Finding 4: the roller bounds the rolls of one result, whatever a pack on disk says."""
    folder = private_home / "packs" / "endless"
    folder.mkdir(parents=True)
    table = {
        "id": "oracle_rollable:endless/loop",
        "name": "Loop",
        "dice": "1d2",
        "rows": [
            {"min": 1, "max": 1, "text": "again", "rolls": [{"oracle": "self", "times": 10**9}]},
            {"min": 2, "max": 2, "text": "stop"},
        ],
    }
    (folder / "oracles.json").write_text(json.dumps({"oracles": [table]}))
    # Marked as checked, so the roller's own bound is what stops it.
    manifest = {"id": "endless", "name": "Endless", "checks": CHECKS_VERSION}
    (folder / "pack.json").write_text(json.dumps(manifest))
    code, out, err = _run(capsys, "oracle", "roll", "endless/loop", "--value", "1")
    assert (code, out) == (2, "")
    assert "more than 1000 rolls" in err and err.count("\n") == 1


@pytest.mark.parametrize("ruleset", ["classic", "starforged"])
@pytest.mark.parametrize("kind", ["moves", "oracles", "npcs", "truths", "regions"])
def test_the_checks_accept_the_bundled_content(ruleset: str, kind: str) -> None:
    """The import checks are no stricter than our own data: every bundled record of the kinds
    an importer writes passes them. (Bundled assets carry structured ability moves, which no
    importer writes, so they are not held to the imported-pack rules.)"""
    from ironsworn.content.checks import check_record
    from ironsworn.content.loader import load_ruleset

    for item_id, item in load_ruleset(ruleset).items(kind).items():
        check_record(item, item_id)


@pytest.mark.parametrize(
    ("argv", "kind", "bad"),
    [
        (["oracle", "list"], "oracles", {"id": "oracle_rollable:old/t", "name": ["x"], "rows": []}),
        (["npc", "show", "old/wolf"], "npcs", {"id": "npc:old/wolf", "name": "W", "tactics": "x"}),
        (
            ["search", "wolf"],
            "npcs",
            {"id": "npc:old/wolf", "name": "Wolf", "description": {"a": 1}},
        ),
    ],
)
def test_a_pack_imported_before_the_checks_breaks_no_command(
    capsys: pytest.CaptureFixture[str],
    private_home: Path,
    argv: list[str],
    kind: str,
    bad: dict[str, Any],
) -> None:
    """Finding 3, for packs already on disk: an import from an older version (no ``checks``
    in its manifest) is checked as it is read, and a bad record is one line."""
    folder = private_home / "packs" / "old"
    folder.mkdir(parents=True)
    (folder / f"{kind}.json").write_text(json.dumps({kind: [bad]}))
    (folder / "pack.json").write_text(json.dumps({"id": "old", "name": "Old"}))
    code, out, err = _run(capsys, *argv)
    assert (code, out) == (2, ""), err
    assert err.startswith("ironsworn: error: ") and err.count("\n") == 1
    assert f"packs/old/{kind}.json" in err
