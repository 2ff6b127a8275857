"""Progress tracks: ``vow``, ``journey``, ``fight``, ``scene`` (chapter 7), ``progress`` and
``track list``."""

from __future__ import annotations

import argparse
from typing import Any

from ironsworn.cli.common import (
    RANKS,
    SHARED,
    JoinWords,
    Missing,
    UsageError,
    campaign_command,
    emit,
    filled,
    parse_int,
    plain,
)


def register(sub: Any) -> None:
    progress = campaign_command(sub, "progress", "mark or clear progress on a track")
    progress.add_argument("action", choices=["mark", "clear"])
    progress.add_argument("track", metavar="TRACK", help="track id or text")
    progress.add_argument("--ticks", help="exact ticks (default: one mark by the track's rank)")
    progress.add_argument("--times", help="how many marks (default 1; not with --ticks)")
    progress.set_defaults(func=run_progress)

    for kind, text in (
        ("vow", "swear a vow (create its track)"),
        ("journey", "start a journey track"),
    ):
        p = campaign_command(sub, kind, text)
        p.add_argument("action", choices=["new"])
        p.add_argument(
            "text",
            nargs="+",
            metavar="TEXT",
            help="the vow, in your words" if kind == "vow" else "where to, in your words",
        )
        p.add_argument(
            "--rank",
            required=kind != "vow",
            help="troublesome, dangerous, formidable, extreme or epic"
            + (" (in one-shot play: the session's rank by default)" if kind == "vow" else ""),
        )
        if kind == "vow":
            p.add_argument(
                "--background",
                action="store_true",
                help="the background vow: extreme or epic, no Swear an Iron Vow roll",
            )
        p.add_argument(
            "--character",
            action="append",
            default=[],
            help="who shares the track (repeat; default: the only character, or the only one "
            "still playing)",
        )
        p.set_defaults(func=run_new_track, kind=kind)

    fight = campaign_command(sub, "fight", "start a fight track against a foe")
    fight.add_argument("action", choices=["new"])
    # The foe as the command's words ('fight new drift pirate', as 'vow new' takes the vow's)
    # or --foe; asked for when neither is given (foe_of).
    fight.add_argument(
        "words", nargs="*", metavar="FOE", help="the foe, as --foe gives it (one or the other)"
    )
    # (a foe's name of several words, "drift pirate", needs no quotes in play mode)
    fight.add_argument(
        "--foe",
        nargs="+",
        action=JoinWords,
        help=FOE_HELP,
    )
    fight.add_argument("--rank", help="rank (default: the foe's rank)")
    fight.add_argument("--count", default="1", help="foes in the pack (default 1)")
    fight.add_argument("--character", action="append", default=[], help=SHARED)
    fight.set_defaults(func=run_fight)

    scene = campaign_command(sub, "scene", "start or resolve a scene challenge (chapter 7)")
    scene.add_argument("action", choices=["new", "resolve"])
    scene.add_argument("text", nargs="+", metavar="TEXT", help="new: the goal; resolve: track")
    scene.add_argument("--rank", help="new: the challenge's rank")
    scene.add_argument("--character", action="append", default=[], help=SHARED)
    scene.add_argument("--dice", help="resolve: your challenge dice C1,C2")
    scene.add_argument("--seed", help="seed for reproducible random dice")
    scene.set_defaults(func=run_scene)

    track = campaign_command(sub, "track", "list progress tracks")
    track.add_argument("action", choices=["list"], nargs="?", default="list")
    track.add_argument("--all", action="store_true", help="include finished tracks")
    track.set_defaults(func=run_track_list)


def run_progress(args: argparse.Namespace) -> int:
    from ironsworn.cli.session import describe_result, table_write

    ticks, times = progress_amount(args)
    given = {
        "track": args.track,
        "mark": args.action == "mark",
        "ticks": ticks,
        "times": None if args.times is None else times,  # (one mark by rank, by default)
    }
    (result,) = table_write(args, "progress", given, {"track": "TRACK"})
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


# The track operation's inputs that the track commands take by other words.
TRACK_WORDS = {"text": "TEXT", "characters": "--character"}


def new_track(args: argparse.Namespace, kind: str, given: dict[str, Any]) -> Any:
    """The table's ``track`` operation for a new track of ``kind``: the engine's result."""
    from ironsworn.cli.session import table_write

    sent = {"kind": kind, "rank": args.rank or None, "characters": args.character or None}
    (result,) = table_write(args, "track", {**sent, **given}, TRACK_WORDS)
    return result


def track_text_of(args: argparse.Namespace) -> str:
    """The track's words (``vow new WORDS``): refused when blank, as the engine does."""
    return filled(" ".join(args.text), "track name", "some text")


def run_new_track(args: argparse.Namespace) -> int:
    background = bool(getattr(args, "background", False))
    given = {"text": track_text_of(args), "background": background or None}
    result = new_track(args, args.kind, given)
    track = _track_json(result)
    notes = [plain(note) for note in result.notes]  # no rulebook line citations on screen
    emit(args, track, lambda: "\n".join([_track_text(track), *notes]))
    return 0


FOE_HELP = "a foe's id or name, or your own text"


def foe_of(args: argparse.Namespace, command: str = "fight new") -> str:
    """The foe a fight is started against: its words or ``--foe`` (one of them), else
    asked for as a required --foe is (at a terminal; a script is told the flag)."""
    words = " ".join(args.words).strip()
    if words and args.foe:
        raise UsageError(
            f"{command}: the foe is given twice, {words!r} and --foe {args.foe!r} (accepted: "
            "one of them)"
        )
    if not words and not args.foe:
        raise Missing(
            f"{command} needs its foe: {command} FOE, or --foe FOE ({FOE_HELP})",
            f"{command}: {FOE_HELP}",
            flag="--foe",
            dest="foe",
        )
    return words or str(args.foe)


def run_fight(args: argparse.Namespace) -> int:
    count = parse_int(args.count, "--count", 1, 10)
    result = new_track(args, "fight", {"foe": foe_of(args), "count": count})
    track = _track_json(result)
    emit(args, track, lambda: _track_text(track))
    return 0


def run_track_list(args: argparse.Namespace) -> int:
    from ironsworn.cli.session import read_state

    state = read_state(args)
    tracks = [t.summary() for t in state.tracks.values() if args.all or t.status == "active"]

    def text() -> str:
        from ironsworn.cli.sheet_text import tracks_text, unicode_ok

        return tracks_text(tracks, unicode_ok())

    emit(args, tracks, text)
    return 0


# The scene_resolve operation's inputs that ``scene resolve`` takes by other words.
SCENE_WORDS = {"track": "TEXT", "character": "--character"}


def run_scene(args: argparse.Namespace) -> int:
    from ironsworn.cli.session import describe_result, table_write

    text = " ".join(args.text)
    if args.action == "new":
        if not args.rank:
            raise Missing(
                "scene new needs --rank (troublesome ... epic)",
                "What is the scene challenge's rank?",
                flag="--rank",
                choices=[(r, r) for r in RANKS],
            )
        if args.seed is not None:
            raise UsageError(f"scene new rolls no dice: --seed {args.seed!r} is for scene resolve")
        result = new_track(args, "scene", {"text": track_text_of(args)})
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
    (result,) = table_write(args, "scene_resolve", {"track": text, "character": who}, SCENE_WORDS)
    emit(args, result.to_json(), lambda: describe_result(result))
    return 0
