"""Vehicle cards: the command vehicle (STARSHIP), its modules and the support vehicles (keyed
``command_vehicle/<card>.<n>``, ``module/<card>.<n>``, ``support_vehicle/<card>.<n>``).

``roll: ["integrity"]`` and ``add``/``momentum: "integrity"`` read the vehicle's integrity: a
support vehicle's own card meter, else the command vehicle's (a module is fitted to it). A
module's or support vehicle's card meter (ammo, shields, cargo) is ``meter``. A broken module's
abilities are out of use (``moves/assets/matching.py``). The moves and the fiction come from
the card's Datasworn ``enhance_moves``; the numbers are ours.
"""

from __future__ import annotations

from ironsworn.content.starforged_effects.words import HIT_1, LEGACY_BONDS, MOVE, Spec

WITHSTAND = MOVE + "suffer/withstand_damage"
ENDURE_STRESS = MOVE + "suffer/endure_stress"

SPECS: dict[str, Spec] = {
    # --- Starship (the command vehicle) --------------------------------------------------
    "command_vehicle/starship.0": Spec(
        reminder="what the ship is; Advance buys its modules like any asset", kind="narrative"
    ),
    "command_vehicle/starship.1": Spec(
        ({"hit": LEGACY_BONDS},), "your allies aboard may mark a bonds tick too", "other"
    ),
    "command_vehicle/starship.2": Spec(
        (
            {
                "roll": ["heart"],
                "weak": {"follow": {"move": ENDURE_STRESS, "amount": 1}},
                "miss": {"follow": {"move": ENDURE_STRESS, "amount": 1}},
            },
        )
    ),
    # --- Engine Upgrade ------------------------------------------------------------------
    # "+2 momentum instead of +1" with a 6 on the action die: +1, and +1 more on that six.
    "module/engine_upgrade.0": Spec(({"stat": ["edge"], "strong": HIT_1, "strong_six": HIT_1},)),
    "module/engine_upgrade.1": Spec(
        (
            {"enh": 0, "option": "maneuver", "add": 1, "strong": HIT_1},
            {"enh": 1, "option": "boost", "hit": {"momentum": 2}},
        )
    ),
    # ENGINE CHOICE: pushing the engines is decided when the asset is named (before the dice).
    "module/engine_upgrade.2": Spec(
        (
            {
                "reroll": True,
                "weak_as_strong": True,
                "after": {"follow": {"move": WITHSTAND, "amount": 2}},
            },
        )
    ),
    # --- Expanded Hold -------------------------------------------------------------------
    "module/expanded_hold.0": Spec(
        reminder="cargo stands in for supply: convert gains, add it to +supply rolls, pay costs "
        "with it ('asset track expanded_hold cargo N')",
        kind="other",
    ),
    "module/expanded_hold.1": Spec(
        reminder="sweetening the pot: reroll all dice adding +cargo, then -1 cargo",
        kind="other",
    ),
    "module/expanded_hold.2": Spec(
        reminder="dropping cargo adds that amount, with +2 momentum on a hit", kind="other"
    ),
    # --- Grappler ------------------------------------------------------------------------
    "module/grappler.0": Spec(
        reminder="readying the grappler is the card's own move (apply its outcome by hand)",
        kind="other",
    ),
    "module/grappler.1": Spec(
        reminder="an overcharged grappler's shot gives +2 momentum (progress in a fight)",
        kind="other",
    ),
    "module/grappler.2": Spec(({"reroll": {"dice": "one"}},)),
    # --- Heavy Cannons -------------------------------------------------------------------
    "module/heavy_cannons.0": Spec(
        (
            {"option": "strafing", "add": 1, "hit": HIT_1},
            {"option": "focus", "hit": {"progress": 1, "momentum": -1}},
        )
    ),
    "module/heavy_cannons.1": Spec(
        ({"once": "fight", "add": 1, "weak_as_strong": True, "hit": {"progress": 1}},)
    ),
    "module/heavy_cannons.2": Spec(({"add": 1, "hit": HIT_1, "strong_match": HIT_1},)),
    # --- Internal Refit ------------------------------------------------------------------
    "module/internal_refit.0": Spec(
        ({"reroll": True, "hit": {"choose": [{"momentum": 2}, {"spirit": 1}]}},)
    ),
    "module/internal_refit.1": Spec(
        reminder="drawing reserves at 0 supply is the card's own move (apply its outcome by hand)",
        kind="other",
    ),
    "module/internal_refit.2": Spec(
        ({"reroll": True, "strong": {"momentum": "integrity"}, "strong_match": {"progress": 1}},)
    ),
    # --- Medbay --------------------------------------------------------------------------
    "module/medbay.0": Spec(({"reroll": {"dice": "action", "below": "integrity"}},)),
    "module/medbay.1": Spec(
        reminder="a strong hit clears permanently harmed (clear it with 'debility')",
        kind="other",
    ),
    "module/medbay.2": Spec(
        ({"enh": 0, "reroll": True, "hit": HIT_1}, {"enh": 1, "reroll": True, "hit": HIT_1})
    ),
    # --- Missile Array -------------------------------------------------------------------
    "module/missile_array.0": Spec(
        ({"enh": 0, "before": {"meter": -1}, "hit": {"progress": 1}},),
        "a Resupply where missiles are replenished may turn +supply into +ammo",
        "other",
    ),
    "module/missile_array.1": Spec(({"add": 1, "hit": HIT_1},)),
    "module/missile_array.2": Spec(
        reminder="an action die at or below ammo allows rerolling the challenge dice; then ammo 0",
        kind="other",
    ),
    # --- Overseer ------------------------------------------------------------------------
    "module/overseer.0": Spec(({"roll": ["integrity"], "hit": HIT_1},)),
    "module/overseer.1": Spec(
        reminder="on Withstand Damage's miss table, roll twice and choose", kind="other"
    ),
    "module/overseer.2": Spec(({"roll": ["integrity"], "hit": HIT_1},)),
    # --- Reinforced Hull -----------------------------------------------------------------
    "module/reinforced_hull.0": Spec(({"add": 1, "strong": HIT_1},)),
    "module/reinforced_hull.1": Spec(
        ({"strong": {"momentum": "integrity"}},),
        "arriving where your reputation matters: +1 momentum",
        "other",
    ),
    "module/reinforced_hull.2": Spec(({"add": 1, "hit": HIT_1, "strong_match": HIT_1},)),
    # --- Research Lab --------------------------------------------------------------------
    "module/research_lab.0": Spec(({"add": 1, "hit": HIT_1},)),
    "module/research_lab.1": Spec(({"reroll": True},)),
    "module/research_lab.2": Spec(
        (
            {"enh": 0, "reroll": True},
            {"enh": 2, "hit": {"legacy:discoveries": 4}},
        ),
        "crucial samples mark progress on the project with +2 momentum; extended lab time is "
        "Face Danger +1 with progress on a hit (twice on a strong hit with a match)",
        "other",
    ),
    # --- Sensor Array --------------------------------------------------------------------
    "module/sensor_array.0": Spec(({"stat": ["wits"], "reroll": {"dice": "one"}},)),
    "module/sensor_array.1": Spec(
        (
            {"enh": 0, "option": "manual", "add": 1, "hit": HIT_1},
            {"enh": 1, "option": "automated", "preset": "integrity", "hit": HIT_1},
        )
    ),
    "module/sensor_array.2": Spec(
        tuple({"enh": e, "roll": ["integrity"], "reroll": True, "hit": HIT_1} for e in (0, 1))
    ),
    # --- Shields -------------------------------------------------------------------------
    "module/shields.0": Spec(
        reminder="raising the shields is the card's own move (apply its outcome by hand)",
        kind="other",
    ),
    "module/shields.1": Spec(({"roll": ["meter"], "hit": {"momentum": 2}},)),
    "module/shields.2": Spec(
        reminder="on a strong hit the shields may rise to 3 without rolling (+1 momentum)",
        kind="other",
    ),
    # --- Stealth Tech --------------------------------------------------------------------
    "module/stealth_tech.0": Spec(
        (
            {"enh": 0, "option": "unseen", "add": 1},
            {"enh": 1, "option": "ambush", "add": 1, "strong": {"progress": 1}},
        )
    ),
    "module/stealth_tech.1": Spec(({"stat": ["shadow"], "reroll": {"dice": "action"}},)),
    "module/stealth_tech.2": Spec(
        (
            {
                "enh": 0,
                "option": "true",
                "roll": ["shadow"],
                "reroll": True,
                "strong_match": {"momentum": 2, "next_add": 1},
            },
            {
                "enh": 1,
                "option": "hard",
                "roll": ["shadow"],
                "hit": {"progress": 1},
                "strong_match": {"momentum": 2, "next_add": 1},
            },
        )
    ),
    # --- Vehicle Bay ---------------------------------------------------------------------
    "module/vehicle_bay.0": Spec(
        (
            {
                "moves": [MOVE + "legacy/advance"],
                "handler": "discount",
                "discount": "Support Vehicle",
            },
        ),
        "a battered support vehicle is fixed for 1 repair point (instead of 2)",
        "other",
    ),
    "module/vehicle_bay.1": Spec(
        reminder="salvaging a destroyed support vehicle: ask the oracle (50/50)", kind="other"
    ),
    "module/vehicle_bay.2": Spec(({"reroll": True, "hit": HIT_1},)),
    # --- Workshop ------------------------------------------------------------------------
    "module/workshop.0": Spec(({"add": 1},)),
    "module/workshop.1": Spec(({"reroll": {"dice": "action", "below": "integrity"}},)),
    "module/workshop.2": Spec(
        (
            {"enh": 0, "reroll": True},
            {"enh": 2, "hit": {"legacy:quests": 4}},
        ),
        "a crucial part marks progress on the project with +2 momentum; extended workshop time "
        "is Face Danger +1 with progress on a hit (twice on a strong hit with a match)",
        "other",
    ),
    # --- Exosuit -------------------------------------------------------------------------
    "support_vehicle/exosuit.0": Spec(
        reminder="after rolling, the action die may become the rig's integrity (Lose Momentum -1)",
        kind="other",
    ),
    "support_vehicle/exosuit.1": Spec(({"reroll": True, "rerolled": {"supply": -1}},)),
    "support_vehicle/exosuit.2": Spec(({"reroll": {"dice": "one"}},)),
    # --- Hoverbike -----------------------------------------------------------------------
    "support_vehicle/hoverbike.0": Spec(
        ({"stat": ["edge"], "hit": HIT_1, "strong_match": {"progress": 1}},)
    ),
    "support_vehicle/hoverbike.1": Spec(
        ({"add": "integrity", "strong": {"momentum": 2}, "weak_as_miss": True},)
    ),
    "support_vehicle/hoverbike.2": Spec(
        reminder="after a burn while maneuvering, a 5 or 6 on the action die keeps the momentum",
        kind="other",
    ),
    # --- Rover ---------------------------------------------------------------------------
    "support_vehicle/rover.0": Spec(({"enh": 0, "add": 1}, {"enh": 1, "reroll": {"dice": "one"}})),
    "support_vehicle/rover.1": Spec(
        reminder="one module fitted at no cost (it breaks as a command vehicle's does)",
        kind="sheet",
    ),
    "support_vehicle/rover.2": Spec(({"roll": ["integrity"], "hit": HIT_1},)),
    # --- Service Pod ---------------------------------------------------------------------
    "support_vehicle/service_pod.0": Spec(({"add": 1, "hit": HIT_1},)),
    "support_vehicle/service_pod.1": Spec(
        (
            {"option": "careful", "roll": ["integrity"], "add": 2, "before": {"momentum": -1}},
            {"option": "reckless", "roll": ["integrity"], "hit": HIT_1},
        )
    ),
    "support_vehicle/service_pod.2": Spec(
        ({"automatic": "strong_hit", "after": {"follow": {"move": WITHSTAND, "amount": 2}}},)
    ),
    # --- Shuttle -------------------------------------------------------------------------
    "support_vehicle/shuttle.0": Spec(
        (
            {
                "moves": ["use"],
                "when": "you arrive at a location by shuttle",
                "after": {"momentum": 1, "allies": {"momentum": 1}},
            },
        )
    ),
    "support_vehicle/shuttle.1": Spec(({"add": 1, "hit": HIT_1},)),
    "support_vehicle/shuttle.2": Spec(({"add": 1},)),
    # --- Skiff ---------------------------------------------------------------------------
    "support_vehicle/skiff.0": Spec(({"roll": ["integrity"], "hit": HIT_1},)),
    "support_vehicle/skiff.1": Spec(
        ({"roll": ["integrity"], "hit": HIT_1, "strong_match": {"progress": 1}},)
    ),
    "support_vehicle/skiff.2": Spec(({"add": 1, "hit": HIT_1},)),
    # --- Snub Fighter --------------------------------------------------------------------
    "support_vehicle/snub_fighter.0": Spec(({"roll": ["integrity"], "hit": {"momentum": 2}},)),
    "support_vehicle/snub_fighter.1": Spec(({"add": 1, "strong_match": {"progress": 1}},)),
    "support_vehicle/snub_fighter.2": Spec(
        reminder="tally victories on the card; every five mark 2 quests ticks", kind="other"
    ),
}
