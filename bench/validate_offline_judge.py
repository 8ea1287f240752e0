"""Validate the offline judge against GAVEL's Gemma-3-27B judge, pair for pair.

For every (method, case, item) that GAVEL's judge scored in
evaluation_documents_checklist/, score the same predicted and reference value
lists with the offline judge, then print: the confusion matrix of string-wise
labels, Pearson r of the pair scores, each method's mean by both judges, and
the method ordering. ``--tune`` first grid-searches the offline thresholds on
these (development) pairs and writes them to evaluators/judges/offline_thresholds.json.

    python bench/validate_offline_judge.py [--gavel ../shared/gavel] [--tune] [--cv FOLDS]
"""

from __future__ import annotations

import argparse
import itertools
import sys
import time
from dataclasses import dataclass, replace
from pathlib import Path

import numpy as np
from scipy.stats import kendalltau, pearsonr

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from gavel_agent.atomic import write_json  # noqa: E402
from gavel_agent.evaluators.checklist.judges.base import RELATIONS, Judgment  # noqa: E402
from gavel_agent.evaluators.checklist.judges.offline import THRESHOLDS_FILE, OfflineJudge, Thresholds  # noqa: E402
from gavel_agent.evaluators.checklist.readers import read_checklists, read_judgments  # noqa: E402
from gavel_agent.evaluators.checklist.score import judgment_score  # noqa: E402


def method_sources(gavel: Path) -> dict[str, tuple[Path, str]]:
    """Judge result file -> (where the judged extractions are, a short method label)."""
    judged = gavel / "evaluation_documents_checklist"
    docs = gavel / "document_checklists"
    out = {}
    for file in sorted(judged.glob("*/*.json")):
        stem = file.stem.removesuffix("_thinking_False")
        kind = file.parent.name
        if kind == "end_to_end":
            out[str(file)] = (docs / "end_to_end", f"end-to-end {stem}")
        elif kind == "chunk_by_chunk":
            out[str(file)] = (docs / "chunk_by_chunk" / stem, f"chunk-by-chunk {stem}")
        elif kind == "agent":
            model, mode = stem.rsplit("_", 1)
            out[str(file)] = (Path(f"{docs}/gavel_agent/{model}/*/{mode}"), f"agent {model} {mode}")
    return out


@dataclass
class Pair:
    method: str
    case: str
    item: str
    pred: list[str]
    ref: list[str]
    gemma: Judgment


def _consistent(j: Judgment, pred: list[str], ref: list[str]) -> bool:
    """The judged indices fit the value lists we read (else the release holds another version)."""
    if j.relation is not None:
        return len(pred) == 1 and len(ref) == 1
    p = [i for i, _ in j.pairs] + j.only_pred
    r = [k for _, k in j.pairs] + j.only_ref
    return bool(p or r) and all(0 <= i < len(pred) for i in p) and all(0 <= k < len(ref) for k in r)


def collect_pairs(gavel: Path) -> tuple[list[Pair], dict[str, str]]:
    refs = read_checklists(gavel / "document_checklists" / "human.json")
    pairs, skipped = [], {}
    for judge_file, (source, method) in method_sources(gavel).items():
        try:
            preds = read_checklists(source)
        except ValueError:
            skipped[method] = "its extractions are not in the release"
            continue
        stale = 0
        for case, items in read_judgments(judge_file).items():
            for item, gemma in items.items():
                pred, ref = preds.get(case, {}).get(item, []), refs[case].get(item, [])
                if _consistent(gemma, pred, ref):
                    pairs.append(Pair(method, case, item, pred, ref, gemma))
                else:
                    stale += 1
        if stale:
            skipped[method] = f"{stale} judged pairs whose indices do not fit the released values"
    return pairs, skipped


def offline_scores(pairs: list[Pair], judge: OfflineJudge) -> tuple[np.ndarray, list[Judgment]]:
    judgments = judge.judge_items([(p.item, p.pred, p.ref) for p in pairs])
    return np.array([judgment_score(j) for j in judgments]), judgments


