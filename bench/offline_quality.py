"""Offline extraction quality on coded Clearinghouse records, with case-grouped cross-validation.

Runs the offline agent (all 26 GAVEL items) once per record (cached in --out, which the training
command ``python -m gavel_agent.offline.learned.train --runs`` reuses), and prints:
(a) agreement with the Clearinghouse coding per field: the held-out-fold figure (mean over five
    folds fixed by sha256(case id) % 5, its range, pooled counts) beside the training-fold figure
    and the rules' own choice; items with a learned model are re-fitted on each fold's four
    training folds; list fields get precision as well as recall, and an empty extraction is a miss;
    important filings and court rulings are measured against the papers the record lists (complaints,
    motions and briefs; orders and opinions) with a real day: a listed paper is found when a value writes
    its day and, where the paper's title says what it is about ("Motion to Dismiss", "Order Granting
    Preliminary Injunction"; evaluators/checklist/crlc_papers.json), names that too;
(b) S_checklist per item and overall on the cases GAVEL's human checklists share with the records,
    by the offline judge, beside GAVEL's own extractions of those cases (a check, never a source of rules);
(c) evidence: share of stored quotes found again at their offsets, share of items left empty,
    the run cost (prompt tokens, seconds per record) and the whole command's wall time;
(d) support: per item, the share of stored values whose quotes (all together) state them.

    python bench/offline_quality.py [FOLDER ...] [--gavel ../shared/gavel] [--out DIR] [--jobs 2]
                                    [--limit N] [--fresh] [--items KEY,...] [--folds K,...]
                                    [--support-check on|off] [--markdown docs/benchmarks/offline_quality.md]

--items runs only those items (a quick loop while working on them: use its own --out), --folds
keeps only the records of those folds (read misses on some folds, keep the others unseen).
--support-check off stores the values the write tools would refuse as unsupported (runs of their own,
in another --out): bench/support_bound.py sets such a run beside a run with the check on.

FOLDER defaults to ../shared/crlc/cases and ../shared/crlc/train.
"""

from __future__ import annotations

import argparse
import re
import statistics
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from datetime import date
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from gavel_agent.atomic import write_text  # noqa: E402
from gavel_agent.case import documents_from_clearinghouse, load_case  # noqa: E402
from gavel_agent.case_identity import CaseIdentity, case_identity  # noqa: E402
from gavel_agent.checklists import load_spec  # noqa: E402
from gavel_agent.checklists.record import ChecklistFile  # noqa: E402
from gavel_agent.documents.docket import is_entry_list  # noqa: E402
from gavel_agent.evaluators.checklist import crlc_court_reference as court_reference  # noqa: E402
from gavel_agent.evaluators.checklist import crlc_papers  # noqa: E402
from gavel_agent.evaluators.checklist import crlc_reference as crlc  # noqa: E402
from gavel_agent.evaluators.checklist.judges.offline import OfflineJudge  # noqa: E402
from gavel_agent.evaluators.checklist.readers import read_checklists  # noqa: E402
from gavel_agent.evaluators.checklist.score import Report, score_cases  # noqa: E402
from gavel_agent.offline.item_plan import item_plan  # noqa: E402
from gavel_agent.offline.learned.corpus import FOLDS, Record, fold_of, load_records, record_files, run_record  # noqa: E402
from gavel_agent.offline.learned.selection import apply_model, found_from_rows, load_model  # noqa: E402
from gavel_agent.offline.learned.train import FIELDS, fit  # noqa: E402
from gavel_agent.offline.policy import choose  # noqa: E402
from gavel_agent.run_folder import IDENTITY_FILE, RunStats  # noqa: E402
from gavel_agent.tools.quotes import same_text  # noqa: E402
from gavel_agent.tools.support import judge  # noqa: E402
from markdown_fragment import add_option, printed_as_markdown  # noqa: E402

GAVEL_METHODS = {
    "GPT-4.1 end-to-end": "document_checklists/end_to_end/20_human_eval_cases_order_by_date_True_batch_*.json",
    "Qwen3-30B agent": "document_checklists/gavel_agent/Qwen3-30B-A3B-Thinking-2507/*/all",
    "gpt-oss-20b agent": "document_checklists/gavel_agent/gpt-oss-20b-BF16/*/all",
}


@dataclass
class Tally:
    hits: int = 0
    total: int = 0

    def add(self, ok: bool) -> None:
        self.hits += ok
        self.total += 1

    def __str__(self) -> str:
        share = f"{100 * self.hits / self.total:5.1f}%" if self.total else "    -"
        return f"{share}  ({self.hits}/{self.total})"


