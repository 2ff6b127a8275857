"""The command line and the table API take the same inputs: every option of ``move`` is an
input of the table's ``move`` operation (so the web and the MCP server get them all), and
none is missing on either side."""

from __future__ import annotations


def test_the_move_operation_takes_every_option_of_the_move_command() -> None:
    from ironsworn.cli.main import build_parser
    from ironsworn.cli.move_cmd import INPUT_DESTS
    from ironsworn.table.moves import MOVE

    defaults = build_parser("move").parse_args(["move", "face danger"])
    cli = set(vars(defaults)) - {
        "words",
        "json",
        "campaign",
        "database",
        "ruleset",
        "func",
        "command",
    }
    table = {INPUT_DESTS.get(name, name) for name in MOVE.options} - {"move"}
    assert cli == table
