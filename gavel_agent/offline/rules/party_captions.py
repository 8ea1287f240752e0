"""GAVEL parties as a caption or a docket's party list names them, and the cleaning of a party's name
(addresses, capacities, a two-column caption's other column) shared by the other parties' rules.
"""

from __future__ import annotations

import re

from gavel_agent.offline.registry import Finding
from gavel_agent.offline.rules.institutions import OFFICES
from gavel_agent.offline.rules.text import name_word
from gavel_agent.text.regexes import DATE, DOCKET

# A caption labels the side ("Plaintiffs,", "Petitioner-Appellant.", "Plaintiff/Appellant,", "Plaintiff(s)"
# at a line's end or before the next column's text); running text ("a named plaintiff in a class action")
# uses the word without a label's punctuation.
_PLAINTIFF_LABEL = (
    r"\b(?:Plaintiffs?|Petitioners?)(?:\s*\(\s*s\s*\))?(?:\s?[-/]\s?[A-Za-z]+)?(?=\s*(?:[,.;:)]|$)|[ \t]{2,})"
)
_PLAINTIFF_MARK = re.compile(rf"^[^\n]*{_PLAINTIFF_LABEL}[^\n]*$", re.M | re.I)
_VERSUS = re.compile(r"(?:^|\s|\))(?:v\.?|vs\.?|versus|-\s*v\s*-|-vs-?|-\s*against\s*-)(?=\s|\)|$)", re.M | re.I)
_DEFENDANT_MARK = re.compile(r"\b(?:Defendants?|Respondents?)\b", re.I)
# The defendants' label as a caption writes it ("Defendants.", "Defendants-Appellees,"), not the word in
# the running text a two-column opinion page sets beside its caption ("against defendants essentially").
_DEFENDANT_LABEL = re.compile(
    r"\b(?:Defendants?|Respondents?)(?:\s*\(\s*s\s*\))?(?:\s?[-/]\s?[A-Za-z]+)?(?=\s*(?:[,.;:)]|$)|[ \t]{2,})",
    re.I | re.M,
)
# Lines above the parties: court name, district, stamps, rules.
_CAPTION_HEAD = re.compile(
    r"^[^\n]*(?:COURT|DISTRICT|DIVISION|_{5,}|Document\s+\d+|PageID|Page\s+\d+\s+of)[^\n]*\n", re.M | re.I
)
_CAPTION_NOISE = re.compile(
    r"[)(\[\]|§*_:\\–—]+|\b(?:Case|Index)\s*No\.?.*$|\bCivil\s+Action.*$|\bNo\.(?:\s*\S+)?|\bCLASS\s+ACTION\b.*$"
    r"|\b(?:DEMAND\s+FOR\s+)?JURY\s+TRIAL(?:\s+DEMAND(?:ED)?)?|\b\d+\s+U\.?\s?S\.?\s?C\.?.*$|\b(?:INJUNCTIVE|DECLARATORY)\b.*$"
    rf"|(?:{DOCKET}).*$|-{{3,}}X?|\bSh(?:ield)?\.?\s+No\.?\s*\d+"  # a docket number, a "------X" rule, an officer's shield
    r"|^\s*\d{1,3}\.?(?=\s)|(?<![\w.])\d{1,3}(?![\w.])",
    re.I,
)
# Caption lines that name the court's officers or the case, not a party.
_NOT_PARTY_LINE = re.compile(
    r"\bHon\.|\bMag\.|\b(?:Honorable|Judge|Magistrate|SECTION|DIVISION|COMPLAINT|Document|PageID)\b|\d:\d{2}-", re.I
)
CAPTION_LOOKBACK_CHARS = 800
CAPTION_NAMES = 6  # plaintiffs kept per caption or party list: the lead parties, not a class roster
# Defendants kept per caption or party list: a suit against a government names its agencies and
# officials one after another ("DEPARTMENT OF DEFENSE and CENTRAL INTELLIGENCE AGENCY and ..."), and
# the coding lists most of them; the learned choice weighs them.
CAPTION_DEFENDANTS = 16
CAPTION_CUT_CHARS = 1500  # a caption's defendants run at most this far past its "v."
# Reporter citations, statute sections and rules: an opinion's "A v. B, 800 F.2d 1 (2d Cir. 1986)" read as
# a caption, not a party's name.
_NOT_A_NAME = re.compile(
    r"\b(?:F\.\s?(?:2d|3d|4th|Supp)|U\.\s?S\.\s*(?:C\.|[,\d])|S\.\s?Ct|Cir\.|L\.\s?Ed|Fed\.\s?R|Cal\.\s?(?:App|Rptr|\d))",
    re.I,
)
# A court's heading run into the names below it ("Southern District of Mississippi John M. Wages",
# "United States District Court for the District of Arizona, Tucson", "Court Use Only" of a state form):
# the court, not a party (the District of Columbia is one).
_COURT_HEADING = re.compile(
    r"^(?:For\s+the\s+)?(?:(?:Northern|Southern|Eastern|Western|Central|Middle)\s+District\s+of"
    r"|(?:United\s+States\s+)?District\s+Court\b|District\s+of\s+(?!Columbia)[A-Z]\w+,|Judicial\s+District\s+of)"
    r"|\bCourt\s+Use\s+Only\b|\bDetermined\s+by\s+(?:the\s+)?Court\b",
    re.I,
)
# Words of a paper's title or a statute that a two-column caption interleaves with the names
# ("ORDER DENYING IN PART WITHOUT PREJUDICE", "Civil Rights Act"): such a line is not a name.
_TITLE_WORDS = re.compile(
    r"\b(?:PREJUDICE|GRANTING|DENYING|CERTIFICATE|MAILING|MEMORANDUM|STIPULATION|Decree|Act|Constitutions?|Motion\s+(?:to|for))\b"
    r"|\bheadnote|\bcite\b",  # a reporter's headnote column beside an opinion's caption
    re.I,
)
# A piece of a postal address, set off by commas after a name: "245 Murray Lane", "SW", "12th Floor",
# and the state with its ZIP code ("DC 20528"), the piece before which is the city.
_ZIP_PIECE = re.compile(r"\b\d{5}(?:-\d{4})?\s*$")
_ADDRESS_PIECE = re.compile(
    r"\b\d+\w*\s+(?:[A-Z][\w.]*\s+){0,3}(?:Avenue|Ave|Street|St|Drive|Dr|Road|Rd|Lane|Ln|Boulevard|Blvd|Way|Place|Pl|Floor)\b"
    r"|\b(?:Avenue|Street|Boulevard|Suite|P\.?\s?O\.?\s+Box)\b|(?-i:\b(?:NW|SW|NE|SE|N\.W|S\.W)\b)",
    re.I,
)
# The office an official is sued as, which names the defendant the coding means ("KRISTI NOEM, in her
# official capacity as Secretary of Homeland Security, 245 Murray Lane" -> "Secretary of Homeland Security").
_OFFICIAL_AS = re.compile(
    r",?\s*(?:individually\s+and\s+)?in\s+(?:his|her|their|its)\s+(?:individual\s+and\s+)?official\s+capacit(?:y|ies)"
    r"\s+as\s+(?:the\s+)?(?P<office>[A-Z][^,;]{2,80}"
    # "... Department of Children, Youth, and Families": a body's name that lists its charges
    r"(?:(?:,\s*(?-i:[A-Z])[\w'’-]*)+,?\s+and\s+(?-i:[A-Z])[\w'’-]*)?"
    # "... as Secretary, United States Department of Health and Human Services": the office's agency after a comma
    r"(?:,\s*[^,;]{0,40}?\b(?:Department|Agency|Office|Board|Bureau|Commission|Administration|Authority)\b[^,;]{0,60})?)",
    re.I,
)
# What follows a party's name without being part of it: the capacity it is sued in, the class it leads,
# a description ("CITY OF PORTLAND, an Oregon municipal corporation").
_CAPACITY = re.compile(
    r",?\s*(?:individually|in\s+(?:his|her|their|its)\s+(?:individual|official)|on\s+behalf|and\s+similarly\s+situated).*$|,\s*an?\s+[a-z].*$",
    re.I,
)