Values = dict[str, list[str]]  # one record's extraction: item -> values


def _values(got: Values, *keys: str) -> list[str]:
    return [v for k in keys for v in got.get(k, [])]


def stated_in_texts(day: date, texts: list[str]) -> bool:
    """Whether any of the texts writes this date (numeric, month-name or day-first forms), i.e. whether
    an extraction with a verbatim quote could reach it at all."""
    year = rf"(?:{day.year}|'?{day.year % 100:02d})"
    month = f"{day:%b}[a-z]*\\.?"
    forms = re.compile(
        rf"\b0?{day.month}\s*[-./]\s*0?{day.day}\s*[-./]\s*{year}\b|\b{month}\s+0?{day.day}(?:st|nd|rd|th)?,?\s+{year}\b"
        rf"|\b0?{day.day}(?:st|nd|rd|th)?\s+(?:day\s+of\s+)?{month},?\s+{year}\b|\b{day.isoformat()}\b",
        re.I,
    )
    return any(forms.search(text) for text in texts)


ROWS = (
    "filing date (exact day)",
    "  exact, where the date is written",
    "class action sought (yes/no)",
    "causes of action (recall)",
    "causes of action (precision)",
    "constitutional clauses (recall)",
    "counsel type (main category)",
    "counsel values (precision)",
    "defendants (recall)",
    "defendants (precision)",
    "settlement/decree date (recall)",
    # The coding holds one date; a case with several decrees has right dates this row counts as wrong,
    # so it is a floor. It shows what adding dates costs.
    "  dates matching the coded one",
    "related cases (recall)",
    "related cases (precision)",
    # The case's identity (identity.json) and outcome, against the coding's court, main docket,
    # class_action_granted and relief_natures.
    "court (case identity)",
    "docket number (case identity)",
    "class certification (4 states)",
    "  certified, where coded granted",
    "relief natures (recall)",
    "relief natures (precision)",
    # Weak references (crlc_court_reference): the documents' coded reporter citations, the judges the summary names.
    "reported opinions (recall)",
    "reported opinions (precision)",
    "judges named in summary (recall)",
    "judge values (precision)",
    # A weak reference from the document listing: the appellate courts the documents come from.
    "appellate courts (recall)",
    "appeals values (precision)",
    # The listed papers (crlc_papers): complaints, motions and briefs for important filings, orders and
    # opinions for court rulings; a value matches one when it writes its day and names what its title is
    # about. Precision is a floor: the listing keeps some of a case's papers, not all.
    "important filings (recall)",
    "  listed filings, day alone",
    "important filings (precision)",
    "court rulings (recall)",
    "  listed rulings, day alone",
    "court rulings (precision)",
    # The decree's coded term (injunction_duration, in months) and its order's start and end years; see
    # _decree_term.
    "decree duration (coded months)",
    "  duration values matching it",
    "decree dates (order start year)",
    "decree dates (order end year)",
)


def coding_table(
    cases: list[str], coding: dict[str, crlc.CodedCase], written: dict[str, bool], values: dict[str, Values]
) -> dict[str, Tally]:
    """Agreement with the coding over some records. Recall counts coded values found; precision counts
    our values that match a coded one, over records whose coding has that field; an empty
    extraction is a miss (never a default). ``coding`` also holds the cases the records are related to."""
    from gavel_agent.offline.rules.candidates import category
    from gavel_agent.offline.rules.text import parse_date

    rows = {name: Tally() for name in ROWS}
    for case in cases:
        coded, got = coding[case], values[case]
        if coded.filing_date:
            exact = coded.filing_date in [parse_date(v) for v in got.get("filing_date", [])]
            rows["filing date (exact day)"].add(exact)
            if written[case]:
                rows["  exact, where the date is written"].add(exact)
        if coded.class_action_sought is not None:
            rows["class action sought (yes/no)"].add(
                says_class_action(got.get("class_action", [])) == coded.class_action_sought
            )
        causes = _values(got, "cause_of_action")
        for cause in coded.causes:
            rows["causes of action (recall)"].add(crlc.cause_stated(cause, causes))
        if coded.causes:
            for value in causes:
                rows["causes of action (precision)"].add(any(crlc.cause_stated(c, [value]) for c in coded.causes))
        for clause in coded.clauses:
            rows["constitutional clauses (recall)"].add(crlc.clause_stated(clause, _values(got, "statutory_basis")))
        if coded.counsel:
            counsel = got.get("type_of_counsel", [])
            rows["counsel type (main category)"].add(main_counsel(counsel) == coded.counsel)
            for value in counsel:
                rows["counsel values (precision)"].add(category(value) == coded.counsel)
        defendants = [v for v in got.get("parties", []) if v.startswith("Defendant")]
        for parts in coded.defendant_parts:
            rows["defendants (recall)"].add(any(crlc.defendant_named(parts, v) for v in defendants))
        if coded.defendant_parts:
            for value in defendants:
                rows["defendants (precision)"].add(any(crlc.defendant_named(p, value) for p in coded.defendant_parts))
        if coded.settlement_date:
            dates = {parse_date(v.split(":")[0]) for v in _values(got, "settlement_date", "decree_dates")}
            rows["settlement/decree date (recall)"].add(coded.settlement_date in dates)
            for date in dates - {None}:
                rows["  dates matching the coded one"].add(date == coded.settlement_date)
        _identity_and_outcome(rows, coded, got)
        _court_side(rows, coded, got)
        _decree_term(rows, coded, got)
        related = _values(got, "related_case_numbers", "consolidated_cases")
        others = [(name, coding.get(i)) for name, i in zip(coded.related_cases, coded.related_case_ids)]
        for name, other in others:
            rows["related cases (recall)"].add(any(crlc.case_named(name, v, other) for v in related))
        if others:
            for value in related:
                rows["related cases (precision)"].add(any(crlc.case_named(n, value, o) for n, o in others))
    return rows


