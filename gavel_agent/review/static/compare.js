// Compare mode: two runs of one case per item; the person marks which side is right.
// All text from runs goes into the page through textContent, never as HTML.
"use strict";
let state = JSON.parse(document.getElementById("state").textContent);
const pct = (x) => (x === null ? "–" : (100 * x).toFixed(0) + "%");

async function choose(body) {
  const r = await fetch(`/api/compare/${encodeURIComponent(state.a)}/${encodeURIComponent(state.b)}/choose`, {
    method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(body)});
  const reply = await r.json();
  if (!r.ok) { $("message").textContent = reply.error; $("message").className = "error"; return; }
  state = reply;
  render();
  $("message").textContent = `saved: ${body.item}`;
  $("message").className = "ok";
}

function sideCell(item, side) {
  const td = el("td", "side");
  const marks = (state.choices[item.key] || {})[side] || {};
  if (item[side].length === 0) td.append(el("span", "empty", "(empty)"));
  const quoted = new Set();  // quotes already shown in this cell: the caption behind nine parties once
  item[side].forEach((v, i) => {
    const row = el("div", "value");
    row.dataset.side = side;
    row.dataset.index = i;
    const mark = marks[String(i)];
    if (mark !== undefined) row.classList.add(mark ? "right" : "wrong");
    const yes = el("button", "yes", "✓");
    yes.title = "right";
    yes.addEventListener("click", () => choose({item: item.key, side, value_index: i, right: true}));
    const no = el("button", "no", "✗");
    no.title = "wrong";
    no.addEventListener("click", () => choose({item: item.key, side, value_index: i, right: false}));
    row.append(yes, no, el("span", "text", v.value));
    if (v.review) row.append(el("span", "badge " + v.review.decision, v.review.decision.replace("_", " ") +
      (v.review.reason ? ": " + v.review.reason : "") + " in review"));
    const ev = v.evidence[0];
    if (ev) {
      const place = `${ev.document}${ev.page ? ", page " + ev.page : ""}`;
      const key = `${ev.document}\u0000${ev.start_char}\u0000${ev.end_char}\u0000${ev.quote}`;
      if (quoted.has(key)) row.append(el("div", "where same-quote", `${place}: same quote as above`));
      else row.append(el("div", "where", `${place}: “${ev.quote.slice(0, 160)}”`));
      quoted.add(key);
    }
    td.append(row);
  });
  return td;
}

function render() {
  $("reference-path").textContent = state.reference;
  const agreement = $("agreement").tBodies[0];
  agreement.textContent = "";
  for (const side of ["A", "B"]) {
    const g = state.agreement[side];
    const tr = el("tr");
    tr.dataset.side = side;
    tr.append(el("td", null, `${side}: ${state.labels[side]}`), el("td", "n", `${g.matched} of ${g.values}`),
      el("td", "n precision", pct(g.precision)), el("td", "n recall", pct(g.recall)));
    agreement.append(tr);
  }
  const body = $("compare").tBodies[0];
  body.textContent = "";
  for (const item of state.items) {
    const tr = el("tr");
    tr.dataset.item = item.key;
    if (state.choices[item.key]) tr.classList.add("decided");
    const name = el("td", "item", item.name);
    name.append(el("div", "key", item.key));
    const whole = el("td", "whole");
    for (const side of ["A", "B", "both", "neither"]) {
      const b = el("button", null, side);
      b.dataset.choice = side;
      b.addEventListener("click", () => choose({item: item.key, side}));
      whole.append(b);
    }
    tr.append(name, sideCell(item, "A"), sideCell(item, "B"), whole);
    body.append(tr);
  }
}
render();
