"""Loading cases: folders, case.json order, Clearinghouse records, and bad input."""

import json

import pytest

from gavel_agent.case import CaseError, Document, load_case
from gavel_agent.documents import limits


def make_folder(tmp_path, files: dict[str, str | bytes], meta: dict | None = None):
    folder = tmp_path / "c"
    folder.mkdir()
    for name, content in files.items():
        (folder / name).write_bytes(content if isinstance(content, bytes) else content.encode())
    if meta is not None:
        (folder / "case.json").write_text(json.dumps(meta))
    return folder


def test_documents_are_ordered_by_date_from_case_json(tmp_path):
    folder = make_folder(
        tmp_path,
        {"a.txt": "order text", "b.txt": "complaint text", "c.md": "undated notes"},
        {
            "title": "T v. U",
            "documents": {
                "a.txt": {"date": "2021-05-01", "type": "Order/Opinion"},
                "b.txt": {"date": "2020-01-02", "type": "Complaint"},
            },
        },
    )
    case = load_case(folder)
    assert [d.name for d in case.documents] == ["b", "a", "c"]
    assert case.title == "T v. U"
    assert case.documents[0].type == "Complaint"


def test_token_ranges_map_to_character_offsets(tmp_path):
    text = "Plaintiffs filed suit on March 15, 2021 — “in federal court.”"
    doc = load_case(make_folder(tmp_path, {"d.txt": text})).documents[0]
    s, e = doc.char_span(0, doc.token_count)
    assert (s, e) == (0, len(text))
    pieces = [text[slice(*doc.char_span(i, i + 1))] for i in range(doc.token_count)]
    assert "".join(pieces) == text
    assert doc.token_at(text.index("March")) == next(i for i, p in enumerate(pieces) if "March" in p)


def test_forgiving_document_names(tmp_path):
    case = load_case(
        make_folder(
            tmp_path,
            {"01-complaint.txt": "x" * 20, "02-order.txt": "y" * 20},
            {"documents": {"01-complaint.txt": {"title": "Class Action Complaint"}}},
        )
    )
    assert case.document("01-COMPLAINT").name == "01-complaint"
    assert case.document("Class Action Complaint").name == "01-complaint"
    assert case.document("01-complant").name == "01-complaint"
    with pytest.raises(KeyError, match="no document named"):
        case.document("../../etc/passwd")


@pytest.mark.parametrize(
    "files, message",
    [
        ({}, "no documents"),
        ({"bin.txt": b"\x00\x01\x02binary"}, "binary file"),
        ({"latin.txt": "caf\xe9".encode("latin-1")}, "not UTF-8"),
        ({"late.txt": b"a " * 5000 + b"\x00 tail"}, "NUL byte at offset 10000"),
        ({"empty.txt": b"", "blank.md": b"  \n"}, "none of its 2 files could be read .*no readable text"),
    ],
)
def test_bad_folders_raise_one_line_errors(tmp_path, files, message):
    with pytest.raises(CaseError, match=message) as err:
        load_case(make_folder(tmp_path, files))
    assert "\n" not in str(err.value)


def test_utf16_is_read_as_text_and_an_empty_document_is_left_out_with_a_warning(tmp_path):
    case = load_case(
        make_folder(tmp_path, {"order.txt": "The Honorable Jane Roe presides.".encode("utf-16"), "empty.txt": b""})
    )
    assert [d.text for d in case.documents] == ["The Honorable Jane Roe presides."]
    assert len(case.warnings) == 1 and "empty.txt: no readable text" in case.warnings[0]


def test_a_symlinked_document_is_left_out(tmp_path):
    secret = tmp_path / "secret.txt"
    secret.write_text("root:x:0:0:root:/root:/bin/bash")
    folder = make_folder(tmp_path, {"order.txt": "The motion is granted."})
    (folder / "passwd.txt").symlink_to(secret)
    case = load_case(folder)
    assert [d.name for d in case.documents] == ["order"]
    assert "passwd.txt: a symbolic link" in case.warnings[0]


def test_missing_path(tmp_path):
    with pytest.raises(CaseError, match="no such case"):
        load_case(tmp_path / "nope")


def test_five_million_token_document_is_refused_quickly(tmp_path):
    big = "lorem ipsum dolor sit amet, " * 900_000  # about 5M tokens
    folder = make_folder(tmp_path, {"huge.txt": big})
    with pytest.raises(CaseError, match="over the limit of"):
        load_case(folder)


def test_limit_is_configurable(tmp_path, monkeypatch):
    monkeypatch.setattr(limits, "MAX_DOCUMENT_CHARS", 10)
    with pytest.raises(CaseError, match="huge"):
        load_case(make_folder(tmp_path, {"huge.txt": "more than ten characters"}))


def test_clearinghouse_record(tmp_path):
    record = {
        "case_id": 7,
        "case_data": {"name": "A v. B"},
        "documents": [
            {"title": "Order", "document_type": "Order/Opinion", "date": "2020-02-02", "text": "ordered"},
            {"title": "Complaint", "document_type": "Complaint", "date": "2019-01-01", "text": "complained"},
            {"title": "Empty", "text": None},
        ],
    }
    path = tmp_path / "case_7.json"
    path.write_text(json.dumps(record))
    case = load_case(path)
    assert (case.name, case.title) == ("7", "A v. B")
    assert [d.name for d in case.documents] == ["complaint", "order"]


def test_json_that_is_not_a_record(tmp_path):
    path = tmp_path / "x.json"
    path.write_text('{"a": 1}')
    with pytest.raises(CaseError, match="not a Clearinghouse case record"):
        load_case(path)


def test_pages_come_from_the_page_map_else_from_the_page_marks_in_the_text():
    """One page lookup for every caller (the agent's evidence, the review workbench): a PDF's page map
    when it has one, else the form feeds of a text document."""
    pdf = Document(name="order", text="first page\n\nsecond page", page_starts=[0, 12])
    assert pdf.pages() == [(0, 1), (12, 2)]
    assert [pdf.page_at(0), pdf.page_at(pdf.text.index("second"))] == [1, 2]
    marked = Document(name="brief", text="one\fthree")
    assert marked.page_at(marked.text.index("three")) == 2 and len(marked.pages()) == 2
    plain = Document(name="note", text="no pages here")
    assert plain.pages() == [] and plain.page_at(3) is None


def test_colliding_file_names_get_visible_unique_suffixes(tmp_path):
    files = {f: f"text of {f}" for f in ("Order.txt", "order.md", "order-2.txt", "ORDER.TXT")}
    folder = make_folder(tmp_path, files)
    (folder / "order.txt").write_text("text of order.txt")
    case = load_case(folder)
    names = {d.text.removeprefix("text of "): d.name for d in case.documents}
    assert len({n.lower() for n in names.values()}) == 5
    assert names["order-2.txt"] == "order-2"  # a real file keeps its own name
    assert case.document("order-2").text == "text of order-2.txt"
    for file, name in names.items():  # every document is reached by its name, and the same on a reload
        assert case.document(name).text == f"text of {file}"
    assert names == {d.text.removeprefix("text of "): d.name for d in load_case(folder).documents}
