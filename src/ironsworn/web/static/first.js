// The page's first reads, asked for as soon as the page's entry (app.js) is here, while its
// other modules are still arriving: the answers come meanwhile, not after the code that asks
// for them. The campaign's page names them as preloads (the server's FIRST_READS, in
// ironsworn.web.campaigns), so the browser has asked for them already and these requests take
// its answers: asked by the same addresses, with no header of their own (a preload carries
// none; ``page=1`` says the page asks). api() (core.js) takes each answer once, in place of
// asking again (a read that failed is asked again as any other).
const NAME = decodeURIComponent(location.pathname.split("/")[2] || "");
const BASE = `/api/c/${encodeURIComponent(NAME)}`;
const TIMELINE = 100; // entries a page of the timeline holds ("earlier" reads the page before)
// The headers of every request of the page (core.js adds its seat and a change's id).
const PAGE_HEADERS = { "X-Ironsworn-Request": "1", "X-Ironsworn-Page": "1" };

// What the first screen draws, as live.js, core.js and moves.js ask for them: first what the
// sheet, tracks and decisions are drawn with (the state, the ruleset, the asset cards the
// characters hold, the foes, the moves' names), then the timeline, drawn apart (the page's
// requests share a few connections: the first asked are answered first). The tabs shown later
// read what they need when opened: the World tab its truths, New character the whole deck.
const FIRST_READS = [
  `${BASE}/state?page=1`, `${BASE}/ruleset`, `${BASE}/content/assets?held=1`, `${BASE}/content/npcs`,
  `${BASE}/moves?brief=1`, `${BASE}/timeline?last=${TIMELINE}`,
];

const asked = new Map();
if (NAME) {
  for (const path of FIRST_READS) {
    const answer = fetch(path, { credentials: "same-origin" });
    answer.catch(() => {}); // a failed read is asked again by whoever takes it
    asked.set(path, answer);
  }
}

// The answer to ``path`` asked for at start, once (null: none, or taken already).
function firstRead(path) {
  const answer = asked.get(path) || null;
  asked.delete(path);
  return answer;
}

export { NAME, BASE, TIMELINE, PAGE_HEADERS, firstRead };
