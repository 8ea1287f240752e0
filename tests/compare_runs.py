"""Two hand-made run folders of one case, one quoting a <script> tag, and a hand-made reference."""

from __future__ import annotations

import json
from pathlib import Path

from gavel_agent.checklists.record import ChecklistFile, Evidence, Value
from gavel_agent.run_folder import RunFiles, RunStats

SCRIPT_QUOTE = "<script>document.body.setAttribute('data-pwned','1')</script> filed on May 5, 2009"


def write_run(folder: Path, filing: str, quote: str, prompt_tokens: int) -> Path:
    files = RunFiles(folder)
    files.write_checklist(
        ChecklistFile(
            spec="gavel",
            case="7",
            items={
                "filing_date": [
                    Value(
                        value=filing,
                        evidence=[Evidence(document="complaint", quote=quote, start_char=0, end_char=len(quote))],
                    )
                ],
                "judge_name": [],
            },
        )
    )
    files.write_stats(
        RunStats(
            case="7",
            spec="gavel",
            items=["filing_date", "judge_name"],
            model="offline",
            provider="offline",
            status="finished",
            prompt_tokens=prompt_tokens,
            wall_time_s=1.5,
        )
    )
    return folder


def two_runs(tmp_path: Path) -> tuple[Path, Path, Path]:
    a = write_run(tmp_path / "a", "May 5, 2009", SCRIPT_QUOTE, 1000)
    b = write_run(tmp_path / "b", "June 1, 2010", "The complaint was filed on June 1, 2010.", 5000)
    ref = tmp_path / "reference.json"
    ref.write_text(json.dumps({"Filing Date": ["2009-05-05"], "judge_name": []}), encoding="utf-8")
    return a, b, ref
