"""The kinds of lasting effect asset abilities give: what each does, where, and how it ends.

Each template is the start of an effect record (see :mod:`ironsworn.moves.assets.lasting`);
the gain that gives it may override its fields (an identity's +2 or +1). The words are ours;
the facts are the cards' (Datasworn's classic assets; the rulebook where it prints a card).
"""

from __future__ import annotations

from typing import Any

JsonDict = dict[str, Any]

RITUAL_MOVE_PREFIX = "asset.ability.move:classic/ritual/"
STRIKE = ["strike", "clash"]
SUNDERER = "asset:classic/combat_talent/sunderer"
FLETCHER = "asset:classic/combat_talent/fletcher"
SKIRMISHER = "asset:classic/combat_talent/skirmisher"
ALCHEMIST = "asset:classic/path/alchemist"
PRETENDER = "asset:classic/path/pretender"
SLAYER = "asset:classic/path/slayer"
BONDED = "asset:classic/path/bonded"
AUGUR = "asset:classic/ritual/augur"
AWAKENING = "asset:classic/ritual/awakening"
BIND = "asset:classic/ritual/bind"
COMMUNION = "asset:classic/ritual/communion"
DIVINATION = "asset:classic/ritual/divination"
KEEN = "asset:classic/ritual/keen"
LEECH = "asset:classic/ritual/leech"
TOTEM = "asset:classic/ritual/totem"
WARD = "asset:classic/ritual/ward"

