"""Ironsworn: Delve's commands: ``site new|list|show`` (perilous sites: a theme, a domain, a
rank, an objective) and ``threat new`` (a threat to a vow, with its menace track).

The rules are :mod:`ironsworn.moves.delve`; this module parses and prints.
"""

from __future__ import annotations

import argparse
from typing import Any

from ironsworn.cli.common import UsageError, campaign_command, emit


def register(sub: Any) -> None:
    site = campaign_command(sub, "site", "Delve's perilous sites: new, list, show")
    site.add_argument("action", choices=["new", "list", "show"])
    site.add_argument("text", nargs="*", metavar="NAME", help="new: its name; show: the site")
    site.add_argument("--theme", help="new: a theme of the Delve pack (Ancient...), or roll")
    site.add_argument("--domain", help="new: a domain of the Delve pack (Barrow...), or roll")
    site.add_argument("--rank", help="new: troublesome, dangerous, formidable, extreme or epic")
    site.add_argument("--objective", help="new: what you seek there")
    site.add_argument("--sample", help="new: one of the pack's sample sites (its name)")
    site.add_argument("--character", action="append", default=[])
    site.add_argument("--all", action="store_true", help="list: finished sites too")
    site.add_argument("--dice", help="your dice for a rolled theme or domain")
    site.add_argument("--seed", help="seed for reproducible random dice")
    site.set_defaults(func=run_site)

    threat = campaign_command(sub, "threat", "Delve's threats to a vow (a menace track)")
    threat.add_argument("action", choices=["new"])
    threat.add_argument("text", nargs="*", metavar="NAME")
    threat.add_argument("--vow", required=True, help="the vow it threatens (id or name)")
    threat.add_argument("--category", required=True, help="a threat category, or roll")
    threat.add_argument("--rank", help="the menace track's rank (default: the vow's)")
    threat.add_argument("--dice", help="your dice for a rolled category")
    threat.add_argument("--seed", help="seed for reproducible random dice")
    threat.set_defaults(func=run_threat)


def run_threat(args: argparse.Namespace) -> int:
    from ironsworn.cli.session import write

    result = write(args, threat_operation(args))
    created = next(e for e in result.events if e["type"] == "track_created")
    track = dict(created["track"])
    lines = [
        *result.notes,
        f"{track['id']}: {track['name']} ({track['rank']} threat to {track['vow']})",
    ]
    emit(args, track, lambda: "\n".join(lines))
    return 0


def run_site(args: argparse.Namespace) -> int:
    if args.action == "new":
        return _new(args)
    if args.action == "list":
        return _list(args)
    return _show(args)


def site_operation(args: argparse.Namespace) -> Any:
    """The operation ``site new`` runs (play mode commits it in its own session)."""
    from ironsworn.moves.delve.sites import new_site

    name = " ".join(args.text)
    if not name and not args.sample and not (args.theme and args.domain):
        raise UsageError("site new needs a NAME, or --sample SITE (accepted: a name and --theme)")
    return lambda e: new_site(
        e,
        name,
        theme=args.theme,
        domain=args.domain,
        rank=args.rank,
        objective=args.objective,
        sample=args.sample,
        characters=args.character,
    )


def threat_operation(args: argparse.Namespace) -> Any:
    """The operation ``threat new`` runs."""
    from ironsworn.moves.delve.threats import new_threat

    name = " ".join(args.text)
    return lambda e: new_threat(e, name, args.vow, args.category, args.rank)


def show_site(args: argparse.Namespace, state: Any) -> int:
    """``site list`` or ``site show`` on a state the caller read (play mode's)."""
    return _list(args, state) if args.action == "list" else _show(args, state)


def _new(args: argparse.Namespace) -> int:
    from ironsworn.cli.session import write

    result = write(args, site_operation(args))
    created = next(e for e in result.events if e["type"] == "track_created")
    track = dict(created["track"])
    lines = [*result.notes, _line(track)]
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


def _list(args: argparse.Namespace, state: Any = None) -> int:
    from ironsworn.cli.session import read_state

    state = state if state is not None else read_state(args)
    sites = [
        t.summary()
        for t in state.tracks.values()
        if t.kind == "site" and (args.all or t.status == "active")
    ]
    emit(args, sites, lambda: "\n".join(_line(s) for s in sites) or "no sites")
    return 0


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
        if len(sites) != 1:
            raise UsageError(
                "site show needs a site (accepted: "
                + (", ".join(t.id for t in sites) or "none")
                + ")"
            )
        site = sites[0]
    data = describe(load_library(), site)

    def text() -> str:
        lines = [_line(data), f"  progress {data['ticks']} ticks, score {data['score']}"]
        lines.append(f"  features ({data['theme_name']} 1-20, {data['domain_name']} 21-100):")
        lines += [f"    {r['min']}-{r['max']}  {r['text']}" for r in data["features"]]
        lines.append(f"  dangers ({data['theme_name']} 1-30, {data['domain_name']} 31-45):")
        lines += [f"    {r['min']}-{r['max']}  {r['text']}" for r in data["dangers"]]
        return "\n".join(lines)

    emit(args, data, text)
    return 0
