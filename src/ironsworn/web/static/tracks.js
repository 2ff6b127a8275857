// Progress tracks: the active ones (boxes that mark progress, their progress move, a fight's
// foes), the archive of closed ones, and the form that starts one.
import { showTab } from "./page.js";
import { act, character, clean, fill, h, rules, store, unsworn, whenNear, words } from "./core.js";
import { openMove } from "./moves.js";
import { boxes } from "./sheet.js";
import { render } from "./live.js";

// A screen's worth of active tracks is drawn with the rest of the page, the others in the task
// after (a long campaign has dozens: the first screen does not wait for those below it); at
// the page's first drawing, once scrolled near them or when the page is idle (the first
// screen is not held up by them either).
const FIRST_TRACKS = 10;
let drawing = 0; // the latest drawing of the tracks: an older one's rest is not drawn
let drawnOnce = false;

function renderTracks() {
  const tracks = store.state.tracks.filter((t) => t.status === "active");
  const toSwear = new Map(unsworn().map((u) => [u.track.id, u.who]));
  const draw = (t) => drawTrack(t, toSwear.get(t.id));
  const list = tracks.slice(0, FIRST_TRACKS).map(draw);
  const form = newTrackForm();
  // Completed and forsaken tracks stay viewable, folded away (listed when unfolded: a long
  // campaign closes hundreds).
  const done = store.state.tracks.filter((t) => t.status !== "active");
  const closed = h("ul", {});
  const listClosed = () => closed.replaceChildren(...done.map((t) => h("li", { "data-track": t.id }, h("b", {}, t.name), ` ${shown(t.kind, t.rank, t.status, `score ${t.score}`)}`)));
  const archive = done.length ? h("details", { class: "archive", ontoggle: (e) => { if (e.target.open && !closed.firstChild) listClosed(); } },
    h("summary", {}, `Completed and closed (${done.length})`), closed) : null;
  fill("tracks", h("h3", {}, "Progress tracks"), list.length ? list : h("p", { class: "empty" }, "No active track."), archive, form);
  const rest = tracks.slice(FIRST_TRACKS);
  const now = ++drawing;
  const drawRest = () => { if (now === drawing) list[list.length - 1].after(...rest.map(draw)); };
  if (rest.length && !drawnOnce) whenNear(list[list.length - 1], null, drawRest);
  else if (rest.length) setTimeout(drawRest);
  drawnOnce = true;
}

// ``swearer``: the character still to swear this vow with the move (the page offers it), if any.
function drawTrack(t, swearer) {
  // A track of allies this seat does not share (Asha's own vow on Bo's page) is shown, not
  // marked: progress is marked by those who share it (the server refuses the others).
  const seat = (store.seat || "").toLowerCase();
  const shared = !seat || !t.characters.length || t.characters.some((c) => c.toLowerCase() === seat);
  return h("article", { class: "track", "data-track": t.id, "data-shared": shared ? null : "no" },
    h("h4", {}, t.name, h("small", {}, ` ${shown(`${t.kind}${t.role ? ` (${t.role})` : ""}`, t.rank, t.characters.join(", "))}`)),
    // The boxes themselves mark progress (one mark of the track's rank), as on paper.
    shared ? h("button", { type: "button", class: "boxes-button", title: `mark progress on ${t.name}`, "aria-label": `mark progress on ${t.name}`,
      onclick: () => act("progress", { track: t.id }) }, boxes(t.ticks))
      : h("div", { class: "boxes-shown" }, boxes(t.ticks)),
    foesOf(t),
    siteOf(t),
    h("div", { class: "track-actions" },
      shared ? h("button", { type: "button", class: "small", onclick: () => act("progress", { track: t.id }) }, "mark progress") : null,
      shared ? h("button", { type: "button", class: "small", title: "clear one mark of progress", onclick: () => act("progress", { track: t.id, mark: false }) }, "−") : null,
      !shared ? notShared(t)
      : resolvedBy(t.kind) ? h("button", { type: "button", class: "small", "data-resolve": resolvedBy(t.kind), onclick: () => act(resolvedBy(t.kind), { track: t.id }, { keepResult: true }) }, "resolve")
        : progressMove(t.kind) ? h("button", { type: "button", class: "small", "data-progress-move": progressMove(t.kind),
          onclick: () => showTab("moves").then(() => openMove(progressMove(t.kind), t.id)) }, moveName(progressMove(t.kind))) : null,
      swearer ? h("button", { type: "button", class: "small swear", onclick: () => swearOn(t.id, swearer) }, moveName(rules().swear)) : null,
      h("span", { class: "score" }, `score ${t.score}`)));
}

