// The case view: values on the left, the document of the current value's quote on the right.
// All text from runs and documents goes into the page through textContent, never as HTML.
"use strict";
let state = JSON.parse(document.getElementById("state").textContent);
const docs = new Map();  // document name -> {text, pages}
let cursor = 0;          // index into positions()
let mode = null;         // null | "reject" | "form"
let formAction = null;


function positions() {
  // Every value, and every empty item (so a value can be added to it).
  const out = [];
  for (const item of state.items) {
    if (item.values.length === 0) out.push({item: item.key, index: null});
    item.values.forEach((_, i) => out.push({item: item.key, index: i}));
  }
  return out;
}

function current() { return positions()[cursor]; }
function valueAt(pos) {
  const item = state.items.find((it) => it.key === pos.item);
  return pos.index === null ? null : item.values[pos.index];
}

function say(text, isError) {
  const m = $("message");
  m.textContent = text;
  m.className = isError ? "error" : "ok";
}

function render() {
  const pane = $("values");
  pane.textContent = "";
  const pos = positions();
  let n = 0;
  for (const item of state.items) {
    const box = el("div", "item");
    box.dataset.item = item.key;
    const head = el("h2", null, item.name);
    head.append(el("span", "key", " " + item.key));
    box.append(head);
    if (item.values.length === 0) {
      const none = item.none_in_record;
      const searched = none ? none.searches.map((s) => `${s.mode} “${s.query}”`).join("; ") : "";
      const read = none && none.latest_read ? `; papers read up to ${none.latest_read}` : "";
      const empty = none
        ? el("div", "value empty none", `none in the record: ${none.reason} (searched: ${searched}${read})`)
        : el("div", "value empty", "(empty)");
      empty.dataset.pos = n++;
      box.append(empty);
    }
    item.values.forEach((v, i) => {
      const row = el("div", "value");
      row.dataset.pos = n++;
      row.dataset.item = item.key;
      row.dataset.index = i;
      const decision = v.review ? v.review.decision : "open";
      row.classList.add(decision);
      row.append(el("span", "badge " + decision, decision === "open" ? "to review" : decision.replace("_", " ")));
      row.append(el("span", "text", v.value));
      if (v.support === "related") row.append(el("span", "support related", " weak support: " + (v.support_note || "")));
      if (v.review && v.review.reason) row.append(el("span", "reason", " — " + v.review.reason));
      row.append(actionButtons());
      const ev = v.evidence[0];
      if (ev) {
        const where = `${ev.document}${ev.page ? ", page " + ev.page : ""} · ${ev.status}`;
        row.append(el("div", "where", where));
      }
      box.append(row);
    });
    pane.append(box);
  }
  cursor = Math.min(cursor, pos.length - 1);
  highlightCursor();
}

// Visible controls beside each value, doing what the keys do (the key is shown on each button).
const ACTIONS = [["a", "accept"], ["r", "reject"], ["e", "edit"]];

function actionButtons() {
  const box = el("span", "actions");
  for (const [key, label] of ACTIONS) {
    const b = el("button", "act " + label, label + " ");
    b.type = "button";
    b.dataset.key = key;
    b.title = `${label} this value (key ${key})`;
    b.append(el("kbd", null, key));
    box.append(b);
  }
  return box;
}

function highlightCursor() {
  document.querySelectorAll(".value.current").forEach((e) => e.classList.remove("current"));
  const row = document.querySelector(`.value[data-pos="${cursor}"]`);
  if (!row) return;
  row.classList.add("current");
  row.scrollIntoView({block: "nearest"});
  const v = valueAt(current());
  if (v && v.evidence[0]) showEvidence(v.evidence[0]);
}

async function loadDocument(name) {
  if (!docs.has(name)) {
    const r = await fetch(`/api/run/${encodeURIComponent(state.run)}/document/${encodeURIComponent(name)}`);
    if (!r.ok) throw new Error((await r.json()).error || r.statusText);
    docs.set(name, await r.json());
  }
  return docs.get(name);
}

function utf16(text, codePoints) {
  // Python offsets count code points; JavaScript strings count UTF-16 units.
  if (!/[\uD800-\uDFFF]/.test(text)) return codePoints;
  let units = 0;
  let seen = 0;
  for (const ch of text) {
    if (seen++ === codePoints) break;
    units += ch.length;
  }
  return units;
}

function pageAt(doc, offset) {
  let page = null;
  for (const [start, number] of doc.pages) if (start <= offset) page = number;
  return page;
}

async function showDocument(name, start, end) {
  let doc;
  try { doc = await loadDocument(name); } catch (e) { say(e.message, true); return; }
  const pre = $("doc-text");
  pre.dataset.doc = name;
  $("doc-picker").value = name;
  pre.textContent = "";
  if (start === undefined) {
    pre.append(document.createTextNode(doc.text));
    $("doc-page").textContent = doc.pages.length ? `${doc.pages.length} pages` : "";
    return;
  }
  const a = utf16(doc.text, start), b = utf16(doc.text, end);
  const mark = el("mark", null, doc.text.slice(a, b));
  pre.append(document.createTextNode(doc.text.slice(0, a)), mark, document.createTextNode(doc.text.slice(b)));
  const page = pageAt(doc, start);
  $("doc-page").textContent = page ? `page ${page}` : "";
  mark.scrollIntoView({block: "center"});
}

function showEvidence(ev) {
  if (ev.start_char === null) return showDocument(ev.document);
  return showDocument(ev.document, ev.start_char, ev.end_char);
}

