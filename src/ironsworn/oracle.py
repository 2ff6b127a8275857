"""Oracle rolls: d100 (00 reads as 100) and Ask the Oracle's five odds: the one implementation
every surface (``ask``, the Ask the Oracle move, Pay the Price, play mode, the web) calls.

Each ruleset has its own table, and a campaign answers by its own:

- classic (seed 000 L2691-2697): "The answer is 'yes' if you roll... Almost Certain 11 or
  greater; Likely 26 or greater; 50/50 51 or greater; Unlikely 76 or greater; Small Chance 91
  or greater".
- Starforged (seed 003, Ask the Oracle): "The answer is yes if you roll... Small Chance 10 or
  less; Unlikely 25 or less; 50/50 50 or less; Likely 75 or less; Almost Certain 90 or less".

Both have the same chance of a yes; only which numbers say it differ, so a player rolling
their own dice must be read by the campaign's table.

A roll of 11, 22, ..., 99 or 100 (both digits equal, "00") is a match: "an extreme result or
a twist". The campaign option of even matches (seed 000 L5127-5135: "Resolve the impact of a
match only when your challenge dice come up as an even number (2, 4, 6, 8, or 10)") is applied
to these doubles too, so only 22, 44, 66, 88 and 100 are matches with it on. ENGINE CHOICE:
the line names the challenge dice, but its reason ("More players tend to add more rolls to
your session. This creates more matches") is about every roll, and the oracle's two d10 read
as tens and units are a pair like the challenge dice ("00" is two tens). Whatever a surface
is, the option comes from the campaign (:func:`campaign_rules`), so a roll of 11 is a match or
not the same way at the command line, in play mode and on the web.
"""

from __future__ import annotations

from enum import StrEnum

from ironsworn.dice import Dice
from ironsworn.errors import InvalidValue
from ironsworn.record import record

TYPE_CHECKING = False  # typing is not imported at run time: see ironsworn.record

if TYPE_CHECKING:
    from typing import Any, Protocol
else:
    Protocol = object


class OracleRule(StrEnum):
    """Which table answers a yes/no question: the classic "X or greater" or Starforged's
    "X or less"."""

    CLASSIC = "classic"
    STARFORGED = "starforged"

    @classmethod
    def of(cls, ruleset: str) -> OracleRule:
        """The rule of a campaign's ruleset (an expansion answers by its base game's)."""
        return cls.STARFORGED if ruleset in ("starforged", "sundered_isles") else cls.CLASSIC

    @classmethod
    def parse(cls, text: str) -> OracleRule:
        """``classic`` or ``starforged`` (any case)."""
        key = text.strip().lower()
        for rule in cls:
            if rule.value == key:
                return rule
        accepted = ", ".join(rule.value for rule in cls)
        raise InvalidValue(f"ruleset {text!r} has no oracle table (accepted: {accepted})")


# Each odds' table cells, by its value (a table made once, not per question).
_YES_AT_LEAST = {
    "almost_certain": 11,
    "likely": 26,
    "fifty_fifty": 51,
    "unlikely": 76,
    "small_chance": 91,
}
_YES_AT_MOST = {
    "almost_certain": 90,
    "likely": 75,
    "fifty_fifty": 50,
    "unlikely": 25,
    "small_chance": 10,
}


