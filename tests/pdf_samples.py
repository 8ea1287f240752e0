"""Small PDFs written by hand for tests that must not need the shared files."""

from __future__ import annotations


def one_page_pdf(*lines: str) -> bytes:
    """A minimal PDF with a text layer (Helvetica), enough for the PDF reader."""
    text = "BT /F1 12 Tf 72 720 Td 14 TL " + " ".join(f"({line}) '" for line in lines) + " ET"
    objects = [
        "<< /Type /Catalog /Pages 2 0 R >>",
        "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        (
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R "
            "/Resources << /Font << /F1 5 0 R >> >> >>"
        ),
        f"<< /Length {len(text)} >>\nstream\n{text}\nendstream",
        "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    ]
    out, offsets = "%PDF-1.4\n", []
    for i, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += f"{i} 0 obj\n{body}\nendobj\n"
    xref = len(out)
    out += f"xref\n0 {len(objects) + 1}\n0000000000 65535 f \n" + "".join(f"{o:010d} 00000 n \n" for o in offsets)
    out += f"trailer\n<< /Size {len(objects) + 1} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n"
    return out.encode("latin-1")


def encrypted_pdf() -> bytes:
    """A PDF whose trailer names a standard security handler that the empty password does not open."""
    body = one_page_pdf("secret").decode("latin-1").split("xref\n", 1)[0]
    body += (
        f"6 0 obj\n<< /Filter /Standard /V 1 /R 2 /O <{'11' * 32}> /U <{'22' * 32}> /P -4 >>\nendobj\n"
        f"trailer\n<< /Size 7 /Root 1 0 R /Encrypt 6 0 R /ID [<{'ab' * 16}> <{'ab' * 16}>] >>\n%%EOF\n"
    )
    return body.encode("latin-1")


def scanned_pdf(pages: int, width: float = 612, height: float = 792) -> bytes:
    """A PDF of ``pages`` pages that each show only an image filling the page: scans without a text layer."""
    draw = f"q {width} 0 0 {height} 0 0 cm /Im1 Do Q"
    kids = " ".join(f"{5 + i} 0 R" for i in range(pages))
    objects = [
        "<< /Type /Catalog /Pages 2 0 R >>",
        f"<< /Type /Pages /Kids [{kids}] /Count {pages} >>",
        f"<< /Length {len(draw)} >>\nstream\n{draw}\nendstream",
        "<< /Type /XObject /Subtype /Image /Width 1 /Height 1 /ColorSpace /DeviceGray /BitsPerComponent 8 "
        "/Length 1 >>\nstream\n\x80\nendstream",
    ] + [
        f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 {width} {height}] /Contents 3 0 R "
        "/Resources << /XObject << /Im1 4 0 R >> >> >>"
    ] * pages
    out, offsets = "%PDF-1.4\n", []
    for i, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += f"{i} 0 obj\n{body}\nendobj\n"
    xref = len(out)
    out += f"xref\n0 {len(objects) + 1}\n0000000000 65535 f \n" + "".join(f"{o:010d} 00000 n \n" for o in offsets)
    out += f"trailer\n<< /Size {len(objects) + 1} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n"
    return out.encode("latin-1")
