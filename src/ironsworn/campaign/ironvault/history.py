"""An Iron Vault journal read back: its prose as journal entries, its mechanics as history.

A journal note is Markdown prose with fenced ``iron-vault-mechanics`` blocks (older vaults:
``mechanics``) between paragraphs. :func:`journal_parts` splits a note into prose
paragraphs (a fenced block of another kind stays inside its paragraph) and mechanics blocks,
in order. :func:`describe` tells a block's KDL nodes in words for the log ("Face Danger
(edge): action 3 + 2 + 1 = 6 vs 3 | 7 → weak hit"); the block itself is kept as it was
written. Imported history is a record: it is shown in the log and changes no sheet (Iron
Vault's sheets already hold its outcome).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ironsworn.campaign.ironvault.kdl import KdlError, Node, parse
from ironsworn.errors import CampaignError

MECHANICS = ("iron-vault-mechanics", "mechanics")
_FENCE = re.compile(r"^(`{3,}|~{3,})\s*([\w-]*)")
_DATASWORN = re.compile(r"\]\((?:datasworn:)?((?:move|asset)[\w.]*:[^)\s]+)\)")
_MD_LINK = re.compile(r"\[([^\]]*)\]\([^)]*\)")
_WIKI = re.compile(r"\[\[([^\]|]*)(?:\|([^\]]*))?\]\]")


@dataclass(frozen=True)
class Part:
    """A paragraph of prose (``nodes`` None) or a mechanics block (its text and nodes)."""

    text: str
    nodes: tuple[Node, ...] | None = None
    line: int = 0


def journal_parts(body: str, where: str) -> list[Part]:
    """The prose paragraphs and mechanics blocks of a note's body, in order.

    A mechanics block that is not KDL raises :class:`CampaignError` naming the note and line.
    """
    parts: list[Part] = []
    paragraph: list[str] = []
    lines = body.split("\n")
    i = 0

    def flush() -> None:
        text = "\n".join(paragraph).strip("\n")
        if text.strip():
            parts.append(Part(text))
        paragraph.clear()

    while i < len(lines):
        line = lines[i]
        fence = _FENCE.match(line)
        if fence is None:
            if line.strip():
                paragraph.append(line)
            else:
                flush()
            i += 1
            continue
        mark, lang = fence.group(1), fence.group(2)
        end = i + 1
        while end < len(lines) and not lines[end].startswith(mark):
            end += 1
        inner = lines[i + 1 : end]
        if lang in MECHANICS:
            flush()
            source = "\n".join(inner).strip("\n")
            try:
                nodes = parse(source)
            except KdlError as exc:
                raise CampaignError(
                    f"{where}: the mechanics block at line {i + 1} is not KDL ({exc})"
                ) from None
            parts.append(Part(source, tuple(nodes), i + 1))
        else:
            paragraph += lines[i : end + 1]  # another fenced block stays with its paragraph
        i = end + 1
    flush()
    return parts


def plain(text: object) -> str:
    """Markdown links shown as their words (``[Face Danger](datasworn:...)`` → Face Danger)."""
    words = _WIKI.sub(lambda m: m.group(2) or m.group(1).rsplit("/", 1)[-1], str(text))
    return _MD_LINK.sub(r"\1", words)


def ids_in(nodes: Sequence[Node], kind: str) -> Iterator[tuple[str, str | None]]:
    """Each ``kind`` node (move, asset) anywhere in the block: its name and Datasworn id."""
    for node in nodes:
        if node.name == kind:
            name = str(node.value("name", 0) or node.prop("id") or "")
            found = _DATASWORN.search(name)
            ident = node.prop("id")
            yield plain(name), str(ident) if ident else (found.group(1) if found else None)
        yield from ids_in(node.children, kind)


def _outcome(score: int, vs1: int, vs2: int) -> str:
    beaten = (score > vs1) + (score > vs2)
    word = ("miss", "weak hit", "strong hit")[beaten]
    return word + (" (match)" if vs1 == vs2 else "")


def _int(value: object, default: int = 0) -> int:
    try:
        return int(value)  # type: ignore[call-overload, no-any-return]
    except (TypeError, ValueError):
        return default


def describe(nodes: Sequence[Node], move_names: Mapping[str, str] | None = None) -> list[str]:
    """A block's nodes in words, one line per node (a move's nodes on its line).

    ``move_names`` (Datasworn id -> name) names a move given only by its id.
    """
    out: list[str] = []
    rolled: dict[str, int] | None = None  # the last roll's dice, as rerolls and burns change
    for node in nodes:
        line = _line(node)
        if node.name == "roll":
            rolled = _roll_values(node)[1]
            rolled["score"] = min(10, rolled["action"] + rolled["stat"] + rolled["adds"])
        elif node.name == "progress-roll":
            rolled = {**_progress_values(node), "progress": 1}
        elif node.name in ("reroll", "burn") and rolled is not None:
            line += _rolled_again(node, rolled)
        if node.name == "move" and not node.value("name", 0) and move_names:
            line = move_names.get(str(node.prop("id")), line)
        if node.name in ("move", "actor", "-", "oracle-group") and node.children:
            inner = "; ".join(describe(node.children, move_names))
            line = f"{line}: {inner}" if line else inner
        elif node.name == "oracle" and node.children:
            # The rolls its row called for (Roll twice, Action + Theme), after its result.
            line += " (" + "; ".join(describe(node.children, move_names)) + ")"
        line = " ".join(line.split())  # one line in the log, whatever the block's text
        if line:
            out.append(line)
    return out


def _roll_values(node: Node) -> tuple[Any, dict[str, int]]:
    """An action roll's stat name and dice, given as properties or by order of arguments
    (the stat's name first when given: roll "shadow" 1 3 1 9 9)."""
    values = list(node.args)
    stat_name = values.pop(0) if values and isinstance(values[0], str) else None
    named = {k: v for k, v in node.props}
    keys = ("action", "stat", "adds", "vs1", "vs2")
    got = {k: _int(named.get(k, values[i] if i < len(values) else 0)) for i, k in enumerate(keys)}
    return named.get("stat-name") or stat_name, got


def _progress_values(node: Node) -> dict[str, int]:
    """A progress roll's score and challenge dice, by properties or by order of arguments,
    the track's name first when given (Iron Vault's own: progress-roll "Deep" 2 1 3)."""
    first = 1 if node.args and isinstance(node.args[0], str) else 0
    keys = ("score", "vs1", "vs2")
    return {key: _int(node.value(key, first + i)) for i, key in enumerate(keys)}


def _rolled_again(node: Node, rolled: dict[str, int]) -> str:
    """What a reroll or a burn after a roll makes of it (Iron Vault shows the move's result
    so changed): ": 9 vs 4 | 10 → weak hit". ``rolled`` is updated."""
    if node.name == "burn":
        rolled["score"] = _int(node.value("from", 0))  # the momentum burned is the score
    else:
        for key in ("action", "vs1", "vs2"):
            if node.prop(key) is not None:
                rolled[key] = _int(node.prop(key))
        if not rolled.get("progress"):
            rolled["score"] = min(10, rolled["action"] + rolled["stat"] + rolled["adds"])
    score, vs1, vs2 = rolled["score"], rolled["vs1"], rolled["vs2"]
    return f": {score} vs {vs1} | {vs2} → {_outcome(score, vs1, vs2)}"


def meter_words(name: str) -> str:
    """A meter node's name in words, however it is spelt: Iron Vault's ``"Health"`` and an
    older export's ``"health"`` are health; a card's ``"Hound / Health"`` (and the older
    ``"Hound health"``) is Hound health, the command vehicle's ``"Starship / Integrity"``
    Starship integrity."""
    card, _, meter = name.rpartition("/")
    words = meter.strip()
    if words.lower() in _METERS:
        words = words.lower()
    return f"{card.strip()} {words}" if card.strip() else words


_METERS = frozenset({"health", "spirit", "supply", "momentum", "integrity", "xp_spent"})


def _line(node: Node) -> str:
    name = node.name
    if name == "move":
        return plain(node.value("name", 0) or node.prop("id") or "a move")
    if name == "actor":
        return plain(node.prop("name") or "")
    if name == "-":
        return plain(node.value("text", 0) or "")
    if name == "add":
        reason = node.value("from", 1)
        return f"add +{_int(node.value('amount', 0))}" + (f" ({plain(reason)})" if reason else "")
    if name == "roll":
        stat, got = _roll_values(node)
        score = min(10, got["action"] + got["stat"] + got["adds"])
        adds = f" + {got['adds']}" if got["adds"] else ""
        what = f"{stat} {got['stat']}" if stat else str(got["stat"])
        return (
            f"action {got['action']} + {what}{adds} = {score} vs {got['vs1']} | {got['vs2']} → "
            + _outcome(score, got["vs1"], got["vs2"])
        )
    if name == "progress-roll":
        got = _progress_values(node)
        score, vs1, vs2 = got["score"], got["vs1"], got["vs2"]
        return f"progress roll {score} vs {vs1} | {vs2} → {_outcome(score, vs1, vs2)}"
    if name == "reroll":
        return "reroll " + ", ".join(f"{k} {v}" for k, v in node.props)
    if name == "burn":
        return f"burn momentum {node.value('from', 0)} → {node.value('to', 1)}"
    if name == "meter":
        meter = meter_words(plain(node.value("name", 0) or ""))
        return f"{meter} {node.value('from', 1)} → {node.value('to', 2)}"
    if name == "xp":
        return f"experience {node.value('from', 0)} → {node.value('to', 1)}"
    if name in ("progress", "track", "clock"):
        fields = ", ".join(f"{k} {plain(v)}" for k, v in node.props if k != "name")
        label = plain(node.value("name", 0) or "")
        return f"{name} {label}" + (f": {fields}" if fields else "")
    if name == "oracle":
        result = plain(node.value("result", 2) or "")
        return f"oracle {plain(node.value('name', 0))}: {node.value('roll', 1)} → {result}"
    if name == "oracle-group":
        return plain(node.value("name", 0) or "oracles")
    if name == "asset":
        ability = node.prop("ability")
        which = f" ability {ability}" if ability is not None else ""
        return f"asset {plain(node.value('name', 0))} {node.prop('status') or ''}{which}".strip()
    if name == "impact":
        marked = node.value("marked", 1)
        return f"{plain(node.value('name', 0))} {'marked' if marked else 'cleared'}"
    if name in ("initiative", "position"):
        return f"{name} {node.value('from', 0)} → {node.value('to', 1)}"
    if name == "dice-expr":
        return f"dice {node.prop('expr')} = {node.prop('result')}"
    fields = " ".join(str(a) for a in node.args) + " " + " ".join(f"{k}={v}" for k, v in node.props)
    return f"{name} {fields.strip()}".strip()
