"""Ironsworn: Delve's commands: ``site new|list|show`` (perilous sites: a theme, a domain, a
rank, an objective), ``site denizen|feature`` (a roll on its denizens or features), ``site
fill`` (a slot of its denizen table), ``threat new`` (a threat to a vow, with its menace
track), ``failure`` (the failure track set by hand) and ``rarity list|show|buy`` (rarities
augmenting an asset, bought with experience).

The rules are :mod:`ironsworn.moves.delve`; this module parses and prints.
"""

from __future__ import annotations

import argparse
from typing import Any

from ironsworn.cli.common import JoinWords, Missing, UsageError, campaign_command, emit, plain


def register(sub: Any) -> None:
    site = campaign_command(
        sub, "site", "Delve's perilous sites: new, list, show, denizen, feature, fill"
    )
    site.add_argument("action", choices=SITE_ACTIONS)
    site.add_argument(
        "text",
        nargs="*",
        metavar="NAME",
        help="new: its name; show, denizen, feature: the site; fill: SLOT and the denizen "
        "(a foe's name, your own words, or blank)",
    )
    site.add_argument("--site", help="fill: the site (default: the one being delved)")
    site.add_argument(
        "--theme",
        nargs="+",
        action=JoinWords,
        help="new: a theme of the Delve pack (Ancient...), or roll",
    )
    site.add_argument(
        "--domain",
        nargs="+",
        action=JoinWords,
        help="new: a domain of the Delve pack (Barrow...), or roll",
    )
    site.add_argument("--rank", help="new: troublesome, dangerous, formidable, extreme or epic")
    site.add_argument("--objective", nargs="+", action=JoinWords, help="new: what you seek there")
    site.add_argument(
        "--sample",
        nargs="+",
        action=JoinWords,
        help="new: one of the pack's sample sites (its name)",
    )
    site.add_argument(
        "--character",
        action="append",
        default=[],
        help="new: who delves it (again for each; default: the only character, or the only "
        "one still playing)",
    )
    site.add_argument("--all", action="store_true", help="list: finished sites too")
    site.add_argument(
        "--samples", action="store_true", help="list: the Delve pack's sample sites (for --sample)"
    )
    site.add_argument(
        "--dice", help="your dice for a rolled theme or domain, a feature or a denizen"
    )
    site.add_argument("--seed", help="seed for reproducible random dice")
    site.set_defaults(func=run_site)

    threat = campaign_command(sub, "threat", "Delve's threats to a vow (a menace track)")
    threat.add_argument("action", choices=["new"])
    threat.add_argument("text", nargs="*", metavar="NAME", help="the threat's name")
    threat.add_argument(
        "--vow", nargs="+", action=JoinWords, help="the vow it threatens (id or name)"
    )
    threat.add_argument(
        "--category", nargs="+", action=JoinWords, help="a threat category, or roll"
    )
    threat.add_argument("--rank", help="the menace track's rank (default: the vow's)")
    threat.add_argument("--dice", help="your dice for a rolled category")
    threat.add_argument("--seed", help="seed for reproducible random dice")
    threat.set_defaults(func=run_threat)

    failure = campaign_command(sub, "failure", "set your failure track (Delve) by hand")
    failure.add_argument("ticks", metavar="TICKS", help="the track's ticks, 0 to 40 (4 a box)")
    failure.add_argument(
        "--character", help="whose (default: the only character, or the only one still playing)"
    )
    failure.set_defaults(func=run_failure)

    rarity = campaign_command(sub, "rarity", "Delve's rarities: list, show, buy")
    rarity.add_argument("action", choices=["list", "show", "buy"])
    rarity.add_argument("text", nargs="*", metavar="NAME", help="show, buy: the rarity")
    rarity.add_argument(
        "--character", help="whose (default: the only character, or the only one still playing)"
    )
    rarity.add_argument("--all", action="store_true", help="list: every rarity of the pack")
    rarity.set_defaults(func=run_rarity)


SITE_ACTIONS = ["new", "list", "show", "denizen", "feature", "fill"]


def failure_given(args: argparse.Namespace) -> dict[str, Any]:
    """The table's ``failure`` arguments of ``failure TICKS`` (play mode's /failure too)."""
    from ironsworn.cli.common import parse_int

    ticks = parse_int(args.ticks, "TICKS", 0, 40)
    return {"ticks": ticks, "character": args.character}


