"""Delve's perilous sites: a progress track with a theme, a domain and an objective.

Discover a Site: "choose the theme and domain which best represent its nature (Ask the Oracle
if unsure), and give it a rank" (Delve p. 21); a site's rank marks progress as any track's does
(troublesome 3 boxes an area ... epic 1 tick). A site is created like any track (its
``track_created`` event carries ``theme``, ``domain`` and ``objective``), so undo, the log and
the export treat it as they treat a vow. Its themes and domains are the imported Delve pack's
(:mod:`ironsworn.content.sites`); without the pack, making a site says what to import.

The two rolls a site's cards answer are here too: a feature (d100: the theme's rows are 1-20,
the domain's 21-100) and a danger (Reveal a Danger's 1-30 is the theme's row for the same roll,
31-45 the domain's).

**Denizens** (Delve's "Choose Denizens" and its site worksheet): a site's denizen table is a
d100 matrix of twelve slots by frequency: very common 1-27; common 28-41, 42-55, 56-69;
uncommon 70-75, 76-81, 82-87, 88-93; rare 94-95, 96-97, 98-99; unforeseen 100. A sample site
brings its own table from the pack. For a new site the book has the player choose denizens that
suit its theme and domain; the engine drafts the table from what the pack itself pairs with them
(ENGINE CHOICE): every foe of the pack's sample sites that share the theme or the domain, weighed
by how often and how commonly they appear there (a site sharing both counts twice; very common 4,
common 3, uncommon 2, rare 1), placed most likely first, one to a slot, while suggestions last.
Unforeseen stays blank: a roll on a blank slot asks for a new denizen, as the worksheet says.
:func:`roll_denizen` rolls on the matrix; :func:`fill_denizen` fills a slot (a foe, or the
player's own words), and :func:`roll_feature` rolls a feature of the site.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ironsworn.errors import InvalidValue, NotFound, OptionNeeded, PackMissing
from ironsworn.ranks import Rank

if TYPE_CHECKING:
    from ironsworn.campaign.character_state import TrackState
    from ironsworn.content.loader import Ruleset
    from ironsworn.content.sites import DelveSite, SiteDomain, SiteRow, SiteTheme
    from ironsworn.moves.engine import MoveEngine, OperationResult

NO_PACK = "this campaign has no Delve pack: import your Datasworn Delve file first"


def require_pack(ruleset: Ruleset) -> None:
    """Refuse a Delve rule when no Delve pack is imported (themes and domains are its data)."""
    if not ruleset.site_themes or not ruleset.site_domains:
        raise PackMissing(NO_PACK, "delve")


# The keys of Delve's moves (ids are facts): named without the pack, they say what to import.
DELVE_MOVES = (
    "discover_a_site", "delve_the_depths", "find_an_opportunity", "reveal_a_danger",
    "reveal_a_danger_alt", "locate_your_objective", "escape_the_depths", "check_your_gear",
    "mark_your_failure", "learn_from_your_failures", "advance_a_threat", "take_a_hiatus",
    "wield_a_rarity",
)  # fmt: skip


# The delve moves that act on one site or threat: with several open, the player names it (the
# move's track), as a vow is named for Reach a Milestone.
TRACK_MOVES = frozenset(
    {
        "discover_a_site",
        "delve_the_depths",
        "find_an_opportunity",
        "reveal_a_danger",
        "reveal_a_danger_alt",
        "locate_your_objective",
        "escape_the_depths",
        "advance_a_threat",
    }
)


def pack_move(query: str) -> str | None:
    """The words for a Delve move named where no Delve pack is imported, or None."""
    key = "_".join(query.replace("'", "").lower().split()).rsplit("/", 1)[-1]
    if key not in DELVE_MOVES:
        return None
    small = ("a", "an", "the", "from")
    name = " ".join(w if w in small else w.title() for w in key.split("_"))
    return (
        f"{name[0].upper()}{name[1:]} is a move of Ironsworn: Delve, and no Delve pack is "
        "imported: import your Datasworn Delve file first"
    )


def require_delve(engine: MoveEngine) -> None:
    """Refuse Delve's sites and threats outside a classic campaign with the Delve pack (a
    Starforged campaign never has them, the pack imported or not)."""
    require_delve_in(engine.state.ruleset, engine.ruleset)


def require_delve_in(ruleset: str, library: Ruleset) -> None:
    """:func:`require_delve` of a campaign playing ``ruleset`` with ``library`` (a front end
    says so before asking what a site or threat is)."""
    if ruleset != "classic":
        raise InvalidValue(
            f"Delve's sites and threats are a classic expansion; this campaign plays {ruleset} "
            "(accepted: a classic campaign)"
        )
    require_pack(library)


def _pick(items: dict[str, Any], query: str, what: str, rolled: bool = True) -> Any:
    """The item named ``query`` (id, name or a unique part of it); ``rolled``: the dice may
    choose one instead (a theme or domain, not a sample site), and the refusal says so."""
    key = " ".join(query.split()).casefold()
    for item in items.values():
        if key in (item.id.casefold(), item.name.casefold(), item.id.rsplit("/", 1)[-1]):
            return item
    found = [i for i in items.values() if key and key in i.name.casefold()]
    if len(found) == 1:
        return found[0]
    import difflib

    every = sorted(i.name for i in items.values())
    # (the closest by spelling; every name is in the message's accepted)
    close = tuple(difflib.get_close_matches(query, every, n=3, cutoff=0.5))
    roll = ", or roll" if rolled else ""
    raise NotFound(f"{what} {query!r} is unknown (accepted: {', '.join(every)}{roll})", close)


def _rolled(engine: MoveEngine, items: dict[str, Any], what: str) -> Any:
    """A theme or domain left to the dice: each of the pack's equally likely."""
    pool = sorted(items.values(), key=lambda i: i.id)
    chosen = pool[engine.dice.roll(len(pool)) - 1]
    engine.note(f"{what} rolled: {chosen.name}")
    return chosen


