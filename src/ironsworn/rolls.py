"""Action rolls and progress rolls: frozen records that keep every input.

An :class:`ActionRoll` keeps the action die, stat, adds, both challenge dice and the momentum at
the time of the roll; score, outcome, match and the burn offer are derived, so a stored roll can
be re-checked later. Burning is a new record (``burned=True``), never a mutation.

Rules (rulebook pp. 8-9, 31-33, 39-41):

- Action score = action die + stat + adds, never greater than 10. Negative momentum equal in
  absolute value to the action die cancels the die (it counts as 0).
- Each challenge die is beaten when the score is *greater*; ties go to the challenge dice.
  Both beaten: strong hit; one: weak hit; none: miss. Equal challenge dice are a match.
- Burning (action rolls only, positive momentum only, after the roll): a challenge die strictly
  below momentum counts as beaten. ENGINE CHOICE (spec §6.2): per die, beaten = score > die or
  (burned and die < momentum); a match stays a match after a burn (spec §6.3).
- Progress score = full boxes (0-10), 2d10, no action die, no momentum of any kind.
- The campaign option "adjusting the impact of matches" (seed 000 L5127-5135: "Resolve the
  impact of a match only when your challenge dice come up as an even number (2, 4, 6, 8, or
  10)") is kept on the record as ``even_matches``: with it, equal odd dice are no match.
"""

from __future__ import annotations

from ironsworn.dice import Dice, RandomDice
from ironsworn.errors import InvalidValue, RuleViolation
from ironsworn.momentum import (
    MOMENTUM_MAX,
    MOMENTUM_MIN,
    action_die_cancelled,
    can_burn,
)
from ironsworn.outcomes import Outcome
from ironsworn.record import record, replace

TYPE_CHECKING = False  # typing is not imported at run time: see ironsworn.record

if TYPE_CHECKING:
    from typing import Any

SCORE_CAP = 10
STAT_MIN, STAT_MAX = 0, 5  # stats are 1-4; meters rolled as a stat (supply, health) 0-5
ADDS_MIN, ADDS_MAX = 0, 10
PROGRESS_SCORE_MAX = 10
# What a roll event's ``adds_from`` says of an add the player gave with the move (the others
# name their source: a bond, an asset, an earlier move's bonus).
GIVEN_ADD = "an add given with the move"


