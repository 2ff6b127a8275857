"""Issue 21's classic asset items, each quoting its card (Datasworn classic, read for the test):
Ritualist 3's discount in the words of the purchase, Spirit-Bound 3 and Oathbreaker 3 asked
only when their condition comes (not when marked), Honorbound 1 on Turn the Tide."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from moves_support import Game, fx, keys

from shared_files import CLASSIC_DATASWORN, shared_file


def card_text(asset: str, number: int) -> str:
    """The ability's text, its links read as their words, spaces collapsed."""
    data = json.loads(shared_file(CLASSIC_DATASWORN).read_bytes())
    for kind in data["assets"].values():
        found = kind["contents"].get(asset)
        if found is not None:
            text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", found["abilities"][number - 1]["text"])
            return " ".join(text.split())
    raise AssertionError(asset)


def game_with(*assets: str, experience: int = 0) -> Game:
    game = Game()
    game.character("Asha", assets=assets)
    if experience:
        game.set(experience=experience)
    return game


def mark(game: Game, asset: str, number: int) -> Any:
    return game._keep(game.sheet.asset_mark(None, asset, number, True))


# ------------------------------------------------------------------------------ Ritualist 3


@pytest.mark.parametrize(
    ("buy", "cost", "option"),
    [
        ("augur", 2, "Spend 2 experience to add a new asset. (1 fewer"),
        ("ritualist", 1, "Spend 1 experience to upgrade an asset. (1 fewer"),
    ],
)
def test_ritualist_3_purchase_words_say_what_is_spent(buy: str, cost: int, option: str) -> None:
    # "You may then purchase and upgrade that ritual asset for 1 fewer experience."
    assert "purchase and upgrade that ritual asset for 1 fewer experience" in card_text(
        "ritualist", 3
    )
    game = game_with("ritualist", experience=6)
    mark(game, "ritualist", 3)
    if buy == "ritualist":
        # Upgrading a ritual: Augur is bought first (2 experience, the discount).
        game.move("advance", asset="augur")
        game.choose(["new_asset"])
        buy = "augur"
    asked = game.move("advance", asset=buy)
    pending = asked.pending
    assert pending is not None
    assert pending["prompt"].startswith(f"spend {cost} experience")
    assert pending["options"][0]["text"].startswith(option)
    spent = game.char().experience_spent
    game.choose([pending["options"][0]["key"]])
    assert game.char().experience_spent == spent + cost


# --------------------------------------------------------------- Spirit-Bound 3, Oathbreaker 3


@pytest.mark.parametrize(("asset", "quote"), [
    ("spirit_bound", "when you successfully Fulfill Your Vow (formidable or greater)"),
    ("oathbreaker", "When you Fulfill Your Vow on your marked quest and score a hit"),
])  # fmt: skip
def test_a_once_ability_waits_for_its_condition_when_marked(asset: str, quote: str) -> None:
    # Spirit-Bound 3: "when you successfully Fulfill Your Vow (formidable or greater) in
    # service to the spirit, choose one"; Oathbreaker 3: "When you Fulfill Your Vow on your
    # marked quest and score a hit ... You may then improve one of your stats by +1 and discard
    # this asset." Marking it asks nothing yet.
    assert quote in card_text(asset, 3)
    game = game_with(asset)
    result = mark(game, asset, 3)
    assert result.pending is None
    assert game.char().experience_earned == 0
    assert any(a["id"].endswith(asset) for a in game.char().assets)


@pytest.mark.parametrize(
    ("answer", "experience", "kept"),
    [("let_go", 3 + 2 * 2, False), ("deepen", 3, True)],
)
def test_spirit_bound_3_is_asked_by_the_vow_for_the_spirit(
    answer: str, experience: int, kept: bool
) -> None:
    # "Let them go: Take 2 experience for each marked ability and discard this asset" /
    # "Deepen your connection: Add +1 more when you leverage this asset."
    assert "Take 2 experience for each marked ability and discard this asset" in card_text(
        "spirit_bound", 3
    )
    game = game_with("spirit_bound")
    mark(game, "spirit_bound", 3)
    game.track("vow", "Lay the ghost to rest", "formidable", ticks=40)
    fulfilled = game.move("fulfill your vow", (1, 2), track="vow-1", asset="spirit_bound:3")
    assert keys(fulfilled) == ("let_go", "deepen")
    game.choose([answer])
    assert game.char().experience_earned == experience  # the vow's 3, then 2 per ability
    assert any(a["id"].endswith("/spirit_bound") for a in game.char().assets) is kept


