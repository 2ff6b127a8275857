"""The first-run walkthrough: make a character, swear the first vows, set the world's truths.

The steps follow the rulebook's character creation:

0. on a new, empty campaign the name question also takes ``starforged``: the campaign then
   plays Starforged (fixed from then on) and the name is asked again;
1. a name;
2. stats: 3, 2, 2, 1, 1 given to edge, heart, iron, shadow and wits;
3. up to three bonds (Starforged: no bonds; the name of the party's STARSHIP instead, when the
   party has no ship yet: every Starforged character starts with that card);
4. three assets, each with its starting ability, its name (a companion's) and its choices,
   from the campaign's deck (``list``, ``list companion``, ``list WORDS`` and ``show NAME``
   read the cards on the way); Starforged: two paths, then a final asset (a path, companion,
   module or support vehicle);
5. a background vow (extreme or epic);
6. the inciting incident, a vow (troublesome, dangerous or formidable);
7. the truths of the world, chosen or rolled for each category (first run only), recorded as
   one journal entry;
8. the offer to Swear an Iron Vow on the inciting incident now (the move and its roll).

The campaign's options (chapter 7, ``/option``) shape the walkthrough: with ``semi_random`` the
stats, assets, background vow, a bond and the inciting incident come from the dice (the player
ranks the stats and keeps three of five cards drawn); in one-shot play there are no background
vow and bonds, and the vow's rank defaults to the session's; the background vow is marked as
such (extreme or epic, no roll).

Each step is committed as soon as it is answered (the character once its bonds are known, each
vow when sworn), so leaving half-way keeps what was done. A bad answer prints one line and the
question comes again. ``/skip`` skips the current step (at the name or stats: the character),
``/quit`` leaves, ``/help`` explains. At the name question any other slash command ends the
walkthrough and runs, so a script can use a campaign without making a character first.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Sequence
from functools import partial
from typing import TYPE_CHECKING, Any, TypeVar

from ironsworn.errors import InvalidValue, IronswornError

if TYPE_CHECKING:
    from ironsworn.cli.play.session import PlaySession
    from ironsworn.content.model import Truth, TruthOption

T = TypeVar("T")

STAT_ORDER = ("edge", "heart", "iron", "shadow", "wits")
BACKGROUND_RANKS = ("extreme", "epic")
INCITING_RANKS = ("troublesome", "dangerous", "formidable")
MAX_BONDS = 3

HELP = (
    "Answer the question on the line. /skip skips this step, /quit leaves (what is done is "
    "saved), Ctrl-C clears the line."
)


class SkipStep(Exception):
    """``/skip`` was typed: leave out the current step."""


class CommandInstead(Exception):
    """A slash command was typed at the first question: run it instead of the walkthrough."""

    def __init__(self, line: str) -> None:
        super().__init__(line)
        self.line = line


def walkthrough(session: PlaySession, first: bool = True) -> str | None:
    """Walk through making a character; returns a command line to run next, if one was typed.

    Raises :class:`~ironsworn.cli.play.session.QuitPlay` on ``/quit`` and :class:`EOFError`
    at the end of input; what was committed before stays.
    """
    say = session.out.say
    if first:
        say(
            "This campaign has no character yet: let's make one. "
            "(/skip plays without one, /quit leaves, /help explains; /option sets the "
            "rulebook's campaign options first.)"
        )
    else:
        say("A new character. (/skip stops, /quit leaves.)")
    try:
        if first:
            name = _ruleset(session)
        else:
            name = ask(session, "Name:", lambda text: _name(session, text), commands_end=True)
        options = session.state()  # as set before the name (/option)
        one_shot = options.option("one_shot")
        if options.option("semi_random") and options.ruleset != "starforged":
            from ironsworn.cli.play.creation_options import first_role, semi_random

            created = semi_random(session, name)
            first_role(session, created)
            return _after_character(session, created, first, None, one_shot, background=False)
        stats = ask(
            session,
            "Stats: give edge, heart, iron, shadow and wits the values 3, 2, 2, 1, 1 "
            "(e.g. '3 2 2 1 1' in that order, or 'wits=3,edge=2,heart=2,iron=1,shadow=1'):",
            parse_stats_answer,
        )
    except CommandInstead as typed:
        say("character creation skipped: /character starts it")
        return typed.line
    except SkipStep:
        say("character creation skipped: /character starts it")
        return None
    starforged = session.state().ruleset == "starforged"
    bonds = [] if one_shot or starforged else _bonds(session)
    with_cards = options.option("assets") in (None, "cards")
    starship = _starship(session) if starforged and with_cards else None
    cards = _assets(session) if with_cards else []
    created = _create(session, name, stats, bonds, cards, starship)
    if starforged:
        _vehicle(session)
    from ironsworn.cli.play.creation_options import first_role

    first_role(session, created)
    return _after_character(session, created, first, None, one_shot, background=not one_shot)


def _after_character(
    session: PlaySession,
    created: str,
    first: bool,
    incident: dict[str, Any] | None,
    one_shot: Any,
    *,
    background: bool,
) -> str | None:
    """The vows, the world's truths and the offer to swear (after the character is made)."""
    say = session.out.say
    if not first and session.acting is None and len(session.state().characters) > 1:
        # Several characters now: the one just made acts (the prompt names who), not nobody.
        session.acting = created
        say(f"now acting as {created} (/as NAME switches)")
    if background:
        with contextlib.suppress(SkipStep):
            _vow(
                session,
                created,
                "Background vow: the long-term goal that drives you (empty line: skip)",
                BACKGROUND_RANKS,
                "epic",
                background=True,
            )
    default = {"short": "troublesome", "long": "dangerous"}.get(str(one_shot), "dangerous")
    with contextlib.suppress(SkipStep):
        incident = _vow(
            session,
            created,
            "Inciting incident: the problem you face now, sworn as a vow (empty line: skip)",
            INCITING_RANKS,
            default,
        )
    if first:
        _truths(session)
    if incident is not None:
        _offer_to_swear(session, created, incident)
    else:
        say(BEGINS)
    return None


