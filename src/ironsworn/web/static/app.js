// The Ironsworn table's page. The server holds the truth: this script reads the JSON API,
// draws it, and sends actions; it never computes a rule. Every piece of text a player typed
// reaches the page through textContent (never as HTML), except journal entries, whose HTML the
// server renders from Markdown with raw HTML off.
"use strict";

const NAME = decodeURIComponent(location.pathname.split("/")[2] || "");
// An invite link's token is in a cookie now (set with this page): take it out of the address,
// so it is neither shown, bookmarked nor kept in this tab's history.
if (new URLSearchParams(location.search).has("token")) history.replaceState(null, "", location.pathname);
const BASE = `/api/c/${encodeURIComponent(NAME)}`;
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

const TIMELINE = 100; // entries a page of the timeline holds ("earlier" reads the page before)
const store = {
  state: null, version: -1, timeline: [], earlier: [], noEarlier: false, moves: null, oracles: null, assets: null,
  npcs: null, truths: null, move: null, panel: null, result: null, viewing: null,
  unsworn: {}, // vows this page made at creation and has not yet sworn on: {track id: its name}
};
let seat = localStorage.getItem("seat:" + NAME) || "";

// ------------------------------------------------------------------------------ helpers

function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith("on")) el.addEventListener(k.slice(2), v);
    else if (k === "class") el.className = v;
    else el.setAttribute(k, v === true ? "" : String(v));
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

function svg(tag, attrs) {
  const el = document.createElementNS("http://www.w3.org/2000/svg", tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  return el;
}

const $ = (id) => document.getElementById(id);
const signed = (n) => (n > 0 ? `+${n}` : String(n));
const pct = (x) => `${(Number(x) * 100).toFixed(1)}%`;
const words = (s) => String(s).replace(/_/g, " ");
// Datasworn text links a move as [Name](move:...): the page shows the name.
const unlinked = (s) => String(s).replace(/\[([^\]]+)\]\((?:move|asset|oracle_rollable|oracle_collection):[^)]*\)/g, "$1");

function fill(id, ...children) {
  const el = $(id);
  const typed = typedIn(el);
  el.replaceChildren(...children.flat(Infinity).filter((c) => c !== null && c !== undefined));
  restoreTyped(el, typed);
  return el;
}

// What a player is typing survives a redraw: a change heard from another page (or another
// player) redraws whole panels, and would otherwise wipe a half-written name. A field counts
// as typed from its first input until its form is sent; sending clears the mark, so the
// redraw that follows a player's own action still empties the form.
const FIELDS = "input:not([type=hidden]):not([type=file]), textarea, select";

function fieldKeys(root) {
  const seen = {};
  return [...root.querySelectorAll(FIELDS)].map((f) => {
    const base = [f.tagName, f.type, f.name, f.getAttribute("aria-label"), f.placeholder].join("|");
    seen[base] = (seen[base] || 0) + 1;
    return [`${base}|${seen[base]}`, f];
  });
}

function typedIn(root) {
  const typed = [];
  for (const [key, f] of fieldKeys(root)) {
    if (!f.dataset.typed) continue;
    const value = f.type === "checkbox" || f.type === "radio" ? f.checked : f.value;
    const focused = document.activeElement === f;
    typed.push({ key, value, focused, start: focused ? f.selectionStart : null, end: focused ? f.selectionEnd : null });
  }
  return typed;
}

function restoreTyped(root, typed) {
  if (!typed.length) return;
  const fields = new Map(fieldKeys(root));
  for (const t of typed) {
    const f = fields.get(t.key);
    if (!f) continue;
    if (f.type === "checkbox" || f.type === "radio") f.checked = t.value;
    else if (f.tagName === "SELECT") {
      if (![...f.options].some((o) => o.value === t.value)) continue;
      f.value = t.value;
      f.dispatchEvent(new Event("change")); // a select that fills another (a truth's options)
    } else f.value = t.value;
    f.dataset.typed = "yes";
    if (t.focused) {
      f.focus();
      if (t.start !== null && typeof f.setSelectionRange === "function") {
        try { f.setSelectionRange(t.start, t.end); } catch (_) { /* a field without a caret */ }
      }
    }
  }
}

function markTyped(e) {
  if (e.target instanceof Element && e.target.matches(FIELDS)) e.target.dataset.typed = "yes";
}

function clearTyped(scope) {
  if (!scope) return;
  for (const f of scope.querySelectorAll("[data-typed]")) delete f.dataset.typed;
}

document.addEventListener("input", markTyped, true);
// A rules link in a result or a move's text ([Pay the Price](move:...)) opens that move.
document.addEventListener("click", (e) => {
  const link = e.target instanceof Element ? e.target.closest('a[href^="#move:"]') : null;
  if (!link) return;
  e.preventDefault();
  showTab("moves").then(() => openMove(decodeURIComponent(link.getAttribute("href").slice(1))));
});
document.addEventListener("change", (e) => { if (e.isTrusted) markTyped(e); }, true);
document.addEventListener("submit", (e) => clearTyped(e.target), true);
document.addEventListener("click", (e) => {
  const button = e.target instanceof Element ? e.target.closest("button") : null;
  if (button) clearTyped(button.closest("form"));
}, true);

function showError(message) {
  const el = $("error");
  el.textContent = message;
  el.hidden = !message;
  if (message) setTimeout(() => { if (el.textContent === message) el.hidden = true; }, 8000);
}

// The live indicator says what is true: "live" while the change stream is open and the last
// request got through, "reconnecting" while requests or the stream are being retried (the
// server or its database away), "offline" when the browser has no network.
const LIVE_WORDS = { live: "live", reconnecting: "reconnecting…", offline: "offline" };
function setLive(state) {
  const el = $("live");
  if (!el) return;
  el.className = `live ${state}`;
  el.dataset.state = state;
  el.replaceChildren("●", h("span", { class: "word" }, ` ${LIVE_WORDS[state]}`));
  el.title = `live updates: ${LIVE_WORDS[state]}`;
}

// A state-changing request carries an id of its own; a retry (a lost answer, a database
// coming back) sends the same id, and the server applies it once and answers as the first time.
function requestId() {
  const bytes = crypto.getRandomValues(new Uint8Array(16)); // randomUUID needs https
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}
const RETRY_MS = [500, 1000, 2000, 4000]; // then the error is shown (the stream keeps trying)
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function api(method, path, body) {
  const headers = { "X-Ironsworn-Request": "1", "X-Ironsworn-Page": "1" };
  if (seat) headers["X-Ironsworn-Seat"] = encodeURIComponent(seat);
  if (method !== "GET") headers["Idempotency-Key"] = requestId();
  let payload;
  if (body instanceof Blob || typeof body === "string") payload = body;
  else if (body !== undefined) {
    headers["Content-Type"] = "application/json";
    payload = JSON.stringify(body);
  }
  for (let attempt = 0; ; attempt++) {
    let response;
    try {
      response = await fetch(path, { method, headers, body: payload, credentials: "same-origin" });
    } catch (err) {
      // No answer: the request may or may not have been applied; the same id makes it safe.
      if (attempt < RETRY_MS.length) {
        setLive(navigator.onLine === false ? "offline" : "reconnecting");
        await sleep(RETRY_MS[attempt]);
        continue;
      }
      throw new Error("the table cannot be reached (offline, or the server is down); retrying");
    }
    if (response.status === 503 && attempt < RETRY_MS.length) {
      setLive("reconnecting");
      await sleep(RETRY_MS[attempt]);
      continue;
    }
    const data = await response.json().catch(() => ({ error: response.statusText }));
    if (response.status === 503) { setLive("reconnecting"); throw new Error(data.error || "the table is unavailable"); }
    if (store.live && $("live").dataset.state !== "live") setLive("live");
    if (!response.ok) throw new Error(data.error || response.statusText);
    return data;
  }
}