def site_question(items: dict[str, Any], what: str, about: str) -> OptionNeeded:
    """The question for a new site's theme or domain left out: the pack's, or the dice."""
    choices = tuple((i.name, i.name) for i in sorted(items.values(), key=lambda i: i.name))
    return OptionNeeded(
        f"Discover a Site: what is the {what} of {about}? (the Delve pack's, or roll)",
        what,
        (*choices, ("roll", "roll: leave it to the dice")),
        subject="a new site",
    )


def theme_of(engine: MoveEngine, query: str) -> SiteTheme:
    themes = engine.ruleset.site_themes
    if query.strip().lower() == "roll":
        return _rolled(engine, themes, "theme")  # type: ignore[no-any-return]
    return _pick(themes, query, "theme")  # type: ignore[no-any-return]


def domain_of(engine: MoveEngine, query: str) -> SiteDomain:
    domains = engine.ruleset.site_domains
    if query.strip().lower() == "roll":
        return _rolled(engine, domains, "domain")  # type: ignore[no-any-return]
    return _pick(domains, query, "domain")  # type: ignore[no-any-return]


def sample_site(ruleset: Ruleset, query: str) -> DelveSite:
    """One of the pack's sample sites (Alva's Rest...), by id or name."""
    return _pick(ruleset.sites, query, "sample site", rolled=False)  # type: ignore[no-any-return]