function move(step) {
  const count = positions().length;
  cursor = Math.max(0, Math.min(count - 1, cursor + step));
  highlightCursor();
}

function nextOpen() {
  // After a decision: the next value still to review, else simply the next one.
  const pos = positions();
  for (let i = cursor + 1; i < pos.length; i++) {
    const v = valueAt(pos[i]);
    if (v && !v.review) { cursor = i; return; }
  }
  cursor = Math.min(pos.length - 1, cursor + 1);
}

async function decide(body, after) {
  const r = await fetch(`/api/run/${encodeURIComponent(state.run)}/decide`, {
    method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(body)});
  const reply = await r.json();
  if (!r.ok) { say(reply.error, true); return false; }
  state = reply;
  if (after) after();
  render();
  say(`saved: ${body.action.replace("_", " ")} on ${body.item}`);
  return true;
}

function selection() {
  // The selected text as offsets in the shown document, or an error when it is not one passage of it.
  const sel = window.getSelection();
  if (!sel || sel.isCollapsed || sel.rangeCount === 0) return {error: "select the supporting text in the document first"};
  const pre = $("doc-text");
  const range = sel.getRangeAt(0);
  if (!pre.contains(range.startContainer) || !pre.contains(range.endContainer)) {
    return {error: "the selection runs outside the document: select text within a single document"};
  }
  const before = document.createRange();
  before.setStart(pre, 0);
  before.setEnd(range.startContainer, range.startOffset);
  const start = before.toString().length;
  const text = range.toString();
  return {document: pre.dataset.doc, start, end: start + text.length, text};
}

function openForm(label, value, action) {
  mode = "form";
  formAction = action;
  $("form-label").textContent = label;
  $("form-input").value = value;
  $("form").hidden = false;
  $("form-input").focus();
  $("form-input").select();
}

function closeOverlays() {
  mode = null;
  $("form").hidden = true;
  $("reasons").hidden = true;
  $("values").focus();
}

function startReject() {
  const pos = current();
  if (!pos || pos.index === null) return say("no value here to reject", true);
  mode = "reject";
  $("reasons").hidden = false;
}

function reject(reason) {
  const pos = current();
  closeOverlays();
  decide({action: "reject", item: pos.item, value_index: pos.index, reason}, nextOpen);
}

function startEdit() {
  const pos = current();
  const v = pos && valueAt(pos);
  if (!v) return say("no value here to edit", true);
  openForm(`edit the value of ${pos.item}`, v.value, (text) =>
    decide({action: "edit", item: pos.item, value_index: pos.index, text}, nextOpen));
}

function startAdd(action) {
  const pos = current();
  const sel = selection();
  if (sel.error) return say(sel.error, true);
  const item = pos.item;
  const landOnNew = () => {
    const it = state.items.find((x) => x.key === item);
    cursor = positions().findIndex((p) => p.item === item && p.index === it.values.length - 1);
  };
  if (action === "not_applicable") {
    return decide({action, item, selection: sel, text: "Not applicable"}, landOnNew);
  }
  openForm(`new value for ${item} (its evidence: the selected text)`, sel.text.trim().slice(0, 300), (text) =>
    decide({action: "add", item, selection: sel, text}, landOnNew));
}

document.addEventListener("keydown", (e) => {
  if (e.ctrlKey || e.metaKey || e.altKey) return;
  if (mode === "form") {
    if (e.key === "Enter") { e.preventDefault(); const act = formAction; const text = $("form-input").value; closeOverlays(); act(text); }
    else if (e.key === "Escape") closeOverlays();
    return;
  }
  if (mode === "reject") {
    const i = parseInt(e.key, 10);
    if (i >= 1 && i <= state.reasons.length) { e.preventDefault(); reject(state.reasons[i - 1]); }
    else if (e.key === "Escape") closeOverlays();
    return;
  }
  if (e.target === $("doc-picker")) return;
  const act = keyAction(e.key);
  if (act) { e.preventDefault(); act(); }
});

function keyAction(key) {
  const pos = current();
  return {
    j: () => move(1), ArrowDown: () => move(1), k: () => move(-1), ArrowUp: () => move(-1),
    a: () => pos && pos.index !== null && decide({action: "accept", item: pos.item, value_index: pos.index}, nextOpen),
    r: startReject, e: startEdit, n: () => startAdd("add"), x: () => startAdd("not_applicable"),
  }[key];
}

$("values").addEventListener("click", (e) => {
  const row = e.target.closest(".value");
  if (row) { cursor = parseInt(row.dataset.pos, 10); highlightCursor(); }
  const button = e.target.closest("button.act");
  if (row && button) keyAction(button.dataset.key)();
});
$("reasons").addEventListener("click", (e) => {
  const b = e.target.closest("button");
  if (b) reject(b.dataset.reason);
});
$("form-ok").addEventListener("click", () => { const act = formAction; const text = $("form-input").value; closeOverlays(); act(text); });
$("form-cancel").addEventListener("click", closeOverlays);
for (const d of state.documents) {
  const o = el("option", null, d.title && d.title !== d.name ? `${d.name} — ${d.title}` : d.name);
  o.value = d.name;
  $("doc-picker").append(o);
}
$("doc-picker").addEventListener("change", (e) => showDocument(e.target.value));

// Resume where the person stopped.
if (state.resume) {
  const at = positions().findIndex((p) => p.item === state.resume.item && p.index === state.resume.value_index);
  cursor = Math.max(0, at);
}
render();
if (!valueAt(current() || {index: null}) && state.documents.length) showDocument(state.documents[0].name);
$("values").focus();
