"""Play mode's character sheet and tracks: ``/sheet`` and ``/tracks`` (the command line's own
views), new vows, journeys and fights (Starforged: expeditions and connections), legacy ticks
and impacts, and changes by hand to meters, debilities, the
initiative and progress, each committed in its own transaction."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ironsworn.cli.common import parse_int

if TYPE_CHECKING:
    from ironsworn.cli.play.session import PlaySession
    from ironsworn.cli.play.slash import Runner


def sheet(session: PlaySession, words: list[str], _raw: str) -> None:
    session.run_cli(session.parse("sheet", words))


def tracks(session: PlaySession, words: list[str], _raw: str) -> None:
    session.run_cli(session.parse("track", ["list", *words]))


def new_track(kind: str) -> Runner:
    def run(session: PlaySession, words: list[str], _raw: str) -> None:
        from ironsworn.moves.sheet import SheetOperations

        given = words[1:] if words[:1] == ["new"] else words
        args = session.parse(kind, ["new", *given])
        if kind == "fight":
            count = parse_int(args.count, "--count", 1, 10)
            result = session.commit(
                lambda e: SheetOperations(e).new_track(
                    "fight", "", args.rank or "", args.character, foe=args.foe, count=count
                )
            )
        else:
            text = " ".join(args.text)
            role = getattr(args, "role", None)  # a Starforged connection's role
            result = session.commit(
                lambda e: SheetOperations(e).new_track(
                    kind, text, args.rank, args.character, role=role
                )
            )
        created = next(e for e in result.events if e["type"] == "track_created")
        track = dict(created["track"])
        line = track_line(track) + (f", {track['role']}" if track.get("role") else "")
        session.out.result(track, line, as_json=args.json)

    return run


def legacy(session: PlaySession, words: list[str], _raw: str) -> None:
    """``/legacy quests|bonds|discoveries --ticks N``: Starforged's legacy tracks by hand."""
    from ironsworn.moves.sheet import SheetOperations

    args = session.parse("legacy", words if words[:1] == ["mark"] else ["mark", *words])
    ticks = parse_int(args.ticks, "--ticks", 1, 40)
    session.report(
        session.commit(lambda e: SheetOperations(e).mark_legacy(args.character, args.track, ticks)),
        args.json,
    )


def impact(session: PlaySession, words: list[str], _raw: str) -> None:
    """``/impact mark|clear NAME``: a Starforged impact by hand."""
    from ironsworn.moves.sheet import SheetOperations

    args = session.parse("impact", words)
    name, mark = " ".join(args.name), args.action == "mark"
    session.report(
        session.commit(lambda e: SheetOperations(e).impact(args.character, name, mark)), args.json
    )


def track_line(track: dict[str, Any]) -> str:
    """A new track as a player reads it: its name, rank, kind and who holds it (a command
    names a track by its name, so its id stays in ``--json``)."""
    who = ", ".join(track["characters"])
    return f"{track['name']} ({track['rank']} {track['kind']}; {who})"


def sheet_change(kind: str) -> Runner:
    def run(session: PlaySession, words: list[str], _raw: str) -> None:
        from ironsworn.moves.sheet import SheetOperations

        args = session.parse(kind, words)
        if kind == "adjust":
            delta = parse_int(args.delta, "N", -50, 50)
            result = session.commit(
                lambda e: SheetOperations(e).adjust(
                    args.character, args.meter, delta, getattr(args, "vehicle", None)
                )
            )
        elif kind == "debility":
            mark = args.action == "mark"
            result = session.commit(
                lambda e: SheetOperations(e).debility(args.character, args.name, mark)
            )
        elif kind == "initiative":
            from ironsworn.moves.sheet import parse_initiative

            value = parse_initiative(" ".join(args.value))
            result = session.commit(lambda e: SheetOperations(e).initiative(args.character, value))
        else:
            from ironsworn.cli.track_cmd import progress_amount

            ticks, times = progress_amount(args)
            mark = args.action == "mark"
            result = session.commit(
                lambda e: SheetOperations(e).progress(args.track, mark, ticks, times)
            )
        session.report(result, args.json)

    return run
