"""Play mode asks instead of refusing: numbered menus for what a move leaves open.

The command line refuses a move that needs a choice the player did not give (which stat,
which track) with a one-line error. Play mode asks instead, with a numbered menu like a
pending decision's, and makes the move with the answer:

- a move with several stats and no ``--stat``, or several candidate tracks and no ``--track``
  (the engine raises :class:`~ironsworn.errors.OptionNeeded` with the accepted values);
- Forge a Bond asks with whom, so the bond is on the sheet by name (the bond a move is about
  is the table's question: Swear an Iron Vow's whom, Sojourn's and Undertake a Journey's
  community, Test Your Bond's bond, Forge a Bond after a vow fulfilled:
  :mod:`ironsworn.table.bond_questions`);
- the character's asset abilities that could act on the move (``asset fits``): those that
  apply unasked are listed as such, and those that need the fiction to fit are offered before
  the roll, to pick any number of (``--asset``), unless the player named some already;
- Pay the Price's "obvious outcome" and "ask the oracle": the player writes what happens (for
  the oracle, the two outcomes envisioned, the likely one first, before the roll), the journal
  records it, and the usual follow-on is offered (Endure Harm at the foe's rank in a fight).

A menu is answered with a number or a key (a unique prefix will do). An empty line leaves it
(nothing is made); a line starting with ``/`` leaves it and runs that command instead.
"""

from __future__ import annotations

import argparse
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ironsworn.cli.play.decisions import key_for, numbers

if TYPE_CHECKING:
    from ironsworn.cli.play.session import PlaySession
    from ironsworn.moves.engine import OperationResult

# Where Pay the Price asks the player to write what happens.
PRICE_POINT = "pay_the_price.how"


class MenuLeft(Exception):
    """The player left a menu: an empty line, or a command typed instead (``line``);
    ``said``: what leaving it left undone, as the player is told."""

    def __init__(self, line: str | None = None, said: str = "nothing was made") -> None:
        super().__init__(line or "")
        self.line = line
        self.said = said


def menu(
    session: PlaySession,
    question: str,
    options: Sequence[tuple[str, str]],
    free: bool = False,
    then: str = "",
) -> str:
    """Ask for one of ``options`` (key, text) by number or key; returns the key. With
    ``free``, words of the player's own are an answer too (a foe of their own); ``then``, a
    line said under the options (what is asked after this)."""
    # Options that are numbers themselves (an asset's abilities 2 and 3) are numbered by
    # their own number where the menu's would differ: "1" must not answer ability 2.
    own = all(key.isdigit() for key, _text in options) and [k for k, _ in options] != [
        str(n) for n in range(1, len(options) + 1)
    ]
    how = "answer with a number or a key" + (", or your own words" if free else "")
    if own:
        how = "answer with its number" + (", or your own words" if free else "")
    if free and not options:
        how = "answer in your own words"  # nothing to number: a name of the player's own
    how += " (an empty line leaves)" + (f"\n  {then}" if then else "")
    keys = show_options(session, question, options, how, own)
    session.completions.choices = keys
    # (named as the main prompt and a decision's are: 'Kira [1-3]> ')
    who = session.prompt_name()
    try:
        while True:
            shown = ", ".join(keys) if own else numbers(len(keys))
            # (words of the player's own, nothing to number: a bare '> ', as write() asks,
            # where 'Kira> ' would read as the main prompt)
            prompt = (f"{who} [{shown}]> " if keys else "> ") if session.reader.interactive else ""
            line = session.reader.read(prompt).strip()
            if not line:
                raise MenuLeft
            if line.startswith("/"):
                raise MenuLeft(line)
            key = (line if line in keys else None) if own else key_for(line, keys)
            if key is not None:
                return key
            if free and not line.isdigit():
                return line
            accepted = ", ".join(keys) if own else f"{numbers(len(keys))} or {', '.join(keys)}"
            session.out.error(f"{line!r} is not one of the options (accepted: {accepted})")
    finally:
        session.completions.choices = None