async function act(action, body, { keepResult = false } = {}) {
  try {
    showError("");
    const data = await api("POST", `${BASE}/actions/${action}`, body || {});
    if (keepResult) store.result = { action, data };
    // Undo takes back an operation: a result on screen that it took back says so.
    if (action === "undo" && data && data.undone && store.result && store.result.seq === data.undone.seq) store.result.undone = true;
    if (action === "redo" && data && data.redone && store.result && store.result.seq === data.redone.seq) store.result.undone = false;
    await refresh();
    if (keepResult && store.result && store.result.data === data && store.state) store.result.seq = store.state.head;
    // The result and the decision it raised are above the move that was made (far above on
    // a phone): bring them into view.
    if (keepResult) showOutcome();
    return data;
  } catch (err) {
    showError(err.message);
    return null;
  }
}

function showOutcome() {
  const outcome = $("outcome");
  if (!outcome || !outcome.firstElementChild) return;
  const box = outcome.getBoundingClientRect();
  const header = $("top").getBoundingClientRect().bottom;
  if (box.top < Math.max(0, header) || box.top > window.innerHeight * 0.5) outcome.scrollIntoView({ block: "start" });
}

// The server renders the rules' Markdown (and journal entries) with raw HTML off: it is the
// only HTML this page takes from the network.
function html(tag, attrs, markup) {
  const el = h(tag, attrs);
  el.innerHTML = markup;
  return el;
}

// An effect's target as a player reads it: a track's name, not its id.
function targetName(target) {
  const [id, ...rest] = String(target).split(":");
  const track = store.state ? store.state.tracks.find((t) => t.id === id) : null;
  if (track) {
    const what = rest.join(":");
    return `${track.name}${what ? ` ${what === "ticks" ? "progress" : words(what)}` : ""}`;
  }
  return words(target);
}

function clean(obj) {
  const out = {};
  for (const [k, v] of Object.entries(obj)) {
    if (v === "" || v === null || v === undefined) continue;
    if (Array.isArray(v) && !v.length) continue;
    out[k] = v;
  }
  return out;
}

// --------------------------------------------------------------------------- refreshing

async function refresh() {
  // Reads overlap (a change heard while an action's own refresh is under way): the answer of
  // an older read must never be drawn over a newer one, or the page shows a stale state and,
  // with no further change to hear, stays so.
  const ticket = (store.ticket = (store.ticket || 0) + 1);
  try {
    // Both asked at once; the sheet is drawn as soon as the state is here.
    const timeline = api("GET", `${BASE}/timeline?last=${TIMELINE}`);
    timeline.catch(() => {}); // reported below if the state was read; else the state's error
    const state = await api("GET", `${BASE}/state`);
    if (ticket < (store.drawn || 0)) return;
    store.drawn = ticket;
    store.state = state;
    store.version = state.version;
    render();
    if (store.move) loadPanel(store.move, false);
    const latest = await timeline;
    if (ticket < store.drawn) return;
    // Earlier pages the player loaded stay, with the entries that have left the latest page.
    if (store.earlier.length) store.earlier = timelineShown();
    store.timeline = latest;
    renderTimeline();
    // Caught up: an error banner left by the outage goes (a player's own error stays its time).
    if (store.outage) { store.outage = false; showError(""); }
  } catch (err) {
    store.outage = true;
    // Behind and unable to read (the network is down, the server restarting): try again
    // shortly; the page catches up by itself.
    showError(err.message);
    if (!store.retry) store.retry = setTimeout(() => { store.retry = null; refresh(); }, 1000);
  }
}

function listen() {
  const source = new EventSource(`${BASE}/events`);
  source.addEventListener("change", (event) => {
    const change = JSON.parse(event.data);
    // Any version other than ours (a gap after sleep or a lost connection included) means
    // the page is behind: read the state again.
    if (change.version !== store.version) refresh();
  });
  source.onopen = () => { store.live = true; setLive("live"); };
  window.addEventListener("online", () => refresh());
  window.addEventListener("offline", () => setLive("offline"));
  document.addEventListener("visibilitychange", () => { if (!document.hidden) refresh(); });
  // The browser reopens the stream by itself (every second, as the server asks).
  source.onerror = () => { store.live = false; setLive(navigator.onLine === false ? "offline" : "reconnecting"); };
}

function character() {
  const chars = store.state ? store.state.characters : [];
  const name = seat || store.viewing;
  return chars.find((c) => c.name === name) || chars[0] || null;
}

// ------------------------------------------------------------------------------ drawing

function render() {
  $("campaign-name").textContent = NAME;
  document.title = `${NAME} — Ironsworn table`;
  renderSeat();
  renderParty();
  renderSheet();
  renderTracks();
  renderPending();
  renderResult();
  renderWorld();
}

// Undo asks first, saying what it takes back. In co-op a player's page undoes only its own
// character's last operation (the server refuses the others'); the guide undoes any.
function askUndo() {
  const last = [...store.timeline].reverse().find((e) => e.status === "live");
  const bar = $("confirm");
  const close = () => { bar.hidden = true; bar.replaceChildren(); };
  if (!last) { showError("nothing to undo"); return; }
  const whose = last.character ? `${last.character}'s ` : "";
  const what = `#${last.seq} ${whose}${last.summary || last.kind}`;
  const player = store.state.role !== "guide";
  if (player && last.character !== seat) {
    bar.replaceChildren(h("span", {}, `The last operation is ${what}: only ${last.character ? `${last.character}'s page` : "its page"} or the guide can undo it.`),
      h("button", { type: "button", onclick: close }, "OK"));
  } else {
    bar.replaceChildren(h("span", {}, `Undo ${what}?`),
      h("button", { type: "button", class: "primary", id: "confirm-undo", onclick: () => { close(); act("undo"); } }, "Undo it"),
      h("button", { type: "button", onclick: close }, "Keep it"));
  }
  bar.hidden = false;
  const first = bar.querySelector("button");
  if (first) first.focus();
}

function renderSeat() {
  const select = $("seat");
  const names = store.state.characters.map((c) => c.name);
  // A player's token plays a character; only a guide (or this machine's own user) has the
  // guide seat.
  const guide = store.state.role === "guide";
  const options = [h("option", { value: "" }, guide ? "the guide (any character)" : "pick your character")];
  for (const n of names) options.push(h("option", { value: n }, n));
  select.replaceChildren(...options);
  select.value = names.includes(seat) ? seat : "";
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
    fill("sheet", h("p", { class: "empty" }, "No character yet: create one under New character."));
    return;
  }
  const adjust = (meter, to, from) => act("adjust", { character: char.name, meter, delta: to - from });
  const viewing = store.state.characters.length > 1 && !seat ? h("label", {},
    "Sheet of ", h("select", { onchange: (e) => { store.viewing = e.target.value; render(); } },
      store.state.characters.map((c) => h("option", { value: c.name, selected: c.name === char.name }, c.name)))) : null;
  // A stat is corrected by hand with the same checks as 'adjust' (the server refuses past +3).
  const step = (s, d) => h("button", { type: "button", class: "small", "data-stat": s, "data-step": d,
    title: `${s} ${d > 0 ? "+1" : "−1"} (a correction by hand)`, onclick: () => adjust(s, char.stats[s] + d, char.stats[s]) }, d > 0 ? "+" : "−");
  const stats = h("ul", { class: "stats" }, STATS.map((s) =>
    h("li", {}, h("span", { class: "stat-value" }, char.stats[s]), h("span", {}, s),
      h("span", { class: "stat-steps" }, step(s, -1), step(s, 1)))));
  const meters = ["health", "spirit", "supply"].map((m) =>
    h("div", { class: "meter", "data-meter": m }, h("span", { class: "label" }, m, " ", h("b", {}, char[m])),
      pips(m, char[m], 0, 5, (v) => adjust(m, v, char[m]))));
  const momentum = h("div", { class: "meter momentum", "data-meter": "momentum" },
    h("span", { class: "label" }, "momentum ", h("b", {}, signed(char.momentum)),
      h("small", {}, ` max ${signed(char.momentum_max)} · reset ${signed(char.momentum_reset)}`)),
    pips("momentum", char.momentum, -6, char.momentum_max, (v) => adjust("momentum", v, char.momentum)),
    h("button", { type: "button", class: "small", onclick: () => adjust("momentum", char.momentum_reset, char.momentum) }, "reset"));
  // Classic debilities, or a Starforged character's impacts (grouped by their kind).
  const marked = char.impacts || char.debilities || [];
  let groups = DEBILITIES;
  if (char.impacts) {
    const byKind = {};
    for (const i of store.state.impacts) (byKind[i.kind] = byKind[i.kind] || []).push(i.name);
    groups = Object.entries(byKind);
  }
  const debilities = h("div", { class: "debilities" }, groups.map(([group, names]) =>
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
    char.position ? h("span", { class: `badge position ${char.position === "in control" ? "control" : "bad-spot"}` }, char.position)
      : char.initiative ? h("span", { class: "badge" }, "initiative") : null),
  positionControl(char), stats, meters, momentum, debilities, experience, bonds, vehicleBlock(char), assets, lasting, equipment);
}

