"""The log as Iron Vault mechanics blocks: one ``iron-vault-mechanics`` block per move or change.

Each operation of the log (a move with its chain, a manual change, an oracle roll) becomes
KDL nodes as Iron Vault's spec defines them (``docs/Blocks/Mechanics Blocks.md`` in the
plugin's repository):

- a ``move`` event opens ``move "[Name](datasworn:ID)" { ... }``; what follows in the
  operation goes inside it until the next move (Iron Vault does not nest moves: a follow-on
  move such as Endure Harm is the next sibling);
- ``add 1 "a bond with Elda"`` for each add and what gave it, then ``roll "stat" action=
  stat= adds= vs1= vs2=`` with the log's dice (a second roll of the same move is a ``reroll``
  of the dice that changed), ``progress-roll name= score= vs1= vs2=``,
  ``burn from= to=`` (the momentum reset it makes is not repeated as a meter);
- ``meter "Health" from= to=`` for health, spirit, supply and momentum, as Iron Vault names
  them (a card's meter ``"Hound / Health"``, the command vehicle's ``"Starship / Integrity"``;
  the harm or stress a suffer move takes goes inside that move, before its roll);
  ``xp from= to=`` for experience earned or spent (the experience left to spend: Iron Vault
  has no meter of experience);
- ``progress`` when a track gains whole steps of its rank, else ``track name from= to=`` in
  ticks; ``track status="added"`` / ``"completed"`` / ``"reopened"``; a legacy track (or
  classic bonds) as ``track "Quests" from= to=`` in ticks;
- ``clock`` for a scene challenge's tension clock, ``oracle`` (nested for a table rolled
  from a table; several in a row in an ``oracle-group``) and ``oracle "Ask the Oracle"``
  for a yes/no question, ``asset`` added, removed or upgraded, ``impact "Wounded" true``,
  ``initiative`` (classic) or ``position`` (Starforged);
- each decision answered (a ``choice`` event) is a ``-`` line in the move it answers, and so is
  anything the spec has no node for (a bond forged, a note of the engine), in our words;
- history imported from Iron Vault (an ``imported`` record) goes back as the block it was.

A move that waits for a decision and the operations that answer it (choose, burn, decline)
make one block. With more than one character, each block's nodes are wrapped in ``actor
name="[[Kai]]" { ... }``, as Iron Vault does in co-op, and a change of another character's
inside it in an ``actor`` node of theirs.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ironsworn.campaign.ironvault.kdl import Node, Value, parse
from ironsworn.campaign.ironvault.tracks import note_name, wiki_link
from ironsworn.campaign.journal import HIDDEN, PINS, Narrator, odds_words
from ironsworn.campaign.store import Operation
from ironsworn.campaign.told_once import told_by_burn

# A suffer move takes its harm (or stress, or damage) first, then rolls on the meter it hit.
SUFFER_MOVES = ("/endure_harm", "/endure_stress", "/companion_endure_harm", "/withstand_damage")
SUFFERED = ("meter", "asset_meter", "vehicle_meter", "incidental_vehicle")
# A roll on a card's meter, as Iron Vault names it (the card, then its meter): the command
# vehicle's STARSHIP, an incidental vehicle's card of Iron Vault's own.
STARSHIP_INTEGRITY = "Starship / Integrity"
INCIDENTAL_INTEGRITY = "Incidental Vehicle / Integrity"
# The rolls on a meter of a card, not the character's: the meter node the move took its harm
# (damage) on names the card; with none, the card it most often is.
CARD_ROLLS = {
    "vehicle_integrity": ("Integrity", STARSHIP_INTEGRITY),
    "companion_health": (
        "Health",
        "Companion / Health",
    ),
}
RANK_TICKS = {"troublesome": 12, "dangerous": 8, "formidable": 4, "extreme": 2, "epic": 1}
METERS = ("health", "spirit", "supply", "momentum")
LEGACY_LABELS = {"quests": "Quests", "bonds": "Bonds", "discoveries": "Discoveries"}


def datasworn_link(name: str, ident: str | None) -> str:
    """``[Name](datasworn:ID)``, Iron Vault's link to a Datasworn item (a plain name
    without an id)."""
    if not ident or ":" not in ident:
        return name
    return f"[{name}](datasworn:{ident})"


def _rolled_name(move: _Move) -> str | None:
    """The name of what ``move`` rolls on, as Iron Vault writes a roll's: a stat or the
    character's meter by our key ("iron", "health"); a card's meter as the card and the meter
    ("Starship / Integrity", "Hound / Health"), as Iron Vault names a roll on an asset's
    control, where our key ("vehicle_integrity") means nothing to it."""
    stat = move.stat
    if stat not in CARD_ROLLS:
        return stat
    meter, otherwise = CARD_ROLLS[stat]
    for node in reversed(move.children):
        named = node.args[0] if node.name == "meter" and node.args else None
        if isinstance(named, str) and named.endswith(f" / {meter}"):
            return named
    return otherwise


def label(key: str) -> str:
    """``permanently_harmed`` -> ``Permanently Harmed``."""
    return " ".join(part.capitalize() for part in key.split("_"))


@dataclass
class _Move:
    name: str
    ident: str
    stat: str | None = None
    children: list[Node] = field(default_factory=list)
    rolled: Mapping[str, Any] | None = None  # the last action roll, for a reroll

    def node(self) -> Node:
        return Node("move", (datasworn_link(self.name, self.ident),), (), tuple(self.children))


class BlockWriter:
    """Turns the log's operations into mechanics blocks, remembering track names and who is
    Starforged as it reads (like the journal's :class:`Narrator`)."""

    def __init__(
        self,
        characters: int = 1,
        track_notes: Mapping[str, str] | None = None,
        clock_notes: Mapping[str, str] | None = None,
        character_notes: Mapping[str, str] | None = None,
    ) -> None:
        self.narrator = Narrator()
        # Each character's experience earned and spent, as the log has told them so far: an
        # ``xp`` node counts the experience a character has to spend, earned or spent.
        self.experience: dict[str, list[int]] = {}
        self.co_op = characters > 1
        self.tracks: dict[str, Mapping[str, Any]] = {}  # id -> {name, rank}
        # The notes the export writes: track id -> its Progress/ note, its Clocks/ note;
        # character name -> its Characters/ note.
        self.track_notes = dict(track_notes or {})
        self.clock_notes = dict(clock_notes or {})
        self.character_notes = dict(character_notes or {})

    # ----------------------------------------------------------------------------- blocks

    def block(self, operations: Sequence[Operation], actor: str | None = None) -> list[Node]:
        """The nodes of one block: an operation and those that answered its decisions.

        ``actor`` is the character whose block it is (co-op: :meth:`wrap` puts it all in
        their ``actor`` node); a change of another character's (the ally's momentum of Aid
        Your Ally, the party's supply) is put inside an ``actor`` node of theirs, so Iron
        Vault does not count it as the actor's."""
        events: list[Mapping[str, Any]] = []
        for operation in operations:
            previous: Mapping[str, Any] = {}
            for recorded in self.narrator.ordered(operation):
                if not told_by_burn(recorded, previous):
                    events.append(recorded)
                previous = recorded
        tracks_hit = [
            str(e["track"])
            for e in events
            if e.get("type") in ("progress", "track_closed") and "track" in e
        ]
        top: list[Node | _Move] = []
        moves: list[_Move] = []
        current: _Move | None = None
        opened: set[int] = set()  # move events already opened by their roll
        for index, event in enumerate(events):
            kind = event.get("type")
            if kind == "move":
                if index in opened:
                    continue
                if self._asked_then_rolled(current, event):
                    # The move asked before it rolled (Withstand Damage: resist or press on?)
                    # and rolls now, on the answer: one move, as Iron Vault writes it.
                    assert current is not None
                    current.stat = current.stat or (str(event.get("stat") or "") or None)
                    continue
                current = self._open(event, moves, top)
                continue
            if kind in SUFFERED and index + 1 < len(events):
                after = events[index + 1]
                if after.get("type") == "move" and str(after.get("move")).endswith(SUFFER_MOVES):
                    # The harm or stress a suffer move takes before its roll is the move's
                    # own, as Iron Vault writes it: the move opens here, with it inside.
                    opened.add(index + 1)
                    current = self._open(after, moves, top)
            if (
                kind == "roll"
                and event.get("move")
                and (current is None or current.ident != event["move"])
            ):
                # A roll waiting for a burn or a decision is recorded before its move: the
                # move it belongs to opens here, with the roll inside it.
                ahead = self._move_ahead(events, index)
                if ahead is not None:
                    opened.add(ahead)
                    current = self._open(events[ahead], moves, top)
            if kind == "choice":
                target = next((m for m in reversed(moves) if m.ident == event.get("move")), current)
                line = Node("-", (self.narrator.event(event) or "chose",))
                (target.children if target else top).append(line)
                continue
            nodes = self.nodes(event, current, tracks_hit)
            other = event.get("character")
            if actor is not None and isinstance(other, str) and other != actor:
                nodes = self.wrap(nodes, other)
            (current.children if current else top).extend(nodes)
        return _grouped([item.node() if isinstance(item, _Move) else item for item in top])

    @staticmethod
    def _asked_then_rolled(current: _Move | None, event: Mapping[str, Any]) -> bool:
        """Whether the move ``event`` records is the ``current`` one going on: the same move,
        which has not rolled yet (it asked a decision first, and this is its roll's record)."""
        if current is None or not current.ident or current.ident != event.get("move"):
            return False
        return not any(c.name in ("roll", "progress-roll") for c in current.children)

    def _open(self, event: Mapping[str, Any], moves: list[_Move], top: list[Node | _Move]) -> _Move:
        move = _Move(
            str(event.get("name") or event.get("move") or "a move"),
            str(event.get("move") or ""),
            str(event.get("stat") or "") or None,
        )
        moves.append(move)
        top.append(move)
        return move

    @staticmethod
    def _move_ahead(events: Sequence[Mapping[str, Any]], index: int) -> int | None:
        """The index of the move event a roll at ``index`` belongs to, if it comes later."""
        ident = events[index].get("move")
        for later in range(index + 1, len(events)):
            kind = events[later].get("type")
            if kind == "move":
                return later if events[later].get("move") == ident else None
            if kind == "roll" and events[later].get("move") != ident:
                return None
        return None

    def wrap(self, nodes: list[Node], character: str | None) -> list[Node]:
        """In co-op, the nodes inside ``actor name="[[NAME]]"`` (nodes that are all actor
        nodes already, as a co-op block imported from Iron Vault is, are not wrapped again)."""
        if not self.co_op or not character or not nodes:
            return nodes
        if all(node.name == "actor" for node in nodes):
            return nodes
        note = self.character_notes.get(character) or note_name(character)
        link = wiki_link(character, f"Characters/{note}")
        return [Node("actor", (), (("name", link),), tuple(nodes))]

    # ------------------------------------------------------------------------------ nodes

    def nodes(
        self, event: Mapping[str, Any], move: _Move | None, tracks_hit: Sequence[str]
    ) -> list[Node]:
        kind = str(event.get("type"))
        if kind in HIDDEN or kind in PINS or kind in ("journal", "session"):
            return []  # (the content packs pinned: plumbing, as the story leaves them out)
        make = getattr(self, f"_{kind}", None)
        if make is not None:
            try:
                made: list[Node] = make(event, move, tracks_hit)
                return made
            except (KeyError, TypeError, ValueError, IndexError):  # KdlError is a ValueError
                pass  # an older or odd event: said in words below
        text = self.narrator.event(event)
        return [Node("-", (text,))] if text else []

    def _roll(
        self, event: Mapping[str, Any], move: _Move | None, tracks_hit: Sequence[str]
    ) -> list[Node]:
        roll = event["roll"]
        c1, c2 = (int(d) for d in roll["challenge"])
        if roll.get("type") == "progress":
            props: list[tuple[str, Value]] = []
            if len(set(tracks_hit)) == 1:
                props.append(("name", self.track_link(tracks_hit[0])))
            props += [("score", int(roll["score"])), ("vs1", c1), ("vs2", c2)]
            return [Node("progress-roll", (), tuple(props))]
        action = int(roll["action_die"])
        before = move.rolled if move is not None else None
        if before is not None and before.get("type") == "action":
            changed: list[tuple[str, Value]] = []
            if int(before["action_die"]) != action:
                changed.append(("action", action))
            old = [int(d) for d in before["challenge"]]
            if old[0] != c1:
                changed.append(("vs1", c1))
            if old[1] != c2:
                changed.append(("vs2", c2))
            if move is not None:
                move.rolled = roll
            if changed:
                return [Node("reroll", (), tuple(changed))]
        if move is not None:
            move.rolled = roll
        stat_name = _rolled_name(move) if move is not None else None
        args: tuple[Value, ...] = (stat_name,) if stat_name else ()
        out = [
            Node("add", (int(source["amount"]), str(source["from"])))
            for source in event.get("adds_from") or ()
            if isinstance(source, Mapping) and source.get("amount")
        ]
        out += [
            Node(
                "roll",
                args,
                (
                    ("action", action),
                    ("stat", int(roll["stat"])),
                    ("adds", int(roll.get("adds") or 0)),
                    ("vs1", c1),
                    ("vs2", c2),
                ),
            )
        ]
        if roll.get("action_die_cancelled"):
            out.append(Node("-", ("the action die is cancelled (negative momentum)",)))
        return out

    def _imported(self, event: Mapping[str, Any], *_: Any) -> list[Node]:
        # History imported from Iron Vault goes back as the block it was.
        return parse(str(event["kdl"]))

    def _burn(self, event: Mapping[str, Any], *_: Any) -> list[Node]:
        return [Node("burn", (), (("from", int(event["from"])), ("to", int(event["to"]))))]

    def _character_created(self, event: Mapping[str, Any], *_: Any) -> list[Node]:
        char = event["character"]
        self.experience[str(char["name"])] = [
            int(char.get("experience_earned") or 0),
            int(char.get("experience_spent") or 0),
        ]
        text = self.narrator.event(event)  # (told in words, as any event without a node)
        return [Node("-", (text,))] if text else []

    def _meter(self, event: Mapping[str, Any], *_: Any) -> list[Node]:
        meter = str(event["meter"])
        start, end = int(event["from"]), int(event["to"])
        if meter in ("experience_earned", "experience_spent"):
            # Iron Vault has no meter of experience: its ``xp`` node is a change in the
            # experience points a character has, up when earned, down when spent (the sheet's
            # xp_spent field is no meter). Both count what is left to spend.
            held = self.experience.setdefault(str(event.get("character")), [0, 0])
            earned, spent = held
            if meter == "experience_earned":
                held[0] = end
                start, end = start - spent, end - spent
            else:
                held[1] = end
                start, end = earned - start, earned - end
            return [Node("xp", (), (("from", start), ("to", end)))]
        if meter == "bond_ticks":
            return [Node("track", ("Bonds",), (("from", start), ("to", end)))]
        # Iron Vault's names: a condition meter's label capitalised ("Health", "Momentum").
        return [Node("meter", (label(meter),), (("from", start), ("to", end)))]

    def _asset_meter(self, event: Mapping[str, Any], *_: Any) -> list[Node]:
        # A card's meter as Iron Vault names it: the card, then the meter ("Hound / Health").
        asset = label(str(event["asset"]).rsplit("/", 1)[-1])
        meter = label(str(event.get("meter") or "health"))
        props = (("from", int(event["from"])), ("to", int(event["to"])))
        return [Node("meter", (f"{asset} / {meter}",), props)]

    def _incidental_vehicle(self, event: Mapping[str, Any], *_: Any) -> list[Node]:
        # An incidental vehicle's integrity, as Iron Vault's card of one names its meter; its
        # boarding or leaving is told in words.
        start, end = event["from"], event["to"]
        if not (isinstance(start, Mapping) and isinstance(end, Mapping)):
            raise KeyError("integrity")
        if {k: v for k, v in start.items() if k != "integrity"} != {
            k: v for k, v in end.items() if k != "integrity"
        }:
            raise KeyError("integrity")
        props = (("from", int(start["integrity"])), ("to", int(end["integrity"])))
        return [Node("meter", (INCIDENTAL_INTEGRITY,), props)]

    def _vehicle_meter(self, event: Mapping[str, Any], *_: Any) -> list[Node]:
        # The command vehicle's integrity is its STARSHIP card's meter.
        props = (("from", int(event["from"])), ("to", int(event["to"])))
        return [Node("meter", (STARSHIP_INTEGRITY,), props)]

    def _debility(self, event: Mapping[str, Any], *_: Any) -> list[Node]:
        return [Node("impact", (label(str(event["debility"])), bool(event["to"])))]

    def _impact(self, event: Mapping[str, Any], *_: Any) -> list[Node]:
        return [Node("impact", (label(str(event["impact"])), bool(event["to"])))]

    def _vehicle_impact(self, event: Mapping[str, Any], *_: Any) -> list[Node]:
        return [Node("impact", (label(str(event["impact"])), bool(event["to"])))]

    def _initiative(self, event: Mapping[str, Any], *_: Any) -> list[Node]:
        who = str(event.get("character"))
        if event.get("position") or who in self.narrator.starforged:
            words = ("in a bad spot", "in control")
            name = "position"
        else:
            words = ("no initiative", "has initiative")
            name = "initiative"
        start, end = words[bool(event["from"])], words[bool(event["to"])]
        return [Node(name, (), (("from", start), ("to", end)))]

    def _track_created(self, event: Mapping[str, Any], *_: Any) -> list[Node]:
        self.narrator.event(event)  # remembers the name for later events
        track = event["track"]
        self.tracks[str(track["id"])] = track
        return [
            Node("track", (), (("name", self.track_link(str(track["id"]))), ("status", "added")))
        ]

    def _track_closed(self, event: Mapping[str, Any], *_: Any) -> list[Node]:
        status = "reopened" if event["to"] == "active" else "completed"
        return [
            Node("track", (), (("name", self.track_link(str(event["track"]))), ("status", status)))
        ]

    def _progress(self, event: Mapping[str, Any], *_: Any) -> list[Node]:
        ident = str(event["track"])
        start, end = int(event["from"]), int(event["to"])
        rank = str((self.tracks.get(ident) or {}).get("rank") or "")
        step = RANK_TICKS.get(rank)
        name = self.track_link(ident)
        if step and end > start and (end - start) % step == 0:
            props: tuple[tuple[str, Value], ...] = (
                ("name", name),
                ("from", start),
                ("rank", rank),
                ("steps", (end - start) // step),
            )
            return [Node("progress", (), props)]
        return [Node("track", (), (("name", name), ("from", start), ("to", end)))]

    def _rank(self, event: Mapping[str, Any], *_: Any) -> list[Node]:
        ident = str(event["track"])
        if ident in self.tracks:
            self.tracks[ident] = {**self.tracks[ident], "rank": event["to"]}
        text = self.narrator.event(event)
        return [Node("-", (text,))] if text else []

    def _legacy(self, event: Mapping[str, Any], *_: Any) -> list[Node]:
        def ticks(data: Mapping[str, Any]) -> int:
            return int(data["ticks"]) + (40 if data.get("completed") else 0)

        name = LEGACY_LABELS.get(str(event["track"]), label(str(event["track"])))
        props = (("from", ticks(event["from"])), ("to", ticks(event["to"])))
        return [Node("track", (name,), props)]

    def _countdown(self, event: Mapping[str, Any], *_: Any) -> list[Node]:
        ident = str(event["track"])
        note = self.clock_notes.get(ident)
        name = f"{self.narrator.track_name(ident)} (tension)"
        props: tuple[tuple[str, Value], ...] = (
            ("name", wiki_link(name, f"Clocks/{note}" if note else None)),
            ("from", int(event["from"] or 0)),
            ("to", int(event["to"] or 0)),
            ("out-of", 4),
        )
        return [Node("clock", (), props)]

    def _oracle(self, event: Mapping[str, Any], *_: Any) -> list[Node]:
        return [self.oracle_node(event)]

    def oracle_node(self, event: Mapping[str, Any]) -> Node:
        ident = str(event.get("oracle") or event.get("id") or "")
        name = str(event.get("name") or label(ident.rsplit("/", 1)[-1]) or "Oracle")
        nested = tuple(
            self.oracle_node(r) for r in event.get("rolls") or () if isinstance(r, Mapping)
        )
        props: tuple[tuple[str, Value], ...] = (
            ("name", datasworn_link(name, ident)),
            ("roll", int(event["roll"])),
            ("result", str(event.get("text") or "")),
        )
        return Node("oracle", (), props, nested)

    def _ask(self, event: Mapping[str, Any], *_: Any) -> list[Node]:
        answer = "Yes" if event["answer"] in (True, "yes") else "No"
        if event.get("match"):
            answer += " (match: an extreme result or a twist)"
        # The odds as the log words them ("50/50", not the key's "fifty fifty").
        odds = odds_words(event["odds"]) if event.get("odds") else ""
        name = f"Ask the Oracle ({odds})" if odds else "Ask the Oracle"
        props: tuple[tuple[str, Value], ...] = (
            ("name", name),
            ("roll", int(event["roll"])),
            ("result", answer),
        )
        out = [Node("oracle", (), props)]
        if event.get("question"):
            return [Node("-", (str(event["question"]),), (), tuple(out))]
        return out

    def _asset_added(self, event: Mapping[str, Any], *_: Any) -> list[Node]:
        asset = event["asset"]
        name = datasworn_link(str(asset.get("name") or asset["id"]), str(asset["id"]))
        return [Node("asset", (), (("name", name), ("status", "added")))]

    def _asset_removed(self, event: Mapping[str, Any], *_: Any) -> list[Node]:
        ident = str(event["asset"])
        name = datasworn_link(label(ident.rsplit("/", 1)[-1]), ident)
        return [Node("asset", (), (("name", name), ("status", "removed")))]

    def _asset_ability(self, event: Mapping[str, Any], *_: Any) -> list[Node]:
        if not event["to"]:
            raise ValueError("an ability cleared is told in words")
        ident = str(event["asset"])
        name = datasworn_link(label(ident.rsplit("/", 1)[-1]), ident)
        props: tuple[tuple[str, Value], ...] = (
            ("name", name),
            ("status", "upgraded"),
            ("ability", int(event["ability"]) + 1),
        )
        return [Node("asset", (), props)]

    def track_link(self, ident: str) -> str:
        note = self.track_notes.get(ident)
        return wiki_link(self.narrator.track_name(ident), f"Progress/{note}" if note else None)


def _grouped(nodes: list[Node]) -> list[Node]:
    """Several oracle rolls in a row (outside a move) as one ``oracle-group``."""
    out: list[Node] = []
    run: list[Node] = []
    for node in [*nodes, Node("__end__")]:
        if node.name == "oracle" and not str(node.prop("name") or "").startswith("Ask the"):
            run.append(node)
            continue
        if len(run) > 1:
            out.append(Node("oracle-group", (), (("name", "Oracle rolls"),), tuple(run)))
        else:
            out += run
        run = []
        if node.name != "__end__":
            out.append(node)
    return out
