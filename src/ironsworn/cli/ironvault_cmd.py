"""``export iron-vault DIR`` and ``import iron-vault DIR``: a campaign to and from Iron Vault.

Iron Vault is the Obsidian plugin most solo players keep their campaigns in; the folder
format is described in :mod:`ironsworn.campaign.ironvault` and docs/iron-vault.md.
"""

from __future__ import annotations

import argparse

from ironsworn.cli.common import UsageError, emit


def export_vault(args: argparse.Namespace) -> int:
    from ironsworn.campaign.ironvault.export import write_vault
    from ironsworn.campaign.registry import open_campaign
    from ironsworn.paths import expand_path

    if not args.target:
        raise UsageError("export iron-vault needs a folder: export iron-vault DIR")
    if args.output is not None:
        raise UsageError("export iron-vault writes a folder: give it as DIR, not with -o")
    directory = expand_path(args.target, "export folder")
    with open_campaign(args.campaign, create=False, database=args.database) as store:
        files = write_vault(store, directory)
        location = store.location
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
    from ironsworn.campaign import registry
    from ironsworn.campaign.ironvault.importer import campaign_name, import_vault, read_vault
    from ironsworn.paths import expand_path

    folder = expand_path(args.file, "Iron Vault folder")
    database = registry.database_url(args.database)
    if args.campaign:
        target = registry.resolve(args.campaign, args.database)
        name = args.name or target.name
    else:
        name = args.name or campaign_name(read_vault(folder).name)
        target = registry.named(name, database)
    vault = import_vault(folder, target, name=name)
    report = vault.report()
    lines = [
        f"imported the Iron Vault campaign {vault.name!r} ({vault.ruleset}) from {folder} into "
        f"campaign {name!r}: {report['characters']} character(s), {report['tracks']} track(s), "
        f"{report['clocks']} clock(s), {report['journals']} journal(s)"
    ]
    if report["unknown_assets"]:
        lines.append("unknown assets (left off the sheet): " + ", ".join(report["unknown_assets"]))
    if report["unknown_moves"]:
        lines.append("unknown moves (kept in the history): " + ", ".join(report["unknown_moves"]))
    lines += [f"not carried: {item}" for item in report["not_carried"]]
    if target.path is None or target.path.parent == registry.campaigns_dir():
        lines.append(f"play it with 'ironsworn campaign use {name}'")
    emit(args, {"name": name, "path": target.location, **report}, "\n".join(lines))
    return 0