# Said once the offer to swear is answered, before the move is made: a decision the move
# leaves is then the last thing shown before its prompt (not "type what happens" above a
# numbered menu), and the offer's question is not read as the story's first prompt (a new
# player typed their first scene to the "[Y/n]" and was refused).
BEGINS = "Your story begins: type what happens; /help lists the commands."


def ask(
    session: PlaySession,
    question: str,
    parse: Callable[[str], T],
    words: Sequence[str] = (),
    *,
    commands_end: bool = False,
) -> T:
    """Ask until ``parse`` accepts the answer (its IronswornError is shown, one line)."""
    from ironsworn.cli.play.session import QuitPlay

    while True:
        answer = session.ask(question, words)
        if answer.startswith("/"):
            word = answer[1:].split()[0].lower() if answer[1:].strip() else ""
            if word in ("quit", "exit", "q"):
                raise QuitPlay
            if word == "skip":
                raise SkipStep
            if word in ("help", "?"):
                session.out.say(HELP)
                continue
            if word == "option":
                # The campaign's options are set before the character (they shape the steps).
                from ironsworn.cli.play.commands import SLASH_COMMANDS

                try:
                    SLASH_COMMANDS.run(session, answer)
                except IronswornError as exc:
                    session.out.error(str(exc))
                continue
            if commands_end:
                raise CommandInstead(answer)
            session.out.error(f"/{word}: answer the question first (or /skip this step)")
            continue
        try:
            return parse(answer)
        except IronswornError as exc:
            session.out.error(str(exc))


# ----------------------------------------------------------------------------- answers


def _name(session: PlaySession, text: str) -> str:
    name = text.strip()
    if not name or len(name) > 60:
        raise InvalidValue(f"name {text!r} is not valid (1-60 characters)")
    if any(known.lower() == name.lower() for known in session.state().characters):
        raise InvalidValue(f"a character named {name!r} already exists")
    return name


