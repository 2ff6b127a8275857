// The character sheet: the seat picker, the party, stats, meters, debilities, bonds, vehicles,
// assets and the progress boxes.
import { $, act, character, fill, h, html, loadDeck, rules, signed, store, svg, unlinked, words } from "./core.js";
import { decisions } from "./decisions.js";
import { render } from "./live.js";

// A phone's header has room for a short seat picker: its first option in fewer words there
// (the whole of "the guide (any character)" was cut to "the guide (any").
const PHONE = window.matchMedia("(max-width: 600px)");
PHONE.addEventListener("change", () => { if (store.state) renderSeat(); });

function renderSeat() {
  const select = $("seat");
  const names = store.state.characters.map((c) => c.name);
  // A player's token plays a character; only a guide (or this machine's own user) has the
  // guide seat.
  const guide = store.state.role === "guide";
  const first = guide ? (PHONE.matches ? "the guide" : "the guide (any character)") : "pick your character";
  const options = [h("option", { value: "" }, first)];
  for (const n of names) options.push(h("option", { value: n }, n));
  select.replaceChildren(...options);
  select.value = names.includes(store.seat) ? store.seat : "";
}

function pips(name, value, low, high, onset) {
  const row = h("div", { class: "pips", role: "group", "aria-label": name });
  for (let v = low; v <= high; v++) {
    const on = value >= 0 ? v > 0 && v <= value : v < 0 && v >= value;
    row.append(h("button", {
      type: "button", class: "pip" + (on ? " on" : "") + (v === value ? " now" : ""),
      title: `${name} ${signed(v)}`, "aria-pressed": v === value ? "true" : "false",
      "data-value": v, onclick: () => onset(v),
    }, low < 0 ? signed(v) : String(v)));
  }
  return row;
}

