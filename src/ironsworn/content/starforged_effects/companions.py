"""Companion cards: what each Starforged companion ability does (keyed ``companion/<card>.<n>``).

A companion's health is the card's meter: ``roll: ["meter"]`` rolls it, ``add: "meter"`` adds
it, ``{"meter": N}`` changes it. The moves and the fiction come from the card's Datasworn
``enhance_moves``; the numbers are ours.
"""

from __future__ import annotations

from ironsworn.content.starforged_effects.words import HIT_1, LEGACY_BONDS, MOVE, Spec

SPECS: dict[str, Spec] = {
    # --- Banshee -------------------------------------------------------------------------
    "companion/banshee.0": Spec(({"roll": ["meter"]},)),
    "companion/banshee.1": Spec(({"add": 1, "hit": HIT_1, "strong_match": HIT_1},)),
    "companion/banshee.2": Spec(({"reroll": {"dice": "action", "showing": 1}},)),
    # --- Combat Bot ----------------------------------------------------------------------
    "companion/combat_bot.0": Spec(({"enh": 0, "add": 1}, {"enh": 1, "hit": HIT_1})),
    "companion/combat_bot.1": Spec(({"roll": ["meter"], "hit": HIT_1, "strong_match": HIT_1},)),
    "companion/combat_bot.2": Spec(
        (
            {
                "roll": ["meter"],
                "once": "fight",
                "strong": {"progress": 1},
                "weak": {"initiative": True},
            },
        )
    ),
    # --- Glowcat -------------------------------------------------------------------------
    "companion/glowcat.0": Spec(({"add": "meter"},)),
    "companion/glowcat.1": Spec(({"reroll": {"dice": "action", "below": "meter"}},)),
    "companion/glowcat.2": Spec(({"add": 1, "strong_match": {"momentum": "meter"}},)),
    # --- Protocol Bot --------------------------------------------------------------------
    "companion/protocol_bot.0": Spec(({"add": 1, "strong_match": LEGACY_BONDS},)),
    "companion/protocol_bot.1": Spec(
        ({"moves": ["use"], "when": "you ask its insight in a new community", "after": HIT_1},)
    ),
    "companion/protocol_bot.2": Spec(({"reroll": {"dice": "action", "below": "meter"}},)),
    # --- Rockhorn ------------------------------------------------------------------------
    "companion/rockhorn.0": Spec(({"roll": ["meter"]},)),
    "companion/rockhorn.1": Spec(
        (
            {
                "companion": True,
                "unasked": True,
                "weak_as_strong": True,
                "strong_match": {"choose": [{"meter": 1}, {"momentum": 1}]},
            },
        )
    ),
    "companion/rockhorn.2": Spec(
        ({"reroll": {"dice": "action", "after": ["miss"], "below": "meter"}},)
    ),
    # --- Sidekick ------------------------------------------------------------------------
    "companion/sidekick.0": Spec(
        ({"fight": False, "reroll": {"dice": "action", "below": "meter"}},),
        "a strong hit with a match after that reroll marks a bonds tick",
        "other",
    ),
    "companion/sidekick.1": Spec(({"enh": 0, "hit": {"momentum": 2}}, {"enh": 1, "add": 1})),
    "companion/sidekick.2": Spec(({"roll": ["meter"], "hit": HIT_1},)),
    # --- Sprite --------------------------------------------------------------------------
    "companion/sprite.0": Spec(({"add": "meter"},)),
    "companion/sprite.1": Spec(({"add": "meter"},)),
    "companion/sprite.2": Spec(
        ({"moves": ["use"], "when": "it rests a moment", "after": {"meter": 5}},)
    ),
    # --- Survey Bot ----------------------------------------------------------------------
    "companion/survey_bot.0": Spec(({"stat": ["wits"], "add": 1},)),
    "companion/survey_bot.1": Spec(
        ({"roll": ["meter"]},),
        "once per expedition; on a hit mark progress on the expedition, and on a strong hit "
        "with a match a discoveries tick",
        "other",
    ),
    "companion/survey_bot.2": Spec(
        ({"enh": 0, "roll": ["meter"], "hit": HIT_1}, {"enh": 1, "roll": ["meter"], "hit": HIT_1})
    ),
    # --- Symbiote ------------------------------------------------------------------------
    "companion/symbiote.0": Spec(
        ({"add": "meter"},),
        "physical harm may go to the symbiote (Companion Takes a Hit); Endure Stress restores it",
        "other",
    ),
    "companion/symbiote.1": Spec(
        (
            {
                "when": "you heed the symbiote's guidance",
                "reroll": True,
                "rerolled": {"follow": {"move": MOVE + "suffer/endure_stress", "amount": 2}},
            },
        )
    ),
    "companion/symbiote.2": Spec(reminder="its health max becomes 3", kind="sheet"),
    # --- Utility Bot ---------------------------------------------------------------------
    "companion/utility_bot.0": Spec(({"roll": ["meter"], "hit": HIT_1, "strong_match": HIT_1},)),
    "companion/utility_bot.1": Spec(
        ({"add": 1, "reroll": {"dice": "any", "after": ["miss"]}, "rerolled": {"momentum": -2}},)
    ),
    "companion/utility_bot.2": Spec(({"roll": ["meter"], "hit": HIT_1},)),
    # --- Voidglider ----------------------------------------------------------------------
    "companion/voidglider.0": Spec(({"add": 1},)),
    "companion/voidglider.1": Spec(({"roll": ["meter"]},)),
    "companion/voidglider.2": Spec(({"roll": ["meter"], "hit": HIT_1},)),
}
