"""Libraries that serve one command each are optional extras of the package, not part of the core
install; a command that needs a missing one says, in one line, which extra to install."""

from __future__ import annotations

# top-level module -> (extra that installs it, what needs it)
EXTRAS: dict[str, tuple[str, str]] = {
    "pyarrow": ("parquet", "Parquet export"),
    "matplotlib": ("charts", "charts (audit --chart, the chart of compare --html)"),
    "sklearn": ("stats", "weighted kappa (evaluate-summaries) and training the offline selection model"),
}


def missing_extra(error: BaseException) -> str | None:
    """The one-line fix for an import of an optional library that is not installed, else None."""
    if not isinstance(error, ModuleNotFoundError) or not error.name:
        return None
    module = error.name.split(".")[0]
    if module not in EXTRAS:
        return None
    extra, needs = EXTRAS[module]
    return f"{needs} needs {module}, an optional extra: pip install 'gavel-agent[{extra}]'"