function renderSheet() {
  const char = character();
  if (!char) {
    // The way to the New character tab, a button (on a phone the tab was a screen away, named
    // in words only): its form opens with the name to type.
    const create = () => import("./page.js").then((page) => page.showTab("create")).then(() => {
      const name = document.querySelector("form.create input[name=name]");
      if (name) name.focus();
    });
    fill("sheet", h("p", { class: "empty" }, "No character yet: ",
      h("button", { type: "button", class: "small", id: "create-first", onclick: create }, "create one"), "."));
    return;
  }
  // A card the page has not read (the first read brought the cards held then; a character
  // took this one since): the whole deck is read and the sheet drawn again with its words.
  if (store.assets && !store.deck && char.assets.some((a) => !store.assets.some((card) => card.id === a.id))) {
    loadDeck().then(() => renderSheet(), () => {});
  }
  const adjust = (meter, to, from) => act("adjust", { character: char.name, meter, delta: to - from });
  const viewing = store.state.characters.length > 1 && !store.seat ? h("label", {},
    "Sheet of ", h("select", { onchange: (e) => { store.viewing = e.target.value; render(); } },
      store.state.characters.map((c) => h("option", { value: c.name, selected: c.name === char.name }, c.name)))) : null;
  // A stat is corrected by hand with the same checks as 'adjust' (the server refuses past +3).
  const step = (s, d) => h("button", { type: "button", class: "small", "data-stat": s, "data-step": d,
    title: `${s} ${d > 0 ? "+1" : "−1"} (a correction by hand)`, onclick: () => adjust(s, char.stats[s] + d, char.stats[s]) }, d > 0 ? "+" : "−");
  const stats = h("ul", { class: "stats" }, rules().stats.map((s) =>
    h("li", {}, h("span", { class: "stat-value" }, char.stats[s]), h("span", {}, s),
      h("span", { class: "stat-steps" }, step(s, -1), step(s, 1)))));
  const meters = rules().meters.map(({ name: m, min, max }) =>
    h("div", { class: "meter", "data-meter": m }, h("span", { class: "label" }, m, " ", h("b", {}, char[m])),
      pips(m, char[m], min, max, (v) => adjust(m, v, char[m]))));
  const momentum = h("div", { class: "meter momentum", "data-meter": "momentum" },
    h("span", { class: "label" }, "momentum ", h("b", {}, signed(char.momentum)),
      h("small", {}, ` max ${signed(char.momentum_max)} · reset ${signed(char.momentum_reset)}`)),
    pips("momentum", char.momentum, rules().momentum_min, char.momentum_max, (v) => adjust("momentum", v, char.momentum)),
    h("button", { type: "button", class: "small", onclick: () => adjust("momentum", char.momentum_reset, char.momentum) }, "reset"));
  // Classic debilities, or a Starforged character's impacts (grouped by their kind).
  const marked = char.impacts || char.debilities || [];
  const debilities = h("div", { class: "debilities" }, rules().marks.map(({ kind: group, names }) =>
    h("fieldset", {}, h("legend", {}, group), names.map((d) => h("label", {},
      h("input", { type: "checkbox", name: d, checked: marked.includes(d),
        onchange: (e) => act("debility", { character: char.name, name: d, mark: e.target.checked }) }), words(d))))));
  const xp = char.experience;
  const experience = h("div", { class: "xp" }, `experience ${xp.earned} earned · ${xp.spent} spent · ${xp.available} to spend `,
    h("button", { type: "button", class: "small", onclick: () => act("adjust", { character: char.name, meter: "experience", delta: 1 }) }, "+1"),
    h("button", { type: "button", class: "small", onclick: () => act("adjust", { character: char.name, meter: "experience", delta: -1 }) }, "−1"));
  // Starforged legacy tracks: ten boxes each, ticked by the moves (or by hand, one tick).
  const bonds = char.legacy
    ? h("div", { class: "bonds legacy" }, Object.entries(char.legacy).map(([name, track]) =>
      h("div", { class: "legacy-track", "data-legacy": name },
        h("h3", {}, `${name} legacy `, h("small", {}, `${track.ticks} tick${track.ticks === 1 ? "" : "s"}${track.completed ? " · completed" : ""}`),
          " ", h("button", { type: "button", class: "small", title: `mark one tick on ${name}`,
            onclick: () => act("legacy", { character: char.name, track: name, ticks: 1 }) }, "+1 tick")),
        boxes(track.ticks))))
    : h("div", { class: "bonds" }, h("h3", {}, "Bonds"), boxes(char.bonds.ticks),
      h("ul", {}, char.bonds.list.map((b) => h("li", {}, b))));
  const assets = h("div", { class: "assets" }, char.assets.map((a) => assetCard(a, char)));
  const equipment = char.equipment.length ? h("p", { class: "equipment" }, "equipment: ", char.equipment.join(", ")) : null;
  // Lasting effects of asset abilities (an elixir's +1, a rune's harm): moves use and end
  // them; the button ends one by hand, as 'lasting end'.
  const lasting = (char.lasting || []).length ? h("div", { class: "lasting" }, h("h3", {}, "Lasting effects"),
    h("ul", {}, char.lasting.map((e) => h("li", {}, `${e.id}: ${e.text} (${e.source}) `,
      h("button", { type: "button", class: "small", onclick: () => act("lasting_end", { character: char.name, name: e.id }) }, "end"))))) : null;
  fill("sheet", viewing, h("h2", { class: "char-name" }, char.name,
    char.status !== "active" ? h("small", {}, ` (${char.status})`) : null,
    initiativeBadge(char)),
  positionControl(char), stats, meters, momentum, debilities, experience, bonds, vehicleBlock(char), assets, lasting, equipment);
}