// In a fight: the initiative (Starforged: the position) changed by hand, as 'initiative'.
function positionControl(char) {
  const starforged = char.ruleset === "starforged";
  const inFight = starforged ? char.position != null : store.state.tracks.some((t) =>
    t.kind === "fight" && t.status === "active" && t.characters.includes(char.name));
  if (!inFight) return null;
  const have = starforged ? char.position === "in control" : char.initiative;
  const choice = (value, label, on) => h("button", { type: "button", class: "small" + (on ? " on" : ""),
    "data-initiative": value, "aria-pressed": on ? "true" : "false", disabled: on,
    onclick: () => act("initiative", { character: char.name, value }) }, label);
  return h("div", { class: "position-control", role: "group", "aria-label": starforged ? "position" : "initiative" },
    h("span", { class: "label" }, starforged ? "position " : "initiative "),
    starforged ? [choice("in control", "in control", have), choice("bad spot", "in a bad spot", !have)]
      : [choice("have", "have it", have), choice("lose", "lost", !have)]);
}

// The party's vehicles (Starforged): the command vehicle's integrity as pips and its troubles
// as marks; every support and incidental vehicle with its integrity and marks, the modules
// with their broken flip; the command line's 'vehicle new --incidental', 'remove', 'mark' and
// 'clear' as controls.
function vehicleBlock(char) {
  const v = char.vehicle;
  if (char.ruleset !== "starforged") return null;
  const listing = store.state.vehicles || { vehicles: [], modules: [] };
  const byKey = Object.fromEntries(listing.vehicles.map((x) => [x.key, x]));
  const mark = (body, on) => act("vehicle_mark", { ...body, mark: on });
  const tableMarks = (x) => VEHICLE_MARKS.map((m) => h("label", {},
    h("input", { type: "checkbox", name: m, checked: x.marks.includes(m),
      onchange: (e) => mark({ name: m, vehicle: x.key }, e.target.checked) }), words(m)));
  const command = v ? h("div", { class: "vehicle", "data-vehicle": "command" },
    h("div", { class: "meter", "data-meter": "integrity" },
      h("span", { class: "label" }, `${v.name} · integrity `, h("b", {}, v.integrity), `/${v.max}`),
      pips("integrity", v.integrity, 0, v.max, (to) => act("adjust", { character: char.name, meter: "integrity", delta: to - v.integrity }))),
    h("div", { class: "debilities" },
      h("fieldset", {}, h("legend", {}, "vehicle troubles"), (store.state.vehicle_impacts || []).map((i) => h("label", {},
        h("input", { type: "checkbox", name: i.name, checked: v.impacts.includes(i.name),
          onchange: (e) => act("debility", { character: char.name, name: i.name, mark: e.target.checked }) }), words(i.name)))),
      byKey.command ? h("fieldset", { class: "table-marks" }, h("legend", {}, "left by damage"), tableMarks(byKey.command)) : null))
    : h("p", { class: "vehicle empty" }, "No command vehicle: name your starship under New character.");
  const others = listing.vehicles.filter((x) => x.kind !== "command").map((x) => h("div", { class: `vehicle other ${x.kind}`, "data-vehicle": x.key },
    h("span", { class: "label" }, h("b", {}, x.name), h("span", {}, ` ${x.kind} · integrity `, h("b", { class: "integrity" }, x.integrity), `/${x.max}`),
      x.kind === "incidental" ? h("button", { type: "button", class: "small remove", title: `leave ${x.name} behind`,
        onclick: () => act("vehicle", { name: x.name, incidental: true, remove: true }) }, "remove") : null),
    h("div", { class: "debilities" },
      x.kind === "support" ? h("fieldset", {}, h("legend", {}, "trouble"), h("label", {},
        h("input", { type: "checkbox", name: "battered", checked: x.troubles.includes("battered"),
          onchange: (e) => mark({ name: "battered", vehicle: x.key }, e.target.checked) }), "battered")) : null,
      h("fieldset", { class: "table-marks" }, h("legend", {}, "left by damage"), tableMarks(x)))));
  const modules = listing.modules.length ? h("div", { class: "modules" }, h("span", { class: "label" }, "modules "),
    listing.modules.map((m) => h("label", { class: "module" + (m.broken ? " broken" : ""), "data-module": m.key },
      h("input", { type: "checkbox", name: "broken", checked: m.broken,
        onchange: (e) => mark({ name: "broken", module: m.key }, e.target.checked) }),
      ` ${m.name}`, m.broken ? h("b", {}, " [broken]") : null))) : null;
  // A change heard while typing redraws the sheet: what was typed is kept in the store.
  const typed = store.newVehicle || (store.newVehicle = { name: "", integrity: "2" });
  const name = h("input", { name: "incidental", placeholder: "incidental vehicle", title: "an incidental vehicle (a borrowed skiff): its name", "aria-label": "incidental vehicle name", value: typed.name,
    oninput: (e) => { typed.name = e.target.value; } });
  const integrity = h("input", { name: "incidental-integrity", type: "number", min: 1, max: 10, value: typed.integrity, class: "short", "aria-label": "its integrity",
    oninput: (e) => { typed.integrity = e.target.value; } });
  const add = h("form", { class: "inline new-vehicle", onsubmit: async (e) => {
    e.preventDefault();
    if (!typed.name.trim()) return;
    if (await act("vehicle", { name: typed.name.trim(), incidental: true, integrity: Number(typed.integrity) })) {
      store.newVehicle = null;
      renderSheet();
    }
  } }, name, h("label", {}, "integrity ", integrity), h("button", { type: "submit", class: "small" }, "add"));
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
  return h("article", { class: "asset", "data-asset": asset.id },
    h("h4", {}, asset.name, asset.input ? h("small", {}, ` ${asset.input}`) : null, h("small", { class: "type" }, ` ${asset.type}`)),
    h("ul", {}, abilities.map((a, i) => h("li", { class: asset.abilities[i] ? "marked" : "" },
      h("button", { type: "button", class: "dot", "data-ability": i + 1, title: asset.abilities[i] ? "clear this ability" : "mark this ability",
        "aria-pressed": asset.abilities[i] ? "true" : "false", onclick: () => toggle(i) }, asset.abilities[i] ? "●" : "○"),
      " ", unlinked(a.text || `ability ${i + 1}`)))),
    tracks.map(([name, track]) => h("div", { class: "asset-meter", "data-track": name },
      h("span", { class: "label" }, `${name} `, h("b", {}, track.value), `/${track.max}`),
      pips(`${asset.name} ${name}`, track.value, 0, track.max,
        (v) => act("asset_track", { character: char.name, asset: asset.id, track: name, value: v })))));
}

