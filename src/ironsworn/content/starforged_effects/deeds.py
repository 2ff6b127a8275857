"""Deed cards: what each Starforged deed ability does (keyed ``deed/<card>.<n>``).

The moves and the fiction come from the card's Datasworn ``enhance_moves``; the numbers are
ours.
"""

from __future__ import annotations

from ironsworn.content.starforged_effects.words import HIT_1, LEGACY_BONDS, MOVE, Spec

SPECS: dict[str, Spec] = {
    # --- Bonded --------------------------------------------------------------------------
    "deed/bonded.0": Spec(
        tuple({"enh": enh, "reroll": True, "strong": HIT_1} for enh in (0, 1, 2))
    ),
    "deed/bonded.1": Spec(({"add": "heart", "strong_match": {"legacy:bonds": 2}},)),
    "deed/bonded.2": Spec(
        (
            {
                "when": "a crucial moment, and you cling to thoughts of your bond-mate",
                "reroll": {"dice": "any", "after": ["miss"]},
                "rerolled_miss": {"debility_choice": ["shaken", "traumatized"]},
            },
        )
    ),
    # --- Homesteader ---------------------------------------------------------------------
    "deed/homesteader.0": Spec(
        ({"enh": 0, "reroll": True, "hit": LEGACY_BONDS}, {"enh": 1, "hit": {"legacy:bonds": 2}})
    ),
    "deed/homesteader.1": Spec(
        (
            {"enh": 0, "option": "linger", "automatic": "weak_hit"},
            {"enh": 1, "option": "stay", "add": 1, "hit": HIT_1},
        )
    ),
    "deed/homesteader.2": Spec(({"reroll": {"dice": "action", "below": "spirit"}},)),
    # --- Marked --------------------------------------------------------------------------
    "deed/marked.0": Spec(({"add": 1, "strong_match": {"legacy:bonds": 2}},)),
    "deed/marked.1": Spec(
        reminder="risking your reputation on a miss: reroll any dice; another miss fills a "
        "segment of its clock",
        kind="other",
    ),
    "deed/marked.2": Spec(({"once": "fight", "reroll": True, "hit": {"progress": 1}},)),
    # --- Oathbreaker ---------------------------------------------------------------------
    # The card counts as an impact while marked (moves/assets/sheet_changes.WHILE_MARKED).
    "deed/oathbreaker.0": Spec(
        reminder="the redemption vow is marked: +2 momentum on its milestones; forsaking it "
        "discards the card",
        kind="other",
    ),
    "deed/oathbreaker.1": Spec(({"add": 1, "hit": HIT_1},)),
    "deed/oathbreaker.2": Spec(reminder="redemption: +1 to a stat, then discard", kind="sheet"),
    # --- Revenant ------------------------------------------------------------------------
    "deed/revenant.0": Spec(
        (
            {
                "zero_health": True,
                "unasked": True,
                "add": 1,
                "reroll": {"dice": "action", "below": "spirit"},
            },
        )
    ),
    "deed/revenant.1": Spec(
        (
            {
                "reroll": {"dice": "cancel"},
                "rerolled": {"follow": {"move": MOVE + "suffer/endure_stress", "amount": 2}},
            },
        )
    ),
    "deed/revenant.2": Spec(({"roll": ["heart"], "hit": HIT_1, "strong_match": HIT_1},)),
    # --- Survivor ------------------------------------------------------------------------
    "deed/survivor.0": Spec(({"before": {"momentum": -1}, "reroll": True, "strong": HIT_1},)),
    "deed/survivor.1": Spec(
        reminder="a burn where a lasting impact weighs may mark a quests or bonds tick",
        kind="other",
    ),
    "deed/survivor.2": Spec(
        reminder="one lasting impact no longer lowers your max momentum or reset", kind="sheet"
    ),
    # --- Vanguard ------------------------------------------------------------------------
    "deed/vanguard.0": Spec(
        reminder="seeking a safe haven is a progress roll on your discoveries legacy track",
        kind="other",
    ),
    "deed/vanguard.1": Spec(({"stat": ["wits"], "strong_match": HIT_1},)),
    "deed/vanguard.2": Spec(({"roll": ["wits"], "hit": HIT_1},)),
}