@pytest.mark.parametrize("answer", ["wits", None])
def test_oathbreaker_3_marked_by_hand_waits_for_the_redemption_hit(answer: str | None) -> None:
    # "When you Fulfill Your Vow on your marked quest and score a hit ... You may then improve
    # one of your stats by +1 and discard this asset."
    assert "improve one of your stats by +1 and discard this asset" in card_text("oathbreaker", 3)
    game = game_with("oathbreaker")
    game.track("vow", "Redeem my name", "extreme")
    game.move("swear an iron vow", (6, 1, 2), track="vow-1", asset="oathbreaker:1")
    assert mark(game, "oathbreaker", 3).pending is None
    game._keep(game.sheet.progress("vow-1", True, ticks=30))
    fulfilled = game.move("fulfill your vow", (1, 2), track="vow-1")
    assert keys(fulfilled) == ("edge", "heart", "iron", "shadow", "wits")
    done = game.decline() if answer is None else game.choose([answer])
    kept = any(a["id"].endswith("/oathbreaker") for a in game.char().assets)
    assert kept is (answer is None)
    assert game.char().stats["wits"] == (2 if answer else 1)
    assert ("wits", 1, 2) in fx(done) if answer else fx(done) == []


# ------------------------------------------------------------------------------ Honorbound 1


@pytest.mark.parametrize(("honorbound", "adds", "momentum"), [(False, 1, 1), (True, 2, 2)])
def test_honorbound_1_on_turn_the_tide(honorbound: bool, adds: int, momentum: int) -> None:
    # Honorbound 1: "when you make your move, add +2 (instead of +1) and take +1 momentum on a
    # hit". Turn the Tide (seed 000): "Roll the move (add +1) ... If you've scored a hit, you
    # may take an additional +1 momentum". DECISION: "(instead of +1)" replaces only the add;
    # the card's +1 momentum is its own, so a hit takes Turn the Tide's +1 and the card's +1.
    assert "add +2 (instead of +1) and take +1 momentum on a hit" in card_text("honorbound", 1)
    game = game_with("honorbound") if honorbound else game_with()
    game.track("fight", "Raider", "dangerous")
    game.move("turn the tide")
    # A weak hit on Face Danger gives no momentum of its own: only the tide's and the card's.
    result = game.move("face danger", (5, 6, 9), stat="wits")
    roll = result.moves[0].roll
    assert roll is not None and roll["adds"] == adds
    gained = sum(b - a for t, a, b in fx(result) if t == "momentum" and b > a)
    assert gained == momentum


# ------------------------------------------------- Swear an Iron Vow's bond, Forge a Bond's reroll


def rulebook() -> str:
    from shared_files import RULEBOOK_SEED

    return " ".join(shared_file(RULEBOOK_SEED).read_text(encoding="utf-8").split())


@pytest.mark.parametrize(("sworn_to", "adds"), [("Elda", 1), ("eld", 1), ("Bjorn", 0), (None, 0)])
def test_a_vow_sworn_to_a_bond_adds_one(sworn_to: str | None, adds: int) -> None:
    # "If you make this vow to a person or community with whom you share a bond, add +1."
    # (The seed's two columns interleave the sentence's start with another line.)
    assert "person or community with whom you share a bond, add +1." in rulebook()
    game = Game()
    game.character("Asha", bonds=["Elda"])
    game.track("vow", "Bring Elda's son home", "dangerous")
    options = {"with": sworn_to} if sworn_to else {}
    result = game.move("swear an iron vow", (3, 5, 6), track="vow-1", **options)
    roll = result.moves[0].roll
    assert roll is not None and roll["adds"] == adds
    kept = game.char().flags.get("vows_for") or {}
    assert kept == ({"vow-1": "Elda" if adds else sworn_to} if sworn_to else {})


