"""Roll oracle tables, following every roll a row calls for, and roll world truths.

A result names every roll made: a row that says "roll twice" carries the two extra results in
``rolls``; Settlement Name carries its sub-table's result; a composite table (one with
``then``, such as Quick Settlement Name) carries one result per table it rolls.

How extra rolls end (so a roll never loops forever):

- ``unique`` groups ("Roll twice" on Character Goal) reroll a result already in the group.
- An extra roll that lands on the very row that asked for it (or on any row still waiting for
  its own extra rolls) is not followed again. If the row's text says what to do when it comes
  up "yet again" (Pay the Price 1-2: "think of something dreadful"), the result is reported
  as it is; otherwise the die is rerolled, because "Roll twice" is not an answer.
- A die set aside for either reason stays on the result (``rerolled``), so every die rolled
  is shown and logged.
- Rerolls, nesting and the number of rolls for one result (:data:`MAX_ROLLS`, so a hostile
  pack's "roll a billion times" ends at once) are bounded; a table that still will not settle
  is a content error.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from ironsworn.content.model import (
    OracleRoll,
    OracleRow,
    OracleTable,
    Truth,
    TruthOption,
    parse_dice,
)
from ironsworn.errors import ContentError, InvalidValue
from ironsworn.record import record, replace

if TYPE_CHECKING:
    from ironsworn.content.loader import Ruleset
    from ironsworn.dice import Dice

_LINK = re.compile(r"\[([^\]]+)\]\([^)]*\)")  # a Markdown link, as Datasworn writes one
MAX_DEPTH = 8
MAX_REROLLS = 50
MAX_ROLLS = 1000  # table rolls for one result: far beyond any printed table, and instant


@record
class OracleResult:
    """One roll on one table, and the results of the rolls it called for."""

    id: str
    name: str
    roll: int | None
    text: str
    rolls: tuple[OracleResult, ...] = ()
    # Dice rolled for this result before ``roll`` and set aside (see "How extra rolls end").
    rerolled: tuple[int, ...] = ()

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": self.id,
            "name": self.name,
            "roll": self.roll,
            "text": self.text,
            "rolls": [r.to_json() for r in self.rolls],
        }
        if self.rerolled:
            data["rerolled"] = list(self.rerolled)
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> OracleResult:
        """The result :meth:`to_json` gave (a table operation's answer), to be shown."""
        return cls(
            str(data["id"]),
            str(data["name"]),
            data["roll"],
            str(data["text"]),
            tuple(cls.from_json(r) for r in data.get("rolls", ())),
            tuple(data.get("rerolled", ())),
        )

    def event(self, character: str | None = None) -> dict[str, Any]:
        """The ``oracle`` event that keeps this result in a campaign's log."""
        return oracle_event(
            self.id,
            self.name,
            self.roll,
            self.text,
            [r.to_json() for r in self.rolls],
            character,
        )

    def lines(self, indent: int = 0) -> list[str]:
        """Human-readable lines: ``Action (37): Reveal`` and the nested rolls indented; dice
        set aside are shown first: ``Pay the Price (99 rerolled, 37): ...``."""
        dice = [f"{d} rerolled" for d in self.rerolled]
        if self.roll is not None:
            dice.append(str(self.roll))
        roll = f" ({', '.join(dice)})" if dice else ""
        # A row naming another table links to it ("[Jovian World](datasworn:...)"): its words.
        text = _LINK.sub(r"\1", self.text) if "](" in self.text else self.text
        out = [f"{'  ' * indent}{self.name}{roll}: {text}"]
        for child in self.rolls:
            out.extend(child.lines(indent + 1))
        return out


@record
class TruthResult:
    """A d100 roll on a truth category and the option it picks."""

    id: str
    name: str
    roll: int
    option: TruthOption

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "roll": self.roll,
            "option": self.option.to_json(),
        }


def oracle_event(
    oracle: str,
    name: str,
    roll: int | None,
    text: str,
    rolls: list[Any] | None = None,
    character: str | None = None,
) -> dict[str, Any]:
    """An ``oracle`` event: which table (or draw), the roll and what it says: the one shape every
    table roll, move table and semi-random draw is kept in."""
    return {
        "type": "oracle",
        "character": character,
        "oracle": oracle,
        "name": name,
        "roll": roll,
        "text": text,
        "rolls": list(rolls or ()),
    }


