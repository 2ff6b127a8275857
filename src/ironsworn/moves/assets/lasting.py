"""Lasting effects of asset abilities: kept on the character, applied while they last.

Some abilities give something that outlives the move that gave it: the rune a Sunderer carves
(+1d6 harm on a later Strike or Clash), an alchemist's elixir, a bound pelt, a keened weapon.
Each is a *lasting effect*, a small dict kept in the character's ``lasting`` list (events
``lasting_added`` / ``lasting_ended``, so undo takes it back like any change)::

    {"id": "rune", "kind": "rune", "name": "rune", "asset": ASSET_ID, "source": "Sunderer 3",
     "text": "...", "moves": ["strike", "clash"], "named": false, "stats": [], "add": 0,
     "harm": "d6", "reroll": false, "hit_momentum": 0, "companion": false, "ends": "harm", ...}

An ability's move gives one with the gain ``{"lasting": KIND}`` (``assets.json``), or a dict
``{"kind": KIND, ...}`` overriding the template's fields, or a list of them. In a move:

1. :func:`claim` (as the move starts): the names the player gave as the ``asset`` input that
   are lasting effects (``arrow``) are taken out of the asset list; an effect that lasts
   only for the next move (``ends: next_move``) and does not fit this move is spent.
2. :func:`before_roll` (once the stat is known): the effects that fit the move (its ``moves``
   -- short move names, ``*`` any action roll, ``ritual`` any ritual's move --, its ``stats``,
   ``named`` when the fiction decides and the player named it, ``companion`` when a companion
   ability acts) add to the roll or allow a reroll; the result names each one.
3. :func:`after_outcome`: harm on a hit of Strike or Clash, momentum on a hit, a 1 on the
   action die that spends the magic, an elixir dose drunk.
4. :func:`watch` (at the end of every operation): end conditions on the sheet (an elixir's
   drinker at health, spirit or momentum below +1; a simulacrum at 0 health), and Bonded's
   experience and momentum when a box of the bonds track fills.

Slayer's trophy is offered after End the Fight wins against a formidable (or greater) foe
(the rulesets chain :func:`offer_trophy` onto the move), or taken by hand (``lasting take trophy``).

How each one ends (``ends``): ``use`` (once applied), ``harm`` (once its harm is inflicted),
``next_move`` (by the next move, whichever it is), ``action_one`` (a 1 on the action die of a
move that uses it), ``low_meters``, ``track_zero`` (a card's track at 0), ``manual`` (only by
``lasting end``). Any effect can be ended by the player (:class:`LastingOperations`).

ENGINE CHOICE: a 1 on the action die that spends the magic spends it on that roll: the add
was in the roll already, but what comes after the roll (harm, momentum) is not given.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ironsworn.errors import InvalidValue, NotFound, RuleViolation
from ironsworn.moves.assets.lasting_kinds import (
    ALCHEMIST,
    ANIMALS,
    BIND,
    BONDED,
    ELIXIRS,
    RITUAL_MOVE_PREFIX,
    SLAYER,
    STATS,
    STRIKE,
    TEMPLATES,
    TROPHIES,
    WARD,
)
from ironsworn.moves.assets.matching import fiction
from ironsworn.moves.registry import on_resume, short_name
from ironsworn.moves.step import Step

if TYPE_CHECKING:
    from ironsworn.campaign.state import CharacterState
    from ironsworn.content.model import Move
    from ironsworn.moves.engine import MoveEngine, OperationResult

JsonDict = dict[str, Any]


# --- reading the list ------------------------------------------------------------------------


def marked(char: CharacterState, asset_id: str, index: int) -> bool:
    record = next((a for a in char.assets if a["id"] == asset_id), None)
    abilities = record["abilities"] if record else []
    return index < len(abilities) and bool(abilities[index])


def describe(value: Any) -> str:
    """A lasting gain in words (for the effect lists of ``asset fits`` and the notes)."""
    values = value if isinstance(value, list) else [value]
    words = []
    for item in values:
        kind = item if isinstance(item, str) else str(item.get("kind"))
        name = str(TEMPLATES[kind]["name"]) if kind in TEMPLATES else kind
        words.append(f"a lasting {name}")
    return " and ".join(words)


def text_of(effect: Mapping[str, Any]) -> str:
    fields = {
        "stat_words": " or +".join(effect.get("stats") or ()) or "its stat",
        "elixir_words": " or +".join(effect.get("elixir_stats") or ()),
        "odds_words": str(effect.get("odds", "")).replace("_", " "),
        **{k: v for k, v in effect.items() if isinstance(v, str | int)},
    }
    return str(effect.get("text", "")).format_map(_Blank(fields))


class _Blank(dict[str, Any]):
    def __missing__(self, key: str) -> str:
        return ""


def pool(ctx: Step) -> list[tuple[str, JsonDict]]:
    """The lasting effects this character may use: their own, then the party's shared ones
    (an elixir dose, a trophy for a ritual), as (holder, effect)."""
    out = [(ctx.name, e) for e in ctx.char.lasting]
    for ally in ctx.state.party(ctx.name):
        if ally.name != ctx.name:
            out += [(ally.name, e) for e in ally.lasting if e.get("shared")]
    return out


def find(char: CharacterState, query: str) -> list[JsonDict]:
    """A character's effects named ``query`` (an id, or a name shared by several)."""
    key = query.strip().lower()
    exact = [e for e in char.lasting if e["id"] == key]
    return exact or [e for e in char.lasting if e["name"] == key]