def new_site(
    engine: MoveEngine,
    name: str,
    *,
    theme: str | None = None,
    domain: str | None = None,
    rank: str | None = None,
    objective: str | None = None,
    sample: str | None = None,
    characters: Sequence[str] = (),
) -> OperationResult:
    """A new site track: a theme and a domain (by name, or ``roll``), a rank and an objective;
    or one of the pack's sample sites, which brings its name, theme, domain and rank."""
    from ironsworn.moves.sheet import track_event

    def run() -> None:
        require_delve(engine)
        site_name, theme_q, domain_q, rank_q = name, theme, domain, rank
        found: DelveSite | None = None
        if sample:
            found = sample_site(engine.ruleset, sample)
            site_name = name or found.name
            theme_q = theme_q or found.theme
            domain_q = domain_q or found.domain
            rank_q = rank_q or found.rank
        # "Choose the theme and domain which best represent its nature ..., and give it a
        # rank" (Delve p. 21): each left out is asked, with the pack's own (or the dice).
        about = f"the site {' '.join(site_name.split())}" if site_name.strip() else "the site"
        # What was given is checked before anything left out is asked: a theme mistyped is
        # refused now, not after the player has answered the domain and the rank. ("roll"
        # is rolled below, once every question is answered.)
        for query, group, kind in (
            (theme_q, engine.ruleset.site_themes, "theme"),
            (domain_q, engine.ruleset.site_domains, "domain"),
        ):
            if query and query.strip().lower() != "roll":
                _pick(group, query, kind)
        if rank_q:
            Rank.parse(rank_q)
        if not theme_q:
            raise site_question(engine.ruleset.site_themes, "theme", about)
        if not domain_q:
            raise site_question(engine.ruleset.site_domains, "domain", about)
        chosen_theme = theme_of(engine, theme_q)
        chosen_domain = domain_of(engine, domain_q)
        if not rank_q:
            raise OptionNeeded(
                f"Discover a Site: what is the rank of {about}?",
                "rank",
                tuple((r.label, f"{r.label} ({r.per_mark})") for r in Rank),
                subject="a new site",
            )
        parsed = Rank.parse(rank_q)
        text = " ".join((site_name or "").split()) or f"{chosen_theme.name} {chosen_domain.name}"
        who = [engine.state.character(c).name for c in characters] or [
            engine.state.character(None).name
        ]
        event = track_event(engine.state, "site", text, parsed, who, None, 1)
        table = (
            [d.to_json() for d in found.denizens]
            if found and found.theme == chosen_theme.id and found.domain == chosen_domain.id
            else denizen_table(engine.ruleset, chosen_theme.id, chosen_domain.id)
        )
        event["track"].update(
            theme=chosen_theme.id,
            domain=chosen_domain.id,
            objective=" ".join(objective.split()) if objective else None,
            denizens=table,
        )
        engine.emit(event)

    return engine.operation("site", characters[0] if characters else None, run)


# The denizen matrix's slots (the book's and its site worksheet's ranges), in table order.
DENIZEN_SLOTS: tuple[tuple[int, int, str], ...] = (
    (1, 27, "very_common"),
    (28, 41, "common"),
    (42, 55, "common"),
    (56, 69, "common"),
    (70, 75, "uncommon"),
    (76, 81, "uncommon"),
    (82, 87, "uncommon"),
    (88, 93, "uncommon"),
    (94, 95, "rare"),
    (96, 97, "rare"),
    (98, 99, "rare"),
    (100, 100, "unforeseen"),
)
FREQUENCY_WEIGHT = {"very_common": 4, "common": 3, "uncommon": 2, "rare": 1, "unforeseen": 0}


def denizen_suggestions(ruleset: Ruleset, theme: str, domain: str) -> list[str]:
    """The foes (npc ids) the pack's sample sites pair with this theme or domain, most likely
    first (see the module docstring for the weights)."""
    weights: dict[str, int] = {}
    for sample in ruleset.sites.values():
        shared = (sample.theme == theme) + (sample.domain == domain)
        if not shared:
            continue
        for row in sample.denizens:
            if row.npc and row.npc in ruleset.npcs:
                weights[row.npc] = (
                    weights.get(row.npc, 0) + shared * FREQUENCY_WEIGHT[row.frequency]
                )
    return sorted(weights, key=lambda npc: (-weights[npc], ruleset.npcs[npc].name))


def denizen_table(ruleset: Ruleset, theme: str, domain: str) -> list[dict[str, Any]]:
    """A new site's denizen table, drafted from the suggestions (unforeseen left blank)."""
    suggestions = iter(denizen_suggestions(ruleset, theme, domain))
    rows: list[dict[str, Any]] = []
    for low, high, frequency in DENIZEN_SLOTS:
        row: dict[str, Any] = {"min": low, "max": high, "frequency": frequency}
        npc = next(suggestions, None) if frequency != "unforeseen" else None
        if npc:
            row["npc"] = npc
        rows.append(row)
    return rows