def certification_said(values: list[str]) -> str:
    """What our class_action values say of certification, as one of crlc.CERTIFICATION_STATES (no class
    action value reads "not sought", as in the class-action-sought row)."""
    text = " ".join(values).lower()
    if "class certified" in text:
        return "certified"
    if "certification denied" in text:
        return "denied"
    return "no ruling" if says_class_action(values) else "not sought"


def says_class_action(values: list[str]) -> bool:
    return any("class action" in v.lower() and "no class action" not in v.lower() for v in values)


def _identity_and_outcome(rows: dict[str, Tally], coded: crlc.CodedCase, got: Values) -> None:
    if coded.court:
        rows["court (case identity)"].add(crlc.court_stated(coded.court, got.get(IDENTITY_COURT, [])))
    if coded.docket_serial or coded.docket_number:
        rows["docket number (case identity)"].add(crlc.docket_stated(coded, got.get(IDENTITY_DOCKET, [])))
    state = crlc.certification_state(coded.class_action_granted) if coded.class_action_granted else None
    if state:
        said = certification_said(got.get("class_action", []))
        rows["class certification (4 states)"].add(said == state)
        if state == "certified":
            rows["  certified, where coded granted"].add(said == state)
    if coded.relief_natures:
        ours = crlc.natures_stated(got)
        for nature in coded.relief_natures:
            if nature not in crlc.NO_RELIEF:
                rows["relief natures (recall)"].add(nature in ours)
        for nature in ours:
            rows["relief natures (precision)"].add(nature in coded.relief_natures)


def _court_side(rows: dict[str, Tally], coded: crlc.CodedCase, got: Values) -> None:
    """Reported opinions against the coded citations (an opinion is found when any of its citations is
    stated), judges against the surnames the summary names."""
    cites = court_reference.stated_citations(got.get("reported_opinions", []))
    for keys in coded.reported_opinions:
        rows["reported opinions (recall)"].add(bool(cites & set(keys)))
    if coded.reported_opinions:
        known = {k for keys in coded.reported_opinions for k in keys}
        for value in got.get("reported_opinions", []):
            rows["reported opinions (precision)"].add(bool(court_reference.stated_citations([value]) & known))
    judges = got.get("judge_name", [])
    for surname in coded.judges:
        rows["judges named in summary (recall)"].add(court_reference.judge_named(surname, judges))
    if coded.judges:
        for value in judges:
            rows["judge values (precision)"].add(court_reference.judge_value_coded(value, coded.judges))
    _appeals_and_rulings(rows, coded, got)