// In a fight: the initiative (Starforged: the position) changed by hand, as 'initiative', in
// the ruleset's words (its description's initiative: its name, the two values and labels).
function positionControl(char) {
  const word = rules().initiative;
  if (!inFight(char)) return null;
  const have = hasInitiative(char);
  const choice = (side, on) => h("button", { type: "button", class: "small" + (on ? " on" : ""),
    "data-initiative": side.value, "aria-pressed": on ? "true" : "false", disabled: on,
    onclick: () => act("initiative", { character: char.name, value: side.value }) }, side.label);
  return h("div", { class: "position-control", role: "group", "aria-label": word.name },
    h("span", { class: "label" }, `${word.name} `), choice(word.have, have), choice(word.lose, !have));
}

// Whether the character is in a track where the initiative means something (a fight).
function inFight(char) {
  const during = rules().initiative.during;
  return store.state.tracks.some((t) => during.includes(t.kind) && t.status === "active" && t.characters.includes(char.name));
}

// The sheet tells it as a position's words (Starforged, in a fight) or as the initiative flag.
function hasInitiative(char) {
  const word = rules().initiative;
  return char.position !== undefined && char.position !== null ? char.position === word.have.badge : Boolean(char.initiative);
}

// The badge beside the name: the initiative's word for the side the character is on (in a
// fight; classic keeps the initiative it won after one).
function initiativeBadge(char) {
  const word = rules().initiative;
  const have = hasInitiative(char);
  const badge = inFight(char) || have ? (have ? word.have : word.lose).badge : null;
  return badge ? h("span", { class: `badge position ${have ? "control" : "bad-spot"}` }, badge) : null;
}

