"""Court files as users have them: the Free Law Project's test files in ../shared/documents/freelaw.

What the agent reads must be the page's own text (no pleading-paper line numbers, no CM/ECF
stamps), know the page of every character, leave out text under redaction boxes, read scans with
OCR when it is installed (and say so when it is not), and turn bad files into one-line messages.
Checks compare with pdfium's raw text layer of each page, read independently of our page map.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pypdfium2 as pdfium
import pytest

from conftest import SHARED
from gavel_agent.case import CaseError, load_case
from gavel_agent.checklists import load_spec
from gavel_agent.documents import DocumentReadError, ocr, read_document
from gavel_agent.tools import quotes
from gavel_agent.tools.checklist import ChecklistState

# Pages per file, as poppler's pdfinfo counts them.
PAGES = {
    "broken-mime.pdf": 23,
    "ca10_010110462922.pdf": 1,
    "ca1_00117684624.pdf": 17,
    "ca2_1-1.pdf": 2,
    "ca3_003112692106.pdf": 2,
    "ca4_17.pdf": 1,
    "ca5_00516242060.pdf": 10,
    "ca6_1-3.pdf": 3,
    "ca7_3.pdf": 1,
    "ca8_.pdf": 2,
    "ca9_19.pdf": 15,
    "cafc_3.pdf": 2,
    "gov.uscourts.azd.1085839.3.0.pdf": 5,
    "gov.uscourts.cacd.652774.40.0.pdf": 4,
    "gov.uscourts.cand.203070.27.0.pdf": 2,
    "image-pdf-2.pdf": 1,
    "image-pdf.pdf": 2,
    "missouri.pdf": 5,
    "ocr_pdf_variation.pdf": 1,
    "rectangles_no.pdf": 1,
    "rectangles_yes.pdf": 1,
    "rectangles_yes_2.pdf": 1,
    "vector-pdf.pdf": 30,
}
# Scanned: a page image and no text layer of its own (at most a CM/ECF stamp).
SCANS = {
    "image-pdf.pdf": [1, 2],
    "image-pdf-2.pdf": [1],
    "ocr_pdf_variation.pdf": [1],
    "ca4_17.pdf": [1],
    "gov.uscourts.cand.203070.27.0.pdf": [1, 2],
    "vector-pdf.pdf": [29, 30],
}
TEXT_LAYER = sorted(set(PAGES) - set(SCANS))
PLEADING_PAPER = ["gov.uscourts.azd.1085839.3.0.pdf", "gov.uscourts.cacd.652774.40.0.pdf"]
# A CM/ECF stamp: district ("Case 4:08-cv-02214-SBA Document 26 Filed 01/29/2009 Page 1 of 2"),
# appellate ("Appeal: 17-2218 Doc: 17 Filed: 10/31/2017 Pg: 1 of 1", "Case: 19-56000, ..., DktEntry: 19-1, Page 1 of 15").
STAMP = re.compile(
    r"^\s*(?:USCA\s+|Appellate\s+)?(?:Case|Appeal)\b.*\b(?:Document|Doc|DktEntry)\b.*\b(?:Page|Pg)\b",
    re.IGNORECASE | re.MULTILINE,
)
HAS_OCR = ocr.unavailable() is None


@pytest.fixture(scope="module")
def freelaw() -> Path:
    folder = SHARED / "documents" / "freelaw"
    if not folder.is_dir():
        pytest.skip(f"needs the Free Law Project files at {folder} (../shared/documents/freelaw)")
    return folder


@pytest.fixture(scope="module")
def read(freelaw, tmp_path_factory):
    """Each file read once for the module (OCR is slow), through an empty cache of our own."""
    cache = tmp_path_factory.mktemp("document-cache")
    results = {}

    def get(name: str):
        if name not in results:
            with pytest.MonkeyPatch.context() as mp:
                mp.setenv("GAVEL_AGENT_CACHE", str(cache))
                results[name] = read_document(freelaw / name)
        return results[name]

    return get


def raw_pages(path: Path) -> list[str]:
    """pdfium's own text of each page, furniture and all."""
    pdf = pdfium.PdfDocument(path)
    try:
        return [pdf[i].get_textpage().get_text_range() for i in range(len(pdf))]
    finally:
        pdf.close()


