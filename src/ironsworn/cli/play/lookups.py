"""Looking things up without leaving play mode: foes, assets, search, people, places, export.

Each is the command line's own command run on the session's campaign (``/npc bear`` is
``ironsworn npc show bear``, ``/search wyvern`` is ``ironsworn search wyvern``); the words of a
name need no quotes. ``/person`` and ``/place`` list what the campaign holds, show one by
name, or add one (``/person add Elda --description "the healer"``), committed like any change.
``/journal`` with no text lists the recent entries.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ironsworn.cli.common import Missing, UsageError

if TYPE_CHECKING:
    from ironsworn.cli.play.session import PlaySession

RECENT_ENTRIES = "10"  # /journal and the recap show the last few, not a long campaign's all


ASSET_READS = ("fits", "upgrades")  # ``/asset fits face danger``: read as on the command line
ASSET_CHANGES = ("mark", "unmark", "track", "use")  # committed on the session's campaign


def content(command: str) -> Callable[[PlaySession, list[str], str], None]:
    """``/npc`` and ``/asset``: list them, or show one (``show`` may be left out); ``/asset``
    also does what ``ironsworn asset`` does to a character's cards (fits, upgrades, mark,
    unmark, track, use)."""

    def run(session: PlaySession, words: list[str], _raw: str) -> None:
        if command == "asset" and words and words[0] in ASSET_READS:
            args = session.parse(command, words)
            args.buying = "/asset list shows the cards, /move advance buys one"
            session.run_cli(args)
            return
        if command == "asset" and words and words[0] in ASSET_CHANGES:
            _asset_change(session, words)
            return
        if not words or words[0] == "list":
            session.run_cli(session.parse(command, ["list", *words[1:]]))
            return
        given = words[1:] if words[0] == "show" else words
        if not given or given[0].startswith("-"):
            raise Missing(
                f"/{command} needs a name: /{command} NAME (or /{command} list)",
                f"/{command}: which one? (its name; /{command} list lists them)",
            )
        session.run_cli(session.parse(command, ["show", *given]))

    return run


def _asset_change(session: PlaySession, words: list[str]) -> None:
    """``/asset mark ace 2``, ``/asset track rockhorn health 3``, ``/asset use NAME N``: the
    command line's arguments, run as the table's ``asset_mark``, ``asset_track`` and
    ``asset_use`` on the session's campaign."""
    args = session.parse("asset", words)
    inputs: dict[str, Any] = {"asset": args.asset, "character": args.character}
    if args.action == "track":
        if len(args.words) > 2:
            raise UsageError(f"/asset track: {' '.join(args.words)!r} is not [TRACK] VALUE")
        inputs.update(track=args.words[0] if len(args.words) == 2 else None, value=args.words[-1])
        name = "asset_track"
    else:
        inputs["ability"] = args.ability
        if args.action == "use":
            name = "asset_use"
        else:
            name, inputs["mark"] = "asset_mark", args.action == "mark"
    done = session.table(name, inputs, command="asset", names=ASSET_WORDS)
    session.report(done.result, args.json)


# The words of ``/asset`` for the inputs it takes as words (its actions have their own parsers).
ASSET_WORDS = {"asset": "ASSET", "ability": "N", "value": "VALUE", "track": "TRACK"}


def search(session: PlaySession, words: list[str], _raw: str) -> None:
    if not words:
        raise Missing("/search needs some words: /search wyvern", "/search: what for? (words)")
    session.run_cli(session.parse("search", words))


TRUTH_CHOICES = ("roll", "open")  # beside a category's own option keys (1, 2, 3)