def _appeals_and_rulings(rows: dict[str, Tally], coded: crlc.CodedCase, got: Values) -> None:
    """Appeals against the appellate courts the documents come from (precision only on records that have
    such documents: the listing misses many appeals, so a value elsewhere is not known wrong; a value naming
    a court the summary tells the case went to is right though the listing lacks it); filings and rulings
    against the listed papers (see _listed_papers)."""
    appeals = got.get("appeals", [])
    for key in coded.appellate_courts:
        rows["appellate courts (recall)"].add(any(court_reference.appeal_names_court(key, v) for v in appeals))
    if coded.appellate_courts:
        reached = coded.appellate_courts + [
            k for k in coded.summary_appellate_courts if k not in coded.appellate_courts
        ]
        for value in appeals:
            named = any(court_reference.appeal_names_court(key, value) for key in reached)
            rows["appeals values (precision)"].add(named)
    _listed_papers(
        rows, "important filings", "  listed filings, day alone", coded.filings, got.get("important_filings", [])
    )
    _listed_papers(rows, "court rulings", "  listed rulings, day alone", coded.rulings, got.get("court_rulings", []))


def _listed_papers(
    rows: dict[str, Tally], item: str, day_alone: str, papers: list[crlc_papers.ListedPaper], values: list[str]
) -> None:
    """One item's values against the papers the record lists for it: a paper is found when a value writes
    its day and, where the paper's title names what it is about (a motion to dismiss, a preliminary
    injunction, a complaint ...), names that too; the day-alone row drops the second condition. Precision
    counts values that match a listed paper, on records that list any."""
    for paper in papers:
        rows[f"{item} (recall)"].add(any(crlc_papers.value_matches(paper, v) for v in values))
        rows[day_alone].add(any(crlc_papers.value_matches(paper, v, by_day_only=True) for v in values))
    if papers:
        for value in values:
            rows[f"{item} (precision)"].add(any(crlc_papers.value_matches(p, value) for p in papers))


def _decree_term(rows: dict[str, Tally], coded: crlc.CodedCase, got: Values) -> None:
    """decree_duration against the coded term: a record counts when a value states it ("four years" for a
    coded 48 months; "until the Court terminates it" states no term); precision over values that state
    any term. decree_dates against the coded order years: a value dated in that year."""
    durations = got.get("decree_duration", [])
    if coded.decree_months:
        rows["decree duration (coded months)"].add(any(coded.decree_months in crlc.stated_months(v) for v in durations))
        for months in filter(None, map(crlc.stated_months, durations)):
            rows["  duration values matching it"].add(coded.decree_months in months)
    years = crlc.value_years(got.get("decree_dates", []))
    for year, row in (
        (coded.order_start_year, "decree dates (order start year)"),
        (coded.order_end_year, "decree dates (order end year)"),
    ):
        if year:
            rows[row].add(year in years)


# The case identity's values sit beside the items' in a record's values, under these keys.
IDENTITY_COURT, IDENTITY_DOCKET = "identity: court", "identity: docket number"


def identity_values(run_dir: str | Path, case_file: Path) -> Values:
    """The run's case identity (identity.json; read again from the record for a run cached before it existed)."""
    path = Path(run_dir) / IDENTITY_FILE
    identity = (
        CaseIdentity.model_validate_json(path.read_text(encoding="utf-8"))
        if path.is_file()
        else case_identity(load_case(case_file))
    )
    return {
        IDENTITY_COURT: [identity.court.value] if identity.court else [],
        IDENTITY_DOCKET: [identity.docket_number.value] if identity.docket_number else [],
    }


def main_counsel(values: list[str]) -> str | None:
    """Our values' main category, in the coding's order of precedence; None (a miss) when nothing is said."""
    for category, prefixes in (
        ("Government", ("Government",)),
        ("Public interest", ("Public interest", "Legal aid")),
        ("Pro se", ("Pro se",)),
        ("Private", ("Private",)),
    ):
        if any(v.removeprefix("Plaintiff: ").startswith(prefixes) for v in values):
            return category
    return None


Refused = dict[str, dict[str, set[str]]]  # case -> item -> values the run's write tools refused


def selected_values(
    records: list[Record], base: dict[str, Values], models: dict[str, dict | None], refused: Refused | None = None
) -> dict[str, Values]:
    """Every record's values with the learned items chosen again from its recorded candidates, as a
    run does: by the item's model, or by the rules' own choice where ``models`` has none for it. A value
    the run chose and its write tools refused (its quotes do not state it) is refused again."""
    spec = load_spec("gavel")
    out = {}
    for r in records:
        values = dict(base[r.case])
        for field in FIELDS:
            plan = item_plan("gavel", spec.item(field.item))
            rows = r.rows(field.item)
            found = found_from_rows(rows)
            if model := models.get(field.item):
                found = apply_model(model, found, rows, r.features(field.item))
            gone = (refused or {}).get(r.case, {}).get(field.item, set())
            values[field.item] = [v["value"] for v in choose(plan, found) if v["value"] not in gone] if found else []
        out[r.case] = values
    return out


