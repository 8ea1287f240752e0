"""Reading checklists and judge verdicts in every GAVEL format, plus the evaluate command."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from gavel_agent.cli import app
from gavel_agent.evaluators.checklist.readers import parse_label, read_checklists, read_judgments


def _write(path, data):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_formats_map_to_item_keys(tmp_path):
    human = _write(
        tmp_path / "human.json",
        {
            "metadata": {},
            "results": {
                "7": {
                    "Filing Date": [{"value": "May 5, 2009", "evidences": ["..."], "evidences_indices": [[0, 3]]}],
                    "Appeal": [],
                }
            },
        },
    )
    assert read_checklists(human) == {"7": {"filing_date": ["May 5, 2009"], "appeals": []}}
    e2e = _write(
        tmp_path / "e2e.json",
        {
            "meta_data": {},
            "results": {
                "7": {
                    "Who are the Parties": {"reasoning": "", "extracted": [{"value": "Jane Roe", "evidence": []}]},
                }
            },
        },
    )
    assert read_checklists(e2e)["7"] == {"parties": ["Jane Roe"]}
    agent = _write(
        tmp_path / "m" / "7" / "all" / "run" / "checklist.json",
        {
            "Filing_Date": {"extracted": [{"value": "Not Applicable", "evidence": []}]},
            "First_and_Last_name_of_Judge": {"extracted": [{"value": "Ann Lee", "evidence": []}]},
        },
    )
    assert read_checklists(agent) == {"7": {"filing_date": [], "judge_name": ["Ann Lee"]}}
    ours = _write(tmp_path / "ours.json", {"spec": "gavel", "case": "9", "items": {"appeals": [{"value": "none"}]}})
    assert read_checklists(ours) == {"9": {"appeals": []}}


def test_agent_tree_needs_one_mode(tmp_path):
    for mode in ("all", "grouped"):
        _write(tmp_path / "m" / "7" / mode / "r" / "checklist.json", {"Appeal": {"extracted": []}})
    with pytest.raises(ValueError, match="several GAVEL-Agent modes"):
        read_checklists(tmp_path / "m")
    assert read_checklists(f"{tmp_path}/m/*/all") == {"7": {"appeals": []}}


@pytest.mark.parametrize("data", [[], {"foo": 1}, {"results": {"7": {"Appeal": "model equals reference"}}}])
def test_unknown_formats_raise(tmp_path, data):
    with pytest.raises(ValueError):
        read_checklists(_write(tmp_path / "x.json", data))


def test_judge_labels_and_list_verdicts(tmp_path):
    assert parse_label("reference contains model") == "b_contains_a"
    assert parse_label("Model contains reference") == "a_contains_b"
    assert parse_label("B contains A") == "b_contains_a"
    assert parse_label("A equals B") == "equal"
    assert parse_label("model and reference are different") == "different"
    with pytest.raises(ValueError):
        parse_label("maybe")
    file = _write(
        tmp_path / "j.json",
        {
            "results": {
                "7": {
                    "Trials": {"common": [{"A_index": 2, "B_index": [1, 3]}], "only_in_A": [1], "only_in_B": [2]},
                }
            }
        },
    )
    j = read_judgments(file)["7"]["trials"]
    assert j.pairs == [(1, 0), (1, 2)] and j.only_pred == [0] and j.only_ref == [1]


def test_evaluate_command(tmp_path):
    ref = _write(tmp_path / "ref.json", {"results": {"7": {"Filing Date": [{"value": "May 5, 2009"}]}}})
    pred = _write(
        tmp_path / "pred.json", {"spec": "gavel", "case": "7", "items": {"filing_date": [{"value": "05/05/2009"}]}}
    )
    out = tmp_path / "report.json"
    result = CliRunner().invoke(app, ["evaluate", str(pred), "--reference", str(ref), "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert json.loads(out.read_text())["overall"] == 100.0
    bad = CliRunner().invoke(app, ["evaluate", str(tmp_path / "missing.json"), "--reference", str(ref)])
    assert bad.exit_code != 0


def test_reads_every_gavel_format(shared):
    gavel = shared / "gavel"
    human = read_checklists(gavel / "document_checklists" / "human.json")
    assert human and all(len(items) == 26 for items in human.values())
    # Count what the release in ../shared holds rather than the published totals: the shared copy
    # may carry fewer batches (a split of the release), and every file it does hold must read.
    end_to_end = gavel / "document_checklists" / "end_to_end"
    cases = {case for file in end_to_end.glob("*.json") for case in read_checklists(file)}
    assert cases and len(read_checklists(end_to_end)) == len(cases)
    assert set(human) <= cases
    assert set(read_checklists(f"{gavel}/document_checklists/gavel_agent/gpt-oss-20b-BF16/*/all")) == set(human)
    for folder in (gavel / "document_checklists" / "chunk_by_chunk").iterdir():
        per_file = [read_checklists(file) for file in sorted(folder.glob("*.json"))]
        assert per_file and all(per_file)
        assert len(read_checklists(folder)) == len({case for checklists in per_file for case in checklists})
    for file in (gavel / "summary_checklists").glob("*/*.json"):
        assert read_checklists(file)
    for file in [
        *(gavel / "evaluation").glob("*/*.json"),
        *(gavel / "evaluation_documents_checklist").glob("*/*.json"),
    ]:
        assert read_judgments(file)


def test_evidence_quotes_in_every_layout(tmp_path):
    from gavel_agent.evaluators.checklist.readers import read_evidence_quotes

    gavel = tmp_path / "summary_checklist.json"
    gavel.write_text(
        json.dumps(
            {
                "results": {
                    "7": {
                        "Filing Date": {
                            "reasoning": "",
                            "extracted": [{"value": "2009", "evidence": ["filed in 2009", " "]}],
                        },
                        "Trials": {"extracted": []},
                    }
                }
            }
        )
    )
    human = tmp_path / "human.json"
    human.write_text(json.dumps({"results": {"8": {"Filing Date": [{"value": "2010", "evidences": ["in 2010"]}]}}}))
    assert read_evidence_quotes(gavel) == {"7": ["filed in 2009"]}
    assert read_evidence_quotes(human) == {"8": ["in 2010"]}


def test_evaluate_residual_style_command(tmp_path):
    from typer.testing import CliRunner

    from gavel_agent.cli import app

    text = "The ACLU sued the county in 2009 over jail conditions. The court appointed a monitor; the county paid fees."
    (tmp_path / "cand.json").write_text(json.dumps({"results": {"1": text}}))
    (tmp_path / "ref.json").write_text(json.dumps({"1": {"summary/long": text}}))
    out = tmp_path / "rs.json"
    result = CliRunner().invoke(
        app,
        ["evaluate-residual-style", str(tmp_path / "cand.json"), "-r", str(tmp_path / "ref.json"), "--out", str(out)],
    )
    assert result.exit_code == 0, result.output
    report = json.loads(out.read_text())
    assert report["style"] == 100.0 and report["residual"] == 100.0 and "PROXIES" in result.output
    bad = CliRunner().invoke(
        app, ["evaluate-residual-style", str(tmp_path / "none.json"), "-r", str(tmp_path / "ref.json")]
    )
    assert bad.exit_code != 0 and "no such summaries file" in str(bad.exception)
    # A model folder of GAVEL's summaries/ (one JSON file) is read like that file.
    folder = tmp_path / "model"
    folder.mkdir()
    (tmp_path / "cand.json").rename(folder / "cand.json")
    args = ["evaluate-residual-style", str(folder), "-r", str(tmp_path / "ref.json")]
    assert CliRunner().invoke(app, args).exit_code == 0
    (folder / "other.json").write_text("{}")
    several = CliRunner().invoke(app, args)
    assert several.exit_code != 0 and "several summary files" in str(several.exception)


def test_a_checklist_of_another_spec_says_which_spec_to_give(tmp_path):
    file = tmp_path / "checklist.json"
    file.write_text(json.dumps({"spec": "cuad", "case": "ACME", "items": {"governing_law": []}}))
    with pytest.raises(ValueError, match=r"a 'cuad' checklist: give --spec cuad"):
        read_checklists(file)


def test_an_unreadable_json_file_says_where_it_breaks(tmp_path):
    broken = tmp_path / "checklist.json"
    broken.write_text('{"items": {"filing_date": [\n  "May 1, 2020",\n', encoding="utf-8")
    with pytest.raises(ValueError, match=r"checklist\.json: not a readable JSON file \(.* at line 3, column 1\)"):
        read_checklists(str(broken))
    latin = tmp_path / "record.json"
    latin.write_bytes('{"case": "caf\xe9"}'.encode("latin-1"))
    with pytest.raises(ValueError, match=r"record\.json: not a readable JSON file \(not UTF-8 text\)"):
        read_checklists(str(latin))
