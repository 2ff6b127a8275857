// The page's first reads, in one answer, asked for as soon as the page's entry (app.js) is
// here, while its other modules are still arriving: the answer comes meanwhile, not after the
// code that asks for it. The campaign's page names it as a preload (the server's FIRST_READ,
// in ironsworn.web.campaigns), so the browser has asked for it already and this request takes
// its answer: asked by the same address, with no header of its own (a preload carries none;
// ``page=1`` says the page asks). api() (core.js) takes each part once, in place of asking
// for it (a part not had, the answer failed, is asked for on its own as any other read).
const NAME = decodeURIComponent(location.pathname.split("/")[2] || "");
const BASE = `/api/c/${encodeURIComponent(NAME)}`;
const TIMELINE = 100; // entries a page of the timeline holds ("earlier" reads the page before)
// The headers of every request of the page (core.js adds its seat and a change's id).
const PAGE_HEADERS = { "X-Ironsworn-Request": "1", "X-Ironsworn-Page": "1" };

// What the first screen draws, each part of the first read under the address live.js,
// core.js and moves.js read it by: the state, the ruleset, the asset cards the characters
// hold, the foes, the moves' names, the latest page of the timeline. The tabs shown later
// read what they need when opened: the World tab its truths, New character the whole deck.
const FIRST_READ = `${BASE}/first?page=1&last=${TIMELINE}`;
const FIRST_PARTS = {
  state: `${BASE}/state?page=1`, ruleset: `${BASE}/ruleset`, assets: `${BASE}/content/assets?held=1`,
  npcs: `${BASE}/content/npcs`, moves: `${BASE}/moves?brief=1`, timeline: `${BASE}/timeline?last=${TIMELINE}`,
};

const asked = new Map();
if (NAME) {
  const answer = fetch(FIRST_READ, { credentials: "same-origin" })
    .then((response) => (response.ok ? response.json() : null))
    .catch(() => null); // not had: each part is asked for on its own
  for (const [part, path] of Object.entries(FIRST_PARTS)) {
    asked.set(path, answer.then((parts) => (parts && part in parts ? answered(parts[part]) : null)));
  }
}

// A part of the first read as api() takes an answer (a response of 200 carrying it).
function answered(data) {
  return { ok: true, status: 200, statusText: "OK", headers: new Headers(), json: () => Promise.resolve(data) };
}

// The answer to ``path`` read at start, once (a promise of null: none, or taken already).
function firstRead(path) {
  const answer = asked.get(path) || null;
  asked.delete(path);
  return answer;
}

export { NAME, BASE, TIMELINE, PAGE_HEADERS, firstRead };
