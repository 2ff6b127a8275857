"""Oracle rolls: d100 (00 reads as 100) and Ask the Oracle's five odds (rulebook p. 107).

A yes/no answer is "yes" when the roll is at least the odds' threshold. A roll of 11, 22, ...,
99 or 100 (both digits equal, "00") is a match: an extreme result or a twist. With the
campaign option of even matches (seed 000 L5127-5135) only 22, 44, 66, 88 and 100 are:
ENGINE CHOICE, the oracle dice are two d10 read as tens and units, and "00" is two tens.
"""

from __future__ import annotations

from enum import StrEnum

from ironsworn.dice import Dice
from ironsworn.errors import InvalidValue
from ironsworn.record import record

TYPE_CHECKING = False  # typing is not imported at run time: see ironsworn.record

if TYPE_CHECKING:
    from typing import Any


class Odds(StrEnum):
    ALMOST_CERTAIN = "almost_certain"
    LIKELY = "likely"
    FIFTY_FIFTY = "fifty_fifty"
    UNLIKELY = "unlikely"
    SMALL_CHANCE = "small_chance"

    @property
    def yes_at_least(self) -> int:
        """The lowest d100 roll that answers yes."""
        return {
            "almost_certain": 11,
            "likely": 26,
            "fifty_fifty": 51,
            "unlikely": 76,
            "small_chance": 91,
        }[self.value]

    @property
    def label(self) -> str:
        return "50/50" if self is Odds.FIFTY_FIFTY else self.value.replace("_", " ").title()

    @classmethod
    def parse(cls, text: str) -> Odds:
        """Accept ``likely``, ``Likely``, ``small chance``, ``50/50``, ``fifty_fifty``..."""
        key = text.strip().lower().replace("-", "_").replace(" ", "_")
        if key in ("50/50", "50_50", "5050", "fifty_fifty", "fiftyfifty"):
            return cls.FIFTY_FIFTY
        for odds in cls:
            if odds.value == key:
                return odds
        accepted = ", ".join(o.value for o in cls) + " (or 50/50)"
        raise InvalidValue(f"odds {text!r} is unknown (accepted: {accepted})")


def check_d100(value: int) -> int:
    """Validate a d100 result; 0 (a typed "00") reads as 100."""
    if value == 0:
        return 100
    if not 1 <= value <= 100:
        raise InvalidValue(f"oracle roll {value} is out of range (1 to 100; 00 reads as 100)")
    return value


def is_oracle_match(value: int, even_matches: bool = False) -> bool:
    """Both digits equal: 11, 22, ..., 99, and 100 (read as 00); only even ones if asked."""
    if value == 100:
        return True
    return value % 11 == 0 and 11 <= value <= 99 and (not even_matches or value % 2 == 0)


def roll_d100(dice: Dice) -> int:
    return check_d100(dice.roll(100))


@record
class OracleAnswer:
    """The result of asking the oracle a yes/no question."""

    odds: Odds
    roll: int
    even_matches: bool = False

    @property
    def yes(self) -> bool:
        return self.roll >= self.odds.yes_at_least

    @property
    def match(self) -> bool:
        return is_oracle_match(self.roll, self.even_matches)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "odds": self.odds.value,
            "roll": self.roll,
            "answer": "yes" if self.yes else "no",
            "match": self.match,
        }
        if self.even_matches:
            data["even_matches"] = True
        return data


def ask_the_oracle(
    odds: Odds, dice: Dice | None = None, value: int | None = None, even_matches: bool = False
) -> OracleAnswer:
    """Ask a yes/no question with ``odds``: roll ``dice`` or use a given ``value``."""
    if value is not None:
        return OracleAnswer(odds, check_d100(value), even_matches)
    if dice is None:
        raise InvalidValue("ask the oracle needs dice or a value")
    return OracleAnswer(odds, roll_d100(dice), even_matches)
