"""The character's condition by hand: meters and stats corrected, debilities (Starforged:
impacts) marked or cleared, the initiative had or lost when the fiction says so without a move.

The same rules hold as in a move: a wounded character's health does not rise, banes are
permanent, meters stay in range, supply at 0 is Out of Supply.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ironsworn.campaign.state import STATS
from ironsworn.debilities import DEBILITIES, DebilityKind, check_debility
from ironsworn.errors import InvalidValue, RuleViolation
from ironsworn.moves.operation_group import EngineOperations

if TYPE_CHECKING:
    from ironsworn.moves.engine import OperationResult

ADJUSTABLE = ("health", "spirit", "supply", "momentum", "experience")
# The words that set the initiative (classic) or the position (Starforged: "in control" is
# the initiative's place, "in a bad spot" its loss), by hand.
INITIATIVE_WORDS = {
    "have": True,
    "on": True,
    "control": True,
    "in control": True,
    "lose": False,
    "off": False,
    "bad spot": False,
    "in a bad spot": False,
}


def parse_initiative(text: str) -> bool:
    """True for having the initiative / being in control, False for losing it / a bad spot."""
    key = " ".join(str(text).lower().split())
    if key not in INITIATIVE_WORDS:
        raise InvalidValue(
            f"initiative {text!r} is unknown (accepted: have, lose; Starforged: in control, "
            "bad spot)"
        )
    return INITIATIVE_WORDS[key]


class ConditionOperations(EngineOperations):
    """Meters, stats, debilities, impacts and the initiative by hand."""

    def adjust(
        self, character: str | None, meter: str, delta: int, vehicle: str | None = None
    ) -> OperationResult:
        """Change a meter or a stat by hand; integrity is a vehicle's (``vehicle``: a support
        or incidental vehicle by name, else the command vehicle)."""

        def run() -> None:
            key = meter.strip().lower()
            if key == "integrity" and self.state.ruleset != "classic":
                from ironsworn.moves.starforged import vehicles

                vehicles.adjust_integrity(self.engine, vehicle, delta)
                return
            if vehicle is not None:
                raise InvalidValue(
                    f"{{vehicle}} is for integrity, not {meter!r}",
                    input="vehicle",
                    value=vehicle,
                    accepted=("integrity",),
                )
            if key in STATS:
                self._adjust_stat(character, key, delta)
                return
            if key not in ADJUSTABLE:
                raise InvalidValue(
                    f"meter {meter!r} is unknown (accepted: {', '.join(ADJUSTABLE + STATS)})"
                )
            char = self.state.character(character)
            if delta > 0 and key in ("health", "spirit", "supply"):
                self._refuse_blocked_gain(char, key, delta)
            if key == "experience":
                after = char.experience_earned + delta
                if after < char.experience_spent:
                    raise InvalidValue(
                        f"experience {delta:+d} would leave less earned than spent "
                        f"({char.experience_spent})"
                    )
                self.engine.set_meter(char.name, "experience_earned", after)
            elif key in ("momentum", "supply"):
                # The same chains as in a move: supply to 0 is Out of Supply, momentum past -6
                # is Face a Setback.
                if key == "momentum":
                    self.engine.momentum(char.name, delta)
                else:
                    self.engine.supply(char.name, delta)
                self.engine.run_queued()
            else:
                overflow = self.engine.meter(char.name, key, delta)
                if overflow:
                    self.engine.note(f"{overflow} {key} past 0 was not applied")
            # (momentum lost at -6 changes no meter, but it is Face a Setback, which is told;
            # supply lost at 0 is Out of Supply's, which may wait for a decision first)
            chained = delta < 0 and key in ("momentum", "supply")
            if delta and not chained and all(e.get("type") == "note" for e in self.engine.events):
                self._refuse_no_change(char.name, key, delta)

        return self.engine.operation("adjust", character, run)

    def _refuse_no_change(self, name: str, meter: str, delta: int) -> None:
        """A change by hand that changes nothing (+1 health at full health, -1 at 0) is refused,
        not kept as a line of the log that undo would then have to take back."""
        value = self.state.character(name).value(meter)
        edge = "maximum" if delta > 0 else "minimum"
        way = "loss" if delta > 0 else "gain"
        raise InvalidValue(
            f"{meter} {delta:+d} changes nothing: {name}'s {meter} is at its {edge}, "
            f"{value:+d}; nothing was changed (accepted: a {way} of {meter})"
        )

    def _refuse_blocked_gain(self, char: Any, meter: str, delta: int) -> None:
        """A gain by hand that the rule blocks in full is refused, not kept as a change of
        nothing: "you cannot increase spirit" while shaken (health while wounded, supply while
        the whole party is unprepared; Starforged's impacts alike). The player is told what
        the rule did and why, and how a correction of the sheet gets past it."""
        if meter == "supply":
            party = self.state.party(char.name) or [char]
            blocks = {c.blocked_by("supply") for c in party}
            condition = blocks.pop() if len(blocks) == 1 else None
        else:
            condition = char.blocked_by(meter)
        if condition is None:
            return
        raise RuleViolation(
            f"{meter} {delta:+d}: {char.name} is {condition}, and {meter} cannot increase while "
            f"{condition}; nothing was changed (accepted: a loss of {meter}; to correct it by "
            f"hand, clear {condition} first)"
        )

    def _adjust_stat(self, character: str | None, stat: str, delta: int) -> None:
        """A stat corrected by hand (a typo at creation): it stays within what play allows,
        +1 to +3 (L956), or up to +4 in a campaign played without asset cards (L5349-5350)."""
        from ironsworn.campaign.invariants import STAT_RANGE

        char = self.state.character(character)
        top = 4 if self.state.option("assets") != "cards" else STAT_RANGE[1]
        before = int(char.stats[stat])
        after = before + delta
        if not STAT_RANGE[0] <= after <= top:
            raise InvalidValue(
                f"{stat} {before:+d} {delta:+d} would be {after:+d} (accepted: a stat from "
                f"+{STAT_RANGE[0]} to +{top})"
            )
        if delta:
            self.engine.emit(
                {"type": "stat", "character": char.name, "stat": stat, "from": before, "to": after}
            )

    def debility(self, character: str | None, name: str, mark: bool) -> OperationResult:
        if self.state.ruleset == "starforged":
            return self.impact(character, name, mark)

        def run() -> None:
            key = check_debility(name)
            char = self.state.character(character)
            if not mark and DEBILITIES[key].kind is DebilityKind.BANE:
                raise RuleViolation(f"{key} is a bane: banes are permanent and cannot be cleared")
            if char.has(key) == mark:
                raise RuleViolation(f"{char.name} is {'already' if mark else 'not'} {key}")
            self.engine.set_debility(char.name, key, mark)

        return self.engine.operation("debility", character, run)

    def initiative(self, character: str | None, value: bool) -> OperationResult:
        """Have or lose the initiative by hand (Starforged: in control or in a bad spot), when
        the fiction says so without a move."""

        def run() -> None:
            char = self.state.character(character)
            if char.initiative == value:
                if char.starforged:
                    where = "in control" if value else "in a bad spot"
                    raise RuleViolation(f"{char.name} is already {where}")
                raise RuleViolation(
                    f"{char.name} {'already has' if value else 'does not have'} the initiative"
                )
            self.engine.set_initiative(char.name, value)

        return self.engine.operation("initiative", character, run)

    def impact(self, character: str | None, name: str, mark: bool) -> OperationResult:
        """Mark or clear a Starforged impact (vehicle troubles go on the command vehicle)."""
        from ironsworn.impacts import IMPACTS, check_impact
        from ironsworn.moves.starforged._common import need_vehicle, set_impact

        def run() -> None:
            if self.state.ruleset != "starforged":
                raise InvalidValue(
                    f"{name!r}: impacts are Starforged; this campaign plays classic (accepted: "
                    "the debilities wounded, shaken, unprepared, encumbered, maimed, corrupted, "
                    "cursed, tormented)",
                    input="name",
                    value=name,
                    accepted=tuple(DEBILITIES),
                )
            key = check_impact(name)
            impact = IMPACTS[key]
            if not mark and impact.permanent:
                raise RuleViolation(f"{impact.label} is permanent and cannot be cleared")
            if impact.on_vehicle:
                vehicle = need_vehicle(self.engine)
                if (key in vehicle["impacts"]) == mark:
                    state = "already" if mark else "not"
                    raise RuleViolation(f"{vehicle['name']} is {state} {impact.label}")
                set_impact(self.engine, "", key, mark)
                return
            char = self.state.character(character)
            if (key in char.impacts) == mark:
                raise RuleViolation(f"{char.name} is {'already' if mark else 'not'} {impact.label}")
            who = [char]
            if impact.shared:
                # "Because you and your allies share the same supply value, you mark
                # unprepared together."
                who = self.state.party(char.name)
            for member in who:
                set_impact(self.engine, member.name, key, mark)

        return self.engine.operation("impact", character, run)
