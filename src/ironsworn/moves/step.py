"""The context a rules handler works with: one step of the engine's agenda for one character."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ironsworn.campaign.character_state import copy_json
from ironsworn.errors import InvalidValue
from ironsworn.outcomes import BY_VALUE, Outcome, outcome_of

if TYPE_CHECKING:
    from ironsworn.campaign.state import CampaignState, CharacterState, TrackState
    from ironsworn.content.model import Move
    from ironsworn.moves.engine import MoveEngine

JsonDict = dict[str, Any]

_NESTED = (dict, list, tuple)
# The types of most of a step's values, told at once by their type (no isinstance call each):
# none of them is a dict, list or tuple, so none is copied.
_SCALARS = frozenset({str, int, bool, float, type(None)})


def own_step(step: Mapping[str, Any]) -> JsonDict:
    """The engine's own copy of a step the campaign state holds (a decision's resume step, a
    step of the agenda), for the handlers to change in place.

    Every value is copied but the roll: a roll is never changed once rolled (the ``roll``
    event of its move holds the very same record, so a change would rewrite history), and it
    is most of a step. A step's roll is only ever replaced whole (a burn, a reroll).
    """
    own = dict(step)  # the scalars, most of a step, as they are (in the step's order)
    for key, value in step.items():
        if type(value) not in _SCALARS and isinstance(value, _NESTED) and key != "roll":
            own[key] = copy_json(value)
    return own


def own_agenda(agenda: Sequence[Any]) -> list[JsonDict]:
    """The engine's own copy of an agenda the campaign state holds (see :func:`own_step`)."""
    return [own_step(step) if isinstance(step, dict) else copy_json(step) for step in agenda]