def show_options(
    session: PlaySession,
    question: str,
    options: Sequence[tuple[str, str]],
    how: str,
    own: bool = False,
) -> list[str]:
    """Print ``question`` and the numbered ``options`` (key, text); returns their keys.
    ``own``: the keys are numbers, each option numbered by its key."""
    from ironsworn.cli.play.decisions import numbered

    keys = [key for key, _text in options]
    width = max((len(k) for k in keys), default=0)
    lines = [question]
    if own:
        lines += [f"  {key:>2}. {text}".rstrip() for key, text in options]
    else:
        lines += numbered(options, width, session.out.columns())
    lines.append(f"  {how}")
    session.out.say("\n".join(lines))
    return keys


def write(session: PlaySession, question: str) -> str:
    """Ask for a line of text (an empty line gives ``""``; ``/`` leaves)."""
    session.out.say(question)
    line = session.reader.read("> " if session.reader.interactive else "").strip()
    if line.startswith("/"):
        raise MenuLeft(line)
    return line


def answer_words(session: PlaySession, pending: Any, keys: Sequence[str]) -> str | None:
    """The words a decision asks for with these keys (a new vow's name, a second role), asked
    at the prompt; None when it asks for none, or the player keeps its default."""
    asked = (pending or {}).get("text")
    wanted = None if not asked else asked.get("keys")
    if not asked or (wanted is not None and not any(k in wanted for k in keys)):
        return None
    default = asked.get("default")
    question = str(asked["prompt"]) + (f" (empty: {default})" if default is not None else "")
    while True:
        words = write(session, question)
        if words or default is not None:
            return words or None
        session.out.error("words are needed here (an empty line does not answer)")


# ------------------------------------------------------------------------------ moves


def option_question(session: PlaySession, args: argparse.Namespace, option: str) -> str:
    """The question of a menu for a move's missing ``option`` (stat, track)."""
    from ironsworn.errors import IronswornError

    try:
        name = session.named_move(args.words).name
    except IronswornError:
        name = " ".join(args.words)
        if name.strip().lower() == "oppose":
            name = "Oppose"  # Face Danger against an ally: not a move of the book
    who = args.character or session.character_name() or "you"
    what = {"stat": "which stat do you roll?", "track": "which track?"}.get(option, option)
    return f"{who} — {name}: {what}"


def ask_bond(session: PlaySession, args: argparse.Namespace, asked: set[str]) -> None:
    """Forge a Bond (classic): with whom, in the player's words, so the bond is on the sheet by
    name (the table's questions ask the rest: :mod:`ironsworn.table.bond_questions`)."""
    if "with" in asked or args.bond_with is not None:
        return
    from ironsworn.errors import IronswornError

    try:
        move = session.named_move(args.words)
        state = session.state()
        char = state.character(args.character)
    except IronswornError:
        return  # the move itself will say what is wrong
    short = move.id.rsplit("/", 1)[-1]
    if short == "forge_a_bond" and move.id.startswith("move:classic/"):
        from ironsworn.table.bond_questions import fulfilled_for

        if fulfilled_for(state, char):
            return  # the table asks: those a fulfilled vow served first (the reroll)
        asked.add("with")
        # The bond is kept on the sheet by name (a person met, a community...).
        name = write(session, f"{char.name} — Forge a Bond: with whom? (a name; empty: unnamed)")
        args.bond_with = name or None
        return


def _plain_stats(fit: Mapping[str, Any]) -> list[str]:
    """The stats a roll must be of for the ability to act, when the card says them outright:
    none for an ability that rolls a stat of its own (Skirmisher's +iron or +edge) or one a
    choice on the card stands for (a Devotant's god)."""
    stats = [str(s) for s in fit["stats"]]
    if fit["rolls"] or any(s.startswith("select:") for s in stats):
        return []
    return stats


def _rolled_with(fit: Mapping[str, Any], stat: str) -> bool:
    stats = _plain_stats(fit)
    return not stats or stat in stats


def _on_stats(fit: Mapping[str, Any]) -> str:
    """The stats an ability's roll must be of, as offered: " (rolling +edge)"."""
    stats = _plain_stats(fit)
    return f" (rolling +{' or +'.join(stats)})" if stats else ""