def run_failure(args: argparse.Namespace) -> int:
    from ironsworn.cli.session import describe_result, table_write

    (result,) = table_write(args, "failure", failure_given(args), {"ticks": "TICKS"})
    emit(args, result.to_json(), lambda: describe_result(result))
    return 0


# Wield a Rarity, as a rarity's card and the list remind the player of it.
WIELDED = (
    "a move the asset aids rolls the rarity die in place of the action die: 6, an automatic "
    "strong hit and +1 momentum; 5 on a hit, +1 momentum; 1 on a miss, its power fails or "
    "works against you"
)


def run_rarity(args: argparse.Namespace) -> int:
    from ironsworn.cli.session import read_state

    if args.action == "buy":
        return _buy(args)
    if args.action == "show":
        return show_rarity(args)
    return list_rarities(args, None if args.all else read_state(args))


def rarity_name(args: argparse.Namespace) -> str:
    """The rarity ``rarity buy`` names (asked when left out)."""
    name = " ".join(args.text)
    if not name:
        raise Missing(
            "rarity buy needs a NAME (accepted: see 'rarity list')",
            "rarity buy: which rarity? (its name)",
        )
    return name


def _buy(args: argparse.Namespace) -> int:
    from ironsworn.cli.session import describe_result, table_write

    given = {"rarity": rarity_name(args), "character": args.character}
    (result,) = table_write(args, "rarity_buy", given, {"rarity": "NAME"})
    emit(args, result.to_json(), lambda: describe_result(result))
    return 0


def _rarity_line(view: dict[str, Any]) -> str:
    return f"{view['name']} — augments {view['asset_name']}, {view['xp_cost']} experience"


def list_rarities(args: argparse.Namespace, state: Any) -> int:
    """``rarity list``: the character's rarities and those they could buy (every rarity of
    the pack with ``--all``, or without a campaign), then the engine's count."""
    from ironsworn.content import load_library
    from ironsworn.errors import PackMissing
    from ironsworn.moves.delve.rarities import NO_RARITIES, coverage, view
    from ironsworn.table.delve import rarity_lists

    library = load_library()
    if not library.rarities:
        raise PackMissing(NO_RARITIES, "delve")  # (each surface says how it imports)
    if state is None:
        every = sorted(library.rarities.values(), key=lambda r: r.name)
        data: dict[str, Any] = {
            "rarities": [view(library, r) for r in every],
            "coverage": coverage(library),
        }
        lines = [_rarity_line(v) for v in data["rarities"]]
    else:
        data = rarity_lists(library, state, args.character)
        who = data["character"] or "no character"
        lines = [f"{who}'s rarities:"]
        lines += [f"  {_rarity_line(v)}" for v in data["held"]] or ["  none"]
        lines.append("could buy (an asset on the sheet):")
        lines += [f"  {_rarity_line(v)}" for v in data["buyable"]] or ["  none"]
    counts = data["coverage"]
    # What the player does with one, in the game's words (the engine's count is the JSON's,
    # told here only when it does not apply the die for every rarity).
    missing = int(counts["rarities"]) - int(counts["die_applied"])
    lines.append(
        f"Wield a Rarity: {WIELDED}"
        + (f" (applied by hand for {missing} of {counts['rarities']} rarities)" if missing else "")
    )
    emit(args, data, lambda: "\n".join(lines))
    return 0


def show_rarity(args: argparse.Namespace) -> int:
    from ironsworn.content import load_library
    from ironsworn.errors import PackMissing
    from ironsworn.moves.delve.rarities import NO_RARITIES, find_rarity, view

    library = load_library()
    if not library.rarities:  # (before asking for one: there is none to name)
        raise PackMissing(NO_RARITIES, "delve")
    name = " ".join(args.text)
    if not name:
        raise Missing(
            "rarity show needs a NAME (accepted: see 'rarity list --all')",
            "rarity show: which rarity? (its name)",
        )
    rarity = find_rarity(library, name)
    data = {**view(library, rarity), "description": rarity.description}
    page = f" (Delve p. {rarity.page})" if rarity.page else ""
    text = "\n".join(
        [
            f"{rarity.name}{page}",
            f"  augments {data['asset_name']}; costs {rarity.xp_cost} experience",
            f"  {WIELDED}",
            "",
            rarity.description,
        ]
    )
    emit(args, data, text)
    return 0


