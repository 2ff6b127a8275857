// Reading the campaign and drawing it: the state and timeline, the event stream, render().
import { $, BASE, NAME, TIMELINE, api, setLive, showError, store } from "./core.js";
import { renderPending, renderResult } from "./decisions.js";
import { renderTimeline, timelineShown } from "./journal.js";
import { loadPanel } from "./moves.js";
import { renderParty, renderSeat, renderSheet } from "./sheet.js";
import { renderTracks } from "./tracks.js";
import { renderWorld } from "./world.js";

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

export { refresh, listen, render };
