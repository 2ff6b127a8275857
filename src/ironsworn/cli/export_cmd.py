"""Commands that take a campaign out of the program or bring one in: export, import.

- ``export markdown|json [-o FILE]`` — the story, or the full log for ``import json FILE``;
  ``export iron-vault DIR`` — a campaign folder for Iron Vault (Obsidian);
- ``import json FILE`` / ``import iron-vault DIR`` — a new campaign from an export.

Both take ``--json``, ``--campaign PATH|NAME`` and ``--database URL`` (campaigns in
PostgreSQL; see :mod:`ironsworn.campaign.registry`).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ironsworn.cli.common import (
    CliParser,
    UsageError,
    campaign_command,
    emit,
    home_call,
    table_call,
)
from ironsworn.counting import counted


def register(sub: argparse._SubParsersAction[CliParser]) -> None:
    """Add every command this module answers to the top-level parser."""
    p = campaign_command(
        sub,
        "export",
        "export the campaign as Markdown, JSON or an Iron Vault folder",
        description="Export the campaign: 'markdown' (the default) is the story (sessions "
        "start after a 4-hour pause), 'json' the full log for 'ironsworn import json FILE', "
        "'iron-vault DIR' a campaign folder for Obsidian's Iron Vault plugin (DIR must be new "
        "or empty).",
    )
    p.add_argument(
        "format",
        nargs="?",
        default="markdown",
        choices=("markdown", "json", "iron-vault"),
        help="what to write (default: markdown, the story)",
    )
    p.add_argument("target", nargs="?", metavar="DIR", help="iron-vault: the folder to write")
    p.add_argument("-o", "--output", metavar="FILE", help="write to FILE (default: stdout)")
    p.add_argument(
        "--no-mechanics",
        action="store_true",
        help="markdown: the story and the sheets only (no move lines, no changes)",
    )
    p.set_defaults(func=_export)

    p = campaign_command(
        sub,
        "import",
        "import a campaign from JSON or an Iron Vault folder",
        description="Import a JSON export, or an Iron Vault campaign folder ('import iron-vault "
        "DIR'), as a new campaign (named after the file or the vault's campaign unless --name "
        "or --campaign is given). The current campaign does not change.",
    )
    p.add_argument("format", choices=("json", "iron-vault"), help="the file's format")
    p.add_argument(
        "file", metavar="FILE", help="the export to read (iron-vault: the campaign's folder)"
    )
    p.add_argument("--name", help="name of the new campaign (default: the file's name)")
    p.set_defaults(func=_import)


# ---------------------------------------------------------------------------- export, import


def _export(args: argparse.Namespace) -> int:
    from ironsworn.campaign import export

    if args.format == "iron-vault":
        from ironsworn.cli.ironvault_cmd import export_vault

        return export_vault(args)
    if args.target is not None:
        raise UsageError(f"export {args.format} takes no folder (got {args.target!r}); use -o FILE")
    from ironsworn.campaign.registry import open_campaign
    from ironsworn.paths import expand_path

    # "-o -" is standard output, as for most tools that write files.
    output = None if args.output in (None, "-") else expand_path(args.output, "-o")
    if output is not None:
        if output.is_dir():
            raise UsageError(
                f"-o {args.output!r} is a directory (accepted: a file name, or - for "
                "standard output)"
            )
        _refuse_campaign_file(output)
    if args.no_mechanics and args.format != "markdown":
        raise UsageError(
            f"--no-mechanics is for the markdown story, not {args.format!r} (accepted: "
            "export markdown --no-mechanics)"
        )
    with open_campaign(args.campaign, create=False, database=args.database) as store:
        # The table's export: the story's text, or the log's document written as the file.
        answer = table_call(
            store,
            "export",
            {"kind": args.format, "mechanics": False if args.no_mechanics else None},
        )
        path = store.location
    skipped: list[str] = answer.get("skipped", [])
    text = answer["text"] if args.format == "markdown" else export.dumps(answer["document"])
    for line in skipped:
        # The export holds what is readable; the player learns what it left out.
        sys.stderr.write(f"ironsworn: warning: export left out damaged {line}\n")
    if output is not None:
        export.write_text(output, text)
        emit(
            args,
            {
                "format": args.format,
                "campaign": str(path),
                "output": str(output),
                "skipped": skipped,
            },
            f"exported {path} as {args.format} to {output}"
            + (f" ({counted(len(skipped), 'damaged operation')} left out)" if skipped else ""),
        )
    elif args.json and args.format == "markdown":
        emit(args, {"format": "markdown", "campaign": str(path), "markdown": text}, text)
    else:
        # The export itself is the output (for json it already is JSON).
        sys.stdout.write(text)
    return 0


def _refuse_campaign_file(output: Path) -> None:
    """An export must not replace a campaign (or its write-ahead log) with text."""
    base = output
    for suffix in ("-wal", "-shm", "-journal"):
        if output.name.endswith(suffix):
            base = output.with_name(output.name[: -len(suffix)])
    import os
    import stat

    from ironsworn.campaign.store import open_in_process

    try:
        regular = stat.S_ISREG(os.stat(base).st_mode)
    except OSError:
        regular = False
    if open_in_process(base):
        header = b"SQLite format 3\x00"  # the campaign being exported, or another open one
    elif not regular:
        return  # a new file, or /dev/null, a pipe: reading one could block, and it is no campaign
    else:
        # No connection to this file exists in the process, so a plain read drops no lock.
        try:
            with open(base, "rb") as handle:
                header = handle.read(16)
        except OSError:
            return  # a new file, or one the export itself will report it cannot write
    if header == b"SQLite format 3\x00":
        raise UsageError(
            f"-o {str(output)!r} is a campaign file: an export does not overwrite it "
            "(accepted: a new file, or an earlier export)"
        )


def _import(args: argparse.Namespace) -> int:
    """``import json FILE`` and ``import iron-vault DIR``: the table's ``campaign_import``."""
    from ironsworn.campaign import registry

    if args.format == "iron-vault":
        from ironsworn.cli.ironvault_cmd import import_vault

        return import_vault(args)
    from ironsworn.paths import expand_path

    source = expand_path(args.file, "import file")
    database = registry.database_url(args.database)
    answer = home_call(
        "campaign_import",
        {"file": str(source), "format": "json", "name": args.name, "into": args.campaign},
        database,
        {"file": "FILE", "into": "--campaign"},
    )
    name, location, count = answer["name"], answer["path"], answer["operations"]
    target = registry.resolve(args.campaign, args.database) if args.campaign else None
    hint = ""
    if target is None or target.path is None or target.path.parent == registry.campaigns_dir():
        hint = f"; play it with 'ironsworn campaign use {name}'"
    emit(
        args,
        {"name": name, "path": location, "operations": count},
        f"imported {count} operations from {source} into campaign {name!r} ({location}){hint}",
    )
    return 0