@pytest.mark.parametrize(("fulfilled", "offered"), [(True, True), (False, False)])
def test_forge_a_bond_rerolls_after_a_vow_fulfilled_to_their_benefit(
    fulfilled: bool, offered: bool
) -> None:
    # "If you make this move after you successfully Fulfill Your Vow to their benefit, you may
    # reroll any dice."
    assert "after you successfully Fulfill Your Vow to their benefit, you may reroll any dice" in (
        rulebook()
    )
    game = Game()
    game.character("Asha")
    game.track("vow", "Free the miller's daughter", "troublesome")
    game.move("swear an iron vow", (6, 1, 2), track="vow-1", **{"with": "Bjorn the miller"})
    game._keep(game.sheet.progress("vow-1", True, ticks=40))
    if fulfilled:
        game.move("fulfill your vow", (1, 2), track="vow-1")
    result = game.move("forge a bond", (1, 9, 10), **{"with": "bjorn the miller"})
    assert (keys(result) == ("action_die", "challenge_1", "challenge_2")) is offered
    if offered:
        rerolled = game.choose(["action_die"], [6])
        assert rerolled.moves[0].roll is not None


# ------------------------------------------------------------- Companion Endure Harm's amount


def test_companion_endure_harm_asks_the_amount_outside_a_fight() -> None:
    # "When your companion faces physical damage, they suffer -health equal to the amount of
    # harm inflicted": outside a fight nothing says how much, so the engine asks.
    from ironsworn.errors import OptionNeeded

    # (The seed's two columns interleave the sentence with Endure Stress's.)
    assert "equal to the amount of harm inflicted." in rulebook()
    game = game_with("hound:1=Brann")
    before = game.snapshot()
    with pytest.raises(OptionNeeded) as asked:
        game.move("companion endure harm", companion="Brann")
    assert asked.value.option == "amount"
    assert [key for key, _ in asked.value.choices] == ["1", "2", "3", "4", "5"]
    assert game.snapshot() == before
    # Given, it is taken; in a fight the foe's rank inflicts it (dangerous: 2).
    given = game.move("companion endure harm", (4, 2, 3), companion="Brann", amount=1)
    assert ("asset:classic/companion/hound:health", 4, 3) in fx(given)
    game.track("fight", "Wolves", "dangerous")
    fought = game.move("companion endure harm", (4, 2, 3), companion="Brann")
    assert ("asset:classic/companion/hound:health", 4, 2) in fx(fought)


# ------------------------------------------------------------------------------------ Dancer 3


@pytest.mark.parametrize(
    ("mover", "dice", "offered"),
    [("Asha", (1, 2), True), ("Bram", (1, 2), True), ("Bram", (9, 10), False)],
    ids=["your hit", "an ally's hit", "a miss"],
)
def test_dancer_3_commemorates_a_hit_on_a_progress_move(
    mover: str, dice: tuple[int, int], offered: bool
) -> None:
    # "When you or an ally make a progress move and score a hit, you may perform a dance to
    # commemorate the event. If you do, roll +edge. On a strong hit, you and each of your
    # allies take +2 momentum and +1 spirit."
    text = card_text("dancer", 3)
    assert "When you or an ally make a progress move and score a hit, you may perform a dance" in (
        text
    )
    from moves_support import BRAM_STATS

    from ironsworn.errors import RuleViolation

    game = game_with("dancer")
    mark(game, "dancer", 3)
    game.character("Bram", stats=BRAM_STATS)
    game.set("Asha", spirit=3)
    with pytest.raises(RuleViolation, match="none to commemorate"):
        game.move("commemorate", (5, 2, 3), character="Asha")
    game.track(
        "vow", "Hold the pass", "troublesome", ticks=40 if offered else 4, characters=[mover]
    )
    fulfilled = game.move("fulfill your vow", dice, character=mover, track="vow-1")
    assert any(n.startswith("Dancer 3 (Asha)") for n in fulfilled.notes) is offered
    if not offered:
        assert not game.char("Asha").flags.get("commemorate")
        return
    danced = game.move("commemorate", (5, 2, 3), character="Asha")
    changes = fx(danced, "Asha")
    assert ("spirit", 3, 4) in changes and ("Bram/momentum", 2, 4) in changes
    with pytest.raises(RuleViolation):  # once for this hit
        game.move("commemorate", (5, 2, 3), character="Asha")