def truth(session: PlaySession, words: list[str], _raw: str) -> None:
    """``/truth``: every truth category of the campaign's world, set or open; ``/truth NAME
    OPTION`` sets one (an option's key, roll or open), as ``ironsworn world truth`` does. The
    walkthrough's truths left open are set here later in the story."""
    from ironsworn.cli.world_cmd import truth_set_text
    from ironsworn.errors import NotFound

    state = session.state()
    categories = session.library.in_ruleset("truths", state.ruleset)
    flags = [w for w in words if w.startswith("-")]
    named = [w for w in words if not w.startswith("-")]
    # The command line's own words read the same (/truth truths, /truth truth iron 2).
    setting = named[:1] == ["truth"]
    if named[:1] in (["truth"], ["truths"], ["list"]):
        named = named[1:]
    if not named and setting:
        raise Missing(
            "/truth needs a truth category: " + ", ".join(c.name for c in categories.values()),
            "/truth: which truth of your world?",
            choices=[(c.name, "") for c in categories.values()],
        )
    if not named:
        lines = []
        for truth_id, category in categories.items():
            held = state.truths.get(truth_id)
            said = f"{held['key']}. {held['summary']}" if held else "open"
            lines.append(f"{category.name}: {said}")
        rows = [
            {"truth": k, "name": c.name, **state.truths.get(k, {})} for k, c in categories.items()
        ]
        text = "\n".join(lines) or "this campaign's world has no truths"
        session.out.result(rows, text, as_json="--json" in flags)
        return
    # The last word is the option when it is one (/truth the old world 2); else all of them
    # name the category, and its option is asked.
    option: str | None = None
    try:
        category = session.library.truth(" ".join(named))
    except NotFound:
        if len(named) < 2:
            raise
        category = session.library.truth(" ".join(named[:-1]))  # (still unknown: refused)
        option = named[-1].lower()
        if option not in TRUTH_CHOICES and option not in {o.key for o in category.options}:
            accepted = ", ".join([o.key for o in category.options] + list(TRUTH_CHOICES))
            raise UsageError(
                f"/truth: {category.name} has no option {named[-1]!r} (accepted: {accepted})"
            ) from None
    if option is None:
        raise Missing(
            f"/truth {category.name} needs an option: "
            + ", ".join([o.key for o in category.options] + list(TRUTH_CHOICES)),
            f"/truth: {category.name}, which option?",
            choices=[(o.key, o.summary) for o in category.options]
            + [("roll", "leave it to the dice"), ("open", "leave it open")],
        )
    args = session.parse("world", ["truth", category.id, option, *flags])
    given = {"truth": args.truth, "option": args.option, "seed": args.seed}
    done = session.table(
        "truth", given, command="world", names={"truth": "TRUTH", "option": "OPTION"}
    )
    event = done.result.events[0]
    session.out.result(event["to"], truth_set_text(event), as_json=args.json)


def export(session: PlaySession, words: list[str], _raw: str) -> None:
    if not words:
        raise Missing(
            "/export needs a format: /export markdown [-o FILE] (or json), /export iron-vault DIR",
            "/export: in which format?",
            choices=[
                ("markdown", "markdown: the journal and sheets to read"),
                ("json", "json: the whole campaign, to import again"),
                ("iron-vault", "iron-vault: a folder of Iron Vault notes"),
            ],
        )
    session.run_cli(session.parse("export", words))


def journal(session: PlaySession, words: list[str], raw: str) -> None:
    """``/journal TEXT`` writes; ``/journal`` alone lists the recent entries (``--limit N``,
    ``--character NAME`` and ``--json`` read as ``ironsworn journal`` does); ``/journal edit
    N TEXT`` and ``/journal delete N`` change entry #N (an entry's number after the word: a
    line such as "edit the map" is still written as text)."""
    parts = raw.split(maxsplit=2)
    if len(parts) >= 2 and parts[0] in ("edit", "delete") and parts[1].lstrip("#").isdigit():
        _change_entry(session, parts)
        return
    if parts in (["edit"], ["delete"]):
        # The word alone is the change, not an entry's text: which entry is asked.
        raise Missing(
            f"/journal {parts[0]} needs the entry's number: /journal {parts[0]} 12",
            f"/journal {parts[0]}: which entry? (its number, as /journal lists them)",
        )
    if raw and not raw.startswith("--"):
        session.journal(raw)
        return
    args = session.parse("journal", words)
    if args.limit is None:
        args.limit = RECENT_ENTRIES
    session.run_cli(args)


def _change_entry(session: PlaySession, parts: list[str]) -> None:
    """``/journal edit N TEXT`` and ``/journal delete N``: the table's ``journal_edit`` and
    ``journal_delete`` operations."""
    from ironsworn.campaign.journal_edits import parse_entry
    from ironsworn.cli.common import table_call

    action, seq = parts[0], parse_entry(parts[1])
    rest = parts[2] if len(parts) > 2 else ""
    names = {"entry": "the entry's number", "text": "the new text"}
    if action == "edit":
        if not rest.strip():
            raise Missing(
                f"/journal edit {seq} needs the new text: /journal edit {seq} TEXT",
                f"/journal edit {seq}: its new text",
            )
        answer = table_call(session.store, "journal_edit", {"entry": seq, "text": rest}, names)
        done = "edited"
    else:
        if rest.strip():
            raise UsageError(f"/journal delete takes only the entry's number (got {rest!r})")
        answer = table_call(session.store, "journal_delete", {"entry": seq}, names)
        done = "deleted"
    session.out.result(answer[done], f"journal #{seq} {done} (/undo takes it back)")


