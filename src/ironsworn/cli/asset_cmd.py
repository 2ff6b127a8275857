"""Asset cards: ``asset list|show`` (the whole deck), ``asset mark|unmark|track`` (a
character's cards, changed by hand and undoable), ``asset use`` (an ability used outside a
move), ``asset fits MOVE`` (the abilities that act
on a move, before the roll) and ``asset upgrades`` (what Advance can buy).

The card texts shown are the official ones when a player has imported a pack with the same
ids, else our own summaries (see :mod:`ironsworn.moves.assets.cards`).
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from ironsworn.cli.common import (
    WHOSE,
    JoinWords,
    campaign_command,
    common_options,
    emit,
    import_command,
    parse_int,
)
from ironsworn.errors import NotFound
from ironsworn.moves.assets.coverage import pack_reminder

if TYPE_CHECKING:
    from ironsworn.content.loader import Ruleset
    from ironsworn.content.model import Asset

TYPES = ("combat_talent", "companion", "path", "ritual")


def register(sub: Any) -> None:
    parser = sub.add_parser("asset", help="list or show asset cards; mark or track a character's")
    group = parser.add_subparsers(dest="action", metavar="ACTION", required=True)
    listing = common_options(group.add_parser("list", help="list the asset cards by type"))
    listing.add_argument(
        "--ruleset",
        default=None,
        help="only this ruleset or pack (classic, an imported pack id, all; default: the current "
        "campaign's ruleset, or all without a campaign)",
    )
    listing.add_argument(
        "--type",
        help="only this type (classic: " + ", ".join(TYPES) + "; Starforged: path, companion, "
        "deed, module, support_vehicle, command_vehicle)",
    )
    listing.add_argument("--search", help="only cards whose name or abilities hold these words")
    listing.set_defaults(func=run_list)
    show = common_options(group.add_parser("show", help="show a whole card"))
    show.add_argument(
        "id", metavar="ID", nargs="+", action=JoinWords, help="full id, id without type, or name"
    )
    show.set_defaults(func=run_show)
    for action, text in (("mark", "mark an ability by hand"), ("unmark", "clear an ability")):
        change = campaign_command(group, action, text)
        change.add_argument("asset", metavar="ASSET", help="one of the character's assets")
        change.add_argument("ability", metavar="N", help="the ability's number (1-3)")
        change.add_argument("--character", help=WHOSE)
        change.set_defaults(func=run_mark)
    use = campaign_command(group, "use", "use an ability outside a move")
    use.add_argument("asset", metavar="ASSET", help="one of the character's assets")
    use.add_argument("ability", metavar="N", help="the ability's number (1-3)")
    use.add_argument("--character", help=WHOSE)
    use.set_defaults(func=run_use)
    track = campaign_command(group, "track", "set an asset's track (health, light...)")
    track.add_argument("asset", metavar="ASSET", help="one of the character's assets")
    track.add_argument("words", nargs="+", metavar="[TRACK] VALUE", help="e.g. 'health 3' or '3'")
    track.add_argument("--character", help=WHOSE)
    track.set_defaults(func=run_track)
    fits = campaign_command(group, "fits", "your abilities that act on a move (before you roll)")
    fits.add_argument(
        "move", nargs="+", action=JoinWords, metavar="MOVE", help="the move (id or name)"
    )
    fits.add_argument("--character", help=WHOSE)
    fits.set_defaults(func=run_fits)
    upgrades = campaign_command(group, "upgrades", "what Advance can buy now")
    upgrades.add_argument("--character", help=WHOSE)
    upgrades.set_defaults(func=run_upgrades)


def library() -> Ruleset:
    from ironsworn.content.loader import load_library

    return load_library()


def unlabelled(asset: Asset, words: list[str]) -> list[str]:
    """Each ability's words without its label where the words begin with it (the rulebook's
    transcribed Hawk: "Far-seeing: When you..."), since ``asset show`` names it itself."""
    return [
        text.removeprefix(f"{ability.name}:").lstrip() if ability.name else text
        for ability, text in zip(asset.abilities, words, strict=True)
    ]


def card_json(ruleset: Ruleset, asset: Asset) -> dict[str, Any]:
    """A whole card for ``asset show --json``: the record plus the words each ability shows."""
    from ironsworn.moves.assets.cards import ability_words
    from ironsworn.moves.assets.coverage import ability_status

    data = asset.to_json()
    for entry, words, ability in zip(
        data["abilities"], ability_words(ruleset, asset), asset.abilities, strict=True
    ):
        entry["words"] = words
        entry["automation"] = ability_status(ability, ruleset)
    return data


def card_text(ruleset: Ruleset, asset: Asset) -> str:
    from ironsworn.moves.assets.cards import ability_words, unlinked
    from ironsworn.moves.assets.coverage import ability_status

    lines = [f"{asset.name} — {asset.type.replace('_', ' ')}"]
    if asset.page:
        lines[0] += f" (p. {asset.page})"
    if asset.requirement:
        lines.append(f"Requires: {asset.requirement}")
    for label in asset.fields:
        lines.append(f"Write in: {label}")
    for label, choices in asset.selects.items():
        lines.append(f"Choose {label}: {', '.join(choices)}")
    for track in asset.tracks:
        lines.append(f"{track.name}: {track.value}/{track.max}")
    for index, (ability, words) in enumerate(
        zip(asset.abilities, unlabelled(asset, ability_words(ruleset, asset)), strict=True)
    ):
        mark = "●" if ability.enabled else "○"
        title = f" {ability.name}:" if ability.name else ""
        lines.append(f"  {mark} {index + 1}.{title} {unlinked(words)}")
        status = ability_status(ability)
        status = pack_reminder(ability, ruleset) or status  # an expansion's move, no pack
        if status["kind"] != "automated":
            how = f": {import_command(status['pack'])}" if "pack" in status else ""
            lines.append(f"      ({status['kind']}: {status['why']}{how})")
        for move in ability.moves:
            lines.append(f"      move: {move.name} — ironsworn move {move.name.lower()!r}")
    return "\n".join(lines)


def run_list(args: argparse.Namespace) -> int:
    from ironsworn.cli.content_cmd import check_ruleset, listed_ruleset
    from ironsworn.content.lookup import normalize
    from ironsworn.errors import InvalidValue

    ruleset = library()
    items = ruleset.in_ruleset("assets", check_ruleset(ruleset, listed_ruleset(args)))

    def key(text: str) -> str:
        # Types as players type them: 'module', 'support vehicle', 'Support_Vehicle' (the
        # decks name them 'combat_talent' or 'Support Vehicle'); a trailing s is a plural.
        return "_".join(text.strip().lower().replace("_", " ").split())

    kind = key(args.type or "")
    known = {key(a.type): a.type for a in items.values()}
    if kind and kind not in known and kind.removesuffix("s") in known:
        kind = kind.removesuffix("s")
    if kind and kind not in known:
        accepted = ", ".join(sorted(known))
        raise InvalidValue(f"--type {args.type!r} is unknown (accepted: {accepted})")
    words = normalize(args.search or "").split()
    rows = []
    for asset in items.values():
        if kind and key(asset.type) != kind:
            continue
        haystack = normalize(
            " ".join([asset.name, *(a.summary or a.text for a in asset.abilities)])
        )
        if words and not all(w in haystack for w in words):
            continue
        rows.append(
            {
                "id": asset.id,
                "name": asset.name,
                "type": asset.type,
                "summary": asset.abilities[0].summary if asset.abilities else "",
            }
        )

    chosen = check_ruleset(ruleset, listed_ruleset(args))

    def text() -> str:
        if not rows:
            from ironsworn.cli.content_cmd import import_hint

            hint = import_hint(chosen) if not items else ""
            return f"(none; {hint})" if hint else "(none)"
        lines: list[str] = []
        for group in sorted({r["type"] for r in rows}):
            lines.append(group.replace("_", " ").title() + "s")
            for row in (r for r in rows if r["type"] == group):
                lines.append(f"  {row['name']}")
                if row["summary"]:
                    lines.append(f"      {row['summary']}")
        return "\n".join(lines)

    emit(args, rows, text)
    return 0


def run_show(args: argparse.Namespace) -> int:
    from ironsworn.cli.content_cmd import lookup_ruleset
    from ironsworn.errors import NotFound

    ruleset = library()
    try:
        asset = ruleset.find_in("assets", args.id, lookup_ruleset(args))
    except NotFound:
        # Not in the deck: a homebrew card of the campaign's characters, by name or id.
        found = homebrew_card(args, args.id)
        if found is None:
            raise
        asset = found
    emit(args, card_json(ruleset, asset), lambda: card_text(ruleset, asset))
    return 0


def homebrew_card(args: argparse.Namespace, query: str) -> Asset | None:
    """The homebrew card a character of the campaign holds, named ``query`` (None if none)."""
    from ironsworn.cli.session import state_if_any
    from ironsworn.moves.homebrew import card_of

    key = " ".join(str(query).split()).lower()
    state = state_if_any(args)
    if state is None:
        return None
    ruleset = library()
    for char in state.characters.values():
        for record in char.assets:
            if not record.get("card"):
                continue
            names = {str(record["id"]).lower(), str(record["name"]).lower()}
            names.add(str(record["id"]).rsplit("/", 1)[-1].replace("_", " "))
            if key in names or key.replace(" ", "_") in names:
                return card_of(ruleset, record)
    return None


# The asset operations' inputs that the asset commands take as arguments.
ASSET_WORDS = {"asset": "ASSET", "ability": "N", "value": "VALUE", "track": "TRACK"}


def run_mark(args: argparse.Namespace) -> int:
    """``asset mark|unmark ASSET N``: the table's ``asset_mark``."""
    number = parse_int(args.ability, "N", 1, 3)
    given = {"asset": args.asset, "ability": number, "mark": args.action == "mark"}
    return _asset_change(args, "asset_mark", given)


