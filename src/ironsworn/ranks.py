"""The five challenge ranks and every number that hangs on them (rulebook pp. 39, 84, 111).

| rank | progress per mark | harm/stress it inflicts | Fulfill Your Vow XP strong/weak |
|---|---|---|---|
| troublesome | 3 boxes (12 ticks) | 1 | 1 / 0 |
| dangerous | 2 boxes (8 ticks) | 2 | 2 / 1 |
| formidable | 1 box (4 ticks) | 3 | 3 / 2 |
| extreme | 2 ticks | 4 | 4 / 3 |
| epic | 1 tick | 5 | 5 / 4 |
"""

from __future__ import annotations

from enum import IntEnum

from ironsworn.errors import InvalidValue


class Rank(IntEnum):
    """A challenge rank; the value is its number (1-5), also the harm it inflicts."""

    TROUBLESOME = 1
    DANGEROUS = 2
    FORMIDABLE = 3
    EXTREME = 4
    EPIC = 5

    @property
    def ticks_per_mark(self) -> int:
        """Ticks marked by one "mark progress" (or per harm inflicted on a foe)."""
        return _TICKS_PER_MARK[self._value_]

    @property
    def harm(self) -> int:
        """Harm (or stress) a foe of this rank inflicts; also the -spirit of Forsake Your Vow."""
        return self._value_

    @property
    def xp_strong(self) -> int:
        """Experience for Fulfill Your Vow on a strong hit."""
        return self.value

    @property
    def xp_weak(self) -> int:
        """Experience for Fulfill Your Vow on a weak hit."""
        return self.value - 1

    @property
    def label(self) -> str:
        return self.name.lower()

    @property
    def per_mark(self) -> str:
        """One mark of progress at this rank, in the words of a track's boxes ("2 boxes a
        mark", "1 tick a mark")."""
        ticks = self.ticks_per_mark
        if ticks >= 4:
            return f"{ticks // 4} box{'es' if ticks > 4 else ''} a mark"
        return f"{ticks} tick{'s' if ticks > 1 else ''} a mark"

    def raised(self, steps: int = 1) -> Rank:
        """This rank raised by ``steps``, stopping at epic."""
        return Rank(min(Rank.EPIC, self.value + steps))

    @classmethod
    def parse(cls, text: str | int) -> Rank:
        """Accept a rank name ("dangerous") or number (1-5)."""
        if type(text) is str:
            # A rank as a track keeps it (its name, or its number as text): one lookup. Any
            # other text is read as below.
            found = _AS_KEPT.get(text)
            if found is not None:
                return found
        if isinstance(text, int) and not isinstance(text, bool):
            if 1 <= text <= 5:
                return cls(text)
        elif isinstance(text, str):
            key = text.strip().lower()
            for rank in cls:
                if rank.label == key or key == str(rank.value):
                    return rank
        names = ", ".join(r.label for r in cls)
        raise InvalidValue(f"rank {text!r} is unknown (accepted: {names})")


# (A member's number is read as ``_value_``: the enum's ``value`` property is several times
# slower, and the engine asks for it on every progress mark and harm.)
_TICKS_PER_MARK = {1: 12, 2: 8, 3: 4, 4: 2, 5: 1}

# Each rank by the texts that name it as they are (its name in lower case, its number): what
# Rank.parse finds for them, looked up without reading every rank's name and number.
_AS_KEPT: dict[str, Rank] = {
    **{rank.name.lower(): rank for rank in Rank},
    **{str(rank.value): rank for rank in Rank},
}