def _fits_move(effect: Mapping[str, Any], move: Move) -> bool:
    moves = effect.get("moves") or ()
    if short_name(move.id) in moves:
        return True
    if "ritual" in moves and move.id.startswith(RITUAL_MOVE_PREFIX):
        return True
    return "*" in moves and move.roll_type == "action_roll"


def _where(effect: Mapping[str, Any]) -> str:
    moves = list(effect.get("moves") or ())
    if effect.get("via"):
        return f"the move its card names (asset: {effect['via']})"
    if not moves:
        return "no move ('lasting use' takes it)"
    if "*" in moves:
        return "moves with an action roll"
    return " or ".join("a ritual's move" if m == "ritual" else m.replace("_", " ") for m in moves)


# --- in a move -------------------------------------------------------------------------------


def claim(ctx: Step, move: Move) -> None:
    """Take the lasting effects the player named out of the ``asset`` input; spend a
    next-move effect this move does not use."""
    for char in ctx.state.characters.values():
        if char.lasting:
            break
    else:
        return  # nobody holds a lasting effect: the pool is empty, whoever shares what
    mine = pool(ctx)
    if not mine:
        return
    raw = ctx.data.get("asset")
    texts = [raw] if isinstance(raw, str) else list(raw or [])
    named_ids: list[list[str]] = list(ctx.data.get("lasting_named") or [])
    left: list[str] = []
    for text in texts:
        key = str(text).split(":", 1)[0].strip().lower()
        matches = [(h, e) for h, e in mine if key in (e["id"], e["name"])]
        if not matches:
            if not _is_asset(ctx.char, key):
                names = sorted({e["name"] for _, e in mine})
                raise NotFound(
                    f"{ctx.name} has no asset or lasting effect {text!r}",
                    tuple(a["name"] for a in ctx.char.assets) + tuple(names),
                )
            left.append(text)
            continue
        fitting = [(h, e) for h, e in matches if _fits_move(e, move)]
        # One of each kind: an arrow's seeker and ravager are one arrow, two doses are two.
        firsts: dict[str, tuple[str, JsonDict]] = {}
        for h, e in fitting:
            firsts.setdefault(e["kind"], (h, e))
        fitting = list(firsts.values())
        if not fitting:
            effect = matches[0][1]
            raise InvalidValue(
                f"{{asset}} {text!r}: the {effect['name']} ({effect['source']}) acts on "
                f"{_where(effect)}, not {move.name}",
                input="asset",
                value=text,
            )
        named_ids += [[h, e["id"]] for h, e in fitting]
    if texts:
        ctx.data["asset"] = left
    ctx.data["lasting_named"] = named_ids
    if not ctx.data.get("main"):
        return  # a follow-on (a weak hit's Endure Harm) is not the next move the player makes
    for effect in list(ctx.char.lasting):
        if effect.get("ends") == "next_move" and not _fits_move(effect, move):
            end(ctx.engine, ctx.name, effect, f"not used: {move.name} is not {_where(effect)}")


