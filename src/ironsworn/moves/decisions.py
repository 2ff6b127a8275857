"""Pending decisions: how a move asks the player, and how the answer is taken.

When a step needs the player (a "choose" list, a burn that would improve the outcome) the engine
stores one *pending decision* (:meth:`Decisions.ask`) and stops. :class:`Decisions` is the part
of :class:`~ironsworn.moves.engine.MoveEngine` that answers it: :meth:`~Decisions.choose`,
:meth:`~Decisions.burn` and :meth:`~Decisions.decline` as commands, or the ``choose`` /
``burn`` inputs answered in advance with the move. An answer checks the keys (and the words a
decision asks for, :func:`answer_text`), records a ``choice`` or ``burn`` event and puts the
step that goes on from it at the front of the agenda.

**A decision belongs to its character.** While Asha's decision waits, Kai may act: his move
sets hers aside (``state.parked``: her decision with the steps still to run after it) and,
when his move is done, hers is the waiting one again. Asha cannot act until she answers; an
answer naming her character takes her decision up wherever it waits
(:meth:`~Decisions.make_room`, ``character=`` on the answers). The log stays one sequence.

**A move of two characters orders their decisions.** A decision that involves other characters
names them, in order, as ``then`` (:meth:`~Decisions.ask`): the ally aided ("When you Secure an
Advantage in direct support of an ally", seed 000 L2020) and the one who aids, the ally opposed
(both Face Danger; "Whoever gains control of the outcome decides which of the two moves
should be resolved", L5211-5212), the characters whose steps of the same move are still to run (each
ally's choice at Make Camp, the second miss of an opposed roll), and those who share the
track it works on ("If you are traveling with allies, one of you makes the Undertake a Journey
roll for each segment, and you share a progress track", L1771-1773). They wait for it: a move
or an answer of theirs is refused with a message naming whose decision comes first, and the
decision tells every surface who waits on it. ENGINE CHOICE: a fight's track does not make its
sharers wait ("you each track your own initiative based on the outcome of your moves",
L1482-1483; "each of you make your own move", L2085); another character the decision does not
involve acts meanwhile, as before.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import partial
from typing import TYPE_CHECKING, Any

from ironsworn.counting import counted
from ironsworn.errors import InvalidValue, OptionNeeded, RuleViolation
from ironsworn.moves.changes import StateChanges
from ironsworn.moves.step import own_agenda, own_step
from ironsworn.rolls import ActionRoll

if TYPE_CHECKING:
    from ironsworn.moves.records import OperationResult

JsonDict = dict[str, Any]


class Decisions(StateChanges):
    """Asking and answering the pending decision (mixed into the engine)."""

    agenda: list[JsonDict]
    pending: JsonDict | None
    parked: dict[str, JsonDict]
    answers: list[str]
    auto_burn: bool | None
    # Where the operation asking a decision is kept (the campaign's head when it began, set
    # by the commit path): each decision asked is stamped with it, so two decisions alike in
    # every other way (the same move, roll and options, asked again later) are told apart by
    # their tokens. None: not stamped (an engine that keeps nothing).
    asked_at: int | None = None

    if TYPE_CHECKING:
        # Provided by the engine: the operation wrapper, the agenda loop, the move records.
        def operation(
            self, kind: str, character: str | None, body: Callable[[], None]
        ) -> OperationResult: ...

        def _run(self) -> None: ...

        def update_record(self, step: JsonDict) -> None: ...

    # --- the commands that answer it -------------------------------------------------------

    def choose(
        self,
        keys: Sequence[str],
        *,
        burn: bool | None = None,
        text: str | None = None,
        character: str | None = None,
    ) -> OperationResult:
        """Answer the pending "choose" decision with option keys, and the words it asks for
        (``text``: a new vow's name...) when it asks for some; ``character``: the decision of
        that character (default: the one waiting now)."""
        # (a bound method with its arguments as the operation's body, not a closure whose
        # cells would be made on every answer)
        return self.operation(
            "choice",
            character or self._pending_character(),
            partial(self._choose, keys, burn, text, character),
        )

    def _choose(
        self, keys: Sequence[str], burn: bool | None, text: str | None, character: str | None
    ) -> None:
        """The body of :meth:`choose` (run as its operation)."""
        if character is not None:
            self._take_up(character)
        pending = self._need_pending("choose")
        self.auto_burn = burn
        self._answer(pending, list(keys), text)
        self._run()

    def burn(self, *, character: str | None = None) -> OperationResult:
        """Burn momentum on the roll waiting for that decision (``character``'s)."""

        def run() -> None:
            if character is not None:
                self._take_up(character)
            pending = self._need_pending("burn")
            self._do_burn(pending, True)
            self._run()

        return self.operation("burn", character or self._pending_character(), run)

    def decline(self, *, character: str | None = None) -> OperationResult:
        """Decline the pending decision (``character``'s): no burn, or none of an optional
        list."""

        def run() -> None:
            if character is not None:
                self._take_up(character)
            pending = self._need_pending(None)
            if pending["kind"] == "burn":
                self._do_burn(pending, False)
            else:
                if int(pending.get("min", 1)) > 0:
                    raise RuleViolation(
                        f"this decision cannot be declined: choose {pending['min']} of "
                        + ", ".join(o["key"] for o in pending["options"])
                    )
                self._answer(pending, [])
            self._run()

        return self.operation("decline", character or self._pending_character(), run)

    # --- whose decision --------------------------------------------------------------------

    def waiting_on(self) -> list[str]:
        """The characters who owe a decision: the one waiting now first, then those set
        aside."""
        now = self.pending.get("character") if self.pending is not None else None
        return ([now] if now else []) + [c for c in self.parked if c != now]

    def waits_for(self, character: str) -> JsonDict | None:
        """The decision ``character`` waits for (one that names them in ``then``), if any."""
        if self.pending is None and not self.parked:
            return None  # no decision is owed at all (most moves)
        owed = ([self.pending] if self.pending else []) + [
            e["pending"] for e in self.parked.values()
        ]
        return next((d for d in owed if character in (d.get("then") or ())), None)

    def _refuse_waiting(self, character: str, doing: str) -> None:
        first = self.waits_for(character)
        if first is None:
            return
        owner = first.get("character") or "the table"
        name = self._move_name(first.get("move"))
        raise RuleViolation(
            f"{character}'s {doing} waits for {owner}'s decision first ({name}: "
            f"{first.get('prompt')}); {owner} answers it, then {character}"
        )

    def _asked(self, pending: JsonDict) -> str:
        """What a waiting decision asks, with the move that asks it when its prompt does not
        say ("Secure an Advantage: choose", not "choose": which decision is it?)."""
        prompt = str(pending.get("prompt") or "")
        if not pending.get("move"):
            return prompt
        name = self._move_name(pending.get("move"))
        return prompt if name.lower() in prompt.lower() else f"{name}: {prompt}"

    def _move_name(self, move: Any) -> str:
        found = getattr(getattr(self, "ruleset", None), "moves", {}).get(move)
        if found is not None:
            return str(found.name)
        return str(move).rsplit("/", 1)[-1].replace("_", " ") if move else "a move"

    def make_room(self, character: str) -> None:
        """Let ``character`` act: another character's waiting decision is set aside (with the
        steps after it); ``character``'s own must be answered first, and one that involves
        ``character`` (``then``) too, by its owner."""
        if self.pending is None and not self.parked:
            return  # no decision is owed at all (most moves): nothing to wait for or set aside
        self._refuse_waiting(character, "move")
        mine = self.parked.get(character)
        if mine is not None:
            raise RuleViolation(
                f"{character}'s decision is pending ({self._asked(mine['pending'])}): answer "
                "it with choose, burn or decline first"
            )
        if self.pending is None:
            return
        owner = self.pending.get("character")
        if not owner or owner == character or owner in self.parked:
            from ironsworn.errors import DecisionPending

            raise DecisionPending(
                f"a decision is pending ({self._asked(self.pending)}): answer it with "
                "choose, burn or decline first"
            )
        self._parked_to_change()[owner] = {"pending": self.pending, "agenda": self.agenda}
        self.pending, self.agenda = None, []

    def _parked_to_change(self) -> dict[str, JsonDict]:
        """The decisions set aside, as this operation's own to change: the state's are
        shared until then (and never changed in place: a ``parked`` event replaces them)."""
        parked = self.parked
        if parked is self.state.parked:
            parked = self.parked = dict(parked)
        return parked

    def _take_up(self, character: str | None) -> None:
        """Make ``character``'s decision the waiting one (it may have been set aside)."""
        if character is None:
            return
        if self.pending is not None and self.pending.get("character") == character:
            return
        if character not in self.parked:
            self._refuse_waiting(character, "decision")
            waiting = ", ".join(self.waiting_on()) or "nobody"
            raise RuleViolation(
                f"{character} has no decision pending (accepted: a decision of {waiting})"
            )
        parked = self._parked_to_change()
        entry = parked.pop(character)
        if self.pending is not None:
            owner = self.pending.get("character")
            if not owner:
                raise RuleViolation(
                    f"a decision is pending ({self.pending.get('prompt')}): answer it first"
                )
            parked[owner] = {"pending": self.pending, "agenda": self.agenda}
        self.pending, self.agenda = entry["pending"], own_agenda(entry["agenda"])

    def _pending_character(self) -> str | None:
        pending = self.state.pending
        return None if pending is None else pending.get("character")

    def _need_pending(self, kind: str | None) -> JsonDict:
        if self.pending is None:
            raise RuleViolation("there is no pending decision")
        if kind is not None and self.pending["kind"] != kind:
            raise RuleViolation(
                f"the pending decision is a {self.pending['kind']}, not a {kind}: "
                f"{self._asked(self.pending)}"
            )
        return self.pending

    # --- asking and answering -------------------------------------------------------------

    def ask(self, decision: JsonDict) -> None:
        if self.pending is not None:
            raise RuleViolation("internal: a second decision while one is pending")
        following = self._who_follows(decision)
        if following:
            decision["then"] = following
        if self.asked_at is not None:
            decision["asked_at"] = self.asked_at
        self.pending = decision

    def _who_follows(self, decision: Mapping[str, Any]) -> list[str]:
        """The characters a decision involves besides its owner, in the order they come: those
        its move names (the one who moves, an ally, the two sides of an opposed roll), those
        whose steps are queued after it, then those sharing the track it works on."""
        data = decision.get("resume") or decision.get("step") or {}
        if (
            data.get("character") == decision.get("character")
            and not self.agenda
            and data.get("who") is None
            and data.get("ally") is None
            and data.get("own") is None
            and data.get("track") is None
        ):
            # (most decisions: the mover's own, naming nobody else, nothing queued after it,
            # on no track: nobody else is involved)
            return []
        names: list[Any] = [data.get("character"), data.get("who")]
        for key in ("ally", "own"):
            named = data.get(key)
            if named is None:
                continue  # (nobody named: most moves)
            if isinstance(named, str):
                names.append(named)  # the usual values: no look at the Mapping ABC
            else:
                names.append(named.get("character") if isinstance(named, Mapping) else named)
        agenda = self.agenda
        if agenda:  # (most decisions end their chain: nothing queued after them)
            names += [step.get("who") or step.get("character") for step in agenda]
        state = self.state
        named_track = data.get("track")
        track = state.tracks.get(named_track) if isinstance(named_track, str) else None
        if track is not None and track.kind != "fight" and track.status == "active":
            names += track.characters
        owner = decision.get("character")
        characters = state.characters
        out: list[str] = []
        for name in names:
            if name is None or name == owner or name in out or not isinstance(name, str):
                continue
            char = characters.get(name)  # (a name is a character's own or none)
            if char is not None and char.status == "active":
                out.append(name)
        return out

    def _try_auto_answer(self) -> None:
        pending = self.pending
        if pending is None:
            return
        if pending["kind"] == "burn":
            if self.auto_burn is not None:
                self._do_burn(pending, self.auto_burn)
            return
        if not self.answers:
            return  # no answer given in advance (most moves)
        offered = set()  # (a loop: cheaper than a comprehension or a map for a few options)
        for option in pending["options"]:
            offered.add(option["key"])
        taken: list[str] = []
        while self.answers and self.answers[0] in offered and len(taken) < pending["count"]:
            taken.append(self.answers.pop(0))
        if taken and len(taken) >= int(pending.get("min", 1)):
            if text_needed(pending, taken):
                # Words an answer given in advance cannot carry: the decision waits for them.
                return
            self._answer(pending, taken)

    def _answer(self, pending: JsonDict, keys: list[str], text: str | None = None) -> None:
        offered = []  # (a loop: cheaper than a comprehension or a map for a few options)
        for option in pending["options"]:
            offered.append(option["key"])
        for key in keys:
            if key not in offered:
                # (with its data: the input, the key and the keys offered, for a surface
                # that hands them on, as MCP does)
                raise InvalidValue(
                    f"option {key!r} is not offered (accepted: {', '.join(offered)})",
                    input="keys",
                    value=key,
                    accepted=offered,
                )
        taken = len(keys)
        if taken > 1 and len(set(keys)) != taken:  # (one key or none is never twice)
            raise InvalidValue(
                f"each option can be chosen only once: {' '.join(keys)}",
                input="keys",
                value=keys,
                accepted=offered,
            )
        low, high = int(pending.get("min", 1)), int(pending["count"])
        if not low <= taken <= high:
            want = str(high) if low == high else f"{low} to {high}"
            raise InvalidValue(
                f"{counted(taken, 'option')} chosen; choose {want} of: {', '.join(offered)}",
                input="keys",
                value=keys,
                accepted=offered,
            )
        # Words are worked out only for a decision that asks for some or an answer that gives
        # some: without either the answer has none (answer_text's None), as for most answers.
        words = answer_text(pending, keys, text) if text is not None or "text" in pending else None
        self.pending = None
        resumed = pending["resume"]
        # The options' own words, in the order chosen, for the story to tell.
        texts = {option["key"]: str(option["text"]) for option in pending["options"]}
        said = [texts[key] for key in keys]
        choice: JsonDict = {
            "type": "choice",
            "character": pending.get("character"),
            "move": pending.get("move"),
            "point": resumed.get("point"),
            "keys": keys,
            "options": said,
        }
        if words is not None:
            choice["text"] = words
        if not keys and pending.get("decline"):
            choice["declined"] = pending["decline"]  # in the move's words: "press on"
        # A record of the answer: it changes nothing in the state (a record event, which
        # CampaignState.apply_built would pass over), so it joins the operation's events as
        # a note does.
        self.events.append(choice)
        # The step that goes on from the answer: the decision's resume step with the answer,
        # a dictionary of its own whose values are the decision's (which the state holds).
        # A resume handler changes its step by setting a value, never by changing one in
        # place (as a roll is never changed once rolled): copying every value of the step
        # on every answer, most of its cost, bought nothing (tests/moves/test_state_shared.py
        # plays on and checks that no operation changes what the state holds).
        resume = {**resumed, "step": "resume", "keys": keys}
        if words is not None:
            resume["text"] = words
        self.agenda.insert(0, resume)

    def _do_burn(self, pending: JsonDict, burn: bool) -> None:
        self.pending = None
        step = own_step(pending["step"])  # the decision is shared with the state
        if burn:
            roll = ActionRoll.from_json(step["roll"]).burn()
            char = self.state.character(step["character"])
            self.burn_momentum(char)
            step["roll"] = roll.to_json(char.momentum_reset)
            step["outcome"] = roll.outcome.value
            self.update_record(step)
        self.agenda.insert(0, step)


TEXT_LIMIT = 80


def text_needed(pending: Mapping[str, Any], keys: Sequence[str]) -> bool:
    """Whether answering ``pending`` with ``keys`` needs words that have no default."""
    asked = pending.get("text")
    if not asked or asked.get("default") is not None:
        return False
    wanted = asked.get("keys")
    return wanted is None or any(k in wanted for k in keys)


def answer_text(pending: Mapping[str, Any], keys: Sequence[str], text: str | None) -> str | None:
    """The words that go with an answer: ``text`` checked, else the decision's default; None
    when the decision asks for none. Words given where none are asked are refused."""
    asked = pending.get("text")
    wanted = None if not asked else asked.get("keys")
    takes = bool(asked) and (wanted is None or any(k in wanted for k in keys))
    if text is not None:
        if not takes:
            raise InvalidValue(
                input="text",
                value=text,
                accepted=(f"only {', '.join(wanted)} takes words" if asked and wanted else "none"),
                why="is not asked for by this answer",
            )
        words = " ".join(text.split())
        if not words or len(words) > TEXT_LIMIT:
            raise InvalidValue(input="text", value=text, accepted=f"1-{TEXT_LIMIT} characters")
        return words
    if not takes:
        return None
    assert asked is not None
    if asked.get("default") is None:
        # Asked, not refused: the answer's words (a second role, a new vow's name).
        raise OptionNeeded(
            f"{' '.join(keys)}: {asked['prompt']} (your own words)",
            "text",
            (),
            subject=" ".join(keys),
            open=True,
        )
    return str(asked["default"])
