"""Full-text search over moves, oracle tables, NPCs (foes), assets, regions and truths.

Every word must appear somewhere in an item (its name, id or text) for the item to match.
Items are ranked best first: a word in the name counts most, then in the id, then in the text
(a little more the more often it appears, capped so a long text does not win by length). Ties
go to the preferred ruleset (classic in the library), then moves, oracles, foes and the rest,
then names.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from ironsworn.content.lookup import normalize
from ironsworn.content.model import ruleset_of
from ironsworn.record import record

if TYPE_CHECKING:
    from ironsworn.content.loader import Ruleset

NAME_WEIGHT = 10
ID_WEIGHT = 4
TEXT_WEIGHT = 1
TEXT_CAP = 3
KIND_ORDER = {"move": 0, "oracle": 1, "npc": 2, "asset": 3, "region": 4, "truth": 5}


@record
class SearchHit:
    """One item that matches, with its score and a short excerpt around the first match."""

    kind: str
    id: str
    name: str
    score: int
    excerpt: str

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "id": self.id,
            "name": self.name,
            "score": self.score,
            "excerpt": self.excerpt,
        }


# A rules link in a text ("[Operations](datasworn:oracle_collection:starforged/...)") is
# searched and shown as its words: its id matched words the player never reads.
_LINK = re.compile(r"\[([^\]]*)\]\([^)]*\)")


def _documents(ruleset: Ruleset) -> list[tuple[str, str, str, str]]:
    """(kind, id, name, text) for every searchable item; an oracle table is named as a roll
    names it (``Derelict Zone: Starship``)."""
    from ironsworn.content.oracle_roller import shown_name

    docs = _items(ruleset)
    return [
        (
            kind,
            item_id,
            shown_name(ruleset, ruleset.oracles[item_id]) if kind == "oracle" else name,
            _LINK.sub(r"\1", text) if "](" in text else text,
        )
        for kind, item_id, name, text in docs
    ]


def _items(ruleset: Ruleset) -> list[tuple[str, str, str, str]]:
    docs: list[tuple[str, str, str, str]] = []
    for move in ruleset.moves.values():
        outcomes = " ".join((move.outcomes or {}).values())
        docs.append(("move", move.id, move.name, f"{move.trigger} {move.text} {outcomes}"))
    for table in ruleset.oracles.values():
        docs.append(("oracle", table.id, table.name, " ".join(r.text for r in table.rows)))
    for npc in ruleset.npcs.values():
        text = " ".join(
            (npc.description, *npc.features, *npc.drives, *npc.tactics, npc.quest_starter)
        )
        docs.append(("npc", npc.id, npc.name, text))
    for asset in ruleset.assets.values():
        text = " ".join((asset.type, asset.requirement, *(a.text for a in asset.abilities)))
        docs.append(("asset", asset.id, asset.name, text))
    for region in ruleset.regions.values():
        text = " ".join((region.description, *region.features, region.quest_starter))
        docs.append(("region", region.id, region.name, text))
    for truth in ruleset.truths.values():
        text = " ".join(f"{o.summary} {o.text} {o.quest_starter}" for o in truth.options)
        docs.append(("truth", truth.id, truth.name, text))
    return docs


def search(ruleset: Ruleset, words: str | list[str], limit: int | None = None) -> list[SearchHit]:
    """Items matching every word, best first."""
    text = words if isinstance(words, str) else " ".join(words)
    terms = normalize(text).split()
    if not terms:
        return []
    hits: list[SearchHit] = []
    for kind, item_id, name, body in _documents(ruleset):
        name_words = normalize(name).split()
        id_text = normalize(item_id.split(":", 1)[-1])
        body_text = normalize(body)
        score = 0
        for term in terms:
            in_name = any(w.startswith(term) for w in name_words)
            in_id = term in id_text
            count = _count_words(body_text, term)
            if not (in_name or in_id or count):
                break
            score += NAME_WEIGHT * in_name + ID_WEIGHT * in_id + TEXT_WEIGHT * min(count, TEXT_CAP)
        else:
            hits.append(SearchHit(kind, item_id, name, score, _excerpt(body, terms[0])))
    # Ties: the ruleset the library prefers (classic) first, then moves before oracles ...
    rank = {name: i for i, name in enumerate(ruleset.preferred)}
    hits.sort(
        key=lambda h: (
            -h.score,
            rank.get(ruleset_of(h.id), len(rank)),
            KIND_ORDER.get(h.kind, 9),
            h.name,
        )
    )
    return hits[:limit] if limit is not None else hits


def _count_words(text: str, term: str) -> int:
    # Whole words, or words starting with the term ("danger" finds "dangerous").
    return sum(1 for word in text.split() if word.startswith(term))


def _excerpt(body: str, term: str, width: int = 70) -> str:
    flat = " ".join(body.split())
    at = flat.casefold().find(term)
    if at < 0:
        return flat[:width] + ("…" if len(flat) > width else "")
    start = max(0, at - width // 3)
    piece = flat[start : start + width]
    return ("…" if start else "") + piece + ("…" if start + width < len(flat) else "")
