"""The README's examples run as written, in order, as a newcomer copying them would run them.

As python-chess runs its documentation, this test reads every ``console`` block of README.md,
runs each ``$`` line with bash in one scratch folder and one ``IRONSWORN_HOME`` (so each command
sees what the earlier ones made), and fails on a non-zero exit or a traceback. The lines printed
under a command in the README are its expected output: each must appear, in order, among the
lines the command printed (whitespace runs compare equal; ``...`` stands for anything). The
``python`` block runs too, in a fresh interpreter, and each ``pycon`` block is a doctest run in
a fresh interpreter in the same folder: every ``>>>`` line's output must be the one shown.

Only two kinds of line are not run as written, each for a reason stated in ``NOT_RUN``/``URL``:
the web servers (they serve until stopped; the web tests start them on loopback), and the hosted
section's example database address, which becomes the address of the tests' own PostgreSQL server.
The scratch folder holds the two files the tour imports, copied from ``../shared/``: the Datasworn
Starforged and Delve files a player would own.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

from shared_files import shared_file

README = Path(__file__).resolve().parents[1] / "README.md"

# Commands the test does not run, and why: they serve until stopped.
NOT_RUN = {
    "ironsworn serve": "serves until stopped (the web tests start the server on loopback)",
}
# The hosted section's example address; the test's own server stands in for it.
URL = "postgresql://ironsworn@dbhost/tables"


@dataclass
class Example:
    """One ``$`` line of a console block and the output the README shows under it."""

    line: int
    command: str
    expected: list[str] = field(default_factory=list)


def examples(text: str) -> list[Example]:
    """Every ``$`` command of the README's console blocks, in order, with its shown output."""
    found: list[Example] = []
    lines = text.splitlines()
    inside = False
    for number, raw in enumerate(lines, start=1):
        if raw.startswith("```"):
            inside = raw.strip() == "```console"
            continue
        if not inside:
            continue
        if raw.startswith("$ "):
            found.append(Example(number, raw[2:]))
        elif raw.strip() and found:
            found[-1].expected.append(raw)
    return found


def python_blocks(text: str) -> list[str]:
    """The README's ``python`` blocks."""
    return re.findall(r"```python\n(.*?)```", text, re.S)


def pycon_blocks(text: str) -> list[str]:
    """The README's ``pycon`` blocks: interpreter sessions, checked as doctests."""
    return re.findall(r"```pycon\n(.*?)```", text, re.S)


# Runs the doctest read on standard input; prints each failure, and exits 1 on any.
DOCTEST = """
import doctest, sys
test = doctest.DocTestParser().get_doctest(sys.stdin.read(), {}, "README", "README.md", 0)
runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
runner.run(test)
sys.exit(1 if runner.failures else 0)
"""