def site_denizens(ruleset: Ruleset, site: TrackState) -> list[dict[str, Any]]:
    """The site's denizen table: its own, or (a site made before tables were kept) the draft
    from its theme and domain."""
    if site.denizens:
        return [dict(r) for r in site.denizens]
    return denizen_table(ruleset, site.theme or "", site.domain or "")


def denizen_words(
    ruleset: Ruleset, row: dict[str, Any], blank: str = "blank: choose or introduce a new denizen"
) -> str:
    """A slot as a player reads it: the denizen's name (and foe), or ``blank``'s words."""
    npc = ruleset.npcs.get(str(row.get("npc") or ""))
    foe = npc.name if npc else str(row.get("npc") or "")
    name = str(row.get("name") or "")
    if name and foe:
        return f"{name} ({foe})"
    return name or foe or blank


def roll_denizen(
    engine: MoveEngine, site_query: str | None, character: str | None = None
) -> OperationResult:
    """Roll d100 on a site's denizen matrix: the denizen met, or a blank slot to fill."""
    from ironsworn.content.oracle_roller import oracle_event

    def run() -> None:
        require_delve(engine)
        site = active_site(engine, site_query)
        rows = site_denizens(engine.ruleset, site)
        roll = engine.dice.roll(100)
        row = next(r for r in rows if r["min"] <= roll <= r["max"])
        text = denizen_words(engine.ruleset, row)
        frequency = str(row["frequency"]).replace("_", " ")
        name = f"{site.name}: denizens"
        engine.emit(oracle_event(f"site_denizens:{site.id}", name, roll, text, [roll], None))
        engine.note(f"{name} ({roll}, {frequency}): {text}")

    return engine.operation("denizen", character, run)


def roll_feature(
    engine: MoveEngine, site_query: str | None, character: str | None = None
) -> OperationResult:
    """Roll d100 on a site's features: the theme's rows (1-20), then the domain's (21-100)."""
    from ironsworn.content.oracle_roller import oracle_event

    def run() -> None:
        require_delve(engine)
        site = active_site(engine, site_query)
        theme, domain = site_cards(engine.ruleset, site)
        roll = engine.dice.roll(100)
        card = theme if _row(theme.features, roll) else domain
        text = feature(engine.ruleset, site, roll)
        name = f"{site.name}: feature"
        engine.emit(oracle_event(f"site_features:{site.id}", name, roll, text, [roll], None))
        engine.note(f"{name} ({roll}, {card.name}): {text}")

    return engine.operation("feature", character, run)


def fill_denizen(
    engine: MoveEngine,
    site_query: str | None,
    slot: int,
    denizen: str,
    character: str | None = None,
) -> OperationResult:
    """Fill slot ``slot`` (1-12, in the matrix's order) of a site's denizen table: a foe of
    the content by its name (Bear, Hollow...), else ``denizen`` in the player's own words ("the
    Hollow King"); ``blank`` empties it, as the unforeseen slot starts. Kept as a
    ``track_field`` change of the site's ``denizens`` (undo takes it back), with the slot and
    its words before and after for the log."""
    from ironsworn.content.lookup import resolve

    def run() -> None:
        require_delve(engine)
        site = active_site(engine, site_query)
        rows = site_denizens(engine.ruleset, site)
        if not 1 <= slot <= len(rows):
            raise InvalidValue(
                input="slot",
                value=slot,
                accepted=f"1 to {len(rows)}",
                why="is not a slot of the denizen table",
            )
        words = " ".join(denizen.split())
        if not words:
            raise InvalidValue(
                input="denizen", value=denizen, accepted="a foe's name, or your own words"
            )
        row = {k: v for k, v in rows[slot - 1].items() if k not in ("npc", "name")}
        if words.lower() != "blank":
            try:
                foe = resolve(engine.ruleset.npcs, words, "foe", lambda n: str(n.name))
                row["npc"] = foe.id
            except NotFound:
                row["name"] = words
        after = [*rows[: slot - 1], row, *rows[slot:]]
        was = denizen_words(engine.ruleset, rows[slot - 1], blank="blank")
        now = denizen_words(engine.ruleset, row, blank="blank")
        if after == rows:
            engine.note(f"{site.name}: denizen {slot} is already {now}")
            return
        engine.emit(
            {
                "type": "track_field",
                "track": site.id,
                "field": "denizens",
                "from": [dict(r) for r in site.denizens] if site.denizens else None,
                "to": after,
                "slot": slot,
                "frequency": row["frequency"],
                "was": was,
                "denizen": now,
            }
        )

    return engine.operation("denizen_fill", character, run)


