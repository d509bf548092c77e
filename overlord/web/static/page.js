// Overlord's web companion: a few lines of our own, no framework, nothing fetched from elsewhere.
// The page shows the game the server holds (GET /state, then each change from /events), sends
// commands with the step it last saw (POST /command: a command from a page that missed a change is
// refused, never applied on a game its player did not see), and says plainly when the line is lost.
"use strict";

const page = { step: -1, snap: null, lastFill: null, events: null };
const $ = (id) => document.getElementById(id);

function el(tag, attrs, ...kids) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "text") node.textContent = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else if (v !== null && v !== undefined && v !== false) node.setAttribute(k, v === true ? "" : v);
  }
  for (const kid of kids) if (kid !== null && kid !== undefined) node.append(kid);
  return node;
}

// A line of the game's text; `a command` in backticks becomes a button: one with words to fill in
// (N, X,Y, HERO) puts it on the command line, a whole one is sent.
function richLine(text, tag) {
  const node = el(tag || "p");
  const parts = text.split("`");
  parts.forEach((part, i) => {
    if (i % 2 === 0) { node.append(part); return; }
    const whole = !/(^|\s)[^a-z\s]*[A-Z][^a-z\s]*(\s|$)/.test(part) || /^\d+$/.test(part);
    node.append(el("button", { type: "button", class: "cmd", text: part,
      "aria-label": (whole ? "Send " : "Fill in ") + part,
      onclick: () => whole ? send(part) : fillLine(part) }));
  });
  return node;
}

function fillLine(text) {
  const input = $("line");
  input.value = text;
  input.focus();
  const m = /(^|\s)([^a-z\s]*[A-Z][^a-z\s]*)(\s|$)/.exec(text);
  if (m) { const at = m.index + m[1].length; input.setSelectionRange(at, at + m[2].length); }
}

// -- the game's state -----------------------------------------------------------------------------
async function refresh() {
  const r = await fetch("/state", { cache: "no-store" });
  if (r.ok) render(await r.json());
}

function render(snap) {
  if (page.snap && snap.server !== page.snap.server) {   // the server was started again: its steps anew
    page.step = -1;
    $("log").replaceChildren();
  }
  if (snap.step < page.step) return;              // an older state arriving late
  const first = page.snap === null;
  page.step = snap.step;
  page.snap = snap;
  document.body.dataset.step = snap.step;
  $("prompt").textContent = snap.prompt;
  renderOffers(snap);
  renderUndo(snap.undo);
  renderBoard(snap);
  renderList($("status"), snap.status, "p");
  renderSteps(snap);
  renderList($("why"), snap.why.length ? snap.why : ["(nothing to explain yet)"], "p");
  $("decisions").replaceChildren(...snap.decisions.map((d) => el("details", { class: "decision" },
    el("summary", { text: `Decision ${d.n}: its key and ties` }), ...d.lines.map((line) => richLine(line, "p")))));
  renderLog(snap, first);
  renderForms(snap.forms);
  $("names").replaceChildren(...snap.words.map((w) => el("option", { value: w })));
  complete();
}

// The command line's completion: the game's words (commands, heroes, monsters, fields) for the word
// being typed, offered as the whole line with that word completed ("hurt le" offers "hurt leoric").
function complete() {
  if (!page.snap) return;
  const value = $("line").value;
  const cut = value.lastIndexOf(" ") + 1;
  const head = value.slice(0, cut), tail = value.slice(cut).toLowerCase();
  const found = page.snap.words.filter((w) => w.toLowerCase().startsWith(tail)).slice(0, 40);
  $("words").replaceChildren(...found.map((w) => el("option", { value: head + w })));
}

function renderList(box, lines, tag) {
  box.replaceChildren(...lines.map((line) => richLine(line, tag)));
}

function renderOffers(snap) {
  const box = $("offers");
  const over = $("over");
  if (snap.over) {
    over.hidden = false;
    over.replaceChildren(...snap.over.map((line) => el("p", { text: line })));
  } else over.hidden = true;
  box.replaceChildren(...snap.options.map(offerControl));
  if (!snap.options.length && !snap.over) box.append(el("p", { class: "quiet", text: "Nothing to choose now: type a command, or undo." }));
}

function offerControl(offer) {
  if (offer.kind === "button")
    return el("button", { type: "button", class: "option", "data-send": offer.send,
      onclick: () => send(offer.send) }, `${offer.send}. ${offer.label}`);
  if (offer.kind === "form") return wordsForm(offer.words, offer.about, offer.label);
  return richLine(offer.text, "p");
}

