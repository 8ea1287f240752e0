"""Agreement between two score lists: correlations with p-values and bootstrap intervals, weighted kappa.

Used to compare a metric with a judge (per model or per summary) and two raters
with each other. Correlations come from scipy.stats, quadratic weighted kappa
from scikit-learn, and confidence intervals from scipy's paired bootstrap.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Sequence

import numpy as np
from pydantic import BaseModel
from scipy import stats

MIN_PAIRS = 3
DEFAULT_RESAMPLES = 2000


class Correlation(BaseModel):
    statistic: float
    p_value: float
    ci_low: float | None  # None when the bootstrap could not give an interval
    ci_high: float | None


class Agreement(BaseModel):
    n: int
    confidence: float
    pearson: Correlation
    spearman: Correlation
    kendall: Correlation
    # Only for ordinal ratings (whole numbers on both sides); None otherwise.
    quadratic_kappa: float | None


def _spearman_rows(x: np.ndarray, y: np.ndarray, axis: int = -1) -> np.ndarray:
    # Spearman's rho is Pearson's r of the (tie-averaged) ranks; this form runs on many resamples at once.
    return stats.pearsonr(stats.rankdata(x, axis=axis), stats.rankdata(y, axis=axis), axis=axis).statistic


# name -> (scipy test, statistic the bootstrap calls, whether that statistic takes whole batches)
_CORRELATIONS: dict[str, tuple[Callable, Callable, bool]] = {
    "pearson": (stats.pearsonr, lambda x, y, axis=-1: stats.pearsonr(x, y, axis=axis).statistic, True),
    "spearman": (stats.spearmanr, _spearman_rows, True),
    "kendall": (stats.kendalltau, lambda x, y: stats.kendalltau(x, y).statistic, False),
}


def _as_pairs(x: Sequence[float] | np.ndarray, y: Sequence[float] | np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    a, b = np.asarray(x, dtype=float), np.asarray(y, dtype=float)
    if a.shape != b.shape or a.ndim != 1:
        raise ValueError(f"score lists must be flat and of equal length (got {a.shape} and {b.shape})")
    if len(a) < MIN_PAIRS:
        raise ValueError(f"need at least {MIN_PAIRS} pairs of scores, got {len(a)}")
    if np.isnan(a).any() or np.isnan(b).any():
        raise ValueError("score lists contain missing values; drop those pairs first")
    return a, b


def bootstrap_interval(
    statistic: Callable[..., float],
    samples: tuple[np.ndarray, ...],
    confidence: float = 0.95,
    n_resamples: int = DEFAULT_RESAMPLES,
    seed: int = 0,
    vectorized: bool = False,
) -> tuple[float | None, float | None]:
    """Percentile bootstrap interval of ``statistic`` over paired resamples of ``samples``."""
    # Resamples where one side is constant have no correlation: scipy warns and yields NaN.
    with np.errstate(invalid="ignore", divide="ignore"), warnings.catch_warnings():
        warnings.simplefilter("ignore", stats.ConstantInputWarning)
        warnings.simplefilter("ignore", stats.DegenerateDataWarning)
        result = stats.bootstrap(
            samples,
            statistic,
            paired=True,
            vectorized=vectorized,
            n_resamples=n_resamples,
            confidence_level=confidence,
            method="percentile",
            rng=np.random.default_rng(seed),
        )
    low, high = result.confidence_interval
    return (None, None) if np.isnan(low) or np.isnan(high) else (float(low), float(high))


def _correlation(
    name: str, a: np.ndarray, b: np.ndarray, confidence: float, n_resamples: int, seed: int
) -> Correlation:
    test, statistic, vectorized = _CORRELATIONS[name]
    result = test(a, b)
    low, high = bootstrap_interval(statistic, (a, b), confidence, n_resamples, seed, vectorized)
    return Correlation(statistic=float(result.statistic), p_value=float(result.pvalue), ci_low=low, ci_high=high)


def quadratic_kappa(x: Sequence[float] | np.ndarray, y: Sequence[float] | np.ndarray) -> float | None:
    """Quadratic weighted Cohen's kappa for two ordinal ratings; None unless both are whole numbers."""
    a, b = _as_pairs(x, y)
    if not (np.all(a == np.round(a)) and np.all(b == np.round(b))):
        return None
    from sklearn.metrics import cohen_kappa_score  # the stats extra: only kappa needs scikit-learn

    return float(cohen_kappa_score(a.astype(int), b.astype(int), weights="quadratic"))


def agreement(
    x: Sequence[float],
    y: Sequence[float],
    confidence: float = 0.95,
    n_resamples: int = DEFAULT_RESAMPLES,
    seed: int = 0,
) -> Agreement:
    a, b = _as_pairs(x, y)
    if np.ptp(a) == 0 or np.ptp(b) == 0:
        raise ValueError("one score list is constant, so no correlation is defined")
    correlations = {name: _correlation(name, a, b, confidence, n_resamples, seed) for name in _CORRELATIONS}
    return Agreement(n=len(a), confidence=confidence, quadratic_kappa=quadratic_kappa(a, b), **correlations)


def mean_interval(
    values: Sequence[float], confidence: float = 0.95, n_resamples: int = DEFAULT_RESAMPLES, seed: int = 0
) -> tuple[float | None, float | None]:
    """Bootstrap interval of a mean (e.g. a model's mean score over cases)."""
    a = np.asarray(values, dtype=float)
    if len(a) < 2 or np.ptp(a) == 0:
        return (None, None) if len(a) < 2 else (float(a[0]), float(a[0]))
    return bootstrap_interval(np.mean, (a,), confidence, n_resamples, seed, vectorized=True)
