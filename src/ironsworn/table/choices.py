"""Where the values an input accepts now come from: the campaign's state and its content.

Each function here is a :data:`~ironsworn.table.inputs.ChoiceSource`: given the table and
the arguments so far, the :class:`~ironsworn.table.inputs.Choice` s accepted now, in the
game's words. "What can I buy with Advance", "which foes", "which bonds", "journeys only"
live here once, for every surface.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ironsworn.errors import IronswornError
from ironsworn.table.inputs import Choice
from ironsworn.table.operation import Table

STATS = ("edge", "heart", "iron", "shadow", "wits")
RANKS = ("troublesome", "dangerous", "formidable", "extreme", "epic")


def _character(table: Table, args: Mapping[str, Any]) -> Any:
    """The character the arguments name (the seat's, or the only one), None when unclear."""
    state = table.state()
    name = args.get("character") or table.seat
    try:
        return state.character(name)
    except IronswornError:  # no single character: choices that need one are empty
        return None


def moves(table: Table, args: Mapping[str, Any]) -> list[Choice]:
    """The moves of the campaign's ruleset (a classic campaign never offers Starforged's)."""
    from ironsworn.campaign.options import chosen_packs

    state = table.state()
    found = table.library().in_ruleset("moves", state.ruleset, chosen_packs(state))
    return [
        Choice(move.name.lower(), move.name, str(getattr(move, "trigger", "") or "")[:80])
        for move in found.values()
    ]


def characters(table: Table, args: Mapping[str, Any]) -> list[Choice]:
    return [Choice(name, name) for name in table.state().characters]


def others(table: Table, args: Mapping[str, Any]) -> list[Choice]:
    """The other characters (an ally to act against or aid)."""
    me = _character(table, args)
    return [
        Choice(name, name) for name in table.state().characters if me is None or name != me.name
    ]


def bonds(table: Table, args: Mapping[str, Any]) -> list[Choice]:
    char = _character(table, args)
    return [] if char is None else [Choice(b, b) for b in char.bonds]


def tracks(table: Table, args: Mapping[str, Any]) -> list[Choice]:
    """The active tracks the character shares (every active one without a character)."""
    char = _character(table, args)
    return [
        Choice(t.id, t.name, f"{t.rank} {t.kind}, score {t.score}")
        for t in table.state().tracks.values()
        if t.status == "active" and (char is None or char.name in t.characters)
    ]


# The kinds of track each move that reads a track acts on, by ruleset (the tracks its
# handler resolves): a track picker offers these only (journeys for Reach Your Destination,
# fights for End the Fight; Face Danger and Secure an Advantage mark a scene challenge's).
# A progress move's own kinds come from what it rolls (:data:`~ironsworn.moves.registry.
# PROGRESS_KINDS`, as the engine reads them).
MOVE_TRACK_KINDS: dict[str, dict[str, tuple[str, ...]]] = {
    "classic": {
        "undertake_a_journey": ("journey",),
        "draw_the_circle": ("fight",),
        "enter_the_fray": ("fight",),
        "strike": ("fight",),
        "clash": ("fight",),
        "swear_an_iron_vow": ("vow",),
        "reach_a_milestone": ("vow",),
        "forsake_your_vow": ("vow",),
        "face_danger": ("scene",),
        "secure_an_advantage": ("scene",),
    },
    "starforged": {
        "undertake_an_expedition": ("expedition",),
        "explore_a_waypoint": ("expedition",),
        "enter_the_fray": ("fight",),
        "gain_ground": ("fight",),
        "react_under_fire": ("fight",),
        "strike": ("fight",),
        "clash": ("fight",),
        "face_defeat": ("fight",),
        "develop_your_relationship": ("connection",),
        "test_your_relationship": ("connection",),
        "swear_an_iron_vow": ("vow",),
        "reach_a_milestone": ("vow",),
        "forsake_your_vow": ("vow",),
        "begin_the_scene": ("scene",),
        "face_danger": ("scene",),
        "secure_an_advantage": ("scene",),
    },
    # Delve's moves made in a site, and on a threat (moves/delve: the track each resolves).
    "delve": {
        "discover_a_site": ("site",),
        "delve_the_depths": ("site",),
        "find_an_opportunity": ("site",),
        "reveal_a_danger": ("site",),
        "reveal_a_danger_alt": ("site",),
        "escape_the_depths": ("site",),
        "advance_a_threat": ("threat",),
    },
}


def track_kinds_of(move: Any) -> tuple[str, ...] | None:
    """The kinds of track ``move`` acts on (None: it names no track of its own)."""
    from ironsworn.moves.registry import PROGRESS_KINDS, ruleset_name, short_name

    name = short_name(move.id)
    if move.roll_type == "progress_roll":
        using = move.rolls[0] if move.rolls else ""
        return PROGRESS_KINDS.get(name) or PROGRESS_KINDS.get(using)
    return MOVE_TRACK_KINDS.get(ruleset_name(move.id), {}).get(name)


def amount_default(state: Any, char: Any, move: Any) -> tuple[int, str] | None:
    """The amount ``move`` takes when its ``amount`` input is left out, and why ("the foe's
    rank (formidable)"): a classic suffer move's harm or stress, Strike's and Clash's harm.
    None where the move has no such default (it asks, or the amount means another thing)."""
    from ironsworn.moves.registry import ruleset_name, short_name

    if ruleset_name(move.id) != "classic" or char is None:
        return None
    name = short_name(move.id)
    if name in ("strike", "clash"):
        from ironsworn.moves.classic.combat import inflict_default

        return inflict_default(char)
    # Companion Endure Harm outside a fight asks its amount (no foe's rank to take).
    fights = state.open_tracks_of(char.name, "fight")
    if name in ("endure_harm", "endure_stress") or (name == "companion_endure_harm" and fights):
        from ironsworn.moves.classic.suffer import suffer_default

        return suffer_default(state, char.name, name)
    if name == "end_the_fight" and len(fights) == 1:
        from ironsworn.ranks import Rank

        # What a weak hit's Endure Harm or Endure Stress takes: the ended fight's rank.
        rank = Rank.parse(fights[0].rank)
        return rank.harm, f"on a weak hit, a {rank.label} foe's harm or stress"
    return None


def move_tracks(table: Table, args: Mapping[str, Any]) -> list[Choice]:
    """The active tracks the character shares of the kinds the move acts on (every active
    one when the move is not named or names no track kind)."""
    found = tracks(table, args)
    name = args.get("move")
    if not name:
        return found
    try:
        move = table.library().find("moves", str(name), prefer=table.state().ruleset)
    except IronswornError:
        return found
    kinds = track_kinds_of(move)
    if kinds is None:
        return found
    state = table.state()
    found = [c for c in found if state.tracks[c.key].kind in kinds]
    char = _character(table, args)
    joined = JOINED_BY.get(move.id.rsplit("/", 1)[-1])
    if char is not None and joined is not None:
        # An ally's fight (journey, expedition): the move on it shares its track.
        found += [
            Choice(
                t.id,
                t.name,
                f"{t.rank} {t.kind} of {' and '.join(t.characters) or 'no one'}, score {t.score}",
            )
            for t in allies_tracks(state, char.name, joined)
        ]
    return found


# The moves made on an ally's track of a kind that join it: Enter the Fray a fight ("When
# allies are fighting against common enemies, you share progress tracks", seed 000
# L2089-2091), Undertake a Journey a journey (allies travelling together share it, L1769-1784),
# Starforged's Undertake an Expedition an expedition.
JOINED_BY = {
    "enter_the_fray": "fight",
    "undertake_a_journey": "journey",
    "undertake_an_expedition": "expedition",
}


def allies_tracks(state: Any, name: str, kind: str) -> list[Any]:
    """The active tracks of ``kind`` other characters hold and ``name`` does not share: the
    move that joins them (:data:`JOINED_BY`) is offered them."""
    return [t for t in state.open_tracks(kind) if name not in t.characters]


def stats(table: Table, args: Mapping[str, Any]) -> list[Choice]:
    char = _character(table, args)
    return [Choice(s, s, f"+{char.stats[s]}" if char is not None else "") for s in STATS]


def ranks(table: Table, args: Mapping[str, Any]) -> list[Choice]:
    """The five ranks: a classic foe's with the harm it inflicts (a new fight, Enter the Fray
    against a foe), any other track's (and a Starforged objective's: its foes inflict no harm
    by rank) with what a mark of progress is worth."""
    from ironsworn.ranks import Rank

    fight = args.get("kind") == "fight" or bool(args.get("foe"))
    fight = fight and table.state().ruleset != "starforged"
    return [
        Choice(r, r, f"{Rank.parse(r).harm} harm" if fight else Rank.parse(r).per_mark)
        for r in RANKS
    ]


def foes(table: Table, args: Mapping[str, Any]) -> list[Choice]:
    """The foes of the campaign's ruleset, with their rank."""
    found = table.library().in_ruleset("npcs", table.state().ruleset)
    return [Choice(n.name.lower(), n.name, str(getattr(n, "rank", ""))) for n in found.values()]


def odds(table: Table, args: Mapping[str, Any]) -> list[Choice]:
    from ironsworn.oracle import Odds

    return [Choice(o.value, o.label, f"yes on {o.yes_at_least} or more") for o in Odds]


def oracles(table: Table, args: Mapping[str, Any]) -> list[Choice]:
    """Every table of the ruleset, each by a key that names it alone: its name where that
    finds it, else its id (Starforged has three tables named "First Look", and a planet's
    "Expanse" is fourteen), labelled as a roll shows it ("Desert Settlements: Expanse")."""
    library = table.library()
    ruleset = table.state().ruleset
    # Worked out once per content and ruleset: a name is looked up for each table.
    kept: dict[str, list[Choice]] = library.memo("oracle_choices")
    found = kept.get(ruleset)
    if found is None:
        found = kept[ruleset] = _oracle_choices(library, ruleset)
    return found


def _oracle_choices(library: Any, ruleset: str) -> list[Choice]:
    from ironsworn.content.lookup import normalize
    from ironsworn.content.oracle_roller import shown_name

    tables = library.in_ruleset("oracles", ruleset)

    def counted(names: Any) -> dict[str, int]:
        counts: dict[str, int] = {}
        for name in names:
            folded = normalize(name)
            counts[folded] = counts.get(folded, 0) + 1
        return counts

    # A name two of the ruleset's tables share is ambiguous (the id it is then); one no other
    # table's name or id's last part can be taken for finds its own table (the lookup's first
    # tries); any other is looked up, as the operation will look it up.
    within = counted(o.name for o in tables.values())
    everywhere = counted(o.name for o in library.oracles.values())
    tails = {ident.rsplit("/", 1)[-1].casefold() for ident in library.oracles}
    out: list[Choice] = []
    for ident, oracle in tables.items():
        key = oracle.name.lower()
        folded = normalize(oracle.name)
        if within[folded] > 1:
            named = False
        elif everywhere[folded] == 1 and key not in tails:
            named = True
        else:
            try:
                named = library.find_in("oracles", key, ruleset).id == ident
            except IronswornError:
                named = False  # (ambiguous: it names several tables)
        if named:
            out.append(Choice(key, oracle.name))
        else:
            out.append(Choice(ident, shown_name(library, oracle)))
    return out


def roles(table: Table, args: Mapping[str, Any]) -> list[Choice]:
    """The roles of the character making the move, and only theirs (roles instead of
    assets): another character's role is not one they can act as."""
    char = _character(table, args)
    return [] if char is None else [Choice(r, r) for r in char.flags.get("roles") or ()]


def role_bonuses(table: Table, args: Mapping[str, Any]) -> list[Choice]:
    return [
        Choice("+2", "+2", "add +2"),
        Choice("momentum", "momentum", "add +1 and take +1 momentum on a hit"),
    ]


def purchases(table: Table, args: Mapping[str, Any]) -> list[Choice]:
    """What Advance can buy now, with its cost in experience (see
    :func:`ironsworn.moves.assets.cards.purchases`)."""
    from ironsworn.moves.assets.cards import purchases as bought

    char = _character(table, args)
    if char is None:
        return []
    found = bought(table.library(), char, table.state().ruleset)
    return [Choice(key, label, "", cost) for key, label, cost in found]


def pending_options(table: Table, args: Mapping[str, Any]) -> list[Choice]:
    """The options of the decision pending now; with ``character`` (or ``every``), of the
    decision that character owes (set aside while another's waits), or of every decision
    owed (what a schema lists as accepted)."""
    state = table.state()
    decisions = [state.pending] if state.pending else []
    if args.get("every"):
        decisions += [e["pending"] for e in (getattr(state, "parked", {}) or {}).values()]
    elif args.get("character"):
        from ironsworn.table.decisions import waiting_decision

        char = _character(table, args)
        found = None if char is None else waiting_decision(state, char.name)
        decisions = [found] if found else decisions
    return [
        Choice(str(o["key"]), str(o["text"]))
        for pending in decisions
        if pending.get("kind") == "choose"
        for o in pending.get("options", [])
    ]


def lasting_effects(table: Table, args: Mapping[str, Any]) -> list[Choice]:
    """The character's lasting effects, by id, with where each comes from and what it does
    (an effect named by its name, when only one has it, is taken too)."""
    char = _character(table, args)
    if char is None:
        return []
    return [Choice(str(e["id"]), str(e["id"]), f"{e['source']}: {e['text']}") for e in char.lasting]


def debilities(table: Table, args: Mapping[str, Any]) -> list[Choice]:
    """The debilities (Starforged: impacts) the character can mark now, or, with ``mark``
    false, those it can clear: a bane never (banes are permanent, rulebook p. 37)."""
    clearing = args.get("mark") is False
    char = _character(table, args)
    if table.state().ruleset == "starforged":
        from ironsworn.impacts import IMPACTS

        kinds = {n: (i.label, str(i.kind), i.on_vehicle) for n, i in IMPACTS.items()}
    else:
        from ironsworn.debilities import DEBILITIES, DebilityKind

        kinds = {
            n: (n, f"{d.kind}: {d.effect}", False)
            for n, d in DEBILITIES.items()
            if not (clearing and d.kind is DebilityKind.BANE)
        }
    vehicle = table.state().vehicle
    # (a vehicle's trouble is the command vehicle's: not on the character's sheet; none to
    # mark or clear without one)
    troubles = set((vehicle or {}).get("impacts") or ())
    return [
        Choice(name, label, detail)
        for name, (label, detail, on_vehicle) in kinds.items()
        if (
            (vehicle is not None and (name in troubles) == clearing)
            if on_vehicle
            else char is None or char.has(name) == clearing
        )
    ]


def campaign_options(table: Table, args: Mapping[str, Any]) -> list[Choice]:
    """The rulebook's campaign options (chapter 7), each with what it does."""
    from ironsworn.campaign.options import OPTIONS

    return [Choice(o.name, o.name.replace("_", " "), o.text[:80]) for o in OPTIONS.values()]


def option_values(table: Table, args: Mapping[str, Any]) -> list[Choice]:
    """The values the option ``name`` takes (none until the option is named)."""
    from ironsworn.campaign.options import OPTIONS, option_words

    option = OPTIONS.get(str(args.get("name") or "").strip().lower().replace(" ", "_"))
    if option is None:
        return []
    return [Choice(option_words(v), option_words(v)) for v in option.values]


def truth_options(table: Table, args: Mapping[str, Any]) -> list[Choice]:
    """The options of the truth category named (its keys, with their words), then rolling
    on its table or leaving it open."""
    if not args.get("truth"):
        return []
    try:
        found = table.library().find_in("truths", str(args["truth"]), table.state().ruleset)
    except IronswornError:
        return []
    return [
        *(Choice(o.key, o.summary[:80] or o.key) for o in found.options),
        Choice("roll", "roll", "on the category's table"),
        Choice("open", "leave it open"),
    ]


def assets(table: Table, args: Mapping[str, Any]) -> list[Choice]:
    """The character's asset cards, by their names (a companion's given name beside it)."""
    char = _character(table, args)
    if char is None:
        return []
    from ironsworn.card_fields import given_words

    cards = table.library().assets
    found = []
    for held in char.assets:
        card = cards.get(held["id"])
        name = str(card.name) if card is not None else str(held["id"]).rsplit("/", 1)[-1]
        found.append(Choice(name.lower(), name + given_words(held)))
    return found


def scenes(table: Table, args: Mapping[str, Any]) -> list[Choice]:
    """The active scene challenges the character shares."""
    state = table.state()
    return [c for c in tracks(table, args) if state.tracks[c.key].kind == "scene"]


def vows(table: Table, args: Mapping[str, Any]) -> list[Choice]:
    """The active vows the character shares."""
    state = table.state()
    return [c for c in tracks(table, args) if state.tracks[c.key].kind == "vow"]


def _abilities(table: Table, args: Mapping[str, Any], marked: bool) -> list[Choice]:
    """The abilities (by number) of the character's asset named ``asset`` that are marked,
    or not, each with what it does."""
    char = _character(table, args)
    if char is None or not args.get("asset"):
        return []
    from ironsworn.moves.assets.cards import unlinked

    try:
        held = char.asset(str(args["asset"]))
    except IronswornError:
        return []
    card = table.library().assets.get(held["id"])
    texts = [a.summary or a.text for a in card.abilities] if card is not None else []
    return [
        Choice(str(i), str(i), unlinked(texts[i - 1]) if i <= len(texts) else "")
        for i, on in enumerate(held["abilities"], 1)
        if bool(on) == marked
    ]


def abilities_to_mark(table: Table, args: Mapping[str, Any]) -> list[Choice]:
    """The abilities of the asset named that can be marked now (with ``mark`` false: those
    that can be cleared, the marked ones)."""
    return _abilities(table, args, args.get("mark") is False)


def abilities_marked(table: Table, args: Mapping[str, Any]) -> list[Choice]:
    """The marked abilities of the asset named (the ones that can be used)."""
    return _abilities(table, args, True)


# The sources whose choices are every value accepted: an input offering them may list them as
# its only values (the MCP server's enums). The other sources list what the state knows, and
# other values are taken too (a move an asset gives, a meter rolled as a stat, a new foe).
def initiative_values(table: Table, args: Mapping[str, Any]) -> list[Choice]:
    """The initiative's two values in the campaign's words: have or lose (classic); in
    control or bad spot (Starforged's position)."""
    from ironsworn.table.describe import INITIATIVE

    words = INITIATIVE.get(table.state().ruleset, INITIATIVE["classic"])
    return [Choice(words[side]["value"], words[side]["label"]) for side in ("have", "lose")]


def meters_by_hand(table: Table, args: Mapping[str, Any]) -> list[Choice]:
    """What ``adjust`` changes: the meters, experience and the stats; a Starforged
    campaign's vehicle integrity too."""
    names = ["health", "spirit", "supply", "momentum", "experience", *STATS]
    if table.state().ruleset == "starforged":
        names.append("integrity")
    return [Choice(n, n) for n in names]


COMPLETE = frozenset(
    {
        characters,
        others,
        ranks,
        odds,
        role_bonuses,
        pending_options,
        initiative_values,
        meters_by_hand,
    }
)
