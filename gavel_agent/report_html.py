"""The comparison as one self-contained HTML page: inline CSS, an inline SVG chart, no scripts.

Each item and value carries its agreement (agree / differ / only A), shown as a badge and a
colour; a checkbox hides the items every run agrees on (pure CSS). Each value is highlighted
inside its quote; values sharing one quote (the parties of one caption) show it once, and a
quote already shown higher up the same run's column, or a long one, starts collapsed.

Everything that comes from a case or a model (values, quotes, document names,
paths) is HTML-escaped, so a quote such as ``<script>`` shows as text.
"""

from __future__ import annotations

import io
import re
from html import escape

from matplotlib import rc_context
from matplotlib.figure import Figure
from rapidfuzz import fuzz

from gavel_agent.checklists.record import Evidence, Value
from gavel_agent.compare import Cell, Comparison

STYLE = """
body { font-family: system-ui, sans-serif; margin: 2em; color: #222; max-width: 1400px; }
table { border-collapse: collapse; margin: 1em 0; width: 100%; }
table#runs { width: auto; }
th, td { border: 1px solid #ccc; padding: 6px 8px; vertical-align: top; text-align: left; }
th { background: #f2f2f2; }
td.num { text-align: right; white-space: nowrap; }
.value { font-weight: 600; margin-top: 4px; }
blockquote { margin: 2px 0 8px 12px; padding-left: 8px; border-left: 3px solid #9ab; color: #444;
             white-space: pre-wrap; font-size: 0.9em; }
.where { color: #777; font-size: 0.8em; }
.none { color: #aaa; }
.score { display: inline-block; min-width: 3em; font-weight: 600; }
figure { margin: 1em 0; }
mark { background: #ffe27a; padding: 0 1px; }
.badge { display: inline-block; font-size: 0.75em; font-weight: 600; padding: 1px 6px; border-radius: 8px;
         margin-right: 6px; vertical-align: middle; }
.badge.agree { background: #dcefdc; color: #1f6b1f; }
.badge.differ { background: #fbd5d5; color: #9b1c1c; }
.badge.only { background: #fde8c8; color: #8a4b00; }
tr.differ > td:first-child { border-left: 4px solid #c44e52; }
tr.only > td:first-child { border-left: 4px solid #dd8452; }
details > summary { cursor: pointer; color: #555; font-size: 0.85em; margin-left: 12px; }
#differences-only:checked ~ table#items tr.agree { display: none; }
.filter { margin: 1em 0; font-weight: 600; }
"""
# Quotes longer than this start collapsed (their first words stay visible in the summary line).
OPEN_QUOTE_CHARS = 300
SUMMARY_CHARS = 90
FUZZY_HIGHLIGHT = 85  # rapidfuzz partial-ratio score above which a near-verbatim value is highlighted
BAR_COLOURS = ["#4c72b0", "#dd8452", "#55a868", "#c44e52", "#8172b3", "#937860"]


def chart_svg(comparison: Comparison) -> str:
    """Per-item scores (or value counts without a reference) as grouped horizontal bars, inline SVG."""
    scored = comparison.reference is not None
    names = [row.name for row in comparison.items]
    height = 0.35 * len(names) * max(len(comparison.runs), 2) / 2 + 1.2
    fig = Figure(figsize=(8, max(height, 2.5)))
    ax = fig.add_subplot()
    width = 0.8 / len(comparison.runs)
    for i, run in enumerate(comparison.runs):
        values = [(row.cells[i].score or 0.0) if scored else len(row.cells[i].values) for row in comparison.items]
        ax.barh(
            [y + i * width for y in range(len(names))],
            values,
            height=width,
            color=BAR_COLOURS[i % len(BAR_COLOURS)],
            label=f"{run.label}: {run.method or 'run'} {run.model}",
        )
    ax.set_yticks([y + width * (len(comparison.runs) - 1) / 2 for y in range(len(names))], names, fontsize=8)
    ax.invert_yaxis()
    ax.set_xlabel("score against the reference (0-1)" if scored else "number of values (no reference given)")
    if scored:
        ax.set_xlim(0, 1)
    ax.legend(loc="lower right", fontsize=8)
    fig.tight_layout()
    buffer = io.StringIO()
    with rc_context({"svg.fonttype": "none"}):  # keep labels as <text>, not glyph paths
        fig.savefig(buffer, format="svg")
    svg = buffer.getvalue()
    return svg[svg.index("<svg") :]


