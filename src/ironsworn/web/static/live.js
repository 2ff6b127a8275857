// Reading the campaign and drawing it: the whole state once, then each change the event
// stream carries (the state as a patch, the timeline entries it touched), applied in order.
// A page that was away names the last version it holds and receives what it missed; only
// when the server cannot tell (it restarted, the page is too far behind) does it read all again.
import { $, BASE, NAME, TIMELINE, api, character, loadContent, loadRules, setLive, showError, store } from "./core.js";
import { renderPending, renderResult, resultFollowsTimeline } from "./decisions.js";
import { renderTimeline, timelineShown } from "./journal.js";
import { loadMoves, loadPanel, renderMoves } from "./moves.js";
import { renderParty, renderSeat, renderSheet } from "./sheet.js";
import { renderTracks } from "./tracks.js";

async function refresh() {
  // Reads overlap (a change heard while an action's own refresh is under way): the answer of
  // an older read must never be drawn over a newer one, or the page shows a stale state and,
  // with no further change to hear, stays so.
  const ticket = (store.ticket = (store.ticket || 0) + 1);
  try {
    // Both asked at once, the state first; the sheet is drawn as soon as the state is here.
    const read = api("GET", `${BASE}/state?page=1`);
    const timeline = api("GET", `${BASE}/timeline?last=${TIMELINE}`);
    timeline.catch(() => {}); // reported below if the state was read; else the state's error
    const state = await read;
    // The first state can come before the ruleset it is drawn with (a loaded server answers
    // in any order): drawing it without would fail, and the page read all again a second
    // later with an error flashed.
    if (!store.rules) await loadRules();
    // Drawn once, with the content and the moves the sheet, tracks and decisions draw with
    // (an error is shown where they were asked for; the state is drawn without).
    if (!store.assets || !store.npcs) await loadContent().catch(() => {});
    if (!store.moves) await loadMoves().catch(() => {});
    if (ticket < (store.drawn || 0)) return;
    // Changes the stream applied while this read was under way are newer than its answer.
    if (state.epoch === store.epoch && state.version < store.version) return;
    store.drawn = ticket;
    const options = store.state ? JSON.stringify(store.state.options) : undefined;
    store.state = state;
    followOptions(options);
    store.version = state.version;
    store.epoch = state.epoch;
    render();
    if (store.move) loadPanel(store.move, false);
    const latest = await timeline;
    if (ticket < store.drawn) return;
    // Earlier pages the player loaded stay, with the entries that have left the latest page.
    if (store.earlier.length) store.earlier = timelineShown();
    store.timeline = latest;
    renderTimeline();
    backOnline();
    settled();
    // Heard of a newer version while reading (and could not apply it): read again.
    if (store.heard > store.version) refresh();
  } catch (err) {
    store.outage = true;
    // Behind and unable to read (the network is down, the server restarting): try again
    // shortly; the page catches up by itself.
    showError(err.message);
    if (!store.retry) store.retry = setTimeout(() => { store.retry = null; refresh(); }, 1000);
  }
}

// Caught up: an error banner left by an outage goes (a player's own error stays its time).
function backOnline() {
  if (store.outage) { store.outage = false; showError(""); }
}

// ------------------------------------------------------------------------ applying changes

function patch(document, steps) {
  // As ironsworn.web.changes.patch does: set, delete, or splice a list, each on a path.
  for (const step of steps) {
    if ("set" in step) {
      const path = step.set;
      if (!path.length) { document = step.value; continue; }
      at(document, path.slice(0, -1))[path[path.length - 1]] = step.value;
    } else if ("del" in step) {
      const path = step.del;
      delete at(document, path.slice(0, -1))[path[path.length - 1]];
    } else {
      at(document, step.splice).splice(step.at, step.remove, ...step.insert);
    }
  }
  return document;
}

function at(document, path) {
  for (const key of path) document = document[key];
  return document;
}

function touchesPanel(steps) {
  const chars = store.state.characters || [];
  const shown = character();
  const mine = shown ? chars.findIndex((c) => c.name === shown.name) : -1;
  return steps.some((step) => {
    const path = step.set || step.del || step.splice || [];
    if (!path.length || path[0] === "tracks" || path[0] === "options") return true;
    return path[0] === "characters" && (path.length === 1 || path[1] === mine);
  });
}

// The campaign's options decide which moves it plays (sundered_isles: the Sundered Isles'
// moves in place of Starforged's): a change to them, made by any page or the command line,
// reads the moves and the ruleset's description again, and draws the list anew if shown.
function followOptions(before) {
  if (before === undefined || before === JSON.stringify(store.state.options)) return;
  store.moves = null;
  loadRules(true).catch(() => {});
  loadMoves().then(() => { if (!$("tab-moves").hidden) renderMoves(); }).catch((err) => showError(err.message));
  // The options drawn on the Campaigns tab, if it is open, with their new values.
  if (!$("tab-campaigns").hidden) import("./campaigns.js").then((c) => c.renderCampaigns());
}

