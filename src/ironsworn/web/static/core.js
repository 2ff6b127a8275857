// The page's plumbing: the campaign it shows, the store of what it read, drawing helpers,
// what a player typed kept through redraws, and the API (request ids, retries, the live indicator).
import { ask, dismiss } from "./asking.js";
import { refresh } from "./live.js";
import { caughtUp } from "./live.js"; // (refresh above: the whole read, for the panels that need it)
import { BASE, NAME, PAGE_HEADERS, TIMELINE, firstRead } from "./first.js";

// An invite link's token is in a cookie now (set with this page): take it out of the address,
// so it is neither shown, bookmarked nor kept in this tab's history.
if (new URLSearchParams(location.search).has("token")) history.replaceState(null, "", location.pathname);
const store = {
  state: null, version: -1, timeline: [], earlier: [], noEarlier: false, moves: null, oracles: null,
  assets: null, // asset cards: those the characters hold, or the whole deck once ``deck`` says so
  deck: false,
  npcs: null, truths: null, move: null, panel: null, result: null, viewing: null,
  made: null, // the name of the character this page made last (the New character tab says so)
  rules: null, // the campaign's ruleset as the table API describes it (/ruleset): the page's only game facts
  // The event stream (live.js): the server's epoch of `version` (versions count per server
  // process), the highest version announced, and actions awaiting their own change.
  epoch: null, heard: 0, waiting: [],
  // The character this page plays ("" for the guide seat), kept per campaign in this browser.
  seat: localStorage.getItem("seat:" + NAME) || "",
};

// The open vows still to swear with the move (an inciting incident made at creation), as the
// server's state holds them (each character's ``unsworn_vows``): every page of the campaign
// offers the same ones. A page that plays a character offers only that character's (the
// decision is theirs); the guide's seat offers every character's. [{track, who}]
function unsworn() {
  if (!store.state) return [];
  const open = new Map(store.state.tracks.filter((t) => t.status === "active").map((t) => [t.id, t]));
  return store.state.characters.filter((c) => !store.seat || c.name === store.seat)
    .flatMap((c) => (c.unsworn_vows || []).filter((id) => open.has(id)).map((id) => ({ track: open.get(id), who: c.name })));
}

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
// Datasworn text links a move as [Name](move:...) (Starforged's file: [Name](datasworn:...)):
// the page shows the name.
const unlinked = (s) => String(s).replace(/\[([^\]]+)\]\((?:datasworn:)?(?:move|asset|oracle_rollable|oracle_collection):[^)]*\)/g, "$1");

function fill(id, ...children) {
  const el = $(id);
  const typed = typedIn(el);
  const focused = focusedIn(el);
  el.replaceChildren(...children.flat(Infinity).filter((c) => c !== null && c !== undefined));
  restoreTyped(el, typed);
  restoreFocus(el, focused);
  return el;
}

// The keyboard stays on the control it was on when its panel is drawn again (a stat's +
// pressed with Enter redraws the sheet): the same control of the new drawing, found by what
// it is (its tag, name, words and data), the nth of its kind; else the focus would fall to
// the page's body and Tab start again from the top.
function controlKeys(root) {
  const seen = {};
  return [...root.querySelectorAll("button, a[href], input, select, textarea, summary, [tabindex]")].map((c) => {
    const data = [...c.attributes].filter((a) => a.name.startsWith("data-")).map((a) => `${a.name}=${a.value}`);
    const base = [c.tagName, c.getAttribute("name"), c.getAttribute("aria-label"), c.title, c.textContent.trim(), ...data].join("|");
    seen[base] = (seen[base] || 0) + 1;
    return [`${base}|${seen[base]}`, c];
  });
}

function focusedIn(root) {
  const now = document.activeElement;
  if (!now || now === root || !root.contains(now)) return null;
  const found = controlKeys(root).find(([, c]) => c === now);
  return found ? found[0] : null;
}

