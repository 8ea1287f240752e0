"""Readers under limits: a hostile or oversized file is skipped with a warning naming it, never the case."""

from __future__ import annotations

import io
import json
import zipfile

import pytest

from gavel_agent.case import load_case
from gavel_agent.documents import DocumentReadError, limits, ocr, read_document
from pdf_samples import one_page_pdf, scanned_pdf

GOOD = "The Honorable Jane Roe, United States District Judge, presides over this case."

CONTENT_TYPES = (
    '<?xml version="1.0" encoding="UTF-8"?>'
    '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
    '<Default Extension="xml" ContentType="application/xml"/>'
    '<Override PartName="/word/document.xml" '
    'ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>'
)
RELS = (
    '<?xml version="1.0" encoding="UTF-8"?>'
    '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
    '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/'
    'officeDocument" Target="word/document.xml"/></Relationships>'
)
W = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"


def docx_bytes(document_xml: str) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("[Content_Types].xml", CONTENT_TYPES)
        z.writestr("_rels/.rels", RELS)
        z.writestr("word/document.xml", document_xml)
    return buffer.getvalue()


def body(text: str, prolog: str = "") -> str:
    return f'<?xml version="1.0"?>{prolog}<w:document xmlns:w="{W}"><w:body><w:p><w:r><w:t>{text}</w:t></w:r></w:p></w:body></w:document>'


BILLION_LAUGHS = (
    '<!DOCTYPE lolz [<!ENTITY lol "lol">'
    + "".join(f'<!ENTITY lol{i} "{("&lol" + (str(i - 1) if i > 1 else "") + ";") * 10}">' for i in range(1, 10))
    + "]>"
)


@pytest.fixture(autouse=True)
def _own_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("GAVEL_AGENT_CACHE", str(tmp_path / "cache"))


def case_with(tmp_path, name: str, data: bytes):
    folder = tmp_path / "case"
    folder.mkdir(exist_ok=True)
    (folder / "good.txt").write_text(GOOD)
    (folder / name).write_bytes(data)
    return folder


def test_a_good_docx_still_reads(tmp_path):
    path = tmp_path / "a.docx"
    path.write_bytes(docx_bytes(body("Ordered.")))
    assert read_document(path).text == "Ordered."


def test_billion_laughs_docx_is_skipped_and_the_case_loads(tmp_path):
    folder = case_with(tmp_path, "bomb.docx", docx_bytes(body("&lol9;", BILLION_LAUGHS)))
    case = load_case(folder)
    assert [d.name for d in case.documents] == ["good"]
    assert any("bomb.docx" in w and "skipped" in w for w in case.warnings)


def test_docx_inflating_past_the_xml_limit_is_refused_before_parsing(tmp_path, monkeypatch):
    monkeypatch.setattr(limits, "MAX_XML_BYTES", 5_000)
    path = tmp_path / "big.docx"
    path.write_bytes(docx_bytes(body("x" * 10_000)))
    with pytest.raises(DocumentReadError, match="inflates to .* over the limit"):
        read_document(path)


def test_oversized_document_is_skipped_with_a_warning(tmp_path, monkeypatch):
    monkeypatch.setattr(limits, "MAX_DOCUMENT_CHARS", 200)
    case = load_case(case_with(tmp_path, "huge.txt", b"word " * 100))
    assert [d.name for d in case.documents] == ["good"]
    assert any("huge.txt" in w and "limit of 200 characters" in w for w in case.warnings)


def test_oversized_extraction_is_not_cached(tmp_path, monkeypatch):
    monkeypatch.setattr(limits, "MAX_DOCUMENT_CHARS", 20)
    path = tmp_path / "long.pdf"
    path.write_bytes(one_page_pdf("a line much longer than twenty characters"))
    with pytest.raises(DocumentReadError, match="over the limit"):
        read_document(path)
    assert not list(tmp_path.glob("cache/*.json"))


