"""The semi-random campaign setup (seed 000 L5271-5319): fate's heavier hand in a character.

1. "Roll on the following table, and assign the +3 value to the result. Then, distribute the
   remaining stats (+2, +2, +1, +1) as you like": d100, 1-20 edge, 21-40 heart, 41-60 iron,
   61-80 shadow, 81-00 wits (L5277-5283). The others get +2, +2, +1, +1 in the order the
   player prefers (``prefer``: the five stats ranked; the rolled one is skipped).
2-4. "Organize [the asset cards] into decks by type ... Exclude any cards that don't fit ...
   Choose a card from any deck. Don't look at it. Pass the draw to the next player. Continue
   taking turns drawing a single asset from any deck until you have five in your hand. Reveal
   your cards and choose two of them to discard." (L5287-5298). Each draw is the player's
   choice of deck, one at a time (:func:`draw_card`; ``decks`` at creation draws the first
   ones at once); a die as large as the deck's remaining cards (in id order) picks the card,
   which is not named until the fifth is drawn. The hand is then revealed, each card with its
   abilities, and kept in the character's ``asset_hand`` flag until :func:`keep_assets`
   keeps three. ``asset_draws`` counts the draws left, ``asset_excluded`` the cards left out.
5. "Spark an idea using the Character Goal oracle ... Interpret the result ... Mark your
   background vow and give it a rank of extreme or epic" (L5300-5304): the oracle is rolled
   and its answer offered as the vow's words (``background_goal``); :func:`mark_background_vow`
   marks the vow in the player's words or the oracle's, at the rank the player chooses.
6. "Roll once on the Character Role oracle and twice on the Character Descriptor oracle.
   Envision this NPC, give them a name, and mark a bond. You may do this for your two
   remaining starting bonds" (L5308-5313): the oracles describe a person (``bond_oracle``);
   :func:`name_bond` gives them the player's name and marks the bond (one tick, no roll); two
   background bonds are held in reserve.
7. "Roll on the Settlement Trouble oracle ... to define your starting situation": a campaign
   note, once for the whole group (a second character's setup leaves it as it is).

``background_rank`` and ``bond_name`` given at creation do steps 5 and 6 at once (the vow in
the oracle's words). Every roll is an ``oracle`` record event, so the log and the journal show
each die. In one-shot play (no background vow or bonds, L5152-5154) steps 5 and 6 are left
out.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ironsworn.counting import counted
from ironsworn.errors import InvalidValue, OptionNeeded, RuleViolation
from ironsworn.moves.setup import BACKGROUND_RANKS, MAX_BACKGROUND_BONDS
from ironsworn.oracle import check_d100

if TYPE_CHECKING:
    from ironsworn.campaign.state import CampaignState
    from ironsworn.content.loader import Ruleset
    from ironsworn.moves.engine import MoveEngine, OperationResult
    from ironsworn.ranks import Rank

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


def asset_decks(ruleset: Ruleset, exclude: Sequence[str]) -> dict[str, list[Any]]:
    """The classic asset cards by type (a deck each), leaving out the excluded types or cards."""
    left_out = {
        " ".join(str(e).replace("-", " ").replace("_", " ").split()).lower() for e in exclude
    }
    decks: dict[str, list[Any]] = {}
    for asset in sorted(ruleset.assets.values(), key=lambda a: a.id):
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


def with_article(words: str) -> str:
    """``a sick, weak scout``, ``an angry, intolerant herder``."""
    return ("an " if words[:1].lower() in "aeiou" else "a ") + words


def _deck_key(text: str) -> str:
    return str(text).strip().lower().replace(" ", "_").replace("-", "_")


def decks_left(
    ruleset: Ruleset, state: CampaignState, character: str | None = None
) -> dict[str, list[Any]]:
    """The decks a character may draw from now: the excluded cards and those already drawn
    left out (empty decks too)."""
    excluded: Sequence[str] = ()
    hand: list[str] = []
    if character is not None or state.characters:
        char = state.character(character)
        excluded = list(char.flags.get("asset_excluded") or ())
        hand = list(char.flags.get("asset_hand") or ())
    piles = asset_decks(ruleset, excluded)
    left = {deck: [a for a in cards if a.id not in hand] for deck, cards in piles.items()}
    return {deck: cards for deck, cards in left.items() if cards}


def _draw(engine: MoveEngine, who: str, deck: str, hand: list[str], excluded: Sequence[str]) -> str:
    """One card drawn unseen from ``deck`` into ``hand`` (a die the size of the deck)."""
    from ironsworn.content.oracle_roller import oracle_event

    piles = asset_decks(engine.ruleset, excluded)
    key = _deck_key(deck)
    if key not in piles:
        raise InvalidValue(
            f"deck {deck!r} is not one of the decks left (accepted: {', '.join(piles)})",
            input="deck",
            value=deck,
            accepted=list(piles),
        )
    pile = [a for a in piles[key] if a.id not in hand]
    if not pile:
        raise RuleViolation(f"the {key.replace('_', ' ')} deck has no card left to draw")
    pick = engine.dice.roll(len(pile))
    card = pile[pick - 1]
    hand.append(card.id)
    words = key.replace("_", " ")
    engine.note(f"card {len(hand)}, drawn unseen from the {words} deck ({pick} of {len(pile)})")
    # "Don't look at it": the record says which die picked which place in the deck; the card
    # is named when the hand is revealed.
    engine.emit(
        oracle_event(
            "semi_random/asset_draw",
            f"a card from the {words} deck of {len(pile)}",
            pick,
            f"card {pick} of the {words} deck",
            [],
            who,
        )
    )
    return str(card.id)


def _reveal(engine: MoveEngine, who: str, hand: Sequence[str]) -> None:
    """ "Reveal your cards": each card of the hand with its abilities (those it starts with
    marked), then how to keep three."""
    from ironsworn.moves.assets.cards import ability_words

    for asset_id in hand:
        card = engine.ruleset.assets[asset_id]
        engine.note(f"revealed: {card.name} ({card.type.replace('_', ' ')})")
        if card.requirement:
            engine.note(f"  {card.requirement}")
        for number, (ability, words) in enumerate(
            zip(card.abilities, ability_words(engine.ruleset, card), strict=True), start=1
        ):
            mark = "starts marked" if ability.enabled else "to choose"
            engine.note(f"  {number}. ({mark}) {' '.join(words.split())}")
    engine.note(
        f"{who}'s hand: "
        + ", ".join(engine.ruleset.assets[i].name for i in hand)
        + f"; keep {KEEP} and discard two"  # each surface says how (or asks)
    )


def semi_random_character(
    engine: MoveEngine,
    name: str,
    *,
    prefer: Sequence[str] = STATS,
    decks: Sequence[str] = (),
    exclude: Sequence[str] = (),
    background_rank: str | None = None,
    bond_name: str | None = None,
) -> OperationResult:
    """Make a character by the semi-random setup; see the module docstring. ``decks`` names
    the deck of the first draws (up to five); the others are drawn with :func:`draw_card`."""
    from ironsworn.content import roll_oracle
    from ironsworn.content.oracle_roller import oracle_event
    from ironsworn.moves.sheet import check_new_name

    state = engine.state

    def oracle(table: str, who: str) -> Any:
        result = roll_oracle(engine.ruleset, table, engine.dice)
        engine.emit(result.event(who))
        for line in result.lines():
            engine.note(line.strip())
        return result

    def run() -> None:
        if state.ruleset == "starforged":
            # The setup is the Ironsworn rulebook's: its decks, its oracles (Character Goal,
            # Settlement Trouble); Starforged has its own (paths, the crew's STARSHIP).
            raise RuleViolation(
                "the semi-random setup is the Ironsworn rulebook's (its asset decks and "
                "oracles); this campaign plays Starforged (accepted: a Starforged character "
                "made with its paths and the crew's STARSHIP)"
            )
        clean = check_new_name(state, name)
        one_shot = bool(state.option("one_shot"))
        rank = None if background_rank is None else _background_rank(background_rank)
        if len(decks) > HAND:
            raise InvalidValue(
                f"{{decks}} names {counted(len(decks), 'deck')}: one for each of the {HAND} "
                "cards drawn",
                input="decks",
                value=len(decks),
                accepted=f"up to {HAND} decks",
            )
        with_cards = state.option("assets") == "cards"
        wanted = [_deck_key(d) for d in decks] if with_cards else []
        piles = asset_decks(engine.ruleset, exclude)
        for deck in wanted:
            if deck not in piles:
                raise InvalidValue(
                    f"deck {deck!r} is not one of the decks left (accepted: {', '.join(piles)})"
                )
        place_stats("edge", prefer)  # the ranking is checked before any die is rolled
        person = None if bond_name is None else " ".join(bond_name.split())
        if person is not None:
            _check_person(engine, person)
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
        # 2-4. The first cards drawn unseen, each from the deck the player names.
        hand: list[str] = []
        for deck in wanted:
            _draw(engine, clean, deck, hand, exclude)
        flags: dict[str, Any] = {}
        if with_cards:
            flags["asset_hand"] = hand
            if len(hand) < HAND:
                flags["asset_draws"] = HAND - len(hand)
            left_out = [str(e) for e in exclude if str(e).strip()]
            if left_out:
                flags["asset_excluded"] = left_out
        else:
            engine.note("no asset cards are drawn: this campaign plays without assets")
        if not one_shot:
            flags["reserved_bonds"] = MAX_BACKGROUND_BONDS - 1
        character = {
            "name": clean,
            "stats": stats,
            "bonds": [],
            "bond_ticks": 0,
            "assets": [],
            "flags": {k: v for k, v in flags.items() if v},
        }
        engine.emit({"type": "character_created", "character": character})
        if one_shot:
            engine.note("one-shot play: no background vow or bonds")  # seed 000 L5152-5154
        else:
            # 5. The background vow: the oracle sparks it; its words and rank are the player's.
            goal = oracle(GOAL, clean)
            if rank is None:
                engine.set_flag(clean, "background_goal", goal.text)
                engine.note(
                    f"background vow: the oracle says {goal.text!r}; mark it in your words or "
                    "these, extreme or epic"
                )
            else:
                _mark_vow(engine, clean, goal.text, rank)
            # 6. A bond with someone the oracles describe, named by the player.
            role = oracle(ROLE, clean)
            first, second = oracle(DESCRIPTOR, clean), oracle(DESCRIPTOR, clean)
            description = f"{first.text.lower()}, {second.text.lower()} {role.text.lower()}"
            if person is None:
                engine.set_flag(clean, "bond_oracle", description)
                engine.note(
                    f"a bond: the oracles describe {with_article(description)}; give them a name"
                )
            else:
                _bond(engine, clean, person, description)
        # 7. The shared inciting incident.
        if any(str(n.get("text", "")).startswith(INCITING) for n in state.notes):
            engine.note("the inciting incident is already set for the group")
        else:
            trouble = oracle(TROUBLE, clean)
            text = "; ".join(r.text for r in trouble.rolls) if trouble.rolls else trouble.text
            engine.emit(
                {"type": "note_added", "note": {"text": INCITING + text, "character": None}}
            )
        if len(hand) == HAND:
            _reveal(engine, clean, hand)
        elif with_cards:
            left = HAND - len(hand)
            # Each surface says how to draw (the command line: 'character draw NAME DECK').
            deck_words = ", ".join(p.replace("_", " ") for p in piles)
            engine.note(
                f"{counted(left, 'more card')} to draw unseen, one at a time from any deck "
                f"({deck_words})"
            )

    return engine.operation("character", name.strip(), run)


def draw_card(engine: MoveEngine, character: str | None, deck: str) -> OperationResult:
    """ "Choose a card from any deck. Don't look at it.": one more draw of the semi-random
    setup, from the deck the player names; the fifth reveals the hand."""

    def run() -> None:
        char = engine.state.character(character)
        left = int(char.flags.get("asset_draws") or 0)
        if left <= 0:
            raise RuleViolation(
                f"{char.name} has no card left to draw (the semi-random setup draws {HAND})"
            )
        hand = list(char.flags.get("asset_hand") or ())
        excluded = list(char.flags.get("asset_excluded") or ())
        _draw(engine, char.name, deck, hand, excluded)
        engine.set_flag(char.name, "asset_hand", hand)
        engine.set_flag(char.name, "asset_draws", left - 1 or None)
        if left - 1:
            engine.note(f"{counted(left - 1, 'more card')} to draw")
        else:
            engine.set_flag(char.name, "asset_excluded", None)
            _reveal(engine, char.name, hand)

    return engine.operation("character", character, run)


def _background_rank(text: str) -> Rank:
    from ironsworn.ranks import Rank

    rank = str(text).strip().lower()
    if rank not in BACKGROUND_RANKS:
        raise InvalidValue(
            input="background_rank",
            value=text,
            accepted=BACKGROUND_RANKS,
            why="is not a background vow's rank: a background vow is extreme or epic",
        )
    return Rank.parse(rank)


def _mark_vow(engine: MoveEngine, who: str, text: str, rank: Rank) -> None:
    from ironsworn.moves.sheet import track_event

    event = track_event(engine.state, "vow", text, rank, [who])
    engine.emit(event)
    engine.set_flag(who, "background_vow", event["track"]["id"])


def mark_background_vow(
    engine: MoveEngine, character: str | None, rank: str | None, vow: str | None = None
) -> OperationResult:
    """Step 5: "Mark your background vow and give it a rank of extreme or epic", in the
    player's words (``vow``) or the oracle's; the rank is asked when not given."""

    def run() -> None:
        char = engine.state.character(character)
        goal = char.flags.get("background_goal")
        if not goal:
            raise RuleViolation(
                f"{char.name} has no background vow from the oracle to mark (the semi-random "
                "setup rolls it; otherwise swear a background vow as a new vow track)"
            )
        if rank is None:
            raise OptionNeeded(
                f"{char.name}'s background vow ({goal!r}): extreme or epic?",
                "rank",
                (("extreme", "extreme"), ("epic", "epic")),
                subject="the background vow",
            )
        parsed = _background_rank(rank)
        words = " ".join((vow or "").split()) or str(goal)
        _mark_vow(engine, char.name, words, parsed)
        engine.set_flag(char.name, "background_goal", None)

    return engine.operation("vow", character, run)


def _check_person(engine: MoveEngine, person: str) -> None:
    if not person or len(person) > 80:
        raise InvalidValue(
            input="person", value=person, accepted="1-80 characters", why="is not a name"
        )
    if person.lower() in (p.lower() for p in engine.state.people):
        raise InvalidValue(f"a person named {person!r} is already in the campaign")


def _bond(engine: MoveEngine, who: str, person: str, description: str) -> None:
    engine.emit(
        {
            "type": "person_added",
            "person": {"name": person, "description": description, "place": None},
        }
    )
    engine.emit({"type": "bond_added", "character": who, "bond": person})
    char = engine.state.character(who)
    engine.set_meter(who, "bond_ticks", char.bond_ticks + 1)


def name_bond(engine: MoveEngine, character: str | None, person: str) -> OperationResult:
    """Step 6: "Envision this NPC, give them a name, and mark a bond" (one tick, no roll)."""

    def run() -> None:
        char = engine.state.character(character)
        description = char.flags.get("bond_oracle")
        if not description:
            raise RuleViolation(
                f"{char.name} has no person from the oracles to name (the semi-random setup "
                "rolls them; a bond held in reserve is marked with a background bond)"
            )
        clean = " ".join(str(person).split())
        _check_person(engine, clean)
        _bond(engine, char.name, clean, str(description))
        engine.set_flag(char.name, "bond_oracle", None)

    return engine.operation("bond", character, run)


def keep_assets(engine: MoveEngine, character: str | None, cards: Sequence[str]) -> OperationResult:
    """Keep three of the five cards drawn (NAME, NAME:N for a card that marks no ability,
    NAME[:N]=NAME for a companion); the other two are discarded."""
    from ironsworn.moves.assets.cards import new_asset_record, parse_asset_choice
    from ironsworn.moves.starforged.crew import add_card

    def run() -> None:
        char = engine.state.character(character)
        hand = list(char.flags.get("asset_hand") or [])
        draws = int(char.flags.get("asset_draws") or 0)
        if draws:
            # "Continue ... until you have five in your hand. Reveal your cards": the hand is
            # seen, and kept from, only once all five are drawn.
            raise RuleViolation(
                f"{char.name} has {len(hand)} of the {HAND} cards: draw {draws} more first, "
                "one at a time from any deck"
            )
        if not hand:
            raise RuleViolation(
                f"{char.name} holds no drawn asset cards (draw them first: {{semi_random}})",
                names=("semi_random",),
            )
        if len(cards) != KEEP:
            raise InvalidValue(
                f"{counted(len(cards), 'card')} named: keep exactly {KEEP} of the {HAND}"
            )
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
            add_card(engine.state, char.name, record, engine.emit)  # the crew's rule
        engine.set_flag(char.name, "asset_hand", None)
        engine.note("discarded: " + ", ".join(names[i] for i in hand if i not in kept))

    return engine.operation("character", character, run)
