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
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ironsworn.errors import InvalidValue, NotFound
from ironsworn.ranks import Rank

if TYPE_CHECKING:
    from ironsworn.campaign.character_state import TrackState
    from ironsworn.content.loader import Ruleset
    from ironsworn.content.sites import DelveSite, SiteDomain, SiteRow, SiteTheme
    from ironsworn.moves.engine import MoveEngine, OperationResult

NO_PACK = (
    "this campaign has no Delve pack: import your Datasworn Delve file first "
    "(ironsworn content import delve.json)"
)


def require_pack(ruleset: Ruleset) -> None:
    """Refuse a Delve rule when no Delve pack is imported (themes and domains are its data)."""
    if not ruleset.site_themes or not ruleset.site_domains:
        raise InvalidValue(NO_PACK)


def _pick(items: dict[str, Any], query: str, what: str) -> Any:
    key = " ".join(query.split()).casefold()
    for item in items.values():
        if key in (item.id.casefold(), item.name.casefold(), item.id.rsplit("/", 1)[-1]):
            return item
    found = [i for i in items.values() if key and key in i.name.casefold()]
    if len(found) == 1:
        return found[0]
    names = ", ".join(sorted(i.name for i in items.values()))
    raise NotFound(f"{what} {query!r} is unknown (accepted: {names}, or roll)", tuple(names))


def _rolled(engine: MoveEngine, items: dict[str, Any], what: str) -> Any:
    """A theme or domain left to the dice: each of the pack's equally likely."""
    pool = sorted(items.values(), key=lambda i: i.id)
    chosen = pool[engine.dice.roll(len(pool)) - 1]
    engine.note(f"{what} rolled: {chosen.name}")
    return chosen


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
    return _pick(ruleset.sites, query, "sample site")  # type: ignore[no-any-return]


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
        require_pack(engine.ruleset)
        site_name, theme_q, domain_q, rank_q = name, theme, domain, rank
        if sample:
            found = sample_site(engine.ruleset, sample)
            site_name = name or found.name
            theme_q = theme_q or found.theme
            domain_q = domain_q or found.domain
            rank_q = rank_q or found.rank
        if not theme_q or not domain_q:
            missing = "theme" if not theme_q else "domain"
            raise InvalidValue(f"a site needs a {missing} (a name from the Delve pack, or roll)")
        chosen_theme = theme_of(engine, theme_q)
        chosen_domain = domain_of(engine, domain_q)
        if not rank_q:
            raise InvalidValue(
                "a site needs a rank (troublesome, dangerous, formidable, extreme or epic)"
            )
        parsed = Rank.parse(rank_q)
        text = " ".join((site_name or "").split()) or f"{chosen_theme.name} {chosen_domain.name}"
        who = [engine.state.character(c).name for c in characters] or [
            engine.state.character(None).name
        ]
        event = track_event(engine.state, "site", text, parsed, who, None, 1)
        event["track"].update(
            theme=chosen_theme.id,
            domain=chosen_domain.id,
            objective=" ".join(objective.split()) if objective else None,
        )
        engine.emit(event)

    return engine.operation("site", characters[0] if characters else None, run)


def site_cards(ruleset: Ruleset, site: TrackState) -> tuple[SiteTheme, SiteDomain]:
    """The theme and domain records of a site track."""
    require_pack(ruleset)
    theme = ruleset.site_themes.get(site.theme or "")
    domain = ruleset.site_domains.get(site.domain or "")
    if theme is None or domain is None:
        raise NotFound(
            f"site {site.name!r}: its theme or domain is not in the imported Delve pack "
            f"({site.theme}, {site.domain})"
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
    }
