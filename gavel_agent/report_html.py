"""The comparison as one self-contained HTML page: inline CSS, an inline SVG chart, no scripts.

Everything that comes from a case or a model (values, quotes, document names,
paths) is HTML-escaped, so a quote such as ``<script>`` shows as text.
"""

from __future__ import annotations

import io
from html import escape

from matplotlib import rc_context
from matplotlib.figure import Figure

from gavel_agent.compare import Cell, Comparison

STYLE = """
body { font-family: system-ui, sans-serif; margin: 2em; color: #222; max-width: 1400px; }
table { border-collapse: collapse; margin: 1em 0; width: 100%; }
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
"""
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
        ax.barh([y + i * width for y in range(len(names))], values, height=width,
                color=BAR_COLOURS[i % len(BAR_COLOURS)], label=f"{run.label}: {run.method or 'run'} {run.model}")
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
    return svg[svg.index("<svg"):]


def _cell(cell: Cell) -> str:
    if not cell.values:
        return '<span class="none">—</span>'
    parts = []
    for value in cell.values:
        parts.append(f'<div class="value">{escape(value.value)}</div>')
        for ev in value.evidence:
            where = f"{ev.document} [{ev.start_char}:{ev.end_char}]" if ev.start_char is not None else ev.document
            where += f", page {ev.page}" if ev.page else ""
            where += f" · quote {ev.status}" + (f" (named {ev.named_document})" if ev.named_document else "")
            parts.append(f'<blockquote>{escape(ev.quote)}<div class="where">{escape(where)}</div></blockquote>')
    return "".join(parts)


def _score(value: float | None, scale: float = 1.0, digits: int = 2) -> str:
    return "n/a" if value is None else f"{value * scale:.{digits}f}"


def render(comparison: Comparison) -> str:
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
    total_rows = "".join(f"<tr><th>{name}</th>" + "".join(f'<td class="num">{v}</td>' for v in values) + "</tr>"
                         for name, values in totals)
    item_head = "<th>item</th>" + ("<th>reference</th>" if scored else "") + "".join(
        f"<th>{escape(r.label)}</th>" for r in runs)
    item_rows = []
    for row in comparison.items:
        cells = [f'<td><b>{escape(row.name)}</b><div class="where">{escape(row.item)}</div></td>']
        if scored:
            ref = "".join(f'<div class="value">{escape(v)}</div>' for v in row.reference or []) or '<span class="none">—</span>'
            cells.append(f"<td>{ref}</td>")
        for cell in row.cells:
            score = f'<div><span class="score">{_score(cell.score)}</span></div>' if scored else ""
            cells.append(f"<td>{score}{_cell(cell)}</td>")
        item_rows.append(f'<tr id="item-{escape(row.item)}">' + "".join(cells) + "</tr>")
    reference = (f"Reference: {escape(comparison.reference)} (judge: {escape(comparison.judge or '')})" if scored
                 else "No reference given: no scores.")
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
<figure id="chart">{chart_svg(comparison)}</figure>
<table id="items"><tr>{item_head}</tr>{"".join(item_rows)}</table>
</body></html>
"""
