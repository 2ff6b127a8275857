"""Play mode's character sheet and tracks: ``/sheet`` and ``/tracks`` (the command line's own
views), new vows, journeys and fights (Starforged: expeditions and connections), legacy ticks
and impacts, and changes by hand to meters, debilities, the
initiative and progress, each committed in its own transaction."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ironsworn.cli.play.session import PlaySession
    from ironsworn.cli.play.slash import Runner


def sheet(session: PlaySession, words: list[str], _raw: str) -> None:
    """``/sheet``: the command line's sheet, then the decision the character owes, in full
    as play mode shows it (where the one-line reminder of a waiting decision points)."""
    args = session.parse("sheet", words)
    args.owed = False  # (the command line's own words for it are not play mode's)
    session.run_cli(args)
    if args.json:
        return
    from ironsworn.table.decisions import waiting_decision

    state = session.state()
    name = args.character or session.character_name(state)
    pending = waiting_decision(state, str(name)) if name else state.pending
    if pending is not None:
        session.show_decision(pending)


def tracks(session: PlaySession, words: list[str], _raw: str) -> None:
    session.run_cli(session.parse("track", ["list", *words]))


def new_track(kind: str) -> Runner:
    """``/vow``, ``/journey``, ``/fight``, ``/expedition``, ``/connection``: the table's
    ``track`` operation."""

    def run(session: PlaySession, words: list[str], _raw: str) -> None:
        given = words[1:] if words[:1] == ["new"] else words
        _check_kind(session, kind)  # (before asking what the track is: it would be refused)
        args = session.parse(kind, ["new", *given])
        inputs: dict[str, Any] = {"kind": kind, "rank": args.rank}
        inputs["characters"] = args.character or None
        if kind == "fight":
            from ironsworn.cli.track_cmd import foe_of

            inputs.update(foe=foe_of(args, "/fight"), count=args.count)
        else:
            inputs.update(text=" ".join(args.text), role=getattr(args, "role", None))
        done = session.table("track", inputs, command=kind, names={"characters": "--character"})
        created = next(e for e in done.result.events if e["type"] == "track_created")
        track = dict(created["track"])
        line = track_line(track) + (f", {track['role']}" if track.get("role") else "")
        session.out.result(track, line, as_json=args.json)

    return run


def _check_kind(session: PlaySession, kind: str) -> None:
    """A track of the other game (``/expedition`` in a classic campaign) is refused with the
    track commands this campaign has."""
    from ironsworn.errors import InvalidValue
    from ironsworn.table import operation

    kinds = [c.key for c in operation("track").input("kind").choices(session.at_table())]
    if kind in kinds:
        return
    ruleset = session.state().ruleset
    here = [f"/{k}" for k in kinds if k in session.commands.names()]
    raise InvalidValue(
        f"/{kind}: this campaign plays {ruleset}, which has no {kind} tracks (accepted: "
        f"{', '.join(here)})"
    )


def legacy(session: PlaySession, words: list[str], _raw: str) -> None:
    """``/legacy quests|bonds|discoveries --ticks N``: Starforged's legacy tracks by hand."""
    if session.state().ruleset != "starforged":  # (said before asking which track)
        from ironsworn.errors import RuleViolation

        raise RuleViolation(
            "/legacy: legacy tracks are Starforged's, and this campaign plays classic"
        )
    args = session.parse("legacy", words if words[:1] == ["mark"] else ["mark", *words])
    inputs = {"track": args.track, "ticks": args.ticks, "character": args.character}
    session.report(session.table("legacy", inputs, command="legacy").result, args.json)


def impact(session: PlaySession, words: list[str], _raw: str) -> None:
    """``/impact mark|clear NAME``: a Starforged impact by hand (the table's ``debility``,
    which is an impact in a Starforged campaign)."""
    from ironsworn.errors import InvalidValue

    if session.state().ruleset != "starforged":  # (said before asking which impact)
        name = " ".join(w for w in words[1:] if not w.startswith("-"))
        raise InvalidValue(
            (f"/impact {name!r}" if name else "/impact")
            + ": impacts are Starforged's, and this campaign plays classic "
            "(accepted: /debility mark|clear NAME, for wounded, shaken, unprepared, "
            "encumbered, maimed, corrupted, cursed, tormented)"
        )
    args = session.parse("impact", words)
    name = " ".join(args.name)
    inputs = {"name": name, "mark": args.action == "mark", "character": args.character}
    session.report(session.table("debility", inputs, command="impact").result, args.json)


