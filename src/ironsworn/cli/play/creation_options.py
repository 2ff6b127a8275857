"""The walkthrough's steps that the campaign's options (chapter 7) add: the semi-random setup
asked step by step, and the first role when the campaign uses roles instead of assets.

The semi-random setup (seed 000 L5271-5319) as the rulebook walks it: the player ranks the
stats for the +2, +2, +1, +1 after the rolled +3; picks the deck of each of the five cards,
drawn unseen one at a time; reads the five revealed (each card's abilities) and keeps three;
reads the Character Goal the oracle gives and marks the background vow in its words or their
own, extreme or epic as they choose; and names the person the oracles describe. Each answer
is committed when given, so leaving half-way keeps what was done; the steps left are on the
sheet (and at the command line: ``character draw|keep|background|bond``).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Sequence
from functools import partial
from typing import TYPE_CHECKING, Any

from ironsworn.cli.play.creation import SkipStep, _one_of, _text, ask
from ironsworn.errors import IronswornError

if TYPE_CHECKING:
    from ironsworn.cli.play.session import PlaySession

BACKGROUND_RANKS = ("extreme", "epic")


def semi_random(session: PlaySession, name: str) -> str:
    """Make ``name`` by the semi-random setup; returns the character's name."""
    from ironsworn.moves import semi_random

    default = " ".join(semi_random.STATS)

    def prefer(text: str) -> list[str]:
        order = (text or default).replace(",", " ").split()
        semi_random.place_stats("edge", order)  # checked now, so the question comes again
        return order

    order = ask(
        session,
        "Semi-random setup: the +3 stat is rolled. Rank the five stats for the +2, +2, +1, "
        f"+1 that follow [{default}]:",
        prefer,
        semi_random.STATS,
    )
    exclude: list[str] = []
    if session.state().option("assets") == "cards":
        # "Exclude any cards that don't fit your vision for the setting (such as rituals if
        # you aren't including magic)" (L5289-5291).
        exclude = ask(
            session,
            "Leave any decks or cards out of the draw? (e.g. 'ritual' for a world without "
            "magic; empty line: none)",
            partial(_exclusions, session),
            ["ritual", "companion", "path", "combat talent"],
        )
    made = {"name": name, "prefer": list(order), "exclude": list(exclude) or None}
    session.report(session.table("semi_random", made).result)
    created = session.state().character(name).name
    steps_left(session, created)
    return created


STEP_FLAGS = ("asset_draws", "asset_hand", "background_goal", "bond_oracle")


def unfinished(session: PlaySession) -> list[str]:
    """The characters whose semi-random setup has steps left."""
    state = session.state()
    return [
        name
        for name, char in state.characters.items()
        if any(char.flags.get(flag) for flag in STEP_FLAGS)
    ]


def steps_left(session: PlaySession, created: str) -> None:
    """The setup's steps still to take for ``created``: the draws, the keep, the background
    vow and the bond (each asked only if still to do)."""
    try:
        _draws(session, created)
        _keep(session, created)
    except SkipStep:
        session.out.say(f"{created}'s cards are left for later: /character setup {created}")
    with contextlib.suppress(SkipStep):
        _background_vow(session, created)
    with contextlib.suppress(SkipStep):
        _bond(session, created)


def _exclusions(session: PlaySession, text: str) -> list[str]:
    """Decks or cards named to leave out, each checked against the deck; at least one deck
    must stay."""
    from ironsworn.errors import InvalidValue
    from ironsworn.moves import semi_random

    words = [w.strip() for w in text.split(",") if w.strip()]
    every = semi_random.asset_decks(session.library, ())
    for word in words:
        if semi_random.asset_decks(session.library, [word]) == every:
            raise InvalidValue(
                f"{word!r} is not a deck or card (accepted: {', '.join(every)}, or a card's name)"
            )
    if not semi_random.asset_decks(session.library, words):
        raise InvalidValue("leave at least one deck to draw from")
    return words


def _step(
    session: PlaySession,
    question: str,
    parse: Callable[[str], Any],
    words: Sequence[str],
    operation: str,
    inputs: Callable[[Any], dict[str, Any]],
) -> None:
    """Ask until the answer is committed by the table's ``operation`` (with the ``inputs``
    of the answer): a refused one prints its line and the question comes again; ``/skip``
    (SkipStep) leaves the step for later."""
    while True:
        answer = ask(session, question, parse, words)
        try:
            done = session.table(operation, inputs(answer))
        except IronswornError as exc:
            session.out.error(str(exc))
            continue
        session.report(done.result, status=False)
        return


def _draws(session: PlaySession, created: str) -> None:
    """ "Choose a card from any deck. Don't look at it." -- five times, a deck each."""
    from ironsworn.moves import semi_random

    while True:
        left = int(session.state().character(created).flags.get("asset_draws") or 0)
        if not left:
            return
        decks = list(semi_random.decks_left(session.library, session.state(), created))
        words = [d.replace("_", " ") for d in decks]
        _step(
            session,
            f"Card {semi_random.HAND - left + 1} of {semi_random.HAND}, drawn unseen: from which "
            f"deck? ({', '.join(words)})",
            partial(_deck_answer, accepted=words),
            words,
            "semi_random_draw",
            lambda deck: {"deck": deck, "character": created},
        )


