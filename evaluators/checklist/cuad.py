"""CUAD's ``master_clauses.csv`` read as reference checklists, one per contract.

Each of the 41 clause types has a column of text spans (a Python-literal list
of the clause passages annotators marked) and an ``-Answer`` column. Eight
types have a short answer (a name, date, period or place); the other 33 answer
Yes/No. We turn a row into a filled checklist for the ``cuad`` spec:

- short-answer items: the answer is the value (``Parties`` splits into one
  value per party), backed by the marked spans; when annotators marked spans
  but gave no answer, each span is the value itself;
- clause items: every marked span is a value (the clause text is the answer);
  "No" leaves the item empty.

Contracts are identified by the stem of their file in ``full_contract_txt/``,
which is also the case name the agent gives a single contract file. The csv
names the PDF (``.pdf`` or ``.PDF``, once with a space before the extension),
so names are matched after folding case, spacing and punctuation.
"""

from __future__ import annotations

import ast
import csv
import hashlib
import re
from pathlib import Path

from gavel_agent.checklists import ChecklistSpec, load_spec
from gavel_agent.checklists.record import ChecklistFile, Evidence, Value

ANSWER_SUFFIX = "-Answer"
# Annotators join non-adjacent pieces of one clause with this marker.
OMITTED = "<omitted>"


class CuadError(ValueError):
    """A CUAD file that cannot be read; the message is one line, meant for the user."""


def contract_id(filename: str) -> str:
    """The contract's id: its file name without the extension and stray spaces."""
    return re.sub(r"\.(pdf|txt)$", "", filename.strip(), flags=re.I).strip()


def _fold(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "", name.lower())


def contract_files(txt_dir: Path) -> dict[str, Path]:
    """Contract id -> text file, for every ``.txt`` in ``txt_dir``."""
    return {p.stem: p for p in sorted(Path(txt_dir).glob("*.txt"))}


def dev_split(ids: list[str], share: int = 10) -> list[str]:
    """A fixed development subset: contracts whose name hashes to 0 modulo ``share``.

    Hashing names (not positions) keeps the subset stable when contracts are
    added or removed.
    """
    return [i for i in ids if int(hashlib.sha1(i.encode("utf-8")).hexdigest(), 16) % share == 0]


def locate_span(span: str, text: str) -> tuple[int, int] | None:
    """Character span of an annotated passage in the contract, tolerant of whitespace.

    A passage with ``<omitted>`` gaps is located from its first piece to its last.
    """
    pieces = [p.strip() for p in span.split(OMITTED) if p.strip()]
    if not pieces:
        return None
    start = end = None
    pos = 0
    for piece in pieces:
        at = text.find(piece, pos)
        if at >= 0:
            found = (at, at + len(piece))
        else:  # the csv and the text file disagree on whitespace now and then
            m = re.search(r"\s+".join(re.escape(w) for w in piece.split()), text[pos:])
            if m is None:
                return None
            found = (pos + m.start(), pos + m.end())
        start = found[0] if start is None else start
        end = pos = found[1]
    return None if start is None or end is None else (start, end)


def _spans(cell: str, where: str) -> list[str]:
    try:
        spans = ast.literal_eval(cell) if cell.strip() else []
    except (ValueError, SyntaxError):
        raise CuadError(f"{where}: the span list is not a Python list literal") from None
    return [str(s) for s in spans if str(s).strip()]


def _evidence(doc: str, spans: list[str], text: str | None) -> list[Evidence]:
    out = []
    for s in spans:
        at = locate_span(s, text) if text is not None else None
        out.append(Evidence(document=doc, quote=s, start_char=at[0] if at else None, end_char=at[1] if at else None))
    return out


def _item_values(name: str, answer: str, evidence: list[Evidence], short_answer: bool) -> list[Value]:
    if not short_answer:
        return [Value(value=e.quote, evidence=[e]) for e in evidence] if answer != "No" else []
    if not answer:
        return [Value(value=e.quote, evidence=[e]) for e in evidence]
    if name == "Parties":
        parties = [p.strip() for p in answer.split(";") if p.strip()]
        return [Value(value=p, evidence=[e for e in evidence if _party_name(p) in e.quote.lower()]) for p in parties]
    return [Value(value=answer, evidence=evidence)]


def _party_name(party: str) -> str:
    """The party's name without its defined short name, lower-cased, for matching spans."""
    return re.sub(r"\s*\(.*\)\s*$", "", party).strip(" ,").lower()


def read_master_clauses(
    csv_path: str | Path, txt_dir: str | Path | None = None, spec: ChecklistSpec | None = None
) -> dict[str, ChecklistFile]:
    """Contract id -> reference checklist. Spans are located in the contract text when ``txt_dir`` has it."""
    csv_path = Path(csv_path)
    spec = spec or load_spec("cuad")
    if not csv_path.is_file():
        raise CuadError(f"{csv_path}: no such file")
    txt_dir = Path(txt_dir) if txt_dir else csv_path.parent / "full_contract_txt"
    files = {_fold(k): p for k, p in contract_files(txt_dir).items()} if txt_dir.is_dir() else {}
    with csv_path.open(encoding="utf-8", newline="") as f:
        reader = csv.DictReader(f)
        columns = set(reader.fieldnames or [])
        missing = [i.name for i in spec.items if i.name not in columns]
        if "Filename" not in columns or missing:
            raise CuadError(
                f"{csv_path}: not a CUAD master_clauses.csv (missing columns: {', '.join(['Filename'] + missing)[:200]})"
            )
        references: dict[str, ChecklistFile] = {}
        for row in reader:
            path = files.get(_fold(contract_id(row["Filename"])))
            doc = path.stem if path else contract_id(row["Filename"])
            text = path.read_text(encoding="utf-8") if path else None
            items = {}
            for item in spec.items:
                evidence = _evidence(doc, _spans(row[item.name], f"{csv_path} {doc} {item.name}"), text)
                answer = (row.get(item.name + ANSWER_SUFFIX) or "").strip()
                items[item.key] = _item_values(item.name, answer, evidence, item.extra.get("answer") == "text")
            references[doc] = ChecklistFile(spec=spec.name, case=doc, items=items)
    return references


def as_values(references: dict[str, ChecklistFile]) -> dict[str, dict[str, list[str]]]:
    """References in the plain ``{doc_id: {item_key: [values]}}`` shape."""
    return {doc: {k: [v.value for v in vals] for k, vals in c.items.items()} for doc, c in references.items()}