// The form that starts a track: the kinds the ruleset offers, and for the kind chosen only the
// fields the track operation takes with it (the ruleset's track_fields: a fight's foe and pack,
// a connection's role). Who shares it is this page's seat; a background vow is made at creation;
// a vow is made unsworn (to swear with the move).
const NOT_IN_FORM = ["characters", "background", "unsworn"];
function newTrackForm() {
  const { track_kinds: kinds, track_fields: fieldsOf } = rules();
  const kind = h("select", { name: "kind", "aria-label": "kind of track" }, kinds.map((k) => h("option", { value: k }, words(k))));
  const controls = {
    text: () => h("input", { name: "text", placeholder: "what it is for", "aria-label": "what the track is for" }),
    role: () => h("input", { name: "role", placeholder: "their role", "aria-label": "their role" }),
    rank: () => h("select", { name: "rank", "aria-label": "the new track's rank" }, h("option", { value: "" }, "rank…"),
      rules().ranks.map((r) => h("option", { value: r.key }, r.label))),
    foe: () => h("select", { name: "foe", "aria-label": "the foe" }, h("option", { value: "" }, "foe…"),
      (store.npcs || []).map((n) => h("option", { value: n.id }, n.name))),
    count: () => h("input", { name: "count", type: "number", min: 1, max: 10, placeholder: "how many", title: "foes in the pack", "aria-label": "foes in the pack" }),
  };
  // Every field any kind takes, in the operation's order (an input the page has no control of
  // its own for is asked as text, named for the input).
  const names = [...new Set(kinds.flatMap((k) => fieldsOf[k] || []))].filter((n) => !NOT_IN_FORM.includes(n));
  const fields = Object.fromEntries(names.map((n) => [n, (controls[n] || (() => h("input", { name: n, placeholder: words(n), "aria-label": words(n) })))()]));
  const show = () => {
    const taken = fieldsOf[kind.value] || [];
    for (const [n, el] of Object.entries(fields)) el.hidden = !taken.includes(n);
    // A kind that takes a foe may leave the rank to the foe's own; another needs one.
    if (fields.rank) fields.rank.options[0].textContent = taken.includes("foe") ? "rank (the foe's own)" : "rank…";
  };
  kind.addEventListener("change", show);
  show();
  // The guide's seat at a table of several: whose track it is (the sheet shown, or more of
  // the party: a fight or a journey may be shared), where it was refused for naming none.
  const party = !store.seat && store.state && store.state.characters.length > 1 ? store.state.characters.map((c) => c.name) : [];
  const viewed = character();
  const whose = party.length ? h("fieldset", { class: "whose" }, h("legend", {}, "whose"),
    party.map((n) => h("label", { class: "opt" }, h("input", { type: "checkbox", name: "characters", value: n, checked: viewed && viewed.name === n }), ` ${n}`))) : null;
  return h("form", { class: "new-track", onsubmit: (e) => {
    e.preventDefault();
    const body = { kind: kind.value };
    for (const [n, el] of Object.entries(fields)) if (!el.hidden) body[n] = el.value.trim();
    if (whose) body.characters = [...whose.querySelectorAll("input:checked")].map((i) => i.value);
    if (body.count) body.count = Number(body.count);
    // A vow is sworn with the move ("write your vow ... Then, roll +heart"): made unsworn, it
    // offers Swear an Iron Vow on every page until that is made.
    if ((fieldsOf[kind.value] || []).includes("unsworn")) body.unsworn = true;
    // A Delve site or threat: made by its own operation, which asks its theme and domain (a
    // threat's vow and category); the form's words are its name.
    const made = (rules().made_by || {})[kind.value];
    if (made) act(made.operation, clean({ [made.text]: body.text, rank: body.rank }));
    else act("track", clean(body));
  } }, kind, Object.values(fields), whose, h("button", { type: "submit" }, "Start"));
}

