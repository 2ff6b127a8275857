// The moves tab: the list, the move panel (its odds, with the adds that apply by themselves)
// and making a move.
import { showTab } from "./page.js";
import { $, BASE, act, api, character, clean, fill, h, html, pct, rules, showError, signed, store, unlinked, words } from "./core.js";

// A rules link in a result or a move's text ([Pay the Price](move:...)) opens that move.
document.addEventListener("click", (e) => {
  const link = e.target instanceof Element ? e.target.closest('a[href^="#move:"]') : null;
  if (!link) return;
  e.preventDefault();
  showTab("moves").then(() => openMove(decodeURIComponent(link.getAttribute("href").slice(1))));
});
// The moves of the campaign's ruleset: the tab lists them, the tracks and decisions name them
// (the state is drawn with them): their names, categories and triggers (a move's panel reads
// the rest). Read once; again once a content pack emptied the list.
function loadMoves() {
  if (!store.movesRead) {
    store.movesRead = api("GET", `${BASE}/moves?brief=1`).then((moves) => { store.moves = moves; })
      .finally(() => { store.movesRead = null; });
  }
  return store.movesRead;
}

// A move's category as the list heads it: Datasworn's "Combat Moves" as the ruleset's
// "combat" (an expansion's moves join it), in the list and on the move's panel alike (the
// panel read "Set a Course EXPLORATION MOVES" beside "Swear an Iron Vow QUEST").
const heading = (category) => String(category || "").replace(/ moves$/i, "").toLowerCase();

