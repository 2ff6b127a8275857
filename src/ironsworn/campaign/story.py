"""The campaign as a story in Markdown, for sharing: the Markdown export.

What it holds, in this order:

- the journal's prose in log order (each entry as it now stands: edits applied, deleted ones
  left out), under a heading per session (a ``session`` marker or a pause of four hours);
- under the prose, each move as one compact line (who, the move, the stat by name, the dice,
  the outcome), and what it changed folded in an HTML ``<details>`` block, closed until opened
  (GitHub, Obsidian and most Markdown readers show it so); with ``mechanics=False`` the moves
  and their changes are left out and only the story and the sheets remain;
- the characters as sheets: stats, meters, assets by name (a companion by the name the player
  gave it) with their marked abilities, bonds, vows and other tracks drawn as boxes,
  experience; then the world's truths (once) and the campaign's options.

Names, not ids: tracks, assets and companions are named as the player knows them. Plumbing is
left out: rule line citations ("seed 000 L457"), decisions declined ("declined"), notes an
asset ability made (what it did is told by its changes), a note repeating a table's result.

Text a player typed (journal entries, names, questions) is escaped as the web page escapes it:
``<``, ``>`` and ``&`` are written as entities, so a raw ``<script>`` stays text; the writer's
own Markdown (emphasis, lists) still reads as Markdown.
"""

from __future__ import annotations

import html
import re
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime, timedelta
from typing import Any

from ironsworn.campaign.journal import Narrator, stat_words, uncited, words
from ironsworn.campaign.journal_edits import EDIT_KINDS, current_texts
from ironsworn.campaign.store import Operation
from ironsworn.campaign.told_once import rolled_moves, told_by_burn, told_when_rolled
from ironsworn.progress import progress_boxes
from ironsworn.rolls import GIVEN_ADD

SESSION_GAP = timedelta(hours=4)
STAT_NAMES = ("edge", "heart", "iron", "shadow", "wits")
# A note an asset ability made ("Wayfinder 1: ...", "Honorbound 1: +1 ..."): its changes tell it.
ASSET_NOTE = re.compile(r"^[A-Z][\w'’ -]*? \d: ")
# Events the story never tells: plumbing, and what the sheets at the end show once.
UNTOLD = frozenset(
    {"pending", "agenda", "flag", "journal", "session", "packs", "ruleset", "truth", "note"}
)


def esc(text: Any) -> str:
    """Text a player typed, made safe as the page makes it: HTML escaped, Markdown kept."""
    return html.escape(str(text), quote=False)


def story(
    operations: Sequence[Operation], state: Any, title: str, *, mechanics: bool = True
) -> str:
    """The whole story of ``operations`` (live, in order) with the sheets of ``state`` (None
    when it could not be rebuilt: the story is told without sheets)."""
    teller = _Teller(state)
    out: list[str] = [f"# {esc(title)}", ""]
    texts = current_texts(operations)
    session = 0
    previous: datetime | None = None
    for operation in operations:
        if operation.kind in EDIT_KINDS:
            continue
        when = _parse_time(operation.time)
        marker = next((e for e in operation.events if e.get("type") == "session"), None)
        if marker is not None or previous is None or (when - previous) > SESSION_GAP:
            session += 1
            named = marker.get("title") or marker.get("text") if marker is not None else None
            out += [f"## Session {session} — {when:%Y-%m-%d}{': ' + esc(named) if named else ''}"]
            out.append("")
        previous = when
        if operation.kind == "journal":
            text = texts.get(operation.seq)
            if text:
                out += [_paragraph(esc(text)), ""]
            continue
        teller.learn_names(operation)
        if mechanics:
            out += teller.operation(operation)
    if session == 0:
        out += ["*Nothing has happened yet.*", ""]
    out += sheets(state, teller)
    return "\n".join(out).rstrip("\n") + "\n"