def run_doctest(block: str, cwd: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    """One ``pycon`` block run as a doctest in a fresh interpreter."""
    return subprocess.run(
        [sys.executable, "-c", DOCTEST],
        input=block,
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def pattern(shown: str) -> re.Pattern[str]:
    """A shown output line as a pattern: ``...`` is anything, whitespace runs are one."""
    parts = [re.escape(" ".join(piece.split())) for piece in shown.split("...")]
    return re.compile(".*".join(parts).replace(r"\ ", r"\s+"))


def strip_comment(command: str) -> str:
    """The command without its trailing ``# comment`` (bash would ignore it too)."""
    return re.sub(r"\s+#\s.*$", "", command)


def check_shown(example: Example, output: str) -> None:
    """Each line the README shows under a command appears, in order, in what it printed."""
    printed = [" ".join(line.split()) for line in output.splitlines()]
    at = 0
    for shown in example.expected:
        wanted = pattern(shown)
        while at < len(printed) and not wanted.fullmatch(printed[at]):
            at += 1
        assert at < len(printed), (
            f"README line {example.line}: `{example.command}` did not print {shown!r};"
            f" it printed:\n{output}"
        )
        at += 1


def test_the_readme_examples_run_in_order(tmp_path: Path, postgres_url: str) -> None:
    work = tmp_path / "work"
    work.mkdir()
    for name, relative in (
        ("starforged.json", "reference/datasworn/starforged.json"),
        ("delve.json", "reference/datasworn/delve.json"),
    ):
        (work / name).write_bytes(shared_file(relative).read_bytes())
    env = {
        **os.environ,
        "IRONSWORN_HOME": str(tmp_path / "home"),
        "HOME": str(tmp_path),
        "COLUMNS": "100",
        "PYTHONIOENCODING": "utf-8",
    }
    for key in ("IRONSWORN_CAMPAIGN", "IRONSWORN_DATABASE"):
        env.pop(key, None)
    text = README.read_text(encoding="utf-8")
    ran = 0
    skipped: set[str] = set()
    for example in examples(text):
        command = strip_comment(example.command)
        if command.startswith("export "):
            key, _, value = command.removeprefix("export ").partition("=")
            env[key] = value.replace(URL, postgres_url)
            continue
        reason = next((r for start, r in NOT_RUN.items() if command.startswith(start)), None)
        if reason:
            skipped.add(next(s for s in NOT_RUN if command.startswith(s)))
            continue
        done = subprocess.run(
            ["bash", "-c", command.replace(URL, postgres_url)],
            cwd=work,
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
            stdin=subprocess.DEVNULL,
        )
        output = done.stdout + done.stderr
        assert done.returncode == 0, (
            f"README line {example.line}: `{example.command}` exited {done.returncode}:\n{output}"
        )
        assert "Traceback" not in output, f"README line {example.line}: traceback:\n{output}"
        check_shown(example, done.stdout)
        ran += 1
    assert skipped == set(NOT_RUN), "every NOT_RUN entry is a README line (no stale reasons)"
    assert ran >= 50, f"only {ran} README commands ran: the parser lost some"
    for block in python_blocks(text):
        done = subprocess.run(
            [sys.executable, "-c", block],
            cwd=work,
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert done.returncode == 0, f"the README's python block failed:\n{done.stderr}"
    blocks = pycon_blocks(text)
    assert blocks, "the README's interpreter session (the table API) is gone"
    for block in blocks:
        done = run_doctest(block, work, env)
        assert done.returncode == 0, f"the README's pycon block failed:\n{done.stdout}"


def test_shown_output_must_appear_in_order() -> None:
    example = Example(1, "ironsworn roll", ["action 2 + stat 2 = 4 vs ... | 8: MISS", "burn ..."])
    check_shown(example, "  action 2 + stat 2 = 4  vs 5 | 8: MISS\nburn momentum\n")
    for printed in ("burn momentum\naction 2 + stat 2 = 4 vs 5 | 8: MISS\n", "action 2\n"):
        try:
            check_shown(example, printed)
        except AssertionError:
            continue
        raise AssertionError(f"{printed!r} passed the check")


def test_examples_and_comments_are_read_as_a_newcomer_types_them() -> None:
    text = "```console\n$ ironsworn a --x 1   # why\nshown\n```\n```sh\n$ not run\n```\n"
    found = examples(text)
    assert [(e.command, e.expected) for e in found] == [("ironsworn a --x 1   # why", ["shown"])]
    assert strip_comment(found[0].command) == "ironsworn a --x 1"


def test_a_pycon_block_checks_its_output(tmp_path: Path) -> None:
    """The doctest runner fails on output that differs from the one shown (it can fail)."""
    env = {**os.environ, "PYTHONIOENCODING": "utf-8"}
    assert run_doctest(">>> 1 + 1\n2\n", tmp_path, env).returncode == 0
    wrong = run_doctest(">>> 1 + 1\n3\n", tmp_path, env)
    assert wrong.returncode == 1 and "Expected:" in wrong.stdout
