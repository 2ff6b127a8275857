"""What a page reads: the campaign's state, its timeline, and the rulebook (moves, oracles, odds).

Each function returns JSON-able data; the shapes are those the command line
prints as JSON (``sheet``, ``track list``, ``log``, ``journal``, ``move show``, ``oracle show``,
``odds``), gathered in one answer where a page needs several at once. Functions taking a
store run on the campaign's worker thread.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from ironsworn.errors import InvalidValue

JsonDict = dict[str, Any]

TIMELINE_DEFAULT = 200
TIMELINE_MAX = 2000


def library() -> Any:
    from ironsworn.content import load_library

    return load_library()


def campaign_state(store: Any, name: str) -> JsonDict:
    """Everything the table shows (see :func:`ironsworn.table.reads.campaign_state`)."""
    from ironsworn.table.reads import campaign_state as table_state

    return table_state(store.state(), name)


def content_needed(ruleset: str) -> JsonDict | None:
    """The Datasworn file a campaign of ``ruleset`` still needs (see
    :func:`ironsworn.table.reads.content_needed`), or None."""
    from ironsworn.table.reads import content_needed as needed

    return needed(ruleset)


def timeline(store: Any, last: int | None, before: int | None = None) -> list[JsonDict]:
    """The log and the journal as one list: every operation (undone ones marked), its journal
    line or entry (``html``: the entry's Markdown rendered safely) and its detail lines.

    ``last`` operations at most; with ``before``, those with a lower seq (a page of earlier
    ones: a page asks again with ``before`` set to the lowest seq it has)."""
    from ironsworn.campaign.journal import PINS, Narrator, entries
    from ironsworn.campaign.journal_edits import current_texts

    limit = TIMELINE_DEFAULT if last is None else last
    if not 1 <= limit <= TIMELINE_MAX:
        raise InvalidValue(f"last {limit} is out of range (accepted: 1 to {TIMELINE_MAX})")
    if before is not None and before < 1:
        raise InvalidValue(f"before {before} is out of range (accepted: a seq, 1 or more)")
    operations = store.operations(include_undone=True, last=limit, before=before)
    narrator = Narrator(store.state(), leave_out=PINS)
    # A page of earlier operations may have its entries edited after it: read the whole log.
    texts = current_texts(store.operations() if before is not None else operations)
    told = {e["seq"]: e for e in entries(operations, narrator, texts, details=True)}
    out: list[JsonDict] = []
    for operation in operations:
        entry = told.get(operation.seq)
        if entry is None:
            continue  # a journal edit or deletion, or a deleted entry
        out.append(told_entry(entry, operation, narrator))
    return out


def told_entry(entry: JsonDict, operation: Any, narrator: Any) -> JsonDict:
    """A journal entry as the timeline shows it: its status, its changes one by one, its text
    as HTML; its line of mechanics without its character's name, shown beside it already
    ("Kira" above "new vow: Escape the derelict", not "... — Kira")."""
    from ironsworn.campaign.journal import without_name
    from ironsworn.web.markdown import render

    entry["status"] = operation.status
    entry["summary"] = operation.summary
    # Told with the entry (entries(details=True)): not told again; kept in its place.
    told = entry.pop("details", None)
    if told is None:
        told = narrator.lines(operation) if operation.kind != "journal" else []
    entry["details"] = told
    entry["html"] = render(entry["text"]) if entry["text"] is not None else None
    if entry["mechanics"] is not None:
        entry["mechanics"] = without_name(entry["mechanics"], operation.character)
    return entry


# --------------------------------------------------------------------------------- moves


def moves(ruleset: str | None, packs: tuple[str, ...] = ()) -> list[JsonDict]:
    """Every move of a ruleset in rulebook order, as ``move show`` prints each as JSON.
    ``packs``: the expansions a campaign chose to play (:func:`campaign_packs`): Sundered
    Isles' moves in place of the Starforged ones they replace, else left out."""
    chosen = checked_ruleset(ruleset, "classic")
    return [m.summary_json() for m in library().in_ruleset("moves", chosen, packs).values()]


def campaign_packs(store: Any) -> tuple[str, ...]:
    """The expansions the campaign chose to play (its option ``sundered_isles``)."""
    from ironsworn.campaign.options import chosen_packs

    return chosen_packs(store.state())


def held_assets(store: Any) -> set[str]:
    """The ids of the asset cards the campaign's characters hold."""
    return {a["id"] for c in store.state().characters.values() for a in c.assets}


# What a list of moves needs of each (the page's Moves tab, the names of the moves it shows).
BRIEF_MOVE = ("id", "name", "category", "trigger")


def moves_brief(ruleset: str | None, packs: tuple[str, ...] = ()) -> list[JsonDict]:
    """Every move of a ruleset as :func:`moves` gives it, with only its id, name, category and
    trigger."""
    return [{k: m.get(k) for k in BRIEF_MOVE} for m in moves(ruleset, packs)]


def move_panel(
    store: Any, move: str, character: str | None, vehicle: str | None = None
) -> JsonDict:
    """A move as the panel shows it for one character: what it rolls with the character's
    values, the adds it names, the character's assets whose abilities speak of it, and the
    exact odds of each choice of stat (with and without a burn). ``vehicle``: the vehicle
    chosen for a move that rolls a vehicle's integrity (Withstand Damage; None: the one the
    move takes when it is left out)."""
    from ironsworn.odds import action_odds, progress_odds

    state = store.state()
    found = _campaign_move(state, move)
    data: JsonDict = found.summary_json()
    data["adds"] = [a.to_json() for a in found.adds]
    data["options"] = [
        {"using": list(o.using), "text": o.text} for o in found.roll_options if o.using
    ]
    if not state.characters:
        data["character"] = None
        data["reads"] = move_reads(state, None, found)
        return data
    char = state.character(character)
    data["reads"] = move_reads(state, char, found)
    from ironsworn.moves.oppose import FACE_DANGER

    # Face Danger against an ally (seed 000 L5172-5217): the move to send instead, when the
    # character has an ally to act against.
    data["oppose"] = "oppose" if found.id == FACE_DANGER and len(state.characters) > 1 else None
    data["character"] = char.name
    even = bool(state.option("even_matches"))  # the campaign's option (L5127-5135)
    choices: list[JsonDict] = []
    for name in found.rolls:
        entry: JsonDict = {"stat": name}
        if name == "custom" and found.id == DEVELOP_YOUR_RELATIONSHIP:
            entry["connections"] = _connection_rolls(state, char, found, even)
            choices.append(entry)
            continue
        if found.roll_type == "action_roll":
            try:
                value = char.value(name)
            except InvalidValue:
                found_value = _vehicle_value(state, name, vehicle)
                if found_value is None:
                    continue  # a meter this character has not (a companion's health)
                value = found_value
            entry["value"] = value
            entry["odds"] = action_odds(
                max(0, min(value, 5)), 0, char.momentum, len(char.debilities), even
            ).to_json()
        else:
            # The tracks of the kinds this move rolls only (journeys for Reach Your Destination).
            tracks = _tracks_for(state, char, found)
            entry["tracks"] = [
                {**t.summary(), "odds": progress_odds(t.score, even).to_json()} for t in tracks
            ]
        choices.append(entry)
    data["stats"] = choices
    data["assets"] = _assets_for(char, found, state)
    site = new_site_inputs(store, state, char, found)
    if site is not None:
        data["new_site"] = site
    return data


def _vehicle_value(state: Any, name: str, vehicle: str | None) -> int | None:
    """A vehicle's integrity as Withstand Damage rolls it: the ``vehicle`` named (refused,
    naming the party's vehicles, when it has no such one), or when it is left out the command
    vehicle, else the only one; None for another stat, or with no vehicle to take."""
    if name != "vehicle_integrity":
        return None
    from ironsworn.errors import IronswornError
    from ironsworn.moves.starforged.vehicles import find, integrity_of

    if vehicle:
        return int(integrity_of(state, find(state, vehicle)))
    try:
        return int(integrity_of(state, find(state, None)))
    except IronswornError:
        return None


# The inputs of the table's ``site`` operation the move panel asks for a new site.
NEW_SITE_OPERATION = "site"
NEW_SITE_INPUTS = ("name", "theme", "domain", "rank", "objective", "sample")


def new_site_inputs(store: Any, state: Any, char: Any, move: Any) -> JsonDict | None:
    """Discover a Site (Delve) with no site under way for ``char``: ``{"operation", "inputs"}``,
    the operation that makes the new site and its inputs, as the table's ``site`` operation
    declares them, with their choices (the pack's themes and domains, the ranks). "When you
    resolve to enter a perilous site, ... choose the theme and domain ..., and give it a
    rank": the page asks them in the move's form and makes the site before the move, as play
    mode asks them (or one of the pack's sample sites, which brings its own). None for another
    move, or with a site."""
    from ironsworn.moves.registry import ruleset_name, short_name

    if ruleset_name(move.id) != "delve" or short_name(move.id) != "discover_a_site":
        return None
    if state.open_tracks_of(char.name, "site"):
        return None
    from ironsworn.table import Table, operation

    table = Table(store, "")
    made = operation(NEW_SITE_OPERATION)
    out: list[JsonDict] = []
    for name in NEW_SITE_INPUTS:
        declared = made.input(name)
        help_text = SITE_FIELD_HELPS.get(name, declared.help)
        entry: JsonDict = {"input": name, "kind": declared.kind, "help": help_text}
        if declared.source is not None:
            entry["choices"] = [c.to_json() for c in declared.choices(table, {})]
        out.append(entry)
    return {"operation": NEW_SITE_OPERATION, "inputs": out}


# The new site's fields in the page's words (a phone's field cut "the site's name (a sample
# site's own by default)").
SITE_FIELD_HELPS = {"name": "its name (or a sample site's)"}


# The move options the panel offers as their own controls, when the move reads them, with the
# values to choose from where there is a fixed set. The roll's stat, adds, dice, the bond's +1,
# the reroll and the assets that fit have controls of their own; a progress move's track too.
ROLE_BONUSES = ("+2", "momentum")
ODDS_KEYS = ("almost_certain", "likely", "fifty_fifty", "unlikely", "small_chance")


def move_reads(state: Any, char: Any, move: Any) -> list[JsonDict]:
    """The options ``move`` reads in this campaign, as the engine's own tables say (the
    options it would refuse are left out): ``[{"option", "help", "values"?}]``.

    Roles (``as``, ``role_bonus``) contribute to an action roll when the campaign plays with
    roles instead of assets (seed 000 L5326-5337); Advance buys a stat (``raise``) without
    asset cards and a role (``new_role``) with roles (L5349-5360); Make a Connection names the
    new connection's ``rank`` and ``role``."""
    from ironsworn.moves.registry import short_name
    from ironsworn.moves.rulesets import option_table
    from ironsworn.ranks import Rank
    from ironsworn.table.moves import MOVE

    name = short_name(move.id)
    table = option_table(move.id)
    options = [option for option, users in table.items() if name in users]
    mode = state.option("assets")
    if name == "advance" and mode == "cards":
        options += ["asset"]  # the asset Advance buys (any roll's fitting assets are apart)
        # Nothing typed by hand: an upgrade's ability is in its purchase (Hawk:2), and a new
        # card that starts with none marked is asked which (a question of the table).
        options = [o for o in options if o != "ability"]
    if mode != "cards":
        options = [o for o in options if o not in ("asset", "ability")]
    else:
        options = [o for o in options if o not in ("raise", "new_role")]
    if mode != "roles":
        options = [o for o in options if o != "new_role"]
    if move.roll_type == "progress_roll":
        options = [o for o in options if o != "track"]
    if move.roll_type == "action_roll" and mode == "roles":
        options += ["as", "role_bonus"]
    roles = list((char.flags.get("roles") or []) if char is not None else [])
    defaults: dict[str, Any] = {}  # what the move takes when an option is left out
    values: dict[str, list[Any]] = {
        "rank": [r.label for r in Rank],
        "role_bonus": list(ROLE_BONUSES),
        "raise": list(STATS),
        "odds": list(ODDS_KEYS),
        "as": roles,
    }
    if "vehicle" in options:
        from ironsworn.moves.starforged.vehicles import all_vehicles

        # Every vehicle of the party, by name (none chosen: the command vehicle, which the
        # panel chooses).
        values["vehicle"] = [v.name for v in all_vehicles(state)]
        vehicle = _vehicle_left_out(state)
        if vehicle is not None:
            defaults["vehicle"] = vehicle
    if char is not None:
        # The tracks of the kinds the move acts on (Face Danger: a scene challenge's); the
        # page draws no picker when there is none.
        values["track"] = [
            {"id": t.id, "name": t.name, "kind": t.kind} for t in _tracks_for(state, char, move)
        ]
        from ironsworn.table.choices import JOINED_BY, allies_tracks

        if name in JOINED_BY:
            # An ally's fight (journey, expedition), which the move on it joins (its track is
            # then shared).
            values["track"] += [
                {"id": t.id, "name": t.name, "kind": f"{t.kind} of {' and '.join(t.characters)}"}
                for t in allies_tracks(state, char.name, JOINED_BY[name])
            ]
        from ironsworn.moves.move_options import BOND_ADDS, BOND_NAMED

        if name == "advance" and mode == "cards":
            # What Advance can buy now, with its cost (the page offers a list, not free text).
            values["asset"] = advance_values(state, char)
        adds = move.id in BOND_ADDS or move.id == "move:classic/quest/swear_an_iron_vow"
        if name in BOND_NAMED or adds:
            # A bond on the sheet (a bond's +1: one of them, or none).
            values["with"] = [*char.bonds, "none"] if adds else list(char.bonds)
    if "ally" in options and char is not None:
        # The other characters at the table, by name (Aid Your Ally, Heal an ally): picked,
        # not typed ("Kai 🗡️ Ōkami" has to be spelt whole).
        values["ally"] = [name for name in state.characters if name != char.name]
    if "companion" in options and char is not None:
        # The character's companions, by the name the player gave them (the move takes the
        # card's id, its name or that name).
        from ironsworn.moves.starforged.crew import deck

        values["companion"] = [
            {"id": a["id"], "name": a.get("input") or a["name"], "kind": a["name"]}
            for a in char.assets
            if deck(a) == "companion" and a.get("meter")
        ]
        if not values["companion"] and name in ("heal", "forge_a_bond"):
            # Heal or Forge a Bond with a companion: with none, no field saying "none to
            # choose" on every Heal (Companion Endure Harm keeps it: it needs one).
            options = [o for o in options if o != "companion"]
    helps: dict[str, str] = {}
    if state.ruleset == "starforged" and "with" in options and name != "make_a_connection":
        # Starforged has connections, not bonds: one whose role helps on this move aids it
        # (moves/starforged/_common.py); none to offer, no field.
        helps["with"] = (
            "the connection you swear this vow to"
            if name == "swear_an_iron_vow"
            else "a connection whose role helps on this move (+1, or +2 when bolstered)"
        )
        connections = [
            {"id": t.id, "name": t.name, "kind": t.kind}
            for t in state.tracks.values()
            if t.kind == "connection" and char is not None and char.name in t.characters
        ]
        if connections:
            values["with"] = connections
        else:
            options = [o for o in options if o != "with"]
    for (move_name, option), words_of in FIELD_HELPS.items():
        if move_name == name:
            helps.setdefault(option, words_of)
    if "amount" in options:
        found_help = AMOUNT_HELPS.get((state.ruleset, name))
        if found_help is not None:
            helps["amount"] = found_help
    out: list[JsonDict] = []
    for option in dict.fromkeys(options):
        entry: JsonDict = {"option": option, "help": helps.get(option) or MOVE.input(option).help}
        if option in values:
            entry["values"] = values[option]
        default = defaults.get(option, _chosen_alone(name, option, values.get(option), move))
        if default is not None:
            # The one value the move takes when it is left out (Strike's only fight, the only
            # ally Aid Your Ally can aid): chosen, not "none".
            entry["default"] = default
        if option == "track" and name in TRACK_BEGUN:
            # What leaving the track out means for a move that may begin one (Enter the Fray
            # against a foe named): said where the page says "none".
            entry["blank"] = begun_blank(name, state, char)
        if option == "amount":
            from ironsworn.table.choices import amount_default

            # What the move takes when the player leaves it empty (Endure Harm's 2), and why.
            found = amount_default(state, char, move)
            if found is not None:
                entry["default"], entry["default_why"] = found
        out.append(entry)
    return out


STATS = ("edge", "heart", "iron", "shadow", "wits")

# What a field the panel offers for the player's own words asks, in this move's words: the
# page shows it in the field, which the table's help for every move ("Enter the Fray with no
# fight yet: the foe (a foe's name, or your words)", "whom: a bond's or a connection's person
# or community (Swear an Iron Vow: whom the vow is to)") overran, cut at a desktop's width.
FIELD_HELPS = {
    ("enter_the_fray", "foe"): "the foe, for a new fight",
    ("undertake_a_journey", "destination"): "where to, for a new journey",
    ("undertake_an_expedition", "destination"): "where to, for a new expedition",
    ("swear_an_iron_vow", "vow"): "a new vow, in your words",
    ("make_a_connection", "with"): "the connection's name",
    ("forge_a_bond", "with"): "whom you bond with",
    ("make_a_connection", "role"): "the connection's role",
    ("heal", "patient"): "someone with no health track",
    ("advance", "name"): "your new companion's name",
    ("continue_a_legacy", "successor"): "the new character's name",
    ("continue_a_legacy", "stats"): "stats: 3,2,2,1,1 in order",
}

# What the amount a move takes is, in numbers, as the move's text tells it: the page shows it
# beside the field (a player reached Withstand Damage's amount with no word of what to type).
_SCALE = "1 minor, 2 serious, 3 major"
AMOUNT_HELPS = {
    ("classic", "endure_harm"): "-health: the foe's rank (troublesome 1 … epic 5) or as fits",
    ("classic", "endure_stress"): "-spirit: the foe's rank (troublesome 1 … epic 5) or as fits",
    ("classic", "companion_endure_harm"): "-health the companion suffers: the harm inflicted",
    ("classic", "strike"): "harm you inflict: 1 unarmed, 2 with a deadly weapon",
    ("classic", "clash"): "harm you inflict: 1 unarmed, 2 with a deadly weapon",
    ("classic", "end_the_fight"): "harm or stress on a weak hit (the foe's rank)",
    ("classic", "out_of_supply"): "the extra -supply, paid in other meters",
    ("classic", "face_a_setback"): "the extra -momentum, paid in other ways",
    ("starforged", "endure_harm"): f"harm: {_SCALE}",
    ("starforged", "endure_stress"): f"stress: {_SCALE}",
    ("starforged", "withstand_damage"): f"damage: {_SCALE}",
    ("starforged", "companion_takes_a_hit"): f"harm: {_SCALE}",
    ("starforged", "lose_momentum"): f"setback: {_SCALE}",
    ("starforged", "sacrifice_resources"): f"loss: {_SCALE}",
    ("starforged", "confront_chaos"): "aspects: 1, 2 or 3",
}

# The moves whose track is one they may leave out (a scene challenge's: Face Danger marks its
# progress only when it is named), or one the engine picks otherwise (Swear an Iron Vow takes
# the open vow that is not the background vow, else begins a new one: the only vow listed may
# be the background vow): no track is chosen for them by default.
TRACK_OPTIONAL_KINDS = ("scene",)
SCENE_MOVES = "/scene_challenge/"  # Starforged's moves of a scene challenge (by their id)
TRACK_NOT_DEFAULTED = ("swear_an_iron_vow",)
# The moves that may begin a track of their kind while one is under way, and what leaving the
# track out means for them: the one under way, or a new one for the foe (the destination)
# named. None is chosen for them: a track chosen would be taken over the foe named.
TRACK_BEGUN = {
    "enter_the_fray": "fight",
    "undertake_a_journey": "journey",
    "undertake_an_expedition": "expedition",
}


def begun_blank(name: str, state: Any, char: Any) -> str:
    """What leaving the track out means for a move that may begin one, in few enough words
    for a phone's picker ("the fight under way, or a new one against the foe named" was cut
    to "the fight under way, or a new on"): with one of the character's own under way, that
    one or a new one (against the foe named: its field says so); else a new one."""
    kind = TRACK_BEGUN[name]
    own = char is not None and state.open_tracks_of(char.name, kind)
    return f"your {kind}, or a new one" if own else f"a new {kind}"


def _vehicle_left_out(state: Any) -> str | None:
    """The name of the vehicle Withstand Damage takes when none is named (the command vehicle,
    else the only one), None when it would ask which."""
    from ironsworn.errors import IronswornError
    from ironsworn.moves.starforged.vehicles import find

    try:
        return str(find(state, None).name)
    except IronswornError:
        return None


def _chosen_alone(name: str, option: str, values: list[Any] | None, move: Any) -> Any:
    """The value of ``option`` the move takes when it is left out, when there is exactly one
    to take: the only track of the move's kinds (the engine takes the only active one: Strike
    and Clash the fight), the only other character Aid Your Ally can aid (the engine asks,
    with no other answer). None where leaving it out means something else."""
    if not values or len(values) != 1:
        return None
    if option == "track":
        from ironsworn.table.choices import track_kinds_of

        kinds = track_kinds_of(move) or ()
        # (Starforged's scene challenge moves are made on the scene: it is theirs to take)
        optional = any(k in TRACK_OPTIONAL_KINDS for k in kinds) and SCENE_MOVES not in move.id
        if not kinds or optional:
            return None
        if name in TRACK_NOT_DEFAULTED or name in TRACK_BEGUN:
            return None
        return values[0]["id"]
    if option == "ally" and name == "aid_your_ally":
        return values[0]
    return None


DEVELOP_YOUR_RELATIONSHIP = "move:starforged/connection/develop_your_relationship"


def _connection_rolls(state: Any, char: Any, move: Any, even: bool) -> list[JsonDict]:
    """What Develop Your Relationship does on each of the character's connections: without a
    bond it marks progress per their rank and rolls nothing; with one it rolls +their rank
    (troublesome=+1 ... epic=+5), with its odds (seed 003, Develop Your Relationship)."""
    from ironsworn.odds import action_odds
    from ironsworn.ranks import Rank

    out: list[JsonDict] = []
    for track in _tracks_for(state, char, move):
        entry: JsonDict = {"id": track.id, "name": track.name, "rank": track.rank}
        entry["bonded"] = bool(track.bonded)
        if track.bonded:
            value = int(Rank.parse(track.rank))
            entry["value"] = value
            entry["odds"] = action_odds(
                value, 0, char.momentum, len(char.debilities), even
            ).to_json()
        else:
            entry["per_mark"] = Rank.parse(track.rank).per_mark
        out.append(entry)
    return out


def _tracks_for(state: Any, char: Any, move: Any) -> list[Any]:
    """The character's active tracks of the kinds ``move`` acts on (every one when it names
    no kind: a move of a pack, an asset's)."""
    from ironsworn.table.choices import track_kinds_of

    kinds = track_kinds_of(move)
    return [
        t
        for t in state.tracks.values()
        if t.status == "active" and char.name in t.characters and (kinds is None or t.kind in kinds)
    ]


def _campaign_move(state: Any, move: str) -> Any:
    """The move the campaign makes for ``move`` (a name or an id), as the engine finds it: its
    ruleset's own ("face danger" in a Starforged campaign is Starforged's), the Sundered Isles'
    in its place when the campaign chose them (their id refused when it did not), an asset's
    own move (a ritual)."""
    from ironsworn.moves.engine import MoveEngine

    return MoveEngine(state, library()).find_move(move)


def advance_values(state: Any, char: Any) -> list[JsonDict]:
    """Advance's purchases for ``char``: ``{"id": what to send, "name", "kind": its cost}``
    (a Starforged campaign's new assets of Advance's categories only)."""
    from ironsworn.moves.assets.cards import purchases

    found = purchases(library(), char, state.ruleset)
    if state.ruleset == "starforged":
        from ironsworn.moves.starforged.legacy import ADVANCE_CATEGORIES, category_of

        own = library().in_ruleset("assets", "starforged")
        kinds = {a.name: category_of(a.id) for a in own.values()}
        found = [p for p in found if kinds.get(p[0], ADVANCE_CATEGORIES[0]) in ADVANCE_CATEGORIES]
    return [{"id": key, "name": label, "kind": f"{cost} experience"} for key, label, cost in found]


def _assets_for(char: Any, move: Any, state: Any) -> list[JsonDict]:
    """The character's marked abilities that act on ``move``, from the cards' effect data (as
    ``asset fits``): ``asset`` is the value for the move's ``asset`` option, ``when`` the
    fiction it needs (empty: it applies unasked), ``effect`` what it does, ``text`` its words.
    An ability only for a fight is left out outside one (and the reverse)."""
    from ironsworn.moves.assets.effects import abilities_for, fighting

    out: list[JsonDict] = []
    for fit in abilities_for(library(), char, move, in_fight=fighting(state, char.name)):
        key, number = str(fit["asset"]).split(":")[:2]
        record = next((a for a in char.assets if str(a["id"]).rsplit("/", 1)[-1] == key), None)
        abilities = _abilities(str(record["id"])) if record else ()
        index = int(number) - 1
        text = abilities[index].text if 0 <= index < len(abilities) else ""
        out.append({**fit, "name": fit["label"], "ability": index + 1, "text": text})
    return out


def _abilities(asset_id: str) -> tuple[Any, ...]:
    try:
        abilities: tuple[Any, ...] = library().asset(asset_id).abilities
    except LookupError:
        return ()
    return abilities


@cache
def odds(stat: int, adds: int, momentum: int, debilities: int) -> JsonDict:
    """The shape of ``odds action``'s JSON (a few hundred inputs in all: kept once computed)."""
    from ironsworn.odds import action_odds

    data: JsonDict = action_odds(stat, adds, momentum, debilities).to_json()
    return data


# ------------------------------------------------------------------------------- content


def ruleset_of(store: Any) -> str:
    """The campaign's ruleset (classic or starforged)."""
    return str(getattr(store.state(), "ruleset", "classic"))


def checked_ruleset(ruleset: str | None, default: str = "all") -> str:
    """``ruleset`` (``default`` when None) if the library knows it; else InvalidValue."""
    from ironsworn.table.content import check_ruleset

    return check_ruleset(library(), ruleset or default)


def oracles(ruleset: str | None = None) -> list[JsonDict]:
    """The oracle tables of ``ruleset`` (None: every one), with their rows, their category
    (the id's last folder) and ``path``: the folders of the book's nesting, from the id
    (``oracle_rollable:starforged/planet/ocean/settlements/expanse`` is under planet, ocean,
    settlements: the Ocean World's settlements, not every planet's in one list)."""
    from ironsworn.table.content import oracle_json

    chosen = checked_ruleset(ruleset)
    out: list[JsonDict] = []
    for table in library().in_ruleset("oracles", chosen).values():
        if table.id.startswith("move."):
            continue  # a table printed in a move's text is the move's (it rolls it itself)
        data = oracle_json(table)
        path = table.id.split(":", 1)[-1].split("/")
        data["category"] = path[-2] if len(path) > 2 else path[0]
        folders = path[1:-1] if len(path) > 2 else path[:1]
        # An expansion's tables in the campaign (Delve's in a classic one) under its own name.
        data["path"] = [path[0], *folders] if path[0] != chosen else folders
        out.append(data)
    return out


def content(kind: str, ruleset: str | None = None) -> list[JsonDict]:
    """Foes (``npcs``), ``truths``, ``assets`` or ``regions`` of ``ruleset`` (None: every
    one), as ``show`` prints each as JSON."""
    if kind not in ("npcs", "truths", "assets", "regions"):
        raise InvalidValue(f"content {kind!r} is unknown (accepted: npcs, truths, assets, regions)")
    items: dict[str, Any] = library().in_ruleset(kind, checked_ruleset(ruleset))
    if kind != "assets":
        return [item.to_json() for item in items.values()]
    from ironsworn.moves.assets.cards import required_fields

    # An asset card also says which of its fields a new character must fill (a companion's
    # name, a god's stat): the creation form asks for them before the server must refuse; and
    # its abilities' text as Markdown rendered (a "choose one" list is a list on the sheet).
    return [
        {**item.to_json(), "required_fields": required_fields(item), "abilities_html": _html(item)}
        for item in items.values()
    ]


_RENDERED: dict[str, tuple[Any, list[str]]] = {}


def _html(card: Any) -> list[str]:
    """Each ability's text of ``card`` rendered once (kept while the card is the same)."""
    from ironsworn.web.markdown import rules_html

    kept = _RENDERED.get(card.id)
    if kept is None or kept[0] is not card:
        # A move named in the text links to it (the page opens #move:...).
        kept = (card, [rules_html(a.text) for a in card.abilities])
        _RENDERED[card.id] = kept
    return kept[1]