// The rulebook draws progress as ten boxes; each tick is one line in a box (four fill it).
function boxes(ticks) {
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

function renderTracks() {
  const tracks = store.state.tracks.filter((t) => t.status === "active");
  const list = tracks.map((t) => h("article", { class: "track", "data-track": t.id },
    h("h4", {}, t.name, h("small", {}, ` ${t.kind}${t.role ? ` (${t.role})` : ""} · ${t.rank} · ${t.characters.join(", ")}`)),
    // The boxes themselves mark progress (one mark of the track's rank), as on paper.
    h("button", { type: "button", class: "boxes-button", title: `mark progress on ${t.name}`, "aria-label": `mark progress on ${t.name}`,
      onclick: () => act("progress", { track: t.id }) }, boxes(t.ticks)),
    foesOf(t),
    h("div", { class: "track-actions" },
      h("button", { type: "button", class: "small", onclick: () => act("progress", { track: t.id }) }, "mark progress"),
      h("button", { type: "button", class: "small", title: "clear one mark of progress", onclick: () => act("progress", { track: t.id, mark: false }) }, "−"),
      t.kind === "scene" ? h("button", { type: "button", class: "small", onclick: () => act("scene_resolve", { track: t.id }, { keepResult: true }) }, "resolve")
        : progressMove(t.kind) ? h("button", { type: "button", class: "small", "data-progress-move": progressMove(t.kind),
          onclick: () => showTab("moves").then(() => openMove(progressMove(t.kind), t.id)) }, words(progressMove(t.kind).split("/").pop())) : null,
      store.unsworn[t.id] ? h("button", { type: "button", class: "small swear", onclick: () => swearOn(t.id) }, "Swear an Iron Vow") : null,
      h("span", { class: "score" }, `score ${t.score}`))));
  const kinds = store.state.track_kinds || ["vow", "journey", "fight", "scene"];
  const kind = h("select", { name: "kind", "aria-label": "kind of track" }, kinds.map((k) => h("option", { value: k }, k)));
  const role = h("input", { name: "role", placeholder: "their role", "aria-label": "connection's role", hidden: true });
  kind.addEventListener("change", () => { role.hidden = kind.value !== "connection"; });
  const text = h("input", { name: "text", placeholder: "what it is for", "aria-label": "what the track is for" });
  const rank = h("select", { name: "rank", "aria-label": "the new track's rank" }, h("option", { value: "" }, "rank (a foe's own)"), RANKS.map((r) => h("option", { value: r }, r)));
  const foe = h("select", { name: "foe", "aria-label": "the foe of a new fight" }, h("option", { value: "" }, "foe…"),
    (store.npcs || []).map((n) => h("option", { value: n.id }, n.name)));
  const form = h("form", { class: "new-track", onsubmit: (e) => {
    e.preventDefault();
    act("track", clean({ kind: kind.value, text: text.value, rank: rank.value, foe: kind.value === "fight" ? foe.value : "",
      role: kind.value === "connection" ? role.value.trim() : "" }));
  } }, kind, text, role, rank, foe, h("button", { type: "submit" }, "Start"));
  // Completed and forsaken tracks stay viewable, folded away.
  const done = store.state.tracks.filter((t) => t.status !== "active");
  const archive = done.length ? h("details", { class: "archive" }, h("summary", {}, `Completed and closed (${done.length})`),
    h("ul", {}, done.map((t) => h("li", { "data-track": t.id }, h("b", {}, t.name), ` ${t.kind} · ${t.rank} · ${t.status} · score ${t.score}`)))) : null;
  fill("tracks", h("h3", {}, "Progress tracks"), list.length ? list : h("p", { class: "empty" }, "No active track."), archive, form);
}

// The move panel on Swear an Iron Vow with this vow chosen (the play wizard's offer).
async function swearOn(trackId) {
  await showTab("moves");
  openMove(SWEAR[store.state.ruleset] || SWEAR.classic, trackId);
}

function progressMove(kind) {
  return (PROGRESS_MOVES[store.state.ruleset] || PROGRESS_MOVES.classic)[kind] || null;
}

// ------------------------------------------------------------------------- moves tab

async function renderMoves() {
  if (!store.moves) store.moves = await api("GET", `${BASE}/moves`);
  const search = h("input", { type: "search", id: "move-search", placeholder: "search moves", "aria-label": "search moves" });
  const lists = h("div", { class: "move-lists" });
  const draw = () => {
    const q = search.value.trim().toLowerCase();
    const byCategory = {};
    for (const m of store.moves) {
      if (q && !m.name.toLowerCase().includes(q) && !(m.trigger || "").toLowerCase().includes(q)) continue;
      (byCategory[m.category] = byCategory[m.category] || []).push(m);
    }
    lists.replaceChildren(...Object.entries(byCategory).map(([cat, moves]) => h("div", { class: "category" },
      h("h4", {}, words(cat)), moves.map((m) => h("button", { type: "button", class: "move", "data-move": m.id, onclick: () => openMove(m.id) }, m.name)))));
  };
  search.addEventListener("input", draw);
  draw();
  fill("tab-moves", search, lists, h("div", { id: "panel" }));
}

function openMove(id, track) {
  store.move = id;
  store.track = track || null;
  loadPanel(id, true);
}

async function loadPanel(id, scroll) {
  const char = character();
  try {
    const panel = await api("GET", `${BASE}/moves/${encodeURIComponent(id)}` + (char ? `?character=${encodeURIComponent(char.name)}` : ""));
    store.panel = panel;
    renderPanel(scroll);
  } catch (err) { showError(err.message); }
}

// The adds the roll gets by itself (assets, a lasting +1), counted in the odds shown.
function autoAdds(auto) {
  if (!auto || !auto.adds) return null;
  return h("small", { class: "adds-auto" }, ` counts +${auto.adds} that applies by itself`,
    auto.from.length ? `: ${auto.from.join("; ")}` : "");
}

function oddsLine(odds) {
  const b = odds.with_burn;
  const burn = b && (b.strong_hit !== odds.strong_hit || b.weak_hit !== odds.weak_hit) ? b : null;
  return h("span", { class: "odds" },
    `strong ${pct(odds.strong_hit)} · weak ${pct(odds.weak_hit)} · miss ${pct(odds.miss)}`,
    burn ? h("small", {}, ` (burning: strong ${pct(burn.strong_hit)} · weak ${pct(burn.weak_hit)} · miss ${pct(burn.miss)})`) : null);
}

function renderPanel(scroll) {
  const m = store.panel;
  const panel = $("panel");
  if (!m || !panel) return;
  const form = h("form", { class: "move-form", onsubmit: (e) => { e.preventDefault(); makeMove(form); } });
  // A refresh (someone else's change) redraws the panel: keep what the player typed.
  const sameMove = panel.firstChild && panel.firstChild.dataset.move === m.id;
  const typed = {};
  if (sameMove) {
    for (const input of panel.querySelectorAll("input:not([type=radio]), select")) {
      typed[input.name] = input.type === "checkbox" ? input.checked : input.value;
    }
  }
  const chosen = sameMove ? panel.querySelector("input[name=stat]:checked") : null;
  const keepStat = chosen ? chosen.value : null;
  if (m.roll_type === "action_roll" && m.stats) {
    form.append(h("fieldset", { class: "stat-choice" }, h("legend", {}, "Roll +"),
      m.stats.map((s, i) => h("label", { class: "stat-option" },
        h("input", { type: "radio", name: "stat", value: s.stat, checked: keepStat ? keepStat === s.stat : i === 0 }),
        h("b", {}, ` ${s.stat} ${s.value}`), " ", oddsLine(s.odds), autoAdds(s.automatic)))));
  } else if (m.roll_type === "progress_roll" && m.stats) {
    const tracks = m.stats.flatMap((s) => s.tracks || []);
    form.append(h("fieldset", { class: "stat-choice" }, h("legend", {}, "Track"),
      tracks.length ? tracks.map((t, i) => h("label", { class: "stat-option" },
        h("input", { type: "radio", name: "track", value: t.id, checked: store.track ? store.track === t.id : i === 0 }),
        h("b", {}, ` ${t.name} (score ${t.score})`), " ", oddsLine(t.odds))) : h("p", {}, "No track for this move.")));
  }
  // The character's abilities that act on this move: those that need the fiction are offered
  // as checkboxes (sent as the move's asset list); the others apply by themselves.
  if (m.assets && m.assets.length) {
    form.append(h("fieldset", { class: "applies" }, h("legend", {}, "Assets"),
      m.assets.map((a) => h("label", { class: "opt", title: a.text },
        a.when ? h("input", { type: "checkbox", name: "asset_pick", value: a.asset }) : null,
        h("b", {}, a.name), a.when ? ` when ${a.when}` : " (applies)", a.effect ? `: ${a.effect}` : ""))));
  }
  // A move that does not roll asks for no dice, adds or rerolls.
  const rolls = m.roll_type !== "no_roll";
  form.append(...[
    rolls ? h("label", {}, "adds ", h("input", { name: "add", type: "number", min: 0, max: 10, value: 0, class: "short" })) : null,
    rolls ? h("label", {}, "your dice ", h("input", { name: "dice", placeholder: "random, or e.g. 4,5,8", class: "dice" })) : null,
    rolls && (m.adds || []).length ? h("label", { class: "opt" }, h("input", { type: "checkbox", name: "bond" }), " you share a bond (+1 where the move says)") : null,
    rolls ? h("label", { class: "opt" }, h("input", { type: "checkbox", name: "reroll" }), " a move or asset lets you reroll dice") : null,
    // The options this move reads in this campaign (the server's list: a connection's rank and
    // role, a role's contribution, Advance's purchase...), each with its values where fixed.
    (m.reads || []).length ? h("fieldset", { class: "reads" }, h("legend", {}, "This move's options"),
      m.reads.map((r) => h("label", { class: "opt", title: r.help, "data-option": r.option }, `${words(r.option)} `, readControl(r)))) : null,
    h("button", { type: "submit", class: "primary" }, m.roll_type === "no_roll" ? "Make the move" : "Roll")].filter(Boolean));
  for (const input of form.querySelectorAll("input:not([type=radio]), select")) {
    if (typed[input.name] === undefined) continue;
    if (input.type === "checkbox") input.checked = typed[input.name];
    else input.value = typed[input.name];
  }
  panel.replaceChildren(h("article", { class: "move-panel", "data-move": m.id },
    h("h3", {}, m.name, h("small", {}, ` ${words(m.category)}`)),
    h("p", { class: "trigger" }, m.trigger || ""),
    m.adds && m.adds.length ? h("ul", { class: "adds" }, m.adds.map((a) => h("li", {}, `+${a.value} ${a.when}`))) : null,
    form,
    m.outcomes ? h("dl", { class: "outcomes" }, ["strong_hit", "weak_hit", "miss"].filter((k) => m.outcomes[k]).map((k) =>
      [h("dt", {}, words(k)), m.outcomes_html && m.outcomes_html[k] ? html("dd", {}, m.outcomes_html[k]) : h("dd", {}, unlinked(m.outcomes[k]))])) : null));
  if (scroll) panel.scrollIntoView({ block: "nearest" });
}

const NUMBER_OPTIONS = ["amount", "ability", "against_add"];

function readControl(r) {
  const name = `read:${r.option}`;
  if (r.option === "abandon") return h("input", { type: "checkbox", name });
  if (r.values) {
    return h("select", { name, "aria-label": r.option }, h("option", { value: "" }, "—"),
      r.values.map((v) => (typeof v === "object"
        ? h("option", { value: v.id, selected: v.id === store.track }, `${v.name} (${v.kind})`) : h("option", { value: v }, words(v)))));
  }
  if (NUMBER_OPTIONS.includes(r.option)) return h("input", { name, type: "number", class: "short" });
  return h("input", { name, placeholder: r.help, "aria-label": r.option });
}

function makeMove(form) {
  const data = new FormData(form);
  const char = character();
  const body = {
    move: store.panel.id,
    character: seat ? undefined : (char ? char.name : undefined),
    stat: data.get("stat") || undefined,
    track: data.get("track") || undefined,
    dice: (data.get("dice") || "").trim(),
    add: Number(data.get("add")) ? [Number(data.get("add"))] : [],
  };
  for (const r of store.panel.reads || []) {
    const value = (data.get(`read:${r.option}`) || "").trim();
    if (!value || r.option === "asset") continue;
    body[r.option] = r.option === "abandon" ? true : NUMBER_OPTIONS.includes(r.option) ? Number(value) : value;
  }
  const typedAsset = (data.get("read:asset") || "").trim();
  body.asset = [...data.getAll("asset_pick"), ...(typedAsset ? [typedAsset] : [])];
  for (const o of ["bond", "reroll"]) if (data.get(o)) body[o] = true;
  const sworn = Object.values(SWEAR).includes(store.panel.id) ? body.track : null;
  act("move", clean(body), { keepResult: true }).then((done) => {
    if (done && sworn && store.unsworn[sworn]) { delete store.unsworn[sworn]; renderTracks(); }
  });
}

// ------------------------------------------------------------------------ the result

function rollLine(roll) {
  if (!roll) return null;
  if (roll.type === "action") {
    return h("div", { class: "roll" },
      h("span", { class: "die action" + (roll.action_die_cancelled ? " cancelled" : ""), title: roll.action_die_cancelled ? "cancelled by negative momentum" : "action die" }, roll.action_die),
      ` + ${roll.stat}` + (roll.adds ? ` + ${roll.adds}` : "") + ` = `, h("b", { class: "score" }, roll.score), " vs ",
      h("span", { class: "die challenge" }, roll.challenge[0]), h("span", { class: "die challenge" }, roll.challenge[1]),
      " ", h("b", { class: `outcome ${roll.outcome}` }, words(roll.outcome).toUpperCase()),
      roll.match ? h("span", { class: "match" }, " MATCH") : null,
      roll.burned ? h("span", { class: "burned" }, " (momentum burned)") : null);
  }
  return h("div", { class: "roll" }, `progress `, h("b", { class: "score" }, roll.score), " vs ",
    h("span", { class: "die challenge" }, roll.challenge[0]), h("span", { class: "die challenge" }, roll.challenge[1]),
    " ", h("b", { class: `outcome ${roll.outcome}` }, words(roll.outcome).toUpperCase()),
    roll.match ? h("span", { class: "match" }, " MATCH") : null);
}

function effectList(effects) {
  return h("ul", { class: "effects" }, effects.map((e) => h("li", {},
    e.character ? `${e.character}: ` : "", h("b", {}, targetName(e.target)), ` ${fmt(e.from)} → ${fmt(e.to)}`)));
}

const fmt = (v) => (v === true ? "yes" : v === false ? "no" : v === null || v === undefined ? "–" : String(v));

function renderResult() {
  const r = store.result;
  if (!r) { fill("result"); return; }
  const d = r.data;
  if (r.action === "oracle") {
    const lines = (res, depth) => [h("li", { style: null, class: `depth-${depth}` }, `${res.roll ?? ""} `, h("b", {}, res.text)),
      ...res.rolls.flatMap((c) => lines(c, depth + 1))];
    fill("result", h("article", { class: "result oracle-result" }, h("h3", {}, d.name), h("ul", {}, lines(d, 0)),
      h("button", { type: "button", onclick: () => act("oracle", { oracle: d.id, seed: d.seed, keep: true }) }, "Keep in the journal")));
    return;
  }
  if (r.action === "ask") {
    fill("result", h("article", { class: "result" }, h("h3", {}, "The oracle answers"),
      h("p", { class: "answer" }, `${d.odds} — rolled ${d.roll}: `, h("b", {}, d.answer === "yes" ? "YES" : "NO"), d.match ? " — a match: an extreme result or a twist" : ""),
      h("button", { type: "button", onclick: () => act("ask", clean({ odds: d.odds, seed: d.seed, question: r.question, keep: true })) }, "Keep in the journal")));
    return;
  }
  if (!("effects" in d)) { fill("result"); return; }
  const chain = (d.chain || []).map((m) => h("div", { class: "chain" }, h("h4", {}, `→ ${m.name}`), rollLine(m.roll),
    m.text_html ? html("div", { class: "outcome-text" }, m.text_html) : null));
  fill("result", h("article", { class: "result move-result" + (r.undone ? " undone" : ""), "data-undone": r.undone ? "yes" : null },
    h("h3", {}, d.move ? (store.moves || []).find((m) => m.id === d.move)?.name || words(d.move) : words(r.action),
      d.character ? h("small", {}, ` ${d.character}`) : null, r.undone ? h("span", { class: "undone-label" }, " · undone") : null),
    rollLine(d.roll), d.text_html ? html("div", { class: "outcome-text" }, d.text_html) : d.text ? h("p", { class: "outcome-text" }, d.text) : null,
    (d.assets || []).length ? h("p", { class: "applied" }, h("small", {}, "applied: "), d.assets.join(", ")) : null,
    chain,
    d.effects.length ? effectList(d.effects) : null,
    d.notes.length ? h("ul", { class: "notes" }, d.notes.map((n) => h("li", {}, n))) : null));
}

// Every decision owed, the one waiting now first (a decision belongs to its character: the
// others play on meanwhile).
function decisions() {
  const s = store.state;
  return s.decisions || (s.pending ? [s.pending] : []);
}

function renderPending() {
  const all = decisions();
  const box = $("pending");
  const badge = $("waiting");
  if (!all.length) { box.hidden = true; box.replaceChildren(); badge.hidden = true; return; }
  // A character's page shows its own decision; the guide's page every one.
  const shown = seat ? all.filter((p) => p.character === seat) : all;
  const others = all.filter((p) => !shown.includes(p)).map((p) => p.character);
  box.hidden = false;
  // The header says a decision waits, from anywhere on the page; it leads to the decision.
  badge.hidden = false;
  badge.textContent = shown.length && seat ? "Your decision waits" : `${all.map((p) => p.character).join(", ")} must decide`;
  badge.onclick = () => { box.scrollIntoView({ block: "center" }); const first = box.querySelector("button"); if (first) first.focus(); };
  box.replaceChildren(...shown.map(decisionBox));
  if (others.length) box.append(h("p", { class: "others" }, `Still waiting for ${others.join(", ")}'s decision (their page answers it); you may act meanwhile.`));
}

function decisionBox(p) {
  const mine = !seat || seat === p.character;
  const dice = h("input", { class: "dice", placeholder: "dice for what follows (optional)", "aria-label": "dice" });
  // Words the decision asks for with its answer (a new vow's name, a second role).
  const asked = p.text ? h("input", { class: "words", "aria-label": p.text.prompt,
    placeholder: p.text.prompt + (p.text.default != null ? ` (empty: ${p.text.default})` : "") }) : null;
  const extra = () => clean({ dice: dice.value.trim(), text: asked ? asked.value.trim() : "", character: p.character });
  let controls;
  if (p.kind === "burn") {
    controls = [h("button", { type: "button", class: "primary", "data-answer": "burn", onclick: () => act("burn", extra(), { keepResult: true }) }, "Burn momentum"),
      h("button", { type: "button", "data-answer": "decline", onclick: () => act("decline", extra(), { keepResult: true }) }, "Decline")];
  } else if (p.count === 1 && p.min === 1) {
    controls = p.options.map((o) => (o.html ? html : h)("button", { type: "button", class: "choice", "data-key": o.key,
      onclick: () => act("choose", { keys: [o.key], ...extra() }, { keepResult: true }) }, o.html || o.text));
  } else {
    const boxes = p.options.map((o) => h("label", { class: "choice" }, h("input", { type: "checkbox", value: o.key }), " ",
      o.html ? html("span", {}, o.html) : o.text));
    controls = [...boxes, h("button", { type: "button", class: "primary", "data-answer": "choose", onclick: () => {
      const keys = boxes.map((b) => b.querySelector("input")).filter((i) => i.checked).map((i) => i.value);
      act("choose", { keys, ...extra() }, { keepResult: true });
    } }, `Choose (${p.min === p.count ? p.count : `${p.min}-${p.count}`})`),
    p.min === 0 ? h("button", { type: "button", "data-answer": "decline", onclick: () => act("decline", extra(), { keepResult: true }) }, "Decline") : null];
  }
  return h("div", { class: "decision", "data-character": p.character }, h("strong", {}, `${p.character} decides: `),
    p.prompt_html ? html("span", { class: "prompt" }, p.prompt_html) : h("span", { class: "prompt" }, p.prompt),
    h("div", { class: "answers" }, mine ? [asked, controls, dice] : h("em", {}, `waiting for ${p.character}'s page (or the guide)`)));
}

// The party at a glance: every character's meters and who owes a decision; on the guide's
// page a name opens that character's sheet.
function renderParty() {
  const chars = store.state.characters;
  if (chars.length < 2) { fill("party"); return; }
  const owing = new Set(decisions().map((p) => p.character));
  const shown = character();
  fill("party", chars.map((c) => h(seat ? "div" : "button", {
    type: seat ? null : "button", class: "member" + (shown && c.name === shown.name ? " me" : ""), "data-character": c.name,
    onclick: seat ? null : () => { store.viewing = c.name; render(); },
  }, h("b", {}, c.name), ` health ${c.health} · spirit ${c.spirit} · supply ${c.supply} · momentum ${signed(c.momentum)}`,
    c.status !== "active" ? ` (${c.status})` : "", owing.has(c.name) ? h("span", { class: "decides" }, " · decides") : null)));
}

// The foes of a fight: their features, drives and tactics from the content.
function foesOf(track) {
  if (track.kind !== "fight" || !track.foe) return null;
  const foe = (store.npcs || []).find((n) => n.id === track.foe);
  if (!foe) return null;
  const list = (name, items) => (items && items.length ? [h("dt", {}, name), h("dd", {}, items.join("; "))] : []);
  return h("div", { class: "foes", "data-foe": foe.id }, h("h4", {}, `${foe.name} `, h("small", {}, foe.rank || "")),
    h("dl", {}, list("features", foe.features), list("drives", foe.drives), list("tactics", foe.tactics)));
}

// ---------------------------------------------------------------------------- timeline

// The latest page, after any earlier pages the player asked for (those the latest page now
// covers are dropped: its statuses are the newer ones).
function timelineShown() {
  const oldest = store.timeline.length ? store.timeline[0].seq : Infinity;
  return [...store.earlier.filter((e) => e.seq < oldest), ...store.timeline];
}

async function loadEarlier() {
  const shown = timelineShown();
  if (!shown.length) return;
  try {
    const page = await api("GET", `${BASE}/timeline?last=${TIMELINE}&before=${shown[0].seq}`);
    store.earlier = [...page, ...store.earlier];
    if (page.length < TIMELINE) store.noEarlier = true;
    renderTimeline();
  } catch (err) { showError(err.message); }
}

function renderTimeline() {
  const shown = timelineShown();
  // A full latest page may have entries before it; an earlier page that came back short, or
  // the first operation shown, says there are none.
  const more = store.timeline.length >= TIMELINE && !store.noEarlier && shown.length && shown[0].seq > 1;
  const items = [...shown].reverse().map((e) => {
    const li = h("li", { class: `entry ${e.kind} ${e.status}`, "data-seq": e.seq },
      h("span", { class: "seq" }, `#${e.seq}`), e.character ? h("span", { class: "who" }, e.character) : null,
      e.status !== "live" ? h("span", { class: "status" }, e.status) : null);
    if (e.html !== null) {
      // Rendered by the server from Markdown with raw HTML off and unsafe links refused.
      const body = h("div", { class: "journal-text" });
      body.innerHTML = e.html;
      li.append(body);
    } else {
      li.append(h("div", { class: "mechanics" }, e.mechanics));
      if (e.details.length > 1) {
        li.append(h("details", {}, h("summary", {}, `${e.details.length} changes`),
          h("ul", { class: "details" }, e.details.map((d) => h("li", {}, d)))));
      }
    }
    return li;
  });
  if (more) {
    items.push(h("li", { class: "earlier" }, h("button", { type: "button", id: "earlier", onclick: loadEarlier },
      `Earlier (before #${shown[0].seq})`)));
  }
  fill("timeline", items.length ? items : h("li", { class: "empty" }, "Nothing has happened yet."));
}

// ------------------------------------------------------------------------------ oracles

async function renderOracles() {
  // The campaign's own ruleset's tables only (a Starforged campaign's come from its pack).
  if (!store.oracles) store.oracles = await api("GET", `${BASE}/oracles`);
  const question = h("input", { placeholder: "your yes/no question", "aria-label": "question" });
  const ask = h("form", { class: "ask", onsubmit: (e) => e.preventDefault() }, h("h3", {}, "Ask the Oracle"), question,
    h("div", {}, ODDS.map(([key, label]) => h("button", { type: "button", "data-odds": key, onclick: async () => {
      const data = await act("ask", clean({ odds: key, question: question.value.trim() }));
      if (data) { store.result = { action: "ask", data, question: question.value.trim() }; renderResult(); }
    } }, label))));
  const search = h("input", { type: "search", placeholder: "search tables", "aria-label": "search oracle tables" });
  const list = h("div", { class: "oracle-list" });
  const draw = () => {
    const q = search.value.trim().toLowerCase();
    const groups = {};
    for (const t of store.oracles) {
      if (q && !t.name.toLowerCase().includes(q)) continue;
      (groups[t.category] = groups[t.category] || []).push(t);
    }
    list.replaceChildren(...Object.entries(groups).map(([cat, tables]) => h("details", { open: q ? true : null },
      h("summary", {}, words(cat)), tables.map((t) => h("div", { class: "oracle" },
        h("button", { type: "button", class: "roll-oracle", "data-oracle": t.id, onclick: async () => {
          const data = await act("oracle", { oracle: t.id });
          if (data) { store.result = { action: "oracle", data }; renderResult(); }
        } }, `Roll ${t.name}`),
        h("details", {}, h("summary", {}, "table"), h("table", {}, t.rows.map((r) => h("tr", {},
          h("td", {}, r.min === r.max ? r.min : `${r.min}-${r.max}`), h("td", {}, r.text))))))))));
  };
  search.addEventListener("input", draw);
  draw();
  fill("tab-oracles", ask, h("h3", {}, "Oracle tables"), search, list);
}

// -------------------------------------------------------------------------------- world

function renderWorld() {
  const w = store.state.world;
  const input = (name, placeholder) => h("input", { name, placeholder, "aria-label": placeholder });
  const personName = input("name", "name"); const personDesc = input("description", "who they are");
  const placeName = input("name", "name"); const placeDesc = input("description", "what it is");
  const noteText = input("text", "a note");
  const truthPick = h("select", { "aria-label": "truth" }, (store.truths || []).map((t) => h("option", { value: t.id }, t.name)));
  const truthOption = h("select", { "aria-label": "option" });
  // The chosen category's own options, by their summary; or roll, or open it again.
  const truthOptions = () => {
    const truth = (store.truths || []).find((t) => t.id === truthPick.value);
    const options = (truth ? truth.options : []).map((o) => h("option", { value: o.key }, `${o.key}. ${o.summary}`));
    truthOption.replaceChildren(...options, h("option", { value: "roll" }, "roll"), h("option", { value: "open" }, "open again"));
  };
  truthPick.addEventListener("change", truthOptions);
  truthOptions();
  const foe = h("select", { "aria-label": "foe" }, (store.npcs || []).map((n) => h("option", { value: n.id }, `${n.name} (${n.rank})`)));
  fill("tab-world",
    h("h3", {}, "Truths"), h("ul", { class: "truths" }, w.truths.map((t) => h("li", {}, h("b", {}, t.name), ` ${t.summary}`))),
    h("form", { class: "inline", onsubmit: (e) => { e.preventDefault(); act("truth", { truth: truthPick.value, option: truthOption.value }); } },
      truthPick, truthOption, h("button", { type: "submit" }, "Set")),
    h("h3", {}, "People"), h("ul", { class: "people" }, w.people.map((p) => h("li", {}, h("b", {}, p.name), p.description ? ` — ${p.description}` : "",
      p.bonds.length ? h("small", {}, ` (bond: ${p.bonds.join(", ")})`) : null))),
    h("form", { class: "inline", onsubmit: (e) => { e.preventDefault(); act("person", clean({ name: personName.value.trim(), description: personDesc.value.trim() })); } },
      personName, personDesc, h("button", { type: "submit" }, "Add person")),
    h("h3", {}, "Places"), h("ul", { class: "places" }, w.places.map((p) => h("li", {}, h("b", {}, p.name), p.description ? ` — ${p.description}` : ""))),
    h("form", { class: "inline", onsubmit: (e) => { e.preventDefault(); act("place", clean({ name: placeName.value.trim(), description: placeDesc.value.trim() })); } },
      placeName, placeDesc, h("button", { type: "submit" }, "Add place")),
    h("h3", {}, "Notes"), h("ul", { class: "notes" }, w.notes.map((n) => h("li", {}, n.text))),
    h("form", { class: "inline", onsubmit: (e) => { e.preventDefault(); act("note", { text: noteText.value.trim() }); } },
      noteText, h("button", { type: "submit" }, "Add note")),
    h("h3", {}, "Foes"),
    h("form", { class: "inline", onsubmit: (e) => { e.preventDefault(); act("track", { kind: "fight", foe: foe.value }); } },
      foe, h("button", { type: "submit" }, "Start a fight")));
}

// ------------------------------------------------------------------- character creation

function renderCreate() {
  // The rulebook's creation for the campaign's ruleset: a Starforged character has no bonds
  // (connections come in play), takes its assets from the imported pack and names the party's
  // starship, the command vehicle (the STARSHIP card, or a ship of its own).
  const starforged = store.state && store.state.ruleset === "starforged";
  const deck = store.assets || [];
  const name = h("input", { name: "name", required: true, placeholder: "name", "aria-label": "character name" });
  const selects = STATS.map((s, i) => h("label", { class: "stat-pick" }, s, " ",
    h("select", { name: s }, [3, 2, 1].map((v) => h("option", { value: v, selected: [3, 2, 2, 1, 1][i] === v }, v)))));
  const bonds = starforged ? [] : [0, 1, 2].map((i) => h("input", { name: `bond${i}`, placeholder: `bond ${i + 1} (a person or place)` }));
  const assets = [0, 1, 2].map((i) => h("select", { name: `asset${i}`, "aria-label": `asset ${i + 1}` },
    h("option", { value: "" }, `asset ${i + 1}…`), deck.map((a) => h("option", { value: a.id }, `${a.name} (${a.type})`))));
  const abilities = [0, 1, 2].map((i) => h("select", { name: `ability${i}`, "aria-label": `starting ability of asset ${i + 1}` },
    h("option", { value: "" }, "marked ability"), [1, 2, 3].map((n) => h("option", { value: n }, `start with ability ${n}`))));
  const named = [0, 1, 2].map((i) => h("input", { name: `assetname${i}`, "aria-label": `name on asset ${i + 1}`,
    placeholder: starforged ? "name (a ship's, a companion's)" : "name (a companion's)" }));
  const needsShip = starforged && !store.state.vehicle;
  const ship = needsShip ? h("input", { name: "ship", placeholder: "your starship's name (the command vehicle)", "aria-label": "starship name" }) : null;
  const vow = h("input", { name: "vow", placeholder: "background vow (your long-term goal)", "aria-label": "background vow" });
  const vowRank = h("select", { name: "vowRank", "aria-label": "background vow rank" }, BACKGROUND_RANKS.map((r) => h("option", { value: r, selected: r === "extreme" }, r)));
  // The inciting incident: the problem faced now, sworn as a vow (as the play wizard asks).
  const incident = h("input", { name: "incident", placeholder: "inciting incident (a vow)", "aria-label": "inciting incident" });
  const incidentRank = h("select", { name: "incidentRank", "aria-label": "inciting incident rank" },
    INCITING_RANKS.map((r) => h("option", { value: r, selected: r === "dangerous" }, r)));
  const isShip = (id) => { const card = deck.find((a) => a.id === id); return card && card.type.toLowerCase() === "command vehicle"; };
  const form = h("form", { class: "create", onsubmit: async (e) => {
    e.preventDefault();
    const stats = STATS.map((s, i) => `${s}=${selects[i].querySelector("select").value}`).join(",");
    const shipName = ship ? ship.value.trim() : "";
    // The STARSHIP card carries the ship's name: the one typed under it, else the ship's.
    const cardName = (i) => named[i].value.trim() || (isShip(assets[i].value) ? shipName : "");
    const chosen = assets.map((a, i) => (a.value ? a.value + (abilities[i].value ? `:${abilities[i].value}` : "")
      + (cardName(i) ? `=${cardName(i)}` : "") : "")).filter(Boolean);
    const made = await act("character", clean({ name: name.value.trim(), stats,
      bonds: bonds.map((b) => b.value.trim()).filter(Boolean), assets: chosen }));
    if (!made) return;
    seat = made.name;
    localStorage.setItem("seat:" + NAME, seat);
    if (shipName && !assets.some((a) => isShip(a.value))) await act("vehicle", { name: shipName });
    if (vow.value.trim()) await act("track", { kind: "vow", text: vow.value.trim(), rank: vowRank.value, background: true });
    const sworn = incident.value.trim() ? await act("track", { kind: "vow", text: incident.value.trim(), rank: incidentRank.value }) : null;
    if (sworn) store.unsworn[sworn.id] = sworn.name;
    await refresh();
    renderCreate(); // a fresh form (with no starship question once the party has one)
  } }, h("h3", {}, starforged ? "A new Starforged character" : "A new character"), name, h("div", { class: "stat-picks" }, selects),
  h("p", { class: "hint" }, "Stats: 3, 2, 2, 1, 1 in any order."), bonds,
  starforged && !deck.length ? h("p", { class: "hint", "data-hint": "no-assets" },
    "No Starforged assets yet: import a Datasworn Starforged pack ('ironsworn content import starforged.json').") : null,
  deck.length ? assets.map((a, i) => h("div", { class: "asset-pick" }, a, abilities[i], named[i])) : null,
  ship, h("div", { class: "vow-pick" }, vow, vowRank), h("div", { class: "vow-pick" }, incident, incidentRank),
  h("p", { class: "hint" }, "Then swear an Iron Vow on the incident (offered right after)."),
  h("button", { type: "submit", class: "primary" }, "Create"));
  // The offer to swear on the inciting incident just made, as the play wizard makes it.
  const offers = Object.entries(store.unsworn).filter(([id]) => store.state.tracks.some((t) => t.id === id && t.status === "active"));
  const offer = offers.length ? h("div", { class: "swear-offer" }, offers.map(([id, vow]) => h("p", {},
    `Your inciting incident, “${vow}”, is a vow: swear it now (roll +heart). `,
    h("button", { type: "button", class: "primary swear", onclick: () => swearOn(id) }, "Swear an Iron Vow")))) : null;
  fill("tab-create", offer, form);
}

// ---------------------------------------------------------------------------- campaigns

async function renderCampaigns() {
  let list = [];
  try { list = await api("GET", "/api/campaigns"); } catch (err) { showError(err.message); }
  const name = h("input", { placeholder: "new campaign name", "aria-label": "new campaign name", pattern: "[A-Za-z0-9][A-Za-z0-9_-]{0,63}" });
  const ruleset = h("select", { "aria-label": "ruleset" }, h("option", { value: "classic" }, "Ironsworn"), h("option", { value: "starforged" }, "Starforged"));
  const file = h("input", { type: "file", accept: "application/json,.json", "aria-label": "campaign export to import" });
  const importName = h("input", { placeholder: "name for the imported campaign", "aria-label": "name for the imported campaign" });
  fill("tab-campaigns",
    h("h3", {}, "Campaigns"),
    h("ul", { class: "campaigns" }, list.map((c) => h("li", {}, c.name === NAME ? h("b", {}, c.name) : h("a", { href: `/c/${encodeURIComponent(c.name)}` }, c.name),
      h("small", {}, ` ${c.operations ?? "?"} operations`)))),
    h("form", { class: "inline", onsubmit: async (e) => {
      e.preventDefault();
      try { await api("POST", "/api/campaigns", { name: name.value.trim(), ruleset: ruleset.value }); location.href = `/c/${encodeURIComponent(name.value.trim())}`; } catch (err) { showError(err.message); }
    } }, name, ruleset, h("button", { type: "submit" }, "Create")),
    h("h3", {}, "Export"),
    h("p", {}, h("a", { href: `${BASE}/export/markdown`, download: `${NAME}.md` }, "Markdown"), " · ",
      h("a", { href: `${BASE}/export/json`, download: `${NAME}.json` }, "JSON"), " · ",
      h("a", { href: `${BASE}/export/iron-vault`, download: `${NAME}-iron-vault.zip` }, "Iron Vault (zip)")),
    h("h3", {}, "Import a JSON export"),
    h("form", { class: "inline", onsubmit: async (e) => {
      e.preventDefault();
      if (!file.files.length) { showError("choose a JSON export file"); return; }
      try {
        const target = importName.value.trim();
        await api("POST", `/api/campaigns/import?name=${encodeURIComponent(target)}`, file.files[0]);
        location.href = `/c/${encodeURIComponent(target)}`;
      } catch (err) { showError(err.message); }
    } }, file, importName, h("button", { type: "submit" }, "Import")));
}

// --------------------------------------------------------------------------------- start

function showTab(tab) {
  for (const b of document.querySelectorAll("#tabs button")) {
    b.classList.toggle("active", b.dataset.tab === tab);
    b.setAttribute("aria-selected", b.dataset.tab === tab ? "true" : "false");
  }
  for (const t of document.querySelectorAll(".tab")) t.hidden = t.id !== `tab-${tab}`;
  const draw = { moves: renderMoves, oracles: renderOracles, world: renderWorld, create: renderCreate, campaigns: renderCampaigns }[tab];
  return Promise.resolve(draw()).catch((err) => showError(err.message));
}

async function start() {
  for (const b of document.querySelectorAll("#tabs button")) b.addEventListener("click", () => showTab(b.dataset.tab));
  $("seat").addEventListener("change", (e) => {
    seat = e.target.value;
    localStorage.setItem("seat:" + NAME, seat);
    render();
    if (store.move) loadPanel(store.move, false);
  });
  $("undo").addEventListener("click", askUndo);
  $("redo").addEventListener("click", () => act("redo"));
  $("journal-form").addEventListener("submit", async (e) => {
    e.preventDefault();
    const text = $("journal-text").value;
    if (!text.trim()) return;
    if (await act("journal", { text })) $("journal-text").value = "";
  });
  // Everything the first screen needs is asked for at once.
  const content = Promise.all([
    api("GET", `${BASE}/content/assets`), api("GET", `${BASE}/content/npcs`), api("GET", `${BASE}/content/truths`),
  ]).catch((err) => { showError(err.message); return [[], [], []]; });
  const moves = renderMoves().catch((err) => showError(err.message));
  await refresh();
  listen();
  const [assets, npcs, truths] = await content;
  Object.assign(store, { assets, npcs, truths });
  if (store.state) render();
  await moves;
  document.body.dataset.readyMs = String(Math.round(performance.now()));
  document.body.dataset.ready = "yes";
}

start();