def _refused(session: PlaySession, move: str, character: str) -> bool:
    """Whether the move is refused before its roll whatever is answered (Strike while in a
    bad spot): then no ability is offered, as the answer would be thrown away with the move.
    Tried on a fork of the state; an input the move still needs (its stat) refuses nothing."""
    from ironsworn.errors import DecisionPending, IronswornError, RuleViolation
    from ironsworn.moves.engine import MoveEngine

    try:
        MoveEngine(session.state().fork(), session.library).verify_move(move, character)
    except DecisionPending:
        return False  # (another's, set aside as this one acts: the move itself sees to it)
    except RuleViolation:
        return True
    except IronswornError:
        return False
    return False


def ask_assets(session: PlaySession, args: argparse.Namespace, asked: set[str]) -> list[str]:
    """Before the roll: offer the character's abilities that could act on this move.

    Abilities with no fictional condition apply by themselves and are only named; those whose
    condition is the fiction's (``when``) are offered as a numbered list to pick any of.
    Nothing is asked when the player gave ``--asset`` or the move is Advance (there
    ``--asset`` buys a card).

    The lines naming the abilities that apply unasked are shown with the list, when there
    is one; else they are returned, for the move's first question to show: a move refused
    before it asks anything (Strike without initiative) names no ability, and a move
    that asks nothing shows them in its result (each ability used is a line there).
    """
    if "fitting assets" in asked or args.asset:
        return []
    asked.add("fitting assets")
    from ironsworn.errors import IronswornError
    from ironsworn.moves.assets.effects import abilities_for, fighting

    try:
        move = session.named_move(args.words)
        state = session.state()
        char = state.character(args.character)
        fits = abilities_for(session.library, char, move, in_fight=fighting(state, char.name))
    except IronswornError:
        return []  # the move itself will say what is wrong
    if move.id.rsplit("/", 1)[-1] == "advance" or not fits:
        return []
    answered = session.fits_answered.get((char.name, move.id))
    if answered is not None:
        # The line runs again with an answer the move asked for: asked already.
        if answered:
            args.asset = answered
        return []
    stat = str(getattr(args, "stat", None) or "").lower()
    if stat:
        # An ability for a roll of other stats does not act on this one (Engine Upgrade's
        # +edge on an expedition rolled +wits): offered, it was refused once picked.
        fits = [f for f in fits if _rolled_with(f, stat)]
        if not fits:
            return []
    applies = [
        f"  {fit['label']} applies: {fit['effect'] or 'see the card'}"
        for fit in fits
        if not fit["when"]
    ]
    offered = [f for f in fits if f["when"]]
    if not offered or _refused(session, move.id, char.name):
        return applies
    for line in applies:
        session.out.say(line)
    options = [
        (
            str(f["asset"]),
            f"{f['label']}: {f['fiction']}"
            + _on_stats(f)
            + (f" ({f['effect']})" if f["effect"] else ""),
        )
        for f in offered
    ]
    while True:
        picked = pick_many(
            session, f"{char.name} — {move.name}: does an ability fit the fiction?", options
        )
        twice = _one_ability_twice(picked)
        if twice is None:
            break
        # An ability's options are one or the other (Ironclad's light armor or heavy): named
        # by their numbers in the menu and the ability's name.
        keys = [key for key, _text in options]
        first, second = (keys.index(k) + 1 for k in twice)
        ability = next(str(f["label"]) for f in offered if f["asset"] == twice[0])
        session.out.error(
            f"{first} and {second} ({ability}) are options of one ability: pick one of them"
        )
    session.fits_answered[char.name, move.id] = picked
    if picked:
        args.asset = picked
    return []


def _one_ability_twice(keys: Sequence[str]) -> tuple[str, str] | None:
    """Two picked keys that are options of the same ability (``NAME:N:OPTION``), if any."""
    seen: dict[str, str] = {}
    for key in keys:
        parts = key.split(":")
        ability = ":".join(parts[:2]) if len(parts) == 3 else key
        if ability in seen:
            return seen[ability], key
        seen[ability] = key
    return None