class _Teller(Narrator):
    """The narrator, telling names instead of ids and leaving out what the story need not say."""

    def __init__(self, state: Any) -> None:
        super().__init__(state)
        self.asset_names: dict[tuple[str, str], str] = {}
        # A roll whose move is told by a later operation (a burn decided after it): by move id.
        self.waiting_rolls: dict[str, Mapping[str, Any]] = {}
        # The crew's cards (Starforged: one card for the whole crew), and those told as taken.
        self.crew_cards: set[str] = set(getattr(state, "crew", None) or ())
        self.crew_told: set[str] = set()
        # Several characters: a choice is told with who made it (each chooses on Make Camp,
        # an ally answers Aid Your Ally): "chose “Recuperate”" twice did not say whose.
        self.several = len(getattr(state, "characters", None) or ()) > 1
        if state is not None:
            for name, char in getattr(state, "characters", {}).items():
                for record in getattr(char, "assets", ()):
                    self.asset_names[(str(name), str(record["id"]))] = asset_called(record)

    def learn_names(self, operation: Operation) -> None:
        self.crew_told = set()  # in each operation, the first to take a crew card takes it
        for event in operation.events:
            if event.get("type") == "asset_added" and isinstance(event.get("asset"), Mapping):
                record = event["asset"]
                key = (str(event.get("character")), str(record.get("id")))
                self.asset_names.setdefault(key, asset_called(record))
                if record.get("crew"):
                    self.crew_cards.add(str(record.get("id")))
            if event.get("type") == "track_created" and isinstance(event.get("track"), Mapping):
                track = event["track"]
                self.track_names[str(track.get("id"))] = str(track.get("name"))

    def asset(self, character: Any, asset_id: Any) -> str:
        found = self.asset_names.get((str(character), str(asset_id)))
        return found or words(str(asset_id).rsplit("/", 1)[-1]).capitalize()

    # ------------------------------------------------------------------ one operation

    def operation(self, operation: Operation) -> list[str]:
        """The compact lines of an operation's moves, and its changes folded under them."""
        self.begin(operation)
        events = self.ordered(operation)
        rolls = [e for e in events if e.get("type") == "roll" and "roll" in e]
        moved = {e.get("move") for e in events if e.get("type") == "move"}
        for roll in rolls:
            if roll.get("move") not in moved:
                self.waiting_rolls[str(roll.get("move"))] = roll  # told with its move, later
        burns = [e for e in events if e.get("type") == "burn"]
        heads: list[str] = []
        changes: list[str] = []
        told: set[str] = set()
        previous: Mapping[str, Any] = {}
        rolled = rolled_moves(events)
        for event in events:
            kind = event.get("type")
            if told_by_burn(event, previous) or told_when_rolled(event, rolled):
                continue
            previous = event
            if kind == "move":
                heads.append(self.move_line(event, rolls, burns))
                continue
            if kind == "burn":
                if not moved:
                    changes.append(self.event(event) or "")
                continue
            if kind == "roll" or kind in UNTOLD:
                continue
            line = self.change(event)
            if line and line not in told:
                told.add(line)
                changes.append(line)
        if not heads:
            if not changes:
                return []
            # No move: a change made by hand or at setup, told in one italic line.
            return [f"*{'; '.join(changes)}*", ""]
        out = [line + "  " for line in heads[:-1]] + heads[-1:]
        out.append("")
        if changes:
            out += ["<details><summary>what changed</summary>", ""]
            out += [f"- {line}" for line in changes]
            out += ["", "</details>", ""]
        return out

    def move_line(
        self,
        event: Mapping[str, Any],
        rolls: Sequence[Mapping[str, Any]],
        burns: Sequence[Mapping[str, Any]],
    ) -> str:
        """``**Hild · Face Danger** (+wits) — 2 + 1 = 3 vs 5 | 9, momentum 6 burned → *weak
        hit*``: a burn stays on its move's line, with its stat."""
        who = esc(event.get("character") or "")
        name = str(event.get("name") or words(str(event.get("move", "")).rsplit("/", 1)[-1]))
        stat = str(event.get("stat") or "")
        head = f"**{who} · {esc(name)}**" if who else f"**{esc(name)}**"
        roll = next((r for r in rolls if r.get("move") == event.get("move")), None)
        if roll is None and event.get("outcome"):
            roll = self.waiting_rolls.pop(str(event.get("move")), None)
        parts = [head]
        if stat == "progress":
            parts.append("(progress)")  # a progress roll adds no stat, as the journal says
        elif stat:
            parts.append(f"(+{stat_words(event)})")
        if roll is not None:
            parts.append("— " + self.dice(roll["roll"], roll.get("adds_from") or ()))
        burned = [b for b in burns if b.get("character") == event.get("character")]
        if burned and roll is not None:
            parts[-1] += f", momentum {burned[0]['from']:+d} burned"
        if event.get("outcome"):
            match = " with a match" if roll is not None and roll["roll"].get("match") else ""
            parts.append(f"→ *{words(event['outcome'])}{match}*")
        return " ".join(parts)

    def dice(self, roll: Mapping[str, Any], adds_from: Sequence[Mapping[str, Any]] = ()) -> str:
        """``5 + 2 + 1 = 8 vs 2 | 3`` (action die, stat, adds), or ``progress 6 vs 2 | 9``.

        Each add says what gave it, as the roll event records it (``adds_from``): ``2 + 2 + 1
        (a bond with Greyhaven) = 5``; an add the player gave with the move is a bare number.
        """
        challenge = " | ".join(str(d) for d in roll["challenge"])
        if roll.get("type") == "progress":
            return f"progress {roll['score']} vs {challenge}"
        adds = f" + {roll['adds']}" if roll.get("adds") else ""
        if adds and sum(int(a.get("amount") or 0) for a in adds_from) == roll["adds"]:
            # (a total the sources do not make, an add capped at +10, is told as the total)
            adds = "".join(
                f" + {a['amount']}" + ("" if a.get("from") == GIVEN_ADD else f" ({a['from']})")
                for a in adds_from
                if a.get("amount")
            )
        die = f"{roll['action_die']}" + (" (cancelled)" if roll.get("action_die_cancelled") else "")
        return f"{die} + {roll['stat']}{adds} = {roll.get('score', '?')} vs {challenge}"

    # ------------------------------------------------------------------ one change

    def change(self, event: Mapping[str, Any]) -> str | None:
        kind = event.get("type")
        if kind == "choice" and not event.get("keys"):
            return None  # declined: nothing was chosen, nothing to tell
        if kind == "choice" and set(event["keys"]) <= {"roll_table", "ask_oracle"}:
            return None  # the table's roll or the oracle's answer that follows tells it
        line = self.event(event)
        return None if line is None else uncited(line)

    def _choice(self, event: Mapping[str, Any]) -> str:
        """The choice in the options' own words, quoted (chose “Embrace the pain: Take +1
        momentum”); a choice kept before its words were (its option keys alone) as the log
        tells it."""
        who = event.get("character")
        chooser = f"{esc(str(who))} " if self.several and who else ""
        said = event.get("options")
        if not said or len(said) != len(event.get("keys") or ()):
            return chooser + super()._choice(event)
        told = ", ".join(_quoted(esc(uncited(str(text))).rstrip(".")) for text in said)
        given = f": {esc(event['text'])}" if event.get("text") else ""  # words given with it
        return f"{chooser}chose {told}{given}"

    def _asset_meter(self, event: Mapping[str, Any]) -> str:
        name = self.asset(event["character"], event["asset"])
        meter = event.get("meter", "health")
        return f"{name}: {meter} {event['from']} → {event['to']}"

    def _asset_ability(self, event: Mapping[str, Any]) -> str:
        name = self.asset(event["character"], event["asset"])
        change = "marked" if event["to"] else "cleared"
        number = int(event["ability"]) + 1
        if str(event["asset"]) in self.crew_cards:
            # The crew's card: marked for the whole crew, with the experience of who paid.
            return f"the crew's {name}: ability {number} {change} ({esc(event['character'])})"
        return f"{esc(event['character'])}'s {name}: ability {number} {change}"

    def _asset_added(self, event: Mapping[str, Any]) -> str:
        record = event["asset"]
        ident = str(record.get("id")) if isinstance(record, Mapping) else ""
        if isinstance(record, Mapping) and record.get("crew"):
            first = ident not in self.crew_told and record.get("owner") in (
                None,
                event["character"],
            )
            self.crew_told.add(ident)
            if not first:
                return f"{esc(event['character'])} shares the crew's {asset_title(record)}"
        return f"{esc(event['character'])} takes {asset_title(record)}"

    def _asset_removed(self, event: Mapping[str, Any]) -> str:
        name = self.asset(event["character"], event["asset"])
        return f"{esc(event['character'])} lets go of {name}"

    def _oracle(self, event: Mapping[str, Any]) -> str:
        name = event.get("name") or words(str(event.get("oracle", "")).rsplit("/", 1)[-1])
        # A row pointing at other tables ([Action](datasworn:...)) reads as their names: the
        # nested rolls say what they gave.
        said = re.sub(r"\[([^\]]+)\]\([^)\s]*\)", r"\1", str(event.get("text", "")))
        text = f"{name} ({event['roll']}): {said}".rstrip()
        nested = [self._oracle(r) for r in event.get("rolls") or [] if isinstance(r, Mapping)]
        return text + (f" ({'; '.join(nested)})" if nested else "")

    def _ask(self, event: Mapping[str, Any]) -> str:
        question = f"“{esc(event['question'])}” " if event.get("question") else ""
        match = ", a match" if event.get("match") else ""
        return f"{question}the oracle says {words(event['answer'])} ({event['roll']}{match})"

    def _character_created(self, event: Mapping[str, Any]) -> str:
        return f"{esc(event['character']['name'])} enters the story"