def _check(value: int, low: int, high: int, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidValue(f"{what} {value!r} is not a whole number ({low} to {high})")
    if not low <= value <= high:
        raise InvalidValue(f"{what} {value} is out of range ({low} to {high})")
    return value


def _check_challenge(challenge: tuple[int, int]) -> None:
    """Refuse challenge dice that are not two d10 results (an action or a progress roll's)."""
    if len(challenge) != 2:
        raise InvalidValue(f"challenge dice {challenge!r}: exactly two are needed")
    for c in challenge:
        _check(c, 1, 10, "challenge die")


def is_match(challenge: tuple[int, int], even_matches: bool = False) -> bool:
    """Equal challenge dice; with ``even_matches`` only an even pair counts (L5127-5135)."""
    return challenge[0] == challenge[1] and (not even_matches or challenge[0] % 2 == 0)


def _beaten_count(score: int, challenge: tuple[int, int], burn_below: int | None) -> int:
    first, second = challenge  # always two dice (the records check it)
    if burn_below is None:
        return (score > first) + (score > second)
    return (score > first or first < burn_below) + (score > second or second < burn_below)


@record
class ActionRoll:
    """One action roll with every input kept."""

    action_die: int
    stat: int
    adds: int
    challenge: tuple[int, int]
    momentum: int = 0
    burned: bool = False
    even_matches: bool = False

    def __post_init__(self) -> None:
        die, stat, adds, momentum, challenge = (
            self.action_die,
            self.stat,
            self.adds,
            self.momentum,
            self.challenge,
        )
        if (
            # Every value a whole number in its range (a bool is no number here): the usual
            # case, checked in one expression; anything else is checked value by value below,
            # which refuses it with its message.
            type(die) is int
            and 1 <= die <= 6
            and type(stat) is int
            and STAT_MIN <= stat <= STAT_MAX
            and type(adds) is int
            and ADDS_MIN <= adds <= ADDS_MAX
            and type(momentum) is int
            and MOMENTUM_MIN <= momentum <= MOMENTUM_MAX
            and type(challenge) is tuple
            and len(challenge) == 2
            and type(challenge[0]) is int
            and 1 <= challenge[0] <= 10
            and type(challenge[1]) is int
            and 1 <= challenge[1] <= 10
            and (not self.burned or can_burn(momentum))
        ):
            return
        _check(self.action_die, 1, 6, "action die")
        _check(self.stat, STAT_MIN, STAT_MAX, "stat")
        _check(self.adds, ADDS_MIN, ADDS_MAX, "adds")
        _check(self.momentum, MOMENTUM_MIN, MOMENTUM_MAX, "momentum")
        _check_challenge(self.challenge)
        if self.burned and not can_burn(self.momentum):
            raise RuleViolation(f"cannot burn momentum {self.momentum:+d}: it must be positive")

    @property
    def action_die_cancelled(self) -> bool:
        """True when negative momentum cancelled the action die."""
        return action_die_cancelled(self.action_die, self.momentum)

    @property
    def action_value(self) -> int:
        """The action die as it counts: 0 when cancelled."""
        return 0 if self.action_die_cancelled else self.action_die

    @property
    def score(self) -> int:
        """Action die (or 0) + stat + adds, capped at 10."""
        return min(SCORE_CAP, self.action_value + self.stat + self.adds)

    @property
    def match(self) -> bool:
        """Both challenge dice show the same number (an even one with ``even_matches``)."""
        return is_match(self.challenge, self.even_matches)

    @property
    def outcome(self) -> Outcome:
        burn_below = self.momentum if self.burned else None
        return Outcome.from_beaten(_beaten_count(self.score, self.challenge, burn_below))

    @property
    def outcome_without_burn(self) -> Outcome:
        return Outcome.from_beaten(_beaten_count(self.score, self.challenge, None))

    @property
    def burn_outcome(self) -> Outcome | None:
        """The outcome a burn would give, or None when a burn is not possible or gains nothing."""
        if self.burned or not can_burn(self.momentum):
            return None
        burned = Outcome.from_beaten(_beaten_count(self.score, self.challenge, self.momentum))
        return burned if burned.rank > self.outcome.rank else None

    def burn(self) -> ActionRoll:
        """The same roll with momentum burned (the caller resets momentum)."""
        if self.burned:
            raise RuleViolation("momentum was already burned on this roll")
        if self.burn_outcome is None:
            raise RuleViolation(
                f"burning momentum {self.momentum:+d} would not improve a {self.outcome.words} "
                f"against {self.challenge[0]} and {self.challenge[1]}"
            )
        return replace(self, burned=True)

    def rerolled(
        self,
        dice: Dice,
        action: bool = False,
        challenge: tuple[bool, bool] = (False, False),
    ) -> ActionRoll:
        """Reroll any of the three dice once, in one throw; the new results stand.

        Used by moves and assets that let you "reroll any dice" (rulebook p. 58: Forge a Bond
        after fulfilling a vow for them, the Slayer asset). ENGINE CHOICE (spec §6.3): a reroll
        comes before any burn, so a burned roll cannot be rerolled; the dice are rolled in the
        order action die, first challenge die, second challenge die.
        """
        if self.burned:
            raise RuleViolation("reroll before burning momentum, not after")
        if not (action or any(challenge)):
            raise InvalidValue("choose at least one die to reroll")
        die = dice.roll(6) if action else self.action_die
        c1 = dice.roll(10) if challenge[0] else self.challenge[0]
        c2 = dice.roll(10) if challenge[1] else self.challenge[1]
        return replace(self, action_die=die, challenge=(c1, c2))

    def to_json(self, momentum_reset: int | None = None) -> dict[str, Any]:
        """The roll as JSON; ``burn`` is the offer when a burn would improve the outcome."""
        # The score and outcomes worked out once (the properties would each do it again).
        cancelled = self.action_die_cancelled
        score = min(SCORE_CAP, (0 if cancelled else self.action_die) + self.stat + self.adds)
        outcome = Outcome.from_beaten(
            _beaten_count(score, self.challenge, self.momentum if self.burned else None)
        )
        burn: dict[str, Any] | None = None
        if not self.burned and can_burn(self.momentum):
            offer = Outcome.from_beaten(_beaten_count(score, self.challenge, self.momentum))
            if offer.rank > outcome.rank:
                burn = {"outcome": offer.value, "momentum_after": momentum_reset}
        data: dict[str, Any] = {
            "type": "action",
            "action_die": self.action_die,
            "action_die_cancelled": cancelled,
            "stat": self.stat,
            "adds": self.adds,
            "score": score,
            "challenge": list(self.challenge),
            "outcome": outcome.value,
            "match": self.match,
            "momentum": self.momentum,
            "burned": self.burned,
            "burn": burn,
        }
        if self.even_matches:
            data["even_matches"] = True  # the campaign option: only even pairs are matches
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> ActionRoll:
        """Rebuild a roll from :meth:`to_json` output (derived fields are recomputed)."""
        c1, c2 = data["challenge"]
        return cls(
            action_die=int(data["action_die"]),
            stat=int(data["stat"]),
            adds=int(data["adds"]),
            challenge=(int(c1), int(c2)),
            momentum=int(data.get("momentum", 0)),
            burned=bool(data.get("burned", False)),
            even_matches=bool(data.get("even_matches", False)),
        )


@record
class ProgressRoll:
    """One progress roll: the progress score against two challenge dice."""

    score: int
    challenge: tuple[int, int]
    even_matches: bool = False
    # The challenge die (0 or 1) an ability cancelled: it counts as beaten (Revenant: "burn
    # momentum to cancel one (not both) of the challenge dice").
    cancelled: int | None = None

    def __post_init__(self) -> None:
        _check(self.score, 0, PROGRESS_SCORE_MAX, "progress score")
        _check_challenge(self.challenge)
        if self.cancelled not in (None, 0, 1):
            raise InvalidValue(f"cancelled die {self.cancelled!r}: 0 or 1 (the first or second)")

    @property
    def match(self) -> bool:
        return is_match(self.challenge, self.even_matches)

    @property
    def outcome(self) -> Outcome:
        beaten = sum(
            1 for i, c in enumerate(self.challenge) if self.score > c or i == self.cancelled
        )
        return Outcome.from_beaten(beaten)

    def rerolled(self, dice: Dice, challenge: tuple[bool, bool]) -> ProgressRoll:
        """Reroll either challenge die or both, in one throw (first, then second); the new
        results stand (Fated, Honorbound: "reroll any dice" / "one challenge die")."""
        c1, c2 = self.challenge
        first = dice.roll(10) if challenge[0] else c1
        second = dice.roll(10) if challenge[1] else c2
        return replace(self, challenge=(first, second))

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "type": "progress",
            "score": self.score,
            "challenge": list(self.challenge),
            "outcome": self.outcome.value,
            "match": self.match,
        }
        if self.even_matches:
            data["even_matches"] = True
        if self.cancelled is not None:
            data["cancelled"] = self.cancelled
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> ProgressRoll:
        c1, c2 = data["challenge"]
        cancelled = data.get("cancelled")
        return cls(
            score=int(data["score"]),
            challenge=(int(c1), int(c2)),
            even_matches=bool(data.get("even_matches", False)),
            cancelled=None if cancelled is None else int(cancelled),
        )


