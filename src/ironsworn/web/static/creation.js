// The new character tab: the rulebook's creation for the campaign's ruleset, each asset card
// shown while it is chosen.
import { showTab } from "./page.js";
import { NAME, act, clean, fill, h, rules, store, unlinked, unsworn, words } from "./core.js";
import { refresh } from "./live.js";
import { kindTaking, moveName, swearOn } from "./tracks.js";

function renderCreate() {
  // The rulebook's creation for the campaign's ruleset: a Starforged character has no bonds
  // (connections come in play), takes its assets from the imported pack and names the party's
  // starship, the command vehicle (the STARSHIP card, or a ship of its own).
  const { creation, name: rulesetName } = rules();
  const deck = store.assets || [];
  const deckOf = (id) => id.split(":").pop().split("/")[1];
  const isShip = (id) => Boolean(rules().command_vehicle_deck) && deckOf(id) === rules().command_vehicle_deck;
  const name = h("input", { name: "name", required: true, placeholder: "name", "aria-label": "character name" });
  // The stats take the creation values one each (offered in that order, changed at will).
  const { stats: STATS, creation_stats: values } = rules();
  const distinct = [...new Set(values)];
  const selects = STATS.map((s, i) => h("label", { class: "stat-pick" }, s, " ",
    h("select", { name: s, "data-was": values[i] }, distinct.map((v) => h("option", { value: v, selected: values[i] === v }, v)))));
  // A value picked for one stat is given up by another that held it (the two swap), so the
  // stats always take the creation values one each: picking edge 1 after 3 gave 1,2,3,1,1,
  // refused only once the form was sent.
  const picks = selects.map((label) => label.querySelector("select"));
  const allowed = (v) => values.filter((x) => String(x) === v).length;
  for (const pick of picks) {
    pick.addEventListener("change", () => {
      const was = pick.dataset.was;
      const holding = picks.filter((p) => p.value === pick.value);
      const other = holding.length > allowed(pick.value) ? holding.find((p) => p !== pick) : null;
      if (other) { other.value = was; other.dataset.was = was; }
      pick.dataset.was = pick.value;
    });
  }
  const bonds = [...Array(creation.bonds).keys()].map((i) => h("input", { name: `bond${i}`, placeholder: `bond ${i + 1} (a person or place)` }));
  // The cards a new character chooses, each from its decks (the ruleset's asset steps:
  // Starforged's two paths and a final asset; its STARSHIP is given, named below).
  const steps = rules().asset_steps.map((s) => [s.label, s.decks]);
  const slots = steps.map((_, i) => i); // the asset cards a character chooses
  const assets = steps.map(([label, decks], i) => h("select", { name: `asset${i}`, "aria-label": label },
    h("option", { value: "" }, `${label}…`),
    deck.filter((a) => !decks || decks.includes(deckOf(a.id))).map((a) => h("option", { value: a.id }, `${a.name} (${words(a.type).toLowerCase()})`))));
  const abilities = slots.map((i) => h("select", { name: `ability${i}`, "aria-label": `starting ability of asset ${i + 1}` },
    h("option", { value: "" }, "starting ability…")));
  const named = slots.map((i) => h("input", { name: `assetname${i}`, "aria-label": `name on asset ${i + 1}`, hidden: true }));
  const texts = slots.map(() => h("ul", { class: "card-text", hidden: true }));
  const needsShip = creation.command_vehicle && !store.state.vehicle;
  // The command vehicle in the ruleset's words (its description's vehicle_kinds: Starforged's
  // STARSHIP card).
  const commandKind = (rules().vehicle_kinds || []).find((k) => k.command) || { label: "", card: null };
  const shipWord = commandKind.card || commandKind.label;
  const ship = needsShip ? h("input", { name: "ship", placeholder: `your ${shipWord}'s name (the ${commandKind.label})`, "aria-label": `${shipWord} name`,
    required: deck.some((a) => isShip(a.id)) }) : null;
  // What the card asks while choosing: its abilities' text (those it starts with marked), a
  // starting ability only where the card starts without one, its name field only where it has
  // one (a companion's name, a god's); the starship is named once, in the starship field.
  const sync = () => {
    assets.forEach((select, i) => {
      const card = deck.find((a) => a.id === select.value);
      texts[i].hidden = !card;
      texts[i].replaceChildren(...(card ? card.abilities.map((ab) => h("li", { class: ab.enabled ? "marked" : "" },
        ab.enabled ? "● " : "○ ", unlinked(ab.text))) : []));
      abilities[i].hidden = !card || card.abilities.some((ab) => ab.enabled);
      // The card's own abilities to start with (as many as it has).
      const kept = abilities[i].value;
      abilities[i].replaceChildren(h("option", { value: "" }, "starting ability…"),
        ...(card ? card.abilities.map((_, n) => h("option", { value: n + 1 }, `start with ability ${n + 1}`)) : []));
      abilities[i].value = card && kept && Number(kept) <= card.abilities.length ? kept : "";
      if (abilities[i].hidden) abilities[i].value = "";
      // A card that starts with none marked must have one chosen: the browser says so at the
      // field itself (in view), not the server's refusal in the banner out of view.
      abilities[i].required = !abilities[i].hidden;
      const field = card ? card.input || (card.fields || [])[0] || "" : "";
      named[i].hidden = !field || isShip(select.value);
      // What the field is, in words: "your hawk's name" (it read "name on Hawk"), "Wright:
      // specialty"; read aloud too.
      // (a name the card must be given is its own: a companion's)
      const own = field === "name" && (card.required_fields || []).includes(field);
      named[i].placeholder = !field ? "" : own ? `your ${card.name.toLowerCase()}'s name` : `${card.name}: ${field}`;
      named[i].setAttribute("aria-label", named[i].placeholder || `name on asset ${i + 1}`);
      if (named[i].hidden) named[i].value = "";
      named[i].required = !named[i].hidden && (card.required_fields || []).includes(field);
    });
  };
  for (const select of assets) select.addEventListener("change", sync);
  const vow = h("input", { name: "vow", placeholder: "background vow (your long-term goal)", "aria-label": "background vow" });
  // The ranks setup allows each vow (the first offered: the background vow's lowest).
  const vowRank = h("select", { name: "vowRank", "aria-label": "background vow rank" }, rules().background_ranks.map((r) => h("option", { value: r }, r)));
  // The inciting incident: the problem faced now, sworn as a vow (as the play wizard asks).
  const incident = h("input", { name: "incident", placeholder: "inciting incident (a vow)", "aria-label": "inciting incident" });
  const incidentRank = h("select", { name: "incidentRank", "aria-label": "inciting incident rank" },
    rules().inciting_ranks.map((r, i, all) => h("option", { value: r, selected: i === Math.floor(all.length / 2) }, r)));
  const form = h("form", { class: "create", onsubmit: async (e) => {
    e.preventDefault();
    const stats = STATS.map((s, i) => `${s}=${selects[i].querySelector("select").value}`).join(",");
    const shipName = ship ? ship.value.trim() : "";
    // The STARSHIP card carries the ship's name: the one typed under it, else the ship's.
    const cardName = (i) => named[i].value.trim() || (isShip(assets[i].value) ? shipName : "");
    const chosen = assets.map((a, i) => (a.value ? a.value + (abilities[i].value ? `:${abilities[i].value}` : "")
      + (cardName(i) ? `=${cardName(i)}` : "") : "")).filter(Boolean);
    // The STARSHIP card comes with the character (named here) when the deck has it.
    const card = deck.some((a) => isShip(a.id));
    const made = await act("character", clean({ name: name.value.trim(), stats,
      bonds: bonds.map((b) => b.value.trim()).filter(Boolean), assets: chosen,
      starship: card && !assets.some((a) => isShip(a.value)) ? shipName : "" }));
    if (!made) return;
    store.seat = made.name;
    localStorage.setItem("seat:" + NAME, store.seat);
    if (shipName && !card) await act("vehicle", { name: shipName });
    if (vow.value.trim()) await act("track", { kind: kindTaking("background"), text: vow.value.trim(), rank: vowRank.value, background: true });
    // The incident's vow is made unsworn: every page then offers the move on it until it is made.
    if (incident.value.trim()) await act("track", { kind: kindTaking("background"), text: incident.value.trim(), rank: incidentRank.value, unsworn: true });
    await refresh();
    store.made = made.name;
    renderCreate(); // a fresh form (with no starship question once the party has one)
    // Said where the player is looking (on a phone the sheet is far above the form).
    const said = document.querySelector("#tab-create .made");
    if (said) said.scrollIntoView({ block: "center" });
  } }, h("h3", {}, `A new ${rulesetName || ""} character`.replace("  ", " ")), name, h("div", { class: "stat-picks" }, selects),
  h("p", { class: "hint" }, `Stats: ${values.join(", ")} in any order.`), bonds,
  store.assets && !deck.length ? h("p", { class: "hint", "data-hint": "no-assets" },
    `No ${rulesetName} assets yet: the guide imports the Datasworn ${rulesetName} file under Campaigns (or 'ironsworn content import' on the server).`) : null,
  deck.length ? assets.map((a, i) => h("div", { class: "asset-pick" }, a, abilities[i], named[i], texts[i])) : null,
  ship, h("div", { class: "vow-pick" }, vow, vowRank), h("div", { class: "vow-pick" }, incident, incidentRank),
  h("p", { class: "hint" }, "Then swear an Iron Vow on the incident (offered right after)."),
  h("button", { type: "submit", class: "primary" }, "Create"));
  const offer = h("div", { class: "swear-offer", hidden: true });
  // The character just made: where it is, and the way to play.
  const made = store.made ? h("p", { class: "made", role: "status" }, `${store.made} is at the table; this page plays ${store.made}. `,
    h("button", { type: "button", class: "primary", onclick: () => showTab("moves") }, "Play: Moves")) : null;
  fill("tab-create", made, offer, form);
  drawOffer();
  store.drawOffer = drawOffer; // drawn again with the rest of the page (a vow sworn on any page)
  sync();
}

// The offer to swear on the inciting incident, as the play wizard makes it (until it is sworn).
function drawOffer() {
  const offer = document.querySelector("#tab-create .swear-offer");
  if (!offer) return;
  const offers = unsworn();
  offer.hidden = !offers.length;
  offer.replaceChildren(...offers.map(({ track, who }) => h("p", {},
    `${store.seat ? "Your" : `${who}’s`} inciting incident, “${track.name}”, is a vow: swear it now. `,
    h("button", { type: "button", class: "primary swear", onclick: () => swearOn(track.id, who) }, moveName(rules().swear)))));
}

export { renderCreate };
