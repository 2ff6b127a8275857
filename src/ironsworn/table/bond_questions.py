"""The questions a move asks of the fiction before its roll, which the engine cannot know:
whom a vow is sworn to, and whether a journey sets off from a community you share a bond with.

Both are the classic book's and are asked by the ``move`` operation in its own write (of the
state the move is made on: play mode and the web ask them from there) and by the command line
at a terminal before it makes the move (:func:`ironsworn.table.moves.verify_move`). Each is
asked last, once the move's track is settled: a vow or journey begun by the move is asked its
words and rank first, and a choice of several tracks the track first (the engine asks those),
so the player answers in the order the book tells the move: "write your vow and give the
quest a rank. Then, roll +heart".

- Swear an Iron Vow: "If you make this vow to a person or community with whom you share a
  bond, add +1" (seed 000 L2509-2510). Whom the vow is to is also what Forge a Bond reads
  later: "If you make this move after you successfully Fulfill Your Vow to their benefit, you
  may reroll any dice" (L1991-1993). So it is asked of every character, bonds or none, as an
  open question: one of the bonds (+1), a name of the player's own (no +1, kept for Forge a
  Bond), or "none" (a vow of one's own: the book's "seek to fulfill a personal ambition").
- Forge a Bond, by a character who fulfilled a vow sworn to someone not on their bonds yet:
  with whom? Those people first ("you may reroll any dice"), or a name of the player's own, or
  none (the bond named later). Nothing is asked of a character with no such vow: the move's
  own ``with`` names whom the bond is with, as before.
- Sojourn: "roll +heart. If you share a bond, add +1" (L1876-1877): the community you
  sojourn in, one of the bonds, or none; asked of a character with bonds only.
- Test Your Bond: which bond is tested (one of the bonds, or none: a bond marked without a
  name).
- Undertake a Journey, at the journey's initial roll: "If you are setting off from a
  community with which you share a bond, add +1 to your initial roll" (L1734-1736): one of
  the bonds, or none. Asked only of a character with bonds (no other answer gives anything),
  and of a journey no one on it has begun (one the move begins on the fly included).

Given ``bond`` (true or false) or ``with``, nothing is asked; nor when the move, the character
or the track is not found (the move itself then says what is wrong).
"""

from __future__ import annotations

from typing import Any

from ironsworn.table.inputs import Choice
from ironsworn.table.questions import Question

JsonDict = dict[str, Any]

# The answer "no bond" / "no one" ("with": "none").
NO_BOND = Choice("none", "no", "not to someone on your bonds (or name whom it is for)")
NO_ONE = Choice("none", "no one", "a vow of your own")
NOT_FROM_A_BOND = Choice("none", "no", "not from a community on your bonds")


def bond_question(state: Any, library: Any, args: JsonDict, who: str | None) -> Question | None:
    """The question the move in ``args`` asks before its roll (see the module docstring)."""
    from ironsworn.errors import IronswornError

    if args.get("bond") is not None or args.get("with"):
        return None
    try:
        move = library.find("moves", str(args["move"]), prefer=state.ruleset)
        char = state.character(who)
    except IronswornError:
        return None
    if not move.id.startswith("move:classic/"):
        return None  # Starforged's vows are sworn to connections (its own handler)
    short = move.id.rsplit("/", 1)[-1]
    if short == "swear_an_iron_vow" and settled(state, char.name, args, "vow", "vow"):
        return vow_question(state, char, args)
    if short == "forge_a_bond" and not args.get("companion"):
        served = fulfilled_for(state, char)
        if served:
            return forge_question(char, served, args)
    if short == "sojourn" and char.bonds:
        return sojourn_question(char, args)
    if short == "test_your_bond" and char.bonds:
        return test_question(char, args)
    if short == "undertake_a_journey" and char.bonds:
        journey = settled(state, char.name, args, "journey", "destination")
        if journey is NEW or (journey is not None and not begun(state, journey)):
            return journey_question(char, args)
    return None


# :func:`settled`'s answer for a track the move begins (its words and rank given).
NEW: Any = object()


def settled(state: Any, who: str, args: JsonDict, kind: str, words: str) -> Any:
    """The track of ``kind`` the move acts on, :data:`NEW` when it begins one (its ``words``
    and rank given), or None while the engine has a question of its own first (the words or
    rank of a new one, which of several) or the track is not found (the engine refuses)."""
    from ironsworn.errors import IronswornError

    if args.get("track"):
        try:
            return state.track(str(args["track"]), (kind,))
        except IronswornError:
            return None
    mine = [t for t in state.open_tracks_of(who) if t.kind == kind]
    if kind == "vow":
        from ironsworn.moves.changes import vows_to_swear

        mine = vows_to_swear(state.characters[who], mine, args.get(words))
    if len(mine) == 1:
        return mine[0]
    if not mine and args.get(words) and args.get("rank"):
        return NEW
    return None