def parse_stats_answer(text: str) -> dict[str, int]:
    """``3 2 2 1 1`` (edge, heart, iron, shadow, wits) or ``edge=3,heart=2,...``; checked."""
    from ironsworn.moves.sheet import parse_stats

    if "=" in text or any(c.isalpha() for c in text):
        return parse_stats(text)  # (names with their values: "edge 3 heart 2 ...")
    values = text.replace(",", " ").split()
    if len(values) != len(STAT_ORDER):
        raise InvalidValue(
            f"stats {text!r}: give five values for {', '.join(STAT_ORDER)} "
            "(3, 2, 2, 1, 1 in any order)"
        )
    numbers: list[int] = []
    for value in values:
        try:
            numbers.append(int(value))
        except ValueError:
            raise InvalidValue(f"stat value {value!r} is not a whole number") from None
    return parse_stats(dict(zip(STAT_ORDER, numbers, strict=True)))


def _rank(text: str, allowed: Sequence[str], default: str) -> str:
    from ironsworn.ranks import Rank

    word = text.strip().lower()
    if not word:
        return default
    starting = [rank for rank in allowed if rank.startswith(word)]
    if len(starting) == 1:
        return starting[0]  # "ext" is as clear as "extreme"
    try:
        label = Rank.parse(word).label
    except InvalidValue:
        label = ""  # not a rank at all: said with the ranks this question takes
    if label not in allowed:
        raise InvalidValue(f"rank {text!r} is not allowed here (accepted: {', '.join(allowed)})")
    return label


def yes_no(default: bool) -> Callable[[str], bool]:
    def parse(text: str) -> bool:
        word = text.strip().lower()
        if not word:
            return default
        if word in ("y", "yes"):
            return True
        if word in ("n", "no"):
            return False
        raise InvalidValue(f"answer {text!r} is not yes or no (accepted: y, n)")

    return parse


def _text(text: str) -> str:
    return " ".join(text.split())


# ------------------------------------------------------------------------------- steps


def _ruleset(session: PlaySession) -> str:
    """The name, asked first on a new campaign, where 'starforged' chooses the game instead: the
    moves, assets, oracles and sheet follow the campaign's ruleset."""
    state = session.state()
    if state.characters or state.tracks or state.ruleset != "classic":
        return ask(session, "Name:", lambda text: _name(session, text), commands_end=True)
    answer = ask(
        session,
        "Name: (or 'starforged' to make this a Starforged campaign)",
        lambda text: text.strip() if text.strip().lower() == "starforged" else _name(session, text),
        commands_end=True,
    )
    if answer.lower() != "starforged":
        return answer
    session.table("ruleset", {"ruleset": "starforged"})
    session.out.say("this campaign plays Starforged")
    _own_content(session, "starforged")
    return ask(session, "Name:", lambda text: _name(session, text), commands_end=True)


def _own_content(session: PlaySession, ruleset: str) -> None:
    """Ask for the player's Datasworn file when the ruleset's content is not imported yet
    (Starforged's oracles, truths and assets); it is imported once for every campaign."""
    import os

    from ironsworn.content.own_content import content_needed, import_own_file

    own = content_needed(session.library, ruleset)
    if own is None:
        return
    session.out.say(own.message() + ".")

    from ironsworn.cli.play.session import QuitPlay

    report = None
    while True:
        # Not ask(): a path such as /home/me/starforged.json starts with a slash.
        answer = session.ask(f"The path of your {own.file} (empty line: later)", ()).strip()
        if answer.lower() in ("/quit", "/exit", "/q"):
            raise QuitPlay
        if not answer or answer.lower() == "/skip":
            break
        try:
            report = import_own_file(os.path.expanduser(answer), ruleset)
            break
        except IronswornError as exc:
            session.out.error(str(exc))
    if report is None:
        session.out.say(f"later: /content import {own.file} (until then, no {own.brings})")
        return
    session.reload_library()
    counts = ", ".join(f"{n} {k}" for k, n in report.counts.items())
    session.out.say(f"imported {report.pack.name} for every {ruleset} campaign: {counts}")