// The kind of track whose new one takes this input (the fight that takes a foe, the vow that
// may be the background vow), as the ruleset's track fields say.
function kindTaking(input) {
  const fieldsOf = rules().track_fields;
  return rules().track_kinds.find((k) => (fieldsOf[k] || []).includes(input)) || null;
}

// The operation that finishes a kind of track without a move of its own (a scene challenge's
// resolve), if any.
function resolvedBy(kind) {
  return rules().resolved_by[kind] || null;
}

// The move panel on Swear an Iron Vow with this vow chosen (the play wizard's offer), for the
// character who swears it (the guide's seat shows their sheet).
async function swearOn(trackId, who) {
  if (!store.seat && who && store.viewing !== who) { store.viewing = who; render(); }
  await showTab("moves");
  openMove(rules().swear, trackId);
}

// A track's words, those it has (never a literal "null": a scene or a connection may have no rank).
const shown = (...parts) => parts.filter((p) => p !== null && p !== undefined && p !== "").join(" · ");

// A move's name as the campaign's moves list says it (its id's last part until they are read).
function moveName(id) {
  const move = (store.moves || []).find((m) => m.id === id);
  return move ? move.name : words(String(id).split("/").pop());
}

// An ally's track on a page that does not share it: whose it is, and for a fight, a journey
// or an expedition the move that joins it (the move's picker has it chosen); a vow is its
// holders' to mark.
function notShared(t) {
  const whose = `${t.characters.join(" and ")}'s ${t.kind}`;
  // (the move that joins a track of its kind, as its picker offers it: the server's ruleset)
  const joinId = (rules().joined_by || {})[t.kind];
  const join = joinId ? { id: joinId, name: moveName(joinId) } : null;
  if (join) {
    return [h("small", { class: "not-shared" }, `${whose}: join it with `),
      h("button", { type: "button", class: "small", "data-join": join.id, onclick: () => showTab("moves").then(() => openMove(join.id, t.id)) }, join.name)];
  }
  return h("small", { class: "not-shared" }, `${whose}: marked by ${t.characters.length > 1 ? "those who share it" : t.characters[0]}`);
}

function progressMove(kind) {
  return rules().progress_moves[kind] || null;
}

// A Delve site: its theme and domain, objective, and (folded) its cards' features and dangers
// and its denizen table, as the server's read tells them.
function siteOf(track) {
  const site = (store.state.sites || {})[track.id];
  if (!site) return null;
  const range = (r) => (r.min === r.max ? `${r.min}` : `${r.min}-${r.max}`);
  const table = (title, rows, cell) => h("details", { class: `site-${title}` }, h("summary", {}, title),
    h("table", {}, h("tbody", {}, rows.map((r) => h("tr", {}, h("td", {}, range(r)), ...cell(r))))));
  return h("div", { class: "site" },
    h("p", {}, h("b", {}, `${site.theme_name} ${site.domain_name}`), track.objective ? ` · objective: ${track.objective}` : ""),
    table("features", site.features, (r) => [h("td", {}, r.text)]),
    table("dangers", site.dangers, (r) => [h("td", {}, r.text)]),
    table("denizens", site.denizens, (r) => [h("td", {}, words(r.frequency)), h("td", {}, r.text)]));
}

// The foes of a fight: their features, drives and tactics from the content.
function foesOf(track) {
  if (!track.foe) return null;
  const foe = (store.npcs || []).find((n) => n.id === track.foe);
  if (!foe) return null;
  const list = (name, items) => (items && items.length ? [h("dt", {}, name), h("dd", {}, items.join("; "))] : []);
  return h("div", { class: "foes", "data-foe": foe.id }, h("h4", {}, `${foe.name} `, h("small", {}, foe.rank || "")),
    h("dl", {}, list("features", foe.features), list("drives", foe.drives), list("tactics", foe.tactics)));
}

export { renderTracks, swearOn, progressMove, foesOf, moveName, kindTaking };
