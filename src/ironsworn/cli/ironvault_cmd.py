"""``export iron-vault DIR`` and ``import iron-vault DIR``: a campaign to and from Iron Vault.

Iron Vault is the Obsidian plugin most solo players keep their campaigns in; the folder
format is described in :mod:`ironsworn.campaign.ironvault` and docs/iron-vault.md.
"""

from __future__ import annotations

import argparse

from ironsworn.cli.common import Missing, UsageError, emit
from ironsworn.counting import counted


def export_vault(args: argparse.Namespace) -> int:
    from ironsworn.campaign.ironvault.export import write_folder
    from ironsworn.campaign.registry import open_campaign
    from ironsworn.cli.common import table_call
    from ironsworn.paths import expand_path

    if not args.target:
        raise Missing(
            "export iron-vault needs a folder: export iron-vault DIR",
            "export iron-vault: the folder to write",
        )
    if args.output is not None:
        raise UsageError("export iron-vault writes a folder: give it as DIR, not with -o")
    directory = expand_path(args.target, "export folder")
    with open_campaign(args.campaign, create=False, database=args.database) as store:
        files: dict[str, str] = table_call(store, "export", {"kind": "iron_vault"})["files"]
        location = store.location
    write_folder(files, directory)
    counts = {
        kind: sum(1 for p in files if p.startswith(f"{kind}/"))
        for kind in ("Characters", "Progress", "Clocks", "Journals")
    }
    emit(
        args,
        {
            "format": "iron-vault",
            "campaign": str(location),
            "folder": str(directory),
            "files": sorted(files),
            **{k.lower(): v for k, v in counts.items()},
        },
        f"exported {location} to the Iron Vault folder {directory} ("
        + ", ".join(f"{k.lower()}: {v}" for k, v in counts.items())
        + "); open it inside an Obsidian vault with the Iron Vault plugin",
    )
    return 0


def import_vault(args: argparse.Namespace) -> int:
    """``import iron-vault DIR``: the table's ``campaign_import`` of an Iron Vault folder."""
    from ironsworn.campaign import registry
    from ironsworn.cli.common import home_call
    from ironsworn.paths import expand_path

    folder = expand_path(args.file, "Iron Vault folder")
    answer = home_call(
        "campaign_import",
        {"file": str(folder), "format": "iron_vault", "name": args.name, "into": args.campaign},
        registry.database_url(args.database),
        {"file": "DIR", "into": "--campaign"},
    )
    name = answer["name"]
    target = registry.resolve(args.campaign, args.database) if args.campaign else None

    lines = [
        f"imported the Iron Vault campaign {answer['vault']!r} ({answer['ruleset']}) from {folder} "
        f"into "
        f"campaign {name!r}: {counted(answer['characters'], 'character')}, "
        f"{counted(answer['tracks'], 'track')}, "
        f"{counted(answer['clocks'], 'clock')}, {counted(answer['journals'], 'journal')}"
    ]
    if answer["unknown_assets"]:
        lines.append("unknown assets (left off the sheet): " + ", ".join(answer["unknown_assets"]))
    if answer["unknown_moves"]:
        lines.append("unknown moves (kept in the history): " + ", ".join(answer["unknown_moves"]))
    lines += [f"not carried: {item}" for item in answer["not_carried"]]
    if target is None or target.path is None or target.path.parent == registry.campaigns_dir():
        lines.append(f"play it with 'ironsworn campaign use {name}'")
    data = {k: v for k, v in answer.items() if k not in ("format", "vault")}
    emit(args, data, "\n".join(lines))
    return 0