def test_file_over_the_byte_limit_is_not_read(tmp_path, monkeypatch):
    monkeypatch.setattr(limits, "MAX_FILE_BYTES", 10)
    path = tmp_path / "a.txt"
    path.write_text(GOOD)
    with pytest.raises(DocumentReadError, match="bytes per file"):
        read_document(path)


def test_case_document_count_and_total_are_bounded(tmp_path, monkeypatch):
    monkeypatch.setattr(limits, "MAX_CASE_DOCUMENTS", 3)
    folder = tmp_path / "many"
    folder.mkdir()
    for i in range(5):
        (folder / f"d{i}.txt").write_text(f"document {i} " * 10)
    case = load_case(folder)
    assert [d.name for d in case.documents] == ["d0", "d1", "d2"]
    assert any("5 documents, over the limit of 3" in w for w in case.warnings)

    monkeypatch.setattr(limits, "MAX_CASE_DOCUMENTS", 10)
    monkeypatch.setattr(limits, "MAX_CASE_CHARS", 250)
    case = load_case(folder)
    assert [d.name for d in case.documents] == ["d0", "d1"]
    assert sum("would take the case over" in w for w in case.warnings) == 3


def test_record_with_an_oversized_document_keeps_the_others(tmp_path, monkeypatch):
    monkeypatch.setattr(limits, "MAX_DOCUMENT_CHARS", 100)
    record = {
        "case_id": 9,
        "case_data": {},
        "documents": [{"title": "Huge", "text": "x " * 100}, {"title": "Order", "text": GOOD}],
    }
    path = tmp_path / "case_9.json"
    path.write_text(json.dumps(record))
    case = load_case(path)
    assert [d.name for d in case.documents] == ["order"]
    assert "'huge'" in case.warnings[0]


def test_deeply_nested_record_is_a_case_error(tmp_path):
    path = tmp_path / "case_1.json"
    path.write_text("[" * 100_000 + "]" * 100_000)
    with pytest.raises(ValueError, match="nested too deep"):
        load_case(path)


class FakeOCR:
    """Stands in for tesseract: records the order pages are rendered and read."""

    def __init__(self, monkeypatch):
        self.events: list[tuple[str, int]] = []
        monkeypatch.setattr(ocr, "unavailable", lambda: None)
        monkeypatch.setattr(ocr.os, "cpu_count", lambda: 2)
        monkeypatch.setattr(ocr, "render", self.render)
        monkeypatch.setattr(ocr, "_image_words", self.words)

    def render(self, page):
        self.events.append(("render", id(page)))
        return len(self.events)

    def words(self, image):
        self.events.append(("read", image))
        return []


def test_ocr_holds_one_batch_of_pages_at_a_time(tmp_path, monkeypatch):
    fake = FakeOCR(monkeypatch)
    path = tmp_path / "scan.pdf"
    path.write_bytes(scanned_pdf(6))
    assert read_document(path).ocr_pages == [1, 2, 3, 4, 5, 6]
    kinds = [kind for kind, _ in fake.events]
    assert kinds == ["render", "render", "read", "read"] * 3


def test_page_over_the_pixel_limit_is_not_rendered(tmp_path, monkeypatch):
    fake = FakeOCR(monkeypatch)
    path = tmp_path / "poster.pdf"
    path.write_bytes(scanned_pdf(1, 14_400, 14_400))
    extracted = read_document(path)
    assert "page 1 too large to read by OCR" in extracted.warnings[0]
    assert extracted.ocr_pages == [] and fake.events == []


def test_a_file_over_its_time_is_skipped(tmp_path, monkeypatch):
    monkeypatch.setattr(limits, "MAX_SECONDS_PER_FILE", -1.0)
    path = tmp_path / "slow.pdf"
    path.write_bytes(one_page_pdf("Ordered."))
    with pytest.raises(DocumentReadError, match="reading took over"):
        read_document(path)