def vehicle(session: PlaySession, words: list[str], _raw: str) -> None:
    """``/vehicle`` shows the command vehicle and ``/vehicle list`` every vehicle (the command
    line's views); ``/vehicle new NAME [--integrity N] [--incidental]``, ``/vehicle remove
    NAME --incidental`` and ``/vehicle mark|clear MARK [--vehicle NAME] [--module NAME]`` are
    the table's ``vehicle`` and ``vehicle_mark`` (Starforged)."""
    from ironsworn.cli.starforged_cmd import vehicle_text

    args = session.parse("vehicle", words)
    if session.state().ruleset != "starforged":
        from ironsworn.errors import RuleViolation

        raise RuleViolation("/vehicle: vehicles are Starforged's, and this campaign plays classic")
    if args.action == "show" and not args.name and session.state().vehicle is None:
        session.out.result(None, "no command vehicle yet: /vehicle new NAME names your starship")
        return
    if args.action in ("show", "list"):
        session.run_cli(args)
        return
    name = " ".join(args.name) or None
    if args.action in ("mark", "clear"):
        marked = {"name": name, "mark": args.action == "mark", "vehicle": args.which}
        marked["module"] = args.module
        done = session.table("vehicle_mark", marked, command="vehicle", names={"name": "MARK"})
    else:
        if args.action == "remove":
            # Only an incidental vehicle is left behind: removing one is that (its name
            # left out is asked from the incidental vehicles the party has).
            args.incidental = True
            name = name or _incidental(session)
        made = {"name": name, "integrity": args.integrity, "incidental": args.incidental or None}
        made["remove"] = args.action == "remove" or None
        done = session.table("vehicle", made, command="vehicle")
        if not args.incidental:  # the command vehicle: said as /vehicle shows it
            session.out.result(done.answer, vehicle_text(done.answer), as_json=args.json)
            return
        if args.action == "new":  # an incidental vehicle: said as /vehicle list shows it
            from ironsworn.cli.starforged_cmd import vehicles_text
            from ironsworn.moves.starforged.vehicles import listing

            rows = [v for v in listing(session.state())["vehicles"] if v["name"] == name]
            shown = vehicles_text({"vehicles": rows, "modules": []})
            session.out.result(done.answer, shown, as_json=args.json)
            return
        session.out.result(done.answer, f"{name}: left behind", as_json=args.json)
        return
    session.report(done.result, args.json)


def _incidental(session: PlaySession) -> str:
    """The incidental vehicle ``/vehicle remove`` leaves behind, asked from those the party
    has (the one there is, taken); none: said in one line."""
    from ironsworn.cli.common import Missing, UsageError

    held = list(session.state().incidental)
    if not held:
        raise UsageError("/vehicle remove: the party has no incidental vehicle to leave behind")
    if len(held) == 1:
        return str(held[0])
    raise Missing(
        "/vehicle remove: which incidental vehicle is left behind?",
        "/vehicle remove: which incidental vehicle is left behind?",
        choices=[(str(n), "") for n in held],
        open_=False,
        dest="name",
    )


def track_line(track: dict[str, Any]) -> str:
    """A new track as a player reads it: its name, rank, kind and who holds it (a command
    names a track by its name, so its id stays in ``--json``)."""
    who = ", ".join(track["characters"])
    return f"{track['name']} ({track['rank']} {track['kind']}; {who})"


def sheet_change(kind: str) -> Runner:
    """``/adjust``, ``/debility``, ``/initiative`` and ``/progress``: the table's operations of
    the same names."""

    def run(session: PlaySession, words: list[str], _raw: str) -> None:
        if kind == "progress":
            from ironsworn.cli.play.slash import leading_words

            # A track's name needs no quotes: /progress mark Find the wolf.
            lead, options = leading_words(words)
            if len(lead) > 2:
                words = [lead[0], " ".join(lead[1:]), *options]
        args = session.parse(kind, words)
        inputs: dict[str, Any] = {"character": getattr(args, "character", None)}
        if kind == "adjust":
            inputs.update(meter=args.meter, delta=args.delta, vehicle=args.vehicle)
        elif kind == "debility":
            inputs.update(name=args.name, mark=args.action == "mark")
        elif kind == "initiative":
            inputs["value"] = " ".join(args.value)
        else:
            from ironsworn.cli.track_cmd import progress_amount

            del inputs["character"]  # progress is on the track, whoever holds it
            ticks, times = progress_amount(args)  # said with /progress's own options
            inputs.update(track=args.track, mark=args.action == "mark", ticks=ticks)
            inputs["times"] = None if args.times is None else times
        session.report(session.table(kind, inputs, command=kind).result, args.json)

    return run