def run_use(args: argparse.Namespace) -> int:
    """``asset use fortune_hunter 2``: an exchange the card allows outside a move (the
    table's ``asset_use``)."""
    number = parse_int(args.ability, "N", 1, 3)
    return _asset_change(args, "asset_use", {"asset": args.asset, "ability": number})


def run_track(args: argparse.Namespace) -> int:
    """``asset track ASSET [TRACK] VALUE``: the table's ``asset_track``."""
    from ironsworn.cli.common import UsageError

    if len(args.words) > 2:
        raise UsageError(f"asset track: {' '.join(args.words)!r} is not [TRACK] VALUE")
    name = args.words[0] if len(args.words) == 2 else None
    value = parse_int(args.words[-1], "VALUE", 0, 10)
    return _asset_change(args, "asset_track", {"asset": args.asset, "track": name, "value": value})


def _asset_change(args: argparse.Namespace, name: str, given: dict[str, Any]) -> int:
    from ironsworn.cli.session import describe_result, table_write

    (result,) = table_write(args, name, {**given, "character": args.character}, ASSET_WORDS)
    emit(args, result.to_json(), lambda: describe_result(result))
    return 0


def run_upgrades(args: argparse.Namespace) -> int:
    from ironsworn.cli.session import read_state
    from ironsworn.moves.assets.cards import unlinked, upgrades

    state = read_state(args)
    char = state.character(args.character)
    data = upgrades(library(), char)

    def text() -> str:
        lines = [f"{char.name}: {data['available']} experience to spend"]
        for entry in data["abilities"]:
            cost = entry["cost"]
            lines.append(
                f"  {entry['asset']} {entry['number']} ({cost} xp): {unlinked(entry['summary'])}"
                + ("" if entry["affordable"] else "  [not enough experience]")
            )
        if not data["abilities"]:
            lines.append("  every ability of your assets is marked")
        # (play mode says its own commands: args.buying)
        buying = getattr(args, "buying", None) or (
            "'ironsworn asset list', then 'ironsworn move advance --asset NAME'"
        )
        lines.append(f"  a new asset costs {data['new_asset_cost']} xp: {buying}")
        return "\n".join(lines)

    emit(args, data, text)
    return 0


def run_fits(args: argparse.Namespace) -> int:
    from ironsworn.cli.session import read_state
    from ironsworn.moves.assets.effects import abilities_for

    ruleset = library()
    state = read_state(args)
    char = state.character(args.character)
    try:
        move = ruleset.find_in("moves", args.move, state.ruleset)
    except NotFound:
        from ironsworn.content.lookup import resolve

        move = resolve(ruleset.asset_moves, args.move, "move", lambda m: str(m.name))
    rows = abilities_for(ruleset, char, move)

    def text() -> str:
        if not rows:
            return f"none of {char.name}'s abilities acts on {move.name}"
        lines = [f"{char.name}'s abilities on {move.name}:"]
        for row in rows:
            how = f"{row['fiction']}: --asset {row['asset']}" if row["when"] else "unasked"
            stats = f" (+{'/'.join(row['stats'])})" if row["stats"] else ""
            rolls = f" rolls +{' or +'.join(row['rolls'])}" if row["rolls"] else ""
            lines.append(f"  {row['label']}{stats}:{rolls} {row['effect']} [{how}]")
        return "\n".join(lines)

    emit(args, rows, text)
    return 0
