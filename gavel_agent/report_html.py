"""The comparison as one self-contained HTML page (templates/compare.html): inline CSS, an inline SVG
chart, no scripts.

Each item and value carries its agreement (agree / differ / only A), shown as a badge and a
colour; a checkbox hides the items every run agrees on (pure CSS). Each value is highlighted
inside its quote; values sharing one quote (the parties of one caption) show it once, and a
quote already shown higher up the same run's column, or a long one, starts collapsed.

Everything that comes from a case or a model (values, quotes, document names,
paths) is HTML-escaped by the templates, so a quote such as ``<script>`` shows as text.
"""

from __future__ import annotations

import io
from typing import Any

from markupsafe import Markup

from gavel_agent.compare import Cell, Comparison
from gavel_agent.extras import missing_extra
from gavel_agent.html_pages import quote_groups, templates, where

# Quotes longer than this start collapsed (their first words stay visible in the summary line).
OPEN_QUOTE_CHARS = 300
SUMMARY_CHARS = 90
BAR_COLOURS = ["#4c72b0", "#dd8452", "#55a868", "#c44e52", "#8172b3", "#937860"]


def chart_svg(comparison: Comparison) -> Markup:
    """Per-item scores (or value counts without a reference) as grouped horizontal bars, inline SVG."""
    from matplotlib import rc_context
    from matplotlib.figure import Figure

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
    return Markup(svg[svg.index("<svg") :])  # matplotlib's own markup; its labels are item names, escaped by it


def _cell(cell: Cell, item: str, shown: dict[tuple, str], scored: bool) -> dict[str, Any]:
    """A run's values for one item, each distinct quote once under the values it supports.

    ``shown`` maps the quotes already on this run's column to the item they were first shown under:
    a quote shown higher up, or a long one, starts collapsed.
    """
    groups = []
    for group in quote_groups(cell.values, cell.agreement or None):
        ev = group.evidence
        if ev is None:
            groups.append({"group": group, "open": False, "summary": "", "where": ""})
            continue
        earlier = shown.get(group.key)
        shown.setdefault(group.key, item)
        label = "same quote as under " + earlier if earlier and earlier != item else " ".join(ev.quote.split())
        summary = label if len(label) <= SUMMARY_CHARS else label[: SUMMARY_CHARS - 1] + "…"
        is_open = earlier is None and len(ev.quote) <= OPEN_QUOTE_CHARS
        groups.append({"group": group, "open": is_open, "summary": summary, "where": where(ev)})
    return {"score": _score(cell.score) if scored else "", "groups": groups}


def _score(value: float | None, scale: float = 1.0, digits: int = 2) -> str:
    return "n/a" if value is None else f"{value * scale:.{digits}f}"


def render(comparison: Comparison, differences_only: bool = False) -> str:
    """The page; ``differences_only`` starts it with the items every run agrees on hidden (a checkbox shows them)."""
    runs = comparison.runs
    scored = comparison.reference is not None
    totals = [
        ("path", [r.path for r in runs]),
        ("model", [r.model for r in runs]),
        ("method", [r.method for r in runs]),
        ("status", [r.status for r in runs]),
        ("score (0-100)", [_score(r.score, digits=1) for r in runs]),
        ("items filled", [str(r.filled_items) for r in runs]),
        ("model calls", [str(r.steps) for r in runs]),
        ("prompt tokens", [f"{r.prompt_tokens:,}" for r in runs]),
        ("cost (USD)", [f"{r.cost_usd:.4f}" for r in runs]),
        ("wall time (s)", [f"{r.wall_time_s:.1f}" for r in runs]),
    ]
    shown: list[dict[tuple, str]] = [{} for _ in runs]
    rows = [
        {"item": row, "cells": [_cell(cell, row.name, shown[i], scored) for i, cell in enumerate(row.cells)]}
        for row in comparison.items
    ]
    counts = {
        kind: sum(r.agreement.split()[0] == kind for r in comparison.items if r.agreement)
        for kind in ("agree", "differ", "only")
    }
    try:
        chart, no_chart = chart_svg(comparison), ""
    except ModuleNotFoundError as e:  # the charts extra is not installed: the page goes without its chart
        chart, no_chart = Markup(""), missing_extra(e) or str(e)
    page = templates().get_template("compare.html")
    return page.render(
        comparison=comparison,
        scored=scored,
        totals=totals,
        rows=rows,
        counts=counts,
        differences_only=differences_only,
        chart=chart,
        no_chart=no_chart,
    )