@pytest.mark.parametrize("name", sorted(PAGES))
def test_pages_are_counted_as_the_pdf_has_them(read, name):
    if name in SCANS and not HAS_OCR:
        pytest.skip("OCR is not installed here (pip install 'gavel-agent[ocr]', apt-get install tesseract-ocr)")
    found = read(name)
    assert found.page_count == PAGES[name]
    assert found.page_starts == sorted(found.page_starts) and found.page_starts[0] == 0


@pytest.mark.parametrize("name", TEXT_LAYER)
def test_running_headers_are_not_in_the_text(read, freelaw, name):
    found = read(name)
    assert not STAMP.search(found.text), STAMP.search(found.text).group(0)
    assert not re.search(r"(?im)^\s*page\s+\d+\s+of\s+\d+\s*$", found.text)


def test_the_stamps_were_there_to_remove(freelaw):
    """The check above could fail: most of these files print a stamp on every page."""
    stamped = [n for n in TEXT_LAYER if any(STAMP.search(p) for p in raw_pages(freelaw / n))]
    assert len(stamped) >= 10


@pytest.mark.parametrize("name", PLEADING_PAPER)
def test_pleading_line_numbers_are_not_in_the_text(read, freelaw, name):
    raw = "\n".join(raw_pages(freelaw / name))
    text = read(name).text
    numbered = re.compile(r"(?m)^(?:[1-9]|1\d|2[0-8])\s*$")
    assert len(numbered.findall(raw)) >= 20  # the column is in the text layer ...
    assert not numbered.findall(text)  # ... and not in what the agent reads
    # Nor glued to the start of a line of text ("15 This multidistrict ...").
    glued = re.findall(r"(?m)^(?:[1-9]|1\d|2[0-8]) [A-Z][a-z]", text)
    assert len(glued) <= 2, glued


def test_a_numbered_line_of_the_text_keeps_its_words(read):
    text = read("gov.uscourts.azd.1085839.3.0.pdf").text
    assert "\nThis multidistrict litigation proceeding (“MDL”) involves personal injury cases\n" in text