def roll_action(
    dice: Dice,
    stat: int,
    adds: int = 0,
    momentum: int = 0,
    even_matches: bool = False,
    preset: int | None = None,
) -> ActionRoll:
    """Roll the action die and two challenge dice (in that order) and build the record.

    ``preset`` is an action die set instead of rolled (Starforged: "preset your action die
    to 4"); then only the challenge dice are rolled."""
    # Validate before rolling so that typed dice are not consumed by a bad call.
    _check(stat, STAT_MIN, STAT_MAX, "stat")
    _check(adds, ADDS_MIN, ADDS_MAX, "adds")
    _check(momentum, MOMENTUM_MIN, MOMENTUM_MAX, "momentum")
    if preset is not None:
        _check(preset, 1, 6, "preset action die")
    action = dice.roll(6) if preset is None else preset
    challenge = (dice.roll(10), dice.roll(10))
    return ActionRoll(action, stat, adds, challenge, momentum, False, even_matches)


# The outcomes' values by challenge dice beaten (0, 1 or 2), as the JSON of a roll names them.
_BEATEN_VALUES = ("miss", "weak_hit", "strong_hit")


def roll_action_json(
    dice: Dice,
    stat: int,
    adds: int = 0,
    momentum: int = 0,
    even_matches: bool = False,
    preset: int | None = None,
    momentum_reset: int | None = None,
) -> dict[str, Any]:
    """``roll_action(...).to_json(momentum_reset)``, worked out without building the record:
    the same checks (before the dice, then of the dice), the same dice in the same order, the
    same JSON. The engine rolls every action move this way; an out-of-range value takes the
    record's own path, which refuses it with its message."""
    if not (
        type(stat) is int
        and STAT_MIN <= stat <= STAT_MAX
        and type(adds) is int
        and ADDS_MIN <= adds <= ADDS_MAX
        and type(momentum) is int
        and MOMENTUM_MIN <= momentum <= MOMENTUM_MAX
        and (preset is None or (type(preset) is int and 1 <= preset <= 6))
    ):
        return roll_action(dice, stat, adds, momentum, even_matches, preset).to_json(momentum_reset)
    if preset is None and type(dice) is RandomDice:
        # The engine's own dice, in one call: faces a d6 and two d10s show, nothing to check.
        die, first, second = dice.action_dice()
    else:
        die = dice.roll(6) if preset is None else preset
        first, second = dice.roll(10), dice.roll(10)
        if not (
            type(die) is int
            and 1 <= die <= 6
            and type(first) is int
            and 1 <= first <= 10
            and type(second) is int
            and 1 <= second <= 10
        ):
            # Dice that gave a value no die shows: the record refuses it, as it always has.
            return ActionRoll(
                die, stat, adds, (first, second), momentum, False, even_matches
            ).to_json(momentum_reset)
    cancelled = momentum < 0 and -momentum == die
    total = (0 if cancelled else die) + stat + adds
    score = total if total < SCORE_CAP else SCORE_CAP  # (min, without the call: every roll)
    beaten = (score > first) + (score > second)
    burn: dict[str, Any] | None = None
    if momentum > 0:
        burned = (score > first or first < momentum) + (score > second or second < momentum)
        if burned > beaten:
            burn = {"outcome": _BEATEN_VALUES[burned], "momentum_after": momentum_reset}
    data: dict[str, Any] = {
        "type": "action",
        "action_die": die,
        "action_die_cancelled": cancelled,
        "stat": stat,
        "adds": adds,
        "score": score,
        "challenge": [first, second],
        "outcome": _BEATEN_VALUES[beaten],
        "match": first == second and (not even_matches or first % 2 == 0),
        "momentum": momentum,
        "burned": False,
        "burn": burn,
    }
    if even_matches:
        data["even_matches"] = True  # the campaign option: only even pairs are matches
    return data