def pick_many(session: PlaySession, question: str, options: Sequence[tuple[str, str]]) -> list[str]:
    """Ask for any number of ``options`` (numbers or keys, separated by spaces or commas);
    an empty line picks none. Returns the keys picked, in the options' order."""
    keys = show_options(
        session,
        question,
        options,
        (
            "answer with 1 or its key (an empty line: none)"
            if len(options) == 1
            else "answer with any of the numbers or keys (an empty line: none)"
        ),
    )
    session.completions.choices = keys
    who = session.prompt_name()  # (as a menu's, above)
    try:
        while True:
            prompt = f"{who} [{_any_of(keys)} or empty]> " if session.reader.interactive else ""
            line = session.reader.read(prompt).strip()
            if not line:
                return []
            if line.startswith("/"):
                raise MenuLeft(line)
            chosen: set[str] = set()
            bad = None
            for word in line.replace(",", " ").split():
                key = key_for(word, keys)
                if key is None:
                    bad = word
                    break
                chosen.add(key)
            if bad is None:
                return [key for key in keys if key in chosen]
            session.out.error(
                f"{bad!r} is not one of the options (accepted: {_any_of(keys)} or "
                f"{', '.join(keys)}; an empty line: none)"
            )
    finally:
        session.completions.choices = None


def _any_of(keys: Sequence[str]) -> str:
    """The numbers of a menu that takes any number of its options: ``1`` for one option,
    ``any of 1-3`` for more (it read ``1, several``)."""
    return "1" if len(keys) == 1 else f"any of {numbers(len(keys))}"


# ------------------------------------------------------------------------ pay the price


def price_outcomes(session: PlaySession, key: str) -> tuple[str, str] | None:
    """Before Pay the Price's "ask the oracle" is rolled: the two outcomes the player envisions."""
    if key != "ask_oracle":
        return None
    likely = write(session, "Envision two negative outcomes. The likely one (the oracle's yes):")
    other = write(session, "The other one (the oracle's no):") if likely else ""
    return (likely, other) if likely and other else None


def after_price(
    session: PlaySession,
    key: str,
    result: OperationResult,
    outcomes: tuple[str, str] | None,
) -> None:
    """After Pay the Price's obvious outcome or oracle: journal what happened, offer a move."""
    who = result.character or session.character_name()
    if key == "obvious":
        try:
            text = write(session, "What happens? (the most obvious negative outcome; empty skips)")
        except MenuLeft as left:
            # The answer is made already: only the journal's words are left out.
            raise MenuLeft(left.line, "the price is chosen; nothing was written") from None
        if text:
            session.journal(f"Pay the Price: {text}", who)
    elif key == "ask_oracle":
        asked = next((e for e in result.events if e.get("type") == "ask"), None)
        if asked is not None and outcomes is not None:
            yes = asked.get("answer") == "yes"
            happens = outcomes[0] if yes else outcomes[1]
            session.journal(
                f"Pay the Price (the oracle says {'yes' if yes else 'no'}, "
                f"{asked.get('roll')}): {happens}",
                who,
            )
    else:
        return
    if who is not None and session.state().pending is None:
        follow_on(session, who)


def follow_on(session: PlaySession, who: str) -> None:
    """Offer the usual cost of a price paid: Endure Harm (at the foe's rank in a fight)."""
    from ironsworn.ranks import Rank

    state = session.state()
    if who not in state.characters or state.characters[who].status != "active":
        return
    fights = [
        t
        for t in state.tracks.values()
        if t.kind == "fight" and t.status == "active" and who in t.characters
    ]
    harm = Rank.parse(fights[0].rank).harm if fights else 1
    why = f", {fights[0].name} is {fights[0].rank}" if fights else ""
    options = [
        ("endure_harm", f"Endure Harm ({harm} harm{why})"),
        ("endure_stress", "Endure Stress (1 stress)"),
        ("none", "nothing more"),
    ]
    key = menu(session, f"{who} — does the price cost you more?", options)
    if key == "none":
        return
    amount = harm if key == "endure_harm" else 1
    from ironsworn.cli.play.move_commands import run_move

    words = [*key.split("_"), "--amount", str(amount)]
    if len(state.characters) > 1:
        words += ["--character", who]
    run_move(session, words)


def pending_point(pending: dict[str, Any] | None) -> str | None:
    """The resume point of a pending "choose" decision (``pay_the_price.how``...)."""
    if pending is None or pending.get("kind") != "choose":
        return None
    resume = pending.get("resume") or {}
    point = resume.get("point")
    return str(point) if point else None