def tune(pairs: list[Pair], judge: OfflineJudge) -> Thresholds:
    """Grid search maximising Pearson r minus a penalty on the worst per-method mean gap."""
    string = [i for i, p in enumerate(pairs) if p.gemma.relation is not None]
    listed = [i for i, p in enumerate(pairs) if p.gemma.relation is None]
    feats = [judge.relation_features(pairs[i].pred[0], pairs[i].ref[0], pairs[i].item) for i in string]
    same = np.array([f.same for f in feats])
    conflict = np.array([f.conflict for f in feats])
    sort_sim = np.array([f.sort_similarity for f in feats])
    cover = np.array([max(f.b_in_a, f.a_in_b) for f in feats])
    assigned = [[s for _, _, s in judge.assignment(pairs[i].pred, pairs[i].ref, pairs[i].item)] for i in listed]
    sizes = np.array([len(pairs[i].pred) + len(pairs[i].ref) for i in listed])
    owner = np.repeat(np.arange(len(listed)), [len(a) for a in assigned])
    sims = np.concatenate([np.array(a, dtype=float) for a in assigned]) if assigned else np.zeros(0)
    gemma = np.array([judgment_score(p.gemma) for p in pairs])
    methods = sorted({p.method for p in pairs})
    member = [np.array([p.method == m for p in pairs]) for m in methods]
    best, best_t = -np.inf, None
    for eq, co, ma in itertools.product(
        np.arange(0.50, 1.001, 0.025), np.arange(0.10, 1.001, 0.05), np.arange(0.10, 0.951, 0.025)
    ):
        scores = np.empty(len(pairs))
        scores[string] = np.where(
            same, 1, np.where(conflict, 0, np.where(sort_sim >= eq, 1, np.where(cover >= co, 0.5, 0)))
        )
        tp = np.bincount(owner, weights=(sims >= ma).astype(float), minlength=len(listed))
        scores[listed] = 2 * tp / sizes
        r = pearsonr(scores, gemma).statistic
        gap = max(abs(scores[m].mean() - gemma[m].mean()) * 100 for m in member)
        objective = r - 0.01 * gap
        if objective > best:
            best, best_t = (
                objective,
                replace(judge.thresholds, equal=round(eq, 3), contain=round(co, 3), match=round(ma, 3)),
            )
    return best_t


def cross_validated(pairs: list[Pair], judge: OfflineJudge, folds: int) -> np.ndarray:
    """Pair scores with thresholds tuned only on the other folds' cases (cases dealt round-robin in sorted order)."""
    cases = sorted({p.case for p in pairs})
    fold_of = {case: i % folds for i, case in enumerate(cases)}
    scores = np.empty(len(pairs))
    for fold in range(folds):
        train = [p for p in pairs if fold_of[p.case] != fold]
        held = [i for i, p in enumerate(pairs) if fold_of[p.case] == fold]
        tuned = OfflineJudge(tune(train, judge))
        scores[held] = offline_scores([pairs[i] for i in held], tuned)[0]
    return scores


FACT_WORDS = 8  # list values at least this long on both sides stand in for residual facts


def fact_threshold(pairs: list[Pair], judge: OfflineJudge) -> float:
    """The similarity threshold with the best value-level F1 against GAVEL's matches, over sentence-length values.

    S_residual matches summary facts, not checklist values; those resemble the long
    list values (filings, rulings, facts) more than names or dates, so only pairs of
    such values count here, and every value pair is a decision (no assignment step).
    """
    sims, matched = [], []
    for p in pairs:
        if p.gemma.relation is not None:
            continue
        gemma_pairs = set(p.gemma.pairs)
        for i, a in enumerate(p.pred):
            for k, b in enumerate(p.ref):
                if min(len(a.split()), len(b.split())) >= FACT_WORDS:
                    sims.append(judge.similarity(a, b, p.item))
                    matched.append((i, k) in gemma_pairs)
    sims, matched = np.array(sims), np.array(matched)

    def f1(t: float) -> float:
        hit = sims >= t
        tp = (hit & matched).sum()
        return 2 * tp / max(hit.sum() + matched.sum(), 1)

    return round(float(max(np.arange(0.05, 0.951, 0.025), key=f1)), 3)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--gavel", type=Path, default=Path(__file__).resolve().parents[2] / "shared" / "gavel")
    parser.add_argument("--tune", action="store_true", help="re-tune the thresholds on these pairs and save them")
    parser.add_argument(
        "--cv",
        type=int,
        default=0,
        metavar="FOLDS",
        help="also report r out of sample: tune on the other folds' cases, score each held-out fold",
    )
    args = parser.parse_args()
    if not (args.gavel / "evaluation_documents_checklist").is_dir():
        sys.exit(f"error: no GAVEL release at {args.gavel} (pass --gavel)")
    print("$ python bench/validate_offline_judge.py " + " ".join(sys.argv[1:]))
    pairs, skipped = collect_pairs(args.gavel)
    judge = OfflineJudge()
    if args.tune:
        thresholds = replace(tune(pairs, judge), fact_match=fact_threshold(pairs, judge))
        write_json(
            THRESHOLDS_FILE,
            {
                "_about": "equal/contain/match tuned on GAVEL's 20 development cases (in-sample) against its "
                "Gemma-3-27B judge by bench/validate_offline_judge.py --tune (fact_match: best value-level F1 over "
                "sentence-length values); anchor_bonus, conflict_penalty and "
                "date_tolerance_days set by hand sweeps of list-wise r on the same pairs, evidence_cover by "
                "bench/residual_style.py --tune (--tune keeps the values it does not fit).",
                **thresholds.__dict__,
            },
        )
        judge = OfflineJudge(thresholds)
        print(f"tuned thresholds: {thresholds}")
    started = time.perf_counter()
    ours, judgments = offline_scores(pairs, judge)
    elapsed = time.perf_counter() - started
    gemma = np.array([judgment_score(p.gemma) for p in pairs])
    report(pairs, ours, gemma, judgments, skipped, elapsed)
    if args.cv:
        held_out = cross_validated(pairs, judge, args.cv)
        gap = max(abs(g - o) for g, o in method_means(pairs, held_out, gemma).values())
        print(
            f"\nout of sample ({args.cv} case-grouped folds, thresholds tuned on the other folds):"
            f" Pearson r {correlations(pairs, held_out, gemma)}; worst method gap {gap:.1f} points"
        )