def begun(state: Any, journey: Any) -> bool:
    """Whether anyone on ``journey`` has made its initial roll (the engine's own test)."""
    return any(
        journey.id in (state.characters[n].flags.get("journeys_begun") or [])
        for n in journey.characters
        if n in state.characters
    )


def vow_question(state: Any, char: Any, args: JsonDict) -> Question:
    """Swear an Iron Vow: whom is the vow to? Open (a name of the player's own is kept for
    Forge a Bond's reroll); the bonds first (+1), then the people the campaign knows."""
    from ironsworn.table.moves import MOVE

    bonds = {b.casefold() for b in char.bonds}
    known = [Choice(b, b, "a bond on your sheet: +1") for b in char.bonds]
    known += [
        Choice(p, p, "no bond yet: no +1")
        for p in state.people
        if p.casefold() not in bonds and p != char.name
    ]
    if char.bonds:
        prompt = "is this vow to a person or community you share a bond with? (+1)"
        nobody = NO_BOND
    else:
        prompt = (
            "whom does this vow serve? (once it is fulfilled, Forge a Bond with them may reroll)"
        )
        nobody = NO_ONE
    return Question(
        "move",
        "with",
        f"{char.name} — Swear an Iron Vow: {prompt}",
        (*known, nobody),
        kind="text",
        help=MOVE.input("with").help_for("Swear an Iron Vow"),
        open=True,
        args=dict(args),
    )


def journey_question(char: Any, args: JsonDict) -> Question:
    """Undertake a Journey's initial roll: are you setting off from a community you share a
    bond with? One of the bonds (+1), or none."""
    from ironsworn.table.moves import MOVE

    return Question(
        "move",
        "with",
        f"{char.name} — Undertake a Journey: are you setting off from a community you share "
        "a bond with? (+1)",
        (*(Choice(b, b, "a bond on your sheet: +1") for b in char.bonds), NOT_FROM_A_BOND),
        kind="text",
        help=MOVE.input("with").help_for("Undertake a Journey"),
        complete=True,
        args=dict(args),
    )


def fulfilled_for(state: Any, char: Any) -> list[str]:
    """The people (or communities) ``char`` fulfilled a vow to, not on their bonds yet."""
    bonds = {b.casefold() for b in char.bonds}
    served: list[str] = []
    for track_id, person in (char.flags.get("vows_for") or {}).items():
        track = state.tracks.get(track_id)
        name = str(person)
        if track is None or track.status != "fulfilled" or name.casefold() in bonds:
            continue
        if name.casefold() not in {s.casefold() for s in served}:
            served.append(name)
    return served


def forge_question(char: Any, served: list[str], args: JsonDict) -> Question:
    """Forge a Bond: with whom? Those served by a fulfilled vow first (the reroll), open."""
    from ironsworn.table.moves import MOVE

    return Question(
        "move",
        "with",
        f"{char.name} — Forge a Bond: with whom?",
        (
            *(
                Choice(p, p, "you fulfilled a vow to their benefit: reroll any dice")
                for p in served
            ),
            Choice("none", "unnamed", "name them later (or give a name of your own)"),
        ),
        kind="text",
        help=MOVE.input("with").help_for("Forge a Bond"),
        open=True,
        args=dict(args),
    )


def sojourn_question(char: Any, args: JsonDict) -> Question:
    """Sojourn: do you share a bond with this community? One of the bonds (+1), or none."""
    from ironsworn.table.moves import MOVE

    return Question(
        "move",
        "with",
        f"{char.name} — Sojourn: Do you share a bond with this community? (+1)",
        (
            *(Choice(b, b, "a bond on your sheet: +1") for b in char.bonds),
            Choice("none", "no bond"),
        ),
        kind="text",
        help=MOVE.input("with").help_for("Sojourn"),
        complete=True,
        args=dict(args),
    )


def test_question(char: Any, args: JsonDict) -> Question:
    """Test Your Bond: which bond is tested? One of the bonds, or none (a bond marked with no
    name on the sheet)."""
    from ironsworn.table.moves import MOVE

    return Question(
        "move",
        "with",
        f"{char.name} — Test Your Bond: Which bond is tested?",
        (
            *(Choice(b, b) for b in char.bonds),
            Choice("none", "no bond", "a bond marked without a name"),
        ),
        kind="text",
        help=MOVE.input("with").help_for("Test Your Bond"),
        complete=True,
        args=dict(args),
    )
