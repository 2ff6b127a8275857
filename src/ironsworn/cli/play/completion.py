"""Tab completion in play mode: slash commands, moves, oracles, stats, options and answers.

The logic is plain Python (:meth:`Completions.complete` takes the text before the cursor and
returns the candidates with where they start), so it is tested without a terminal;
:func:`prompt_toolkit_completer` wraps it for prompt_toolkit, which is imported only there.

What is completed where:

- ``/mo`` -> the slash commands;
- ``/move fa`` -> move names as ids (``face_danger``); several typed words count as one name,
  so ``/move face d`` completes too; ``/oracle`` likewise with oracle tables;
- ``--st`` -> the command's options, read from the command line's own parser;
- ``--stat e`` -> stats; ``--track`` -> tracks; ``--foe`` -> foes; ``--rank`` -> ranks, ...;
- once ``/move NAME`` names a move, only its own options, stats, bonds (``--with``) and
  tracks (:mod:`.move_completion`);
- a bare word while a decision is pending -> its option keys;
- during the character walkthrough, the answers the question accepts.
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ironsworn.campaign.state import CampaignState
    from ironsworn.content.loader import Ruleset
    from ironsworn.content.model import Move

STATS = ("edge", "heart", "iron", "shadow", "wits")
ROLLABLE_METERS = ("health", "spirit", "supply")

# Options whose value is a word of a known kind (any other option's value is free text).
OPTION_VALUES: dict[str, str] = {
    "--stat": "stat",
    "--track": "track",
    "--foe": "foe",
    "--rank": "rank",
    "--odds": "odds",
    "--character": "character",
    "--ally": "character",
    "--ruleset": "ruleset",
    "--companion": "asset",
    "--asset": "asset",
}

# Kinds whose value may be several typed words (a name), completed as one id.
PHRASE_KINDS = frozenset({"move", "oracle"})


@dataclass(frozen=True)
class CommandShape:
    """What completion needs to know of one slash command."""

    options: tuple[str, ...] = ()  # option strings, as the parser spells them
    flags: frozenset[str] = frozenset()  # options that take no value
    # Word kinds of the positional words, the last one repeating; "" is free text.
    positionals: tuple[str, ...] = ()

    @classmethod
    def from_parser(
        cls, parser: argparse.ArgumentParser | None, positionals: Sequence[str] = ()
    ) -> CommandShape:
        """Read the options of a command line parser (help and the options a play session
        has fixed left out)."""
        from ironsworn.cli.play.session import FIXED_IN_PLAY

        if parser is None:
            return cls(positionals=tuple(positionals))
        options: list[str] = []
        flags: set[str] = set()
        for action in parser._actions:
            for option in action.option_strings:
                if not option.startswith("--") or option == "--help":
                    continue
                if action.dest in FIXED_IN_PLAY:
                    continue
                options.append(option)
                if action.nargs == 0:
                    flags.add(option)
        return cls(tuple(options), frozenset(flags), tuple(positionals))


@dataclass(frozen=True)
class Candidate:
    """One completion: the text to insert and where it starts (<= 0, from the cursor)."""

    text: str
    start: int
    meta: str = ""  # shown beside the candidate (a track's name beside its id)


def slug(text: str) -> str:
    """``Character Descriptor`` -> ``character_descriptor``."""
    return re.sub(r"[^a-z0-9]+", "_", text.lower()).strip("_")


def move_words(ruleset: Ruleset, own: str | None = None) -> list[str]:
    """A word for every move that ``ruleset.move`` resolves: its id's last part (``own``: the
    moves of that ruleset only, a campaign's)."""
    return sorted({move_id.rsplit("/", 1)[-1] for move_id in ruleset.in_ruleset("moves", own)})


def oracle_words(ruleset: Ruleset, own: str | None = None) -> list[str]:
    """A word for every oracle table: its id's last part, or a longer form when that is shared
    (``own``: the tables of that ruleset only)."""
    tables = ruleset.in_ruleset("oracles", own)
    shorts: dict[str, int] = {}
    for table_id in tables:
        short = table_id.rsplit("/", 1)[-1]
        shorts[short] = shorts.get(short, 0) + 1
    words: set[str] = set()
    for table_id, table in tables.items():
        short = table_id.rsplit("/", 1)[-1]
        if shorts[short] == 1:
            words.add(short)
        else:
            # Two tables share the last part ("descriptor"): the name says which one.
            words.add(slug(table.name))
    return sorted(words)