# /homebrew new or reskin alone: what each asks next (in a script, the one line).
HOMEBREW_ASKS = {
    "new": ("a name for the new asset", "the new asset's name"),
    "reskin": ("the asset card to reskin", "which asset card do you reskin? (its name)"),
}


def homebrew(session: PlaySession, words: list[str], _raw: str) -> None:
    """``/homebrew new NAME --ability ...`` and ``/homebrew reskin ASSET --name ...``, as the
    command line's ``homebrew`` (the rulebook's "Tweaking assets"): the table's
    ``homebrew_new`` or ``homebrew_reskin``."""
    from ironsworn.cli.setup_cmd import homebrew_args, homebrew_words

    if not words:
        raise Missing(
            "/homebrew needs new or reskin: /homebrew new NAME --ability PATTERN:MOVES:DETAIL, "
            "/homebrew reskin ASSET --name NEW",
            "/homebrew: a new asset, or a card reskinned?",
            choices=[("new", "new: an asset of your own"), ("reskin", "reskin: a card renamed")],
        )
    if len(words) == 1 and words[0] in HOMEBREW_ASKS:
        # The one word: what it takes next, asked of that word (the parser's help says both).
        what = words[0]
        raise Missing(
            f"/homebrew {what} needs {HOMEBREW_ASKS[what][0]}",
            f"/homebrew {what}: {HOMEBREW_ASKS[what][1]}",
            dest="asset",
        )
    args = session.parse("homebrew", words)
    name, given = homebrew_args(args)
    done = session.table(name, given, command="homebrew", names=homebrew_words(name))
    session.report(done.result, args.json)


def world(kind: str) -> Callable[[PlaySession, list[str], str], None]:
    """``/person`` and ``/place``: list, show one by name, or add one."""

    def run(session: PlaySession, words: list[str], _raw: str) -> None:
        if not words or words == ["list"]:
            session.run_cli(session.parse(kind, ["list"]))
            return
        if words[0] == "add":
            _add(session, kind, words)
            return
        name = " ".join(w for w in words if not w.startswith("-"))
        _show(session, kind, name)

    return run


def _add(session: PlaySession, kind: str, words: list[str]) -> None:
    """``/person add NAME`` and ``/place add NAME``: the table's ``person`` and ``place``."""
    from ironsworn.cli.session import describe_result

    args = session.parse(kind, words)
    name = " ".join(args.name)
    if not name:
        raise Missing(
            f"/{kind} add needs a name: /{kind} add NAME [--description TEXT]",
            f"/{kind} add: " + ("their name" if kind == "person" else "its name"),
        )
    inputs = {"name": name, "description": args.description or None}
    inputs["place" if kind == "person" else "region"] = (
        args.place if kind == "person" else args.region
    )
    done = session.table(kind, inputs, command=kind)
    result = done.result
    session.out.result(
        done.answer,
        describe_result(result) if result.effects else f"{kind} added: {name}",
        as_json=args.json,
    )


def _show(session: PlaySession, kind: str, name: str) -> None:
    from ironsworn.errors import NotFound

    state = session.state()
    pool = state.people if kind == "person" else state.places
    key = name.lower()
    found = [n for n in pool if n.lower() == key] or [n for n in pool if key in n.lower()]
    if len(found) != 1:
        what = "ambiguous" if found else "unknown"
        raise NotFound(f"{kind} {name!r} is {what}", tuple(found or pool)[:5])
    if kind == "person":
        person = state.person_sheet(found[0])
        lines = [person["name"] + (f" — {person['description']}" if person["description"] else "")]
        if person.get("place"):
            lines.append(f"  found at: {person['place']}")
        if person["bonds"]:
            lines.append(f"  bond: {', '.join(person['bonds'])}")
        session.out.result(person, "\n".join(lines))
        return
    place = dict(state.places[found[0]])
    lines = [place["name"] + (f" — {place['description']}" if place.get("description") else "")]
    if place.get("region"):
        lines.append(f"  region: {place['region']}")
    session.out.result(place, "\n".join(lines))