def _without_address(name: str) -> str:
    """A name with the address that follows it dropped: of the comma-separated pieces, the longest
    that is no part of an address (a two-column caption can put the address first)."""
    pieces = name.split(",")
    address = {i for i, p in enumerate(pieces) if _ADDRESS_PIECE.search(p) or _ZIP_PIECE.search(p)}
    if not address:
        return name
    address |= {i - 1 for i in address if _ZIP_PIECE.search(pieces[i])}
    return max((p.strip() for i, p in enumerate(pieces) if i not in address), key=len, default="")


# Words that join the words of a name ("City of New York", "Bill de Blasio"), as a regex alternation.
SMALL_WORDS = "of|the|and|for|in|on|at|by|de|to"
# Running text beside a caption's names (a two-column opinion page): two longer words in lower case
# with nothing but joining words between ("estrogen hormones", "continues to engage"), before any
# description of the party ("..., as Governor", "by his next friend", "in their individual capacities");
# a name's own lower-case words are short ("de la", "van der", "et al").
_RUNNING_TEXT = re.compile(rf"\b[a-z]{{4,}}\s+(?:(?:{SMALL_WORDS})\s+)*[a-z]{{4,}}\b")
_DESCRIBED = re.compile(r"(?:,\s*|\s+)(?:as|by|under|in\s+(?:his|her|their|its|official))\b.*$")
_EDGE_DEBRIS = re.compile(
    rf"^(?:(?:[A-Z][A-Za-z.]{{1,6}}\s+)?\d{{5}}(?:-\d{{4}})?\s+(?:and\s+)?|(?i:and)\s+|[^A-Z“\"(]*(?=[A-Z“\"(]))|(?:\s+(?:{SMALL_WORDS}))+$"
)