def _is_asset(char: CharacterState, key: str) -> bool:
    try:
        char.asset(key)
    except NotFound:
        return False
    return True


def before_roll(ctx: Step, move: Move, stat: str) -> list[str]:
    """Apply the lasting effects that fit this roll (adds, rerolls); return their labels."""
    if not ctx.char.lasting and not ctx.data.get("lasting_named"):
        return []
    named_ids = {(h, i) for h, i in ctx.data.get("lasting_named") or ()}
    companion = any(
        str(u["asset"]).startswith("asset:classic/companion/") and not u.get("ally")
        for u in ctx.data.get("asset_uses") or ()
    )
    uses: list[JsonDict] = []
    labels: list[str] = []
    for holder, effect in pool(ctx):
        if not _fits_move(effect, move):
            continue
        if effect.get("named") and (holder, effect["id"]) not in named_ids:
            continue
        if effect.get("stats") and stat not in effect["stats"]:
            if effect.get("named"):
                raise InvalidValue(
                    f"{{asset}} {effect['name']}: the {effect['id']} acts on moves with "
                    f"+{' or +'.join(effect['stats'])}, not +{stat}",
                    input="asset",
                    value=effect["name"],
                )
            continue
        if effect.get("companion") and not companion:
            continue
        parts = []
        label = f"{effect['source']} · {effect['name']}"
        if effect.get("add"):
            ctx.add_to_roll(int(effect["add"]), f"{label} (lasting)")
            parts.append(f"+{effect['add']}")
        if effect.get("reroll"):
            ctx.data["reroll"] = True
            parts.append("reroll any dice")
        if effect.get("harm"):
            harm = "1d6" if effect["harm"] == "d6" else effect["harm"]
            parts.append(f"+{harm} harm on a hit")
        if effect.get("hit_momentum"):
            parts.append(f"+{effect['hit_momentum']} momentum on a hit")
        if effect.get("then"):
            parts.append("drunk: its +1 on a hit")
        whose = "" if holder == ctx.name else f" ({holder}'s)"
        ctx.note(f"{label}{whose} (lasting): " + (", ".join(parts) or "applies"))
        labels.append(label)
        uses.append({"holder": holder, "effect": dict(effect), "label": label})
        if effect.get("ends") in ("use", "next_move"):
            end(ctx.engine, holder, effect, f"used on {move.name}")
    ctx.data["lasting_uses"] = uses
    return labels


def after_outcome(ctx: Step) -> None:
    """What the lasting effects used on this roll give once its outcome is known."""
    from ironsworn.moves.assets.gains import _mark

    roll = ctx.roll
    one = roll.get("type") == "action" and roll.get("action_die") == 1
    hit = ctx.outcome.is_hit
    for use in ctx.data.get("lasting_uses") or ():
        effect, holder = use["effect"], str(use["holder"])
        if one and effect.get("on_one") == "doubt":
            ctx.note(f"{use['label']}: a 1 on the action die: someone doubts you")
        if one and effect.get("on_one") == "turn":
            ctx.note(f"{use['label']}: a 1 on the action die: keep it from turning on you")
            ctx.follow("face_danger", stat="heart")
        if one and effect.get("ends") == "action_one":
            current = _current(ctx.engine, holder, effect)
            if current is not None:
                end(ctx.engine, holder, current, "a 1 on the action die spends its magic")
            continue
        if not hit:
            continue
        if effect.get("harm") and short_name(ctx.data["move"]) in STRIKE:
            harm = effect["harm"]
            amount = ctx.engine.dice.roll(6) if harm == "d6" else int(harm)
            rolled = f" (1d6: {amount})" if harm == "d6" else ""
            ctx.note(f"{use['label']}: +{amount} harm{rolled}")
            _mark(ctx, use, "harm", amount)
            current = _current(ctx.engine, holder, effect)
            if effect.get("ends") == "harm" and current is not None:
                end(ctx.engine, holder, current, "its harm is inflicted")
        if effect.get("hit_momentum"):
            ctx.momentum(int(effect["hit_momentum"]))
        if effect.get("then"):
            kind = str(effect["then"])
            fields = {"stats": effect.get("elixir_stats") or [], "effect": effect.get("effect")}
            add(ctx.engine, ctx.name, kind, fields, str(effect["source"]))