# The table a starship's name is rolled on (Starforged's Starship Name oracle).
STARSHIP_NAMES = "oracle_rollable:starforged/starship/name"


def _starship(session: PlaySession) -> str | None:
    """Starforged: the name of the party's STARSHIP, when the deck has the card and the party
    has no ship yet (a later character shares it: moves/starforged/starting.py)."""
    from ironsworn.moves.starforged.starting import STARSHIP

    state = session.state()
    if state.vehicle is not None and state.crew:
        # A later character joins the crew: its one STARSHIP and the cards aboard.
        aboard = [str(r["name"]) for i, r in state.crew.items() if "/command_vehicle/" not in i]
        with_ = f", with {', '.join(aboard)}" if aboard else ""
        session.out.say(
            f"You board the {state.vehicle['name']}, the crew's STARSHIP{with_} (every crew "
            "member's sheet lists the crew's cards)"
        )
    if state.vehicle is not None or STARSHIP not in _deck(session):
        return None

    # The content's Starship Name oracle, where it has one: 'r' rolls a name from it, as the
    # truths' step rolls with 'r' (a player without a name in mind met only "needs a name").
    oracle = session.library.oracles.get(STARSHIP_NAMES)
    rolls = f" ({oracle.name}: r rolls one)" if oracle is not None else ""

    def named(text: str) -> str:
        name = _text(text)
        if oracle is not None and name.casefold() in ("r", "roll"):
            from ironsworn.content.oracle_roller import roll_oracle

            rolled = roll_oracle(session.library, oracle, session.dice)
            session.out.say(f"rolled {rolled.roll} on {oracle.name}: {rolled.text}")
            return rolled.text
        if not name:
            raise InvalidValue(
                f"your starship needs a name (any words{', or r to roll one' if rolls else ''})"
            )
        return name

    name = ask(
        session,
        "Board your starship: every Starforged character starts with the STARSHIP, the "
        f"party's command vehicle. Its name{rolls}:",
        named,
    )
    session.out.say(f"{name}: your command vehicle, integrity 5")
    return name


def _vehicle(session: PlaySession) -> None:
    """Starforged without the STARSHIP card (no deck imported): the party's command vehicle,
    if there is none yet."""
    if session.state().vehicle is not None:
        return
    try:
        name = ask(
            session, "Your starship, the command vehicle: its name (empty line: none)", _text
        )
    except SkipStep:
        return
    if name:
        session.table("vehicle", {"name": name})
        session.out.say(f"{name}: integrity 5")


def _bonds(session: PlaySession) -> list[str]:
    bonds: list[str] = []
    try:
        while len(bonds) < MAX_BONDS:
            bond = ask(
                session,
                f"Bond {len(bonds) + 1} of up to {MAX_BONDS}: a person or community "
                "(empty line: no more)",
                _text,
            )
            if not bond:
                break
            bonds.append(bond)
    except SkipStep:
        pass
    return bonds


def _create(
    session: PlaySession,
    name: str,
    stats: dict[str, int],
    bonds: list[str],
    cards: Sequence[str] = (),
    starship: str | None = None,
) -> str:
    from ironsworn.cli.play.session import status_line

    given = {
        "name": name,
        "stats": ",".join(f"{stat}={value}" for stat, value in stats.items()),
        "bonds": bonds or None,
        "assets": list(cards) or None,
        "starship": starship,
    }
    session.table("character", given)
    state = session.state()
    created = state.character(name).name
    stat_text = "  ".join(f"{k} {v}" for k, v in state.characters[created].stats.items())
    bond_text = f"; bonds: {', '.join(bonds)}" if bonds else ""
    session.out.result(
        state.sheet(created),
        f"{created} is made: {stat_text}{bond_text}\n{status_line(state, created)}",
    )
    return created


