"""Campaigns in and out: a new campaign with its ruleset, an export, an import.

``export`` runs at a campaign's table like any operation: it reads, and answers the campaign
as its whole log (``json``: the ``document`` of an export file, for a round trip), its story
(``markdown``: the ``text``, with or without the dice) or the ``files`` of an Iron Vault
folder (``iron_vault``: path -> text). Where the
text goes (a file, standard output, a download) is the surface's to decide: no operation
writes to a path it is given from outside.

``campaign_new`` and ``campaign_import`` work on the player's campaigns rather than one
campaign: they run at a table without a store (:mod:`ironsworn.table.home`), whose
``database`` is where the campaigns are kept. The import reads a file the surface names (the
command line, a file the player gave; the web, the upload it saved) into a new campaign.
"""

from __future__ import annotations

from typing import Any

from ironsworn.errors import InvalidValue
from ironsworn.table.inputs import Input
from ironsworn.table.operation import JsonDict, Operation, Table

EXPORT_FORMATS = ("markdown", "json", "iron_vault")
IMPORT_FORMATS = ("json", "iron_vault")
RULESETS = ("classic", "starforged")


def _format(given: str, name: str, accepted: tuple[str, ...]) -> str:
    """The format ``given`` as one of ``accepted`` (case and ``-`` or spaces aside: the
    command line and the web say ``iron-vault``); any other is refused, not read as JSON."""
    form = given.strip().lower().replace("-", "_").replace(" ", "_")
    if form not in accepted:
        raise InvalidValue(input=name, value=given, accepted=accepted)
    return form


def export(table: Table, args: JsonDict) -> JsonDict:
    """The campaign as a ``document`` (json), ``text`` (markdown) or ``files`` (iron_vault)."""
    from ironsworn.campaign import export as exporting

    form = _format(args["kind"], "kind", EXPORT_FORMATS)
    mechanics = args.get("mechanics")
    if mechanics is not None and form != "markdown":
        raise InvalidValue(
            f"{{mechanics}} is for the markdown story, not {form!r} (accepted: kind markdown)",
            input="mechanics",
            value=mechanics,
            accepted=("kind markdown",),
            names=("mechanics",),
        )
    out: JsonDict = {"kind": form, "campaign": table.campaign}
    if form == "iron_vault":
        from ironsworn.campaign.ironvault.export import vault_files

        out["files"] = vault_files(table.store)
        return out
    skipped: list[str] = []
    if form == "markdown":
        out["text"] = exporting.markdown(table.store, mechanics=mechanics is not False)
    else:
        out["document"] = exporting.export_document(table.store, skipped)
    out["skipped"] = skipped  # damaged operations the export left out
    return out


def campaign_new(table: Table, args: JsonDict) -> JsonDict:
    """Create the campaign ``name`` playing ``ruleset`` (classic when not given)."""
    from ironsworn.campaign import registry
    from ironsworn.table.content import campaign_ruleset, set_ruleset

    name = registry.check_name(args["name"])
    ruleset = campaign_ruleset(args.get("ruleset"))
    with registry.create(name, database=table.database) as store:
        location = store.location
        if ruleset != "classic":
            set_ruleset(store, ruleset)
    return {"name": name, "path": str(location), "ruleset": ruleset}


def _target(table: Table, args: JsonDict, name: str) -> Any:
    """Where the import goes: ``into`` (a campaign file or name), else the campaign ``name``."""
    from ironsworn.campaign import registry

    if args.get("into"):
        return registry.resolve(args["into"], table.database)
    return registry.named(name, table.database)


def campaign_import(table: Table, args: JsonDict) -> JsonDict:
    """Import an export (``json``) or an Iron Vault folder as a new campaign: ``into`` (a
    campaign file or name), else the campaign ``name`` (the file's or the vault's own name
    when not given)."""
    from ironsworn.campaign import registry
    from ironsworn.paths import expand_path

    form = _format(args.get("format") or "json", "format", IMPORT_FORMATS)
    into = args.get("into")
    if form == "iron_vault":
        from ironsworn.campaign.ironvault.importer import campaign_name, import_vault, read_vault

        folder = expand_path(args["file"], "Iron Vault folder")
        if into:
            target = _target(table, args, "")
            name = args.get("name") or target.name
        else:
            name = args.get("name") or campaign_name(read_vault(folder).name)
            target = _target(table, args, registry.check_name(name))
        vault = import_vault(folder, target, name=name)
        report = vault.report()
        return {
            "name": name,
            "path": target.location,
            "format": form,
            "vault": vault.name,
            "ruleset": vault.ruleset,
            **report,
        }
    from ironsworn.campaign import export as exporting

    source = expand_path(args["file"], "import file")
    if into:
        target = _target(table, args, "")
        name = args.get("name") or target.name
        count = exporting.import_file(source, target, name=name)
        return {"name": name, "path": target.location, "format": form, "operations": count}
    name = args.get("name") or source.stem
    try:
        registry.check_name(name)
    except InvalidValue:
        raise InvalidValue(
            f"the file name {name!r} is not a valid campaign name; give one with {{name}} "
            "(accepted: 1-64 letters a-z, digits, '-' and '_')",
            input="name",
            value=name,
            accepted=("1-64 letters a-z, digits, '-' and '_'",),
            names=("name",),
        ) from None
    target = _target(table, args, name)
    count = exporting.import_file(source, target, name=name)
    return {"name": name, "path": target.location, "format": form, "operations": count}


OPERATIONS = (
    Operation(
        "export",
        "the campaign as a story (Markdown), its whole log (JSON) or an Iron Vault folder",
        export,
        (
            Input("kind", "text", "markdown, json or iron_vault", True, fixed=EXPORT_FORMATS),
            Input("mechanics", "bool", "markdown: with each roll's dice and changes"),
        ),
        writes="never",
    ),
)

HOME_OPERATIONS = (
    Operation(
        "campaign_new",
        "start a new campaign",
        campaign_new,
        (
            Input("name", "text", "the campaign's name (letters a-z, digits, - and _)", True),
            Input("ruleset", "text", "the game it plays (default: classic)", fixed=RULESETS),
        ),
    ),
    Operation(
        "campaign_import",
        "a campaign from an export file or an Iron Vault folder",
        campaign_import,
        (
            Input("file", "text", "the export file (json) or the vault's folder", True),
            Input("format", "text", "json or iron_vault", fixed=IMPORT_FORMATS),
            Input("name", "text", "the new campaign's name (default: the file's)"),
            Input("into", "text", "the campaign file (or name) to create instead"),
        ),
    ),
)