def refused_values(records: list[Record], stored: dict[str, Values], shipped: dict[str, Values]) -> Refused:
    """Per record and learned item, the values the shipped models chose that the run did not store."""
    return {
        r.case: {f.item: set(shipped[r.case][f.item]) - set(stored[r.case].get(f.item, [])) for f in FIELDS}
        for r in records
    }


FoldTallies = dict[str, dict[int, Tally]]  # row -> fold -> tally


def fold_table(
    records: list[Record], coding, written, base, refused: Refused | None = None
) -> tuple[FoldTallies, FoldTallies, dict[str, Tally]]:
    """Per row and fold, the held-out tally and the training-folds tally (a model fitted on the other
    folds for every learned item), and the rules' own choice over all records."""
    held: FoldTallies = {name: {} for name in ROWS}
    train: FoldTallies = {name: {} for name in ROWS}
    for k in sorted({r.fold for r in records}):
        inside = [r for r in records if r.fold != k]
        models = {field.item: fit(field, inside) for field in FIELDS}  # None (too few records): the rules' choice
        values = selected_values(records, base, models, refused)
        for rows, cases in ((held, [r.case for r in records if r.fold == k]), (train, [r.case for r in inside])):
            for name, tally in coding_table(cases, coding, written, values).items():
                rows[name][k] = tally
    rules = coding_table([r.case for r in records], coding, written, selected_values(records, base, {}, refused))
    return held, train, rules


def _share(t: Tally) -> float | None:
    return 100 * t.hits / t.total if t.total else None


def _mean_share(tallies: dict[int, Tally], folds) -> float | None:
    shares = [x for k in folds if k in tallies and (x := _share(tallies[k])) is not None]
    return statistics.mean(shares) if shares else None


def print_folds(held: FoldTallies, train: FoldTallies, rules: dict[str, Tally], unseen: set[int]) -> None:
    learned = {
        "filing date",
        "class action",
        "causes of action",
        "counsel",
        "class certification",
        "certified",
        "defendants",
    }
    print(
        f"  {'field':36}{'held-out mean':>14}{'fold range':>15}{'pooled':>16}{'train folds':>12}{'gap':>7}"
        f"{'rules only':>12}{'unseen folds':>14}"
    )
    for name in ROWS:
        folds = [k for k, t in held[name].items() if t.total]
        h = [_share(held[name][k]) or 0.0 for k in folds]
        if not h:
            print(f"  {name:36}{'-':>14}")
            continue
        pooled = Tally(sum(t.hits for t in held[name].values()), sum(t.total for t in held[name].values()))
        mark = "*" if any(name.strip().startswith(f) for f in learned) else " "
        mean_h, mean_t = statistics.mean(h), _mean_share(train[name], folds) or 0.0
        late = _mean_share(held[name], unseen)
        print(
            f" {mark}{name:36}{mean_h:13.1f}%{min(h):8.1f}-{max(h):5.1f}%{pooled.hits:>9}/{pooled.total:<6}"
            f"{mean_t:11.1f}%{mean_t - mean_h:+7.1f}{_share(rules[name]) or 0:11.1f}%"
            + (f"{late:13.1f}%" if late is not None else f"{'-':>14}")
        )
    print(
        "  * chosen by a learned model (fitted on the four training folds); other rows are the rules' own values,"
        " the same in every fold"
    )
    print(
        f"  unseen folds ({', '.join(map(str, sorted(unseen)))}): the held-out mean over folds whose records no rule"
        " change was read from (see the model card)"
    )


def evidence_audit(
    checklists: dict[str, ChecklistFile], case_files: dict[str, Path], run_dirs: dict[str, str]
) -> tuple[Tally, Tally]:
    """Quotes found again at their offsets (the case identity's too), and requested items left empty."""
    verified, empty = Tally(), Tally()
    for case, checklist in checklists.items():
        docs = {d.name: d.text for d in load_case(case_files[case]).documents}
        evidence = [ev for values in checklist.items.values() for value in values for ev in value.evidence]
        identity_file = Path(run_dirs[case]) / IDENTITY_FILE
        if identity_file.is_file():
            identity = CaseIdentity.model_validate_json(identity_file.read_text(encoding="utf-8"))
            evidence += [stated.evidence for stated in (identity.court, identity.docket_number) if stated]
        for values in checklist.items.values():
            empty.add(not values)
        for ev in evidence:
            text = docs.get(ev.document, "")
            verified.add(ev.start_char is not None and same_text(ev.quote, text[ev.start_char : ev.end_char]))
    return verified, empty


