"""Play mode's Delve commands: ``/site new|list|show|denizen|feature|fill``, ``/threat``,
``/failure`` and ``/rarity list|show|buy``, each parsed with the command line's own parser;
what they change is the table's ``site``, ``denizen``, ``feature``, ``denizen_fill``,
``threat``, ``failure`` and ``rarity_buy``."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ironsworn.cli.play.session import PlaySession

Runner = Callable[["PlaySession", list[str], str], None]


def delve(kind: str, *, each_asked: bool = False) -> Runner:
    """``/site new|list|show|denizen`` and ``/threat new``: Delve's sites and threats.
    ``each_asked``: what the table asks is read from the next lines in a script too (Discover
    a Site, whose new site's name was read so already), as a terminal asks it."""

    def run(session: PlaySession, words: list[str], _raw: str) -> None:
        from ironsworn.cli import delve_cmd
        from ironsworn.moves.delve.sites import require_delve_in

        actions = [[a] for a in delve_cmd.SITE_ACTIONS]
        given = words if words[:1] in actions else ["new", *words]
        if given[0] in ("new", "denizen", "feature", "fill"):
            # (said before asking the site's name or the threat's vow: it would be refused)
            require_delve_in(session.state().ruleset, session.library)
        args = session.parse(kind, given)
        if kind == "site" and args.action in ("list", "show"):
            delve_cmd.show_site(args, session.state())
            return
        # The table's site, denizen or threat, as the command line calls it.
        if kind == "threat":
            name, inputs, names = "threat", delve_cmd.threat_given(args), delve_cmd.THREAT_WORDS
        elif args.action in ("denizen", "feature", "fill"):
            name, inputs, names = delve_cmd.site_roll(args)
        else:
            name, inputs, names = "site", delve_cmd.site_given(args), delve_cmd.SITE_WORDS
        from ironsworn.cli.play.table_calls import each_asked as asker

        ask = asker(session, kind) if each_asked else None
        dice = session.dice_for(args)
        done = session.table(name, inputs, command=kind, names=names, dice=dice, ask=ask)
        # (Discover a Site's move follows at once, with its own status line)
        session.report(done.result, args.json, status=not each_asked)

    return run


def failure(session: PlaySession, words: list[str], _raw: str) -> None:
    """``/failure TICKS``: the failure track set by hand (the table's ``failure``)."""
    from ironsworn.cli import delve_cmd

    args = session.parse("failure", words)
    given = delve_cmd.failure_given(args)
    done = session.table("failure", given, command="failure", names={"ticks": "TICKS"})
    session.report(done.result, args.json)


def rarity(session: PlaySession, words: list[str], _raw: str) -> None:
    """``/rarity list|show|buy``: Delve's rarities (a bare name shows it)."""
    from ironsworn.cli import delve_cmd

    if not words:
        given = ["list"]
    elif words[:1] in (["list"], ["show"], ["buy"]):
        given = words
    else:
        given = ["show", *words]
    if given[0] == "buy" and not session.library.rarities:
        from ironsworn.errors import PackMissing
        from ironsworn.moves.delve.rarities import NO_RARITIES

        raise PackMissing(NO_RARITIES, "delve")  # (before asking which rarity)
    args = session.parse("rarity", given)
    if args.action == "buy":  # the table's rarity_buy (a rarity left out: asked)
        bought = {"rarity": " ".join(args.text) or None, "character": args.character}
        done = session.table("rarity_buy", bought, command="rarity", names={"rarity": "NAME"})
        session.report(done.result, args.json)
    elif args.action == "show":
        delve_cmd.show_rarity(args)
    else:
        delve_cmd.list_rarities(args, None if args.all else session.state())