def shown_name(ruleset: Ruleset, table: OracleTable) -> str:
    """The table's name as a result shows and logs it: with the names of its groups (the
    folders of its id, nearest first) when another table of its ruleset has the same name
    ("Feature" of a derelict's access, of a haunted location: ``Access: Feature``,
    ``Haunted: Feature``; a planet's settlements: ``Desert Settlements: Expanse``), or when
    a group of tables has its name (a derelict zone's ``Derelict Zone: Starship``)."""
    # Worked out once per content (kept whole: a content whose names are all its own has no
    # label at all, and an empty table of labels was worked out again on every roll).
    kept: dict[str, dict[str, str]] = ruleset.memo("oracle_shown_names")
    labels = kept.get("labels")
    if labels is None:
        labels = kept["labels"] = _shown_names(ruleset.oracles.values())
    return labels.get(table.id, table.name)


def _folders(table_id: str) -> tuple[str, list[str]]:
    """(ruleset, folder words) of a table's id; a move's table has none (its name is the
    move's)."""
    kind, _, path = table_id.partition(":")
    parts = path.split("/")
    if kind.startswith("move.") or len(parts) < 3:
        return parts[0], []
    return parts[0], [" ".join(w[:1].upper() + w[1:] for w in p.split("_")) for p in parts[1:-1]]


def _shown_names(tables: Any) -> dict[str, str]:
    listed: list[OracleTable] = list(tables)
    ids = [t.id for t in listed]
    by_name: dict[tuple[str, str], list[OracleTable]] = {}
    for table in listed:
        ruleset, _ = _folders(table.id)
        by_name.setdefault((ruleset, table.name.casefold()), []).append(table)
    labels = {}
    for same in by_name.values():
        if len(same) < 2:
            continue
        paths = {t.id: _folders(t.id)[1] for t in same}
        depth = 1
        while depth <= max(len(p) for p in paths.values()):
            shown = [" ".join(p[-depth:]) for p in paths.values()]
            if len(set(shown)) == len(shown):
                break
            depth += 1
        for table in same:
            group = " ".join(paths[table.id][-depth:])
            labels[table.id] = f"{group}: {table.name}" if group else table.name
    # A table named as a group of tables is told with its own groups too: a derelict zone's
    # "Starship" table rolled read "Starship (85): Operations", as if of the starship oracles.
    groups = {(r, f.casefold()) for r, folders in map(_folders, ids) for f in folders}
    for table in listed:
        ruleset, folders = _folders(table.id)
        if table.id not in labels and folders and (ruleset, table.name.casefold()) in groups:
            labels[table.id] = f"{' '.join(folders[-2:])}: {table.name}"
    return labels


def roll_oracle(
    ruleset: Ruleset, table: str | OracleTable, dice: Dice, value: int | None = None
) -> OracleResult:
    """Roll ``table`` (an id, bare id or name) with ``dice``; ``value`` forces the first roll."""
    chosen = table if isinstance(table, OracleTable) else ruleset.oracle(table)
    return _Roller(ruleset, dice).table(chosen, value, (), 0)


def roll_truth(
    ruleset: Ruleset, truth: str | Truth, dice: Dice, value: int | None = None
) -> TruthResult:
    """Pick one of a truth category's options with a d100 (``value`` forces the roll)."""
    chosen = truth if isinstance(truth, Truth) else ruleset.truth(truth)
    low = min((o.min for o in chosen.options), default=1)
    high = max((o.max for o in chosen.options), default=100)
    if value is not None:
        roll = _check_value(value, chosen.name, f"1d{high}", low, high)
    else:
        roll = dice.roll(high)
    option = chosen.option_for(roll)
    if option is None:
        raise ContentError(f"truth {chosen.id} has no option for roll {roll}")
    return TruthResult(chosen.id, chosen.name, roll, option)


def _check_value(value: int, what: str, dice: str, low: int, high: int) -> int:
    # ``what`` is the table's name, as the player knows it (not its id).
    if high == 100 and value == 0:
        return 100  # a d100 read as "00"
    if not low <= value <= high:
        accepted = (
            f"0 to {high} on {dice}, 0 read as 00" if high == 100 else f"{low} to {high} on {dice}"
        )
        raise InvalidValue(f"value {value} is out of range for {what} (accepted: {accepted})")
    return value


# A row on the chain of rows whose extra rolls are being made: (table id, row min).
_RowKey = tuple[str, int]