def value_span(value: str, quote: str) -> tuple[int, int] | None:
    """Where the value stands in its quote: verbatim (any spacing or case), its part after a role label
    ("Plaintiff: Daniel Vega"), or a close fuzzy match; None when the quote words it otherwise (a date)."""
    for text in (value, value.split(":", 1)[1] if ":" in value else ""):
        words = text.split()
        if words:
            found = re.search(r"\s+".join(map(re.escape, words)), quote, re.IGNORECASE)
            if found:
                return found.span()
    if len(value) >= 4:
        aligned = fuzz.partial_ratio_alignment(value.lower(), quote.lower())
        if aligned and aligned.score >= FUZZY_HIGHLIGHT:
            return aligned.dest_start, aligned.dest_end
    return None


def highlighted(quote: str, values: list[str]) -> str:
    """The quote, escaped, with every value's span in <mark>."""
    spans = sorted(span for v in values if (span := value_span(v, quote)))
    merged: list[list[int]] = []
    for start, end in spans:
        if merged and start <= merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], end)
        else:
            merged.append([start, end])
    parts, at = [], 0
    for start, end in merged:
        parts += [escape(quote[at:start]), f"<mark>{escape(quote[start:end])}</mark>"]
        at = end
    return "".join(parts) + escape(quote[at:])


def _where(ev: Evidence) -> str:
    """Where the quote is: document, span, page, and how it was aligned (exact / normalised / pieces)."""
    where = f"{ev.place} [{ev.start_char}:{ev.end_char}]" if ev.start_char is not None else ev.place
    return where + f" · quote {ev.status}" + (f" (named {ev.named_document})" if ev.named_document else "")


def _badge(mark: str) -> str:
    kind = mark.split()[0] if mark else ""
    return f'<span class="badge {escape(kind)}">{escape(mark)}</span>' if mark else ""


def _cell(cell: Cell, item: str, shown: dict[tuple, str]) -> str:
    """Values with their badges, each distinct quote once under the values it supports.

    ``shown`` maps the quotes already on this run's column to the item they were first shown under.
    """
    if not cell.values:
        return '<span class="none">—</span>'
    groups: dict[tuple, tuple[Evidence | None, list[tuple[Value, str]]]] = {}
    for value, mark in zip(cell.values, cell.agreement or [""] * len(cell.values)):
        evidence: list[Evidence | None] = [*value.evidence] or [None]
        for ev in evidence:
            key = (ev.document, ev.start_char, ev.end_char, ev.quote) if ev else ("", id(value))
            groups.setdefault(key, (ev, []))[1].append((value, mark))
    parts, listed = [], set()
    for key, (ev, supported) in groups.items():
        for value, mark in supported:
            if id(value) not in listed:
                listed.add(id(value))
                parts.append(
                    f'<div class="value {escape(mark.split()[0] if mark else "")}">{_badge(mark)}'
                    f"{escape(value.value)}</div>"
                )
        if ev is None:
            continue
        quote = highlighted(ev.quote, [v.value for v, _ in supported])
        earlier = shown.get(key)
        shown.setdefault(key, item)
        label = "same quote as under " + earlier if earlier and earlier != item else " ".join(ev.quote.split())
        summary = label if len(label) <= SUMMARY_CHARS else label[: SUMMARY_CHARS - 1] + "…"
        is_open = earlier is None and len(ev.quote) <= OPEN_QUOTE_CHARS
        parts.append(
            f"<details{' open' if is_open else ''}><summary>{escape(summary)}</summary>"
            f'<blockquote>{quote}<div class="where">{escape(_where(ev))}</div></blockquote></details>'
        )
    return "".join(parts)