def _quoted(text: str) -> str:
    """An option's words in quotes, unless they hold quotes of their own (Hawk “Keen”)."""
    return text if "“" in text or '"' in text else f"“{text}”"


def asset_called(record: Mapping[str, Any]) -> str:
    """What the story calls a card: the companion's own name (Brann), else the card's."""
    from ironsworn.card_fields import field_label

    given = record.get("input")
    return esc(given) if given and "name" in field_label(record) else asset_title(record)


def asset_title(record: Mapping[str, Any]) -> str:
    """A card by its name, with what the player wrote on it: Hound “Brann”, Wright
    (specialty: bowyer)."""
    from ironsworn.card_fields import given_words

    name = esc(record.get("name") or words(str(record.get("id", "")).rsplit("/", 1)[-1]))
    given = record.get("input")
    return name + given_words(record, esc(given)) if given else name


# ---------------------------------------------------------------------------------- sheets


def sheets(state: Any, teller: _Teller) -> list[str]:
    """The characters as sheets, the world's truths, the campaign's options."""
    if state is None:
        return []
    data = state.to_dict()
    out: list[str] = []
    characters = getattr(state, "characters", {})
    if characters:
        out += ["## Characters", ""]
        for name in characters:
            out += character_sheet(state, str(name), teller)
    shared = [t for t in data.get("tracks", {}).values() if not t.get("characters")]
    if shared:
        out += ["## Other tracks", "", *[track_line(t) for t in shared], ""]
    truths = data.get("truths") or {}
    chosen = [t for t in truths.values() if isinstance(t, Mapping) and t.get("summary")]
    if chosen:
        out += ["## The world", ""]
        out += [f"- **{esc(t.get('name', ''))}**: {esc(t['summary'])}" for t in chosen]
        out.append("")
    if "characters" not in data and "tracks" not in data and data:
        # A state model without characters or tracks: what it holds, one line each.
        out += ["## State", ""]
        out += [f"- {words(k)}: {esc(words(v))}" for k, v in data.items()]
        out.append("")
    options = data.get("options") or {}
    if options:
        from ironsworn.campaign.options import option_words

        out += ["## Campaign options", ""]
        out += [f"- {name.replace('_', ' ')}: {option_words(v)}" for name, v in options.items()]
        out.append("")
    return out