# The table's site, denizen and threat inputs these commands take as their words.
SITE_WORDS = {"name": "NAME", "site": "NAME", "characters": "--character"}
FILL_WORDS = {"slot": "SLOT", "denizen": "DENIZEN", "site": "--site"}
THREAT_WORDS = {"name": "NAME"}


def threat_given(args: argparse.Namespace) -> dict[str, Any]:
    """The table's ``threat`` arguments of ``threat new`` (play mode's /threat too)."""
    given = {"name": " ".join(args.text), "vow": args.vow, "category": args.category}
    return {**given, "rank": args.rank}


def run_threat(args: argparse.Namespace) -> int:
    from ironsworn.cli.session import table_write

    (result,) = table_write(args, "threat", threat_given(args), THREAT_WORDS)
    created = next(e for e in result.events if e["type"] == "track_created")
    track = dict(created["track"])
    lines = [
        *(plain(n) for n in result.notes),
        f"{track['id']}: {track['name']} ({track['rank']} threat to {track['vow']})",
    ]
    emit(args, track, lambda: "\n".join(lines))
    return 0


def run_site(args: argparse.Namespace) -> int:
    if args.action == "new":
        return _new(args)
    if args.action in ("denizen", "feature", "fill"):
        from ironsworn.cli.session import describe_result, table_write

        name, given, words = site_roll(args)
        (result,) = table_write(args, name, given, words)
        emit(args, result.to_json(), lambda: describe_result(result))
        return 0
    if args.action == "list":
        return _list(args)
    return _show(args)


def site_name(args: argparse.Namespace) -> str:
    """The name ``site new`` gives ("" for a sample site's own; asked when it needs one)."""
    name = " ".join(args.text)
    if not name and not args.sample and not (args.theme and args.domain):
        raise Missing(
            "site new needs a NAME, or --sample SITE (accepted: a name and --theme)",
            "site new: the site's name",
        )
    return name


def denizen_given(args: argparse.Namespace) -> dict[str, Any]:
    """The table's ``denizen`` arguments of ``site denizen`` (play mode's too)."""
    return {"site": " ".join(args.text) or None}


def fill_given(args: argparse.Namespace) -> dict[str, Any]:
    """The table's ``denizen_fill`` arguments of ``site fill SLOT DENIZEN`` (the slot or the
    denizen left out: asked)."""
    from ironsworn.cli.common import parse_int

    slot = parse_int(args.text[0], "SLOT", 1, 12) if args.text else None
    return {"slot": slot, "denizen": " ".join(args.text[1:]) or None, "site": args.site}


def site_roll(args: argparse.Namespace) -> tuple[str, dict[str, Any], dict[str, str]]:
    """The table's operation of ``site denizen|feature|fill``, its arguments and the words
    the command takes for its inputs (play mode's too)."""
    if args.action == "fill":
        return "denizen_fill", fill_given(args), FILL_WORDS
    name = "denizen" if args.action == "denizen" else "feature"
    return name, denizen_given(args), SITE_WORDS


def show_site(args: argparse.Namespace, state: Any) -> int:
    """``site list`` or ``site show`` on a state the caller read (play mode's)."""
    return _list(args, state) if args.action == "list" else _show(args, state)


def site_given(args: argparse.Namespace) -> dict[str, Any]:
    """The table's ``site`` arguments of ``site new`` (play mode's too); a name left out
    where one is needed is asked (:func:`site_name`)."""
    return {
        "name": site_name(args),
        "theme": args.theme,
        "domain": args.domain,
        "rank": args.rank,
        "objective": args.objective,
        "sample": args.sample,
        "characters": args.character or None,
    }


def _new(args: argparse.Namespace) -> int:
    from ironsworn.cli.session import table_write

    (result,) = table_write(args, "site", site_given(args), SITE_WORDS)
    created = next(e for e in result.events if e["type"] == "track_created")
    track = dict(created["track"])
    lines = [*(plain(n) for n in result.notes), _line(track)]
    emit(args, track, lambda: "\n".join(lines))
    return 0


