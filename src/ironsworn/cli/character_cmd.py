"""Characters, sheets, manual changes and tracks: ``character``, ``sheet``, ``adjust``,
``debility``, ``progress``, ``vow``, ``journey``, ``fight``, ``track``."""

from __future__ import annotations

import argparse
from typing import Any

from ironsworn.cli.common import UsageError, campaign_options, common_options, emit, parse_int


def _parser(sub: Any, name: str, text: str) -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = campaign_options(
        common_options(sub.add_parser(name, help=text))
    )
    return parser


def register(sub: Any) -> None:
    register_world(sub)
    character = _parser(sub, "character", "create a character")
    character.add_argument("action", choices=["new"], help="new")
    character.add_argument("name", metavar="NAME")
    character.add_argument(
        "--stats",
        required=True,
        help="edge=3,heart=2,iron=2,shadow=1,wits=1 (3,2,2,1,1 in any order)",
    )
    character.add_argument("--bond", action="append", default=[], help="a bond (up to 3)")
    character.add_argument(
        "--asset",
        action="append",
        default=[],
        help="an asset id or name; NAME:N picks its starting ability when none is marked",
    )
    character.set_defaults(func=run_character)

    sheet = _parser(sub, "sheet", "show a character sheet")
    sheet.add_argument("--character", help="whose sheet (default: the only character)")
    sheet.set_defaults(func=run_sheet)

    adjust = _parser(sub, "adjust", "change a meter by hand")
    adjust.add_argument(
        "meter", metavar="METER", help="health, spirit, supply, momentum or experience"
    )
    adjust.add_argument("delta", metavar="N", help="+2, -1 ...")
    adjust.add_argument("--character")
    adjust.set_defaults(func=run_adjust)

    debility = _parser(sub, "debility", "mark or clear a debility")
    debility.add_argument("action", choices=["mark", "clear"])
    debility.add_argument("name", metavar="NAME")
    debility.add_argument("--character")
    debility.set_defaults(func=run_debility)

    progress = _parser(sub, "progress", "mark or clear progress on a track")
    progress.add_argument("action", choices=["mark", "clear"])
    progress.add_argument("track", metavar="TRACK", help="track id or text")
    progress.add_argument("--ticks", help="exact ticks (default: one mark by the track's rank)")
    progress.add_argument("--times", help="how many marks (default 1; not with --ticks)")
    progress.set_defaults(func=run_progress)

    for kind, text in (
        ("vow", "swear a vow (create its track)"),
        ("journey", "start a journey track"),
    ):
        p = _parser(sub, kind, text)
        p.add_argument("action", choices=["new"])
        p.add_argument("text", nargs="+", metavar="TEXT")
        p.add_argument(
            "--rank", required=True, help="troublesome, dangerous, formidable, extreme or epic"
        )
        p.add_argument(
            "--character",
            action="append",
            default=[],
            help="who shares the track (repeat; default: the only character)",
        )
        p.set_defaults(func=run_new_track, kind=kind)

    fight = _parser(sub, "fight", "start a fight track against a foe")
    fight.add_argument("action", choices=["new"])
    fight.add_argument("--foe", required=True, help="a foe's id or name, or your own text")
    fight.add_argument("--rank", help="rank (default: the foe's rank)")
    fight.add_argument("--count", default="1", help="foes in the pack (default 1)")
    fight.add_argument("--character", action="append", default=[])
    fight.set_defaults(func=run_fight)

    scene = _parser(sub, "scene", "start or resolve a scene challenge (chapter 7)")
    scene.add_argument("action", choices=["new", "resolve"])
    scene.add_argument("text", nargs="+", metavar="TEXT", help="new: the goal; resolve: track")
    scene.add_argument("--rank", help="new: the challenge's rank")
    scene.add_argument("--character", action="append", default=[])
    scene.add_argument("--dice", help="resolve: your challenge dice C1,C2")
    scene.add_argument("--seed", help="seed for reproducible random dice")
    scene.set_defaults(func=run_scene)

    track = _parser(sub, "track", "list progress tracks")
    track.add_argument("action", choices=["list"], nargs="?", default="list")
    track.add_argument("--all", action="store_true", help="include finished tracks")
    track.set_defaults(func=run_track_list)


