"""Bar chart of an audit: the error rates per category with their bootstrap intervals."""

from __future__ import annotations

from pathlib import Path

import matplotlib

matplotlib.use("Agg")  # files only; never open a window
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402

from gavel_agent.evaluators.audit.metrics import AuditReport  # noqa: E402

CHART_METRICS = ("FAR", "FRR", "Hal_TP", "Hal_Gen", "JEq")


def write_chart(report: AuditReport, path: str | Path) -> None:
    """Grouped bars (one group per category, one bar per rate) with 95% interval whiskers."""
    groups = [g for g in report.metrics if sum(report.counts[g].values()) > 0]
    width = 0.8 / len(CHART_METRICS)
    fig, ax = plt.subplots(figsize=(1.6 + 1.5 * len(groups), 3.6), dpi=120)
    x = np.arange(len(groups))
    for k, metric in enumerate(CHART_METRICS):
        cells = [report.metrics[g][metric] for g in groups]
        values = np.array([np.nan if c.value is None else c.value for c in cells])
        low = np.array([0.0 if c.low is None or c.value is None else c.value - c.low for c in cells])
        high = np.array([0.0 if c.high is None or c.value is None else c.high - c.value for c in cells])
        ax.bar(
            x + (k - (len(CHART_METRICS) - 1) / 2) * width,
            np.nan_to_num(values),
            width,
            yerr=[low, high],
            capsize=2,
            label=metric,
        )
    ax.set_xticks(x, [f"{g}\n(n={sum(report.counts[g][s] for s in ('TP', 'FP', 'FN', 'TN'))})" for g in groups])
    ax.set_ylim(0, 1.05)
    ax.set_ylabel("rate")
    ax.set_title(f"Typed audit ({report.spec}, {report.judge} judge, {len(report.documents)} documents)", fontsize=10)
    ax.legend(ncol=len(CHART_METRICS), fontsize=8, loc="upper center", bbox_to_anchor=(0.5, -0.18), frameon=False)
    fig.tight_layout()
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.tmp.png")
    fig.savefig(tmp)
    plt.close(fig)
    tmp.replace(path)  # atomic: a reader never sees half an image
