"""The delve moves of Ironsworn: Delve, applied (the pack's "Delve Moves", pp. 21-27).

Each handler says what an outcome does to the sheet and the site; the move texts and the tables
printed in them are the imported pack's (``move.oracle_rollable:delve/delve/...``). Where the
book leaves the player a choice, the engine asks it; where it says "envision", the roll is made
and shown and the story is the player's.

- Discover a Site: on a site that already has progress ("returning to a previously explored
  site"), both challenge dice are rolled and the lower value of boxes is cleared.
- Delve the Depths (+edge, +shadow or +wits): strong hit, mark progress and Find an
  Opportunity; weak hit, the d100 column of the stat used (its five rows: mark progress and
  Reveal a Danger; mark progress; mark progress or Find an Opportunity; both; mark progress
  twice and Reveal a Danger); miss, Reveal a Danger.
- Find an Opportunity: the opportunity table, then +1 momentum or act now (the next move, not
  a progress move, adds +1 and takes +1 momentum on a hit).
- Reveal a Danger: one d100 roll; 1-30 reads the site's theme card, 31-45 its domain card,
  46-100 the move's table ("roll twice more" rolls twice).
- Locate Your Objective (the site's progress): strong hit, +1 on your next move or +1
  momentum; weak hit, the hazard is told; miss, go on (all but one filled box cleared, the
  rank raised unless epic) or leave.
- Escape the Depths: strong hit +1 momentum; weak hit, one price (Endure Harm and Endure Stress
  are made, the rest is told); miss, Reveal a Danger.
- Check Your Gear (+supply, at least +1 supply): strong hit +1 momentum; weak hit +1 momentum
  and -1 supply; miss, Pay the Price.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ironsworn.errors import RuleViolation
from ironsworn.moves.classic._common import S, W, _raise_rank, _take_next_move_bonus
from ironsworn.moves.delve.sites import card_danger, require_pack
from ironsworn.moves.engine import Step, before_roll, no_roll, on_outcome, on_resume
from ironsworn.progress import TICKS_PER_BOX

if TYPE_CHECKING:
    from ironsworn.campaign.character_state import TrackState

RULESET = "delve"
SITE = ("site",)
DELVE = "move:delve/delve/"
DEPTHS_TABLE = "move.oracle_rollable:delve/delve/delve_the_depths."
OPPORTUNITY_TABLE = "move.oracle_rollable:delve/delve/find_an_opportunity.find_an_opportunity"
DANGER_TABLE = "move.oracle_rollable:delve/delve/reveal_a_danger.reveal_a_danger"
DANGER_ALT_TABLE = "move.oracle_rollable:delve/delve/reveal_a_danger_alt.reveal_a_danger_alt"
# Reveal a Danger's rows past the cards' (46-100): the last one is "roll twice more".
CARDS_END = 45


def _site(ctx: Step) -> None:
    require_pack(ctx.engine.ruleset)
    ctx.engine.resolve_track(ctx, SITE)


def table_roll(ctx: Step, table_id: str, roll: int | None = None) -> tuple[int, int, str]:
    """Roll d100 on a table printed in a move (or read ``roll``): (roll, row index, text),
    kept as an oracle event and shown."""
    from ironsworn.content.oracle_roller import oracle_event

    table = ctx.engine.ruleset.oracles.get(table_id)
    if table is None:
        raise RuleViolation(f"the Delve pack has no table {table_id}: import it again")
    value = ctx.engine.dice.roll(100) if roll is None else roll
    # A column of Delve the Depths is named for its stat only ("Edge"): say whose it is.
    name = (
        table.name
        if table_id != DEPTHS_TABLE + table.name.lower()
        else (f"Delve the Depths, {table.name.lower()}")
    )
    for index, row in enumerate(table.rows):
        if row.min <= value <= row.max:
            text = _plain(row.text)
            ctx.emit(oracle_event(table_id, name, value, text, [value], ctx.name))
            ctx.note(f"{name} ({value}): {text}")
            return value, index, text
    raise RuleViolation(f"internal: no row of {table_id} holds {value}")


def _plain(text: str) -> str:
    """A row's text without its links' markup: "[Reveal a Danger](move:...)" reads as words."""
    import re

    return re.sub(r"\[([^\]]+)\]\([^)]*\)", r"\1", text)


# --- Discover a Site -------------------------------------------------------------------------


@before_roll("discover_a_site", ruleset=RULESET)
def discover_before(ctx: Step) -> None:
    _site(ctx)


@no_roll("discover_a_site", ruleset=RULESET)
def discover_a_site(ctx: Step) -> None:
    site = ctx.track(SITE)
    if site.ticks == 0:
        ctx.note(f"{site.name}: Delve the Depths to explore it")
        return
    # "If you are returning to a previously explored site, roll both challenge dice, take the
    # lowest value, and clear that number of progress boxes."
    dice = [ctx.engine.dice.roll(10), ctx.engine.dice.roll(10)]
    boxes = min(dice)
    ctx.note(f"returning to {site.name}: challenge dice {dice[0]} and {dice[1]}, clear {boxes}")
    ctx.engine.set_ticks(site, site.ticks - boxes * TICKS_PER_BOX)


# --- Delve the Depths ------------------------------------------------------------------------


@before_roll("delve_the_depths", ruleset=RULESET)
def depths_before(ctx: Step) -> None:
    _site(ctx)
    _take_next_move_bonus(ctx)


@on_outcome("delve_the_depths", ruleset=RULESET)
def delve_the_depths(ctx: Step) -> None:
    site = ctx.track(SITE)
    if ctx.outcome is S:
        ctx.mark_progress(site)
        ctx.follow(DELVE + "find_an_opportunity", strong_hit=True, track=site.id)
    elif ctx.outcome is W:
        stat = str(ctx.data.get("stat") or "wits").lower()
        _, row, _ = table_roll(ctx, DEPTHS_TABLE + stat)
        # The five rows of each column, in order (their ranges differ by stat).
        if row == 0:
            ctx.mark_progress(site)
            ctx.follow(DELVE + "reveal_a_danger", track=site.id)
        elif row == 1:
            ctx.mark_progress(site)
        elif row == 2:
            ctx.choose(
                "delve.depths.weak_hit",
                [
                    ("mark_progress", "mark progress"),
                    ("opportunity", "Find an Opportunity"),
                ],
                prompt="choose one",
            )
        elif row == 3:
            ctx.mark_progress(site)
            ctx.follow(DELVE + "find_an_opportunity", track=site.id)
        else:
            ctx.mark_progress(site, times=2)
            ctx.follow(DELVE + "reveal_a_danger", track=site.id)
    else:
        ctx.follow(DELVE + "reveal_a_danger", track=site.id)


@on_resume("delve.depths.weak_hit")
def depths_weak(ctx: Step, keys: list[str]) -> None:
    site = ctx.track(SITE)
    if keys[0] == "mark_progress":
        ctx.mark_progress(site)
    else:
        ctx.follow(DELVE + "find_an_opportunity", track=site.id)


# --- Find an Opportunity ---------------------------------------------------------------------


@no_roll("find_an_opportunity", ruleset=RULESET)
def find_an_opportunity(ctx: Step) -> None:
    require_pack(ctx.engine.ruleset)
    if ctx.data.get("strong_hit"):
        ctx.note("after a strong hit you may pick or envision the opportunity instead")
    table_roll(ctx, OPPORTUNITY_TABLE)
    ctx.choose(
        "delve.opportunity",
        [
            ("insight", "gain insight or prepare: +1 momentum"),
            (
                "act_now",
                "take action now: your next move (not a progress move) adds +1, and +1 "
                "momentum on a hit",
            ),
        ],
        prompt="choose one",
    )


@on_resume("delve.opportunity")
def opportunity_chosen(ctx: Step, keys: list[str]) -> None:
    if keys[0] == "insight":
        ctx.momentum(1)
    else:
        char = ctx.char
        ctx.flag("next_move_add", int(char.flags.get("next_move_add") or 0) + 1)
        # "When you do, add +1 and take +1 momentum on a hit": the momentum is the next
        # move's to take, on its hit (outcome_step), as the +1 is its to add.
        ctx.flag("next_move_hit_momentum", int(char.flags.get("next_move_hit_momentum") or 0) + 1)
        ctx.note(
            "take action now: you and any allies may make a move that leverages the "
            "opportunity: +1, and take +1 momentum on a hit"
        )


# --- Reveal a Danger -------------------------------------------------------------------------


@no_roll("reveal_a_danger", ruleset=RULESET)
def reveal_a_danger(ctx: Step) -> None:
    require_pack(ctx.engine.ruleset)
    _reveal(ctx, DANGER_TABLE)


@no_roll("reveal_a_danger_alt", ruleset=RULESET)
def reveal_a_danger_alt(ctx: Step) -> None:
    """The book's alternate table: no theme or domain card, the same "roll twice more"."""
    require_pack(ctx.engine.ruleset)
    _reveal(ctx, DANGER_ALT_TABLE)