def _deck(session: PlaySession) -> dict[str, Any]:
    """The asset cards of the campaign's ruleset (bundled and imported)."""
    ruleset = session.state().ruleset
    deck: dict[str, Any] = session.library.in_ruleset("assets", ruleset)
    return deck


def _listing(deck: dict[str, Any], words: str) -> str:
    """``list``: the cards by type with their first ability; a type or words narrow it."""
    from ironsworn.content.lookup import normalize
    from ironsworn.moves.assets.cards import unlinked

    query = normalize(words)
    types = {a.type for a in deck.values()}
    kind = next((t for t in types if normalize(t) in (query, query.rstrip("s"))), None)
    lines: list[str] = []
    for group in sorted(types):
        cards = [a for a in deck.values() if a.type == group and (kind is None or group == kind)]
        if kind is None and query:
            cards = [
                a
                for a in cards
                if all(
                    w in normalize(" ".join([a.name, *(b.summary or b.text for b in a.abilities)]))
                    for w in query.split()
                )
            ]
        if cards:
            lines.append(group.replace("_", " ") + ":")
            for card in cards:
                first = card.abilities[0] if card.abilities else None
                summary = (first.summary or first.text) if first else ""
                lines.append(f"  {card.name}: {' '.join(unlinked(summary).split())}")
    return "\n".join(lines) or f"no card matches {words!r}"


def _steps(session: PlaySession) -> list[tuple[str, dict[str, Any]]]:
    """Each card to choose: its question and the cards it takes. Classic: three assets of the
    deck. Starforged: "Step 2: Choose Two Paths", then a final asset (a path, companion,
    module or support vehicle; no deed at creation, and the STARSHIP is given)."""
    from ironsworn.moves.starforged.crew import category
    from ironsworn.moves.starforged.starting import FINAL_ASSET_TYPES, PATHS

    deck = _deck(session)
    if session.state().ruleset != "starforged":
        return [(f"Asset {i} of 3", deck) for i in range(1, 4)]
    paths = {k: a for k, a in deck.items() if category(k) == "path"}
    final = {k: a for k, a in deck.items() if category(k) in FINAL_ASSET_TYPES}
    steps = [(f"Path {i} of {PATHS}", paths) for i in range(1, PATHS + 1)]
    return [*steps, ("Your final asset (a path, companion, module or support vehicle)", final)]


def _assets(session: PlaySession) -> list[str]:
    """The starting asset cards, each as ``new_character`` takes it (``hound:1=Fang,...``)."""
    from ironsworn.moves.assets.cards import choice_record

    chosen: list[str] = []
    ids: list[str] = []
    steps = [(q, d) for q, d in _steps(session) if d]
    try:
        while len(chosen) < len(steps):
            question, deck = steps[len(chosen)]
            names = sorted(a.name for a in deck.values())
            # 'list companion' narrows a deck of several types (not the paths alone).
            kinds = "'list companion', " if len({a.type for a in deck.values()}) > 1 else ""
            answer = ask(
                session,
                f"{question}: a card's name ('list', {kinds}'list WORDS', 'show NAME'; empty "
                "line: no more)",
                _text,
                names,
            )
            if not answer:
                break
            word, _, rest = answer.partition(" ")
            if word.lower() == "list":
                session.out.say(_listing(deck, rest))
                continue
            if word.lower() == "show" and rest:
                from ironsworn.cli.asset_cmd import card_text

                try:
                    session.out.say(card_text(session.library, _find(deck, rest)))
                except IronswornError as exc:
                    session.out.error(str(exc))
                continue
            try:
                card = _find_for(session, deck, question, answer)
                if card.id in ids:
                    raise InvalidValue(f"{card.name} is already chosen (each asset once)")
                crew = session.state().crew.get(card.id)
                if crew is not None:
                    owner = crew.get("owner") or "the crew"
                    raise InvalidValue(
                        f"{card.name} is the crew's already ({owner}'s; you use it aboard): "
                        "choose another card"
                    )
                text = _fill_card(session, card)
                record = choice_record(session.library, text)  # the card's checks, now
            except IronswornError as exc:
                session.out.error(str(exc))
                continue
            chosen.append(text)
            ids.append(card.id)
            tracks = ", ".join(f"{t.name} {t.value}/{t.max}" for t in card.tracks)
            # A companion by the name the player gave it: Hawk “Skye” chosen.
            from ironsworn.card_fields import given_words

            given = given_words(record)  # a companion's name, a craft by its label
            session.out.say(f"{card.name}{given} chosen" + (f" ({tracks})" if tracks else ""))
    except SkipStep:
        pass
    return chosen