async function renderMoves() {
  if (!store.moves) await loadMoves();
  const search = h("input", { type: "search", id: "move-search", placeholder: "search moves", "aria-label": "search moves" });
  const lists = h("div", { class: "move-lists" });
  const draw = () => {
    const q = search.value.trim().toLowerCase();
    const byCategory = {};
    for (const m of store.moves) {
      if (q && !m.name.toLowerCase().includes(q) && !(m.trigger || "").toLowerCase().includes(q)) continue;
      // Datasworn's "Combat Moves" under the ruleset's "Combat" (an expansion's moves join it).
      const cat = heading(m.category);
      (byCategory[cat] = byCategory[cat] || []).push(m);
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
  // The amount the player set (Endure Harm's harm): the odds are those of the roll after it.
  const query = new URLSearchParams();
  if (char) query.set("character", char.name);
  if (store.amount !== null && store.amount !== undefined && store.amountFor === id) query.set("amount", store.amount);
  // The vehicle chosen (Withstand Damage): the odds are those of its integrity.
  if (store.vehicle && store.vehicleFor === id) query.set("vehicle", store.vehicle);
  try {
    const panel = await api("GET", `${BASE}/moves/${encodeURIComponent(id)}` + (query.size ? `?${query}` : ""));
    store.panel = panel;
    renderPanel(scroll);
  } catch (err) {
    // The vehicle chosen is gone (an incidental vehicle left behind): the panel of the one
    // the move takes when left out.
    if (query.has("vehicle")) { store.vehicle = null; loadPanel(id, scroll); return; }
    showError(err.message);
  }
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

// The answer the odds assume to a question the move asks before it rolls (Starforged's Endure
// Harm above 0: resist and roll, or press on with no roll): said beside the odds.
function assumesLine(m) {
  const a = m.roll_assumes;
  if (!a) return null;
  const instead = a.instead && a.instead.length ? `; you may ${a.instead.join(" or ")} instead` : "";
  return h("p", { class: "before-roll assumes" }, h("small", {}, `odds if you ${a.text}${instead} (your own dice typed: you ${a.text})`));
}

// A stat's value when the move rolls it (after what the move takes first), else its value now.
const atRoll = (s) => (s.at_roll !== undefined ? s.at_roll : s.value);

function renderPanel(scroll) {
  const m = store.panel;
  const panel = $("panel");
  if (!m || !panel) return;
  const form = h("form", { class: "move-form", onsubmit: (e) => { e.preventDefault(); makeMove(form); } });
  // A refresh (someone else's change) redraws the panel: keep what the player typed.
  const sameMove = panel.firstChild && panel.firstChild.dataset.move === m.id;
  // (A box or a radio button is kept by its name and value: the assets' boxes share a name,
  // and an ability's options, Ironclad's light armor or war gear, are radio buttons.)
  const typed = {};
  const checkable = (input) => input.type === "checkbox" || input.type === "radio";
  const typedKey = (input) => (checkable(input) ? `${input.name}=${input.value}` : input.name);
  if (sameMove) {
    for (const input of panel.querySelectorAll("input, select")) {
      typed[typedKey(input)] = checkable(input) ? input.checked : input.value;
    }
  }
  // ... and where the keyboard was in it (the Roll button just pressed): the same control of
  // the panel drawn again has it, rather than the page's top.
  const focused = sameMove && panel.contains(document.activeElement) ? document.activeElement : null;
  const focusKey = !focused ? null : focused.matches("h3") ? "h3"
    : focused.name ? `[name="${CSS.escape(focused.name)}"]${(focused.type === "radio" || focused.type === "checkbox") && focused.hasAttribute("value") ? `[value="${CSS.escape(focused.value)}"]` : ""}`
    : focused.matches("button[type=submit]") ? "button[type=submit]" : null;
  const chosen = sameMove ? panel.querySelector("input[name=stat]:checked") : null;
  const keepStat = chosen ? chosen.value : null;
  if (m.roll_type === "action_roll" && m.stats && ["highest", "lowest"].includes(m.method)) {
    // The move picks the stat itself (Endure Harm: the highest of health and iron): shown, not asked.
    // The stat as the roll will have it: Endure Harm rolls +health after the harm is suffered
    // (the server's dry run of the move says which stat it rolls, and at what value).
    const rolled = m.stats.find((s) => s.rolled);
    form.append(h("fieldset", { class: "stat-choice" }, h("legend", {}, `Roll + the ${words(m.method)} of`),
      m.stats.map((s) => h("div", { class: "stat-option", "data-stat": s.stat },
        h("b", {}, `${words(s.stat)} ${s.value}`, atRoll(s) !== s.value ? ` → ${atRoll(s)}` : ""),
        atRoll(s) !== s.value ? h("small", { class: "at-roll" }, ` after ${signed(atRoll(s) - s.value)} ${words(s.stat)} ·`) : null, " ",
        rolled && !s.rolled ? h("small", { class: "not-rolled" }, `not rolled: the move rolls ${words(rolled.stat)} ${atRoll(rolled)}`)
          : [rolled ? h("small", {}, "rolled: ") : null, oddsLine(s.odds), autoAdds(s.automatic)])),
      // A move the server could not try yet (its amount is asked first: Companion Endure Harm
      // outside a fight): its odds are at the values now, and it says so.
      m.stats.every((s) => s.rolled === undefined) && reads(m).some((r) => r.option === "amount")
        ? h("p", { class: "before-roll unsure" }, h("small", {}, "odds at your values now: the roll is made after the harm")) : null,
      assumesLine(m),
      // What else the move changes before it rolls (harm past 0 health: -momentum).
      (m.before_roll || []).filter((c) => !m.stats.some((s) => s.stat === c.stat)).map((c) =>
        h("p", { class: "before-roll" }, h("small", {}, `before the roll: ${c.label || words(c.target)} ${signed(c.from)} → ${signed(c.to)}`)))));
  } else if (m.roll_type === "action_roll" && m.stats && m.stats.some((s) => s.connections)) {
    // Develop Your Relationship: with a bond, the roll is +the connection's rank; without
    // one, progress is marked and nothing is rolled (it drew an empty "Roll +").
    const each = m.stats.flatMap((s) => s.connections || []);
    form.append(h("fieldset", { class: "stat-choice" }, h("legend", {}, "Roll + the connection's rank, once you share a bond"),
      each.length ? each.map((c) => h("div", { class: "stat-option", "data-track": c.id },
        h("b", {}, `${c.name} `), c.bonded ? [`(${c.rank}) +${c.value} `, oddsLine(c.odds)]
          : h("small", {}, `no bond yet: marks progress (${c.rank}: ${c.per_mark}), no roll`)))
        : h("p", {}, "No connection yet: Make a Connection first.")));
  } else if (m.roll_type === "action_roll" && m.stats) {
    // When the move rolls each stat, in its own words (Enter the Fray: +heart "facing off
    // against your foe", +shadow "moving into position against an unaware foe..."): a new
    // player was offered heart, shadow and wits with nothing saying which fits.
    const when = (stat) => m.stats.length < 2 ? "" : (m.options || []).filter((o) => o.using.includes(stat)).map((o) => o.text).join("; ");
    form.append(h("fieldset", { class: "stat-choice" }, h("legend", {}, "Roll +"),
      m.stats.map((s, i) => h("label", { class: "stat-option" },
        h("input", { type: "radio", name: "stat", value: s.stat, checked: keepStat ? keepStat === s.stat : i === 0 }),
        // (the value the roll is made with, after what the move takes first: Companion Takes a
        // Hit's harm, as the move that picks its stat shows it)
        h("b", {}, ` ${words(s.stat)} ${s.value}`, atRoll(s) !== s.value ? ` → ${atRoll(s)}` : ""),
        when(s.stat) ? h("span", { class: "stat-when" }, ` ${when(s.stat)}`) : null,
        atRoll(s) !== s.value ? h("small", { class: "at-roll" }, ` after ${signed(atRoll(s) - s.value)} ${words(s.stat)} ·`) : null,
        " ", oddsLine(s.odds), autoAdds(s.automatic))), assumesLine(m)));
  } else if (m.roll_type === "progress_roll" && m.stats) {
    const tracks = m.stats.flatMap((s) => s.tracks || []);
    form.append(h("fieldset", { class: "stat-choice" }, h("legend", {}, "Track"),
      tracks.length ? tracks.map((t, i) => h("label", { class: "stat-option" },
        h("input", { type: "radio", name: "track", value: t.id, checked: store.track ? store.track === t.id : i === 0 }),
        h("b", {}, ` ${t.name} (score ${t.score})`), " ", oddsLine(t.odds))) : h("p", {}, "No track for this move.")));
  }
  // The character's abilities that act on this move: those that need the fiction are offered
  // as checkboxes (sent as the move's asset list); the others apply by themselves.
  // The options of one ability (Ironclad's light armor or war gear: NAME:N:OPTION) are one or
  // the other: radio buttons, with "neither".
  if (m.assets && m.assets.length) {
    const ability = (a) => (a.asset.split(":").length === 3 ? a.asset.split(":").slice(0, 2).join(":") : a.asset);
    const shared = (a) => a.when && m.assets.filter((b) => b.when && ability(b) === ability(a)).length > 1;
    // The stats its roll must be of, where the card says them (Engine Upgrade: +edge).
    const plain = (a) => a.stats && a.stats.length && !(a.rolls && a.rolls.length) && !a.stats.some((s) => s.startsWith("select:"));
    const label = (a, control) => h("label", { class: "opt", title: a.text }, control,
      h("b", {}, a.name), a.when ? ` ${a.fiction}` : " (applies)",
      plain(a) ? ` (rolling +${a.stats.join(" or +")})` : "", a.effect ? `: ${a.effect}` : "");
    const drawn = new Set();
    const rows = [];
    for (const a of m.assets) {
      if (!shared(a)) {
        rows.push(label(a, a.when ? h("input", { type: "checkbox", name: "asset_pick", value: a.asset }) : null));
        continue;
      }
      if (drawn.has(ability(a))) continue;
      drawn.add(ability(a));
      const name = `asset_one:${ability(a)}`;
      rows.push(h("div", { class: "one-of", role: "radiogroup", "aria-label": `${a.name}: one of` },
        m.assets.filter((b) => b.when && ability(b) === ability(a)).map((b) => label(b, h("input", { type: "radio", name, value: b.asset }))),
        h("label", { class: "opt" }, h("input", { type: "radio", name, value: "", checked: true }), ` ${a.name}: neither`)));
    }
    form.append(h("fieldset", { class: "applies" }, h("legend", {}, "Assets"), rows));
  }
  // Face Danger against an ally: both roll, the better hit controls the outcome.
  if (m.oppose) {
    form.append(h("label", { class: "opt" }, h("input", { type: "checkbox", name: "oppose" }), " against an ally (you both roll; the better hit decides)"));
  }
  // A move that does not roll asks for no dice; one that rolls no action die (a progress roll:
  // its score is the track's) takes no adds, bond or reroll either (the server refuses them).
  const rolls = m.roll_type !== "no_roll";
  const action = m.roll_type === "action_roll";
  form.append(...[
    action ? h("label", {}, "adds ", h("input", { name: "add", type: "number", min: 0, max: 10, value: 0, class: "short" })) : null,
    rolls ? h("label", {}, "your dice ", h("input", { name: "dice", placeholder: action ? "random, or e.g. 4,5,8" : "random, or e.g. 5,8", class: "dice" })) : null,
    action && (m.adds || []).length ? h("label", { class: "opt" }, h("input", { type: "checkbox", name: "bond" }), " you share a bond (+1 where the move says)") : null,
    action ? h("label", { class: "opt" }, h("input", { type: "checkbox", name: "reroll" }), " a move or asset lets you reroll dice") : null,
    // The options this move reads in this campaign (the server's list: a connection's rank and
    // role, a role's contribution, Advance's purchase...), each with its values where fixed.
    reads(m).length ? h("fieldset", { class: "reads" }, h("legend", {}, "This move's options"),
      reads(m).map((r) => h("label", { class: "opt", title: r.help, "data-option": r.option }, `${words(r.option)} `, readControl(r)))) : null,
    // Discover a Site with no site under way: the new site (the table's site operation's
    // inputs, from the server), made before the move, as play mode asks for it.
    m.new_site ? h("fieldset", { class: "reads new-site" }, h("legend", {}, "The new site"),
      m.new_site.inputs.map((i) => h("label", { class: "opt", title: i.help, "data-site": i.input }, `${SITE_WORDS[i.input] || words(i.input)} `, siteControl(i)))) : null,
    // The rules refuse the move as it stands (Strike without initiative): said before the roll.
    m.refused ? h("p", { class: "refused", role: "note" }, `Not now: ${m.refused}`) : null,
    h("button", { type: "submit", class: "primary" }, m.roll_type === "no_roll" ? "Make the move" : "Roll")].filter(Boolean));
  for (const input of form.querySelectorAll("input, select")) {
    const was = typed[typedKey(input)];
    if (was === undefined) continue;
    if (checkable(input)) input.checked = was;
    // (a list keeps what was chosen while it still offers it: a "none" gone, the default stays)
    else if (input.tagName === "SELECT" && ![...input.options].some((o) => o.value === was)) continue;
    else input.value = was;
  }
  // Swear an Iron Vow on a vow chosen: the words and rank of a vow not yet written (asked with
  // "none" chosen) are not shown, nor sent (left shown on a vow chosen, they went unheeded).
  const trackPick = m.id === rules().swear ? form.querySelector("select[name='read:track']") : null;
  if (trackPick) {
    const newVow = [...form.querySelectorAll("label[data-option=vow], label[data-option=rank]")];
    const sync = () => {
      for (const label of newVow) {
        label.hidden = Boolean(trackPick.value);
        for (const control of label.querySelectorAll("input, select")) control.disabled = label.hidden;
      }
    };
    trackPick.addEventListener("change", sync);
    sync();
  }
  panel.replaceChildren(h("article", { class: "move-panel", "data-move": m.id },
    h("h3", {}, m.name, h("small", {}, ` ${words(heading(m.category))}`)),
    h("p", { class: "trigger" }, m.trigger || ""),
    m.adds && m.adds.length ? h("ul", { class: "adds" }, m.adds.map((a) => h("li", {}, `+${a.value} ${a.when}`))) : null,
    form,
    m.outcomes ? h("dl", { class: "outcomes" }, ["strong_hit", "weak_hit", "miss"].filter((k) => m.outcomes[k]).map((k) =>
      [h("dt", {}, words(k)), m.outcomes_html && m.outcomes_html[k] ? html("dd", {}, m.outcomes_html[k]) : h("dd", {}, unlinked(m.outcomes[k]))])) : null));
  const again = focusKey ? panel.querySelector(`.move-panel ${focusKey}`) : null;
  if (again) {
    if (focusKey === "h3") again.tabIndex = -1;
    again.focus({ preventScroll: true });
  }
  if (scroll) {
    panel.scrollIntoView({ block: "nearest" });
    // Opened by the player (the list, a track's button, a rules link): the keyboard goes to
    // the move's name, the form next, not left on the list three dozen stops above it.
    const title = panel.querySelector(".move-panel h3");
    title.tabIndex = -1;
    title.focus({ preventScroll: true });
  }
}

const NUMBER_OPTIONS = ["amount", "ability", "against_add"];

// The options the panel draws: a track picker only when a track of the move's kinds is there
// (Face Danger without a scene challenge has none).
const reads = (m) => (m.reads || []).filter((r) => r.option !== "track" || (r.values && r.values.length));

function readControl(r) {
  const name = `read:${r.option}`;
  if (r.option === "abandon") return h("input", { type: "checkbox", name });
  // A list the server offers empty (Advance with no experience to spend): said, not an empty menu.
  if (r.values && !r.values.length) return h("em", { class: "none", "data-none": "" }, "none to choose now");
  if (r.values) {
    // A track is one of the kinds the move acts on (the server's list), or none. The one value
    // the move takes when left out (Strike's only fight, Aid Your Ally's only ally) is chosen,
    // with no "none" to leave it out: none would be that one.
    const chosen = r.option === "track" && store.track ? store.track
      : r.option === "vehicle" && store.vehicle && store.vehicleFor === store.panel.id ? store.vehicle : r.default;
    // (Left out, a track may mean more than none: Enter the Fray's is the fight under way, or
    // a new one against the foe named: the server says so.)
    const blank = r.default !== undefined ? null : h("option", { value: "" }, r.blank || (r.option === "track" ? "none" : "—"));
    // Another vehicle chosen asks for the panel again (its odds are that vehicle's integrity).
    const onchange = r.option !== "vehicle" ? null : (e) => {
      store.vehicle = e.target.value || null;
      store.vehicleFor = store.panel.id;
      loadPanel(store.panel.id, false);
    };
    return h("select", { name, "aria-label": words(r.option), onchange }, blank,
      r.values.map((v) => (typeof v === "object"
        ? h("option", { value: v.id, selected: v.id === chosen }, `${v.name} (${v.kind})`) : h("option", { value: v, selected: v === chosen }, words(v)))));
  }
  if (r.option === "amount") {
    // Left empty, the move takes its default (Endure Harm: the foe's rank, else 2): said, and
    // a changed amount asks for the panel again (its odds are after the harm).
    // What the amount is, in the move's numbers ("damage: 1 minor, 2 serious, 3 major"), said
    // beside the field: a bare number field told a player nothing of what to type.
    const input = h("input", { name, type: "number", min: 0, max: 10, class: "short",
      "aria-describedby": r.default !== undefined ? "amount-help amount-default" : "amount-help",
      onchange: () => {
        const typed = input.value.trim();
        const number = Number(typed);
        store.amount = typed !== "" && Number.isInteger(number) && number >= 0 && number <= 10 ? number : null;
        store.amountFor = store.panel.id;
        loadPanel(store.panel.id, false);
      } });
    return [input, " ", h("small", { id: "amount-help", class: "help" }, r.help),
      r.default !== undefined ? h("small", { id: "amount-default", class: "default" }, `; empty: ${r.default} (${r.default_why})`) : null];
  }
  if (NUMBER_OPTIONS.includes(r.option)) return h("input", { name, type: "number", class: "short" });
  return h("input", { name, placeholder: r.help, "aria-label": r.option });
}

const SITE_WORDS = { sample: "or one of the pack's sites" };

// A field of the new site: one of its choices (a theme, a domain, roll; a rank), or words.
function siteControl(i) {
  const name = `site:${i.input}`;
  if (i.choices) {
    return h("select", { name, "aria-label": `the new site's ${i.input}` }, h("option", { value: "" }, "choose…"),
      i.choices.map((c) => h("option", { value: c.key }, c.detail ? `${c.label} (${c.detail})` : c.label)));
  }
  return h("input", { name, placeholder: i.help, "aria-label": `the new site's ${i.input}` });
}

function makeMove(form) {
  const data = new FormData(form);
  const char = character();
  const body = {
    move: store.panel.id,
    character: store.seat ? undefined : (char ? char.name : undefined),
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
  const oneOf = [...data.entries()].filter(([k, v]) => k.startsWith("asset_one:") && v).map(([, v]) => v);
  body.asset = [...data.getAll("asset_pick"), ...oneOf, ...(typedAsset ? [typedAsset] : [])];
  for (const o of ["bond", "reroll"]) if (data.get(o)) body[o] = true;
  if (store.panel.oppose && data.get("oppose")) {
    // Opposing takes the roll's own inputs; the ally (and their stat) are asked.
    body.move = store.panel.oppose;
    for (const k of Object.keys(body)) if (!["move", "character", "stat", "dice", "add", "burn"].includes(k)) delete body[k];
  }
  // Dice of the player's own typed for a move that asks before it rolls (Starforged's Endure
  // Harm: resist, or press on): they were rolled, so the odds' answer is given with them (else
  // the dice would be refused, left over while the move waits for the answer).
  // (The panel says the answer even when the amount is left empty, to be asked: the answer
  // then goes with the dice once the amount is given.)
  const rollOn = store.panel.roll_on;
  if (rollOn && body.dice && body.move === store.panel.id) body.choose = [rollOn];
  // Made (at once, or once the table's questions are answered): the dice typed were this roll's:
  // the field is emptied (they stayed, and the next Roll rolled them again where random dice
  // were meant). (A vow sworn is no longer offered: the server's state says so.)
  const then = () => {
    const typed = $("panel") ? $("panel").querySelector(".move-form input[name=dice]") : null;
    if (typed && body.dice && typed.value.trim() === body.dice) typed.value = "";
  };
  const move = () => act("move", clean(body), { keepResult: true, then }).then((done) => { if (done) then(); });
  if (!store.panel.new_site || body.move !== store.panel.id) { move(); return; }
  // The new site first (what is left out of it is asked), then the move on it.
  const site = { character: body.character };
  for (const i of store.panel.new_site.inputs) site[i.input] = (data.get(`site:${i.input}`) || "").trim();
  act(store.panel.new_site.operation, clean(site), { then: move }).then((done) => { if (done) move(); });
}

export { loadMoves, renderMoves, openMove, loadPanel, autoAdds, oddsLine, renderPanel, NUMBER_OPTIONS, readControl, makeMove };
