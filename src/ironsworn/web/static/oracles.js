// The oracles tab: rolling on a table, asking the oracle, and this page's last 50 rolls (each
// kept in the journal at most once), kept in this browser per campaign so a reload keeps them.
import { BASE, NAME, act, api, clean, fill, h, oddsWords, rules, store, unlinked, words } from "./core.js";
import { renderResult } from "./decisions.js";

// A folder's name as the book heads it: "Action and Theme", not "Action And Theme".
const SMALL_WORDS = new Set(["a", "an", "and", "as", "at", "by", "for", "in", "of", "on", "or", "the", "to"]);
const heading = (name) => words(name).split(" ")
  .map((w, i) => (i && SMALL_WORDS.has(w) ? w : w.charAt(0).toUpperCase() + w.slice(1))).join(" ");

// A table as the list shows it: the folders it sits in, as the list heads them ("Location
// Theme", "Mechanical" for a mechanical location's Feature), and its own name ("Feature"; a
// result's name may carry its folder already: "Mechanical: Feature"). From the list when it
// is read, else from the table's id and the name given.
function oracleTitle(id, name) {
  const listed = (store.oracles || []).find((t) => t.id === id);
  const path = listed ? listed.path || [listed.category] : String(id).split(":").pop().split("/").slice(1, -1);
  const own = listed ? listed.name : String(name || "").split(": ").pop();
  const parents = path.filter(Boolean).map(heading);
  // A name that says its folder already ("Character Goal" in Character) is not told it twice.
  const last = parents[parents.length - 1];
  return { parents: last && own.toLowerCase().startsWith(`${last.toLowerCase()} `) ? parents.slice(0, -1) : parents, name: own };
}

async function renderOracles() {
  // The campaign's own ruleset's tables only (a Starforged campaign's come from its pack).
  if (!store.oracles) store.oracles = await api("GET", `${BASE}/oracles`);
  const question = h("input", { placeholder: "your yes/no question", "aria-label": "question" });
  const ask = h("form", { class: "ask", onsubmit: (e) => e.preventDefault() }, h("h3", {}, "Ask the Oracle"), question,
    h("div", {}, rules().odds.map(({ key, label }) => h("button", { type: "button", "data-odds": key, onclick: async () => {
      const data = await act("ask", clean({ odds: key, question: question.value.trim() }));
      if (data) rolled({ action: "ask", data, question: question.value.trim() });
    } }, label))));
  const search = h("input", { type: "search", placeholder: "search tables", "aria-label": "search oracle tables" });
  const list = h("div", { class: "oracle-list" });
  // The tables nested as in the book (the folders of their ids: Planets, then each kind of
  // world, then its settlements...), a folder's own tables before its folders.
  // The roll is said beside the table's button too: on a phone the result is far above a
  // table opened deep in the list, out of view.
  const oracle = (t) => {
    const here = h("output", { class: "rolled-here", "aria-live": "polite" });
    return h("div", { class: "oracle" },
      h("button", { type: "button", class: "roll-oracle", "data-oracle": t.id, onclick: async () => {
        const data = await act("oracle", { oracle: t.id });
        if (!data) return;
        rolled({ action: "oracle", data });
        const nested = (data.rolls || []).map((r) => `${r.name} (${r.roll}): ${unlinked(r.text)}`);
        here.textContent = `${data.roll}: ${unlinked(data.text)}${nested.length ? ` (${nested.join("; ")})` : ""}`;
      } }, `Roll ${t.name}`), " ", here,
    h("details", {}, h("summary", {}, "Table"), h("table", {}, t.rows.map((r) => h("tr", {},
      h("td", {}, r.min === r.max ? r.min : `${r.min}-${r.max}`), h("td", {}, unlinked(r.text)))))));
  };
  const folder = (name, node, open) => h("details", { open: open ? true : null, "data-folder": name },
    h("summary", {}, heading(name)), node.tables.map(oracle),
    [...node.folders].map(([child, below]) => folder(child, below, open)));
  const draw = () => {
    const q = search.value.trim().toLowerCase();
    const root = { tables: [], folders: new Map() };
    for (const t of store.oracles) {
      // A search finds a table by its name or by a folder it sits in ("derelict" finds the
      // derelict's tables, none of which is named so).
      const folders = t.path || [t.category];
      if (q && !`${t.name} ${folders.join(" ")}`.toLowerCase().replace(/_/g, " ").includes(q)) continue;
      let node = root;
      for (const name of t.path || [t.category]) {
        if (!node.folders.has(name)) node.folders.set(name, { tables: [], folders: new Map() });
        node = node.folders.get(name);
      }
      node.tables.push(t);
    }
    list.replaceChildren(...root.tables.map(oracle), ...[...root.folders].map(([name, node]) => folder(name, node, Boolean(q))));
  };
  search.addEventListener("input", draw);
  draw();
  // A Starforged campaign without the player's Datasworn file has no tables yet: say so (the
  // file is imported under Campaigns, or on the server's machine).
  const needed = store.state && store.state.content_needed;
  const missing = needed && !store.oracles.length
    ? h("p", { class: "content-needed" }, `${needed.message}. Import it under Campaigns, or on the server's machine: ${needed.how}`)
    : null;
  fill("tab-oracles", ask, h("div", { id: "roll-history" }), h("h3", {}, "Oracle tables"), missing, search, list);
  renderHistory();
}

const HISTORY = 50;
// (A function: the modules import each other, and this one may be read before core.js is.)
const saved = () => "rolls:" + NAME;

// This browser's rolls at the campaign, newest first (none when storage is refused or spoiled).
function rollsHeld() {
  if (!store.rolls) {
    try { store.rolls = (JSON.parse(localStorage.getItem(saved()) || "[]") || []).slice(0, HISTORY); }
    catch { store.rolls = []; }
  }
  return store.rolls;
}

function saveRolls() {
  try { localStorage.setItem(saved(), JSON.stringify(rollsHeld())); } catch { /* storage full or refused: this page keeps them */ }
}

// A roll becomes the result shown and the newest of this page's history.
function rolled(result) {
  store.result = result;
  store.rolls = [result, ...rollsHeld()].slice(0, HISTORY);
  renderResult();
  renderHistory();
}

function renderHistory() {
  const box = document.getElementById("roll-history");
  if (!box) return;
  const rolls = rollsHeld();
  saveRolls(); // a roll just made, or one just kept in the journal
  if (!rolls.length) { box.replaceChildren(); return; }
  const line = (r) => (r.action === "ask"
    ? `${r.question || "a question"} (${oddsWords(r.data.odds)}): ${r.data.answer === "yes" ? "YES" : "NO"}`
    : `${((t) => [...t.parents, t.name].join(" › "))(oracleTitle(r.data.id, r.data.name))}: ${unlinked(r.data.text)}${(r.data.rolls || []).length ? ` (${r.data.rolls.map((x) => unlinked(x.text)).join(", ")})` : ""}`);
  box.replaceChildren(h("details", { open: true }, h("summary", {}, `Rolls at this page (the last ${HISTORY})`),
    h("ol", { class: "rolls" }, rolls.map((r) => h("li", { class: r.kept ? "kept" : "" },
      h("button", { type: "button", class: "link", onclick: () => { store.result = r; renderResult(); } }, line(r)),
      r.kept ? h("small", {}, " · kept") : null)))));
}

export { oracleTitle, renderHistory, renderOracles };