def roll_progress_json(dice: Dice, score: int, even_matches: bool = False) -> dict[str, Any]:
    """``roll_progress(...).to_json()``, worked out without building the record (as
    :func:`roll_action_json` is): the same check, the same dice, the same JSON. A score out of
    range, or dice that gave a value no d10 shows, take the record's own path, which refuses
    them with its message."""
    if not (type(score) is int and 0 <= score <= PROGRESS_SCORE_MAX):
        return roll_progress(dice, score, even_matches).to_json()
    first, second = dice.roll(10), dice.roll(10)
    if not (type(first) is int and 1 <= first <= 10 and type(second) is int and 1 <= second <= 10):
        return ProgressRoll(score, (first, second), even_matches).to_json()
    data: dict[str, Any] = {
        "type": "progress",
        "score": score,
        "challenge": [first, second],
        "outcome": _BEATEN_VALUES[(score > first) + (score > second)],
        "match": is_match((first, second), even_matches),
    }
    if even_matches:
        data["even_matches"] = True
    return data


def roll_progress(dice: Dice, score: int, even_matches: bool = False) -> ProgressRoll:
    """Roll two challenge dice against a progress score."""
    _check(score, 0, PROGRESS_SCORE_MAX, "progress score")
    return ProgressRoll(score, (dice.roll(10), dice.roll(10)), even_matches)