# What each kind of lasting effect does (our own words; the facts are the cards'). The text
# may name the effect's fields in braces.
TEMPLATES: dict[str, JsonDict] = {
    # Sunderer 3: "+1d6 harm (one time only) when you Strike or Clash".
    "rune": {
        "name": "rune",
        "asset": SUNDERER,
        "moves": STRIKE,
        "harm": "d6",
        "ends": "harm",
        "text": "+1d6 harm once, on your next Strike or Clash that hits",
    },
    # Fletcher 3: an arrow for one foe, a seeker (reroll), a ravager (+1d6 harm) or both.
    "seeker": {
        "name": "arrow",
        "asset": FLETCHER,
        "moves": STRIKE,
        "named": True,
        "when": "you shoot the arrow at its foe",
        "reroll": True,
        "ends": "use",
        "text": "seeker arrow: reroll any dice when you shoot it at its foe (Strike, Clash)",
    },
    "ravager": {
        "name": "arrow",
        "asset": FLETCHER,
        "moves": STRIKE,
        "named": True,
        "when": "you shoot the arrow at its foe",
        "harm": "d6",
        "ends": "use",
        "text": "ravager arrow: +1d6 harm if it hits its foe (Strike, Clash); spent when shot",
    },
    # Skirmisher 1 with iron: "Strike (with initiative) or Clash now, and add +1".
    "spear": {
        "name": "spear",
        "asset": SKIRMISHER,
        "moves": STRIKE,
        "add": 1,
        "ends": "next_move",
        "text": "+1 on a Strike or Clash made now (your next move)",
    },
    # Alchemist 1: a dose is drunk with Face Danger +iron; on a hit, the elixir's +1.
    "dose": {
        "name": "elixir",
        "asset": ALCHEMIST,
        "moves": ["face_danger"],
        "stats": ["iron"],
        "named": True,
        "when": "you drink the elixir",
        "shared": True,
        "then": "elixir",
        "ends": "use",
        "text": "a dose of elixir ({effect}): drink it with Face Danger +iron "
        "(asset: elixir); on a hit, +1 on moves with +{elixir_words}",
    },
    "elixir": {
        "name": "elixir",
        "asset": ALCHEMIST,
        "moves": ["*"],
        "add": 1,
        "ends": "low_meters",
        "text": "elixir ({effect}): +1 on moves with +{stat_words} until health, spirit or "
        "momentum falls below +1",
    },
    # Pretender 1: +2 (strong hit) or +1 (weak hit) on moves made under the false identity.
    "identity": {
        "name": "identity",
        "asset": PRETENDER,
        "moves": ["*"],
        "named": True,
        "when": "you deceive or influence under the false identity",
        "add": 2,
        "on_one": "doubt",
        "ends": "manual",
        "text": "false identity: +{add} on moves to deceive or influence with it (asset: identity)",
    },
    # Slayer 3: a trophy's one-time reroll on a ritual (yours or an ally's), or on Sojourn.
    "trophy_ritual": {
        "name": "trophy",
        "asset": SLAYER,
        "moves": ["ritual"],
        "named": True,
        "when": "you spend the trophy",
        "shared": True,
        "reroll": True,
        "ends": "use",
        "text": "trophy: reroll any dice of a ritual move, once (asset: trophy; an ally too)",
    },
    "trophy_sojourn": {
        "name": "trophy",
        "asset": SLAYER,
        "moves": ["sojourn"],
        "named": True,
        "when": "you spend the trophy",
        "reroll": True,
        "ends": "use",
        "text": "trophy: reroll any dice when you Sojourn, once (asset: trophy)",
    },
    # Awakening 1: +2 when the simulacrum aids a move by strength; it dies at 0 health.
    "simulacrum": {
        "name": "simulacrum",
        "asset": AWAKENING,
        "moves": ["*"],
        "named": True,
        "when": "it aids you to assault or overcome by strength",
        "add": 2,
        "track": "health",
        "ends": "track_zero",
        "text": "simulacrum: +2 when it aids you to assault or overcome by strength "
        "(asset: simulacrum); dead at 0 health",
    },
    # Bind 1 (and 2): the pelt's +1 (a beast's +2) on moves with its stat.
    "pelt": {
        "name": "pelt",
        "asset": BIND,
        "moves": ["*"],
        "add": 1,
        "ends": "action_one",
        "text": "{effect} pelt: +{add} on moves with +{stat_words}, until a 1 on the action die",
    },
    # Communion 1: +1 on moves made while conversing with the spirit.
    "spirit": {
        "name": "spirit",
        "asset": COMMUNION,
        "moves": ["*"],
        "named": True,
        "when": "you speak with the spirit",
        "add": 1,
        "ends": "manual",
        "text": "summoned spirit: +1 on moves made with it (asset: spirit) while it stays",
    },
    # Divination 1: +1 when the reading is used to Gather Information, Compel, Forge a Bond.
    "reading": {
        "name": "reading",
        "asset": DIVINATION,
        "moves": ["gather_information", "compel", "forge_a_bond"],
        "named": True,
        "when": "you use the reading",
        "add": 1,
        "ends": "manual",
        "text": "rune reading: +1 when you use it to Gather Information, Compel or Forge a "
        "Bond (asset: reading)",
    },
    # Keen 1: +1 harm on Strike and Clash, until a 1 on the action die of such a move.
    "keen": {
        "name": "keen",
        "asset": KEEN,
        "moves": STRIKE,
        "harm": 1,
        "ends": "action_one",
        "also": [1, "keen_rally"],
        "text": "keened weapon: +1 harm when you Strike or Clash, until a 1 on the action die",
    },
    # Keen 2: with the keened weapon, once: +1, and +2 momentum on a hit, on Draw the Circle,
    # Enter the Fray or Battle (given with the keen when Keen 2 is marked).
    "keen_rally": {
        "name": "keen",
        "asset": KEEN,
        "moves": ["draw_the_circle", "enter_the_fray", "battle"],
        "named": True,
        "when": "you wield the keened weapon",
        "add": 1,
        "hit_momentum": 2,
        "ends": "use",
        "text": "keened weapon, once: +1, and +2 momentum on a hit, when you Draw the Circle, "
        "Enter the Fray or Battle (asset: keen)",
    },
    # Leech 1: the blood rune, spent once by Leech 1's own effect on a move to inflict harm
    # (asset: leech); a weak hit's rune weighs as a debility until then.
    "blood_rune": {
        "name": "blood_rune",
        "asset": LEECH,
        "moves": [],
        "via": "leech:1",  # named by its card's ability, not by itself
        "gained_by": "Draw Blood Rune gives one",
        "ends": "manual",
        "text": "blood rune: once, a Strike or Clash rerolls any dice and inflicts +2 harm on "
        "a hit (asset: leech)",
    },
    # Totem 1: +1, and +1 momentum on a hit, on moves where a companion ability acts.
    "totem": {
        "name": "totem",
        "asset": TOTEM,
        "moves": ["*"],
        "companion": True,
        "add": 1,
        "hit_momentum": 1,
        "ends": "action_one",
        "text": "totem: +1, and +1 momentum on a hit, when a companion ability helps, until "
        "a 1 on the action die",
    },
    # Augur 2: +1 on the next Undertake a Journey.
    "crows": {
        "name": "crows",
        "asset": AUGUR,
        "moves": ["undertake_a_journey"],
        "add": 1,
        "ends": "use",
        "text": "the crows guide you: +1 on your next Undertake a Journey",
    },
    # Ward 1 (and 2): the effects chosen, each used once (the trap asks the oracle each time).
    "ward_momentum": {
        "name": "ward",
        "asset": WARD,
        "moves": [],
        "momentum": 1,
        "ends": "use",
        "text": "ward: +{momentum} momentum when a foe first crosses it (lasting use "
        "ward_momentum)",
    },
    "ward_harm": {
        "name": "ward",
        "asset": WARD,
        "moves": STRIKE,
        "named": True,
        "when": "the foe is inside the ward",
        "harm": 1,
        "ends": "harm",
        "text": "ward: +{harm} harm the first time you inflict harm on a foe inside it "
        "(asset: ward)",
    },
    "ward_trap": {
        "name": "ward",
        "asset": WARD,
        "moves": [],
        "odds": "likely",
        "ends": "manual",
        "text": "ward: {odds_words} to trap a foe inside it (lasting use ward_trap)",
    },
}

ELIXIRS = {
    "deftness": "edge",
    "audacity": "heart",
    "vigor": "iron",
    "slyness": "shadow",
    "clarity": "wits",
}
ANIMALS = {"wolf": "edge", "bear": "iron", "deer": "heart", "fox": "shadow", "boar": "wits"}
STATS = ("edge", "heart", "iron", "shadow", "wits")
TROPHIES = {"ritual": "trophy_ritual", "sojourn": "trophy_sojourn"}
# The handler names abilities' effects give (assets.json), counted by coverage: the ability
# widens a lasting effect another ability of its card gives, or is watched by the engine.
HANDLERS = frozenset(
    {"elixir_double", "beast_pelt", "ward_stronger", "bonds_box", "trophy", "keen_rally"}
)