def _sheet_text(sheet: dict[str, Any]) -> str:
    stats = "  ".join(f"{k} {v}" for k, v in sheet["stats"].items())
    debilities = ", ".join(sheet["debilities"]) or "none"
    xp = sheet["experience"]
    lines = [
        f"{sheet['name']}" + (f" ({sheet['status']})" if sheet["status"] != "active" else ""),
        f"  {stats}",
        f"  health {sheet['health']}  spirit {sheet['spirit']}  supply {sheet['supply']}  "
        f"momentum {sheet['momentum']:+d} (max {sheet['momentum_max']:+d}, reset "
        f"{sheet['momentum_reset']:+d})",
        f"  debilities: {debilities}",
        f"  experience {xp['earned']} earned, {xp['spent']} spent   bonds "
        f"{sheet['bonds']['ticks']} ticks"
        + (f" ({', '.join(sheet['bonds']['list'])})" if sheet["bonds"]["list"] else ""),
    ]
    for vow in sheet["vows"]:
        lines.append(f"  vow {vow['id']}: {vow['name']} ({vow['rank']}) {vow['ticks']} ticks")
    for asset in sheet["assets"]:
        marks = "".join("●" if a else "○" for a in asset["abilities"])
        meter = f" health {asset['meter']['value']}" if asset.get("meter") else ""
        lines.append(f"  asset {asset['name']} {marks}{meter}")
    if sheet["initiative"]:
        lines.append("  you have initiative")
    return "\n".join(lines)


def run_character(args: argparse.Namespace) -> int:
    from ironsworn.cli.session import write
    from ironsworn.moves.sheet import SheetOperations

    result = write(
        args,
        lambda e: SheetOperations(e).new_character(args.name, args.stats, args.bond, args.asset),
    )
    name = args.name.strip()

    def show() -> dict[str, Any]:
        from ironsworn.cli.session import read_state

        sheet: dict[str, Any] = read_state(args).sheet(name)
        return sheet

    sheet = show()
    emit(args, sheet, lambda: _sheet_text(sheet))
    del result
    return 0


def run_sheet(args: argparse.Namespace) -> int:
    from ironsworn.cli.session import read_state

    sheet = read_state(args).sheet(args.character)
    emit(args, sheet, lambda: _sheet_text(sheet))
    return 0


def run_adjust(args: argparse.Namespace) -> int:
    from ironsworn.cli.session import describe_result, write
    from ironsworn.moves.sheet import SheetOperations

    delta = parse_int(args.delta, "N", -50, 50)
    result = write(args, lambda e: SheetOperations(e).adjust(args.character, args.meter, delta))
    emit(args, result.to_json(), lambda: describe_result(result))
    return 0


def run_debility(args: argparse.Namespace) -> int:
    from ironsworn.cli.session import describe_result, write
    from ironsworn.moves.sheet import SheetOperations

    result = write(
        args,
        lambda e: SheetOperations(e).debility(args.character, args.name, args.action == "mark"),
    )
    emit(args, result.to_json(), lambda: describe_result(result))
    return 0


def run_progress(args: argparse.Namespace) -> int:
    from ironsworn.cli.session import describe_result, write
    from ironsworn.moves.sheet import SheetOperations

    ticks, times = progress_amount(args)
    result = write(
        args,
        lambda e: SheetOperations(e).progress(args.track, args.action == "mark", ticks, times),
    )
    emit(args, result.to_json(), lambda: describe_result(result))
    return 0