def support_table(checklists: dict[str, ChecklistFile]) -> dict[str, dict[str, int]]:
    """Per item, stored values by whether their stored quotes (all together) state them: judged here,
    so runs made before support was checked at write time are measured the same way."""
    spec = load_spec("gavel")
    table: dict[str, dict[str, int]] = {}
    for checklist in checklists.values():
        for key, values in checklist.items.items():
            row = table.setdefault(key, {"states": 0, "related": 0, "unsupported": 0})
            for value in values:
                row[judge(value.value, [e.quote for e in value.evidence], spec.item(key)).status] += 1
    return table


def print_support(table: dict[str, dict[str, int]]) -> None:
    print(
        "\n(d) Support: stored values whose quotes state them, per item (related: the typed facts are quoted, few words)"
    )
    print(f"  {'item':24} {'values':>7} {'states':>8} {'related':>8} {'unsupported':>12}")
    totals = {"states": 0, "related": 0, "unsupported": 0}
    for key, row in table.items():
        n = sum(row.values())
        for status in totals:
            totals[status] += row[status]
        if n:
            shares = "".join(f"{row[s] / n:>{w}.1%}" for s, w in (("states", 9), ("related", 9), ("unsupported", 13)))
            print(f"  {key:24} {n:>7}{shares}")
    n = sum(totals.values()) or 1
    shares = "".join(f"{totals[s] / n:>{w}.1%}" for s, w in (("states", 9), ("related", 9), ("unsupported", 13)))
    print(f"  {'ALL':24} {sum(totals.values()):>7}{shares}")


def _only(keys: set[str], checklists: dict[str, dict[str, list[str]]]) -> dict[str, dict[str, list[str]]]:
    return {case: {k: v for k, v in items.items() if k in keys} for case, items in checklists.items()}


def gavel_reports(
    gavel: Path, preds: dict[str, dict[str, list[str]]]
) -> tuple[dict[str, Report], list[str], list[str]]:
    """Our scores and GAVEL's methods' on the shared cases, and notes on methods whose release
    holds only some items: those are scored on the items they hold (a missing item is not an
    empty answer), and ours again on the same items beside them."""
    spec = load_spec("gavel")
    human = read_checklists(gavel / "document_checklists" / "human.json", spec)
    cases = sorted(c for c in preds if c in human)
    refs = {c: human[c] for c in cases}
    judge = OfflineJudge()
    ours = _only(set(spec.keys), {c: preds[c] for c in cases})  # the checklist's items, not the case identity
    reports = {"offline agent (ours)": score_cases(ours, refs, judge)}
    notes = []
    for label, pattern in GAVEL_METHODS.items():
        theirs = read_checklists(str(gavel / pattern), spec)
        held = {key for items in theirs.values() for key in items}
        reports[label] = score_cases(
            _only(held, {c: theirs[c] for c in cases if c in theirs}), _only(held, refs), judge
        )
        if len(held) < len(spec.keys) and cases:
            same = score_cases(_only(held, ours), _only(held, refs), judge).overall
            notes.append(
                f"{label}: its released checklists hold {len(held)} of the {len(spec.keys)} items, so it is scored on those"
                f" ('-' elsewhere); ours on the same {len(held)} items: {same:.1f}"
            )
    return reports, cases, notes