def _current(engine: MoveEngine, holder: str, effect: Mapping[str, Any]) -> JsonDict | None:
    char = engine.state.character(holder)
    return next((e for e in char.lasting if e["id"] == effect["id"]), None)


# --- gaining and ending ----------------------------------------------------------------------


def add(
    engine: MoveEngine, who: str, kind: str, fields: Mapping[str, Any], source: str
) -> JsonDict:
    """Give ``who`` a lasting effect of ``kind`` (the template with ``fields`` over it)."""
    char = engine.state.character(who)
    effect: JsonDict = {"id": kind, "kind": kind, **TEMPLATES[kind], **fields, "source": source}
    taken = {e["id"] for e in char.lasting}
    number = 2
    while effect["id"] in taken:
        effect["id"] = f"{kind}-{number}"
        number += 1
    effect["text"] = text_of(effect)
    engine.emit({"type": "lasting_added", "character": char.name, "lasting": effect})
    engine.note(f"{char.name} gains a lasting effect ({effect['id']}): {effect['text']}")
    if effect.get("debility"):
        from ironsworn.moves.assets.sheet_changes import within_limits

        within_limits(engine, char.name)  # a debility while it lasts lowers max momentum now
        engine.note(
            f"{effect['source']}: the card counts as a debility while the {effect['name']} "
            f"lasts (max momentum {char.momentum_max:+d}, reset {char.momentum_reset:+d})"
        )
    return effect


def end(engine: MoveEngine, who: str, effect: Mapping[str, Any], why: str) -> None:
    char = engine.state.character(who)
    index = next(i for i, e in enumerate(char.lasting) if e["id"] == effect["id"])
    engine.emit(
        {
            "type": "lasting_ended",
            "character": char.name,
            "lasting": dict(char.lasting[index]),
            "index": index,
            "why": why,
        }
    )
    engine.note(f"{char.name}'s {effect['id']} ends: {why}")


def spend(ctx: Step, kind: str) -> None:
    """An ability's effect that spends a lasting effect of ``kind`` (Leech's blood rune)."""
    effect = next((e for e in ctx.char.lasting if e["kind"] == kind), None)
    if effect is not None:
        end(ctx.engine, ctx.name, effect, f"spent on {ctx.move.name}")


def grant(ctx: Step, use: Mapping[str, Any], value: Any) -> None:
    """The gain ``{"lasting": ...}`` of an ability: add the effect, or ask what it holds."""
    source = str(use["label"]).split(" · ", 1)[0]
    for item in value if isinstance(value, list) else [value]:
        spec = {"kind": item} if isinstance(item, str) else dict(item)
        kind = str(spec.pop("kind"))
        asker = ASKERS.get(kind)
        if asker is not None:
            asker(ctx, source, spec)
        elif kind in TEMPLATES:
            add(ctx.engine, ctx.name, kind, spec, source)
            also = TEMPLATES[kind].get("also")
            if also and marked(ctx.char, str(TEMPLATES[kind]["asset"]), int(also[0])):
                # A later ability of the card widens what the move gives (Keen 2).
                key = str(TEMPLATES[kind]["asset"]).rsplit("/", 1)[-1].title()
                add(ctx.engine, ctx.name, str(also[1]), {}, f"{key} {int(also[0]) + 1}")
        else:
            raise RuleViolation(f"internal: unknown lasting effect {kind!r}")