def character_sheet(state: Any, name: str, teller: _Teller) -> list[str]:
    sheet = state.sheet(name)
    status = sheet.get("status") or "active"
    # A character whose story ended (dead, lost, retired) says so, as the sheet does.
    out = [f"### {esc(name)}" + ("" if status == "active" else f" ({words(status)})"), ""]
    stats = sheet.get("stats") or {}
    out += [
        "| " + " | ".join(s.capitalize() for s in stats) + " |",
        "|" + "---|" * len(stats),
        "| " + " | ".join(str(v) for v in stats.values()) + " |",
        "",
    ]
    meters = [f"{m.capitalize()} {sheet[m]}" for m in ("health", "spirit", "supply") if m in sheet]
    momentum = int(sheet.get("momentum", 0))
    meters.append(
        f"Momentum {momentum:+d} (max {int(sheet.get('momentum_max', 10)):+d}, "
        f"reset {int(sheet.get('momentum_reset', 2)):+d})"
    )
    out += [" · ".join(meters) + "  "]
    marked = sheet.get("debilities") or sheet.get("impacts") or []
    label = "Impacts" if "impacts" in sheet else "Debilities"
    out.append(f"{label}: {', '.join(words(d) for d in marked) or 'none'}  ")
    experience = sheet.get("experience") or {}
    if experience:
        out.append(
            f"Experience: {experience.get('earned', 0)} earned, {experience.get('spent', 0)} "
            f"spent, {experience.get('available', 0)} to spend"
        )
    out.append("")
    assets = sheet.get("assets") or []
    if assets:
        out += ["**Assets**", ""]
        for record in assets:
            out.append(f"- {asset_line(state, record)}")
        out.append("")
    bonds = sheet.get("bonds")
    if isinstance(bonds, Mapping):
        listed = ", ".join(esc(b) for b in bonds.get("list") or []) or "none yet"
        ticks = max(0, min(40, int(bonds.get("ticks", 0))))
        out += [f"**Bonds** `{progress_boxes(ticks)}`: {listed}", ""]
    failure = sheet.get("failure")  # Delve's failure track, once marked
    if isinstance(failure, Mapping):
        ticks = max(0, min(40, int(failure.get("ticks", 0))))
        count = f"{ticks} tick" + ("" if ticks == 1 else "s")
        out += [f"**Failure track** `{progress_boxes(ticks)}` {count}", ""]
    legacy = sheet.get("legacy")  # Starforged: quests, bonds, discoveries
    if isinstance(legacy, Mapping) and legacy:
        out += ["**Legacy tracks**", ""]
        for track, held in legacy.items():
            ticks = max(0, min(40, int(held.get("ticks", 0))))
            # (a completed track was cleared and is marked again, as the sheet says)
            done = " (completed)" if held.get("completed") else ""
            count = f"{ticks} tick" + ("" if ticks == 1 else "s")
            out.append(f"- {words(track).capitalize()} `{progress_boxes(ticks)}` {count}{done}")
        out.append("")
    tracks = sheet.get("tracks") or []
    vows = [t for t in tracks if t.get("kind") == "vow"]
    others = [t for t in tracks if t.get("kind") != "vow"]
    closed = [t for t in state.to_dict().get("tracks", {}).values() if _closed_for(t, name)]
    if vows:
        out += ["**Vows**", "", *[track_line(t) for t in vows], ""]
    if others:
        out += ["**Other tracks**", "", *[track_line(t) for t in others], ""]
    if closed:
        out += ["**Done**", "", *[track_line(t) for t in closed], ""]
    return out


