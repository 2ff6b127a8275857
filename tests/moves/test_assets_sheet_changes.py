"""Asset abilities that change the sheet: once when marked, or while marked.

Each row marks an ability (at creation, with Advance, or by hand with ``asset mark``), answers
the choice the card gives, and checks the sheet against a character without the card; then
undo (the operations' events reverted, newest first) must give back the sheet as it was, and
clearing the ability by hand must restore the stats it changed. The facts are the cards'
(Battle-Scarred, Shadow-Kin, Lorekeeper, Oathbreaker, Spirit-Bound in the classic Datasworn).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest
from moves_support import BRAM_STATS, STRONG, Game, fx

from ironsworn.errors import IronswornError


def undo(g: Game, *results: Any) -> None:
    """What ``ironsworn undo`` does for each operation: its events reverted, newest first."""
    for result in reversed(results):
        for event in reversed(result.events):
            g.state.revert(event)


@dataclass(frozen=True)
class Row:
    name: str
    asset: str  # how a new character takes the card (battle_scarred:1)
    mark: int | None  # the ability marked by hand afterwards (None: the one it starts with)
    answer: str | None  # the option chosen (None: declined)
    stats: dict[str, int] = field(default_factory=dict)  # the stats that change: from -> to
    dice: tuple[int, ...] = ()
    kept: bool = True  # the card is still on the sheet afterwards
    experience: int = 0
    base: str = "edge=3,heart=2,iron=2,shadow=1,wits=1"


ROWS = [
    # Battle-Scarred 1: edge or iron -1; wits or heart +2, or each +1; at most +4.
    Row("bs1 edge wits", "battle_scarred:1", None, "edge_wits", {"edge": 2, "wits": 3}),
    Row("bs1 edge heart", "battle_scarred:1", None, "edge_heart", {"edge": 2, "heart": 4}),
    Row("bs1 edge both", "battle_scarred:1", None, "edge_both",
        {"edge": 2, "wits": 2, "heart": 3}),
    Row("bs1 iron wits", "battle_scarred:1", None, "iron_wits", {"iron": 1, "wits": 3}),
    Row("bs1 iron heart", "battle_scarred:1", None, "iron_heart", {"iron": 1, "heart": 4}),
    Row("bs1 iron both", "battle_scarred:1", None, "iron_both",
        {"iron": 1, "wits": 2, "heart": 3}),
    Row("bs1 +4 at most", "battle_scarred:1", None, "iron_heart", {"iron": 1, "heart": 4},
        base=BRAM_STATS),
    Row("bs1 by hand", "battle_scarred:2", 1, "edge_wits", {"edge": 2, "wits": 3}),
    # Shadow-Kin 1: heart -1, shadow up to +2.
    Row("sk1 +2", "shadow_kin:1", None, "shadow_2", {"heart": 1, "shadow": 3}),
    Row("sk1 +1", "shadow_kin:1", None, "shadow_1", {"heart": 1, "shadow": 2}),
    # Lorekeeper 3: wits +1, then an action die; 1-3 costs corruption.
    Row("lk3 browse, 4", "lorekeeper", 3, "browse", {"wits": 2}, dice=(4,)),
    Row("lk3 not now", "lorekeeper", 3, None),
    # Oathbreaker 3 and Spirit-Bound 3 are asked when their condition comes, not when marked
    # (issue 21): their rows are in tests/moves/test_assets_conditions.py.
]  # fmt: skip


def start(row: Row, with_card: bool = True) -> Game:
    g = Game()
    g.character("Asha", stats=row.base, assets=[row.asset] if with_card else [])
    if with_card and row.mark is not None:
        g._keep(g.sheet.asset_mark(None, row.asset.split(":")[0], row.mark, True))
    return g


@pytest.mark.parametrize("row", ROWS, ids=[r.name for r in ROWS])
def test_marking_asks_and_changes_the_sheet(row: Row) -> None:
    g = start(row)
    plain = start(row, with_card=False)
    pending = g.state.pending
    assert pending is not None and pending["character"] == "Asha"
    before = g.snapshot()
    result = g.decline() if row.answer is None else g.choose([row.answer], dice=row.dice)
    expected = {**plain.char().stats, **row.stats}
    assert g.char().stats == expected
    changed = {t: (a, b) for t, a, b in fx(result) if t in expected}
    assert changed == {s: (plain.char().stats[s], v) for s, v in row.stats.items()}
    assert any(row.asset.split(":")[0] in n.lower().replace("-", "_") for n in result.notes)
    key = row.asset.split(":")[0]
    assert any(a["id"].endswith("/" + key) for a in g.char().assets) is row.kept
    assert g.char().experience_earned == row.experience
    assert g.state.pending is None
    assert g.refold().to_dict() == g.snapshot()
    undo(g, result)
    assert g.snapshot() == before


@pytest.mark.parametrize("row", [r for r in ROWS if r.stats and r.kept], ids=lambda r: r.name)
def test_clearing_the_ability_restores_the_stats(row: Row) -> None:
    g = start(row)
    g.choose([row.answer or ""], dice=row.dice)
    if row.mark is None:
        # A card's only marked ability cannot be cleared: mark another one first.
        g._keep(g.sheet.asset_mark(None, row.asset.split(":")[0], 3, True))
    number = row.mark or int(row.asset.split(":")[1])
    cleared = g._keep(g.sheet.asset_mark(None, row.asset.split(":")[0], number, False))
    plain = start(row, with_card=False)
    assert g.char().stats == plain.char().stats
    assert "its change to the sheet is undone" in " ".join(cleared.notes)


def test_advance_marks_and_asks() -> None:
    g = Game()
    g.character("Asha", assets=["shadow_kin:2"])
    g.set(experience=2)
    result = g.move("advance", asset="shadow_kin", ability=1)
    assert result.pending is not None
    bought = g.choose(["upgrade"])
    assert bought.pending is not None and bought.pending["options"][0]["key"] == "shadow_2"
    g.choose(["shadow_2"])
    assert (g.char().stats["heart"], g.char().stats["shadow"]) == (1, 3)
    assert g.char().experience_spent == 2


def test_lorekeeper_low_die_marks_corrupted_or_faces_desolation() -> None:
    g = Game()
    g.character("Asha", assets=["lorekeeper"])
    g._keep(g.sheet.asset_mark(None, "lorekeeper", 3, True))
    low = g.choose(["browse"], dice=(2,))
    assert low.pending is not None
    assert [o["key"] for o in low.pending["options"]] == ["corrupted", "face_desolation"]
    g.choose(["corrupted"])
    assert g.char().has("corrupted") and g.char().stats["wits"] == 2
    # Already corrupted: Face Desolation, ignoring momentum (a -momentum would not cancel).
    h = Game()
    h.character("Asha", assets=["lorekeeper"])
    h.set(debilities=["corrupted"])
    h._keep(h.sheet.asset_mark(None, "lorekeeper", 3, True))
    face = h.choose(["browse"], dice=(1, *STRONG))
    assert [m.name for m in face.moves] == ["Face Desolation"]


def test_spirit_bound_deepened_adds_one_more() -> None:
    def secure(deepen: bool) -> Any:
        g = Game()
        g.character("Asha", assets=["spirit_bound"])
        if deepen:
            g._keep(g.sheet.asset_mark(None, "spirit_bound", 3, True))
            g.track("vow", "Lay the ghost to rest", "formidable", ticks=40)
            g.move("fulfill your vow", (1, 2), track="vow-1", asset="spirit_bound:3")
            g.choose(["deepen"])
        return g.move("secure an advantage", STRONG, stat="wits", asset="spirit_bound:1")

    plain, deep = secure(False), secure(True)
    assert plain.moves[0].roll is not None and deep.moves[0].roll is not None
    assert (plain.moves[0].roll["adds"], deep.moves[0].roll["adds"]) == (1, 2)
    assert any("deepened" in n for n in deep.notes)


# --- while marked: maxima and what counts as a debility ---------------------------------------


@dataclass(frozen=True)
class Limits:
    name: str
    assets: tuple[str, ...]
    debilities: tuple[str, ...]
    health_max: int
    momentum_max: int
    momentum_reset: int


LIMITS = [
    Limits("no card", (), (), 5, 10, 2),
    Limits("no card, maimed", (), ("maimed",), 5, 9, 1),
    # Battle-Scarred 2: max health -1; maimed no longer lowers max momentum or the reset.
    Limits("battle-scarred 2", ("battle_scarred:2",), (), 4, 10, 2),
    Limits("battle-scarred 2, maimed", ("battle_scarred:2",), ("maimed",), 4, 10, 2),
    Limits("battle-scarred 2, maimed, shaken", ("battle_scarred:2",), ("maimed", "shaken"),
           4, 9, 1),
    # Oathbreaker 1: the card counts as a debility.
    Limits("oathbreaker", ("oathbreaker",), (), 5, 9, 1),
    Limits("oathbreaker, wounded", ("oathbreaker",), ("wounded",), 5, 8, 0),
]  # fmt: skip


@pytest.mark.parametrize("row", LIMITS, ids=[r.name for r in LIMITS])
def test_limits_while_marked(row: Limits) -> None:
    g = Game()
    g.character("Asha", assets=list(row.assets))
    char = g.set(debilities=row.debilities)
    assert (char.meter_max("health"), char.momentum_max, char.momentum_reset) == (
        row.health_max,
        row.momentum_max,
        row.momentum_reset,
    )
    assert char.health == row.health_max  # marked at creation: health drops to the max
    g.adjust(None, "momentum", 10)
    assert char.momentum == row.momentum_max
    sheet = char.sheet()
    assert sheet.get("health_max", 5) == row.health_max
    assert sheet["momentum_max"] == row.momentum_max


def test_marking_battle_scarred_2_lowers_health_and_clearing_raises_the_max() -> None:
    g = Game()
    g.character("Asha", assets=["battle_scarred:3"])
    before = g.snapshot()
    marked = g._keep(g.sheet.asset_mark(None, "battle_scarred", 2, True))
    assert ("health", 5, 4) in fx(marked)
    assert any("maximum health +4" in n for n in marked.notes)
    # +1 health at the lowered maximum changes nothing: refused, not kept as a change.
    with pytest.raises(IronswornError, match=r"health \+1 changes nothing: .* maximum, \+4"):
        g.adjust(None, "health", 1)
    assert g.char().health == 4
    cleared = g._keep(g.sheet.asset_mark(None, "battle_scarred", 2, False))
    assert g.char().meter_max("health") == 5 and g.char().health == 4
    assert any("cleared" in n for n in cleared.notes)
    undo(g, marked, cleared)
    assert g.snapshot() == before


def test_oathbreaker_lowers_momentum_to_its_max_when_marked() -> None:
    g = Game()
    g.character("Asha", assets=["oathbreaker"])
    g.adjust(None, "momentum", 10)
    assert g.char().momentum == 9
    g.set(debilities=["maimed"])
    assert g.char().momentum == 8 and g.char().sheet()["debility_count"] == 2


# --- bad input: one line, nothing changed ----------------------------------------------------


@pytest.mark.parametrize(
    ("answer", "says"),
    [
        (["bogus"], "option 'bogus' is not offered (accepted: edge_wits"),
        (["edge_wits", "iron_wits"], "choose 1 of"),
        ([], "choose 1 of"),
    ],
)
def test_a_bad_answer_changes_nothing(answer: list[str], says: str) -> None:
    g = Game()
    g.character("Asha", assets=["battle_scarred:1"])
    before = g.snapshot()
    with pytest.raises(IronswornError) as caught:
        g.engine.choose(answer)
    assert says in str(caught.value) and "\n" not in str(caught.value)
    assert g.snapshot() == before


def test_a_required_change_cannot_be_declined() -> None:
    g = Game()
    g.character("Asha", assets=["shadow_kin:1"])
    before = g.snapshot()
    with pytest.raises(IronswornError, match="cannot be declined"):
        g.engine.decline()
    assert g.snapshot() == before


@pytest.mark.parametrize(
    ("option", "encumbered", "add"), [("light", False, 1), ("war", True, 2)], ids=str
)
def test_ironclad_geared_for_war_marks_encumbered(option: str, encumbered: bool, add: int) -> None:
    g = Game()
    g.character("Asha", assets=["ironclad"])
    g.track("fight", "Wyvern", "formidable")
    before = g.snapshot()
    result = g.move("endure harm", STRONG, amount=1, asset=f"ironclad:1:{option}")
    assert result.moves[0].roll is not None and result.moves[0].roll["adds"] == add
    assert g.char().has("encumbered") is encumbered
    assert (("debility:encumbered", False, True) in fx(result)) is encumbered
    undo(g, result)
    assert g.snapshot() == before


def test_lorekeeper_left_for_later_is_browsed_with_asset_use_once() -> None:
    from ironsworn.moves.assets.uses import use_ability

    g = Game()
    g.character("Asha", assets=["lorekeeper"])
    g._keep(g.sheet.asset_mark(None, "lorekeeper", 3, True))
    g.decline()
    assert g.char().stats["wits"] == 1
    later = g._keep(use_ability(g.engine, None, "lorekeeper", 3))
    assert later.pending is not None and [o["key"] for o in later.pending["options"]] == ["browse"]
    g.choose(["browse"], dice=(5,))
    assert g.char().stats["wits"] == 2
    again = g._keep(use_ability(g.engine, None, "lorekeeper", 3))
    assert again.pending is None and any("one time only" in n for n in again.notes)


def test_spirit_bound_choice_comes_when_the_vow_for_the_spirit_is_fulfilled() -> None:
    g = Game()
    g.character("Asha", assets=["spirit_bound"])
    marked = g._keep(g.sheet.asset_mark(None, "spirit_bound", 3, True))
    assert marked.pending is None  # not yet: it waits for the vow
    g.track("vow", "Lay the ghost to rest", "formidable", ticks=40)
    g.track("vow", "Another oath", "formidable", ticks=40)
    fulfilled = g.move("fulfill your vow", (1, 2), track="vow-1", asset="spirit_bound:3")
    assert fulfilled.pending is not None
    assert [o["key"] for o in fulfilled.pending["options"]] == ["let_go", "deepen"]
    g.choose(["let_go"])
    assert g.char().experience_earned == 3 + 2 * 2  # the vow's 3, then 2 per marked ability
    assert not any(a["id"].endswith("/spirit_bound") for a in g.char().assets)


def test_awakening_2_gives_the_simulacrum_six_health() -> None:
    def awaken(second: bool) -> Game:
        g = Game()
        g.character("Asha", assets=["awakening"])
        if second:
            g._keep(g.sheet.asset_mark(None, "awakening", 2, True))
        g.move("awaken simulacrum", STRONG)
        return g

    def health(g: Game) -> dict[str, int]:
        return dict(g.char().asset("awakening")["tracks"]["health"])

    assert health(awaken(False)) == {"value": 3, "max": 3}
    g = awaken(True)
    assert health(g) == {"value": 6, "max": 6}
    before = g.snapshot()
    cleared = g._keep(g.sheet.asset_mark(None, "awakening", 2, False))
    assert health(g) == {"value": 3, "max": 3}
    assert ("asset:classic/ritual/awakening:health_max", 6, 3) in fx(cleared)
    assert g.refold().to_dict() == g.snapshot()  # the events fold to the same state
    undo(g, cleared)
    assert g.snapshot() == before
