"""One run as one self-contained HTML file (templates/run.html): every item's values with each quote
marked inside the text around it, its document and page, how the quote was aligned (and whether it
states the value, when the run judged that), the items settled as having none with the reason, and
the items not found. Inline CSS, no scripts, readable printed.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from gavel_agent.case import Case, CaseError, load_case
from gavel_agent.case_identity import CaseIdentity
from gavel_agent.checklists import load_spec
from gavel_agent.checklists.record import ChecklistFile, Evidence
from gavel_agent.errors import UserError
from gavel_agent.html_pages import QuoteGroup, quote_groups, templates
from gavel_agent.run_folder import RunFiles, RunStats

CONTEXT_CHARS = 260  # text shown on each side of a quote, cut back to a word boundary


@dataclass
class QuoteInContext:
    group: QuoteGroup
    before: str
    after: str
    support: str | None  # states | related | unsupported, when the run judged it

    @property
    def evidence(self) -> Evidence | None:
        return self.group.evidence


@dataclass
class ItemSection:
    key: str
    name: str
    quotes: list[QuoteInContext]


@dataclass
class RunReport:
    checklist: ChecklistFile
    stats: RunStats | None = None
    identity: CaseIdentity | None = None
    case: Case | None = None
    run_dir: Path | None = None
    note: str = ""  # why the surrounding text is missing, when it is


def _around(case: Case | None, ev: Evidence) -> tuple[str, str]:
    """The document's text just before and after the quote (empty without the case's documents)."""
    if case is None or ev.start_char is None or ev.end_char is None:
        return "", ""
    try:
        text = case.document(ev.document).text
    except KeyError:
        return "", ""
    before = text[max(0, ev.start_char - CONTEXT_CHARS) : ev.start_char]
    after = text[ev.end_char : ev.end_char + CONTEXT_CHARS]
    if ev.start_char > CONTEXT_CHARS and " " in before:
        before = "…" + before[before.index(" ") + 1 :]
    if ev.end_char + CONTEXT_CHARS < len(text) and " " in after:
        after = after[: after.rindex(" ")] + "…"
    return before, after


def _sections(report: RunReport, names: dict[str, str]) -> list[ItemSection]:
    sections = []
    for key, values in report.checklist.items.items():
        if not values:
            continue
        quotes = []
        for group in quote_groups(values):
            before, after = _around(report.case, group.evidence) if group.evidence else ("", "")
            support = getattr(group.evidence, "support", None)  # set by runs that judge support
            quotes.append(QuoteInContext(group, before, after, support))
        sections.append(ItemSection(key, names[key], quotes))
    return sections


def render(report: RunReport) -> str:
    """The page for ``report``."""
    checklist = report.checklist
    spec = load_spec(checklist.spec or "gavel")
    names = {key: (spec.item(key).name if spec.try_resolve(key) else key) for key in checklist.items}
    return (
        templates()
        .get_template("run.html")
        .render(
            report=report,
            sections=_sections(report, names),
            settled=checklist.none_reasons(),
            missing=checklist.not_found(),
            names=names,
            values=sum(len(v) for v in checklist.items.values()),
            title=report.case.title if report.case and report.case.title else "",
        )
    )


def read_run(run_dir: str | Path, case: str | Path | Case | None = None) -> RunReport:
    """A run folder's report: its checklist, stats and identity, and its case's documents (read from
    where the run found them, or from ``case``) for the text around each quote."""
    files = RunFiles(run_dir)
    if not files.checklist.is_file():
        raise UserError(f"{run_dir}: no checklist.json (expected a run folder)")
    try:
        checklist = files.read_checklist()
        stats = RunStats.model_validate_json(files.stats.read_text(encoding="utf-8")) if files.stats.is_file() else None
        identity = (
            CaseIdentity.model_validate_json(files.identity.read_text(encoding="utf-8"))
            if files.identity.is_file()
            else None
        )
    except ValueError as e:
        raise UserError(f"{run_dir}: unreadable run file ({str(e).splitlines()[0]})") from None
    report = RunReport(checklist, stats, identity, run_dir=Path(run_dir))
    with_case(report, case if case is not None else (stats.source if stats else None))
    return report


def with_case(report: RunReport, case: str | Path | Case | None) -> None:
    """Attach the case's documents to ``report``; a case that cannot be read leaves a note, not an error."""
    if isinstance(case, Case):
        report.case = case
        return
    if not case:
        report.note = "The case's documents were not given: quotes are shown without the text around them."
        return
    try:
        report.case = load_case(case)
    except CaseError as e:
        report.note = f"The case could not be read ({e}): quotes are shown without the text around them."