def _find_for(session: PlaySession, deck: dict[str, Any], step: str, query: str) -> Any:
    """The card of this step's deck named ``query``; a card of another deck is named as such
    (Rockhorn where a path is asked)."""
    from ironsworn.errors import NotFound

    try:
        return _find(deck, query)
    except NotFound as missing:
        try:
            other = _find(_deck(session), query)
        except NotFound:
            # The closest cards by their names (the lookup gives ids), and where all are.
            names = tuple(deck[c].name for c in missing.candidates if c in deck)
            closest = f"; closest: {', '.join(names)}" if names else ""
            raise NotFound(
                f"no card {query!r} in this step's deck{closest} ('list' shows them)", names
            ) from None
        kind = other.type.replace("_", " ").lower()
        raise InvalidValue(
            f"{other.name} is a {kind} card, and this step takes another ({step}; 'list' shows "
            "them)"
        ) from None


def _find(deck: dict[str, Any], query: str) -> Any:
    from ironsworn.content.lookup import resolve

    return resolve(deck, query, "asset", lambda a: str(a.name), ())


def _fill_card(session: PlaySession, card: Any, start: str | None = None) -> str:
    """Ask what the card needs: its starting ability (when none is marked and ``start``, the
    one the player named already, is not given), its name and choices; the answer is the
    text ``character new --asset`` takes."""
    text = card.id
    if start is not None:
        text += f":{start}"
    elif card.abilities and not any(a.enabled for a in card.abilities):
        numbers = [str(i) for i in range(1, len(card.abilities) + 1)]
        for i, ability in enumerate(card.abilities, start=1):
            session.out.say(f"  {i}. {' '.join((ability.summary or ability.text).split())}")
        start = ask(
            session,
            f"{card.name} starts with one ability marked: {', '.join(numbers)}?",
            lambda answer: _one_of(answer, numbers),
            numbers,
        )
        text += f":{start}"
    for index, label in enumerate(card.fields):
        companion = card.type.lower() == "companion" and index == 0
        value = ask(
            session,
            f"{card.name}'s {label}" + ("" if companion else " (empty line: none)") + ":",
            _text,
        )
        if value:
            text += f"={value}" if index == 0 else f",{label}={value}"
    for label, choices in card.selects.items():
        options = list(choices)
        picked = ask(
            session,
            f"{card.name}: choose its {label} ({', '.join(options)}):",
            partial(_one_of, accepted=options),
            options,
        )
        text += f",{label}={picked}"
    return str(text)


def _one_of(answer: str, accepted: Sequence[str]) -> str:
    key = answer.strip().lower()
    if key not in accepted:
        raise InvalidValue(f"answer {answer!r} is not one of {', '.join(accepted)}")
    return key


def _vow(
    session: PlaySession,
    who: str,
    question: str,
    ranks: Sequence[str],
    default: str,
    *,
    background: bool = False,
) -> dict[str, Any] | None:
    from ironsworn.cli.play.sheet_commands import track_line

    text = ask(session, question, _text)
    if not text:
        return None
    rank = ask(
        session,
        f"Rank: {', '.join(ranks)} [{default}]",
        lambda answer: _rank(answer, ranks, default),
        ranks,
    )
    given = {"kind": "vow", "text": text, "rank": rank, "characters": [who]}
    done = session.table("track", {**given, "background": background})
    created = next(e for e in done.result.events if e["type"] == "track_created")
    track: dict[str, Any] = dict(created["track"])
    session.out.result(track, "sworn: " + track_line(track))
    return track


