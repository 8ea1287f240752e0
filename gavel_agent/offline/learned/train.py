"""Fit the offline model's selection models on coded Clearinghouse records.

    python -m gavel_agent.offline.learned.train [FOLDER ...] --runs DIR [--jobs 2]

Runs the offline agent once per record (cached in ``--runs``; the bench's ``--out`` is the same
cache), labels every candidate finding by the record's coding, fits one logistic regression per
item (scikit-learn, fixed seed), chooses its threshold on the same training records, and writes
``gavel_agent/offline/learned/fitted/gavel.<item>.json``: feature names, coefficients, intercept, threshold.
Fitting is deterministic: the same records give the same files.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING

from gavel_agent.offline.learned.corpus import Record, load_records, record_files, run_record
from gavel_agent.offline.learned.features import category_features, value_key
from gavel_agent.offline.learned.selection import FITTED_DIR, MODEL_VERSION, pick, probability
from gavel_agent.offline.registry import get_settler
from gavel_agent.offline.rules.candidates import category
from gavel_agent.offline.rules.text import parse_date

if TYPE_CHECKING:
    from gavel_agent.evaluators.checklist.crlc_reference import CodedCase

SPEC = "gavel"  # the checklist the Clearinghouse coding labels
SEED = 0
C = 1.0  # the regression's inverse regularisation; fixed, not tuned
THRESHOLDS = [i / 20 for i in range(20)]


@dataclass(frozen=True)
class Field:
    """An item the coding can label: which candidates are right, and whether the case has a coded answer."""

    item: str
    kind: str  # single | category | list (see selection.pick)
    coded: Callable[[CodedCase], bool]  # the record has a coded answer for this item
    label: Callable[[dict, CodedCase], bool]  # a candidate agrees with the coding
    none_right: Callable[[CodedCase], bool] = lambda coded: False  # keeping nothing is the right answer
    # A list item's operating point: the lowest threshold whose precision on held-out training folds
    # (inner cross-validation) reaches this floor, i.e. the most recall at that precision; None: best F1.
    precision_floor: float | None = None
    # The regression's inverse regularisation: a field with many overlapping features (parties: the shape
    # of a name and how often papers name it) fits its training folds closer than held-out ones at C.
    c: float = C
    # Regularisations the inner cross-validation chooses among (the first of equals; empty: ``c``): for a
    # list item with a precision floor, the one whose operating point keeps the most recall at the floor;
    # for a category item, the one whose choice is right on the most training records (``_category_capacity``).
    c_choices: tuple[float, ...] = ()
    # The candidates a list item's values are scored on: parties' plaintiffs are kept by its rules and
    # never scored (the coding names defendants only).
    scored: Callable[[dict], bool] = lambda row: True
    # Feature families (name prefixes) the item's model leaves out: features that fit the training
    # records without ranking held-out values any better (see the causes entry in FIELDS).
    left_out: tuple[str, ...] = ()
    # The thresholds an item's operating point is chosen among: parties' held-out recall falls by several
    # points between neighbours of the coarse grid (a caption's many names share one probability band).
    thresholds: tuple[float, ...] = tuple(THRESHOLDS)


def _causes_match(row: dict, coded: CodedCase) -> bool:
    from gavel_agent.evaluators.checklist.crlc_reference import cause_stated

    return any(cause_stated(cause, [row["value"]]) for cause in coded.causes)


def _defendant_match(row: dict, coded: CodedCase) -> bool:
    """A defendant candidate that names a coded defendant (a plaintiff never is one: the parties item's
    plaintiffs are kept by its rules, rules.parties.one_value_per_defendant)."""
    from gavel_agent.evaluators.checklist.crlc_reference import defendant_named

    return row["value"].startswith("Defendant: ") and any(
        defendant_named(p, row["value"]) for p in coded.defendant_parts
    )


FIELDS = [
    Field(
        "filing_date",
        "single",
        lambda c: c.filing_date is not None,
        lambda row, c: parse_date(row["value"]) == c.filing_date,
    ),
    Field(
        "class_action",
        "single",
        lambda c: c.class_action_sought is not None,
        lambda row, c: category(row["value"]).startswith("Class action") == c.class_action_sought,
        none_right=lambda c: c.class_action_sought is False,
    ),
    Field(
        "type_of_counsel",
        "category",
        lambda c: c.counsel is not None,
        lambda row, c: category(row["value"]) == c.counsel,
        # About 200 features (every candidate feature per kind of counsel) for some 1,000 samples: at C = 1
        # the training folds' accuracy ran 3.2 points above the held-out fold's; the inner cross-validation
        # weighs how much of that fit carries over to records it was not fitted on.
        c_choices=(C, 0.3, 0.1, 0.03),
    ),
    Field(
        "cause_of_action",
        "list",
        lambda c: bool(c.causes),
        _causes_match,
        precision_floor=0.8,
        c_choices=(C, 0.3, 0.1, 3.0),
        # The mention-level quote cues (written for dates and classes; a statute's value takes each cue's
        # largest over all its windows, so a statute named often has most of them): on the dev folds they
        # raised the training folds' in-sample precision over the inner cross-validation's (4.7 points;
        # 2.7 without them) and added no recall, inner-CV or held out; statute: features carry the
        # claim, jurisdiction, cited-case and defendants' evidence for the statute as a whole.
        left_out=("quote:",),
    ),
    Field(
        "parties",
        "list",
        lambda c: bool(c.defendant_parts),
        _defendant_match,
        c=0.1,
        scored=lambda row: row["value"].startswith("Defendant: "),
        thresholds=tuple(i / 40 for i in range(40)),
    ),
]


def _objective(
    field: Field, model: dict, records: list[Record], probs: list[list[float]], labels: list[list[bool]]
) -> float:
    """How well a threshold does on training records: record accuracy for single values, F1 over
    distinct values for lists (a value found in many windows is one value)."""
    if field.kind == "single":
        right = 0
        for r, p, marks in zip(records, probs, labels):
            chosen = pick(model, r.rows(field.item), p)
            right += marks[chosen[0]] if chosen else field.none_right(r.coded)
        return right / max(1, len(records))
    kept_right, kept, positives = _list_counts(field, model, records, probs, labels)
    return 2 * kept_right / max(1, kept + positives)


def _list_counts(
    field: Field, model: dict, records: list[Record], probs: list[list[float]], labels: list[list[bool]]
) -> tuple[int, int, int]:
    """Distinct values kept right, kept, and right among the candidates (a value found in many windows is one value)."""
    kept_right = kept = positives = 0
    # the values a run keeps: the item's settler, if it has one, settles the model's choice (parties:
    # one value per defendant, whole names)
    settle = get_settler("gavel", field.item) or (lambda chosen, rows: chosen)
    for r, p, marks in zip(records, probs, labels):
        rows = r.rows(field.item)
        chosen = settle(pick(model, rows, p), rows)
        values = {distinct_value_key(rows[i]["value"]): marks[i] for i in chosen if field.scored(rows[i])}
        kept += len(values)
        kept_right += sum(values.values())
        positives += len({distinct_value_key(row["value"]) for row, mark in zip(rows, marks) if mark})
    return kept_right, kept, positives


def _floor_point(
    field: Field, model: dict, records: list[Record], labels: list[list[bool]]
) -> tuple[float, float] | None:
    """The lowest threshold whose precision, scored on each training fold by a model fitted (at the
    field's ``c``) on the others, reaches the field's floor, and the share of right candidate values
    kept there; None when no threshold does or there is one fold only."""
    inner_models = _inner_models(field, records, labels)
    if inner_models is None:
        return None
    probs = [[probability(inner_models[r.fold] or model, f) for f in r.features(field.item)] for r in records]
    for t in field.thresholds:
        right, kept, positives = _list_counts(field, {**model, "threshold": t}, records, probs, labels)
        if kept and right / kept >= (field.precision_floor or 0.0):
            return t, right / max(1, positives)
    return None


def distinct_value_key(value: str) -> str:
    """A value's key without a trailing "(description)", as the coding names a party or an organisation."""
    return value_key(value.split(" (", 1)[0])


def _one_per_value(
    field: Field, records: list[Record], features: list[list[dict[str, float]]], labels: list[list[bool]]
) -> tuple[list[dict[str, float]], list[bool]]:
    """A list item's training samples, one per distinct value of a record (its first candidate's
    features): a value is kept or left as a whole, and a statute cited in twenty windows should weigh
    no more in the fit than one cited once."""
    samples, marks = [], []
    for r, feats, record_marks in zip(records, features, labels):
        seen = set()
        for row, f, mark in zip(r.rows(field.item), feats, record_marks):
            if (key := distinct_value_key(row["value"])) not in seen:
                seen.add(key)
                samples.append(f)
                marks.append(mark)
    return samples, marks


def fit(field: Field, records: list[Record]) -> dict | None:
    """One item's model from the records that have its coding; None when their candidates are all
    right or all wrong (too few records to learn from). A list item with a precision floor keeps the
    most recall at that precision, as inner cross-validation over the training folds estimates it."""
    records = [r for r in records if field.coded(r.coded)]
    labels = [[field.label(row, r.coded) for row in r.rows(field.item)] for r in records]
    model = _fitted(field, records, labels)
    if model is None:
        return model
    if field.kind == "category":
        return _category_capacity(field, model, records, labels)
    if field.precision_floor is not None:
        points = {
            c: point
            for c in field.c_choices or (field.c,)
            if (point := _floor_point(replace(field, c=c), model, records, labels))
        }
        if points:
            c = max(points, key=lambda c: points[c][1])
            chosen = model if c == field.c else _fitted(replace(field, c=c), records, labels)
            return {**(chosen or model), "threshold": points[c][0], "c": c}
    probs = [[probability(model, f) for f in r.features(field.item)] for r in records]
    model["threshold"] = max(
        field.thresholds, key=lambda t: (_objective(field, {**model, "threshold": t}, records, probs, labels), -t)
    )
    return model


def _category_capacity(field: Field, model: dict, records: list[Record], labels: list[list[bool]]) -> dict:
    """A category item's model at the regularisation of ``c_choices`` whose choice is right on the most
    training records when each training fold is chosen by a model fitted on the other training folds (the
    first of equals). The model file keeps each choice's inner-CV accuracy; with no choices, or one fold
    only, the model at ``c``."""
    accuracy: dict[float, float] = {}
    for c in field.c_choices:
        if (share := _inner_accuracy(replace(field, c=c), records, labels)) is None:
            return model
        accuracy[c] = share
    if not accuracy:
        return model
    c = max(accuracy, key=lambda c: accuracy[c])
    chosen = model if c == field.c else _fitted(replace(field, c=c), records, labels)
    inner_cv = {str(c): round(share, 4) for c, share in accuracy.items()}
    return {**(chosen or model), "c": c, "inner_cv": inner_cv}


def _inner_accuracy(field: Field, records: list[Record], labels: list[list[bool]]) -> float | None:
    """The share of records whose choice is right when each training fold is chosen by a model fitted
    (at the field's ``c``) on the other training folds; None with one fold only, or when the other folds'
    candidates are all right or all wrong."""
    inner_models = _inner_models(field, records, labels)
    if inner_models is None or None in inner_models.values():
        return None
    right = 0
    for r, marks in zip(records, labels):
        inner = inner_models[r.fold]
        assert inner is not None  # every fold's model was fitted: checked above
        chosen = pick(inner, r.rows(field.item), features=r.features(field.item))
        right += marks[chosen[0]] if chosen else field.none_right(r.coded)
    return right / len(records)


def _inner_models(field: Field, records: list[Record], labels: list[list[bool]]) -> dict[int, dict | None] | None:
    """Per training fold, the model fitted (at the field's ``c``) on the other training folds (None where
    their candidates are all right or all wrong); None with one fold only."""
    folds = sorted({r.fold for r in records})
    if len(folds) < 2:
        return None
    inner_models = {}
    for k in folds:
        inside = [i for i, r in enumerate(records) if r.fold != k]
        inner_models[k] = _fitted(field, [records[i] for i in inside], [labels[i] for i in inside])
    return inner_models


def _fitted(field: Field, records: list[Record], labels: list[list[bool]] | None = None) -> dict | None:
    """The item's regression on records that have its coding, threshold 0; None when their candidates
    are all right or all wrong. ``labels``: the candidates' labels, if known (matching a value to the
    coding is the slow part of a fit that inner cross-validation repeats)."""
    from sklearn.feature_extraction import DictVectorizer
    from sklearn.linear_model import LogisticRegression

    features = [r.features(field.item) for r in records]
    if labels is None:
        labels = [[field.label(row, r.coded) for row in r.rows(field.item)] for r in records]
    samples = [f for feats in features for f in feats]
    if field.kind == "category":  # one sample per category a record's candidates hold (selection.pick)
        samples, labels = [], []
        for r, feats in zip(records, features):
            rows = r.rows(field.item)
            for cat, g in category_features(rows, feats).items():
                samples.append(g)
                labels.append([next(field.label(row, r.coded) for row in rows if category(row["value"]) == cat)])
    flat_labels = [mark for marks in labels for mark in marks]
    if len(set(flat_labels)) < 2:
        return None
    if field.kind == "list":
        samples, flat_labels = _one_per_value(field, records, features, labels)
    if field.left_out:
        samples = [{name: x for name, x in sample.items() if not name.startswith(field.left_out)} for sample in samples]
    vectorizer = DictVectorizer(sparse=False, sort=True)
    x = vectorizer.fit_transform(samples)
    regression = LogisticRegression(C=field.c, max_iter=5000, random_state=SEED).fit(x, flat_labels)
    model = {
        "version": MODEL_VERSION,
        "spec": SPEC,
        "item": field.item,
        "kind": field.kind,
        "features": list(vectorizer.get_feature_names_out()),
        "coef": [round(float(w), 6) for w in regression.coef_[0]],
        "intercept": round(float(regression.intercept_[0]), 6),
        "threshold": 0.0,
        "trained_on": {"records": len(records), "candidates": len(flat_labels), "positives": int(sum(flat_labels))},
    }
    return model


def main() -> None:
    from gavel_agent.atomic import write_json

    parser = argparse.ArgumentParser(
        description="Fit the offline model's selection models on coded Clearinghouse records."
    )
    parser.add_argument(
        "folders", nargs="*", type=Path, default=[Path("../shared/crlc/cases"), Path("../shared/crlc/train")]
    )
    parser.add_argument("--runs", type=Path, required=True, help="cache of offline runs, one folder per record")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    files = record_files(args.folders)
    if not files:
        sys.exit(f"error: no case_<id>.json files in {', '.join(map(str, args.folders))}")
    with ProcessPoolExecutor(args.jobs) as pool:
        run_dirs = list(pool.map(run_record, map(str, files), [str(args.runs)] * len(files)))
    records = load_records(files, run_dirs)
    for field in FIELDS:
        model = fit(field, records)
        if model is None:
            sys.exit(f"error: too few coded records to fit {field.item} ({len(records)} records)")
        write_json(FITTED_DIR / f"{SPEC}.{field.item}.json", model)
        chosen_c = f", C {model['c']} (inner CV)" if "c" in model else ""
        print(f"{field.item}: {model['trained_on']}, threshold {model['threshold']}{chosen_c}")


if __name__ == "__main__":
    main()
