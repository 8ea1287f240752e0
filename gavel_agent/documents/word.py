"""Word and WordPerfect files: .docx through python-docx; .doc and .wpd through Debian's converters.

.doc goes through antiword and .wpd through wpd2text (libwpd-tools); LibreOffice, when installed,
reads either when its converter is missing. Neither format records pages (the word processor lays
them out when printing), so these documents have no page map.
"""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from pathlib import Path

from gavel_agent.documents import limits
from gavel_agent.documents.model import DocumentReadError, Extracted

CONVERT_TIMEOUT_S = 120
# Per suffix: the Debian converter (command line before the file name) and the package that has it.
CONVERTERS = {
    ".doc": (["antiword", "-w", "0"], "antiword"),
    ".wpd": (["wpd2text"], "libwpd-tools"),
}


def read_docx(path: Path, data: bytes) -> Extracted:
    import io
    import zipfile

    import docx
    from docx.opc.exceptions import PackageNotFoundError
    from lxml import etree

    if not data:
        raise DocumentReadError(f"{path}: empty file (0 bytes)")
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            limits.check_zip(path, archive)
        document = docx.Document(io.BytesIO(data))
    except DocumentReadError:  # over a limit: its own message
        raise
    except (PackageNotFoundError, zipfile.BadZipFile, KeyError, ValueError) as e:
        raise DocumentReadError(f"{path}: not a readable .docx file ({type(e).__name__})") from None
    except etree.LxmlError as e:  # entity expansion, over-long text nodes, deep nesting: libxml2's own limits
        reason = str(e).splitlines()[0][:120] if str(e) else type(e).__name__
        raise DocumentReadError(f"{path}: not a readable .docx file ({reason}); skipped") from None
    return Extracted(text=_clean("\n".join(_docx_blocks(document)), path))


def _docx_blocks(document) -> list[str]:
    """Paragraphs and table rows in the order the body has them."""
    from docx.table import Table
    from docx.text.paragraph import Paragraph

    out = []
    for block in document.iter_inner_content():
        if isinstance(block, Paragraph):
            out.append(block.text)
        elif isinstance(block, Table):
            for row in block.rows:
                cells = list(dict.fromkeys(c.text.strip() for c in row.cells))  # merged cells repeat
                out.append("\t".join(c for c in cells if c))
    return out


def read_converted(path: Path, data: bytes) -> Extracted:
    """.doc or .wpd: the Debian converter's text, else LibreOffice's, else a one-line error naming both."""
    if not data:
        raise DocumentReadError(f"{path}: empty file (0 bytes)")
    command, package = CONVERTERS[path.suffix.lower()]
    if shutil.which(command[0]):
        return Extracted(text=_clean(_run([*command, str(path)], path), path))
    office = shutil.which("soffice") or shutil.which("libreoffice")
    if office:
        return Extracted(text=_clean(_libreoffice(office, path), path))
    raise DocumentReadError(
        f"{path}: reading {path.suffix} files needs {command[0]} (apt-get install {package}) or LibreOffice; skipped"
    )


def _run(command: list[str], path: Path) -> str:
    try:
        done = subprocess.run(command, capture_output=True, timeout=CONVERT_TIMEOUT_S, check=False)
    except subprocess.TimeoutExpired:
        raise DocumentReadError(f"{path}: {command[0]} took over {CONVERT_TIMEOUT_S} s; skipped") from None
    if done.returncode != 0:
        reason = (done.stderr.decode("utf-8", "replace").strip().splitlines() or ["no message"])[-1]
        raise DocumentReadError(f"{path}: {command[0]} could not read it ({reason[:120]})")
    return done.stdout.decode("utf-8", "replace")


def _libreoffice(office: str, path: Path) -> str:
    with tempfile.TemporaryDirectory(prefix="gavel-office-") as out:
        _run([office, "--headless", "--convert-to", "txt:Text (encoded):UTF8", "--outdir", out, str(path)], path)
        converted = Path(out) / f"{path.stem}.txt"
        if not converted.is_file():
            raise DocumentReadError(f"{path}: LibreOffice could not convert it")
        return converted.read_text(encoding="utf-8", errors="replace")


def _clean(text: str, path: Path) -> str:
    """Unix line ends, no trailing spaces, no runs of more than one blank line."""
    lines = [line.rstrip() for line in text.replace("\r\n", "\n").replace("\r", "\n").replace("\f", "\n").split("\n")]
    out: list[str] = []
    for line in lines:
        if line or (out and out[-1]):
            out.append(line)
    text = "\n".join(out).strip("\n")
    if not text.strip():
        raise DocumentReadError(f"{path}: no text in the file")
    return text
