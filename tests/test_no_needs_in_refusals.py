"""Nothing a player can do ends in "needs" (issue 18): a refusal raised below the surfaces
names the bad value and what is accepted ("a die of 0 sides is not accepted (accepted: 1 side
or more)"), and an input left out is asked (:class:`~ironsworn.errors.OptionNeeded`, a
question with its choices), never "a site needs a name".

This reads every ``raise`` of the package outside the surfaces (``cli/``, ``web/``, ``mcp/``
word their own messages: the command line's one line for scripts names the flag a script
gives), and every note a move writes for the player (``.note(...)``), for the word "needs" in
their strings. A vehicle's "needs_part" mark is a key, not a word.

A message can also be built before it is raised (``message = f"..."; raise X(message)``), so
every other string of those modules is read too, docstrings aside: the only "needs" allowed is
in the book's own words for a card's choice (:data:`GAME_WORDS`).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src" / "ironsworn"
SURFACES = ("cli", "web", "mcp")
NEEDS = re.compile(r"\bneeds\b(?!_)")


def words_of(node: ast.AST) -> str:
    """The string constants in ``node`` (an f-string's text parts too), joined."""
    return " ".join(
        c.value for c in ast.walk(node) if isinstance(c, ast.Constant) and isinstance(c.value, str)
    )


def needs_said(path: Path) -> list[str]:
    """The refusals and notes of ``path`` that say "needs", with their line."""
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        said: ast.AST | None = None
        if isinstance(node, ast.Raise) and node.exc is not None:
            said = node.exc
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "note"
        ):
            said = node
        if said is not None and NEEDS.search(words_of(said)):
            found.append((node.lineno, f"{node.lineno}: {words_of(said)[:70]}"))
    return [line for _n, line in sorted(found)]


# Strings that are the game's words, shown as written: Shield-Bearer's sacrifice.
GAME_WORDS = {("moves/assets/moments.py", "sacrifice the shield and ignore all harm")}


def strings_saying_needs(path: Path) -> list[str]:
    """Every string of ``path`` but its docstrings that says "needs", with its line."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    return sorted(
        f"{node.lineno}: {node.value[:70]}"
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and id(node) not in docstrings
        and NEEDS.search(node.value)
    )


def test_no_string_below_the_surfaces_says_needs() -> None:
    found: dict[str, list[str]] = {}
    for path in sorted(SRC.rglob("*.py")):
        name = str(path.relative_to(SRC).as_posix())
        if path.relative_to(SRC).parts[0] in SURFACES:
            continue
        lines = [
            line
            for line in strings_saying_needs(path)
            if not any(name == where and words in line for where, words in GAME_WORDS)
        ]
        if lines:
            found[name] = lines
    assert found == {}


def test_the_string_scan_sees_a_message_built_before_it_is_raised(tmp_path: Path) -> None:
    module = tmp_path / "m.py"
    module.write_text(
        '"""A module that needs nothing."""\n'
        "def f(x):\n"
        '    """This needs x."""\n'
        '    message = f"a site needs a {x}"\n'
        "    raise ValueError(message)\n"
    )
    assert needs_said(module) == []  # the raise alone does not show it
    assert strings_saying_needs(module) == ["4: a site needs a "]


def test_no_refusal_or_note_below_the_surfaces_says_needs() -> None:
    found = {
        str(path.relative_to(SRC)): needs_said(path)
        for path in sorted(SRC.rglob("*.py"))
        if path.relative_to(SRC).parts[0] not in SURFACES
    }
    assert {name: lines for name, lines in found.items() if lines} == {}


def test_the_scan_sees_needs_in_a_refusal_and_a_note(tmp_path: Path) -> None:
    module = tmp_path / "m.py"
    module.write_text(
        '"""A module that needs nothing."""\n'
        "def f(ctx, x):\n"
        '    """This needs x (a docstring: not said to a player)."""\n'
        '    ctx.note(f"{x} needs a fight track")\n'
        '    ctx.note("the vehicle is needs_part")\n'
        '    raise ValueError(f"a site needs a {x}")\n'
    )
    assert needs_said(module) == ["4:  needs a fight track", "6: a site needs a "]
