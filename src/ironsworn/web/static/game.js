// What the page still knows of the game itself (stats, debilities, ranks, odds, which move
// finishes each kind of track): to go once the table API's operations declare their inputs.
const STATS = ["edge", "heart", "iron", "shadow", "wits"];
const DEBILITIES = [
  ["conditions", ["wounded", "shaken", "unprepared", "encumbered"]],
  ["banes", ["maimed", "corrupted"]],
  ["burdens", ["cursed", "tormented"]],
];
const RANKS = ["troublesome", "dangerous", "formidable", "extreme", "epic"];
const ODDS = [
  ["almost_certain", "Almost certain"], ["likely", "Likely"], ["fifty_fifty", "50/50"],
  ["unlikely", "Unlikely"], ["small_chance", "Small chance"],
];
// The progress move of each kind of track, by ruleset (its id: a name is ambiguous).
const PROGRESS_MOVES = {
  classic: {
    vow: "move:classic/quest/fulfill_your_vow", journey: "move:classic/adventure/reach_your_destination",
    fight: "move:classic/combat/end_the_fight",
  },
  starforged: {
    vow: "move:starforged/quest/fulfill_your_vow", expedition: "move:starforged/exploration/finish_an_expedition",
    fight: "move:starforged/combat/take_decisive_action", connection: "move:starforged/connection/forge_a_bond",
  },
};
// Swear an Iron Vow, by ruleset: offered on the inciting incident right after creation.
const SWEAR = {
  classic: "move:classic/quest/swear_an_iron_vow", starforged: "move:starforged/quest/swear_an_iron_vow",
};
// What Withstand Damage's table leaves on a vehicle until it is dealt with (vehicle mark).
const VEHICLE_MARKS = ["destruction_imminent", "needs_part", "crippled"];
const BACKGROUND_RANKS = ["extreme", "epic"]; // a background vow's (rulebook: extreme or epic)
const INCITING_RANKS = ["troublesome", "dangerous", "formidable"]; // the first vow's (setup)

export { STATS, DEBILITIES, RANKS, ODDS, PROGRESS_MOVES, SWEAR, VEHICLE_MARKS, BACKGROUND_RANKS, INCITING_RANKS };