def print_gavel(reports: dict[str, Report], cases: list[str], notes: list[str]) -> None:
    labels = list(reports)
    print(f"\n(b) S_checklist vs GAVEL human checklists, offline judge, cases {', '.join(cases)}")
    print(f"{'item':24}" + "".join(f"{label[:20]:>22}" for label in labels))
    for key in load_spec("gavel").keys:
        cells = []
        for label in labels:
            row = next((i for i in reports[label].per_item if i.item == key), None)
            cells.append(f"{row.score:8.1f} ({row.cases})" if row and row.score is not None else "-")
        print(f"{key:24}" + "".join(f"{c:>22}" for c in cells))
    print(
        f"{'OVERALL (mean of cases)':24}"
        + "".join(
            f"{reports[label].overall:>22.1f}" if reports[label].overall is not None else f"{'-':>22}"
            for label in labels
        )
    )
    for note in notes:
        print(f"  {note}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "folders",
        nargs="*",
        type=Path,
        default=[Path("../shared/crlc/cases"), Path("../shared/crlc/train")],
        help="folders of Clearinghouse records (case_<id>.json)",
    )
    parser.add_argument("--gavel", type=Path, default=Path("../shared/gavel"))
    parser.add_argument(
        "--out",
        type=Path,
        default=None,
        help="cache of runs, one folder per record (default: a fresh temporary folder)",
    )
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument(
        "--limit", type=int, default=0, help="only the first N records (the GAVEL overlap cases come first)"
    )
    parser.add_argument("--fresh", action="store_true", help="run every record again, even if --out holds its run")
    parser.add_argument("--items", default="", help="comma-separated GAVEL items to run (default: all 26)")
    parser.add_argument("--folds", default="", help="comma-separated folds to keep (default: all)")
    parser.add_argument(
        "--unseen",
        default="3,4",
        help="folds whose records were never read to write rules; their held-out mean gets a column of its own",
    )
    parser.add_argument(
        "--support-check",
        choices=("on", "off"),
        default="on",
        help="off: the write tools store the values their quotes do not state instead of refusing them (a"
        " measurement of what the check costs, with its own --out; bench/support_bound.py compares the two)",
    )
    add_option(parser)
    args = parser.parse_args()
    with printed_as_markdown(args.markdown):
        bench(args)


SUPPORT_CHECK_FILE = "support_check.txt"  # in --out: "on" or "off", how its runs were made


def mark_support_check(out: Path, setting: str) -> None:
    """Note in the runs' folder whether the support check refused values; a folder of runs made the other
    way is not reused (its runs would be mixed with new ones): exit with a one-line error."""
    marker = out / SUPPORT_CHECK_FILE
    held = marker.read_text(encoding="utf-8").strip() if marker.is_file() else "on" if any(out.glob("case_*")) else None
    if held not in (None, setting):
        sys.exit(
            f"error: {out} holds runs made with the support check {held}: give --support-check {held} or another --out"
        )
    out.mkdir(parents=True, exist_ok=True)
    write_text(marker, setting + "\n")


@dataclass
class Runs:
    """A bench's runs as it scores them: per record, its file, run folder and checklist, its values with the
    learned items chosen again (``selected_values``) and the values its write tools refused."""

    records: list[Record]
    case_files: dict[str, Path]
    run_dirs: dict[str, str]
    checklists: dict[str, ChecklistFile]
    values: dict[str, Values]
    refused: Refused


def read_runs(files: list[Path], run_dirs: list[str | None]) -> Runs:
    """The runs of the records (a None run folder: a record without texts, left out)."""
    records = load_records(files, run_dirs)
    files, kept = [f for f, d in zip(files, run_dirs) if d], [d for d in run_dirs if d]
    case_files = {r.case: f for r, f in zip(records, files)}
    checklists = {r.case: ChecklistFile.read(Path(d) / "checklist.json") for r, d in zip(records, kept)}
    base = {case: {k: [v.value for v in vals] for k, vals in c.items.items()} for case, c in checklists.items()}
    for r, d in zip(records, kept):
        base[r.case].update(identity_values(d, case_files[r.case]))
    # The shipped models' choice, as a run with them makes it (runs cached before a retraining hold another).
    shipped_models = {field.item: load_model("gavel", field.item) for field in FIELDS}
    refused = refused_values(records, base, selected_values(records, base, shipped_models))
    values = selected_values(records, base, shipped_models, refused)
    return Runs(records, case_files, {r.case: d for r, d in zip(records, kept)}, checklists, values, refused)


def coding_with_related(records: list[Record], folders: list[Path]) -> dict[str, crlc.CodedCase]:
    """The records' coding, and that of the cases their coding relates them to where the corpus holds them
    (of any fold: only their docket numbers are read), so that a value giving a related case's number
    alone counts."""
    coding = {r.case: r.coded for r in records}
    corpus = {f.stem.removeprefix("case_"): f for f in record_files(folders)}
    for case in {i for r in records for i in r.coded.related_case_ids} - coding.keys():
        if case in corpus:
            coding[case] = crlc.coded_case(crlc.read_record(corpus[case]))
    return coding


def filing_date_written(records: list[Record], case_files: dict[str, Path]) -> tuple[dict[str, bool], dict[str, bool]]:
    """Per record, whether its coded filing date is written in its texts, its docket's entries included
    (the ceiling a reader quoting the texts can reach), and in its papers alone."""
    written, in_papers = {}, {}
    for r in records:
        texts = [d.text for d in documents_from_clearinghouse(crlc.read_record(case_files[r.case]))]
        day = r.coded.filing_date
        written[r.case] = day is not None and stated_in_texts(day, texts)
        in_papers[r.case] = day is not None and stated_in_texts(day, [t for t in texts if not is_entry_list(t)])
    return written, in_papers