def _truths(session: PlaySession) -> None:
    from ironsworn.content.oracle_roller import roll_truth

    # Only the truths of the campaign's ruleset (an imported Starforged pack has its own).
    truths = list(session.library.in_ruleset("truths", session.state().ruleset).values())
    if not truths:
        return
    session.out.say(
        f"The truths of your world, {len(truths)} categories: for each, answer an option's "
        "number, r (or an empty line) to roll, s to leave it open; /skip leaves the rest open "
        "(/truth sets one later)."
    )
    chosen: list[tuple[Truth, TruthOption, str]] = []
    try:
        for truth in truths:
            keys = [o.key for o in truth.options]
            lines = [truth.name] + [f"  {o.key}. {o.summary}" for o in truth.options]
            session.out.say("\n".join(lines))
            answer = ask(
                session,
                f"{truth.name}: {', '.join(keys)}, r or s [r]",
                partial(_truth_answer, keys=keys),
                [*keys, "r", "s"],
            )
            if answer == "s":
                continue
            if answer == "r":
                rolled = roll_truth(session.library, truth, session.dice)
                option, how = rolled.option, f"rolled {rolled.roll}"
            else:
                option = next(o for o in truth.options if o.key == answer)
                how = "chosen"
            session.out.say(f"  {truth.name} ({how}): {option.summary}")
            chosen.append((truth, option, how))
    except SkipStep:
        pass
    if not chosen:
        return
    text = "The truths of this world:\n" + "\n".join(
        f"- {truth.name} ({how}): {option.summary}" for truth, option, how in chosen
    )
    # The table's journal (the walkthrough writes as any journal entry is written).
    added = session.table("journal", {"text": text}).answer["added"]
    # The choices are also kept as state, so 'ironsworn world truths' can list them: the
    # table's truths, one operation (a rolled option keeps its roll).
    kept = [
        f"{truth.id}={option.key}" + (f"@{how.split()[-1]}" if how.startswith("rolled") else "")
        for truth, option, how in chosen
    ]
    session.table("truths", {"truths": kept})
    written = "1 truth" if len(chosen) == 1 else f"{len(chosen)} truths"
    session.out.result(added, f"{written} written in the journal (#{added['seq']})")


def _truth_answer(text: str, keys: Sequence[str]) -> str:
    word = text.strip().lower()
    if word in ("", "r", "roll"):
        return "r"
    if word in ("s", "skip"):
        return "s"
    if word in keys:
        return word
    raise InvalidValue(f"truth answer {text!r} is not valid (accepted: {', '.join(keys)}, r, s)")


def _offer_to_swear(session: PlaySession, who: str, track: dict[str, Any]) -> None:
    try:
        swear = ask(
            session,
            f"Swear an Iron Vow on '{track['name']}' now (the move: roll +heart)? [Y/n]",
            yes_no(True),
            ["y", "n"],
        )
    except SkipStep:
        session.out.say(BEGINS)
        return
    session.out.say(BEGINS)
    if not swear:
        return
    from ironsworn.cli.play.asking import MenuLeft
    from ironsworn.cli.play.move_commands import run_move

    # The move as /move makes it, so that what it asks is asked here too: with bonds on the
    # sheet, whether the vow is sworn to one of them (+1).
    try:
        run_move(session, ["swear_an_iron_vow", "--track", str(track["id"]), "--character", who])
    except MenuLeft as left:
        # As at the prompt: leaving the question makes nothing; a command typed instead runs.
        session.out.say("(left the question: nothing was made)")
        if left.line is not None:
            session.execute(left.line)
