// Results and decisions: a move's result, the decisions owed (each page its own character's),
// and Undo's confirmation.
import { oracleTitle, renderHistory } from "./oracles.js";
import { $, BASE, TIMELINE, act, api, character, clean, confirmBar, fill, h, html, oddsWords, showError, store, targetName, unlinked, words } from "./core.js";
import { boxes } from "./sheet.js";

// Undo asks first, saying what it takes back. In co-op a player's page undoes only its own
// character's last operation (the server refuses the others'); the guide undoes any.
const lastLive = (timeline) => [...timeline].reverse().find((e) => e.status === "live");

async function askUndo() {
  let last = lastLive(store.timeline);
  // A page whose timeline is still being read (a second read overtook the first) asks the
  // server for the last operation rather than saying there is nothing to undo.
  if (!last) {
    try { last = lastLive(await api("GET", `${BASE}/timeline?last=${TIMELINE}`)); }
    catch (err) { showError(err.message); return; }
  }
  if (!last) { showError("nothing to undo"); return; }
  // Whose operation, then what it was, as the timeline tells it ("Wayfarer integrity 5 → 4",
  // not the stored summary's "vehicle:integrity 5 -> 4"): it may be a verb ("chose roll
  // table"), so it is shown after the question, not inside a sentence; a track's id before its
  // name is left out; a long journal entry by its start.
  const whose = last.character ? `${last.character}'s` : "the";
  const told = String(last.mechanics || last.text || last.summary || last.kind).replace(/^[a-z_]+-\d+: /, "");
  const what = `#${last.seq} ${told.length > 80 ? `${told.slice(0, 79)}…` : told}`;
  const player = store.state.role !== "guide";
  const undoButton = () => $("undo");
  if (player && last.character !== store.seat) {
    confirmBar((close) => [h("span", {}, `The last operation is ${whose} (${what}): only ${last.character ? `${last.character}'s page` : "its page"} or the guide can undo it.`),
      h("button", { type: "button", onclick: close }, "OK")], undoButton);
  } else {
    confirmBar((close) => [h("span", {}, `Undo ${whose} last operation? `), h("small", { class: "what" }, what), " ",
      h("button", { type: "button", class: "primary", id: "confirm-undo", onclick: () => { close(); act("undo"); } }, "Undo it"),
      h("button", { type: "button", onclick: close }, "Keep it")], undoButton);
  }
}

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

// Each change as from → to; one that comes from nothing (a track begun: "new fight
// (dangerous): Raider") says what it is, not "– → Raider".
// A change from no to yes or back reads as a person says it: "Kira gains the asset Ash
// (Horse)", "Kira marks wounded" (the server's verb), not "Ash (Horse) no → yes".
function effectList(effects) {
  return h("ul", { class: "effects" }, effects.map((e) => (e.verb
    ? h("li", {}, e.character ? `${e.character} ` : "", `${e.verb} `, h("b", {}, e.label || targetName(e.target)))
    : e.now ? h("li", {}, h("b", {}, e.label), `: ${e.now}`) // a track ended: "Find my sister: fulfilled"
    : h("li", {},
      e.character ? `${e.character}: ` : "", h("b", {}, e.label || targetName(e.target)),
      e.from === null || e.from === undefined ? `: ${fmt(e.to)}` : ` ${fmt(e.from)} → ${e.to_words || fmt(e.to)}`))));
}

const fmt = (v) => (v === true ? "yes" : v === false ? "no" : v === null || v === undefined ? "–" : String(v));

// A roll is kept in the journal once: the button says so after.
function keepButton(r, keep) {
  return h("button", { type: "button", class: "keep", disabled: r.kept, onclick: async () => {
    if (r.kept) return;
    if (await keep()) {
      r.kept = true;
      renderResult();
      renderHistory();
    }
  } }, r.kept ? "Kept in the journal" : "Keep in the journal");
}

function renderResult() {
  const r = store.result;
  if (!r) { fill("result"); return; }
  const d = r.data;
  if (r.action === "oracle") {
    // A table rolled from a table says which ("Biomes (73): Temperate rainforest"): its
    // lines read as more of the first table's.
    const lines = (res, depth) => [h("li", { style: null, class: `depth-${depth}` },
      depth && res.name ? `${res.name} (${res.roll ?? "–"}): ` : `${res.roll ?? ""} `, h("b", {}, unlinked(res.text))),
    ...res.rolls.flatMap((c) => lines(c, depth + 1))];
    // The table named with the folders it is in ("Planet › Vital › Diversity"): a bare
    // "Diversity" said nothing of which, on a phone above all, where the list is out of view.
    const title = oracleTitle(d.id, d.name);
    fill("result", h("article", { class: "result oracle-result" },
      h("h3", {}, title.parents.length ? h("span", { class: "parents" }, `${title.parents.join(" › ")} › `) : null, title.name), h("ul", {}, lines(d, 0)),
      keepButton(r, () => act("oracle", { oracle: d.id, seed: d.seed, keep: true }))));
    return;
  }
  if (r.action === "ask") {
    fill("result", h("article", { class: "result" }, h("h3", {}, "The oracle answers"),
      // The question asked, above its answer (it was said only once kept in the journal).
      r.question ? h("p", { class: "question" }, `“${r.question}”`) : null,
      h("p", { class: "answer" }, `${oddsWords(d.odds)} — rolled ${d.roll}: `, h("b", {}, d.answer === "yes" ? "YES" : "NO"), d.match ? " — a match: an extreme result or a twist" : ""),
      keepButton(r, () => act("ask", clean({ odds: d.odds, seed: d.seed, question: r.question, keep: true })))));
    return;
  }
  if (!("effects" in d)) { fill("result"); return; }
  const chain = (d.chain || []).map((m) => h("div", { class: "chain" }, h("h4", {}, `→ ${m.name}`), rollLine(m.roll),
    m.text_html ? html("div", { class: "outcome-text" }, m.text_html) : null));
  fill("result", h("article", { class: "result move-result" + (r.undone ? " undone" : ""), "data-undone": r.undone ? "yes" : null },
    h("h3", {}, d.move ? (store.moves || []).find((m) => m.id === d.move)?.name || words(d.move) : r.title || words(r.action),
      d.character ? h("small", {}, ` ${d.character}`) : null, r.undone ? h("span", { class: "undone-label" }, " · undone") : null),
    rollLine(d.roll), d.text_html ? html("div", { class: "outcome-text" }, d.text_html) : d.text ? h("p", { class: "outcome-text" }, d.text) : null,
    (d.assets || []).length ? h("p", { class: "applied" }, h("small", {}, "applied: "), d.assets.join(", ")) : null,
    chain,
    // An answer that changed nothing (a weak hit's trade declined: press on) says so; its
    // card showed the move's name alone.
    !d.roll && !d.text && !chain.length && !d.effects.length && !d.notes.length && !(d.assets || []).length
      ? [
        // The option chosen, when it is the story's alone (End the Fight's "You suffer
        // collateral damage"): the card said only "nothing changes".
        r.action === "choose" && r.chose ? h("p", { class: "chose" }, unlinked(r.chose)) : null,
        h("p", { class: "nothing" }, r.action === "decline" ? `${r.declined || "declined"}: nothing changes` : "nothing changes")] : null,
    d.effects.length ? effectList(d.effects) : null,
    d.notes.length ? h("ul", { class: "notes" }, d.notes.map((n) => h("li", {}, n))) : null));
}

// A result on screen taken back or put back elsewhere (another page, the command line) says
// so as its timeline entry does (this page's own Undo marks it at once: core.js act).
function resultFollowsTimeline() {
  const r = store.result;
  if (!r || !r.seq) return;
  const entry = store.timeline.find((e) => e.seq === r.seq);
  if (!entry || (entry.status !== "undone" && entry.status !== "live")) return;
  const undone = entry.status === "undone";
  if (Boolean(r.undone) !== undone) { r.undone = undone; renderResult(); }
}

// Every decision owed, the one waiting now first (a decision belongs to its character: the
// others play on meanwhile).
function decisions() {
  const s = store.state;
  return s.decisions || (s.pending ? [s.pending] : []);
}

function moveName(id) {
  const found = (store.moves || []).find((m) => m.id === id);
  return found ? found.name : words(String(id || "their move").split("/").pop());
}

function renderPending() {
  const all = decisions();
  const box = $("pending");
  const badge = $("waiting");
  if (!all.length) { box.hidden = true; box.replaceChildren(); badge.hidden = true; return; }
  // A character's page shows its own decision; the guide's page every one.
  const shown = store.seat ? all.filter((p) => p.character === store.seat) : all;
  const others = all.filter((p) => !shown.includes(p)).map((p) => p.character);
  box.hidden = false;
  // The header says a decision waits, from anywhere on the page; it leads to the decision.
  badge.hidden = false;
  // A decision of a move of two characters names who comes after it (`then`): they wait.
  const first = store.seat ? all.find((p) => (p.then || []).includes(store.seat)) : null;
  badge.textContent = shown.length && store.seat ? "Your decision waits"
    : first ? `Waiting for ${first.character}'s decision`
    : `${all.map((p) => p.character + ((p.then || []).length ? ` (then ${p.then.join(", ")})` : "")).join(", ")} must decide`;
  badge.onclick = () => { box.scrollIntoView({ block: "center" }); const first = box.querySelector("button"); if (first) first.focus(); };
  box.replaceChildren(...shown.map(decisionBox));
  if (first) {
    box.append(h("p", { class: "others then", "data-first": first.character },
      // (Whether a turn of this page's follows in it depends on the move: the ally's choice
      // at Make Camp does, the aider's at Aid Your Ally does not. Said is what always holds.)
      `${first.character}'s decision comes first (${moveName(first.move)}): your moves wait until ${first.character} answers.`));
  } else if (others.length) box.append(h("p", { class: "others" }, `Still waiting for ${others.join(", ")}'s decision (their page answers it); you may act meanwhile.`));
}

function decisionBox(p) {
  const mine = !store.seat || store.seat === p.character;
  // The dice field only where an answer rolls (a table's roll, a move it makes): the server
  // says which (`rolls`); beside a burn or a pick of debilities it asked for dice never used.
  const dice = p.rolls ? h("input", { class: "dice", placeholder: "dice for what follows (optional)", "aria-label": "dice" }) : null;
  // Words the decision asks for with its answer (a new vow's name, a second role).
  // The name taken when it is left empty is said under the field, whole (in the placeholder
  // it was cut short at a phone's width, or beside the buttons: "name the vow (empty: Wh").
  const fallback = p.text && p.text.default != null ? `left empty: ${p.text.default}` : "";
  const asked = p.text ? h("input", { class: "words", placeholder: p.text.prompt,
    "aria-label": p.text.prompt + (fallback ? ` (${fallback})` : "") }) : null;
  const hint = fallback ? h("small", { class: "words-default" }, fallback) : null;
  // The decision's token: a click on a page drawn before another device answered it (and a
  // new decision with the same keys came) is refused, never taken for the new one.
  const seen = store.state.head; // the campaign's head this box was drawn at
  const extra = () => clean({ dice: dice ? dice.value.trim() : "", text: asked ? asked.value.trim() : "", character: p.character, decision: p.token, seen });
  // The answer's result is titled by the move that asked (Pay the Price), not "choose".
  const kept = { keepResult: true, title: p.move ? moveName(p.move) : null };
  // Declining in the move's own words where it names it (a weak hit's "Otherwise, press
  // on": the button reads "Press on", and its result "press on: nothing changes").
  const declined = { ...kept, declined: p.decline || null };
  const declineWords = p.decline ? p.decline[0].toUpperCase() + p.decline.slice(1) : "Decline";
  let controls;
  if (p.kind === "burn") {
    controls = [h("button", { type: "button", class: "primary", "data-answer": "burn", onclick: () => act("burn", extra(), kept) }, "Burn momentum"),
      h("button", { type: "button", "data-answer": "decline", onclick: () => act("decline", extra(), kept) }, "Decline")];
  } else if (p.count === 1) {
    // One pick: a button each; one that may be declined (Advance's purchase: the player
    // changed their mind) has Decline beside them, as a burn has.
    controls = [...p.options.map((o) => (o.html ? html : h)("button", { type: "button", class: "choice", "data-key": o.key,
      onclick: () => act("choose", { keys: [o.key], ...extra() }, { ...kept, chose: o.text }) }, o.html || o.text)),
    p.min === 0 ? h("button", { type: "button", "data-answer": "decline", onclick: () => act("decline", extra(), declined) }, declineWords) : null];
  } else {
    const boxes = p.options.map((o) => h("label", { class: "choice" }, h("input", { type: "checkbox", value: o.key }), " ",
      o.html ? html("span", {}, o.html) : o.text));
    controls = [...boxes, h("button", { type: "button", class: "primary", "data-answer": "choose", onclick: () => {
      const keys = boxes.map((b) => b.querySelector("input")).filter((i) => i.checked).map((i) => i.value);
      act("choose", { keys, ...extra() }, kept);
    } }, `Choose (${p.min === p.count ? p.count : `${p.min}-${p.count}`})`),
    p.min === 0 ? h("button", { type: "button", "data-answer": "decline", onclick: () => act("decline", extra(), declined) }, declineWords) : null];
  }
  // Which move asks, unless its prompt says so: a decision raised by another player's move
  // (Kai's choice on Asha's Aid Your Ally) has no result of this page's beside it.
  const from = p.move && !String(p.prompt || "").includes(moveName(p.move)) ? moveName(p.move) : "";
  // A decision the move asks with no words of its own (its prompt is the bare "choose"): how
  // many to choose ("Undertake a Journey · choose one"), as the rulebook says it.
  const bare = p.prompt === "choose" ? (p.count === 1 ? "choose one" : p.min === p.count ? `choose ${p.count}` : `choose ${p.min} to ${p.count}`) : null;
  // Declined in the move's words, the button says them ("Press on"): the prompt's own note of
  // how to decline ("(or decline and press on)", for a surface without that button) is not
  // said a second time beside it.
  // A burn's offer ends "? burn or decline" (the command line's words) above the "Burn
  // momentum" and "Decline" buttons: said once, by the buttons.
  const prompt = p.decline ? String(p.prompt || "").replace(/\s*\((?:or )?decline\b[^()]*\)$/, "")
    : p.kind === "burn" ? String(p.prompt || "").replace(/\? burn or decline$/, "?") : null;
  return h("div", { class: "decision", "data-character": p.character }, h("strong", {}, `${p.character} decides: `),
    from ? h("span", { class: "from" }, `${from} · `) : null,
    (p.then || []).length ? h("small", { class: "then" }, `(then ${p.then.join(", ")}) `) : null,
    bare ? h("span", { class: "prompt" }, bare) : prompt ? h("span", { class: "prompt" }, prompt) : p.prompt_html ? html("span", { class: "prompt" }, p.prompt_html) : h("span", { class: "prompt" }, p.prompt),
    h("div", { class: "answers" }, mine ? [asked, hint, controls, dice] : h("em", {}, `waiting for ${p.character}'s page (or the guide)`)));
}

export { askUndo, rollLine, effectList, fmt, renderResult, resultFollowsTimeline, decisions, renderPending, decisionBox };