def _reveal(ctx: Step, table: str) -> str | None:
    """One roll on the danger table: the danger's words, or None when it rolled twice more."""
    roll = ctx.engine.dice.roll(100)
    site = _current_site(ctx)
    if table == DANGER_TABLE and roll <= CARDS_END and site is not None:
        found = card_danger(ctx.engine.ruleset, site, roll)
        if found is not None:
            from ironsworn.content.oracle_roller import oracle_event

            card, text = found
            ctx.emit(oracle_event(DANGER_TABLE, "Reveal a Danger", roll, text, [roll], ctx.name))
            ctx.note(f"Reveal a Danger ({roll}, the {card} card): {text}")
            return text
    _, row, text = table_roll(ctx, table, roll)
    rows = ctx.engine.ruleset.oracles[table].rows
    if row != len(rows) - 1:
        return text
    # "Roll twice more on this table. Both results occur. If they are the same result, make it
    # worse." The row rolled again among the two is itself rolled twice more, as the row says.
    first = _reveal(ctx, table)
    second = _reveal(ctx, table)
    if first is not None and first == second:
        ctx.note("Reveal a Danger: both results are the same, so make it worse")
    return None


def _current_site(ctx: Step) -> TrackState | None:
    """The site the danger is in: the move's track, or the character's only active site."""
    query = ctx.data.get("track")
    tracks = ctx.state.tracks
    if query and query in tracks and tracks[query].kind == "site":
        return tracks[query]
    mine = [
        t
        for t in tracks.values()
        if t.kind == "site" and t.status == "active" and ctx.name in t.characters
    ]
    return mine[0] if len(mine) == 1 else None