function mergeTimeline(delta) {
  const changed = new Map(delta.entries.map((e) => [e.seq, e]));
  const gone = new Set(delta.drop);
  const merge = (list) => list.filter((e) => !gone.has(e.seq)).map((e) => changed.get(e.seq) || e);
  const held = new Set(store.timeline.map((e) => e.seq));
  const oldest = store.timeline.length ? store.timeline[0].seq : 0;
  const fresh = delta.entries.filter((e) => !held.has(e.seq) && e.seq > oldest);
  store.earlier = merge(store.earlier);
  const latest = [...merge(store.timeline), ...fresh].sort((a, b) => a.seq - b.seq);
  // The latest page holds TIMELINE entries; those leaving it stay shown if the player had
  // opened earlier pages.
  const leaving = latest.slice(0, Math.max(0, latest.length - TIMELINE));
  if (store.earlier.length) store.earlier = [...store.earlier, ...leaving];
  store.timeline = latest.slice(leaving.length);
}

function apply(change, epoch) {
  if (epoch && epoch !== store.epoch) { store.epoch = null; refresh(); return; } // a restart
  if (change.version <= store.version) return; // held already (read with the state)
  store.heard = Math.max(store.heard, change.version);
  if (!store.state || !Array.isArray(change.state) || change.since !== store.version) {
    // The server could not say what changed from the version held (or this page has not
    // read it yet): read the state.
    refresh();
    return;
  }
  const options = JSON.stringify(store.state.options); // (the patch changes it in place)
  store.state = patch(store.state, change.state);
  followOptions(options);
  store.state.version = store.version = change.version;
  store.state.head = change.head;
  render();
  if (change.timeline) {
    mergeTimeline(change.timeline);
    renderTimeline();
    resultFollowsTimeline();
  } else {
    // More changed than a page holds: the latest page again (the state is already here).
    api("GET", `${BASE}/timeline?last=${TIMELINE}`)
      .then((latest) => { store.timeline = latest; renderTimeline(); resultFollowsTimeline(); })
      .catch((err) => showError(err.message));
  }
  // The move panel's odds follow the character's values and tracks: the panel alone is read
  // again, when the change touched them (another character's move leaves it as it is).
  if (store.move && touchesPanel(change.state)) loadPanel(store.move, false);
  backOnline();
  settled();
}

// An action's answer names the version its change made; the page's own change arrives on
// the stream like every other page's (so the action reads nothing more).
function caughtUp(version) {
  if (!version || version <= store.version) {
    // Here already (the stream is often quicker than the answer): draw what the action
    // itself keeps on the page (its result box).
    if (store.state) render();
    return Promise.resolve();
  }
  if (!store.live) return refresh(); // no stream to bring it: read it
  return new Promise((done) => {
    const waiter = { version, done };
    store.waiting.push(waiter);
    // A stream that stalls without saying so: read after a while rather than wait on.
    setTimeout(() => {
      if (!store.waiting.includes(waiter)) return;
      store.waiting = store.waiting.filter((w) => w !== waiter);
      refresh().then(done);
    }, 3000);
  });
}

function settled() {
  const ready = store.waiting.filter((w) => w.version <= store.version);
  store.waiting = store.waiting.filter((w) => w.version > store.version);
  for (const w of ready) w.done();
}

// ----------------------------------------------------------------------------- the stream

function connect() {
  if (store.source) store.source.close();
  // The version held: the server sends what came after it (the browser's own reconnects
  // send the last event's id instead, which the server prefers).
  const since = store.epoch ? `?since=${store.epoch}.${store.version}` : "";
  const source = new EventSource(`${BASE}/events${since}`);
  store.source = source;
  source.addEventListener("change", (event) => {
    const epoch = (event.lastEventId || "").split(".")[0];
    apply(JSON.parse(event.data), epoch);
  });
  source.onopen = () => {
    store.live = true;
    setLive("live");
    backOnline();
  };
  source.onerror = () => {
    store.live = false;
    setLive(navigator.onLine === false ? "offline" : "reconnecting");
    // The browser reopens the stream by itself (every second, as the server asks), unless
    // the server answered with an error (a database away): then the page opens it again.
    if (source.readyState === EventSource.CLOSED && navigator.onLine !== false) {
      setTimeout(() => { if (store.source === source) connect(); }, 2000);
    }
  };
}

function listen() {
  connect();
  window.addEventListener("offline", () => {
    // No network: say so, and stop the stream (it would only fail); back online, it opens
    // again from the version held and brings what was missed.
    store.live = false;
    if (store.source) store.source.close();
    setLive("offline");
  });
  window.addEventListener("online", () => { setLive("reconnecting"); connect(); });
  document.addEventListener("visibilitychange", () => {
    if (!document.hidden && store.source && store.source.readyState === EventSource.CLOSED) connect();
  });
}

function render() {
  $("campaign-name").textContent = NAME;
  document.title = `${NAME} — Ironsworn table`;
  renderSeat();
  renderParty();
  renderSheet();
  renderTracks();
  renderPending();
  renderResult();
  if (store.drawWorld) store.drawWorld(); // the World tab, once opened (world.js)
  if (store.drawOffer) store.drawOffer(); // the New character tab's offer to swear (creation.js)
}

export { refresh, listen, render, caughtUp, patch };
