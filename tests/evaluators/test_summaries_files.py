"""Reading GAVEL's summary and judge files: hand-made layouts, and the real release when present."""

import json

import pytest

from gavel_agent.evaluators.summaries.files import read_candidates, read_references
from gavel_agent.evaluators.summaries.judge_files import judge_scores


def write(path, data):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data), encoding="utf-8")


def test_summaries_folder_layout_one_model_per_folder(tmp_path):
    write(tmp_path / "50_cases.json", {"1": {"summary/long": "ref one"}})  # top-level reference: not a model
    write(tmp_path / "model-a" / "run.json", {"meta_data": {}, "results": {"1": "a one", "2": "a two"}})
    write(tmp_path / "model-b" / "run.json", {"1": "b one"})
    assert read_candidates(tmp_path) == {"model-a": {"1": "a one", "2": "a two"}, "model-b": {"1": "b one"}}
    assert read_candidates(tmp_path / "model-b") == {"model-b": {"1": "b one"}}
    assert read_candidates(tmp_path / "model-a" / "run.json") == {"run": {"1": "a one", "2": "a two"}}
    assert read_references(tmp_path / "50_cases.json") == {"1": "ref one"}


def test_bad_summary_files_are_one_line_errors(tmp_path):
    write(tmp_path / "m" / "a.json", {"1": "x"})
    write(tmp_path / "m" / "b.json", {"1": "y"})
    with pytest.raises(ValueError, match="several summary files"):
        read_candidates(tmp_path / "m")
    write(tmp_path / "ref.json", {"1": {"summary/short": "x"}})
    with pytest.raises(ValueError, match="summary/long"):
        read_references(tmp_path / "ref.json")
    (tmp_path / "empty.json").write_text("")
    with pytest.raises(ValueError, match="not a readable JSON"):
        read_references(tmp_path / "empty.json")
    with pytest.raises(ValueError, match="no such"):
        read_candidates(tmp_path / "missing")


def verdicts(side_a, side_b):
    """Two cases: a string verdict, and a list verdict where two of three vs two values match."""
    return {
        "results": {
            "1": {"Filing Date": f"{side_a} contains {side_b}"},
            "2": {
                "Filing Date": f"{side_a} equals {side_b}",
                "Remedy Sought": {
                    "common": [
                        {f"{side_a}_index": 1, f"{side_b}_index": 2},
                        {f"{side_a}_index": 3, f"{side_b}_index": 1},
                    ],
                    f"only_in_{side_a}": [2],
                    f"only_in_{side_b}": [],
                },
            },
        }
    }


def test_judge_scores_average_item_scores_and_ignore_which_side_is_a(tmp_path):
    write(tmp_path / "m1_summarization" / "run.json", verdicts("model", "reference"))
    write(tmp_path / "m2_summarization" / "run.json", verdicts("B", "A"))  # sides swapped, A/B wording
    (tmp_path / "m3_summarization").mkdir()
    (tmp_path / "m3_summarization" / "run.json").write_text("")
    scores, skipped = judge_scores(tmp_path)
    list_f1 = 2 * 2 / (2 * 2 + 1)
    for model in ("m1", "m2"):
        assert scores[model].pairs == 3
        assert scores[model].mean == pytest.approx((0.5 + 1.0 + list_f1) / 3)
        assert scores[model].by_case == pytest.approx({"1": 0.5, "2": (1.0 + list_f1) / 2})
    assert len(skipped) == 1 and skipped[0].startswith("m3_summarization")


def test_every_model_of_the_gavel_release_summarised_every_reference_case(shared):
    summaries = shared / "gavel" / "summaries"
    references = read_references(summaries / "50_cases_for_benchmarking.json")
    candidates = read_candidates(summaries)
    # Counted, not the release's totals (50 cases, 12 models): the shared copy may hold a part of it.
    assert references and candidates
    assert all(set(texts) == set(references) for texts in candidates.values())
    scores, skipped = judge_scores(shared / "gavel" / "evaluation")
    assert set(scores) == set(candidates) and not skipped
    assert all(len(s.by_case) == len(references) and 0 < s.mean < 1 for s in scores.values())