# --- Locate Your Objective -------------------------------------------------------------------


@before_roll("locate_your_objective", ruleset=RULESET)
def locate_before(ctx: Step) -> None:
    _site(ctx)


@on_outcome("locate_your_objective", ruleset=RULESET)
def locate_your_objective(ctx: Step) -> None:
    site = ctx.track(SITE)
    if ctx.outcome is S:
        ctx.engine.close_track(site, "completed")
        ctx.choose(
            "delve.locate.strong_hit",
            [
                ("next_move", "make another move now (not a progress move), and add +1"),
                ("momentum", "take +1 momentum"),
            ],
            prompt="the situation favors you: choose one",
        )
    elif ctx.outcome is W:
        ctx.engine.close_track(site, "completed")
        ctx.note("you locate your objective, but face an unforeseen hazard or complication")
    else:
        ctx.choose(
            "delve.locate.miss",
            [
                (
                    "continue",
                    "continue your exploration: clear all but one filled box, raise the rank",
                ),
                ("leave", "leave the site (its track ends)"),
            ],
            prompt="your objective falls out of reach",
        )


@on_resume("delve.locate.strong_hit")
def locate_strong(ctx: Step, keys: list[str]) -> None:
    if keys[0] == "momentum":
        ctx.momentum(1)
    else:
        ctx.flag("next_move_add", int(ctx.char.flags.get("next_move_add") or 0) + 1)


@on_resume("delve.locate.miss")
def locate_miss(ctx: Step, keys: list[str]) -> None:
    site = ctx.track(SITE)
    if keys[0] == "leave":
        ctx.engine.close_track(site, "abandoned")
        return
    filled = site.ticks // TICKS_PER_BOX
    ctx.engine.set_ticks(site, TICKS_PER_BOX if filled >= 1 else 0)
    _raise_rank(ctx, site.id)


# --- Escape the Depths -----------------------------------------------------------------------


ESCAPE_PRICES = [
    ("endure_harm", "you are weary or wounded: Endure Harm"),
    ("endure_stress", "the experience leaves you shaken: Endure Stress"),
    ("delayed", "you are delayed, and it costs you"),
    ("left_behind", "you leave behind something important"),
    ("complication", "you face a new complication as you emerge from the depths"),
    ("revenge", "a denizen plots their revenge"),
]


@before_roll("escape_the_depths", ruleset=RULESET)
def escape_before(ctx: Step) -> None:
    require_pack(ctx.engine.ruleset)
    if ctx.data.get("track"):
        # The site fled, named where several are open: its cards answer the miss's danger.
        # (None named is the one open, or none: a site completed is still left this way.)
        ctx.engine.resolve_track(ctx, SITE)
    _take_next_move_bonus(ctx)


@on_outcome("escape_the_depths", ruleset=RULESET)
def escape_the_depths(ctx: Step) -> None:
    if ctx.outcome is S:
        ctx.momentum(1)
    elif ctx.outcome is W:
        ctx.choose("delve.escape.weak_hit", ESCAPE_PRICES, prompt="this place exacts its price")
    else:
        ctx.note("a dire threat or imposing obstacle stands in your way; survive it to escape")
        site = ctx.data.get("track")
        ctx.follow(DELVE + "reveal_a_danger", **({"track": site} if site else {}))


@on_resume("delve.escape.weak_hit")
def escape_price(ctx: Step, keys: list[str]) -> None:
    key = keys[0]
    if key in ("endure_harm", "endure_stress"):
        # The price's size is not printed: 1, as Face Danger's weak hit suffers.
        ctx.follow(key, amount=1)
    else:
        ctx.note(dict(ESCAPE_PRICES)[key])


# --- Check Your Gear -------------------------------------------------------------------------


@before_roll("check_your_gear", ruleset=RULESET)
def gear_before(ctx: Step) -> None:
    if ctx.char.supply < 1:
        raise RuleViolation(
            f"{ctx.name} has supply {ctx.char.supply}: Check Your Gear is made with at least +1 "
            "supply"
        )
    _take_next_move_bonus(ctx)


@on_outcome("check_your_gear", ruleset=RULESET)
def check_your_gear(ctx: Step) -> None:
    if ctx.outcome is S:
        ctx.momentum(1)
    elif ctx.outcome is W:
        ctx.momentum(1)
        ctx.supply(-1)
    else:
        ctx.pay_the_price()