def progress_amount(args: argparse.Namespace) -> tuple[int | None, int]:
    """``--ticks`` (exact) or ``--times`` (marks by rank) of ``progress``; not both."""
    if args.ticks is not None and args.times is not None:
        raise UsageError(
            f"--ticks {args.ticks} and --times {args.times} cannot be combined (accepted: "
            "--ticks N for exact ticks, or --times N for N marks by the track's rank)"
        )
    ticks = None if args.ticks is None else parse_int(args.ticks, "--ticks", 0, 40)
    times = 1 if args.times is None else parse_int(args.times, "--times", 1, 10)
    return ticks, times


def _track_json(result: Any) -> dict[str, Any]:
    created = next(e for e in result.events if e["type"] == "track_created")
    track: dict[str, Any] = dict(created["track"])
    track["score"] = 0
    return track


def _track_text(track: dict[str, Any]) -> str:
    who = ", ".join(track["characters"])
    return f"{track['id']}: {track['name']} ({track['rank']} {track['kind']}; {who})"


def run_new_track(args: argparse.Namespace) -> int:
    from ironsworn.cli.session import write
    from ironsworn.moves.sheet import SheetOperations

    text = " ".join(args.text)
    result = write(
        args, lambda e: SheetOperations(e).new_track(args.kind, text, args.rank, args.character)
    )
    track = _track_json(result)
    emit(args, track, lambda: _track_text(track))
    return 0


def run_fight(args: argparse.Namespace) -> int:
    from ironsworn.cli.session import write
    from ironsworn.moves.sheet import SheetOperations

    count = parse_int(args.count, "--count", 1, 10)
    result = write(
        args,
        lambda e: SheetOperations(e).new_track(
            "fight", "", args.rank or "", args.character, foe=args.foe, count=count
        ),
    )
    track = _track_json(result)
    emit(args, track, lambda: _track_text(track))
    return 0


def run_track_list(args: argparse.Namespace) -> int:
    from ironsworn.cli.session import read_state

    state = read_state(args)
    tracks = [t.summary() for t in state.tracks.values() if args.all or t.status == "active"]

    def text() -> str:
        if not tracks:
            return "no tracks"
        return "\n".join(
            f"{t['id']:<12} {t['kind']:<8} {t['rank']:<12} {t['ticks']:>2} ticks "
            f"(score {t['score']})  {t['name']}"
            + ("" if t["status"] == "active" else f" [{t['status']}]")
            for t in tracks
        )

    emit(args, tracks, text)
    return 0


def run_scene(args: argparse.Namespace) -> int:
    from ironsworn.cli.session import describe_result, write
    from ironsworn.moves.scene import resolve_scene
    from ironsworn.moves.sheet import SheetOperations

    text = " ".join(args.text)
    if args.action == "new":
        if not args.rank:
            raise UsageError("scene new needs --rank (troublesome ... epic)")
        if args.seed is not None:
            raise UsageError(f"scene new rolls no dice: --seed {args.seed!r} is for scene resolve")
        result = write(
            args, lambda e: SheetOperations(e).new_track("scene", text, args.rank, args.character)
        )
        track = _track_json(result)
        track["countdown"] = 0
        emit(args, track, lambda: _track_text(track) + ", countdown 0/4")
        return 0
    if args.rank is not None:
        raise UsageError(
            f"scene resolve takes no --rank (got {args.rank!r}): the scene's rank was set by "
            "scene new"
        )
    if len(args.character) > 1:
        raise UsageError(
            f"scene resolve takes one --character (got {', '.join(args.character)}): the one "
            "who makes the progress roll"
        )
    who = args.character[0] if args.character else None
    result = write(args, lambda e: resolve_scene(e, text, who))
    emit(args, result.to_json(), lambda: describe_result(result))
    return 0


