// Questions: an action that left out an input the table needs is answered with a question
// (the input's declaration and the values it accepts now, from the table API). The page asks
// it here, above the result: buttons or a list when the choices are every value accepted, a
// field with suggestions otherwise; answered, the same action is made again with that input.
import { $, act, h, showOutcome, store } from "./core.js";

const BUTTONS_UP_TO = 8; // more choices than this are a list to pick from

// The value an answer sends for the question's input (its declared kind).
function answerValue(q, key, body) {
  if (q.kind === "int") return Number(key);
  if (q.kind === "bool") return key === true || key === "true";
  // A list input gets the answer added to what it had (one pick, or several where `many`).
  if (q.kind === "ints") return [...(body[q.input] || []), ...[key].flat().map(Number)];
  if (q.kind === "texts") return [...(body[q.input] || []), ...[key].flat()];
  return key;
}

// A choice's cost, unless its label says it already.
function costOf(c) {
  if (c.cost === undefined || c.cost === null || c.label.includes(`${c.cost} experience`)) return "";
  return ` (${c.cost} experience)`;
}

function choiceText(c) {
  return [h("b", {}, c.label), c.detail ? h("small", {}, ` ${c.detail}`) : null,
    costOf(c) ? h("small", { class: "cost" }, costOf(c)) : null];
}

// Ask `q` for `action` made with `body`; `options` are act()'s (keepResult, then).
function ask(action, body, q, options) {
  // What asked (the move's Roll button...): the focus goes back to it if the question is
  // cancelled.
  const opener = document.activeElement;
  store.asked = { action, body, question: q, options, opener };
  renderAsked();
  showOutcome();
  const first = $("asked").querySelector("button, input, select");
  if (first) first.focus();
}

function dismiss() {
  store.asked = null;
  renderAsked();
}

// Cancel (its button, or Escape in the question): nothing is made; the focus goes back to
// what asked, not to the top of the page.
function cancel() {
  const opener = store.asked ? store.asked.opener : null;
  dismiss();
  if (opener && opener !== document.body && opener.isConnected) opener.focus();
}

async function answer(key) {
  const { action, body, question: q, options } = store.asked;
  const data = await act(action, { ...body, [q.input]: answerValue(q, key, body) }, options);
  if (data && options && options.then) options.then(data);
}

function controls(q) {
  const id = `asked-${q.input}`;
  if (q.kind === "bool") {
    return [h("button", { type: "button", class: "choice", "data-key": "true", onclick: () => answer(true) }, "Yes"),
      h("button", { type: "button", class: "choice", "data-key": "false", onclick: () => answer(false) }, "No")];
  }
  const choices = q.choices || [];
  if (q.complete && q.many) {
    // Several may be picked (each at most once): boxes, then one answer.
    const boxes = choices.map((c) => h("label", { class: "choice" },
      h("input", { type: "checkbox", value: c.key }), " ", choiceText(c)));
    return [...boxes, h("button", { type: "button", class: "primary", "data-answer": "send", onclick: () => {
      const keys = boxes.map((b) => b.querySelector("input")).filter((i) => i.checked).map((i) => i.value);
      if (keys.length) answer(keys);
    } }, "Send")];
  }
  if (q.complete && choices.length <= BUTTONS_UP_TO) {
    return choices.map((c) => h("button", { type: "button", class: "choice", "data-key": c.key, onclick: () => answer(c.key) }, choiceText(c)));
  }
  if (q.complete) {
    const full = (c) => `${c.label}${c.detail ? ` — ${c.detail}` : ""}${costOf(c)}`;
    const select = h("select", { id, "aria-label": q.help || q.prompt },
      choices.map((c, i) => h("option", { value: c.key }, `${i + 1}. ${full(c)}`)));
    // A closed list shows one line, cut on a phone: the choice is spelled out in full below it
    // (what it does and what it costs).
    const chosen = h("p", { class: "chosen", "aria-live": "polite" });
    const say = () => { const c = choices.find((x) => x.key === select.value); chosen.textContent = c ? full(c) : ""; };
    select.addEventListener("change", say);
    say();
    return [select, chosen, h("button", { type: "button", class: "primary", "data-answer": "send", onclick: () => answer(select.value) }, "Send")];
  }
  // Open: the player's own words (or number), the known values as suggestions; a few of
  // them are buttons beside the field (Swear an Iron Vow: a bond, none, or whom it is for).
  const number = q.kind === "int" || q.kind === "ints";
  const few = choices.length > 0 && choices.length <= BUTTONS_UP_TO;
  const buttons = few ? choices.map((c) => h("button", { type: "button", class: "choice", "data-key": c.key, onclick: () => answer(c.key) }, choiceText(c))) : [];
  const list = choices.length && !few ? h("datalist", { id: `${id}-suggestions` }, choices.map((c) => h("option", { value: c.key }, c.label))) : null;
  const field = h("input", { id, type: number ? "number" : "text", min: q.min, max: q.max, list: list ? `${id}-suggestions` : null,
    "aria-label": q.help || q.prompt, placeholder: few ? "or your own words" : choices.length ? "your words, or pick one" : "" });
  const send = () => { const v = field.value.trim(); if (v) answer(v); };
  field.addEventListener("keydown", (e) => { if (e.key === "Enter") { e.preventDefault(); send(); } });
  return [...buttons, field, list, h("button", { type: "button", class: "primary", "data-answer": "send", onclick: send }, "Send")];
}

function renderAsked() {
  const box = $("asked");
  if (!box) return;
  const asked = store.asked;
  if (!asked) { box.hidden = true; box.replaceChildren(); return; }
  const q = asked.question;
  box.hidden = false;
  box.dataset.input = q.input;
  box.title = q.help || "";
  box.onkeydown = (e) => { if (e.key === "Escape") { e.preventDefault(); cancel(); } };
  box.replaceChildren(h("strong", { class: "prompt" }, q.prompt),
    h("div", { class: "answers" }, controls(q),
      h("button", { type: "button", class: "cancel", "data-answer": "cancel", onclick: cancel }, "Cancel")));
}

export { ask, answerValue, dismiss, renderAsked };