def _ask(
    ctx: Step,
    point: str,
    options: Sequence[tuple[str, str]],
    count: int = 1,
    minimum: int | None = None,
    prompt: str = "choose",
    **context: Any,
) -> None:
    """Queue a choice, asked once the move's own decisions and follow-ons are done (as an
    ability's "X or Y" is)."""
    resume = {k: v for k, v in ctx.data.items() if k not in ("point", "keys", "context")}
    ctx.engine.queue(
        {
            "step": "ask",
            "decision": {
                "kind": "choose",
                "character": ctx.name,
                "move": ctx.data.get("move"),
                "prompt": prompt,
                "options": [{"key": k, "text": t} for k, t in options],
                "count": count,
                "min": count if minimum is None else minimum,
                "resume": {**resume, "point": point, "context": context},
            },
        }
    )


def _ask_dose(ctx: Step, source: str, spec: Mapping[str, Any]) -> None:
    """Alchemist 1: the elixir's effect; with Alchemist 2, two effects in one dose, or two
    doses of one (choosing one effect makes two doses)."""
    double = marked(ctx.char, ALCHEMIST, 1)
    options = [(k, f"{k} (+1 on moves with +{s})") for k, s in ELIXIRS.items()]
    prompt = "the elixir's effect" + (
        " (Alchemist 2: two effects for one dose, or one for two doses)" if double else ""
    )
    _ask(
        ctx,
        "lasting.dose",
        options,
        count=2 if double else 1,
        minimum=1,
        prompt=prompt,
        source=source,
        double=double,
    )


@on_resume("lasting.dose")
def dose_chosen(ctx: Step, keys: list[str]) -> None:
    context = ctx.data["context"]
    stats = [ELIXIRS[k] for k in keys]
    fields = {"elixir_stats": stats, "effect": " and ".join(keys)}
    doses = 2 if context.get("double") and len(keys) == 1 else 1
    for _ in range(doses):
        add(ctx.engine, ctx.name, "dose", fields, str(context["source"]))


def _ask_pelt(ctx: Step, source: str, spec: Mapping[str, Any]) -> None:
    """Bind 1: the animal whose pelt was bound (its stat); Bind 2: a beast's, +2."""
    options = [(k, f"{k} pelt: +1 on moves with +{s}") for k, s in ANIMALS.items()]
    if marked(ctx.char, BIND, 1):
        options += [(f"beast_{s}", f"a beast's pelt: +2 on moves with +{s}") for s in STATS]
    _ask(ctx, "lasting.pelt", options, prompt="whose pelt did you dance in?", source=source)


@on_resume("lasting.pelt")
def pelt_chosen(ctx: Step, keys: list[str]) -> None:
    key = keys[0]
    source = str(ctx.data["context"]["source"])
    if key.startswith("beast_"):
        stat = key.removeprefix("beast_")
        add(ctx.engine, ctx.name, "pelt", {"stats": [stat], "add": 2, "effect": "beast"}, source)
    else:
        add(ctx.engine, ctx.name, "pelt", {"stats": [ANIMALS[key]], "effect": key}, source)


def _ask_ward(ctx: Step, source: str, spec: Mapping[str, Any]) -> None:
    """Ward 1: two of its effects on a strong hit, one on a weak hit; Ward 2 makes them
    stronger (+2 momentum, +2 harm, an almost certain trap)."""
    count = int(spec.get("count", 1))
    strong = marked(ctx.char, WARD, 1)
    n = 2 if strong else 1
    trap = "almost certain" if strong else "likely"
    options = [
        ("momentum", f"+{n} momentum when a foe first crosses the boundary"),
        ("harm", f"+{n} harm the first time you inflict harm on a foe inside"),
        ("trap", f"the ward is {trap} to trap a foe inside"),
    ]
    _ask(
        ctx,
        "lasting.ward",
        options,
        count=count,
        prompt=f"the ward: choose {count}",
        source=source,
        strong=strong,
    )


@on_resume("lasting.ward")
def ward_chosen(ctx: Step, keys: list[str]) -> None:
    context = ctx.data["context"]
    n = 2 if context.get("strong") else 1
    fields: dict[str, JsonDict] = {
        "momentum": {"momentum": n},
        "harm": {"harm": n},
        "trap": {"odds": "almost_certain" if context.get("strong") else "likely"},
    }
    for key in keys:
        add(ctx.engine, ctx.name, f"ward_{key}", fields[key], str(context["source"]))


ASKERS = {"dose": _ask_dose, "pelt": _ask_pelt, "ward": _ask_ward}

