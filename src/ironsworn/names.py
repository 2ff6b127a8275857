"""Names a player gives (a character, a track, a person or a place), and the free text they
write (a journal entry, a note, an item): text every surface shows as it is, in a log line, a
terminal, a page's list and an exported file.

A name may hold any letter, mark, symbol or emoji, but not a control character (a NUL, an
escape that a terminal reads as a command, a bell) nor a bidirectional embedding, override
or isolate, which turns the text after it around wherever the name is shown (a log line
"Zed: momentum 2 → 3" read backwards): one player's name is shown on every other player's
screen.

Free text may run over lines and hold tabs, so a new line and a tab are all it takes of the
control characters; the others are refused there too, for the same reason: an escape in a
journal entry written at the web table would reach the terminal of the player who reads the
journal with the command line.
"""

from __future__ import annotations

import re
import unicodedata

# The bidirectional controls that change the direction of the text after them (an Arabic or
# Hebrew name needs none: its letters carry their direction).
BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def unshowable(text: str) -> str | None:
    """The first character of ``text`` a name may not hold, or None."""
    return next((c for c in text if unicodedata.category(c) == "Cc" or c in BIDI_CONTROLS), None)


def unshowable_words(char: str) -> str:
    """``char`` (from :func:`unshowable`) as a message names it: ``U+001B (a control
    character)``."""
    kind = "a control character" if char not in BIDI_CONTROLS else "a text-direction control"
    return f"U+{ord(char):04X} ({kind})"


# The control characters (Unicode's Cc: U+0000-001F, U+007F-009F) but a new line and a tab,
# the two free text may hold: found by one search, not a look at each character's category (a
# long journal entry is read in a few microseconds).
_UNWRITABLE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def unwritable(text: str) -> str | None:
    """The first character of free ``text`` (a journal entry, a note) it may not hold: a
    control character other than a new line or a tab; or None."""
    found = _UNWRITABLE.search(text)
    return found[0] if found else None