class _Roller:
    def __init__(self, ruleset: Ruleset, dice: Dice) -> None:
        self.ruleset = ruleset
        self.dice = dice
        self.rolls = 0

    def table(
        self, table: OracleTable, forced: int | None, chain: tuple[_RowKey, ...], depth: int
    ) -> OracleResult:
        if depth > MAX_DEPTH:
            raise ContentError(f"oracle {table.id} nests rolls deeper than {MAX_DEPTH}")
        if table.then and not table.rows:
            return self._composite(table, forced, chain, depth)
        roll = self._roll(table, forced)
        return self._row_result(table, roll, self._row(table, roll), chain, depth)

    def _composite(
        self, table: OracleTable, forced: int | None, chain: tuple[_RowKey, ...], depth: int
    ) -> OracleResult:
        children: list[OracleResult] = []
        for step in table.then:
            target = self._target(table, step)
            for _ in range(step.times):
                children.append(self.table(target, forced, chain, depth + 1))
                forced = None
        text = join_parts([c.text for c in children])
        return OracleResult(
            table.id, shown_name(self.ruleset, table), None, text, tuple(children), ()
        )

    def _row_result(
        self,
        table: OracleTable,
        roll: int,
        row: OracleRow,
        chain: tuple[_RowKey, ...],
        depth: int,
    ) -> OracleResult:
        extra: list[OracleResult] = []
        inner = (*chain, (table.id, row.min))
        for step in row.rolls:
            target = self._target(table, step)
            extra.extend(self._group(target, step, inner, depth + 1))
        # Every field in order: the record's quick path (no names or defaults to look at).
        return OracleResult(
            table.id, shown_name(self.ruleset, table), roll, row.full_text, tuple(extra), ()
        )

    def _group(
        self, target: OracleTable, step: OracleRoll, chain: tuple[_RowKey, ...], depth: int
    ) -> list[OracleResult]:
        if depth > MAX_DEPTH:
            raise ContentError(f"oracle {target.id} nests rolls deeper than {MAX_DEPTH}")
        if target.then and not target.rows:
            return [self.table(target, None, chain, depth) for _ in range(step.times)]
        results: list[OracleResult] = []
        seen: set[_RowKey] = set()
        for _ in range(step.times):
            set_aside: list[int] = []
            for attempt in range(MAX_REROLLS):
                roll = self._roll(target, None)
                row = self._row(target, roll)
                key = (target.id, row.min)
                last = attempt == MAX_REROLLS - 1
                if step.unique and key in seen and not last:
                    set_aside.append(roll)
                    continue
                if key in chain and not _says_yet_again(row) and not last:
                    set_aside.append(roll)
                    continue
                break
            seen.add(key)
            if key in chain:
                # Reported, not followed: the row's own text says what a repeat means.
                result = OracleResult(
                    target.id, shown_name(self.ruleset, target), roll, row.full_text, (), ()
                )
            else:
                result = self._row_result(target, roll, row, chain, depth)
            # Every die is kept: a reroll is shown and logged, never silent.
            results.append(replace(result, rerolled=tuple(set_aside)) if set_aside else result)
        return results

    def _target(self, table: OracleTable, step: OracleRoll) -> OracleTable:
        if step.oracle == "self":
            return table
        target = self.ruleset.oracles.get(step.oracle)
        if target is None:
            raise ContentError(f"oracle {table.id} rolls on unknown table {step.oracle}")
        return target

    def _roll(self, table: OracleTable, forced: int | None) -> int:
        self.rolls += 1
        if self.rolls > MAX_ROLLS:
            raise ContentError(f"oracle {table.id} calls for more than {MAX_ROLLS} rolls")
        try:
            number, sides = parse_dice(table.dice)
        except ValueError:
            raise ContentError(f"oracle {table.id} has unreadable dice {table.dice!r}") from None
        if number > MAX_ROLLS:
            raise ContentError(f"oracle {table.id} rolls {number} dice (more than {MAX_ROLLS})")
        if forced is not None:
            return _check_value(forced, table.name, table.dice, number, number * sides)
        if number == 1:
            return self.dice.roll(sides)  # (most tables: one die, without a sum to make)
        return sum(self.dice.roll(sides) for _ in range(number))

    @staticmethod
    def _row(table: OracleTable, roll: int) -> OracleRow:
        row = table.row_for(roll)
        if row is None:
            raise ContentError(f"oracle {table.id} has no row for roll {roll}")
        return row


def _says_yet_again(row: OracleRow) -> bool:
    return "yet again" in row.text.casefold()


def join_parts(parts: list[str]) -> str:
    """Join the results of a composite roll: ``Bleak-`` + ``-moor`` -> ``Bleakmoor``."""
    out = ""
    for part in parts:
        if not out:
            out = part
        elif out.endswith("-") and part.startswith("-"):
            out = out[:-1] + part[1:]
        elif out.endswith("-") or part.startswith("-"):
            out = out.rstrip("-") + part.lstrip("-")
        else:
            out = f"{out} {part}"
    return out
