// The journal and log: the timeline, a page at a time; a player's own entries edited and
// deleted in place (each an operation of its own, which Undo takes back).
import { $, BASE, TIMELINE, act, api, confirmBar, fill, h, showError, store, whenNear } from "./core.js";

// The timeline's first drawing draws a screen's worth of entries and more, the rest once the
// list is scrolled near them or the page is idle: the first screen does not wait for a hundred
// entries below it. A later drawing (a change heard, the page before) draws at once as many as
// the one before it, so the entries the player scrolled to stay drawn where they are.
const FIRST_ENTRIES = 25;
let drawnAtOnce = FIRST_ENTRIES;
let drawRest = null; // the rest of the last drawing, waiting (its cancel)

// Whose entries this page may change: a character's page its character's (and the table's
// own, written by no one); the guide's page any (the server checks it too).
const mine = (e) => !store.seat || !e.character || e.character === store.seat;

function editing(seq) {
  store.editing = seq;
  renderTimeline();
  const field = document.querySelector(`#timeline li[data-seq="${seq}"] textarea`);
  if (field) field.focus();
}

function editor(e) {
  const text = h("textarea", { rows: 4, class: "edit-text", "aria-label": `new text of journal entry #${e.seq}` }, e.text);
  // Closed (saved, cancelled, or Escape), the focus goes back to the entry's edit button,
  // not to the page's body.
  const close = () => {
    store.editing = null;
    renderTimeline();
    const back = document.querySelector(`#timeline [data-edit="${e.seq}"]`);
    if (back) back.focus();
  };
  return h("form", { class: "journal-edit", onkeydown: (ev) => { if (ev.key === "Escape") { ev.preventDefault(); close(); } },
    onsubmit: async (ev) => {
      ev.preventDefault();
      if (await act("journal_edit", { entry: e.seq, text: text.value })) close();
    } }, text, h("div", { class: "edit-actions" }, h("button", { type: "submit", class: "primary" }, "Save"),
    h("button", { type: "button", onclick: close }, "Cancel")));
}

// Deleting asks first, saying which entry; Undo brings it back.
function askDelete(e) {
  const words = String(e.text).split(/\s+/).join(" ");
  const first = words.length > 60 ? `${words.slice(0, 60)}…` : words;
  // Closed, the focus goes back to the entry's delete button (drawn again by a change heard
  // meanwhile), else to the journal's field.
  const back = () => document.querySelector(`#timeline [data-delete="${e.seq}"]`) || $("journal-text");
  confirmBar((close) => [h("span", {}, `Delete journal entry #${e.seq} (“${first}”)? Undo brings it back.`),
    h("button", { type: "button", class: "primary", id: "confirm-delete", onclick: () => { close(); $("journal-text").focus(); act("journal_delete", { entry: e.seq }); } }, "Delete it"),
    h("button", { type: "button", onclick: close }, "Keep it")], back);
}

function tools(e) {
  if (e.kind !== "journal" || e.status !== "live" || e.text === null || e.text === undefined || !mine(e)) return null;
  return h("span", { class: "entry-tools" },
    h("button", { type: "button", class: "small", "data-edit": e.seq, "aria-label": `edit journal entry #${e.seq}`, onclick: () => editing(e.seq) }, "edit"),
    h("button", { type: "button", class: "small", "data-delete": e.seq, "aria-label": `delete journal entry #${e.seq}`, onclick: () => askDelete(e) }, "delete"));
}

// The latest page, after any earlier pages the player asked for (those the latest page now
// covers are dropped: its statuses are the newer ones).
function timelineShown() {
  const oldest = store.timeline.length ? store.timeline[0].seq : Infinity;
  return [...store.earlier.filter((e) => e.seq < oldest), ...store.timeline];
}

// One page before at a time: a second click while the first page is coming (a double click,
// a slow answer) asks for nothing more (it would ask for the same page and show it twice).
function loadEarlier() {
  if (!store.earlierRead) {
    store.earlierRead = readEarlier().finally(() => { store.earlierRead = null; });
  }
  return store.earlierRead;
}

async function readEarlier() {
  const shown = timelineShown();
  if (!shown.length) return;
  try {
    const page = await api("GET", `${BASE}/timeline?last=${TIMELINE}&before=${shown[0].seq}`);
    // Kept by seq: an entry already held (a change merged meanwhile) is not held twice.
    const held = new Set(timelineShown().map((e) => e.seq));
    store.earlier = [...page.filter((e) => !held.has(e.seq)), ...store.earlier];
    if (page.length < TIMELINE) store.noEarlier = true;
    renderTimeline();
  } catch (err) { showError(err.message); }
}

function renderTimeline() {
  if (drawRest) drawRest();
  drawRest = null;
  const shown = timelineShown();
  // A full latest page may have entries before it; an earlier page that came back short, or
  // the first operation shown, says there are none.
  const more = store.timeline.length >= TIMELINE && !store.noEarlier && shown.length && shown[0].seq > 1;
  const newest = [...shown].reverse();
  const items = newest.slice(0, Math.max(FIRST_ENTRIES, drawnAtOnce)).map(entryItem);
  const rest = newest.slice(items.length);
  drawnAtOnce = items.length;
  const last = items[items.length - 1];
  if (more) {
    items.push(h("li", { class: "earlier" }, h("button", { type: "button", id: "earlier", onclick: loadEarlier },
      `Earlier (before #${shown[0].seq})`)));
  }
  fill("timeline", items.length ? items : h("li", { class: "empty" }, "Nothing has happened yet."));
  if (rest.length) {
    drawRest = whenNear(last, $("timeline"), () => {
      drawRest = null;
      last.after(...rest.map(entryItem));
      drawnAtOnce += rest.length;
    });
  }
}

// One entry of the timeline as a list item.
function entryItem(e) {
  const li = h("li", { class: `entry ${e.kind} ${e.status}`, "data-seq": e.seq },
    h("span", { class: "seq" }, `#${e.seq}`), e.character ? h("span", { class: "who" }, e.character) : null,
    e.status !== "live" ? h("span", { class: "status" }, e.status) : null, tools(e));
  if (store.editing === e.seq && tools(e)) {
    li.append(editor(e));
  } else if (e.html !== null) {
    // Rendered by the server from Markdown with raw HTML off and unsafe links refused.
    const body = h("div", { class: "journal-text" });
    body.innerHTML = e.html;
    li.append(body);
  } else {
    li.append(h("div", { class: "mechanics" }, e.mechanics));
    if (e.details.length > 1) {
      li.append(h("details", {}, h("summary", {}, `${e.details.length} changes`),
        h("ul", { class: "details" }, e.details.map((d) => h("li", {}, d)))));
    }
  }
  return li;
}

export { timelineShown, loadEarlier, renderTimeline };