let fieldCount = 0;

// A command with words to fill in: each word to fill an input drawn from its param (a number in its
// range with - and + buttons, a space X,Y that a tap on the board fills, a word from the game's list).
function wordsForm(words, about, label) {
  const form = el("form", { class: "fill", "aria-label": label });
  const inputs = [];
  for (const w of words) {
    if (w.word !== undefined) { form.append(el("span", { text: w.word })); inputs.push(null); continue; }
    const id = `f${++fieldCount}`;
    const name = w.name ? w.name.replace(/_/g, " ") : w.fill;
    form.append(el("label", { for: id, class: "visually-hidden", text: name }));
    let input;
    if (w.kind === "int") {
      const [low, high] = w.range || [null, null];
      input = el("input", { id, type: "number", inputmode: "numeric", value: low !== null && low > 0 ? low : 0,
        min: low, max: high, "aria-label": `${name} (${w.fill})`, required: true });
      const step = (d) => () => { const v = Number(input.value || 0) + d;
        if ((low === null || v >= low) && (high === null || v <= high)) input.value = v; };
      form.append(el("span", { class: "stepper" },
        el("button", { type: "button", "aria-label": `${name} one less`, onclick: step(-1) }, "−"), input,
        el("button", { type: "button", "aria-label": `${name} one more`, onclick: step(1) }, "+")));
    } else {
      input = el("input", { id, type: "text", list: "names", placeholder: w.fill, required: true,
        "aria-label": `${name} (${w.fill})`, "data-kind": w.kind, spellcheck: "false", autocapitalize: "off" });
      input.addEventListener("focus", () => { page.lastFill = input; });
      form.append(input);
    }
    inputs.push(input);
  }
  form.append(el("button", { type: "submit" }, "Send"));
  if (about) form.append(el("span", { class: "about", text: about }));
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    send(words.map((w, i) => (w.word !== undefined ? w.word : inputs[i].value.trim())).join(" "));
  });
  return form;
}

function renderForms(forms) {
  const box = $("forms");
  if (box.dataset.count === String(forms.length)) return;    // drawn once: they do not change in a game
  box.dataset.count = String(forms.length);
  box.replaceChildren(...forms.map((f) => {
    const words = [{ word: f.verb }];
    for (const p of f.params) {
      if (!p.typed || p.optional) continue;
      if (p.keyword) words.push({ word: p.keyword });
      words.push({ fill: p.word, ...p });
    }
    return wordsForm(words, `${f.usage} - ${f.help}`, f.usage);
  }));
}

function renderUndo(undo) {
  const button = $("undo");
  if (undo) {
    button.disabled = Boolean(undo.refused);
    button.textContent = `Undo: ${undo.command}`;
    $("undo-what").textContent = undo.refused || (undo.who ? `typed by ${undo.who}` : "");
  } else {
    button.disabled = true;
    button.textContent = "Undo";
    $("undo-what").textContent = "nothing to take back";
  }
}

function renderSteps(snap) {
  const last = snap.narration.find((e) => e.changed);
  const box = $("steps");
  if (!last) { box.replaceChildren(el("li", { text: "The enemy has not acted yet." })); return; }
  box.replaceChildren(el("li", { class: "quiet", text: `after ${last.command}${last.who ? " (" + last.who + ")" : ""}:` }),
    ...last.lines.map((line) => richLine(line, "li")));
}

function renderLog(snap, first) {
  const box = $("log");
  const shown = new Set([...box.children].map((c) => c.dataset.step));
  const fresh = snap.narration.filter((e) => !shown.has(String(e.step))).reverse();
  if (first) box.replaceChildren();
  for (const e of fresh) {
    const entry = el("div", { class: "entry" + (e.ok ? "" : " refused"), "data-step": e.step },
      el("p", {}, el("span", { class: "who", text: e.who ? `${e.who}: ` : "" }), el("code", { text: e.command })),
      ...e.lines.map((line) => richLine(line, "p")));
    box.prepend(entry);
  }
  while (box.children.length > 60) box.lastChild.remove();
}