def bench(args: argparse.Namespace) -> None:
    started = time.time()
    missing = [str(f) for f in args.folders if not f.is_dir()]
    if missing:
        sys.exit(f"error: not a folder: {', '.join(missing)}")
    files = record_files(args.folders)
    if not files:
        sys.exit(f"error: no case_<id>.json files in {', '.join(map(str, args.folders))}")
    human = read_checklists(args.gavel / "document_checklists" / "human.json") if args.gavel.is_dir() else {}
    files.sort(key=lambda f: (f.stem.removeprefix("case_") not in human, f.name))
    if args.folds:
        keep = {int(k) for k in args.folds.split(",")}
        files = [f for f in files if fold_of(f.stem.removeprefix("case_")) in keep]
    if args.limit:
        files = files[: args.limit]
    items = tuple(k for k in args.items.split(",") if k)
    unknown = set(items) - set(load_spec("gavel").keys)
    if unknown:
        sys.exit(f"error: not GAVEL items: {', '.join(sorted(unknown))}")
    out = args.out or Path(tempfile.mkdtemp(prefix="offline_quality_"))
    mark_support_check(out, args.support_check)
    with ProcessPoolExecutor(args.jobs) as pool:
        n = len(files)
        refusing = [args.support_check == "on"] * n
        run_dirs = list(
            pool.map(run_record, map(str, files), [str(out)] * n, [not args.fresh] * n, [items] * n, refusing)
        )
    run_time = time.time() - started
    skipped = [f.name for f, d in zip(files, run_dirs) if d is None]
    runs = read_runs(files, run_dirs)
    records, case_files, base = runs.records, runs.case_files, runs.values
    coding = coding_with_related(records, args.folders)
    written, in_papers = filing_date_written(records, case_files)
    stats = [RunStats.model_validate_json((Path(d) / "stats.json").read_text()) for d in runs.run_dirs.values()]

    print(f"command: python {' '.join(sys.argv)}")
    sizes = [sum(r.fold == k for r in records) for k in range(FOLDS)]
    print(
        f"{len(records)} records, offline agent, {', '.join(items) or 'all 26 items'}; runs in {out} (offline runs {run_time:.0f} s with {args.jobs} jobs)"
    )
    print(f"folds by sha256(case id) % {FOLDS}: {' / '.join(map(str, sizes))} records")
    if args.support_check == "off":
        print("support check OFF: values whose quotes do not state them were stored, not refused (a measurement)")
    if skipped:
        print(f"skipped (no document texts): {', '.join(skipped)}")
    print(
        "\n(a) Agreement with the Clearinghouse coding: held-out folds (mean, range, pooled counts) beside the training folds"
    )
    print_folds(
        *fold_table(records, coding, written, base, runs.refused), {int(k) for k in args.unseen.split(",") if k}
    )
    dated = [r.case for r in records if r.coded.filing_date]
    print(
        f"  ceiling: the coded filing date is written in the texts of {Tally(sum(written[c] for c in dated), len(dated))}"
        f" records, the docket's entries included; in the papers alone {Tally(sum(in_papers[c] for c in dated), len(dated))}"
    )
    for item, listed in (
        ("filings", [r.coded.filings for r in records]),
        ("rulings", [r.coded.rulings for r in records]),
    ):
        print(
            f"  listed {item}: {sum(map(bool, listed))} of {len(records)} records list dated {item},"
            f" {sum(map(len, listed))} papers, {sum(bool(p.kinds) for papers in listed for p in papers)} of them"
            " with a title that says what they are about"
        )
    if any(case in human for case in base):
        print_gavel(*gavel_reports(args.gavel, base))
    verified, empty = evidence_audit(runs.checklists, case_files, runs.run_dirs)
    print("\n(c) Evidence and cost")
    print(f"  quotes found again at their offsets   {verified}")
    print(f"  requested items left empty            {empty}")
    print(f"  prompt tokens per run, median         {statistics.median(s.prompt_tokens for s in stats):,.0f}")
    print(
        f"  offline run per record, median / max  {statistics.median(s.wall_time_s for s in stats):.1f} s"
        f" / {max(s.wall_time_s for s in stats):.1f} s"
    )
    print(f"  whole command                         {time.time() - started:.0f} s")
    print_support(support_table(runs.checklists))


if __name__ == "__main__":
    main()