function restoreFocus(root, key) {
  const now = document.activeElement;
  if (!key || (now && now !== document.body && now.isConnected)) return; // kept, or moved on
  const again = new Map(controlKeys(root)).get(key);
  if (again) again.focus({ preventScroll: true });
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
document.addEventListener("change", (e) => { if (e.isTrusted) markTyped(e); }, true);
document.addEventListener("submit", (e) => clearTyped(e.target), true);
document.addEventListener("click", (e) => {
  const button = e.target instanceof Element ? e.target.closest("button") : null;
  if (button) clearTyped(button.closest("form"));
}, true);

// Runs ``draw`` once: when ``element`` comes near view in its scrolling ``root`` (null: the
// page), or when the page is idle, whichever is first (a long list's rest, drawn after the
// first screen). Returns what cancels it (a newer drawing replaced the element).
function whenNear(element, root, draw) {
  let done = false;
  const seen = new IntersectionObserver((entries) => { if (entries.some((e) => e.isIntersecting)) run(); },
    { root, rootMargin: "400px 0px" });
  const idle = window.requestIdleCallback ? requestIdleCallback(() => run(), { timeout: 2000 }) : setTimeout(() => run(), 300);
  const cancel = () => {
    done = true;
    seen.disconnect();
    if (window.requestIdleCallback) cancelIdleCallback(idle); else clearTimeout(idle);
  };
  function run() {
    if (done) return;
    cancel();
    draw();
  }
  seen.observe(element);
  return cancel;
}

function showError(message) {
  const el = $("error");
  el.textContent = message;
  el.hidden = !message;
  if (message) setTimeout(() => { if (el.textContent === message) el.hidden = true; }, 8000);
}

// A question in the bar under the header (Undo's, deleting an entry's): `parts(close)` are
// its words and buttons. Its first button has the focus; Escape closes it as its "keep"
// button does; closed, the focus goes back to what opened it (or to `back()`, when that was
// drawn again meanwhile), not to the top of the page.
function confirmBar(parts, back) {
  const bar = $("confirm");
  const opener = document.activeElement;
  const close = () => {
    bar.hidden = true;
    bar.replaceChildren();
    bar.onkeydown = null;
    const to = opener && opener !== document.body && opener.isConnected ? opener : back();
    if (to) to.focus();
  };
  bar.replaceChildren(...parts(close));
  bar.onkeydown = (e) => { if (e.key === "Escape") { e.preventDefault(); close(); } };
  bar.hidden = false;
  const first = bar.querySelector("button");
  if (first) first.focus();
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

// An error of the connection, not of the request: its banner goes once the table is back.
function outage(message) {
  store.outage = true;
  return new Error(message);
}

async function api(method, path, body) {
  const headers = { ...PAGE_HEADERS };
  if (store.seat) headers["X-Ironsworn-Seat"] = encodeURIComponent(store.seat);
  if (method !== "GET") headers["Idempotency-Key"] = requestId();
  let payload;
  if (body instanceof Blob || typeof body === "string") payload = body;
  else if (body !== undefined) {
    headers["Content-Type"] = "application/json";
    payload = JSON.stringify(body);
  }
  // A first read had at start (first.js) is taken, not asked again (not had: asked).
  const had = method === "GET" ? await firstRead(path) : null;
  for (let attempt = 0; ; attempt++) {
    let response;
    try {
      response = attempt === 0 && had ? had : await fetch(path, { method, headers, body: payload, credentials: "same-origin" });
    } catch (err) {
      // No answer: the request may or may not have been applied; the same id makes it safe.
      if (attempt < RETRY_MS.length) {
        setLive(navigator.onLine === false ? "offline" : "reconnecting");
        await sleep(RETRY_MS[attempt]);
        continue;
      }
      throw outage("the table cannot be reached (offline, or the server is down); retrying");
    }
    if (response.status === 503 && attempt < RETRY_MS.length) {
      setLive("reconnecting");
      await sleep(RETRY_MS[attempt]);
      continue;
    }
    // The table's version after a change: the page waits for the stream to bring it.
    if (method !== "GET") store.written = Number(response.headers.get("x-ironsworn-version")) || 0;
    const data = await response.json().catch(() => ({ error: response.statusText }));
    if (response.status === 503) { setLive("reconnecting"); throw outage(data.error || "the table is unavailable"); }
    if (store.live && $("live").dataset.state !== "live") setLive("live");
    if (!response.ok) throw Object.assign(new Error(data.error || response.statusText), { data });
    return data;
  }
}

// Make an action. One that left out an input the table needs comes back as a question: the
// page asks it (asking.js) and, answered, makes the action again with it (then `then(data)`).
async function act(action, body, options = {}) {
  // The same change sent again while it is on its way is a second click of one button (a
  // double click on Roll rolled the move twice, wrote a journal entry twice): not sent. A
  // change a player repeats on purpose (+1 experience, mark progress, undo) is always sent.
  const key = REPEATED.has(action) ? null : `${action} ${JSON.stringify(body || {})}`;
  if (key && sending.has(key)) return null;
  if (key) sending.add(key);
  try {
    return await actOnce(action, body, options);
  } finally {
    if (key) sending.delete(key);
  }
}

// The actions a player repeats on purpose, each click a change of its own (+1 experience,
// mark progress, a legacy's tick, undo): every other one (a move, a decision's answer, an
// entry, a new track or character, an oracle's roll) is never meant twice at once.
const REPEATED = new Set(["adjust", "progress", "legacy", "asset_track", "undo", "redo"]);
const sending = new Set(); // the changes on their way

async function actOnce(action, body, options) {
  const { keepResult = false, title = null, declined = null, chose = null } = options;
  try {
    showError("");
    const data = await api("POST", `${BASE}/actions/${action}`, body || {});
    if (store.asked) dismiss();
    if (keepResult) store.result = { action, data, title, declined, chose };
    // Undo takes back an operation: a result on screen that it took back says so.
    if (action === "undo" && data && data.undone && store.result && store.result.seq === data.undone.seq) store.result.undone = true;
    if (action === "redo" && data && data.redone && store.result && store.result.seq === data.redone.seq) store.result.undone = false;
    await caughtUp(store.written);
    if (keepResult && store.result && store.result.data === data && store.state) store.result.seq = store.state.head;
    // The result and the decision it raised are above the move that was made (far above on
    // a phone): bring them into view.
    if (keepResult) showOutcome();
    focusNext(keepResult);
    return data;
  } catch (err) {
    if (err.data && err.data.question) ask(action, body || {}, err.data.question, options);
    else showError(err.message);
    return null;
  }
}

// Where the keyboard goes after an action of this page: to the decision it now owes (a roll
// that asks, an answer that asks again: it must be answered before this character acts, and
// it is drawn above the move's panel, a screen of buttons away), else, when the control
// pressed went with what it answered (a decision's button, a question's), to its result;
// never back to the top of the page.
function focusNext(madeMove) {
  const owed = $("pending") && !$("pending").hidden ? $("pending").querySelector(".decision .answers button") : null;
  const now = document.activeElement;
  const lost = !now || now === document.body || !now.isConnected;
  if (owed && (madeMove || lost)) { owed.focus({ preventScroll: true }); return; }
  const result = lost && madeMove ? $("result").querySelector("article") : null;
  if (!result) return;
  result.tabIndex = -1; // focused for the player to read on from, not a stop of its own
  result.focus({ preventScroll: true });
}

function showOutcome() {
  const outcome = $("outcome");
  if (!outcome || !outcome.firstElementChild) return;
  const box = outcome.getBoundingClientRect();
  const header = $("top").getBoundingClientRect().bottom;
  if (box.top < Math.max(0, header) || box.top > window.innerHeight * 0.5) outcome.scrollIntoView({ block: "start" });
  // A decision raised: its options in view too (on a phone the result above it may fill the
  // screen, and the floating badge takes the screen's foot: the decision's scroll margin),
  // the decision's top kept in view when it is taller than the screen.
  const pending = $("pending");
  if (pending && !pending.hidden) {
    const decision = pending.getBoundingClientRect();
    const foot = window.innerHeight - (parseFloat(getComputedStyle(pending).scrollMarginBottom) || 0);
    if (decision.bottom > foot) pending.scrollIntoView({ block: decision.height > foot ? "start" : "end" });
  }
}

// The server renders the rules' Markdown (and journal entries) with raw HTML off: it is the
// only HTML this page takes from the network.
// An element holding the server's rendered (and escaped) Markdown. Marked "rendered": its
// line breaks are the markup's own, so no plain-text rule (pre-line) turns the newlines between
// its paragraphs and list items into blank lines.
function html(tag, attrs, markup) {
  const el = h(tag, attrs);
  el.classList.add("rendered");
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

// The campaign's ruleset (stats, meters, marks, ranks, odds, track kinds, progress moves...),
// empty until read: the page holds no game facts of its own.
const NO_RULES = {
  ruleset: null, name: "", creation: { bonds: 0, assets: 0, command_vehicle: false }, stats: [], creation_stats: [], meters: [], momentum_min: 0, marks: [], ranks: [], odds: [], track_kinds: [],
  progress_moves: {}, swear: null, background_ranks: [], inciting_ranks: [], vehicle_marks: [], vehicle_troubles: {}, vehicle_kinds: [], crew_card: null, modules: null,
};
const rules = () => store.rules || NO_RULES;
// Ask the Oracle's odds as the buttons say them ("50/50", "Almost Certain"), by the key an
// answer names (fifty_fifty was shown as it is sent).
const oddsWords = (key) => ((rules().odds || []).find((o) => o.key === key) || { label: words(key) }).label;

// Read once at start (every later caller shares that read; ``again`` after a content pack
// changed it): the sheet cannot be drawn without it (which track kinds are fights, the
// initiative's words...).
function loadRules(again = false) {
  if (!store.rulesRead || again) {
    store.rulesRead = api("GET", `${BASE}/ruleset`).then((rules) => (store.rules = rules));
    store.rulesRead.catch(() => { store.rulesRead = null; }); // a failed read is tried again
  }
  return store.rulesRead;
}

// The content the sheet and the tracks draw with (the abilities of the asset cards the
// characters hold, a fight's foe and the foes a new fight takes), read once at start with the
// state (``again`` after a content pack changed it): the state is drawn once, with it.
// Unreadable: empty lists (the error is the caller's to show).
function loadContent(again = false) {
  if (!store.contentRead || again) {
    if (again) { store.deck = false; store.deckRead = null; }
    store.contentRead = Promise.all([api("GET", `${BASE}/content/assets?held=1`), api("GET", `${BASE}/content/npcs`)]).then(
      ([held, npcs]) => { Object.assign(store, { npcs }, store.deck ? {} : { assets: held }); },
      (err) => { Object.assign(store, { npcs: [] }, store.deck ? {} : { assets: [] }); throw err; });
  }
  return store.contentRead;
}

// The whole deck of asset cards (the New character tab's picker; the sheet, when a character
// comes to hold a card the page has not read), read once (``again`` after a content pack).
function loadDeck(again = false) {
  if (!store.deckRead || again) {
    store.deckRead = api("GET", `${BASE}/content/assets`).then((assets) => { Object.assign(store, { assets, deck: true }); });
    store.deckRead.catch(() => { store.deckRead = null; }); // a failed read is tried again
  }
  return store.deckRead;
}

// The truths, for the World tab (``again`` after a content pack changed them).
function loadTruths(again = false) {
  if (!store.truthsRead || again) {
    store.truthsRead = api("GET", `${BASE}/content/truths`).then(
      (truths) => { store.truths = truths; },
      (err) => { store.truths = []; throw err; });
  }
  return store.truthsRead;
}

// What a campaign without the player's own content file shows where its oracles, truths,
// foes or assets would be (the state's content_needed: what to import, and how), or null.
function contentNeeded(empty) {
  const needed = store.state && store.state.content_needed;
  return needed && empty
    ? h("p", { class: "content-needed" }, `${needed.message}. Import it under Campaigns, or on the server's machine: ${needed.how}`)
    : null;
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

function character() {
  const chars = store.state ? store.state.characters : [];
  const name = store.seat || store.viewing;
  return chars.find((c) => c.name === name) || chars[0] || null;
}

export { confirmBar, unsworn, NAME, BASE, TIMELINE, store, h, svg, $, signed, pct, words, unlinked, fill, FIELDS, fieldKeys, typedIn, restoreTyped, markTyped, clearTyped, whenNear, showError, LIVE_WORDS, setLive, requestId, RETRY_MS, sleep, api, act, showOutcome, html, targetName, clean, contentNeeded, character, rules, oddsWords, loadRules, loadContent, loadDeck, loadTruths };
