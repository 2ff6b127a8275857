"""What a move's roll is made of: the stat it rolls, its adds, and a progress move's score."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ironsworn.content.model import RollOption
from ironsworn.errors import InvalidValue, OptionNeeded
from ironsworn.moves.changes import StateChanges
from ironsworn.moves.registry import PROGRESS_KINDS, short_name
from ironsworn.moves.roles import role_add
from ironsworn.progress import TICKS_PER_BOX
from ironsworn.rolls import GIVEN_ADD

if TYPE_CHECKING:
    from ironsworn.campaign.state import CharacterState
    from ironsworn.content.model import Move
    from ironsworn.moves.step import Step


# A move's roll options by kind, worked out once per move (content never changes once
# loaded): those that pick the higher or lower of several stats, those of one stat, the stats
# of those, and the stats an input may name as they are written.
_ROLL_KINDS: dict[
    str, tuple[Move, list[RollOption], list[RollOption], frozenset[str], frozenset[str]]
] = {}


def _stat_key(wanted: object) -> str:
    """The stat a ``stat`` input names: without spaces around it, in lower case, ``_`` for a
    space."""
    return str(wanted or "").strip().lower().replace(" ", "_")


def _roll_kinds_of(
    move: Move,
) -> tuple[Move, list[RollOption], list[RollOption], frozenset[str], frozenset[str]]:
    found = _ROLL_KINDS.get(move.id)
    if found is None or found[0] is not move:  # another content's move of that id
        options = move.roll_options
        singles = [o for o in options if len(o.using) == 1]
        # A roll option of the player's choice among several (Sundered Isles' Set a Course:
        # "+supply", the character's or an asset's) is a single-stat roll of each that a
        # sheet holds: its stat was refused as "not allowed", and the move could not be made
        # at all. (An asset's meter, "asset:supply", is no value of the sheet.)
        singles += [
            RollOption((stat,), o.method, o.text, o.roll_type, o.custom_stat)
            for o in options
            if len(o.using) > 1 and o.method == "player_choice"
            for stat in o.using
            if not stat.startswith("asset:")
        ]
        single_stats = frozenset(o.using[0] for o in singles)
        picked = [o for o in options if o.method in ("highest", "lowest")]
        found = _ROLL_KINDS[move.id] = (
            move,
            picked,
            singles,
            single_stats,
            # A move with no stat picked by a rule, and the stats of its single-stat rolls
            # that an input names exactly as written: such an input is that stat (_stat_for).
            frozenset()
            if picked
            else frozenset(s for s in single_stats if s and _stat_key(s) == s),
        )
    return found


# The stats of every sheet: a stat the plan of a move names is read from the sheet at once.
_SHEET_STATS = frozenset({"edge", "heart", "iron", "shadow", "wits"})


def stats_named(move: Move) -> dict[str | None, str]:
    """The stat each ``stat`` input rolls on ``move`` whatever the sheet and the step hold,
    where :meth:`RollInputs._stat_for` takes it at once: a stat named as it is written (on a
    move no rule picks a stat for), and no stat named on a move of one single-stat roll. Only
    the stats of every sheet (whose values are read from its stats)."""
    _, picked, singles, _, as_given = _roll_kinds_of(move)
    found: dict[str | None, str] = {s: s for s in as_given if s in _SHEET_STATS}
    if not picked and len(singles) == 1 and singles[0].using[0] in _SHEET_STATS:
        found[None] = singles[0].using[0]
    return found


class RollInputs(StateChanges):
    """The stat, adds and progress score of a roll (mixed into the engine)."""

    add_sources: list[dict[str, Any]] = []  # noqa: RUF012 (replaced, never mutated)

    # --- rolls -----------------------------------------------------------------------------

    def _stat_for(self, ctx: Step, move: Move, char: CharacterState) -> tuple[str, int]:
        """The stat a move rolls: the ``stat`` input, or the one the move's rule picks.

        Where a rule picks "whichever is higher/lower" (Endure Harm, Endure Stress; Heal when
        "mending your own wounds, roll +wits or +iron, whichever is lower", L1681-1682), the
        stat input cannot get around it: it may only name the stat the rule picks (or one tied
        with it) where the move also has a single-stat roll (Heal), and is refused otherwise. A move
        with both kinds applies the rule when its handler says the situation is the rule's
        (``self_heal``, set by the classic Heal), or when no stat is given; otherwise the stat input
        picks one of its single-stat rolls (Starforged Heal's +heart for a companion).
        """
        wanted = ctx.data.get("stat")
        _, picked, singles, single_stats, as_given = _roll_kinds_of(move)
        if type(wanted) is str and wanted in as_given:
            # (most moves: a stat named as it is written, on a move no rule picks a stat for)
            return wanted, self._value(ctx, char, wanted)
        key = _stat_key(wanted)
        situation = ctx.data.get("self_heal")
        if picked and (not singles or situation or (situation is None and not wanted)):
            option = picked[0]
            values = [(self._value(ctx, char, u), u) for u in option.using]
            value, stat = max(values) if option.method == "highest" else min(values)
            if not wanted:
                return stat, value
            # Naming the stat the rule picks anyway is fine where the move has a stat to name.
            tied = [u for v, u in values if v == value] if singles else []
            if key in tied:
                return key, value
            shown = ", ".join(f"{u} {v}" for v, u in sorted(values, key=lambda x: x[1]))
            accepted = f"{' or '.join(tied)}, or " if tied else ""
            when = f" {option.text}" if singles else ""
            raise InvalidValue(
                f"{move.name} rolls the {option.method} of {' or '.join(option.using)}{when} "
                f"({shown}); {{stat}} {wanted!r} cannot be chosen (accepted: {accepted}no "
                "{stat})",
                input="stat",
                value=wanted,
            )
        if wanted:
            if key in single_stats:  # (a single-stat roll of that stat)
                return key, self._value(ctx, char, key)
            allowed = sorted({o.using[0] for o in singles})
            raise InvalidValue(
                input="stat", value=wanted, accepted=allowed, why=f"is not allowed for {move.name}"
            )
        if len(singles) == 1:
            return singles[0].using[0], self._value(ctx, char, singles[0].using[0])
        allowed = [o.using[0] for o in singles]
        raise OptionNeeded(
            f"{move.name}: which stat do you roll? (accepted: {', '.join(allowed)})",
            "stat",
            tuple(
                (
                    o.using[0],
                    f"+{o.using[0]} {self._value(ctx, char, o.using[0])}: {o.text}".rstrip(": "),
                )
                for o in singles
            ),
            subject=move.name,
        )

    def _value(self, ctx: Step, char: CharacterState, name: str) -> int:
        if name == "custom" and ctx.data.get("custom_value") is not None:
            return int(ctx.data["custom_value"])  # set by the move (Develop Your Relationship)
        if name == "vehicle_integrity":
            # The vehicle the move acts on (the ``vehicle`` input), else the command vehicle.
            from ironsworn.moves.starforged.vehicles import find, integrity_of

            return integrity_of(self.state, find(self.state, ctx.data.get("vehicle")))
        if name == "companion_health" and ctx.data.get("companion"):
            asset = char.asset(str(ctx.data["companion"]))
            return int(asset["meter"]["value"])
        return char.value(name)

    def _adds_for(self, ctx: Step, move: Move, char: CharacterState) -> int:
        """The roll's adds; what gave each one is kept in :attr:`add_sources` (the roll
        event records them, so an export can say who or what gave an add)."""
        data = ctx.data
        sources: list[dict[str, Any]] = []
        adds = data.get("adds")
        if adds:
            # (loops, not comprehensions: no frame of their own for the one add most moves
            # are given)
            given = []
            for add in adds:
                given.append(int(add))
            for add in given:
                if add < 0:
                    raise InvalidValue("adds must be 0 or more")
            for add in given:
                if add:
                    sources.append({"amount": add, "from": GIVEN_ADD})
        if data.get("bond"):
            if not move.adds:
                raise InvalidValue(f"{move.name} grants no +1 for a bond")
            bond = ctx.data.get("with")
            sources.append(
                {"amount": move.adds[0].value, "from": f"a bond with {bond}" if bond else "a bond"}
            )
        bonus = int(data.get("bonus", 0))
        if bonus:
            # What gave each part (Step.add_to_roll); a part added without its source, by a
            # step saved before sources were kept, is an earlier move's.
            for given in data.get("bonus_from") or ():
                sources.append({"amount": int(given["amount"]), "from": str(given["from"])})
                bonus -= int(given["amount"])
            if bonus:
                sources.append({"amount": bonus, "from": "an earlier move's bonus"})
        # A role instead of assets: +2, or +1 (and +1 momentum); asked only when one is named
        # or its bonus chosen (role_add's own first tests).
        role = role_add(ctx) if data.get("as_role") or data.get("role_bonus") else 0
        if role:
            sources.append({"amount": role, "from": f"the role {data.get('as_role')}"})
        if data.get("turn_the_tide"):
            sources.append({"amount": 1, "from": "Turn the Tide"})
        self.add_sources = sources
        total = 0
        for source in sources:
            total += int(source["amount"])
        return total

    def _progress_score(self, ctx: Step, move: Move) -> int:
        name = short_name(move.id)
        char = ctx.char
        using = move.rolls[0] if move.rolls else ""
        if char.starforged and (using == "bonds" or using.endswith("_legacy")):
            # Overcome Destruction rolls the bonds legacy track (Earn Experience: a completed
            # track counts as 10).
            return char.legacy_score(using.removesuffix("_legacy"))
        if using == "failure":
            from ironsworn.moves.delve.failure import failure_score

            return failure_score(self, char.name)  # type: ignore[arg-type]
        if name == "write_your_epilogue" or using == "bonds":
            return min(10, char.bond_ticks // TICKS_PER_BOX)
        kinds = PROGRESS_KINDS.get(name) or PROGRESS_KINDS.get(
            using, ("vow", "journey", "fight", "scene", "connection")
        )
        return self.resolve_track(ctx, kinds).score
