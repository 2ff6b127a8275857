// The world tab: truths, people, places, notes.
import { $, act, clean, contentNeeded, fill, h, store } from "./core.js";
import { kindTaking } from "./tracks.js";

// Imported when the tab is first opened (page.js): from then on each change redraws it too.
store.drawWorld = renderWorld;

// Drawn when the tab is shown (and redrawn with each change while it is): a hidden tab is not
// drawn for every change the page hears.
function renderWorld() {
  if (!store.state || $("tab-world").hidden) return;
  const w = store.state.world;
  const input = (name, placeholder) => h("input", { name, placeholder, "aria-label": placeholder });
  const personName = input("name", "name"); const personDesc = input("description", "who they are");
  const placeName = input("name", "name"); const placeDesc = input("description", "what it is");
  const noteText = input("text", "a note");
  const truthPick = h("select", { "aria-label": "truth" }, (store.truths || []).map((t) => h("option", { value: t.id }, t.name)));
  // The option chosen in full below its picker: a summary is longer than a phone's picker
  // ("1. The savage clans called the Skulde invaded the kingdoms of the Old World." read
  // "1. The savage clans called the Sk").
  const truthText = h("p", { class: "hint truth-text", id: "truth-text" });
  const truthOption = h("select", { "aria-label": "option", "aria-describedby": "truth-text" });
  const told = () => {
    const truth = (store.truths || []).find((t) => t.id === truthPick.value);
    const chosen = truth ? truth.options.find((o) => o.key === truthOption.value) : null;
    truthText.textContent = chosen ? chosen.summary
      : truthOption.value === "roll" ? "Set rolls one on the table" : "Set leaves the category open (no truth)";
  };
  // The chosen category's own options, by their summary; or roll, or open it again.
  const truthOptions = () => {
    const truth = (store.truths || []).find((t) => t.id === truthPick.value);
    const options = (truth ? truth.options : []).map((o) => h("option", { value: o.key }, `${o.key}. ${o.summary}`));
    truthOption.replaceChildren(...options, h("option", { value: "roll" }, "roll"), h("option", { value: "open" }, "open again"));
    told();
  };
  truthPick.addEventListener("change", truthOptions);
  truthOption.addEventListener("change", told);
  truthOptions();
  // No foe chosen until the player picks one (the browser asks): "Start a fight" pressed at
  // once no longer fights the list's first foe.
  const foe = h("select", { "aria-label": "foe", required: true }, h("option", { value: "" }, "choose a foe…"),
    (store.npcs || []).map((n) => h("option", { value: n.id }, `${n.name} (${n.rank})`)));
  fill("tab-world",
    // Without the player's content file, its truths and foes are not there: say what to import.
    h("h3", {}, "Truths"), contentNeeded(!(store.truths || []).length), h("ul", { class: "truths" }, w.truths.map((t) => h("li", {}, h("b", {}, t.name), ` ${t.summary}`))),
    (store.truths || []).length ? h("form", { class: "inline", onsubmit: (e) => { e.preventDefault(); act("truth", { truth: truthPick.value, option: truthOption.value }); } },
      truthPick, truthOption, h("button", { type: "submit" }, "Set"), truthText) : null,
    h("h3", {}, "People"), h("ul", { class: "people" }, w.people.map((p) => h("li", {}, h("b", {}, p.name), p.description ? ` — ${p.description}` : "",
      p.bonds.length ? h("small", {}, ` (bond: ${p.bonds.join(", ")})`) : null))),
    h("form", { class: "inline", onsubmit: (e) => { e.preventDefault(); act("person", clean({ name: personName.value.trim(), description: personDesc.value.trim() })); } },
      personName, personDesc, h("button", { type: "submit" }, "Add person")),
    h("h3", {}, "Places"), h("ul", { class: "places" }, w.places.map((p) => h("li", {}, h("b", {}, p.name), p.description ? ` — ${p.description}` : ""))),
    h("form", { class: "inline", onsubmit: (e) => { e.preventDefault(); act("place", clean({ name: placeName.value.trim(), description: placeDesc.value.trim() })); } },
      placeName, placeDesc, h("button", { type: "submit" }, "Add place")),
    h("h3", {}, "Notes"), h("ul", { class: "notes" }, w.notes.map((n) => h("li", {}, n.text))),
    h("form", { class: "inline", onsubmit: (e) => { e.preventDefault(); act("note", { text: noteText.value.trim() }); } },
      noteText, h("button", { type: "submit" }, "Add note")),
    h("h3", {}, "Foes"), contentNeeded(!(store.npcs || []).length),
    (store.npcs || []).length ? h("form", { class: "inline", onsubmit: (e) => { e.preventDefault(); act("track", { kind: kindTaking("foe"), foe: foe.value }); } },
      foe, h("button", { type: "submit" }, "Start a fight")) : null);
}

export { renderWorld };
