"""Agreement statistics between two score lists."""

import numpy as np
import pytest

from gavel_agent.evaluators.agreement import agreement, mean_interval, quadratic_kappa


def test_a_monotone_but_curved_relation_is_perfect_by_rank_not_by_value():
    x = np.arange(1, 13, dtype=float)
    result = agreement(x, x**3, n_resamples=300)
    assert result.spearman.statistic == pytest.approx(1.0)
    assert result.kendall.statistic == pytest.approx(1.0)
    assert 0.8 < result.pearson.statistic < 0.99
    assert result.spearman.p_value < 0.001 and result.n == 12


def test_reversed_order_is_minus_one_and_intervals_bracket_the_estimate():
    rng = np.random.default_rng(1)
    x = rng.normal(size=60)
    y = -2 * x + rng.normal(scale=0.5, size=60)
    result = agreement(x, y, n_resamples=500)
    for corr in (result.pearson, result.spearman, result.kendall):
        assert corr.statistic < -0.6
        assert corr.ci_low <= corr.statistic <= corr.ci_high < 0
    assert agreement(x, -x, n_resamples=200).spearman.statistic == pytest.approx(-1.0)


def test_unrelated_scores_are_not_significant():
    rng = np.random.default_rng(7)
    result = agreement(rng.normal(size=200), rng.normal(size=200), n_resamples=300)
    assert result.spearman.p_value > 0.05 and result.spearman.ci_low < 0 < result.spearman.ci_high


def test_quadratic_kappa_is_for_whole_number_ratings():
    assert quadratic_kappa([1, 2, 3, 4], [1, 2, 3, 4]) == pytest.approx(1.0)
    near, far = quadratic_kappa([1, 2, 3, 4, 5], [2, 2, 3, 4, 5]), quadratic_kappa([1, 2, 3, 4, 5], [5, 2, 3, 4, 1])
    assert far < near < 1.0  # a distant disagreement costs more than an adjacent one
    assert quadratic_kappa([0.5, 1, 2], [1, 2, 3]) is None
    assert agreement([1, 2, 3, 4], [1, 2, 4, 3], n_resamples=100).quadratic_kappa == pytest.approx(0.8)


@pytest.mark.parametrize(
    "x, y, message",
    [
        ([1, 2], [1, 2], "at least 3"),
        ([1, 2, 3], [1, 2], "equal length"),
        ([1, 1, 1], [1, 2, 3], "constant"),
        ([1, 2, float("nan")], [1, 2, 3], "missing"),
    ],
)
def test_bad_score_lists_are_refused(x, y, message):
    with pytest.raises(ValueError, match=message):
        agreement(x, y)


def test_mean_interval_brackets_the_mean():
    values = [0.2, 0.4, 0.5, 0.7, 0.9, 0.3]
    low, high = mean_interval(values, n_resamples=500)
    assert low < np.mean(values) < high
    assert mean_interval([0.5]) == (None, None)
