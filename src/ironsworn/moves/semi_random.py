"""The semi-random campaign setup (seed 000 L5271-5319): fate's heavier hand in a character.

1. "Roll on the following table, and assign the +3 value to the result. Then, distribute the
   remaining stats (+2, +2, +1, +1) as you like": d100, 1-20 edge, 21-40 heart, 41-60 iron,
   61-80 shadow, 81-00 wits (L5277-5283). The others get +2, +2, +1, +1 in the order the
   player prefers (``prefer``: the five stats ranked; the rolled one is skipped).
2-4. "Organize [the asset cards] into decks by type ... Exclude any cards that don't fit ...
   Choose a card from any deck. Don't look at it ... until you have five in your hand. Reveal
   your cards and choose two of them to discard." Each of the five draws names its deck
   (``decks``); a die as large as the deck's remaining cards (in id order) picks the card. The
   hand is kept in the character's ``asset_hand`` flag until :func:`keep_assets` keeps three.
5. "Spark an idea using the Character Goal oracle ... Mark your background vow and give it a
   rank of extreme or epic": an oracle roll, a vow track marked as the background vow.
6. "Roll once on the Character Role oracle and twice on the Character Descriptor oracle.
   Envision this NPC, give them a name, and mark a bond. You may do this for your two
   remaining starting bonds": a person of the story, a bond with them (one tick, no roll),
   and two background bonds held in reserve.
7. "Roll on the Settlement Trouble oracle ... to define your starting situation": a campaign
   note, once for the whole group (a second character's setup leaves it as it is).

Every roll is an ``oracle`` record event, so the log and the journal show each die. In
one-shot play (no background vow or bonds, L5152-5154) steps 5 and 6 are left out.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ironsworn.errors import InvalidValue, RuleViolation
from ironsworn.moves.setup import BACKGROUND_RANKS, MAX_BACKGROUND_BONDS
from ironsworn.oracle import check_d100

if TYPE_CHECKING:
    from ironsworn.moves.engine import MoveEngine, OperationResult

STATS = ("edge", "heart", "iron", "shadow", "wits")
# The +3 stat table (L5277-5283): the highest d100 roll of each row.
STAT_TABLE = ((20, "edge"), (40, "heart"), (60, "iron"), (80, "shadow"), (100, "wits"))
REST = (2, 2, 1, 1)
HAND = 5
KEEP = 3
DEFAULT_DECKS = ("path", "path", "companion", "combat_talent", "ritual")
INCITING = "inciting incident: "
GOAL = "oracle_rollable:classic/character/goal"
ROLE = "oracle_rollable:classic/character/role"
DESCRIPTOR = "oracle_rollable:classic/character/descriptor"
TROUBLE = "oracle_rollable:classic/settlement/trouble"


def stat_for(roll: int) -> str:
    """The stat the +3 goes to for a d100 roll (00 reads as 100)."""
    value = check_d100(roll)
    return next(stat for high, stat in STAT_TABLE if value <= high)


def place_stats(top: str, prefer: Sequence[str]) -> dict[str, int]:
    """+3 to ``top``, then +2, +2, +1, +1 to the others in the order of ``prefer``."""
    order = [str(s).strip().lower() for s in prefer]
    unknown = [s for s in order if s not in STATS]
    if unknown or len(set(order)) != len(order) or set(order) != set(STATS):
        raise InvalidValue(
            input="prefer",
            value=",".join(prefer),
            accepted=STATS,
            why="must rank the five stats once each",
        )
    rest = [s for s in order if s != top]
    stats = {top: 3, **dict(zip(rest, REST, strict=True))}
    return {s: stats[s] for s in STATS}


def asset_decks(engine: MoveEngine, exclude: Sequence[str]) -> dict[str, list[Any]]:
    """The classic asset cards by type (a deck each), leaving out the excluded types or cards."""
    left_out = {
        " ".join(str(e).replace("-", " ").replace("_", " ").split()).lower() for e in exclude
    }
    decks: dict[str, list[Any]] = {}
    for asset in sorted(engine.ruleset.assets.values(), key=lambda a: a.id):
        if not asset.id.startswith("asset:classic/"):
            continue
        kind = asset.type.replace(" ", "_").lower()
        words = {
            kind.replace("_", " "),
            asset.name.lower(),
            asset.id.rsplit("/", 1)[-1].replace("_", " "),
        }
        if words & left_out:
            continue
        decks.setdefault(kind, []).append(asset)
    return decks


def semi_random_character(
    engine: MoveEngine,
    name: str,
    *,
    prefer: Sequence[str] = STATS,
    decks: Sequence[str] = DEFAULT_DECKS,
    exclude: Sequence[str] = (),
    background_rank: str = "extreme",
    bond_name: str | None = None,
) -> OperationResult:
    """Make a character by the semi-random setup; see the module docstring."""
    from ironsworn.content import roll_oracle
    from ironsworn.content.oracle_roller import oracle_event
    from ironsworn.moves.sheet import check_new_name, track_event
    from ironsworn.ranks import Rank

    state = engine.state

    def oracle(table: str, who: str) -> Any:
        result = roll_oracle(engine.ruleset, table, engine.dice)
        engine.emit(result.event(who))
        for line in result.lines():
            engine.note(line.strip())
        return result

    def run() -> None:
        clean = check_new_name(state, name)
        one_shot = bool(state.option("one_shot"))
        rank = str(background_rank).strip().lower()
        if rank not in BACKGROUND_RANKS:
            raise InvalidValue(
                input="background_rank",
                value=background_rank,
                accepted=("extreme", "epic"),
                why="is not a background vow's rank: a background vow is extreme or epic",
            )
        if len(decks) != HAND:
            raise InvalidValue(
                f"{{decks}} names {len(decks)} deck(s): one for each of the {HAND} cards drawn",
                input="decks",
                value=len(decks),
                accepted=f"{HAND} decks",
            )
        piles = asset_decks(engine, exclude)
        wanted = [str(d).strip().lower().replace(" ", "_").replace("-", "_") for d in decks]
        if state.option("assets") != "cards":
            wanted = []  # playing without assets (L5336-5360): no cards are drawn
        for deck in wanted:
            if deck not in piles:
                raise InvalidValue(
                    f"deck {deck!r} is not one of the decks left (accepted: {', '.join(piles)})"
                )
        place_stats("edge", prefer)  # the ranking is checked before any die is rolled
        # 1. The +3 stat.
        roll = check_d100(engine.dice.roll(100))
        top = stat_for(roll)
        engine.emit(
            oracle_event(
                "semi_random/stat", "Semi-random setup: your +3 stat", roll, top, [], clean
            )
        )
        engine.note(f"the +3 stat (d100 {roll}): {top}")
        stats = place_stats(top, prefer)
        # 2-4. Five cards drawn unseen, each from the deck the player names.
        hand: list[str] = []
        for deck in wanted:
            pile = [a for a in piles[deck] if a.id not in hand]
            if not pile:
                raise RuleViolation(f"the {deck} deck has no card left to draw")
            pick = engine.dice.roll(len(pile))
            card = pile[pick - 1]
            hand.append(card.id)
            engine.note(
                f"card {len(hand)}, drawn unseen from the {deck.replace('_', ' ')} deck "
                f"({pick} of {len(pile)})"
            )
            engine.emit(
                oracle_event(
                    "semi_random/asset_draw",
                    f"a card from the {deck.replace('_', ' ')} deck of {len(pile)}",
                    pick,
                    card.name,
                    [],
                    clean,
                )
            )
        flags: dict[str, Any] = {"asset_hand": hand} if hand else {}
        if not wanted:
            engine.note("no asset cards are drawn: this campaign plays without assets")
        if not one_shot:
            flags["reserved_bonds"] = MAX_BACKGROUND_BONDS - 1
        character = {
            "name": clean,
            "stats": stats,
            "bonds": [],
            "bond_ticks": 0,
            "assets": [],
            "flags": flags,
        }
        engine.emit({"type": "character_created", "character": character})
        if one_shot:
            engine.note("one-shot play: no background vow or bonds (seed 000 L5152-5154)")
        else:
            # 5. The background vow.
            goal = oracle(GOAL, clean)
            event = track_event(state, "vow", goal.text, Rank.parse(rank), [clean])
            engine.emit(event)
            engine.set_flag(clean, "background_vow", event["track"]["id"])
            # 6. A bond with someone the oracles describe.
            role = oracle(ROLE, clean)
            first, second = oracle(DESCRIPTOR, clean), oracle(DESCRIPTOR, clean)
            description = f"{first.text.lower()}, {second.text.lower()} {role.text.lower()}"
            person = " ".join((bond_name or f"the {description}").split())
            if person.lower() in (p.lower() for p in state.people):
                raise InvalidValue(f"a person named {person!r} is already in the campaign")
            engine.emit(
                {
                    "type": "person_added",
                    "person": {"name": person, "description": description, "place": None},
                }
            )
            engine.emit({"type": "bond_added", "character": clean, "bond": person})
            engine.set_meter(clean, "bond_ticks", 1)
        # 7. The shared inciting incident.
        if any(str(n.get("text", "")).startswith(INCITING) for n in state.notes):
            engine.note("the inciting incident is already set for the group")
        else:
            trouble = oracle(TROUBLE, clean)
            text = "; ".join(r.text for r in trouble.rolls) if trouble.rolls else trouble.text
            engine.emit(
                {"type": "note_added", "note": {"text": INCITING + text, "character": None}}
            )
        if hand:
            engine.note(
                f"{clean}'s hand: "
                + ", ".join(engine.ruleset.assets[i].name for i in hand)
                + f"; keep {KEEP} with 'character keep {clean} CARD,CARD,CARD'"
            )

    return engine.operation("character", name.strip(), run)


def keep_assets(engine: MoveEngine, character: str | None, cards: Sequence[str]) -> OperationResult:
    """Keep three of the five cards drawn (NAME, NAME:N for a card that marks no ability,
    NAME[:N]=NAME for a companion); the other two are discarded."""
    from ironsworn.moves.assets.cards import new_asset_record, parse_asset_choice

    def run() -> None:
        char = engine.state.character(character)
        hand = list(char.flags.get("asset_hand") or [])
        if not hand:
            raise RuleViolation(
                f"{char.name} holds no drawn asset cards (draw them first: {{semi_random}})",
                names=("semi_random",),
            )
        if len(cards) != KEEP:
            raise InvalidValue(f"{len(cards)} card(s) named: keep exactly {KEEP} of the {HAND}")
        names = {i: engine.ruleset.assets[i].name for i in hand}
        kept: list[str] = []
        for text in cards:
            choice = parse_asset_choice(text)
            query = choice.query
            key = " ".join(query.replace("-", " ").replace("_", " ").split()).lower()
            found = [
                i
                for i in hand
                if key
                in (names[i].lower().replace("-", " "), i.rsplit("/", 1)[-1].replace("_", " "))
            ]
            if not found:
                accepted = ", ".join(names.values())
                raise InvalidValue(
                    f"card {query!r} is not in {char.name}'s hand (accepted: {accepted})"
                )
            if found[0] in kept:
                raise InvalidValue(f"card {query!r} is named twice")
            kept.append(found[0])
            record = new_asset_record(
                engine.ruleset.assets[found[0]], choice.first, choice.ability, choice.fields
            )
            engine.emit({"type": "asset_added", "character": char.name, "asset": record})
        engine.set_flag(char.name, "asset_hand", None)
        engine.note("discarded: " + ", ".join(names[i] for i in hand if i not in kept))

    return engine.operation("character", character, run)
