// The Ironsworn table's page: its tabs, its controls and its start (loaded by app.js once the
// first reads are asked for). The server holds the truth: the page reads the JSON API, draws
// it and sends actions; it never computes a rule. Every piece of text a player typed reaches
// the page through textContent (never as HTML), except journal entries and the rules' text,
// whose HTML the server renders from Markdown with raw HTML off.
import { $, NAME, act, loadContent, loadDeck, loadRules, loadTruths, showError, store } from "./core.js";
import { askUndo } from "./decisions.js";
import { listen, refresh, render } from "./live.js";
import { loadPanel, renderMoves } from "./moves.js";
import { renderOracles } from "./oracles.js";

// Each tab's drawing. The tabs not shown first (World, New character, Campaigns) import their
// module when first opened, with what they read (the truths; the whole deck of asset cards):
// the first load neither fetches nor compiles them (index.html does not preload them).
const TABS = {
  moves: () => renderMoves(),
  oracles: () => renderOracles(),
  world: () => Promise.all([import("./world.js"), loadTruths().catch((err) => showError(err.message))])
    .then(([world]) => world.renderWorld()),
  create: () => Promise.all([import("./creation.js"), loadDeck()]).then(([creation]) => creation.renderCreate()),
  campaigns: () => import("./campaigns.js").then((campaigns) => campaigns.renderCampaigns()),
};

function showTab(tab) {
  for (const b of document.querySelectorAll("#tabs button")) {
    b.classList.toggle("active", b.dataset.tab === tab);
    b.setAttribute("aria-selected", b.dataset.tab === tab ? "true" : "false");
  }
  for (const t of document.querySelectorAll(".tab")) t.hidden = t.id !== `tab-${tab}`;
  return Promise.resolve().then(TABS[tab]).catch((err) => showError(err.message));
}

async function start() {
  for (const b of document.querySelectorAll("#tabs button")) b.addEventListener("click", () => showTab(b.dataset.tab));
  $("seat").addEventListener("change", (e) => {
    store.seat = e.target.value;
    localStorage.setItem("seat:" + NAME, store.seat);
    render();
    if (store.move) loadPanel(store.move, false);
  });
  // "Skip to moves" opens the Moves tab (another may be shown) and puts the keyboard in its
  // search, the first stop of the list.
  document.querySelector("#skip a[data-skip=moves]").addEventListener("click", (e) => {
    e.preventDefault();
    const focus = () => { const search = $("move-search"); if (search) search.focus(); };
    if ($("tab-moves").hidden) showTab("moves").then(focus);
    else focus(); // (shown: its open move stays)
  });
  $("undo").addEventListener("click", askUndo);
  $("redo").addEventListener("click", () => act("redo"));
  $("journal-form").addEventListener("submit", async (e) => {
    e.preventDefault();
    const text = $("journal-text").value;
    if (!text.trim()) return;
    if (await act("journal", { text })) $("journal-text").value = "";
  });
  // Everything the first screen needs was asked for at once (first.js): the state is drawn
  // once, when it, the ruleset and the content it draws with are here, not again as each
  // arrives.
  const drawn = refresh();
  const rules = loadRules().catch((err) => showError(err.message));
  const moves = renderMoves().catch((err) => showError(err.message));
  const content = loadContent().catch((err) => showError(err.message));
  await drawn;
  await rules;
  listen();
  await Promise.all([content, moves]);
  document.body.dataset.readyMs = String(Math.round(performance.now()));
  document.body.dataset.ready = "yes";
}

// app.js runs as soon as it is here (async: the first reads wait neither for the style nor
// for the first paint); the page is drawn once the document is parsed.
if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start, { once: true });
else start();

export { showTab, start };