def active_site(engine: MoveEngine, query: str | None) -> TrackState:
    """The site named (id or name), or the only active one."""
    if query:
        found: TrackState = engine.state.track(query, ("site",))
        return found
    sites = [t for t in engine.state.tracks.values() if t.kind == "site" and t.status == "active"]
    if not sites:
        raise InvalidValue("no site is under way (Discover a Site makes one)", input="site")
    if len(sites) != 1:
        raise InvalidValue(
            "name the site (accepted: " + ", ".join(t.name for t in sites) + ")", input="site"
        )
    return sites[0]


def site_cards(ruleset: Ruleset, site: TrackState) -> tuple[SiteTheme, SiteDomain]:
    """The theme and domain records of a site track."""
    require_pack(ruleset)
    theme = ruleset.site_themes.get(site.theme or "")
    domain = ruleset.site_domains.get(site.domain or "")
    if theme is None or domain is None:
        # A site made as a bare track (by hand, or the web's tracks form before it asked) has
        # neither: said in words, not as Python's None.
        missing = [
            f"a {what} ({given!r}) not in the Delve pack" if given else f"no {what}"
            for what, given, found in (
                ("theme", site.theme, theme),
                ("domain", site.domain, domain),
            )
            if found is None
        ]
        raise NotFound(
            f"site {site.name!r} has " + " and ".join(missing) + ": its features and dangers "
            "come from its theme and domain (accepted: a site discovered with a theme and a "
            "domain of the Delve pack)"
        )
    return theme, domain


def _row(rows: Sequence[SiteRow], roll: int) -> SiteRow | None:
    return next((r for r in rows if r.min <= roll <= r.max), None)


def feature(ruleset: Ruleset, site: TrackState, roll: int) -> str:
    """The site's feature for a d100 roll: the theme's rows, then the domain's."""
    theme, domain = site_cards(ruleset, site)
    row = _row(theme.features, roll) or _row(domain.features, roll)
    return row.text if row else ""


def card_danger(ruleset: Ruleset, site: TrackState, roll: int) -> tuple[str, str] | None:
    """Reveal a Danger's theme (1-30) or domain (31-45) row for the same d100 roll, with the
    card it came from; None past 45 (the move's own table answers)."""
    theme, domain = site_cards(ruleset, site)
    for card in (theme, domain):
        row = _row(card.dangers, roll)
        if row is not None:
            return card.name, row.text
    return None


def describe(ruleset: Ruleset, site: TrackState) -> dict[str, Any]:
    """A site as the sheet and ``site show`` tell it: the track and its two cards' tables."""
    theme, domain = site_cards(ruleset, site)
    return {
        **site.summary(),
        "theme_name": theme.name,
        "domain_name": domain.name,
        "features": [
            {"min": r.min, "max": r.max, "text": r.text}
            for r in (*theme.features, *domain.features)
        ],
        "dangers": [
            {"min": r.min, "max": r.max, "text": r.text} for r in (*theme.dangers, *domain.dangers)
        ],
        "denizens": [
            {**row, "text": denizen_words(ruleset, row)} for row in site_denizens(ruleset, site)
        ],
    }
