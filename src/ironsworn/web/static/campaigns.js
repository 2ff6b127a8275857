// The campaigns tab: the list, a new campaign, import and export, and (the guide) content packs.
import { BASE, NAME, act, api, fill, h, loadContent, loadRules, loadTruths, rules, showError, store, words } from "./core.js";
import { render } from "./live.js";

async function renderCampaigns() {
  let list = [];
  try { list = await api("GET", "/api/campaigns"); } catch (err) { showError(err.message); }
  // Opened before the page's first read of the ruleset finished, the form would offer no
  // ruleset at all: read it here when it is not in yet.
  if (!store.rules) { try { await loadRules(); } catch (err) { showError(err.message); } }
  // A name the pattern refuses says what a name may hold ("Please match the requested
  // format" alone told a player nothing of why "Åsa saga" was refused).
  const nameWords = "A campaign's name is 1-64 letters a-z, digits, - and _, a letter or digit first (no spaces or accents).";
  const name = h("input", { placeholder: "new campaign name", "aria-label": "new campaign name", pattern: "[A-Za-z0-9][A-Za-z0-9_\\-]{0,63}",
    title: nameWords, oninput: () => name.setCustomValidity(name.validity.patternMismatch ? nameWords : "") });
  // A ruleset whose content is the player's own Datasworn file (Starforged's oracles, truths,
  // foes and assets) asks for it beside the ruleset, imported once (before the campaign is
  // made; a wrong file makes nothing); the campaign's page says what to import when it is left
  // out. (In the form only while such a ruleset is chosen: the page's other file inputs stay
  // the only ones otherwise.)
  const kinds = rules().rulesets;
  const ownFile = () => (kinds.find((r) => r.key === ruleset.value) || {}).own_file;
  const own = h("input", { type: "file", accept: "application/json,.json", "aria-label": "your own content file (needed once)" });
  const ownPick = h("span", { class: "own-file" });
  const ruleset = h("select", { "aria-label": "ruleset", onchange: () => {
    own.setAttribute("aria-label", `your ${ownFile()} (needed once)`);
    ownPick.replaceChildren(...(ownFile() ? [h("small", {}, ` your ${ownFile()} (needed once): `), own] : []));
  } }, kinds.map((r) => h("option", { value: r.key }, r.name)));
  const file = h("input", { type: "file", accept: "application/json,.json", "aria-label": "campaign export to import" });
  const importName = h("input", { placeholder: "name to import as", "aria-label": "name for the imported campaign" });
  fill("tab-campaigns",
    h("h3", {}, "Campaigns"),
    h("ul", { class: "campaigns" }, list.map((c) => h("li", {}, c.name === NAME ? h("b", {}, c.name) : h("a", { href: `/c/${encodeURIComponent(c.name)}` }, c.name),
      h("small", {}, ` ${c.operations ?? "?"} operations`)))),
    h("form", { class: "inline", onsubmit: async (e) => {
      e.preventDefault();
      try {
        if (ownFile() && own.files.length) await api("POST", `/api/content/import?ruleset=${encodeURIComponent(ruleset.value)}`, own.files[0]);
        await api("POST", "/api/campaigns", { name: name.value.trim(), ruleset: ruleset.value });
        location.href = `/c/${encodeURIComponent(name.value.trim())}`;
      } catch (err) { showError(err.message); }
    } }, name, ruleset, ownPick, h("button", { type: "submit" }, "Create")),
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
    } }, file, importName, h("button", { type: "submit" }, "Import")),
    store.state && store.state.role === "guide" ? [optionsForm(), packForm()] : null);
}

// The guide sets the campaign's options (the rulebook's gameplay options, a Starforged
// campaign's Sundered Isles), as 'ironsworn option NAME VALUE': a table played in the browser
// alone had no way to choose them. Each change is an operation of the log, undone as any.
function optionsForm() {
  const values = store.state.options || {};
  const said = (v) => (v === true ? "on" : v === false || v === null || v === undefined ? "off" : String(v));
  return h("div", { class: "options" }, h("h3", {}, "Campaign options"),
    h("ul", { class: "campaign-options" }, (rules().options || []).map((o) => {
      const now = said(values[o.name]);
      const pick = h("select", { id: `option-${o.name}`, "data-option": o.name, onchange: async () => {
        // Sent at once: not kept as typed (a redraw would restore it, and send it again).
        delete pick.dataset.typed;
        if (pick.value === said((store.state.options || {})[o.name])) return;
        if (!(await act("option", { name: o.name, value: pick.value }))) pick.value = now;
      } }, o.accepted.map((v) => h("option", { value: v, selected: v === now }, v)));
      return h("li", {}, h("label", { for: pick.id }, h("b", {}, words(o.name))), " ", pick, " ",
        h("small", {}, o.text));
    })));
}

// The guide adds a content pack (a Datasworn or Dataforged file, as 'ironsworn content import'):
// a Starforged campaign's assets, oracles and foes come from one.
function packForm() {
  const pack = h("input", { type: "file", accept: "application/json,.json", "aria-label": "Datasworn or Dataforged file to import" });
  const report = h("p", { class: "pack-report", "aria-live": "polite" });
  return h("div", { class: "packs" }, h("h3", {}, "Import a content pack (Datasworn or Dataforged JSON)"),
    h("form", { class: "inline", onsubmit: async (e) => {
      e.preventDefault();
      if (!pack.files.length) { showError("choose a Datasworn or Dataforged JSON file"); return; }
      report.textContent = "importing…";
      try {
        const made = await api("POST", "/api/content/import", pack.files[0]);
        const counts = Object.entries(made.counts || {}).map(([k, n]) => `${n} ${k}`).join(", ");
        // The campaign's content is read again: the new pack's assets, oracles, foes, moves;
        // the report says the pack is in once the page has them (the other tabs draw them).
        Object.assign(store, { assets: null, npcs: null, truths: null, oracles: null, moves: null });
        await Promise.all([loadContent(true), loadTruths(true), loadRules(true)]);
        render();
        report.textContent = `${made.replaced ? "replaced" : "imported"} pack ${made.id} (${made.name}): ${counts}`;
      } catch (err) { report.textContent = ""; showError(err.message); }
    } }, pack, h("button", { type: "submit" }, "Import pack")), report);
}

export { renderCampaigns };