def _names(track: dict[str, Any]) -> tuple[str, str]:
    from ironsworn.content import load_library

    library = load_library()
    theme = library.site_themes.get(track.get("theme") or "")
    domain = library.site_domains.get(track.get("domain") or "")
    return (theme.name if theme else str(track.get("theme"))), (
        domain.name if domain else str(track.get("domain"))
    )


def _line(track: dict[str, Any]) -> str:
    theme, domain = _names(track)
    objective = f"; objective: {track['objective']}" if track.get("objective") else ""
    return (
        f"{track['id']}: {track['name']} ({track['rank']} site, {theme} {domain}; "
        f"{', '.join(track['characters'])}{objective})"
    )


def _samples(args: argparse.Namespace) -> int:
    """``site list --samples``: the pack's sample sites, each ready for ``site new --sample``."""
    from ironsworn.content import load_library

    library = load_library()
    samples = sorted(library.sites.values(), key=lambda s: s.name)
    if not samples:
        raise UsageError(
            "no sample sites: import your Datasworn Delve file first (ironsworn content import "
            "delve.json)"
        )
    data = []
    for sample in samples:
        theme = library.site_themes.get(sample.theme)
        domain = library.site_domains.get(sample.domain)
        data.append(
            {
                "id": sample.id,
                "name": sample.name,
                "rank": sample.rank,
                "theme": theme.name if theme else sample.theme,
                "domain": domain.name if domain else sample.domain,
                "page": sample.page,
            }
        )
    emit(
        args,
        data,
        lambda: "\n".join(f"{s['name']} ({s['rank']} {s['theme']} {s['domain']})" for s in data),
    )
    return 0


def _list(args: argparse.Namespace, state: Any = None) -> int:
    from ironsworn.cli.session import read_state

    if args.samples:
        return _samples(args)
    state = state if state is not None else read_state(args)
    sites = [
        t.summary()
        for t in state.tracks.values()
        if t.kind == "site" and (args.all or t.status == "active")
    ]
    emit(args, sites, lambda: "\n".join(_line(s) for s in sites) or "no sites")
    return 0


def _span(row: dict[str, Any]) -> str:
    """A card row's rolls as the book prints them, aligned: ``  1-4``, `` 99`` (not 99-99)."""
    low, high = int(row["min"]), int(row["max"])
    return f"{low if low == high else f'{low}-{high}':>6}"


def _range(row: dict[str, Any]) -> str:
    low, high = int(row["min"]), int(row["max"])
    text = "00" if low == 100 else (f"{low:02d}" if low == high else f"{low:02d}-{high:02d}")
    return f"{text:<5}"


def _show(args: argparse.Namespace, state: Any = None) -> int:
    from ironsworn.cli.session import read_state
    from ironsworn.content import load_library
    from ironsworn.moves.delve.sites import describe

    state = state if state is not None else read_state(args)
    query = " ".join(args.text)
    if query:
        site = state.track(query, ("site",))
    else:
        sites = [t for t in state.tracks.values() if t.kind == "site" and t.status == "active"]
        if not sites:  # nothing to name: said, not asked
            raise UsageError("no site is under way (Discover a Site makes one)")
        if len(sites) != 1:
            raise Missing(
                "site show needs a site (accepted: " + ", ".join(t.name for t in sites) + ")",
                "site show: which site?",
                choices=[(t.name, t.name) for t in sites],
            )
        site = sites[0]
    data = describe(load_library(), site)

    def text() -> str:
        lines = [_line(data), f"  progress {data['ticks']} ticks, score {data['score']}"]
        lines.append(f"  features ({data['theme_name']} 1-20, {data['domain_name']} 21-100):")
        lines += [f"  {_span(r)}  {r['text']}" for r in data["features"]]
        lines.append(f"  dangers ({data['theme_name']} 1-30, {data['domain_name']} 31-45):")
        lines += [f"  {_span(r)}  {r['text']}" for r in data["dangers"]]
        lines.append("  denizens (d100):")
        lines += [
            f"    {n:>2}. {_range(r)}  {r['frequency'].replace('_', ' '):<11}  {r['text']}"
            for n, r in enumerate(data["denizens"], 1)
        ]
        return "\n".join(lines)

    emit(args, data, text)
    return 0