// -- the board ------------------------------------------------------------------------------------
async function renderBoard(snap) {
  const box = $("board");
  const large = document.documentElement.classList.contains("large");
  const contrast = document.documentElement.classList.contains("contrast");
  let svg = snap.svg;
  if ((large || contrast) && svg) {
    const r = await fetch(`/board.svg?large=${large ? 1 : 0}&contrast=${contrast ? 1 : 0}&step=${snap.step}`, { cache: "no-store" });
    if (r.ok) svg = await r.text();
    if (page.step !== snap.step) return;
  }
  box.innerHTML = svg || "<p>This game draws no picture of its board: the table below says who is where.</p>";
  const body = $("positions").tBodies[0];
  body.replaceChildren(...snap.positions.map((row) => el("tr", {}, ...row.map((c) => el("td", { text: c }))))); 
  if (!snap.positions.length) body.append(el("tr", {}, el("td", { colspan: 4, text: "nothing on the board" })));
}

function pick(target) {
  const piece = target.closest(".piece");
  const space = target.closest("[data-space]");
  const thing = piece || space || target.closest("g.path, .marker, .link");
  if (!thing) return;
  const title = thing.querySelector(":scope > title");
  $("picked").textContent = title ? title.textContent : "";
  if (space && page.lastFill && page.lastFill.dataset.kind === "space") {
    page.lastFill.value = space.dataset.space;
    page.lastFill.focus();
  }
}

// -- commands -------------------------------------------------------------------------------------
async function send(line) {
  line = line.trim();
  if (!line) return;
  const reply = $("reply");
  reply.classList.remove("refused");
  reply.textContent = `sending: ${line}`;
  let r;
  try {
    r = await fetch("/command", { method: "POST", headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ line, step: page.step, server: page.snap ? page.snap.server : null,
                             who: $("who").value }) });
  } catch (err) {
    reply.classList.add("refused");
    reply.textContent = `not sent: the connection to the server is lost (${line}); try again when it is back`;
    return;
  }
  let body = {};
  try { body = await r.json(); } catch (err) { body = { ok: false, lines: [`the server answered ${r.status}`] }; }
  if (body.state) render(body.state);                   // the game first, then what it answered
  else if (body.step !== undefined && body.step > page.step) await refresh().catch(() => {});
  reply.classList.toggle("refused", !body.ok);
  let lines = body.lines || [body.error || ""];
  if (body.changed && lines.length > 3)               // the whole answer is in the panels below
    lines = [lines[0], `… (${lines.length - 1} lines more under "The last turn, step by step" and "What happened")`];
  reply.replaceChildren(...lines.map((l) => richLine(l, "p")));
  if (body.ok) $("line").value = "";
}

// -- the connection -------------------------------------------------------------------------------
function setLink(state, text) {
  const link = $("link");
  if (link.dataset.state === state && link.textContent === text) return;
  link.dataset.state = state;
  link.textContent = text;
}

function connect() {
  const source = new EventSource("/events");
  page.events = source;
  source.addEventListener("state", (e) => { render(JSON.parse(e.data)); setLink("live", "Live: every device sees each change"); });
  source.addEventListener("open", () => { setLink("live", "Live: every device sees each change"); refresh(); });
  source.addEventListener("error", () => {
    setLink("lost", "Connection lost: this page is not up to date. It catches up by itself when the server is back.");
    if (source.readyState === EventSource.CLOSED) { page.events = null; setTimeout(connect, 2000); }
  });
}

// -- settings -------------------------------------------------------------------------------------
function toggle(name) {
  const on = !document.documentElement.classList.contains(name);
  document.documentElement.classList.toggle(name, on);
  $(name).setAttribute("aria-pressed", String(on));
  localStorage.setItem(`overlord-${name}`, on ? "1" : "");
  if (page.snap) renderBoard(page.snap);
}

document.addEventListener("DOMContentLoaded", () => {
  for (const name of ["large", "contrast"]) {
    if (localStorage.getItem(`overlord-${name}`)) {
      document.documentElement.classList.add(name);
      $(name).setAttribute("aria-pressed", "true");
    }
    $(name).addEventListener("click", () => toggle(name));
  }
  const who = $("who");
  who.value = localStorage.getItem("overlord-who") || "";
  who.addEventListener("change", () => localStorage.setItem("overlord-who", who.value));
  $("undo").addEventListener("click", () => send("undo"));
  $("line-form").addEventListener("submit", (e) => { e.preventDefault(); send($("line").value); });
  $("line").addEventListener("input", complete);
  const board = $("board");
  board.addEventListener("click", (e) => pick(e.target));
  board.addEventListener("focusin", (e) => pick(e.target));
  board.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") pick(e.target); });
  refresh().catch(() => setLink("lost", "Connection lost: this page is not up to date."));
  connect();
});