// The party's vehicles (Starforged): the command vehicle's integrity as pips and its troubles
// as marks; every support and incidental vehicle with its integrity and marks, the modules
// with their broken flip; the command line's 'vehicle new --incidental', 'remove', 'mark' and
// 'clear' as controls.
function vehicleBlock(char) {
  const v = char.vehicle;
  if (!rules().creation.command_vehicle) return null;
  const listing = store.state.vehicles || { vehicles: [], modules: [] };
  // The kinds of vehicle in the ruleset's words (its description's vehicle_kinds).
  const kinds = rules().vehicle_kinds || [];
  const kindOf = (x) => kinds.find((k) => k.key === x.kind) || { key: x.kind, label: x.kind, meter: "", command: false, by_hand: false };
  const commandKind = kinds.find((k) => k.command) || { key: "", label: "", meter: "" };
  const handKind = kinds.find((k) => k.by_hand);
  const commandListed = listing.vehicles.find((x) => kindOf(x).command);
  const mark = (body, on) => act("vehicle_mark", { ...body, mark: on });
  const tableMarks = (x) => rules().vehicle_marks.map((m) => h("label", {},
    h("input", { type: "checkbox", name: m, checked: x.marks.includes(m),
      onchange: (e) => mark({ name: m, vehicle: x.key }, e.target.checked) }), words(m)));
  const command = v ? h("div", { class: "vehicle", "data-vehicle": commandKind.key },
    h("div", { class: "meter", "data-meter": commandKind.meter },
      h("span", { class: "label" }, `${v.name} · ${commandKind.meter} `, h("b", {}, v.integrity), `/${v.max}`),
      pips(commandKind.meter, v.integrity, 0, v.max, (to) => act("adjust", { character: char.name, meter: commandKind.meter, delta: to - v.integrity }))),
    h("div", { class: "debilities" },
      h("fieldset", {}, h("legend", {}, "vehicle troubles"), (store.state.vehicle_impacts || []).map((i) => h("label", {},
        h("input", { type: "checkbox", name: i.name, checked: v.impacts.includes(i.name),
          onchange: (e) => act("debility", { character: char.name, name: i.name, mark: e.target.checked }) }), words(i.name)))),
      commandListed ? h("fieldset", { class: "table-marks" }, h("legend", {}, "left by damage"), tableMarks(commandListed)) : null))
    : h("p", { class: "vehicle empty" }, `No ${commandKind.label}: name it under New character.`);
  const others = listing.vehicles.filter((x) => !kindOf(x).command).map((x) => h("div", { class: `vehicle other ${x.kind}`, "data-vehicle": x.key },
    h("span", { class: "label" }, h("b", {}, x.name), h("span", {}, ` ${kindOf(x).label} · ${kindOf(x).meter} `, h("b", { class: "integrity" }, x.integrity), `/${x.max}`),
      kindOf(x).by_hand ? h("button", { type: "button", class: "small remove", title: `leave ${x.name} behind`,
        onclick: () => act("vehicle", { name: x.name, incidental: true, remove: true }) }, "remove") : null),
    h("div", { class: "debilities" },
      (rules().vehicle_troubles[x.kind] || []).length && !kindOf(x).command ? h("fieldset", {}, h("legend", {}, "trouble"),
        rules().vehicle_troubles[x.kind].map((t) => h("label", {},
          h("input", { type: "checkbox", name: t, checked: x.troubles.includes(t),
            onchange: (e) => mark({ name: t, vehicle: x.key }, e.target.checked) }), t))) : null,
      h("fieldset", { class: "table-marks" }, h("legend", {}, "left by damage"), tableMarks(x)))));
  // The modules with their broken flip, in the ruleset's words (its description's modules).
  const part = rules().modules;
  const modules = part && listing.modules.length ? h("div", { class: "modules" }, h("span", { class: "label" }, `${part.label} `),
    listing.modules.map((m) => h("label", { class: `module${m.broken ? " out" : ""}`, "data-module": m.key },
      h("input", { type: "checkbox", name: part.mark, checked: m.broken,
        onchange: (e) => mark({ name: part.mark, module: m.key }, e.target.checked) }),
      ` ${m.name}`, m.broken ? h("b", {}, ` [${part.mark}]`) : null))) : null;
  // A change heard while typing redraws the sheet: what was typed is kept in the store.
  const typed = store.newVehicle || (store.newVehicle = { name: "", integrity: "2" });
  if (!handKind) return h("div", { class: "vehicles" }, command, others, modules);
  const name = h("input", { name: "incidental", placeholder: handKind.label, title: `${handKind.label} (a borrowed skiff): its name`, "aria-label": `${handKind.label} name`, value: typed.name,
    oninput: (e) => { typed.name = e.target.value; } });
  const integrity = h("input", { name: "incidental-integrity", type: "number", min: 1, max: 10, value: typed.integrity, class: "short", "aria-label": `its ${handKind.meter}`,
    oninput: (e) => { typed.integrity = e.target.value; } });
  const add = h("form", { class: "inline new-vehicle", onsubmit: async (e) => {
    e.preventDefault();
    if (!typed.name.trim()) return;
    if (await act("vehicle", { name: typed.name.trim(), incidental: true, integrity: Number(typed.integrity) })) {
      store.newVehicle = null;
      renderSheet();
    }
  } }, name, h("label", {}, `${handKind.meter} `, integrity), h("button", { type: "submit", class: "small" }, "add"));
  return h("div", { class: "vehicles" }, command, others, modules, add);
}