def _score(value: float | None, scale: float = 1.0, digits: int = 2) -> str:
    return "n/a" if value is None else f"{value * scale:.{digits}f}"


def render(comparison: Comparison, differences_only: bool = False) -> str:
    """The page; ``differences_only`` starts it with the items every run agrees on hidden (a checkbox shows them)."""
    runs = comparison.runs
    scored = comparison.reference is not None
    head = "".join(f"<th>{escape(r.label)}</th>" for r in runs)
    totals = [
        ("path", [escape(r.path) for r in runs]),
        ("model", [escape(r.model) for r in runs]),
        ("method", [escape(r.method) for r in runs]),
        ("status", [escape(r.status) for r in runs]),
        ("score (0-100)", [_score(r.score, digits=1) for r in runs]),
        ("items filled", [str(r.filled_items) for r in runs]),
        ("model calls", [str(r.steps) for r in runs]),
        ("prompt tokens", [f"{r.prompt_tokens:,}" for r in runs]),
        ("cost (USD)", [f"{r.cost_usd:.4f}" for r in runs]),
        ("wall time (s)", [f"{r.wall_time_s:.1f}" for r in runs]),
    ]
    total_rows = "".join(
        f"<tr><th>{name}</th>" + "".join(f'<td class="num">{v}</td>' for v in values) + "</tr>"
        for name, values in totals
    )
    item_head = (
        "<th>item</th>"
        + ("<th>reference</th>" if scored else "")
        + "".join(f"<th>{escape(r.label)}</th>" for r in runs)
    )
    item_rows = []
    shown: list[dict[tuple, str]] = [{} for _ in runs]
    for row in comparison.items:
        cells = [
            f'<td>{_badge(row.agreement)}<b>{escape(row.name)}</b><div class="where">{escape(row.item)}</div></td>'
        ]
        if scored:
            ref = (
                "".join(f'<div class="value">{escape(v)}</div>' for v in row.reference or [])
                or '<span class="none">—</span>'
            )
            cells.append(f"<td>{ref}</td>")
        for i, cell in enumerate(row.cells):
            score = f'<div><span class="score">{_score(cell.score)}</span></div>' if scored else ""
            cells.append(f"<td>{score}{_cell(cell, row.name, shown[i])}</td>")
        kind = escape(row.agreement.split()[0] if row.agreement else "")
        item_rows.append(f'<tr id="item-{escape(row.item)}" class="{kind}">' + "".join(cells) + "</tr>")
    counts = {
        kind: sum(r.agreement.split()[0] == kind for r in comparison.items if r.agreement)
        for kind in ("agree", "differ", "only")
    }
    reference = (
        f"Reference: {escape(comparison.reference or '')} (judge: {escape(comparison.judge or '')})"
        if scored
        else "No reference given: no scores."
    )
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<title>Comparison for case {escape(comparison.case)}</title>
<style>{STYLE}</style></head>
<body>
<h1>Comparison for case {escape(comparison.case)}</h1>
<p>Checklist: {escape(comparison.spec)}. {reference}</p>
<h2>Runs</h2>
<table id="runs"><tr><th></th>{head}</tr>{total_rows}</table>
<h2>Per item</h2>
<p>{counts["agree"]} items agree, {counts["differ"]} differ, {counts["only"]} were filled by one run only
(agreement decided by the {escape(comparison.judge or "offline")} judge, without a reference).</p>
<input type="checkbox" id="differences-only"{" checked" if differences_only else ""}>
<label class="filter" for="differences-only">Show only the items that differ</label>
<table id="items"><tr>{item_head}</tr>{"".join(item_rows)}</table>
<h2>Chart</h2>
<figure id="chart">{chart_svg(comparison)}</figure>
</body></html>
"""