def _closed_for(track: Mapping[str, Any], name: str) -> bool:
    return name in (track.get("characters") or ()) and track.get("status") not in (None, "active")


def asset_line(state: Any, record: Mapping[str, Any]) -> str:
    """``Hound “Brann” (health 4/4): 1. Your hound ...`` — the marked abilities by name."""
    title = f"**{asset_title(record)}**"
    meter = record.get("meter")
    if isinstance(meter, Mapping):
        title += f" ({meter.get('name', 'health')} {meter.get('value')}/{meter.get('max')})"
    # The card's own tracks too (Fortune Hunter's wealth), as the sheet shows them.
    for track, held in (record.get("tracks") or {}).items():
        if isinstance(held, Mapping):
            title += f" ({words(track)} {held.get('value')}/{held.get('max')})"
    marked = [i for i, on in enumerate(record.get("abilities") or []) if on]
    names = [_ability_name(record, i) for i in marked]
    text = ""
    for name in names:
        # An ability without a name is shown by its words, which end a sentence: a space
        # follows it, not "; " (no ".;").
        text += ("" if not text else " " if text.endswith(".") else "; ") + name
    return title + (": " + text if text else "")


def _ability_name(record: Mapping[str, Any], index: int) -> str:
    from ironsworn.content import load_library
    from ironsworn.errors import IronswornError

    try:
        card = load_library().assets.get(str(record.get("id")))
    except IronswornError:
        card = None
    if card is None or index >= len(card.abilities):
        return f"ability {index + 1}"
    ability = card.abilities[index]
    said = ability.name or ability.summary or ""
    return f"{index + 1}. {esc(said)}" if said else f"ability {index + 1}"


def track_line(track: Mapping[str, Any]) -> str:
    ticks = max(0, min(40, int(track.get("ticks", 0))))
    status = track.get("status")
    done = f" — {words(status)}" if status and status != "active" else ""
    kind = words(track.get("kind", "track"))
    return (
        f"- {esc(track.get('name', ''))} ({track.get('rank', '')} {kind}) "
        f"`{progress_boxes(ticks)}`{done}"
    )


def _paragraph(text: str) -> str:
    # Keep the writer's paragraphs; a single newline inside one is only a soft break anyway.
    return "\n\n".join(p.strip() for p in text.split("\n\n") if p.strip())


def _parse_time(value: str) -> datetime:
    try:
        when = datetime.fromisoformat(value)
    except ValueError:
        return datetime.min.replace(tzinfo=UTC)
    # A time without a zone (hand-written import) is taken as UTC, like every stored time.
    return when if when.tzinfo else when.replace(tzinfo=UTC)
