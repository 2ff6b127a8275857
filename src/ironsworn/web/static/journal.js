// The journal and log: the timeline, a page at a time.
import { BASE, TIMELINE, api, fill, h, showError, store } from "./core.js";

// The latest page, after any earlier pages the player asked for (those the latest page now
// covers are dropped: its statuses are the newer ones).
function timelineShown() {
  const oldest = store.timeline.length ? store.timeline[0].seq : Infinity;
  return [...store.earlier.filter((e) => e.seq < oldest), ...store.timeline];
}

async function loadEarlier() {
  const shown = timelineShown();
  if (!shown.length) return;
  try {
    const page = await api("GET", `${BASE}/timeline?last=${TIMELINE}&before=${shown[0].seq}`);
    store.earlier = [...page, ...store.earlier];
    if (page.length < TIMELINE) store.noEarlier = true;
    renderTimeline();
  } catch (err) { showError(err.message); }
}

function renderTimeline() {
  const shown = timelineShown();
  // A full latest page may have entries before it; an earlier page that came back short, or
  // the first operation shown, says there are none.
  const more = store.timeline.length >= TIMELINE && !store.noEarlier && shown.length && shown[0].seq > 1;
  const items = [...shown].reverse().map((e) => {
    const li = h("li", { class: `entry ${e.kind} ${e.status}`, "data-seq": e.seq },
      h("span", { class: "seq" }, `#${e.seq}`), e.character ? h("span", { class: "who" }, e.character) : null,
      e.status !== "live" ? h("span", { class: "status" }, e.status) : null);
    if (e.html !== null) {
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
  });
  if (more) {
    items.push(h("li", { class: "earlier" }, h("button", { type: "button", id: "earlier", onclick: loadEarlier },
      `Earlier (before #${shown[0].seq})`)));
  }
  fill("timeline", items.length ? items : h("li", { class: "empty" }, "Nothing has happened yet."));
}

export { timelineShown, loadEarlier, renderTimeline };