# A word hyphenated at a line's end, once the lines are joined: "Reg- istrar", "Depart- ment of Health";
# and a hyphenated name broken there: "Diaz- Lara".
_SPLIT_WORD = re.compile(r"(?<=[a-z])-\s+(?=[a-z])")
_SPLIT_NAME = re.compile(r"(?<=[a-z])-\s+(?=[A-Z][a-z])")


def unsplit_words(text: str) -> str:
    """Text whose lines were joined by spaces, with each word or hyphenated name a line's end broke made
    whole again ("Reg- istrar" -> "Registrar", "Diaz- Lara" -> "Diaz-Lara")."""
    return _SPLIT_NAME.sub("-", _SPLIT_WORD.sub("", text))


def party_name(raw: str) -> str | None:
    """A party's name as a caption or party list writes it, without capacity or address; None when
    what is left is not a name (a citation, a paper's title, debris)."""
    name = unsplit_words(" ".join(raw.split())).strip(" ,.-")
    if _NOT_A_NAME.search(name) or _COURT_HEADING.search(name):
        return None
    official = _OFFICIAL_AS.search(name)
    if official:  # the name with its office, without the words of the capacity
        name = f"{name[: official.start()].strip(' ,')}, {official.group('office')}"
    name = _without_address(_CAPACITY.sub("", name)).strip(" ,.-")
    # A name starts at its first capital, after debris (line numbers, a ZIP code, OCR noise, the "AND"
    # left of a paper's title beside it), and does not end on a joining word the next column cut off.
    name = _EDGE_DEBRIS.sub("", name).strip(" ,.-")
    running = _RUNNING_TEXT.search(_DESCRIBED.sub("", name))
    if running:  # the name ends at the comma before the running text, if there is one
        name = name[: max(name.rfind(",", 0, running.start()), 0)].strip(" ,.-")
    if len(name) < 3 or len(name) > 90 or not re.search(r"[A-Z]", name) or _TITLE_WORDS.search(name) or "@" in name:
        return None
    # Each piece in capitals is written as a name: "MICHAEL REGAN, Administrator" -> "Michael Regan, Administrator".
    return ", ".join(capitalised(piece) if piece.isupper() else piece for piece in name.split(", "))


def capitalised(name: str) -> str:
    """An all-capitals name as a name is written: "CITY OF NEW YORK" -> "City of New York";
    acronyms and initials stay ("USA", "LLC", "U.S.", "DHS")."""
    small = SMALL_WORDS.split("|")
    return " ".join(w.lower() if i and w.lower() in small else name_word(w) for i, w in enumerate(name.split()))


SIDE_WORDS = r"Plaintiffs?|Defendants?|Petitioners?|Respondents?"
_SIDE = {"plaintiff": "Plaintiff", "petitioner": "Plaintiff", "defendant": "Defendant", "respondent": "Defendant"}


def party_side(word: str) -> str:
    """Which side a label names: "Petitioners" -> "Plaintiff", "Respondent" -> "Defendant"."""
    return _SIDE[word.lower().rstrip("s")]