class Odds(StrEnum):
    ALMOST_CERTAIN = "almost_certain"
    LIKELY = "likely"
    FIFTY_FIFTY = "fifty_fifty"
    UNLIKELY = "unlikely"
    SMALL_CHANCE = "small_chance"

    @property
    def yes_at_least(self) -> int:
        """The lowest d100 roll that answers yes."""
        return _YES_AT_LEAST[self._value_]

    @property
    def yes_at_most(self) -> int:
        """Starforged: the highest d100 roll that answers yes."""
        return _YES_AT_MOST[self._value_]

    def says_yes(self, roll: int, rule: OracleRule = OracleRule.CLASSIC) -> bool:
        """Whether ``roll`` answers yes by ``rule``'s table."""
        if rule is OracleRule.STARFORGED:
            return roll <= self.yes_at_most
        return roll >= self.yes_at_least

    def yes_text(self, rule: OracleRule = OracleRule.CLASSIC) -> str:
        """The table's cell: ``26+`` (classic) or ``75 or less`` (Starforged)."""
        if rule is OracleRule.STARFORGED:
            return f"{self.yes_at_most} or less"
        return f"{self.yes_at_least}+"

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
    rule: OracleRule = OracleRule.CLASSIC

    @property
    def yes(self) -> bool:
        return self.odds.says_yes(self.roll, self.rule)

    @property
    def word(self) -> str:
        return "yes" if self.yes else "no"

    @property
    def match(self) -> bool:
        return is_oracle_match(self.roll, self.even_matches)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "odds": self.odds._value_,  # (the enum's value property is slow)
            "roll": self.roll,
            "answer": "yes" if self.yes else "no",
            "match": is_oracle_match(self.roll, self.even_matches),
        }
        if self.even_matches:
            data["even_matches"] = True
        if self.rule is not OracleRule.CLASSIC:
            # Classic events keep their old shape; a Starforged answer says by which table.
            data["rule"] = self.rule.value
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> OracleAnswer:
        """The answer :meth:`to_json` gave (a table operation's answer), to be shown."""
        rule = OracleRule(data.get("rule", OracleRule.CLASSIC.value))
        return cls(Odds(data["odds"]), int(data["roll"]), bool(data.get("even_matches")), rule)

    def describe(self) -> str:
        """``Likely (26+): rolled 40 — YES`` (classic) or ``Likely (75 or less): ...``."""
        text = f"{self.odds.label} ({self.odds.yes_text(self.rule)}): rolled {self.roll}"
        text += f" — {self.word.upper()}"
        if self.match:
            text += " — MATCH: an extreme result or a twist"
        return text

    def event(self, character: str | None = None, question: str | None = None) -> dict[str, Any]:
        """The ``ask`` event that keeps this answer in a campaign's log (one shape everywhere)."""
        event: dict[str, Any] = {"type": "ask", "character": character, **self.to_json()}
        if question:
            event["question"] = question
        return event

    def summary(self, question: str | None = None) -> str:
        """The journal's one line: the question (or the odds) and the answer."""
        return f"{question or self.odds.label}: {self.word}"


class CampaignRules(Protocol):
    """What Ask the Oracle needs of a campaign: its ruleset and its options."""

    @property
    def ruleset(self) -> str: ...

    def option(self, name: str) -> Any: ...


def campaign_rules(campaign: CampaignRules | None) -> tuple[OracleRule, bool]:
    """The oracle rule and the even-matches option of ``campaign`` (classic, off without one)."""
    if campaign is None:
        return OracleRule.CLASSIC, False
    return OracleRule.of(campaign.ruleset), bool(campaign.option("even_matches"))


def ask_the_oracle(
    odds: Odds,
    dice: Dice | None = None,
    value: int | None = None,
    even_matches: bool = False,
    rule: OracleRule = OracleRule.CLASSIC,
) -> OracleAnswer:
    """Ask a yes/no question with ``odds`` by ``rule``'s table: roll ``dice`` or use a given
    ``value``."""
    if value is not None:
        return OracleAnswer(odds, check_d100(value), even_matches, rule)
    if dice is None:
        raise InvalidValue("ask the oracle: no dice and no value given (accepted: either)")
    return OracleAnswer(odds, roll_d100(dice), even_matches, rule)


def ask_in_campaign(
    campaign: CampaignRules | None,
    odds: Odds,
    dice: Dice | None = None,
    value: int | None = None,
    even_matches: bool = False,
    rule: OracleRule | None = None,
) -> OracleAnswer:
    """Ask the Oracle as ``campaign`` plays it: its ruleset's table and its even-matches option
    (``even_matches`` asks for the option even where the campaign has it off; ``rule`` names
    the table where there is no campaign)."""
    own_rule, even = campaign_rules(campaign)
    return ask_the_oracle(odds, dice, value, even or even_matches, rule or own_rule)
