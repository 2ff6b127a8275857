"""Path cards: what each Starforged path ability does in a move (keyed ``path/<card>.<n>``).

The moves and the fiction of each effect come from the card's Datasworn ``enhance_moves``
(``enh`` picks the entry); the numbers, costs and outcomes are written here in our effect
vocabulary. A ``reminder`` says what the player does by hand, and its kind why.
"""

from __future__ import annotations

from ironsworn.content.starforged_effects.words import (
    HIT_1,
    LEGACY_BONDS,
    LEGACY_DISCOVERIES,
    MOVE,
    Spec,
)

SPECS: dict[str, Spec] = {
    # --- Ace -----------------------------------------------------------------------------
    "path/ace.0": Spec(({"add": 1, "hit": HIT_1},)),
    "path/ace.1": Spec(
        ({"add": 1},),
        "a strong hit with 4-6 on the action die may put you in firing position: note the "
        "die and preset it on a later Strike with the vehicle's weapons",
        "lasting",
    ),
    "path/ace.2": Spec(({"roll": ["integrity"], "strong": HIT_1},)),
    # --- Archer --------------------------------------------------------------------------
    "path/archer.0": Spec(
        (
            {
                "moves": [MOVE + "combat/strike", MOVE + "combat/clash"],
                "option": "one",
                "when": "you spend ammo on the shot",
                "add": 1,
                "before": {"meter": -1},
            },
            {
                "moves": [MOVE + "combat/strike", MOVE + "combat/clash"],
                "option": "two",
                "when": "you spend ammo on the shot",
                "add": 2,
                "before": {"meter": -2},
            },
        ),
        "crafting projectiles is the card's own move (it rolls; apply its outcome by hand and "
        "set the ammo with 'asset track')",
        "other",
    ),
    "path/archer.1": Spec(({"roll": ["meter"], "before": {"meter": -1}, "hit": {"progress": 1}},)),
    "path/archer.2": Spec(({"before": {"meter": -1}, "preset": 5, "hit": HIT_1},)),
    # --- Armored -------------------------------------------------------------------------
    "path/armored.0": Spec(({"preset": 4, "strong_match": {"momentum": 2}},)),
    # The upgrade of ability 1: named instead of it, the die is preset to 5.
    "path/armored.1": Spec(
        (
            {
                "moves": [
                    MOVE + "*/face_danger",
                    MOVE + "combat/react_under_fire",
                    MOVE + "combat/clash",
                ],
                "when": "you put trust in your upgraded armor",
                "preset": 5,
                "strong_match": {"momentum": 2},
            },
        )
    ),
    "path/armored.2": Spec(
        reminder="the armor takes the hit instead of Endure Harm: roll the action die by hand",
        kind="other",
    ),
    # --- Artist --------------------------------------------------------------------------
    "path/artist.0": Spec(
        (
            {
                "reroll": {"dice": "action", "below": "spirit"},
                "strong": {"choose": [{"momentum": 1}, {"spirit": 1}]},
            },
        )
    ),
    "path/artist.1": Spec(({"add": 2},)),
    "path/artist.2": Spec(
        reminder="a memorial work is the card's own move (it rolls; apply its outcome by hand "
        "and mark the bonds legacy ticks with 'legacy bonds')",
        kind="other",
    ),
    # --- Augmented -----------------------------------------------------------------------
    "path/augmented.0": Spec(
        ({"add": 1, "strong_match": {"momentum": 2}},),
        "on a miss with a match the augment breaks until repaired (mark it yourself)",
        "lasting",
    ),
    "path/augmented.1": Spec(reminder="a second augment; the two do not stack", kind="narrative"),
    "path/augmented.2": Spec(
        reminder="an augment may be broken instead of Endure Harm or Face Death", kind="other"
    ),
    # --- Bannersworn ---------------------------------------------------------------------
    "path/bannersworn.0": Spec(({"reroll": True, "hit": LEGACY_BONDS},)),
    "path/bannersworn.1": Spec(
        reminder="a kindred connection met on a Sojourn gives a bonds tick on a hit, and Forge "
        "a Bond with them rewards one rank higher",
        kind="other",
    ),
    "path/bannersworn.2": Spec(
        ({"moves": ["progress"], "reroll": {"dice": "one"}, "strong_match": LEGACY_BONDS},)
    ),
    # --- Blademaster ---------------------------------------------------------------------
    "path/blademaster.0": Spec(({"add": 1, "strong_match": {"progress": 1}},)),
    "path/blademaster.1": Spec(
        (
            {"enh": 0, "option": "charge", "roll": ["heart"], "hit": {"progress": 1}},
            {"enh": 1, "option": "evade", "roll": ["edge"], "hit": HIT_1},
        )
    ),
    "path/blademaster.2": Spec(
        ({"add": 1},),
        "on a hit, fill the oathbound box; clear it to reroll any dice on a miss with the blade",
        "lasting",
    ),
    # --- Bounty Hunter -------------------------------------------------------------------
    "path/bounty_hunter.0": Spec(
        ({"enh": 0, "add": 1, "strong": {"progress": 1}},),
        "a fulfilled hunt's legacy reward is one rank higher",
        "other",
    ),
    "path/bounty_hunter.1": Spec(
        ({"add": 1},),
        "on a match, choose to forge ahead (progress on the quest) or change loyalties",
        "other",
    ),
    "path/bounty_hunter.2": Spec(({"reroll": {"dice": "one"}},)),
    # --- Brawler -------------------------------------------------------------------------
    "path/brawler.0": Spec(({"add": 1, "hit": HIT_1},)),
    "path/brawler.1": Spec(
        (
            {"enh": 0, "option": "aggressive", "before": {"momentum": -2}, "weak_as_strong": True},
            {"enh": 1, "option": "defensive", "before": {"momentum": -2}, "miss_as_weak": True},
        )
    ),
    "path/brawler.2": Spec(({"hit": {"progress": 1}, "strong_match": {"momentum": 2}},)),
    # --- Courier -------------------------------------------------------------------------
    "path/courier.0": Spec(
        ({"enh": 0, "after": {"meter": 5}},),
        "on a weak hit or miss of an expedition you may suffer -1 safety as the cost (-2 on a "
        "miss with a match): 'asset track courier safety N'",
        "other",
    ),
    "path/courier.1": Spec(
        reminder="mark progress twice on the connection's track ('progress CONNECTION')",
        kind="other",
    ),
    "path/courier.2": Spec(
        ({"roll": ["meter"], "strong": {"choose": [{"meter": 1}, {"momentum": 1}]}},)
    ),
    # --- Demolitionist -------------------------------------------------------------------
    "path/demolitionist.0": Spec(
        reminder="the charge chosen before rolling changes the outcome by the challenge dice",
        kind="other",
    ),
    "path/demolitionist.1": Spec(({"add": 1, "hit": HIT_1},)),
    "path/demolitionist.2": Spec(
        ({"reroll": {"dice": "any"}},),
        "reset your momentum before rolling ('adjust momentum')",
        "other",
    ),
    # --- Devotant ------------------------------------------------------------------------
    "path/devotant.0": Spec(
        (
            {
                "roll": ["select:linked_stat"],
                "hit": {"choose": [{"momentum": 1}, {"spirit": 1}]},
                "strong_match": {"choose": [{"momentum": 1}, {"spirit": 1}]},
            },
        )
    ),
    "path/devotant.1": Spec(
        (
            {
                "enh": 0,
                "roll": ["select:linked_stat"],
                "hit": {"choose": [{"momentum": 2}, {"spirit": 2}]},
            },
            {"enh": 1, "hit": {"legacy:bonds": 2}},
        )
    ),
    "path/devotant.2": Spec(
        ({"roll": ["select:linked_stat"], "strong": {"choose": [{"spirit": 1}, {"momentum": 1}]}},)
    ),
    # --- Diplomat ------------------------------------------------------------------------
    "path/diplomat.0": Spec(
        (
            {"enh": 0, "add": 1, "strong": {"progress": 1}},
            {"enh": 1, "hit": {"legacy:bonds": 2}},
        )
    ),
    # ENGINE CHOICE: the new tack's "add +2" is the ability's +2 in all (its +1 and one more).
    "path/diplomat.1": Spec(({"add": 1, "reroll": {"dice": "all", "after": ["miss"], "add": 1}},)),
    "path/diplomat.2": Spec(
        (
            {"enh": 0, "add": 1},
            {
                "enh": 1,
                "strong_match": {
                    "choose": [
                        {"momentum": 2},
                        {"note": "make an extra recover move with an automatic strong hit"},
                    ]
                },
            },
        )
    ),
    # --- Empath --------------------------------------------------------------------------
    "path/empath.0": Spec(
        reminder="reading a being is the card's own move (apply its outcome by hand)",
        kind="other",
    ),
    "path/empath.1": Spec(
        reminder="improves the card's own move (read a being): +1 momentum on a hit, progress "
        "in a fight",
        kind="other",
    ),
    "path/empath.2": Spec(
        ({"roll": ["spirit"], "hit": HIT_1},),
        "an ally soothed takes +2 spirit on a hit (adjust the ally's spirit by hand)",
        "other",
    ),
    # --- Explorer ------------------------------------------------------------------------
    "path/explorer.0": Spec(({"enh": 0, "hit": HIT_1}, {"enh": 1, "hit": LEGACY_DISCOVERIES})),
    "path/explorer.1": Spec(
        ({"moves": ["use"], "when": "you come across a wondrous sight", "after": HIT_1},),
        "or soak it all in: Hearten with +1, and +1 momentum on its hit",
        "other",
    ),
    "path/explorer.2": Spec(({"add": 1, "hit": HIT_1, "strong_match": HIT_1},)),
    # --- Fated ---------------------------------------------------------------------------
    "path/fated.0": Spec(
        ({"automatic": "strong_hit", "background": True},),
        "filling a box on the background vow also marks a quests legacy tick",
        "other",
    ),
    # The card counts as an impact until the next Reach a Milestone (which ends it).
    "path/fated.1": Spec(
        (
            {"automatic": "strong_hit", "after": {"sheet": {"debility": True}}},
            {
                "moves": [MOVE + "quest/reach_a_milestone"],
                "unasked": True,
                "after": {"sheet": {"clear": True}},
            },
        )
    ),
    "path/fated.2": Spec(
        (
            {
                "moves": ["progress"],
                "reroll": {"dice": "one", "showing": 10},
                "strong": {"momentum": 2},
            },
        )
    ),
    # --- Firebrand -----------------------------------------------------------------------
    "path/firebrand.0": Spec(
        (
            {
                "moves": ["*"],
                "when": "aided by your fiery energy",
                "add": 2,
                "before": {"meter": -1},
            },
        ),
        "gathering the energy is the card's own move (it rolls; apply its outcome by hand and "
        "set the fire with 'asset track')",
        "other",
    ),
    "path/firebrand.1": Spec(
        reminder="on a strong hit with a match the harm may become fire instead", kind="other"
    ),
    "path/firebrand.2": Spec(
        reminder="unleashing hell is an automatic strong hit with progress; then fire is 0",
        kind="other",
    ),
    # --- Fugitive ------------------------------------------------------------------------
    "path/fugitive.0": Spec(
        reminder="a result improved to a strong hit fills a segment of the hunters' clock",
        kind="other",
    ),
    "path/fugitive.1": Spec(({"add": 1, "hit": HIT_1},)),
    "path/fugitive.2": Spec(
        reminder="gained when the vow is fulfilled; exchange the card", kind="sheet"
    ),
    # --- Gearhead ------------------------------------------------------------------------
    "path/gearhead.0": Spec(({"add": 1, "hit": HIT_1},)),
    "path/gearhead.1": Spec(({"reroll": True, "match": LEGACY_DISCOVERIES},)),
    "path/gearhead.2": Spec(
        reminder="the device gives one automatic strong hit later (and progress in a fight)",
        kind="lasting",
    ),
    # --- Gunner --------------------------------------------------------------------------
    "path/gunner.0": Spec(
        (
            {"enh": 0, "option": "pin", "add": 1, "hit": HIT_1},
            {"enh": 1, "option": "hurt", "hit": {"progress": 1}},
        )
    ),
    "path/gunner.1": Spec(({"before": {"supply": -1}, "reroll": {"dice": "one"}},)),
    "path/gunner.2": Spec(({"enh": 0, "add": 1}, {"enh": 1, "add": 1, "hit": HIT_1})),
    # --- Gunslinger ----------------------------------------------------------------------
    "path/gunslinger.0": Spec(({"add": 1, "hit": HIT_1, "strong_match": {"progress": 2}},)),
    "path/gunslinger.1": Spec(
        ({"add": 1},),
        "on a strong hit the cover adds +1 to attacks and defence at range until lost",
        "lasting",
    ),
    "path/gunslinger.2": Spec(({"add": 1, "hit": HIT_1},)),
    # --- Haunted -------------------------------------------------------------------------
    "path/haunted.0": Spec(
        (
            {
                "add": 1,
                "weak": {"follow": {"move": MOVE + "suffer/endure_stress", "amount": 1}},
                "strong_match": LEGACY_BONDS,
            },
        )
    ),
    "path/haunted.1": Spec(({"add": 1, "strong": {"legacy:bonds": 2}},)),
    "path/haunted.2": Spec(reminder="a one-time choice when the vow is fulfilled", kind="sheet"),
    # --- Healer --------------------------------------------------------------------------
    "path/healer.0": Spec(
        (
            {"enh": 0, "option": "self", "add": 1},
            {
                "enh": 1,
                "option": "other",
                "add": 1,
                "hit": {"choose": [{"spirit": 1}, {"momentum": 1}]},
            },
        )
    ),
    "path/healer.1": Spec(({"add": 1, "hit": HIT_1, "strong_match": LEGACY_DISCOVERIES},)),
    "path/healer.2": Spec(
        reminder="basic care rolls only the action die: +1 or +2 health to everyone above 0",
        kind="other",
    ),
    # --- Infiltrator ---------------------------------------------------------------------
    "path/infiltrator.0": Spec(({"add": 1, "hit": HIT_1, "strong_match": HIT_1},)),
    "path/infiltrator.1": Spec(
        ({"add": 1},), "on a hit, +1 when you use the false identity", "lasting"
    ),
    "path/infiltrator.2": Spec(
        ({"add": 1},), "on a hit, reroll any dice the first time the device helps", "lasting"
    ),
    # --- Kinetic -------------------------------------------------------------------------
    "path/kinetic.0": Spec(({"add": 2, "before": {"momentum": -2}},)),
    "path/kinetic.1": Spec(
        (
            {
                "moves": ["*"],
                "after_roll": {
                    "add": 2,
                    "cost": {"momentum": -3},
                    "offer": "draw on your powers in a desperate effort",
                },
            },
        )
    ),
    "path/kinetic.2": Spec(
        reminder="reset momentum for an automatic strong hit (and progress in a fight)",
        kind="other",
    ),
    # --- Leader --------------------------------------------------------------------------
    # Starforged's Aid Your Ally makes no roll of its own (the aid is the move you make).
    "path/leader.0": Spec(
        reminder="aiding an ally through leadership: +1, and on a strong hit the allies present "
        "take +1 momentum",
        kind="other",
    ),
    "path/leader.1": Spec(
        reminder="on a strong hit your allies take an automatic strong hit on Enter the Fray",
        kind="other",
    ),
    "path/leader.2": Spec(
        ({"add": 1, "hit": HIT_1, "strong_match": {"momentum": 1, "legacy:bonds": 1}},)
    ),
    # --- Looper --------------------------------------------------------------------------
    "path/looper.0": Spec(
        (
            {
                "reroll": {"dice": "any", "after": ["miss"]},
                "rerolled": {"momentum": -2},
                "rerolled_strong": HIT_1,
            },
        )
    ),
    "path/looper.1": Spec(
        reminder="linking and looping back is the card's own move (apply its outcome by hand)",
        kind="other",
    ),
    "path/looper.2": Spec(reminder="+1 on any asset reroll of an action roll", kind="other"),
    # --- Lore Hunter ---------------------------------------------------------------------
    "path/lore_hunter.0": Spec(
        (
            {"enh": 0, "reroll": True},
            {"enh": 1, "when": "on that quest", "after": {"momentum": 2}},
            {"enh": 2, "hit": {"legacy:discoveries": 2}},
        )
    ),
    "path/lore_hunter.1": Spec(({"reroll": {"dice": "one"}, "match": LEGACY_DISCOVERIES},)),
    "path/lore_hunter.2": Spec(({"add": 1, "hit": HIT_1},)),
    # --- Loyalist ------------------------------------------------------------------------
    "path/loyalist.0": Spec(
        reminder="aiding an ally: +1 and +1 momentum on a hit; a strong hit with a match gives "
        "you both a bonds tick",
        kind="other",
    ),
    "path/loyalist.1": Spec(
        reminder="burn momentum for an ally (they take +1 momentum)", kind="other"
    ),
    "path/loyalist.2": Spec(
        reminder="roll a challenge die for the ally's progress move", kind="other"
    ),
    # --- Mercenary -----------------------------------------------------------------------
    "path/mercenary.0": Spec(
        ({"enh": 0, "reroll": True},), "the mission's legacy reward is one rank higher", "other"
    ),
    "path/mercenary.1": Spec(({"add": 1, "hit": HIT_1, "strong_match": {"legacy:quests": 2}},)),
    "path/mercenary.2": Spec(({"enh": 0, "add": 2}, {"enh": 1, "add": 2})),
    # --- Naturalist ----------------------------------------------------------------------
    "path/naturalist.0": Spec(({"add": 1, "hit": HIT_1, "strong_match": LEGACY_DISCOVERIES},)),
    "path/naturalist.1": Spec(({"before": {"momentum": -2}, "reroll": True},)),
    "path/naturalist.2": Spec(
        ({"enh": 0, "hit": {"supply": 1}}, {"enh": 1, "add": 1, "hit": HIT_1})
    ),
    # --- Navigator -----------------------------------------------------------------------
    "path/navigator.0": Spec(
        (
            {
                "option": "fastest",
                "when": "you follow the fastest path",
                "strong": {"momentum": 2},
                "strong_match": LEGACY_DISCOVERIES,
            },
            {
                "option": "safest",
                "when": "you follow the safest path",
                "add": 1,
                "strong_match": LEGACY_DISCOVERIES,
            },
        )
    ),
    "path/navigator.1": Spec(
        (
            {"enh": 0, "add": 1, "hit": HIT_1},
            {"enh": 1, "add": 1, "hit": HIT_1},
            {"enh": 2, "add": 1, "hit": HIT_1},
        )
    ),
    "path/navigator.2": Spec(
        reminder="once per expedition a weak hit or miss may become an automatic strong hit",
        kind="other",
    ),
    # --- Outcast -------------------------------------------------------------------------
    "path/outcast.0": Spec(({"reroll": True, "strong_as_weak": True},)),
    "path/outcast.1": Spec(
        reminder="scraping by is the card's own move (apply its outcome by hand)",
        kind="other",
    ),
    "path/outcast.2": Spec(
        reminder="a connection met on a Sojourn's strong hit with a match is an automatic strong "
        "hit with 2 bonds ticks",
        kind="other",
    ),
    # --- Scavenger -----------------------------------------------------------------------
    "path/scavenger.0": Spec(
        (
            {
                "moves": [MOVE + "adventure/gather_information", MOVE + "recover/resupply"],
                "add": 1,
                "hit": HIT_1,
                "strong_match": {"momentum": 2, "legacy:discoveries": 2},
            },
        )
    ),
    "path/scavenger.1": Spec(
        reminder="on a hit the cobbled item adds +1 when it helps; a 1 on the action die breaks it",
        kind="lasting",
    ),
    "path/scavenger.2": Spec(({"roll": ["wits", "supply"], "hit": HIT_1, "unasked": True},)),
    # --- Scoundrel -----------------------------------------------------------------------
    "path/scoundrel.0": Spec(({"add": 2, "strong_match": {"momentum": "shadow"}},)),
    "path/scoundrel.1": Spec(({"roll": ["shadow"], "reroll": {"dice": "any", "after": ["miss"]}},)),
    "path/scoundrel.2": Spec(
        reminder="+1 momentum after a burn that gave a strong hit in an escape or con",
        kind="other",
    ),
    # --- Seer ----------------------------------------------------------------------------
    "path/seer.0": Spec(
        reminder="a recorded vision gives one automatic strong hit when it comes true",
        kind="lasting",
    ),
    "path/seer.1": Spec(({"roll": ["spirit"], "hit": HIT_1},)),
    "path/seer.2": Spec(
        ({"enh": 0, "match": {"momentum": 2}}, {"enh": 1, "match": {"momentum": 2}})
    ),
    # --- Shade ---------------------------------------------------------------------------
    "path/shade.0": Spec(
        (
            {"enh": 0, "option": "veiled", "preset": 5},
            {"enh": 1, "option": "darkness", "preset": 6},
        )
    ),
    "path/shade.1": Spec(
        reminder="shrouding in darkness is the card's own move (apply its outcome by hand)",
        kind="other",
    ),
    "path/shade.2": Spec(
        ({"moves": ["use"], "when": "you drop your veil for effect", "after": {"momentum": 2}},)
    ),
    # --- Slayer --------------------------------------------------------------------------
    "path/slayer.0": Spec(({"add": 1, "hit": HIT_1},)),
    "path/slayer.1": Spec(({"enh": 0, "reroll": True}, {"enh": 1, "hit": {"legacy:bonds": 2}})),
    "path/slayer.2": Spec(
        ({"after": {"momentum": 2}},),
        "facing the creature on its own terms raises the objective's rank; a strong hit on "
        "Take Decisive Action then marks 2 quests ticks",
        "other",
    ),
    # --- Sleuth --------------------------------------------------------------------------
    "path/sleuth.0": Spec(
        reminder="the investigation's Gather Information rolls three challenge dice",
        kind="other",
    ),
    "path/sleuth.1": Spec(({"add": 1, "hit": HIT_1},)),
    "path/sleuth.2": Spec(({"automatic": "weak_hit"},)),
    # --- Sniper --------------------------------------------------------------------------
    "path/sniper.0": Spec(
        reminder="targeting a minor foe is the card's own move (apply its outcome by hand)",
        kind="other",
    ),
    "path/sniper.1": Spec(({"roll": ["wits"], "strong": {"progress": 1}},)),
    "path/sniper.2": Spec(
        tuple(
            {"enh": enh, "option": str(n), "before": {"momentum": -n}, "add": n, "strong": HIT_1}
            for enh in (0, 1)
            for n in (1, 2, 3)
        )
    ),
    # --- Tech ----------------------------------------------------------------------------
    "path/tech.0": Spec(({"add": 1, "reroll": {"dice": "all", "after": ["weak_hit"], "add": 1}},)),
    "path/tech.1": Spec(
        reminder="on a miss, Lose Momentum (-2) and roll again +wits, a weak hit counting as a "
        "miss",
        kind="other",
    ),
    "path/tech.2": Spec(
        ({"add": 2, "hit": HIT_1},), "the program's one reroll of any dice later", "lasting"
    ),
    # --- Trader --------------------------------------------------------------------------
    "path/trader.0": Spec(({"roll": ["supply"], "before": {"supply": -1}},)),
    "path/trader.1": Spec(
        (
            {"enh": 0, "add": 1},
            {
                "enh": 1,
                "reroll": {"dice": "action", "below": "supply"},
                "strong": {"choose": [{"momentum": 1}, {"supply": 1}]},
            },
        )
    ),
    "path/trader.2": Spec(
        reminder="an acquisition found on a Sojourn's strong hit with a match: 2 quests ticks "
        "and one automatic strong hit",
        kind="other",
    ),
    # --- Vestige -------------------------------------------------------------------------
    "path/vestige.0": Spec(({"reroll": True, "strong_match": {"momentum": 2, "legacy:bonds": 2}},)),
    "path/vestige.1": Spec(({"add": 1, "hit": HIT_1},)),
    "path/vestige.2": Spec(({"reroll": {"dice": "action", "after": ["miss"]}},)),
    # --- Veteran -------------------------------------------------------------------------
    "path/veteran.0": Spec(
        reminder="+1 momentum reset in a fight; +1 on the next move after a burn",
        kind="other",
    ),
    "path/veteran.1": Spec(
        (
            {
                "add": 1,
                "strong_match": {
                    "legacy:bonds": 1,
                    "follow": {"move": MOVE + "connection/develop_your_relationship"},
                },
            },
        ),  # a miss with a match (an old grudge) is the fiction's
    ),
    "path/veteran.2": Spec(({"add": 1, "hit": HIT_1},)),
    # --- Voidborn ------------------------------------------------------------------------
    "path/voidborn.0": Spec(
        reminder="+1 momentum reset in space; Lose Momentum (-1) entering a planetside or high "
        "gravity place",
        kind="other",
    ),
    "path/voidborn.1": Spec(
        (
            {"enh": 0, "add": 1},
            {"enh": 1, "strong": {"choose": [{"spirit": 1}, {"momentum": 1}]}},
        )
    ),
    "path/voidborn.2": Spec(({"add": 1, "hit": HIT_1, "strong_match": HIT_1},)),
    # --- Weapon Master -------------------------------------------------------------------
    "path/weapon_master.0": Spec(
        (
            {"enh": 0, "add": 1, "hit": HIT_1},
            {"enh": 1, "automatic": "strong_hit", "once": "fight"},
        )
    ),
    "path/weapon_master.1": Spec(
        ({"add": 1, "hit": {"progress": 1}, "after": {"supply": -1}},),
        "after a strong hit, an immediate Take Decisive Action may keep one challenge die",
        "other",
    ),
    "path/weapon_master.2": Spec(({"roll": ["supply"], "hit": {"momentum": 2}},)),
}