# A docket report's party list: the side on a line of its own (sometimes twice; not a header's
# "Jurisdiction: U.S. Government\nDefendant" wrapped above the first entry's side), the name on the
# next line, then (in the next column) "represented by" and the lawyers. A long name wraps onto
# the following line, set off from that column by a run of spaces.
DOCKET_PARTY = re.compile(
    rf"^(?P<side>{SIDE_WORDS})[ \t]*\n(?:(?P=side)[ \t]*\n)?(?!(?:{SIDE_WORDS})[ \t]*$)"
    r"(?P<name>[^\n]{3,100}?)(?:[ \t]+represented[ \t]+by\b[^\n]*)?[ \t]*$"
    r"(?:\n(?P<wrap>[A-Za-z][^\n]{0,40}?)[ \t]{2,}\S[^\n]*)?",
    re.M,
)
# Lines that can follow a side label without being a party: page furniture, column rules, notes,
# a complaint's numbered paragraph or a paper's title.
_NOT_DOCKET_PARTY = re.compile(
    r"^(?:represented\b|\(|v\.|-|\d|(?:Brief|Motion|Order|Memorandum|Notice)\b)|:"
    rf"|\b(?:Case|Page|TERMINATED|As\s+of|{SIDE_WORDS})\b",
    re.I,
)


def docket_parties(text: str) -> list[Finding]:
    """Parties from a docket report's party list, at most as many per side as a caption keeps."""
    found: list[Finding] = []
    for m in DOCKET_PARTY.finditer(text):
        name = " ".join(m.group("name").split()).strip(" ,.")
        if _NOT_DOCKET_PARTY.search(name) or not re.search(r"[A-Za-z]{2}", name) or re.fullmatch(DATE, name, re.I):
            continue
        # the lines below the name: its office ("Secretary of ..."), or the rest of a long name
        office, end = _docket_office(text, m.end("name"))
        wrap = m.group("wrap")
        if not wrap and UNFINISHED.search(name) and (goes_on := _NEXT_LINES_WORD.match(text, m.end())):
            # a long name wrapped onto the next line, whose lawyers' column follows one space on
            # ("Department of Housing and Urban represented by ...\nDevelopment U.S. DEPARTMENT OF JUSTICE")
            wrap = goes_on.group(1)
        if not wrap and not office and (joined := _JOINED_LINE.match(text, m.end())):
            # the name goes on with a joining word on the next line ("United States Department of Health\nand
            # Human Services"), the lawyers' column (if any) set off beside it
            wrap, end = joined.group(1), max(end, joined.end(1))
        if wrap and not office and not _NOT_DOCKET_PARTY.search(wrap):
            name = " ".join(capitalised(part) if part.isupper() else part for part in (name, wrap.strip(" ,")))
        side = party_side(m.group("side"))
        party = (office and party_name(f"{name}, {office}")) or party_name(name)
        if party and sum(f.value.startswith(side) for f in found) < _kept_per_side(side):
            found.append(Finding(f"{side}: {party}", text[m.start() : max(end, m.end())], 0.8))
    return found


# The first word of a party list's next line (the rest of a wrapped name, before the lawyers' column).
_NEXT_LINES_WORD = re.compile(r"\n[ \t]*([A-Z][A-Za-z]+)(?=[\s,;]|$)")
# The other column of a party list, on the lines of a party's description: its lawyers' notes.
_COUNSEL_COLUMN = re.compile(
    r"\(See\s+above\s+for\s+address\)|TERMINATED:.*$|LEAD\s+ATTORNEY|ATTORNEY\s+TO\s+BE\s+NOTICED|PRO\s+HAC\s+VICE",
    re.I,
)
# A party's description that says what office it holds: "in his official capacity as Director of
# (wrapped) Alameda County Health Care Services Agency", "Secretary of the California Health and ...".
_OFFICE_DESCRIPTION = re.compile(
    rf"^(?:(?:individually\s+and\s+)?in\s+(?:his|her|its|their)\s+official\b|(?:the\s+)?(?:[A-Z][\w.-]*\s+){{0,2}}"
    rf"(?:{OFFICES}|Administrator|Deputy)\b)",
    re.I,
)
DESCRIPTION_LINES = 3  # lines a party list's description of a party runs to


