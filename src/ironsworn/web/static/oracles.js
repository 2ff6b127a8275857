// The oracles tab: rolling on a table, asking the oracle.
import { BASE, act, api, clean, fill, h, store, words } from "./core.js";
import { renderResult } from "./decisions.js";
import { ODDS } from "./game.js";

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

export { renderOracles };