def _deck_answer(text: str, accepted: list[str]) -> str:
    word = " ".join(text.replace("_", " ").replace("-", " ").lower().split())
    found = [d for d in accepted if d.startswith(word)] if word else []
    if len(found) != 1:
        return _one_of(text, accepted)  # the one-line refusal naming the decks
    return found[0]


def _keep(session: PlaySession, created: str) -> None:

    hand = session.state().character(created).flags.get("asset_hand") or []
    names = [session.library.assets[i].name for i in hand]
    if not names:  # none are drawn when the campaign plays without assets
        return
    _step(
        session,
        f"Keep three of {', '.join(names)} (e.g. '{', '.join(names[:3])}'; CARD:N picks the "
        "starting ability of a card that marks none):",
        lambda text: [c.strip() for c in text.split(",") if c.strip()],
        names,
        "semi_random_keep",
        lambda cards: {"cards": _filled(session, hand, cards), "character": created},
    )


def _filled(session: PlaySession, hand: Sequence[str], cards: list[str]) -> list[str]:
    """The kept cards as ``keep_assets`` takes them, asking what a card named alone still
    needs (its starting ability, a companion's name, its choices) as the asset step does,
    rather than refusing with the syntax ("Owl needs a name: owl=NAME")."""
    from ironsworn.cli.play.creation import _fill_card

    out = []
    for text in cards:
        # "Owl:1", the starting ability named as the question's example says, still needs
        # the owl's name: asked (it was refused 'Owl is given without a name').
        named, _, start = text.partition(":")
        key = " ".join(named.replace("-", " ").split()).lower()
        card = next(
            (
                session.library.assets[i]
                for i in hand
                if session.library.assets[i].name.lower().replace("-", " ") == key
            ),
            None,
        )
        needs = card is not None and (
            (card.abilities and not any(a.enabled for a in card.abilities))
            or card.fields
            or card.selects
        )
        ability = start.strip() if start.strip().isdigit() else None
        if card is None or not needs or "=" in text or (start and ability is None):
            out.append(text)  # as typed: the engine checks it
            continue
        if ability is not None and not (card.fields or card.selects):
            out.append(text)  # nothing left to ask
            continue
        # The card's id, then :N, =NAME, ,FIELD=VALUE.
        filled = _fill_card(session, card, ability)
        out.append(card.name + filled[len(card.id) :])
    return out


def _background_vow(session: PlaySession, created: str) -> None:
    """ "Interpret the result ... Mark your background vow and give it a rank of extreme or
    epic": the oracle's words offered, the player's taken; the rank asked, no default."""

    goal = session.state().character(created).flags.get("background_goal")
    if not goal:
        return
    words = ask(
        session,
        f"Background vow: the oracle says '{goal}'. Your vow in your words (empty line: these):",
        _text,
    )
    rank = ask(
        session,
        "Its rank: extreme or epic?",
        partial(_background_rank, allowed=BACKGROUND_RANKS),
        BACKGROUND_RANKS,
    )
    marked = {"rank": rank, "vow": words or None, "character": created}
    session.report(session.table("semi_random_vow", marked).result, status=False)


def _background_rank(text: str, allowed: tuple[str, ...]) -> str:
    from ironsworn.errors import InvalidValue

    word = text.strip().lower()
    found = [rank for rank in allowed if word and rank.startswith(word)]
    if len(found) != 1:
        raise InvalidValue(
            f"rank {text.strip()!r}: the background vow's rank is yours to choose (accepted: "
            f"{', '.join(allowed)})"
        )
    return found[0]


def _bond(session: PlaySession, created: str) -> None:
    """ "Envision this NPC, give them a name, and mark a bond." """
    from ironsworn.moves.semi_random import with_article

    description = session.state().character(created).flags.get("bond_oracle")
    if not description:
        return
    while True:
        person = ask(
            session,
            f"A bond: the oracles describe {with_article(str(description))}. Their name (empty "
            "line: later):",
            _text,
        )
        if not person:
            return
        try:
            named = {"person": person, "character": created}
            result = session.table("semi_random_bond", named).result
        except IronswornError as exc:
            session.out.error(str(exc))
            continue
        session.report(result, status=False)
        return


def first_role(session: PlaySession, created: str) -> None:
    """Roles instead of assets (L5352-5360): "Name a role for your character based on their
    expertise or background" -- the first is named with Advance at no cost."""
    if session.state().option("assets") != "roles":
        return
    while True:
        try:
            role = ask(
                session,
                "Your role (roles instead of assets): name it, e.g. leader, scout, mystic, "
                "healer (empty line: later, with Advance):",
                _text,
            )
        except SkipStep:
            return
        if not role:
            return
        try:
            # Advance naming the role (the first is at no cost): the table's move.
            advance = {"move": "advance", "character": created, "new_role": role}
            result = session.table("move", advance).result
        except IronswornError as exc:
            session.out.error(str(exc))
            continue
        session.report(result, status=False)
        return