def _docket_office(text: str, start: int) -> tuple[str, int]:
    """The office a docket's party list describes a party by, on the lines below its name (the left
    column, without the lawyers' notes beside it), and where that description ends; ("", start) when
    the lines below say no office."""
    lines: list[str] = []
    end = start
    for k, line in enumerate(text[start:].split("\n", DESCRIPTION_LINES + 2)[1 : DESCRIPTION_LINES + 2]):
        # a description runs to DESCRIPTION_LINES lines, and one more where the last stops on a joining
        # word ("SECRETARY OF THE UNITED STATES\nDEPARTMENT OF HOUSING AND\nURBAN DEVELOPMENT")
        if k == DESCRIPTION_LINES and not re.search(rf"\b(?:{SMALL_WORDS})$", lines[-1] if lines else "", re.I):
            break
        left = _COUNSEL_COLUMN.sub(" ", re.split(r"[ \t]{2,}", line.strip(), maxsplit=1)[0]).strip()
        if not left or re.match(rf"(?:{SIDE_WORDS}|represented|\d|V\.?$)", left, re.I) or "@" in left:
            break
        lines.append(left)
        end = text.index(line, end) + len(line)
    description = " ".join(" ".join(lines).split())
    return (description, end) if _OFFICE_DESCRIPTION.match(description) else ("", start)


# The second half of an agency's name joined by "and" ("Department of Health and Human Services",
# "Immigration and Customs Enforcement"): words that name a public function, up to the next name, the
# agency's short name ("... Customs Enforcement ICE"), or a word that names the body after two of them
# ("Texas Health and Human Services Commission"; not "... and Housing Authority of ...", a new body).
_TAIL_WORD = (
    r"(?:(?:Human|Services|Customs|Enforcement|Urban|Development|Border|Protection|Family|Families|Protective"
    r"|Developmental|Disabilities|Public|Safety|Mental|Hygiene|Wildlife|Corrections?|Industry|Hospitals|Recreation"
    r"|Naturalization|Rehabilitation|Parole|Probation|Community|Welfare|Training|Research|Technology|Budget"
    r"|Environment(?:al)?|Energy|Commerce|Labor|Education|Youth|Aging|Justice|Firearms|Explosives|Transportation"
    r"|Housing|Agriculture|Conservation|Natural|Resources|Social|Health|Finance|Administration|Regulation|Licensure)\b\s*)"
)
NAME_TAIL = (
    rf"(?i:{_TAIL_WORD}+(?:$|[,;(]|and\b|(?-i:[A-Z]{{2,6}})\s*(?:$|[,;(]))"
    rf"|{_TAIL_WORD}{{2,}}(?:Commission|Council|Agency|Division|Board|Office|Department)\b)"
)
# The end of an agency's name whose first words the "and" joins ("Commissioner of the Food and Drug
# Administration", "Centers for Medicare and Medicaid Services"): no new party starts at that "and".
_AGENCY_END = r"(?:[A-Z][\w'’-]*\s+){0,2}(?i:Administration|Services?|Management)\b\s*(?:$|[,;(])"
# A party list's next line that goes on with a joining word and the words of a public function ("United
# States Department of Health\nand Human Services"); the lawyers' column may follow one space on.
_JOINED_LINE = re.compile(rf"\n[ \t]*((?:and|of|for)[ \t]+{_TAIL_WORD}+)", re.I)


def _kept_per_side(side: str) -> int:
    return CAPTION_DEFENDANTS if side == "Defendant" else CAPTION_NAMES


def _party_columns(line: str) -> list[str]:
    """A caption line's columns (set off by runs of spaces) left of the first that names the court's
    officers or the case: "UBER TECHNOLOGIES, INC. and RASIER,  Notice of Related Case: 3:17-cv-02664"
    keeps its party; a line that starts with such a column keeps none."""
    columns = re.split(r"[ \t]{2,}", line)
    return next((columns[:i] for i, column in enumerate(columns) if _NOT_PARTY_LINE.search(column)), columns)


# The words of a capacity, which a caption's line may break from the "in his" before them.
_CAPACITY_WORDS = re.compile(r"\b(?:individual\s+and\s+)?(?:official|individual)\s+capacit(?:y|ies)\b", re.I)