class WordSource:
    """The words of each kind, from the content (cached) and the campaign (read each time)."""

    def __init__(
        self,
        ruleset: Callable[[], Ruleset],
        state: Callable[[], CampaignState | None],
        commands: Callable[[], Iterable[str]] = tuple,
        who: Callable[[], str | None] = lambda: None,
    ) -> None:
        self._ruleset = ruleset
        self._state = state
        self._commands = commands
        self.who = who  # the character acting (whose bonds and tracks are offered)
        self._content: dict[str, list[str]] = {}

    def move(self, words: Sequence[str]) -> Move | None:
        """The move named by the words typed after ``/move`` (None if none, or not yet)."""
        from ironsworn.errors import IronswornError

        name = []
        for word in words:
            if word.startswith("-"):
                break
            name.append(word)
        if not name or name[0] in ("list", "show"):
            return None
        state = self._state()
        try:
            found: Move = self._ruleset().find(
                "moves", " ".join(name), prefer=getattr(state, "ruleset", None)
            )
        except IronswornError:
            return None
        return found

    def state(self) -> CampaignState | None:
        return self._state()

    def words(self, kind: str | None) -> list[str]:
        if kind is None:
            return []
        if kind in ("move", "oracle", "foe", "asset", "truth"):
            # The campaign's own ruleset only: a classic campaign never offers a Starforged
            # move, which it would refuse.
            own = getattr(self._state(), "ruleset", None)
            key = f"{kind}:{own}"
            if key not in self._content:
                self._content[key] = self._content_words(kind, own)
            return self._content[key]
        fixed = _FIXED.get(kind)
        if fixed is not None:
            return list(fixed())
        if kind == "command":
            return sorted(self._commands())
        return self._campaign_words(kind)

    def _content_words(self, kind: str, own: str | None) -> list[str]:
        ruleset = self._ruleset()
        if kind == "move":
            return move_words(ruleset, own)
        if kind == "oracle":
            return oracle_words(ruleset, own)
        group = {"foe": "npcs", "truth": "truths"}.get(kind, "assets")
        items = ruleset.in_ruleset(group, own)
        return sorted({item_id.rsplit("/", 1)[-1] for item_id in items})

    def _campaign_words(self, kind: str) -> list[str]:
        state = self._state()
        if state is None:
            return []
        if kind == "track":
            return [t.id for t in state.tracks.values() if t.status == "active"]
        if kind == "character":
            return list(state.characters)
        if kind == "person":
            return list(state.people)
        if kind == "place":
            return list(state.places)
        if kind == "pending":
            pending = state.pending
            if pending is None or pending.get("kind") != "choose":
                return []
            return [str(o["key"]) for o in pending.get("options") or ()]
        return []


def _odds() -> list[str]:
    from ironsworn.oracle import Odds

    return [o.value for o in Odds]


def _ranks() -> list[str]:
    from ironsworn.ranks import Rank

    return [r.label for r in Rank]


def _debilities() -> list[str]:
    from ironsworn.debilities import DEBILITIES

    return list(DEBILITIES)


_FIXED: dict[str, Callable[[], Sequence[str]]] = {
    "stat": lambda: (*STATS, *ROLLABLE_METERS),
    "meter": lambda: ("health", "spirit", "supply", "momentum", "experience"),
    "odds": _odds,
    "rank": _ranks,
    "debility": _debilities,
    "mark": lambda: ("mark", "clear"),
    "ruleset": lambda: ("classic", "starforged", "all"),
    "oracle_action": lambda: ("list", "show"),
    "export_format": lambda: ("markdown", "json", "iron-vault"),
    "site_action": lambda: _site_actions(),
    "rarity_action": lambda: ("list", "show", "buy"),
}


def _site_actions() -> Sequence[str]:
    from ironsworn.cli.delve_cmd import SITE_ACTIONS

    return SITE_ACTIONS