# Slayer 3: "slay a beast or horror (at least formidable)".
TROPHY_RANKS = frozenset({"formidable", "extreme", "epic"})


def offer_trophy(ctx: Step) -> None:
    """Slayer 3: a won fight against a formidable (or greater) foe offers a trophy; whether
    the foe was a beast or horror is the fiction's, so the player may decline."""
    if not ctx.outcome.is_hit or not marked(ctx.char, SLAYER, 2):
        return
    track = ctx.state.tracks.get(str(ctx.data.get("track") or ""))
    if track is None or track.rank not in TROPHY_RANKS:
        return
    options = [(k, text_of(TEMPLATES[kind])) for k, kind in TROPHIES.items()]
    _ask(
        ctx,
        "lasting.trophy",
        options,
        minimum=0,
        prompt="Slayer 3: if you slew a beast or horror, take a trophy (decline: none)",
    )


@on_resume("lasting.trophy")
def trophy_chosen(ctx: Step, keys: list[str]) -> None:
    for key in keys:
        add(ctx.engine, ctx.name, TROPHIES[key], {}, "Slayer 3")


# --- watching the sheet ----------------------------------------------------------------------


def watch(engine: MoveEngine) -> None:
    """At the end of an operation: Bonded 2 for each box of a bonds track filled, and the end
    conditions that the sheet decides."""
    # Each is looked for only where it can be: a box filled by an event of the bonds meter
    # (the engine's set_meter, which builds every such event, says whether it built one), an
    # effect that lasts on a sheet.
    if engine.bonds_marked:
        _bonded(engine)
    characters = engine.state.characters.values()
    for char in characters:
        if char.lasting:
            break
    else:
        return  # (most operations: no lasting effect on any sheet)
    for char in list(characters):
        if not char.lasting:
            continue
        for effect in list(char.lasting):
            why = _ended_by_sheet(char, effect)
            if why:
                end(engine, char.name, effect, why)


def _bonded(engine: MoveEngine) -> None:
    """Bonded 2 for each box of a bonds track this operation filled."""
    filled: dict[str, int] = {}
    for event in engine.events:  # every event has its type; a meter event names its meter
        if event["type"] == "meter" and event["meter"] == "bond_ticks":
            before, after = int(event["from"]) // 4, int(event["to"]) // 4
            if after > before:
                filled[str(event["character"])] = filled.get(str(event["character"]), 0) + (
                    after - before
                )
    for name, boxes in filled.items():
        char = engine.state.characters.get(name)
        if char is None or not marked(char, BONDED, 1):
            continue
        # Bonded 2: "take 1 experience and +2 momentum" for each box filled.
        filled_words = "1 box" if boxes == 1 else f"{boxes} boxes"
        engine.note(
            f"Bonded 2: {filled_words} of {name}'s bonds filled: +1 experience, +2 momentum each"
        )
        engine.set_meter(name, "experience_earned", char.experience_earned + boxes)
        engine.momentum(name, 2 * boxes)


def _ended_by_sheet(char: CharacterState, effect: Mapping[str, Any]) -> str | None:
    ends = effect.get("ends")
    if ends == "low_meters":
        low = [m for m in ("health", "spirit", "momentum") if int(getattr(char, m)) < 1]
        if low:
            return f"{' and '.join(low)} fell below +1"
    if ends == "track_zero":
        record = next((a for a in char.assets if a["id"] == effect.get("asset")), None)
        track = ((record or {}).get("tracks") or {}).get(str(effect.get("track")))
        if record is None or track is None or int(track["value"]) <= 0:
            return f"its {effect.get('track')} is 0"
    return None


# --- by hand: end, use, give, take ----------------------------------------------------------


