"""What a campaign's state always holds in live play, checked when a log comes from outside.

Live play never makes a state out of range: the move engine checks every option and meter
before it emits an event (momentum within -6 and its maximum, meters 0-5, a stat one of the
creation values, an asset the character holds). Events in an imported file did not pass that
engine, so :func:`check_state` checks the state after each imported operation for the same
bounds, and the import is refused (one line naming the operation) at the first operation that
breaks one. The bounds come from the rulebook (seed 000): stats 1 to 3 (L956), health, spirit
and supply 0 to +5 (L1020, L1046, L1058), momentum -6 to +10 (L456), the maximum reduced by
one for each marked debility (L559), a progress track of ten boxes of four ticks (L581, L604).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ironsworn.debilities import DEBILITIES
from ironsworn.errors import CampaignError
from ironsworn.impacts import IMPACTS
from ironsworn.momentum import MOMENTUM_MAX, MOMENTUM_MIN

STAT_RANGE = (1, 3)
METER_RANGE = (0, 5)
TICKS_RANGE = (0, 40)
RULESETS = ("classic", "starforged")
LARGE = 10**6  # experience and counters: any real campaign stays far below


def check_state(state: Any) -> None:
    """Refuse (CampaignError, one line) a state that live play could not have made."""
    if state.ruleset not in RULESETS:
        raise CampaignError(f"the ruleset {state.ruleset!r} is unknown")
    # Playing without assets, 6 experience buys +1 to a stat, "No stat can exceed +4"
    # (L5349-5350): the campaign option lets a stat reach +4.
    # With asset cards, a card changes stats once (Battle-Scarred: "to a maximum of +4"; its
    # reduction may take a +1 to 0): see moves/assets/sheet_changes.
    stat_limit = 4
    for key, char in state.characters.items():
        _check_character(key, char, stat_limit, 0 if state.option("assets") == "cards" else 1)
    for key, track in state.tracks.items():
        where = f"track {key!r}"
        _text(track.id, f"{where} id")
        _text(track.name, f"{where} name")
        _text(track.kind, f"{where} kind")
        _text(track.rank, f"{where} rank")
        _text(track.status, f"{where} status")
        _number(track.ticks, f"{where} progress (ticks)", *TICKS_RANGE)
        if not isinstance(track.characters, list) or not all(
            isinstance(c, str) for c in track.characters
        ):
            raise CampaignError(f"{where}: its characters are not a list of names")


def _check_character(
    key: Any, char: Any, stat_limit: int = STAT_RANGE[1], stat_floor: int = STAT_RANGE[0]
) -> None:
    if not isinstance(key, str) or not key.strip():
        raise CampaignError(f"character name {key!r} is not text")
    if char.name != key:
        raise CampaignError(f"character {key!r} has the name {char.name!r}")
    where = f"{key}'s"
    stats = char.stats
    if not isinstance(stats, Mapping) or sorted(stats) != sorted(
        ("edge", "heart", "iron", "shadow", "wits")
    ):
        raise CampaignError(f"{where} stats {stats!r} are not edge, heart, iron, shadow, wits")
    for stat, value in stats.items():
        _number(value, f"{where} {stat}", stat_floor, stat_limit)
    for meter in ("health", "spirit", "supply"):
        _number(getattr(char, meter), f"{where} {meter}", *METER_RANGE)
    _number(char.momentum, f"{where} momentum", MOMENTUM_MIN, MOMENTUM_MAX)
    if isinstance(char.debilities, list) and isinstance(char.impacts, list):
        unknown = [d for d in char.debilities if d not in DEBILITIES]
        unknown += [i for i in char.impacts if i not in IMPACTS]
        if unknown:
            raise CampaignError(f"{where} debility or impact {unknown[0]!r} is unknown")
        if len(set(char.debilities)) != len(char.debilities):
            raise CampaignError(f"{where} debilities list one twice")
    else:
        raise CampaignError(f"{where} debilities are not a list")
    _number(char.momentum, f"{where} momentum", MOMENTUM_MIN, char.momentum_max)
    _number(char.experience_earned, f"{where} experience earned", 0, LARGE)
    _number(char.experience_spent, f"{where} experience spent", 0, char.experience_earned)
    _number(char.bond_ticks, f"{where} bonds (ticks)", *TICKS_RANGE)
    if not isinstance(char.initiative, bool):
        raise CampaignError(f"{where} initiative {char.initiative!r} is not true or false")
    _text(char.status, f"{where} status")
    if char.ruleset not in RULESETS:
        raise CampaignError(f"{where} ruleset {char.ruleset!r} is unknown")
    for what in ("bonds", "equipment"):
        values = getattr(char, what)
        if not isinstance(values, list) or not all(isinstance(v, str) for v in values):
            raise CampaignError(f"{where} {what} are not a list of text")
    if not isinstance(char.flags, dict):
        raise CampaignError(f"{where} flags are not an object")
    if not isinstance(char.assets, list):
        raise CampaignError(f"{where} assets are not a list")
    for asset in char.assets:
        _check_asset(asset, where)


def _check_asset(asset: Any, where: str) -> None:
    if not isinstance(asset, dict):
        raise CampaignError(f"{where} asset {asset!r} is not an object")
    _text(asset.get("id"), f"{where} asset id")
    name = f"{where} {asset.get('name') or asset['id']}"
    abilities = asset.get("abilities", [])
    if not isinstance(abilities, list) or not all(isinstance(a, bool) for a in abilities):
        raise CampaignError(f"{name}: its abilities are not a list of true or false")
    meter = asset.get("meter")
    if meter is not None:
        if not isinstance(meter, dict):
            raise CampaignError(f"{name}: its meter is not an object")
        top = meter.get("max")
        _number(top, f"{name} meter maximum", 0, 10)
        _number(meter.get("value"), f"{name} meter", 0, top if isinstance(top, int) else 0)


def _number(value: Any, what: str, low: int, high: int) -> None:
    if not isinstance(value, int) or isinstance(value, bool):
        raise CampaignError(f"{what} {value!r} is not a whole number")
    if not low <= value <= high:
        raise CampaignError(f"{what} {value} is out of range ({low} to {high})")


def _text(value: Any, what: str) -> None:
    if not isinstance(value, str):
        raise CampaignError(f"{what} {value!r} is not text")