class Step:
    """The context a rules handler works with: one step of the agenda for one character."""

    __slots__ = ("_move", "data", "engine", "name", "state")

    def __init__(self, engine: MoveEngine, data: JsonDict, move: Move | None = None) -> None:
        self.engine = engine
        self.data = data
        # The campaign the engine plays (an engine keeps its state for its whole life): an
        # attribute, not a lookup, as handlers read it many times a move.
        self.state: CampaignState = engine.state
        # The step's move: given by the engine, which has it, else looked up when first
        # asked for.
        self._move: Move | None = move
        # The character's name, read by handlers many times a step: a step's character never
        # changes (no handler rewrites it). A step that names none has no name to read.
        if "character" in data:
            self.name: str = str(data["character"])

    # --- what the step is about ------------------------------------------------------------

    @property
    def char(self) -> CharacterState:
        # The name as written first (a handler asks for it many times a move), then the
        # state's own lookup: the same record either way.
        found = self.state.characters.get(self.data["character"])
        return found if found is not None else self.state.character(self.data["character"])

    @property
    def move(self) -> Move:
        # A step's move never changes (no handler rewrites it): looked up once.
        found = self._move
        if found is None:
            found = self._move = self.engine.ruleset.any_move(self.data["move"])
        return found

    @property
    def outcome(self) -> Outcome:
        # (outcome_of's table read here: asked several times a move)
        value = self.data["outcome"]
        found = BY_VALUE.get(value)
        return found if found is not None else outcome_of(value)

    @property
    def roll(self) -> JsonDict:
        roll: JsonDict = self.data["roll"]
        return roll

    @property
    def amount(self) -> int | None:
        value = self.data.get("amount")
        return None if value is None else int(value)

    def track(self, kinds: tuple[str, ...]) -> TrackState:
        return self.state.tracks[self.data["track"]] if self.data.get("track") else _missing(kinds)

    # --- effects ---------------------------------------------------------------------------

    def emit(self, event: JsonDict) -> None:
        self.engine.emit(event)

    def note(self, text: str, when: str | None = None) -> None:
        self.engine.note(text, when)

    def add_to_roll(self, amount: int, source: str) -> None:
        """Add ``amount`` to this move's action roll, given by ``source`` (``a bond with
        Elda``, ``your last move``): the roll event says what gave each add (``adds_from``),
        so the log and the story can tell it."""
        data = self.data
        data["bonus"] = int(data.get("bonus", 0)) + amount
        data["bonus_from"] = [*data.get("bonus_from", ()), {"amount": amount, "from": source}]

    def momentum(self, delta: int, who: str | None = None) -> None:
        self.engine.momentum(who or self.name, delta)

    def meter(self, meter: str, delta: int, who: str | None = None) -> int:
        return self.engine.meter(who or self.name, meter, delta)

    def supply(self, delta: int) -> None:
        self.engine.supply(self.name, delta)

    def initiative(self, value: bool, who: str | None = None) -> None:
        self.engine.set_initiative(who or self.name, value)

    def flag(self, flag: str, value: Any, who: str | None = None) -> None:
        self.engine.set_flag(who or self.name, flag, value)

    def debility(self, debility: str, value: bool, who: str | None = None) -> None:
        self.engine.set_debility(who or self.name, debility, value)

    def mark_progress(self, track: TrackState, times: int = 1) -> None:
        self.engine.mark_progress(track, times)

    def follow(self, move: str, **args: Any) -> None:
        """Queue a follow-on move (made right after the current step)."""
        self.engine.follow(self.name, move, **args)

    def pay_the_price(self) -> None:
        # "If you rolled a match on a move ... and the outcome of that move tells you to Pay
        # the Price, you can consider rolling on the table" (seed 000 L2716-2719).
        roll = self.data.get("roll")
        after_match = isinstance(roll, dict) and bool(roll.get("match"))
        self.follow("pay_the_price", **({"after_match": True} if after_match else {}))

    def choose(
        self,
        point: str,
        options: Sequence[tuple[str, str]],
        count: int = 1,
        minimum: int | None = None,
        prompt: str | None = None,
        who: str | None = None,
        text: Mapping[str, Any] | None = None,
        decline: str | None = None,
        **context: Any,
    ) -> None:
        """Ask the player to choose; ``point`` names the resume handler.

        ``decline``: what declining is in the move's own words, when it names it ("press
        on": Starforged's weak hit of Endure Harm), for a surface to say on its button.

        ``text`` asks for words with the answer (a new vow's name, a second role):
        ``{"prompt", "default", "keys"}``; the default (None: the words are needed) is taken
        when none are given, and ``keys`` (None: all) are the options that take them. The
        resume handler reads them as ``data["text"]``.
        """
        listed = []  # (a loop, not a comprehension: no frame of its own, once a decision)
        for key, words in options:
            listed.append({"key": key, "text": words})
        decision: JsonDict = {
            "kind": "choose",
            "character": who or self.name,
            "move": self.data.get("move"),
            "prompt": prompt or _choose_how_many(count, minimum),
            "options": listed,
            "count": count,
            "min": count if minimum is None else minimum,
            "resume": {**self.data, "point": point, "context": context},
        }
        if decline is not None:
            decision["decline"] = decline
        if text is not None:
            keys = None if text.get("keys") is None else list(text["keys"])
            if keys is not None:
                # Words go with an option offered: none offered here (Continue a Legacy's
                # miss has no place to name), none asked.
                keys = [k for k in keys if any(k == o["key"] for o in listed)]
            if keys is None or keys:
                decision["text"] = {
                    "prompt": str(text["prompt"]),
                    "default": text.get("default"),
                    "keys": keys,
                }
        self.engine.ask(decision)

    def choose_later(
        self, point: str, decision: JsonDict, context: JsonDict, who: str | None = None
    ) -> None:
        """Queue a choice asked once the move's own decisions and follow-ons are answered (an
        ability's offer or "choose one"): ``decision`` holds its prompt, options, count and
        min; ``who`` chooses (default this step's character); ``point`` names the resume
        handler, which gets this step's data with ``context``."""
        self.engine.queue(
            {
                "step": "ask",
                "decision": {
                    "kind": "choose",
                    "character": who or self.name,
                    "move": self.data.get("move"),
                    **decision,
                    "resume": {
                        **{k: v for k, v in self.data.items() if k not in ("point", "keys")},
                        "point": point,
                        "context": context,
                    },
                },
            }
        )

    def options_of(self, list_name: str, exclude: Iterable[str] = ()) -> list[tuple[str, str]]:
        move = self._move or self.move  # (the move given, without the property's call)
        found = _CHOICES.get((move.id, list_name))
        if found is None or found[0] is not move:  # (another content's move of that id)
            options = tuple((o.key, o.text) for o in move.choices[list_name].options)
            found = _CHOICES[move.id, list_name] = (move, options)
        if exclude:
            skip = set(exclude)
            return [option for option in found[1] if option[0] not in skip]
        return list(found[1])  # the caller's own list (it may sort it)


# The (key, text) of each option of a move's choice list, by move id and list name, worked
# out once (content never changes once loaded).
_CHOICES: dict[tuple[str, str], tuple[Move, tuple[tuple[str, str], ...]]] = {}


def _missing(kinds: tuple[str, ...]) -> TrackState:
    raise InvalidValue(
        f"this move acts on a {'/'.join(kinds)} track: name one ({{track}})",
        input="track",
        accepted=kinds,
    )


_COUNTS = ("none", "one", "two", "three", "four", "five")


def _choose_how_many(count: int, minimum: int | None) -> str:
    """A choice's prompt where the move gives none: how many it takes, as the rulebook says
    it ("choose one", "choose two"; "choose up to two" where fewer may be taken), not a bare
    "choose" that left a player to count the options allowed."""
    words = _COUNTS[count] if 0 <= count < len(_COUNTS) else str(count)
    if minimum is not None and minimum < count:
        return "choose one, or decline" if count == 1 else f"choose up to {words}"
    return f"choose {words}"