def register_world(sub: Any) -> None:
    """``person``, ``place``, ``note``, ``equipment`` and ``party``."""
    equipment = _parser(sub, "equipment", "note or strike out equipment on the sheet")
    equipment.add_argument("action", choices=["add", "remove"])
    equipment.add_argument("item", nargs="+", metavar="ITEM")
    equipment.add_argument("--character")
    equipment.set_defaults(func=run_equipment)
    party = _parser(sub, "party", "travel together (one shared supply) or apart")
    party.add_argument("action", choices=["together", "apart"])
    party.set_defaults(func=run_party)
    person = _parser(sub, "person", "people met in the story (NPCs)")
    person.add_argument("action", choices=["add", "list"])
    person.add_argument("name", nargs="*", metavar="NAME")
    person.add_argument("--description", default="", help="who they are")
    person.add_argument("--place", help="where they are found")
    person.set_defaults(func=run_world, kind="person")
    place = _parser(sub, "place", "places of the story")
    place.add_argument("action", choices=["add", "list"])
    place.add_argument("name", nargs="*", metavar="NAME")
    place.add_argument("--description", default="")
    place.add_argument("--region", help="one of the rulebook's regions")
    place.set_defaults(func=run_world, kind="place")
    note = _parser(sub, "note", "free notes (apart from the journal)")
    note.add_argument("action", choices=["add", "list"])
    note.add_argument("name", nargs="*", metavar="TEXT")
    note.add_argument("--character")
    note.set_defaults(func=run_world, kind="note")


def run_world(args: argparse.Namespace) -> int:
    from ironsworn.cli.session import describe_result, read_state, write
    from ironsworn.moves.sheet import SheetOperations

    text = " ".join(args.name)
    if args.action == "list":
        given = [
            flag
            for flag, value in (
                (repr(text), text),
                ("--description", getattr(args, "description", "")),
                ("--place", getattr(args, "place", None)),
                ("--region", getattr(args, "region", None)),
                ("--character", getattr(args, "character", None)),
            )
            if value
        ]
        if given:
            raise UsageError(f"{args.kind} list takes no {given[0]} (accepted: --json, --campaign)")
        state = read_state(args)
        rows: list[dict[str, Any]]
        if args.kind == "person":
            rows = [state.person_sheet(n) for n in state.people]
            lines = [
                f"{r['name']}"
                + (f" — {r['description']}" if r["description"] else "")
                + (f" (bond: {', '.join(r['bonds'])})" if r["bonds"] else "")
                for r in rows
            ]
        elif args.kind == "place":
            rows = list(state.places.values())
            lines = [
                f"{r['name']}" + (f" — {r['description']}" if r["description"] else "")
                for r in rows
            ]
        else:
            rows = list(state.notes)
            lines = [f"- {r['text']}" for r in rows]
        emit(args, rows, lambda: "\n".join(lines) or f"no {args.kind}s yet")
        return 0
    if not text:
        raise UsageError(f"{args.kind} add needs a {'text' if args.kind == 'note' else 'name'}")

    def body(engine: Any) -> Any:
        ops = SheetOperations(engine)
        if args.kind == "person":
            return ops.add_person(text, args.description, args.place)
        if args.kind == "place":
            return ops.add_place(text, args.description, args.region)
        return ops.add_note(text, args.character)

    result = write(args, body)
    emit(
        args,
        [e for e in result.events if e["type"] != "packs"],
        lambda: describe_result(result) if result.effects else f"{args.kind} added",
    )
    return 0


def run_equipment(args: argparse.Namespace) -> int:
    from ironsworn.cli.session import read_state, write
    from ironsworn.moves.sheet import SheetOperations

    item = " ".join(args.item)
    write(args, lambda e: SheetOperations(e).equipment(args.character, item, args.action == "add"))
    sheet = read_state(args).sheet(args.character)
    emit(
        args, sheet["equipment"], lambda: "equipment: " + (", ".join(sheet["equipment"]) or "none")
    )
    return 0


def run_party(args: argparse.Namespace) -> int:
    from ironsworn.cli.session import write
    from ironsworn.moves.sheet import SheetOperations

    together = args.action == "together"
    write(args, lambda e: SheetOperations(e).share_supply(together))
    emit(
        args,
        {"shared_supply": together},
        "the party travels together: one supply for all"
        if together
        else "the characters travel apart: each keeps their own supply",
    )
    return 0
