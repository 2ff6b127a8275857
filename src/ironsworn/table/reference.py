"""The table API's reference, written from its declarations: every operation and its inputs.

``docs/operations.md`` is this module's output (``python -m ironsworn.table.reference >
docs/operations.md``), and a test keeps the two the same, so the page a developer reads is the
registry itself: the operations a campaign runs (:func:`~ironsworn.table.registry.operations`)
and those on the player's campaigns and packs (:func:`~ironsworn.table.home.home_operations`),
each with its summary, whether it writes, and each input's kind, range, fixed values and help.
"""

from __future__ import annotations

from collections.abc import Iterable

from ironsworn.table.inputs import Input
from ironsworn.table.operation import Operation

# What an input's kind takes, in a developer's words (the JSON value a call gives).
KIND_WORDS = {
    "text": "text",
    "int": "integer",
    "bool": "true/false",
    "texts": "list of text",
    "ints": "list of integers",
    "dice": "dice: a list of integers, or text like `3,5,8`",
}

WRITES_WORDS = {
    "always": "writes",
    "never": "reads only",
    "keep": "writes only when `keep` is true",
}

INTRODUCTION = """\
# The table's operations

Every surface (the command line, play mode, the web table, the MCP server) runs these
operations of the table API, `ironsworn.table`; this page is written from their declarations
(`python -m ironsworn.table.reference`), so it lists exactly what `operations()` holds. Call
one with `call(table, name, arguments)` (arguments: a JSON object); over HTTP it is `POST
/api/c/CAMPAIGN/actions/NAME` (`docs/api.md`), over MCP the tool of the same name (`docs/mcp.md`).

- A required input left out, or one the rules find they need, answers with a `Question` (its
  `input`, `prompt` and the `choices` accepted now) instead of a result: call again with it.
- A bad value raises an error naming the value and what is accepted; nothing is changed.
- Inputs marked *fixed* accept only the values listed; the others take what the campaign holds
  now (a question lists the choices).
"""


def _cell(text: str) -> str:
    """Text safe in a Markdown table cell: no pipe ends a cell, no line breaks one."""
    return " ".join(text.replace("|", "\\|").split())


def _range(declared: Input) -> str:
    if declared.kind not in ("int", "ints") or (declared.low is None and declared.high is None):
        return ""
    return declared.range_words()


def _input_row(declared: Input) -> str:
    kind = KIND_WORDS.get(declared.kind, declared.kind)
    if declared.fixed:
        kind += "; fixed: " + ", ".join(f"`{value}`" for value in declared.fixed)
    limits = _range(declared)
    if limits:
        kind += f"; {limits}"
    required = "yes" if declared.required else ""
    return f"| `{declared.name}` | {_cell(kind)} | {required} | {_cell(declared.help)} |"


def section(operation: Operation) -> list[str]:
    """The reference of one operation: its heading, what it does, and its inputs' table."""
    lines = [f"### `{operation.name}`", ""]
    lines.append(f"{_cell(operation.summary)} ({WRITES_WORDS.get(operation.writes, '')}).")
    lines.append("")
    if not operation.inputs:
        lines += ["No inputs.", ""]
        return lines
    lines += ["| input | kind | required | what it is |", "| --- | --- | --- | --- |"]
    lines += [_input_row(declared) for declared in operation.inputs]
    lines.append("")
    return lines


def markdown(
    campaign: Iterable[Operation] | None = None, home: Iterable[Operation] | None = None
) -> str:
    """The whole reference page (the registries' operations unless others are given)."""
    if campaign is None:
        from ironsworn.table.registry import operations

        campaign = operations()
    if home is None:
        from ironsworn.table.home import home_operations

        home = home_operations()
    campaign, home = list(campaign), list(home)
    lines = [INTRODUCTION, "## At a campaign's table", ""]
    lines.append(", ".join(f"[`{op.name}`](#{op.name})" for op in campaign))
    lines.append("")
    for operation in campaign:
        lines += section(operation)
    lines += [
        "## On the player's campaigns and content packs",
        "",
        "These run at a table without a campaign (`ironsworn.table.home.home_call`).",
        "",
    ]
    for operation in home:
        lines += section(operation)
    return "\n".join(lines).rstrip("\n") + "\n"


if __name__ == "__main__":
    print(markdown(), end="")