class Completions:
    """Completion of a play-mode line (see the module docstring)."""

    def __init__(self, commands: Mapping[str, CommandShape], words: WordSource) -> None:
        self.commands = dict(commands)
        self.source = words
        # Set while a walkthrough question is asked: complete its accepted answers only.
        self.choices: Sequence[str] | None = None

    def complete(self, text: str) -> list[Candidate]:
        text = text.lstrip()
        current = "" if not text or text[-1].isspace() else text.split()[-1]
        if self.choices is not None:
            return _match(self.choices, current)
        if not text.startswith("/"):
            # A bare word answers a pending decision.
            return _match(self.source.words("pending"), current)
        words = text.split()
        before = words if not current else words[:-1]
        if not before:
            return _match([f"/{name}" for name in self.commands], current)
        name = before[0][1:].lower()
        shape = self.commands.get(name)
        if shape is None:
            return []
        move = self.source.move(before[1:]) if name == "move" else None
        if current.startswith("-"):
            if move is not None:
                from ironsworn.cli.play.move_completion import move_flags

                flags = move_flags(move)
                return _match([o for o in shape.options if o in flags], current)
            return _match(shape.options, current)
        previous = before[-1] if len(before) > 1 else None
        if previous is not None and previous in shape.options and previous not in shape.flags:
            if move is not None:
                from ironsworn.cli.play.move_completion import option_values

                who = _option_value(before, "--character") or self.source.who()
                values = option_values(move, previous, self.source.state(), who)
                if values is not None:
                    return _match_values(values, current)
            return _match(self.source.words(OPTION_VALUES.get(previous)), current)
        typed = _positionals(before[1:], shape)
        if not shape.positionals:
            return []
        kind = shape.positionals[min(len(typed), len(shape.positionals) - 1)]
        if kind in PHRASE_KINDS and typed and len(typed) == len(before) - 1:
            # "/move face d": the words typed so far are one name.
            phrase = text[len(before[0]) :].lstrip()
            found = _match(self.source.words(kind), slug(phrase) if phrase.strip() else "")
            return [Candidate(c.text, -len(phrase)) for c in found]
        if kind in PHRASE_KINDS and typed:
            kind = shape.positionals[-1] if len(shape.positionals) > len(typed) else ""
        return _match(self.source.words(kind or None), current)


def _positionals(words: Sequence[str], shape: CommandShape) -> list[str]:
    """The positional words among ``words`` (options and their values left out)."""
    out: list[str] = []
    skip = False
    for word in words:
        if skip:
            skip = False
        elif word.startswith("-") and not word.lstrip("-+").isdigit():
            skip = word in shape.options and word not in shape.flags
        else:
            out.append(word)
    return out


def _option_value(words: Sequence[str], option: str) -> str | None:
    """The value typed after ``option`` among ``words``, if any."""
    for i, word in enumerate(words[:-1]):
        if word == option:
            return words[i + 1]
    return None


def _match_values(values: Sequence[tuple[str, str]], current: str) -> list[Candidate]:
    """Values matched by their start, or a word of the value or of what is shown beside it;
    a value of several words is quoted (play mode's words split like a shell's)."""
    key = current.strip('"').lower()
    out: list[Candidate] = []
    for value, meta in dict.fromkeys(values):
        words = re.split(r"[_/ ]", f"{value} {meta}".lower())
        if value.lower().startswith(key) or any(w.startswith(key) for w in words if w):
            text = f'"{value}"' if " " in value else value
            out.append(Candidate(text, -len(current), meta))
    return out


def _match(candidates: Iterable[str], current: str) -> list[Candidate]:
    """Candidates starting with ``current`` (any case); else those with a word starting so."""
    key = current.lower()
    pool = list(dict.fromkeys(candidates))
    found = [c for c in pool if c.lower().startswith(key)]
    if not found and key:
        found = [c for c in pool if any(p.startswith(key) for p in re.split(r"[_/ ]", c.lower()))]
    return [Candidate(c, -len(current)) for c in found]


def prompt_toolkit_completer(completions: Completions) -> Any:
    """A prompt_toolkit ``Completer`` asking ``completions`` (imports prompt_toolkit)."""
    from prompt_toolkit.completion import CompleteEvent, Completer, Completion
    from prompt_toolkit.document import Document

    class PlayCompleter(Completer):
        def get_completions(
            self, document: Document, complete_event: CompleteEvent
        ) -> Iterable[Completion]:
            typed = document.text_before_cursor
            found = completions.complete(typed)
            # The one command a line's first word can be is completed with the space after
            # it, as a shell does: "/mo", Tab, "fa" read "/movefa".
            spaced = len(found) == 1 and found[0].text.startswith("/") and " " not in typed.strip()
            for candidate in found:
                yield Completion(
                    candidate.text + (" " if spaced else ""),
                    start_position=candidate.start,
                    display=candidate.text,
                    display_meta=candidate.meta,
                )

    return PlayCompleter()