class LastingOperations:
    """The player's changes to lasting effects, each one operation (undoable)."""

    def __init__(self, engine: MoveEngine) -> None:
        self.engine = engine

    def _one(self, character: str | None, query: str) -> tuple[CharacterState, JsonDict]:
        char = self.engine.state.character(character)
        found = find(char, query)
        if not found:
            accepted = ", ".join(e["id"] for e in char.lasting) or "none"
            raise NotFound(f"{char.name} has no lasting effect {query!r} (accepted: {accepted})")
        if len(found) > 1:
            raise InvalidValue(
                f"{char.name} has {len(found)} lasting effects named {query!r}: name one of "
                + ", ".join(e["id"] for e in found)
            )
        return char, found[0]

    def end(self, character: str | None, query: str) -> OperationResult:
        def run() -> None:
            char, effect = self._one(character, query)
            end(self.engine, char.name, effect, "ended by the player")

        return self.engine.operation("lasting", character, run)

    def use(self, character: str | None, query: str) -> OperationResult:
        """A lasting effect the fiction triggers outside a move: the ward's momentum when a
        foe first crosses it, its trap (Ask the Oracle at its odds)."""

        def run() -> None:
            char, effect = self._one(character, query)
            if effect.get("momentum"):
                self.engine.momentum(char.name, int(effect["momentum"]))
                end(self.engine, char.name, effect, "used")
            elif effect.get("odds"):
                self.engine.follow(char.name, "ask_the_oracle", odds=str(effect["odds"]))
                self.engine.run_queued()
            else:
                raise RuleViolation(
                    f"{effect['id']} acts by itself in {_where(effect)}; 'lasting use' is for "
                    "an effect the fiction triggers outside a move (the ward's momentum, trap)"
                )

        return self.engine.operation("lasting", character, run)

    def give(self, character: str | None, query: str, to: str) -> OperationResult:
        """Hand an effect to another character (the elixir's drinker, the pelt's wearer, the
        keened weapon's wielder)."""

        def run() -> None:
            char, effect = self._one(character, query)
            other = self.engine.state.character(to)
            if other.name == char.name:
                raise InvalidValue(
                    f"{{to}} {to!r} is {char.name}: give it to another character",
                    input="to",
                    value=to,
                )
            end(self.engine, char.name, effect, f"given to {other.name}")
            fields = {k: v for k, v in effect.items() if k not in ("id", "kind", "source")}
            add(self.engine, other.name, str(effect["kind"]), fields, str(effect["source"]))

        return self.engine.operation("lasting", character, run)

    def take_trophy(self, character: str | None, choice: str) -> OperationResult:
        """Slayer 3: a trophy of a slain beast or horror (formidable or more)."""

        def run() -> None:
            char = self.engine.state.character(character)
            key = choice.strip().lower()
            if key not in TROPHIES:
                raise InvalidValue(
                    f"trophy {choice!r} is unknown (accepted: {', '.join(TROPHIES)})"
                )
            if not marked(char, SLAYER, 2):
                raise RuleViolation(f"{char.name} has no Slayer with ability 3 marked")
            add(self.engine, char.name, TROPHIES[key], {}, "Slayer 3")

        return self.engine.operation("lasting", character, run)


def summary(char: CharacterState) -> list[JsonDict]:
    """The lasting effects as a sheet lists them."""
    return [
        {"id": e["id"], "name": e["name"], "source": e["source"], "text": e["text"]}
        for e in char.lasting
    ]


def fits(char: CharacterState, move: Move) -> list[JsonDict]:
    """The lasting effects that could act on ``move``, in the rows of ``asset fits`` (play
    mode offers those the player names before the roll)."""
    rows = []
    for effect in char.lasting:
        if not _fits_move(effect, move):
            continue
        parts = [f"+{effect['add']}"] if effect.get("add") else []
        if effect.get("harm"):
            parts.append(f"+{'1d6' if effect['harm'] == 'd6' else effect['harm']} harm on a hit")
        if effect.get("reroll"):
            parts.append("reroll any dice")
        if effect.get("hit_momentum"):
            parts.append(f"+{effect['hit_momentum']} momentum on a hit")
        when = str(effect.get("when") or "") if effect.get("named") else ""
        rows.append(
            {
                "asset": effect["name"],
                "label": f"{effect['source']} · {effect['id']} (lasting)",
                "when": when,
                "fiction": fiction(when),
                "stats": list(effect.get("stats") or ()),
                "rolls": [],
                "effect": ", ".join(parts),
            }
        )
    return rows