function assetCard(asset, char) {
  const card = store.assets ? store.assets.find((a) => a.id === asset.id) : null;
  const abilities = (card ? card.abilities : asset.abilities.map(() => ({ text: "" })));
  // Changed by hand with the same checks as 'asset mark|clear' and 'asset track'.
  const toggle = (i) => act("asset_mark", { character: char.name, asset: asset.id, ability: i + 1, mark: !asset.abilities[i] });
  const tracks = [];
  if (asset.meter) tracks.push([asset.meter.name, asset.meter]);
  for (const [name, track] of Object.entries(asset.tracks || {})) tracks.push([name, track]);
  // The crew's card (Starforged: the STARSHIP, a module, a support vehicle) and who earned
  // it, in the ruleset's words (its description's crew_card).
  const crewWords = rules().crew_card;
  const crew = asset.crew && crewWords ? h("small", { class: "crew", title: crewWords.title },
    `${crewWords.label}${asset.owner ? ` · ${crewWords.owner.replace("{owner}", asset.owner)}` : ""}`) : null;
  return h("article", { class: "asset", "data-asset": asset.id },
    h("h4", {}, asset.name, asset.input ? h("small", { class: "given" }, ` ${asset.given || asset.input}`) : null, h("small", { class: "type" }, ` ${words(asset.type).toLowerCase()}`)),
    // Delve: the rarity augmenting the card (a move it aids rolls the rarity die).
    asset.rarity ? h("p", { class: "rarity" }, "rarity: ", h("b", {}, asset.rarity_name || asset.rarity)) : null,
    crew ? h("p", { class: "crew-line" }, crew) : null,
    h("ul", {}, abilities.map((a, i) => h("li", { class: asset.abilities[i] ? "marked" : "" },
      h("button", { type: "button", class: "dot", "data-ability": i + 1, title: asset.abilities[i] ? "clear this ability" : "mark this ability",
        "aria-pressed": asset.abilities[i] ? "true" : "false", onclick: () => toggle(i) }, asset.abilities[i] ? "●" : "○"),
      " ", card && card.abilities_html ? html("span", { class: "ability-text" }, card.abilities_html[i]) : unlinked(a.text || `ability ${i + 1}`)))),
    tracks.map(([name, track]) => h("div", { class: "asset-meter", "data-track": name },
      h("span", { class: "label" }, `${name} `, h("b", {}, track.value), `/${track.max}`),
      pips(`${asset.name} ${name}`, track.value, 0, track.max,
        (v) => act("asset_track", { character: char.name, asset: asset.id, track: name, value: v })))));
}

// The rulebook draws progress as ten boxes; each tick is one line in a box (four fill it).
// A row is drawn once for each count of ticks and copied after: a campaign's tracks draw
// hundreds of boxes with each change.
const BOX_ROWS = new Map();
function boxes(ticks) {
  if (!BOX_ROWS.has(ticks)) BOX_ROWS.set(ticks, boxRow(ticks));
  return BOX_ROWS.get(ticks).cloneNode(true);
}

function boxRow(ticks) {
  const row = h("div", { class: "boxes", title: `${ticks} ticks`, "data-ticks": ticks });
  const lines = [[2, 18, 18, 2], [2, 2, 18, 18], [10, 1, 10, 19], [1, 10, 19, 10]];
  for (let b = 0; b < 10; b++) {
    const s = svg("svg", { viewBox: "0 0 20 20", class: "box", "aria-hidden": "true" });
    const n = Math.max(0, Math.min(4, ticks - b * 4));
    for (let i = 0; i < n; i++) {
      const [x1, y1, x2, y2] = lines[i];
      s.append(svg("line", { x1, y1, x2, y2 }));
    }
    row.append(s);
  }
  return row;
}

// The party at a glance: every character's meters and who owes a decision; on the guide's
// page a name opens that character's sheet.
function renderParty() {
  const chars = store.state.characters;
  if (chars.length < 2) { fill("party"); return; }
  const owing = new Set(decisions().map((p) => p.character));
  const shown = character();
  fill("party", chars.map((c) => h(store.seat ? "div" : "button", {
    type: store.seat ? null : "button", class: "member" + (shown && c.name === shown.name ? " me" : ""), "data-character": c.name,
    onclick: store.seat ? null : () => { store.viewing = c.name; render(); },
  }, h("b", {}, c.name), ` ${rules().meters.map((m) => `${m.name} ${c[m.name]}`).join(" · ")} · momentum ${signed(c.momentum)}`,
    c.status !== "active" ? ` (${c.status})` : "", owing.has(c.name) ? h("span", { class: "decides" }, " · decides") : null)));
}

export { renderSeat, pips, renderSheet, positionControl, vehicleBlock, assetCard, boxes, renderParty };