def _quotes_per_page(path: Path) -> list[tuple[int, str]]:
    """A long line from the middle of each page's raw text layer, occurring once in the file."""
    pages = raw_pages(path)
    out = []
    for number, page in enumerate(pages, 1):
        lines = [line.strip() for line in page.splitlines() if len(line.strip()) >= 45 and not STAMP.search(line)]
        lines = [line for line in lines if sum(p.count(line) for p in pages) == 1]
        if lines:
            out.append((number, lines[len(lines) // 2]))
    return out


@pytest.mark.parametrize("name", [n for n in TEXT_LAYER if PAGES[n] >= 2])
def test_a_quote_maps_back_to_its_page(read, freelaw, name):
    found = read(name)
    checked = 0
    for page, quote in _quotes_per_page(freelaw / name):
        at = quotes.align(quote, found.text)
        assert at is not None, (page, quote)
        assert found.page_at(at.start) == page, (page, quote)
        checked += 1
    assert checked >= PAGES[name] // 2


def test_stored_evidence_carries_the_page(freelaw, tmp_path, monkeypatch):
    monkeypatch.setenv("GAVEL_AGENT_CACHE", str(tmp_path / "cache"))
    case_dir = tmp_path / "case"
    case_dir.mkdir()
    shutil.copy(freelaw / "ca9_19.pdf", case_dir / "motion.pdf")
    (case_dir / "notes.txt").write_text("A note typed by the paralegal about the motion to stay.", encoding="utf-8")
    case = load_case(case_dir)
    page, quote = _quotes_per_page(freelaw / "ca9_19.pdf")[-1]
    spec = load_spec("gavel")
    state = ChecklistState(spec, spec.keys[:1], case)
    value = state.verified("a value", [{"document": "motion", "quote": quote}])
    assert page > 1 and value.evidence[0].page == page
    assert value.evidence[0].place == f"motion p. {page}"
    note = state.verified("a note", [{"document": "notes", "quote": "typed by the paralegal"}])
    assert note.evidence[0].page is None and note.evidence[0].place == "notes"


@pytest.mark.parametrize("name", ["rectangles_yes.pdf", "rectangles_yes_2.pdf"])
def test_text_under_a_redaction_box_is_flagged_and_left_out(read, freelaw, name):
    found = read(name)
    assert found.redacted_pages == [1]
    assert any("redaction" in w and name in w for w in found.warnings)
    assert "\u2588" in found.text
    raw_words = set(re.findall(r"\w+", raw_pages(freelaw / name)[0]))
    ours = set(re.findall(r"\w+", found.text))
    assert raw_words - ours  # some words of the text layer never reach the agent


def test_the_small_redaction_hides_exactly_its_letters(read):
    assert read("rectangles_yes_2.pdf").text == "abc\u2588\u2588\u2588ghi"


def test_rules_and_underlines_are_not_redactions(read):
    found = read("rectangles_no.pdf")
    assert found.redacted_pages == [] and not found.warnings and "\u2588" not in found.text


def test_redacted_documents_are_named_on_the_case(freelaw, tmp_path, monkeypatch):
    monkeypatch.setenv("GAVEL_AGENT_CACHE", str(tmp_path / "cache"))
    for name in ("rectangles_yes.pdf", "rectangles_no.pdf"):
        shutil.copy(freelaw / name, tmp_path / name)
    case = load_case(tmp_path)
    assert case.redacted_documents == ["rectangles_yes"]
    assert len(case.warnings) == 1 and "rectangles_yes.pdf" in case.warnings[0]


@pytest.mark.skipif(
    not HAS_OCR, reason="OCR is not installed (pip install 'gavel-agent[ocr]', apt-get install tesseract-ocr)"
)
@pytest.mark.parametrize("name", sorted(SCANS))
def test_scans_are_read_with_ocr(read, name):
    found = read(name)
    assert found.ocr_pages == SCANS[name]
    assert not any("scanned" in w for w in found.warnings)


@pytest.mark.skipif(
    not HAS_OCR, reason="OCR is not installed (pip install 'gavel-agent[ocr]', apt-get install tesseract-ocr)"
)
def test_ocr_reads_the_words_of_a_scan(read):
    text = read("image-pdf.pdf").text
    assert "The Red River Compact (or Compact) is a congressionally sanctioned" in text
    assert read("image-pdf.pdf").page_at(text.index("Red River Compact")) == 1


def test_without_ocr_a_scan_is_a_warning_naming_the_extra(freelaw, tmp_path, monkeypatch):
    monkeypatch.setenv("GAVEL_AGENT_CACHE", str(tmp_path / "cache"))
    monkeypatch.setattr(ocr, "unavailable", lambda: f"OCR is not installed; {ocr.EXTRA_HINT}")
    found = read_document(freelaw / "image-pdf.pdf")
    assert found.text.strip() == "" and found.ocr_pages == []
    assert len(found.warnings) == 1 and "\n" not in found.warnings[0]
    assert "image-pdf.pdf" in found.warnings[0] and "'ocr' extra" in found.warnings[0]
    # In a case, the scan is skipped with that reason and the other documents still load.
    shutil.copy(freelaw / "image-pdf.pdf", tmp_path / "scan.pdf")
    shutil.copy(freelaw / "ca2_1-1.pdf", tmp_path / "order.pdf")
    case = load_case(tmp_path)
    assert [d.name for d in case.documents] == ["order"]
    assert any("scan.pdf" in w and "'ocr' extra" in w for w in case.warnings)


def test_empty_pdf_is_a_one_line_error(freelaw, tmp_path, monkeypatch, capsys):
    from cli_runner import run_cli

    with pytest.raises(DocumentReadError) as e:
        read_document(freelaw / "empty.pdf")
    assert "empty.pdf" in str(e.value) and "\n" not in str(e.value)
    result = run_cli(monkeypatch, capsys, "run", freelaw / "empty.pdf", "--out", tmp_path / "run")
    assert result.code == 2 and result.err == f"error: {freelaw / 'empty.pdf'}: empty file (0 bytes)\n"


@pytest.mark.parametrize("content", [b"%PDF-1.7\nnot really a pdf", b"\x89PNG\r\n\x1a\n not a pdf either"])
def test_a_damaged_pdf_is_a_one_line_error(tmp_path, content):
    path = tmp_path / "damaged.pdf"
    path.write_bytes(content)
    with pytest.raises(DocumentReadError) as e:
        read_document(path)
    assert "damaged.pdf" in str(e.value) and "\n" not in str(e.value)


def test_a_case_keeps_its_good_documents_when_some_files_are_bad(freelaw, tmp_path, monkeypatch):
    monkeypatch.setenv("GAVEL_AGENT_CACHE", str(tmp_path / "cache"))
    case_dir = tmp_path / "case"
    case_dir.mkdir()
    shutil.copy(freelaw / "empty.pdf", case_dir / "empty.pdf")
    (case_dir / "damaged.pdf").write_bytes(b"%PDF-1.4 garbage")
    shutil.copy(freelaw / "missouri.pdf", case_dir / "opinion.pdf")
    case = load_case(case_dir)
    assert [d.name for d in case.documents] == ["opinion"]
    assert sorted(w.split(": ")[0].rsplit("/", 1)[-1] for w in case.warnings) == ["damaged.pdf", "empty.pdf"]
    (case_dir / "opinion.pdf").unlink()
    with pytest.raises(CaseError, match="none of its 2 files could be read"):
        load_case(case_dir)


WORD_FILES = {
    "word-doc.doc": ("antiword", "Indiana Supreme Court"),
    "word-docx.docx": (None, "MARCORSEPMAN 6210.6"),
    "word-perfect.wpd": ("wpd2text", "SUPREME COURT OF INDIANA"),
}


@pytest.mark.parametrize("name", sorted(WORD_FILES))
def test_word_and_wordperfect_files_give_text_of_one_shape(read, name):
    """The three files are three different briefs (see the README there); each reader must give its
    words in the same plain shape: a line per paragraph, no page map, no carriage returns, form
    feeds or field codes."""
    program, phrase = WORD_FILES[name]
    if program and not shutil.which(program):
        pytest.skip(f"needs {program} (apt-get install {'antiword' if program == 'antiword' else 'libwpd-tools'})")
    found = read(name)
    assert phrase in found.text
    assert found.page_starts == [] and found.warnings == []
    assert not re.search(r"[\r\f\x00-\x08]|FORMTEXT|FORMDROPDOWN|\n\n\n", found.text)
    assert len(found.text.split()) > 500


def test_a_case_may_mix_formats(freelaw, tmp_path, monkeypatch):
    monkeypatch.setenv("GAVEL_AGENT_CACHE", str(tmp_path / "cache"))
    for name in ("word-docx.docx", "ca2_1-1.pdf"):
        shutil.copy(freelaw / name, tmp_path / name)
    (tmp_path / "summary.md").write_text("# Summary\nThe board reviewed the discharge.", encoding="utf-8")
    case = load_case(tmp_path)
    assert sorted(d.name for d in case.documents) == ["ca2_1-1", "summary", "word-docx"]
    pages = {d.name: len(d.page_starts) for d in case.documents}
    assert pages == {"ca2_1-1": 2, "summary": 0, "word-docx": 0}


def test_a_rerun_reads_from_the_cache(freelaw, tmp_path, monkeypatch):
    monkeypatch.setenv("GAVEL_AGENT_CACHE", str(tmp_path / "cache"))
    first = read_document(freelaw / "rectangles_yes.pdf")
    assert len(list((tmp_path / "cache").glob("*.json"))) == 1

    def no_reading(*_):
        raise AssertionError("the file was read again")

    monkeypatch.setattr("gavel_agent.documents.pdf.read_pdf", no_reading)
    copy = tmp_path / "renamed.pdf"
    shutil.copy(freelaw / "rectangles_yes.pdf", copy)
    again = read_document(copy)
    assert again.text == first.text and again.page_starts == first.page_starts
    assert again.warnings and all(w.startswith(f"{copy}: ") for w in again.warnings)  # named as it is now


def test_an_offline_run_over_pdfs_stores_evidence_with_pages(freelaw, tmp_path, monkeypatch, capsys):
    from cli_runner import run_cli
    from gavel_agent.checklists.record import ChecklistFile

    monkeypatch.setenv("GAVEL_AGENT_CACHE", str(tmp_path / "cache"))
    case_dir = tmp_path / "case"
    case_dir.mkdir()
    for name in ("ca9_19.pdf", "gov.uscourts.cacd.652774.40.0.pdf", "rectangles_yes.pdf", "empty.pdf"):
        shutil.copy(freelaw / name, case_dir / name)
    result = run_cli(monkeypatch, capsys, "run", case_dir, "--out", tmp_path / "run", "--quiet")
    assert result.code == 0, result.err
    warnings = [line for line in result.err.splitlines() if line.startswith("warning:")]
    assert len(warnings) == 3  # each once, though both the loader and the run know them
    assert any("empty.pdf" in w and "skipped" in w for w in warnings)
    assert any("rectangles_yes.pdf" in w and "redaction" in w for w in warnings)
    # The papers are of two unrelated district cases (the Ninth Circuit's number is an appeal's): said once.
    assert any("2 different docket numbers" in w and "1:21-cv-01061-KLM (rectangles_yes)" in w for w in warnings)
    stats = json.loads((tmp_path / "run" / "stats.json").read_text())
    assert stats["redacted_documents"] == ["rectangles_yes"] and len(stats["document_warnings"]) == 3
    checklist = ChecklistFile.model_validate_json((tmp_path / "run" / "checklist.json").read_text())
    evidence = [e for values in checklist.items.values() for v in values for e in v.evidence]
    assert evidence and all(e.page is not None for e in evidence)
    case = load_case(case_dir)
    for e in evidence:
        doc = case.document(e.document)
        assert doc.text[e.start_char : e.end_char] == e.quote and doc.page_at(e.start_char) == e.page
        assert "\u2588" not in e.quote  # redacted text never becomes evidence


def test_a_batch_goes_on_past_a_case_of_unreadable_files(freelaw, tmp_path, monkeypatch):
    import asyncio

    from gavel_agent.batch import Batch, RunSettings, discover

    monkeypatch.setenv("GAVEL_AGENT_CACHE", str(tmp_path / "cache"))
    (tmp_path / "in" / "bad").mkdir(parents=True)
    (tmp_path / "in" / "good").mkdir()
    shutil.copy(freelaw / "empty.pdf", tmp_path / "in" / "bad" / "empty.pdf")
    (tmp_path / "in" / "bad" / "damaged.pdf").write_bytes(b"%PDF-1.4 garbage")
    shutil.copy(freelaw / "ca2_1-1.pdf", tmp_path / "in" / "good" / "order.pdf")
    report = asyncio.run(Batch(discover(tmp_path / "in"), tmp_path / "out", RunSettings(items="judge_name")).run())
    by_case = {e.case: e for e in report.entries}
    assert by_case["bad"].status == "failed" and "none of its 2 files could be read" in by_case["bad"].reason
    assert by_case["good"].status == "finished"


def test_a_slip_opinions_alternating_running_heads_are_not_in_the_text(read):
    text = read("vector-pdf.pdf").text
    assert "TARRANT REGIONAL WATER DIST. v. HERRMANN\n" not in text.replace("\n\n", "\n")[200:]
    assert not re.search(r"(?m)^Cite as: 569 U\. S\. ____ \(2013\) \d+$", text)


def test_a_first_pages_caption_keeps_what_later_running_heads_repeat(read):
    text = read("broken-mime.pdf").text
    assert text.startswith("IN THE SUPREME COURT OF NORTH CAROLINA\n2022-NCSC-1\nNo. 363A14-4\n")
    assert text.count("2022-NCSC-1\n") == 1  # the running head of pages 2-23 is gone
