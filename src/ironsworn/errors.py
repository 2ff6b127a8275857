"""The one exception tree of the package.

Every error a user can cause is an :class:`IronswornError`. The command line turns any of them
into a single line on stderr and exit code 2; nothing is changed when one is raised.

- :class:`IronswornError` — root.
  - :class:`InvalidValue` (also a :class:`ValueError`) — a value out of range or not one of the
    accepted ones (a stat of 7, a die of 0, an unknown odds name).
    - :class:`OptionNeeded` — a move needs an option the player left out (which stat, which
      track); it carries the values accepted, so play mode can ask instead of refusing.
  - :class:`NotFound` (also a :class:`LookupError`) — an id or name that matches nothing, or
    more than one thing; carries the closest candidates.
  - :class:`RuleViolation` — a legal value used where the rules forbid it (Strike without
    initiative, Resupply while unprepared, a second pending decision).
  - :class:`ContentError` — a content file or pack that cannot be read.
  - :class:`CampaignError` — a campaign file that is missing, corrupt, foreign or too new.
    - :class:`Unavailable` — the campaign's database cannot be reached now (an outage): the
      same request may work once it is back (the web table answers 503).
"""

from __future__ import annotations


class IronswornError(Exception):
    """Root of every error this package raises on purpose."""


class InvalidValue(IronswornError, ValueError):
    """A value that is out of range or not one of the accepted values."""


class OptionNeeded(InvalidValue):
    """A move needs an option that was left out: ``option`` (a keyword of ``make_move``:
    ``stat``, ``track``...) and ``choices``, the accepted values with a label each."""

    def __init__(self, message: str, option: str, choices: tuple[tuple[str, str], ...]) -> None:
        super().__init__(message)
        self.option = option
        self.choices = choices


class NotFound(IronswornError, LookupError):
    """An id or name that matches nothing (or more than one thing)."""

    def __init__(self, message: str, candidates: tuple[str, ...] = ()) -> None:
        super().__init__(message)
        self.candidates = candidates


class RuleViolation(IronswornError):
    """An action the rules do not allow in the current state."""


class ContentError(IronswornError):
    """A content file or pack that cannot be loaded."""


class CampaignError(IronswornError):
    """A campaign file that cannot be opened or written."""


class Unavailable(CampaignError):
    """The campaign's database cannot be reached now; the same request may work later."""
