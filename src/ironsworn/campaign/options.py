"""The rulebook's own campaign options (chapter 7: "Gameplay options", "Hacking Ironsworn").

A group picks them at the start of a campaign; each is a campaign setting kept in the state and
changed by a ``setting`` event ({setting, from, to}), so setting one is undone, replayed and
exported like any other change. Unset options have their default (the rulebook's standard game).

- ``even_matches`` (seed 000 L5127-5135): "Resolve the impact of a match only when your
  challenge dice come up as an even number (2, 4, 6, 8, or 10)". Every roll that reports a
  match follows it (action, progress, Ask the Oracle), and so does what follows a match.
- ``setup_rules`` (L4540-4580, the campaign setup summary): the first vow a character swears
  is "troublesome, dangerous, or formidable"; the background vow is extreme or epic (always).
- ``one_shot`` (L5138-5170): "stats and picking assets... You can ignore background vows and
  bonds"; the vow is "troublesome (for a session of an hour or two) or dangerous (for a
  session of three to four hours)": ``short`` or ``long`` says which session it is.
- ``assets`` (L5333-5360): ``cards`` (the standard game), ``none`` ("Playing without assets":
  6 experience buys +1 to a stat, none above +4) or ``roles`` ("Using roles instead of
  assets": named roles give +2, or +1 and +1 momentum on a hit; 6 experience buys another).
- ``semi_random`` (L5271-5319): new characters are made by the semi-random campaign setup
  (the play wizard's default path; a semi-random character (``semi_random``) always can).
- ``own_dice`` (L226-232, "Two ten-sided dice (d10) for each player... One six-sided die"):
  the players roll physical dice and type them in. It decides whose dice a *model* may use:
  the MCP server rolls for a model unless this is on (fair dice). The command line and the
  web table always accept typed dice from the people at the table.
- ``failure_track`` (Delve, "Failure Moves": "If you'd like to make those failures a more
  influential aspect of your character's evolution ... use these optional mechanics"): on (the
  default), a miss marks the failure track of a character who plays Delve
  (:mod:`ironsworn.moves.delve.failure`); off, the campaign plays without it: no miss marks
  it, and Mark Your Failure and Learn from Your Failures are not made.
- ``sundered_isles`` (a Starforged campaign, the Sundered Isles pack imported): the campaign
  plays the Sundered Isles, whose eight moves take the place of the Starforged moves they
  replace (Set a Course, Make a Discovery...); off (the default), a Starforged campaign keeps
  the Starforged moves though the pack is imported (for another campaign).
"""

from __future__ import annotations

from typing import Any

from ironsworn.errors import InvalidValue
from ironsworn.record import record

TRUE_WORDS = ("on", "yes", "true", "1")
FALSE_WORDS = ("off", "no", "false", "0")


@record
class CampaignOption:
    """One option: its name, default, accepted values, rulebook lines and what it does."""

    name: str
    default: Any
    values: tuple[Any, ...]
    lines: str
    text: str
    book: str = "seed 000"  # where the lines are: the rulebook's text, or an expansion
    ruleset: str | None = None  # the one ruleset whose campaigns it changes (None: any)

    @property
    def accepted(self) -> str:
        if self.values == (False, True):
            return "on or off"
        return ", ".join(option_words(v) for v in self.values)

    def parse(self, text: Any) -> Any:
        """A value typed by a player ('on', 'roles'...), checked against the accepted ones."""
        if isinstance(text, bool) or text is None:
            value: Any = text if text is not None else self.default
        else:
            value = " ".join(str(text).split()).lower()
            if self.values == (False, True):
                if value in TRUE_WORDS:
                    value = True
                elif value in FALSE_WORDS:
                    value = False
            elif value in FALSE_WORDS and self.default is None:
                value = None
        if value not in self.values:
            raise InvalidValue(
                f"option {self.name} {text!r} is not accepted (accepted: {self.accepted})"
            )
        return value


OPTIONS: dict[str, CampaignOption] = {
    option.name: option
    for option in (
        CampaignOption(
            "even_matches",
            False,
            (False, True),
            "L5127-5135",
            "a match counts only when the challenge dice are an even pair (oracle: 22, 44, 66, "
            "88, 00)",
        ),
        CampaignOption(
            "setup_rules",
            False,
            (False, True),
            "L4540-4580",
            "the campaign setup: a character's first vow is troublesome, dangerous or formidable",
        ),
        CampaignOption(
            "one_shot",
            None,
            (None, "short", "long"),
            "L5138-5170",
            "one-shot play: no background vow or bonds; the vow is troublesome for a session "
            "of one or two hours (short), dangerous for three or four (long)",
        ),
        CampaignOption(
            "assets",
            "cards",
            ("cards", "none", "roles"),
            "L5333-5360",
            "cards; none (6 experience buys +1 to a stat, up to +4); or roles (+2, or +1 and "
            "+1 momentum on a hit, when a role contributes; 6 experience buys another role)",
        ),
        CampaignOption(
            "semi_random",
            False,
            (False, True),
            "L5271-5319",
            "new characters are made by the semi-random setup (stat table, five asset cards "
            "drawn unseen, oracles for the background vow, a bond and the inciting incident)",
        ),
        CampaignOption(
            "own_dice",
            False,
            (False, True),
            "L226-232",
            "players roll their own physical dice and type them in; off: the table rolls "
            "(an AI guide over MCP may give dice only when this is on)",
        ),
        CampaignOption(
            "failure_track",
            True,
            (False, True),
            "Failure Moves (optional mechanics)",
            "Delve's failure track: a miss marks it for a character on a site or facing a "
            "threat (Mark Your Failure, Learn from Your Failures); off: the campaign plays "
            "without it",
            book="Delve",
            ruleset="classic",
        ),
        CampaignOption(
            "sundered_isles",
            False,
            (False, True),
            "(its pack imported)",
            "a Starforged campaign plays the Sundered Isles: their moves take the place of the "
            "eight Starforged moves they replace (Set a Course, Make a Discovery...)",
            book="Sundered Isles",
            ruleset="starforged",
        ),
    )
}


def find_option(name: str) -> CampaignOption:
    """An option by name ('even matches', 'even-matches' and 'even_matches' alike)."""
    key = "_".join(str(name).replace("-", " ").split()).lower()
    found = OPTIONS.get(key)
    if found is None:
        raise InvalidValue(f"option {name!r} is unknown (accepted: {', '.join(OPTIONS)})")
    return found


def option_words(value: Any) -> str:
    """An option's value as a player types it: on, off, roles..."""
    if value is True:
        return "on"
    if value is False or value is None:
        return "off"
    return str(value)


def options_data(state: Any) -> list[dict[str, Any]]:
    """Every option with its value in ``state`` (None: the defaults), default, accepted values
    and rulebook lines: what ``option`` prints as JSON and the MCP server's options resource."""
    return [
        {
            "name": o.name,
            "value": state.option(o.name) if state is not None else o.default,
            "default": o.default,
            "accepted": [option_words(v) for v in o.values],
            "rulebook": f"{o.book} {o.lines}",
            "text": o.text,
        }
        for o in OPTIONS.values()
    ]


_SUNDERED = ("sundered_isles",)
_SUNDERED_DEFAULT = OPTIONS["sundered_isles"].default


def chosen_packs(state: Any) -> tuple[str, ...]:
    """The expansions a campaign chose to play (the loader's ``CHOSEN_PACKS``): Sundered
    Isles with the option on."""
    # (asked on every move the engine makes: the option read without the option() call)
    if state is not None and state.options.get("sundered_isles", _SUNDERED_DEFAULT):
        return _SUNDERED
    return ()