def correlations(pairs: list[Pair], ours: np.ndarray, gemma: np.ndarray) -> str:
    """Pearson r of pair scores over all pairs, the string-wise ones and the list-wise ones."""
    string = np.array([p.gemma.relation is not None for p in pairs])
    r = {
        name: pearsonr(ours[mask], gemma[mask]).statistic
        for name, mask in (("all", np.ones(len(pairs), bool)), ("string-wise", string), ("list-wise", ~string))
    }
    return " | ".join(f"{name} {value:.3f}" for name, value in r.items())


def method_means(pairs: list[Pair], ours: np.ndarray, gemma: np.ndarray) -> dict[str, tuple[float, float]]:
    """Each method's mean pair score (0-100) by Gemma and by the offline judge."""
    means = {}
    for m in sorted({p.method for p in pairs}):
        idx = [i for i, p in enumerate(pairs) if p.method == m]
        means[m] = (100 * gemma[idx].mean(), 100 * ours[idx].mean())
    return means


def report(pairs, ours, gemma, judgments, skipped, elapsed) -> None:
    print(f"\n{len(pairs)} judged (method, case, item) pairs over {len({p.case for p in pairs})} cases")
    for method, why in skipped.items():
        print(f"  skipped for {method}: {why}")
    string = [i for i, p in enumerate(pairs) if p.gemma.relation is not None]
    names = {"equal": "equal", "a_contains_b": "pred>ref", "b_contains_a": "ref>pred", "different": "different"}
    print(f"\nString-wise labels ({len(string)} pairs): rows Gemma, columns offline")
    print(f"{'':>10}" + "".join(f"{names[r]:>10}" for r in RELATIONS))
    for g in RELATIONS:
        row = [sum(1 for i in string if pairs[i].gemma.relation == g and judgments[i].relation == o) for o in RELATIONS]
        print(f"{names[g]:>10}" + "".join(f"{n:>10}" for n in row))
    agree = sum(pairs[i].gemma.relation == judgments[i].relation for i in string)
    print(f"agreement {agree}/{len(string)} = {agree / max(len(string), 1):.1%}")
    print(f"\nPearson r of pair scores: {correlations(pairs, ours, gemma)}")
    print(f"\n{'method':<48}{'pairs':>6}{'Gemma':>8}{'offline':>9}{'diff':>7}")
    means = method_means(pairs, ours, gemma)
    methods = list(means)
    for m, (g, o) in means.items():
        print(f"{m:<48}{sum(p.method == m for p in pairs):>6}{g:>8.1f}{o:>9.1f}{o - g:>+7.1f}")
    by_gemma = sorted(methods, key=lambda m: -means[m][0])
    by_ours = sorted(methods, key=lambda m: -means[m][1])
    tau = kendalltau([means[m][0] for m in methods], [means[m][1] for m in methods]).statistic
    print(f"\nordering by Gemma:   {' > '.join(by_gemma)}")
    print(f"ordering by offline: {' > '.join(by_ours)}")
    print(f"same ordering: {by_gemma == by_ours}; Kendall tau {tau:.2f}")
    print(f"\noffline judge runtime: {elapsed:.2f} s for {len(pairs)} pairs, 0 model calls")


if __name__ == "__main__":
    main()