def _caption_names(block: str, side: str) -> list[str]:
    names = []
    cleaned = " ".join(
        _CAPTION_NOISE.sub(" ", segment).strip()
        for line in block.splitlines()
        for segment in _party_columns(line)
        # the other column of a two-column opinion page, not a party's description (nor the rest of a
        # capacity a line broke: "DOUG BURGUM, in his\n) official capacity as Secretary of the")
        if not _RUNNING_TEXT.search(_DESCRIBED.sub("", _CAPACITY.sub("", _CAPACITY_WORDS.sub("", segment))))
    )
    cleaned = " ".join(re.sub(rf"\bet\s+al\.?|\b(?:{SIDE_WORDS})\b.*", "", cleaned, flags=re.I).split())
    # Split on "and", ";" and on commas before a new all-capitals name (not before "LLC", "INC" ..., nor
    # before the last of the charges a body's name lists: "DEPARTMENT OF CHILDREN, YOUTH, AND FAMILIES").
    for part in re.split(
        rf";|\band\s+(?=[A-Z])(?!{NAME_TAIL}|{_AGENCY_END})|,\s*(?!(?:LLC|L\.L\.C|INC|CORP|CO|LTD|LP|N\.A)\b|AND\s+{NAME_TAIL})(?=(?:[A-Z][A-Z]+\s){{1,}}[A-Z]+)",
        cleaned,
    ):
        name = party_name(part)
        # "AND" can still lead after a ZIP code the address left ("D.C. 20250 AND DUCHENEAUX"): no name.
        if name and not re.match(r"(?i)(?:and|the\s+honorable|the$|v\.?|vs\.?)\b", name):
            names.append(name)
    return names[: _kept_per_side(side)]


_LAWYERS_LINE = re.compile(r"\b(?:Attorneys?|Counsel)\s+for\b", re.I)


def caption_parties(text: str) -> list[Finding]:
    """Plaintiffs and defendants from a case caption ("A, Plaintiff, v. B, Defendant.")."""
    for marker in _PLAINTIFF_MARK.finditer(text):
        if DOCKET_PARTY.match(text, marker.start()):
            continue  # a docket report's party list (docket_parties reads it): the lines above are its header
        word = re.search(_PLAINTIFF_LABEL, marker.group(0), re.I | re.M)
        assert word is not None  # _PLAINTIFF_MARK's match holds the label
        versus = _VERSUS.search(text, marker.start() + word.end(), marker.end() + 200)
        defendants = versus and (
            _DEFENDANT_LABEL.search(text, versus.end(), versus.end() + 1500)
            or _DEFENDANT_MARK.search(text, versus.end(), versus.end() + 1500)
        )
        # A read that ends inside a long caption (a first page of agencies with their addresses) holds
        # the names up to its end; the last may be cut off.
        if not versus:
            continue
        # Only a caption's own label line may run to the read's end: "Attorneys for Plaintiffs" over a
        # civil cover sheet's "Lindqvist v. Riverside County" is a signature block, not a caption.
        cut = (
            not defendants
            and len(text) - versus.end() <= CAPTION_CUT_CHARS
            and not _LAWYERS_LINE.search(marker.group(0))
        )
        if not (defendants or cut):
            continue
        start = max(0, marker.start() - CAPTION_LOOKBACK_CHARS)
        heads = list(_CAPTION_HEAD.finditer(text, start, marker.start()))
        start = heads[-1].end() if heads else start
        end = defendants.end() if defendants else len(text)
        quote = text[start:end].strip()
        plaintiff_block = text[start : marker.start() + word.start()]
        found = [Finding(f"Plaintiff: {n}", quote, 0.8) for n in _caption_names(plaintiff_block, "Plaintiff")]
        named = _caption_names(text[versus.end() : defendants.start() if defendants else end], "Defendant")
        found += [Finding(f"Defendant: {n}", quote, 0.8) for n in (named[:-1] if cut else named)]
        if found and len(quote) <= 3000:
            return found
    return []


# The last word of a name that goes on: a word that qualifies the next ("Department of Mental",
# "County Housing", "University of North"), a joining word.
UNFINISHED = re.compile(
    rf"\b(?:North|South|East|West|New|Human|Mental|Urban|Public|Social|Natural|Developmental|Protective|Housing"
    rf"|Personnel|Juvenile|{SMALL_WORDS})$",
    re.I,
)
