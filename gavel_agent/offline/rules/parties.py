"""GAVEL parties: the extractor (captions, party lists, officials sued, listed defendants, facilities,
an agreement's parties, an investigation's institutions) and its settler, one value per defendant.
"""

from __future__ import annotations

import re
from dataclasses import replace

from gavel_agent.offline.registry import DocInfo, Finding, best_of_each, extractor, settles
from gavel_agent.offline.rules.institutions import OFFICES, institution_word, names_an_institution
from gavel_agent.offline.rules.party_captions import (
    NAME_TAIL,
    SIDE_WORDS,
    SMALL_WORDS,
    UNFINISHED,
    capitalised,
    caption_parties,
    docket_parties,
    party_name,
    party_side,
    unsplit_words,
)
from gavel_agent.offline.rules.text import flat, is_type, matching_sentences

_PARTY_SENTENCE = re.compile(
    rf"\b(?P<side>{SIDE_WORDS})\s+"
    r"(?P<name>(?:[A-Z][\w.&'’-]*|of|the|and|for|de|la)(?:[ \t]+(?:[A-Z][\w.&'’-]*|of|the|and|for|de|la|County|City)){0,9}?)"
    r"(?:\s*\([^)]{0,60}\))?(?:,?\s+(?:is|are|was|were)\s+(?:an?|the)\b"
    # "... is sued in her official capacity as the Secretary of ...", "..., acting in his official capacity as ..."
    r"|,?\s+(?:(?:is|was|are|were)\s+)?(?:sued\s+|acting\s+)?in\s+(?:his|her|their|its)\s+official\s+capacit(?:y|ies)\s+as\b"
    # "..., Secretary of the DOC, ..." (not a list's next party: "Defendants Riverside County, Sheriff Raymond ...")
    rf"|,\s+(?:the\s+)?(?:[A-Z][\w.-]*\s+){{0,3}}(?:{OFFICES})\s+(?:of|for)\b"
    # "... is Director of Federal Protective Services", "... was Acting Commissioner of ...": an office without an article
    rf"|,?\s+(?:is|was)\s+(?:[A-Z][\w.-]*\s+){{0,3}}(?:{OFFICES})\s+(?:of|for)\b)"
)

_LAST_OF_TWO = re.compile(r"\s+and\s+(?-i:[A-Z][a-z]+(?:\s+[A-Z]\.)?\s+[A-Z][a-z]+)$")

# An investigation letter's subject line: "Re: CRIPA Investigation of Fort Bayard Medical Center,\nBayard,
# New Mexico\nDear Governor ..." (to the salutation, or a blank line).
_LETTER_SUBJECT = re.compile(r"^\s*R[Ee]\s*:\s*(?P<subject>(?:(?!\n\s*\n|\bDear\b)[\s\S]){5,300})", re.M)
_SUBJECT_LEAD = re.compile(
    r"^(?:Findings\s+Letter\s+Regarding|Notice\s+of\s+Findings\s+of\s+Investigation,?|(?:(?:CRIPA|ADA|and)\s+)*Investigation\s+of)\s+(?:the\s+)?"
    r"|^.*?\bv\.\s+",  # "United States v. Essex County (Essex County Youth House)": the investigated side
    re.I,
)


def investigated_institutions(text: str, doc: DocInfo) -> list[Finding]:
    """The institutions an investigation letter's subject line names ("Dorothea Dix Hospital in Raleigh,
    Broughton Hospital in Morganton"), which stand for the defendants of an investigation that never
    became a lawsuit; the places beside them ("Winslow, New Jersey") are not."""
    if not is_type(doc, "findings", "investigation", "letter"):
        return []
    institution = institution_word()
    found = []
    for m in _LETTER_SUBJECT.finditer(text, 0, 5000):
        subject = _SUBJECT_LEAD.sub("", m.group("subject").strip())
        for piece in re.split(r"[,;()]", subject):
            # A name may wrap ("Broughton\nHospital"); a line after its last institution word is a
            # place or a reference number ("Helena", "OCR Reference No. 10136001").
            lines = piece.splitlines()
            named = [i for i, line in enumerate(lines) if institution.search(line)]
            name = named and party_name(re.sub(r"\s+in\s+[A-Z][\w ]*$", "", " ".join(lines[: named[-1] + 1])))
            if name:
                found.append(Finding(f"Defendant: {name}", m.group(0).strip(), 0.7))
    return found


# An official sued for the office, wherever a paper says so ("ROBERT L. CHILDREE, in his official capacity
# as Comptroller of the State of Alabama"): the office names the body the coding means, and only
# defendants are sued in an official capacity.
_SUED_AS_OFFICIAL = re.compile(
    r"(?P<name>(?-i:[A-Z][\w.'’-]+(?:[ \t]+(?:[A-Z][\w.'’-]*|de|la|van)){1,3})),?\s+(?:(?:is|was|are)\s+)?(?:sued\s+)?"
    r"(?:individually\s+and\s+)?in\s+(?:his|her)\s+(?:individual\s+and\s+)?official\s+capacity\s+as\s+(?:the\s+)?"
    r"(?P<office>(?-i:[A-Z])(?:[^,;.()\n]|(?<=\b[A-Z])\.){2,80})",  # "U.S." is no sentence's end
    re.I,
)


# A docket party list's other column, beside or below a party's name: its lawyers.
_LAWYERS_COLUMN = re.compile(r"\s*\brepresented\s+by\b|ATTORNEY\s+TO\s+BE\s+NOTICED", re.I)


def officials_sued(text: str) -> list[Finding]:
    """Officials sued in an official capacity, named with the office when the office names an institution."""
    found = []
    # every official a sentence names (a caption is one sentence), not only its first
    sued = [
        (span, m)
        for span, _ in matching_sentences(text, _SUED_AS_OFFICIAL)
        for m in _SUED_AS_OFFICIAL.finditer(text, span.start, span.end)
    ]
    for span, m in sued:
        name, office = " ".join(m.group("name").split()), unsplit_words(" ".join(_office_wrapped(text, m).split()))
        name = capitalised(name) if name.isupper() else name
        value = f"Defendant: {name}, {office}"
        # An office cut off by a line's end ("Director of the Colorado Department of") names no body; a
        # docket's party list sets the lawyers ("represented by") beside the name.
        cut = re.search(rf"\b(?:{SMALL_WORDS})$", office, re.I)
        listing = _LAWYERS_COLUMN.search(span.of(text))
        if not (cut or listing or re.match(rf"(?i)(?:{SIDE_WORDS}|The|This|In|On)\b", name)) and names_an_institution(
            value
        ):
            found.append(Finding(value, span.of(text), 0.5))
    return found


# An office's name wrapped onto the next line: the line breaks after a joining word ("Director of the
# Ohio Department of\nHuman Services"), or the next line goes on with one in lower case ("... of Job\nand
# Family Services").
_OFFICE_GOES_ON = re.compile(r"\n[ \t]*(?P<rest>[^,;.()\n]{1,60})")


def _office_wrapped(text: str, m: re.Match) -> str:
    """An official's office as _SUED_AS_OFFICIAL found it, with its next line when the name goes on there."""
    office = m.group("office")
    ends_joined = re.search(rf"\b(?:{SMALL_WORDS})[ \t]*$", office, re.I)
    more = _OFFICE_GOES_ON.match(text, m.end("office"))
    if more and (ends_joined or re.match(rf"(?:{SMALL_WORDS})\b", more.group("rest"))):
        return f"{office} {more.group('rest')}"
    return office


# An opinion's or a brief's own list of the defendants: "Defendants are the Board of Education, DOC,
# and ...", "The Complaint names seven Defendants: A; B; and C", "an action against Defendants A; B; ...".
# An initial's or an abbreviation's period ("L. ERIC PATTERSON", "the U.S. Marshals Service") ends no list.
_NOT_A_STOP = r"(?:[^.]|(?<=\b[A-Z])\.)"
_DEFENDANT_LIST = re.compile(
    r"\b(?:Defendants\s+(?:are|include)|(?:names|named|sued|against)\s+(?:\w+\s+)?(?:the\s+)?[Dd]efendants:?)"
    rf"\s+(?:(?P<list>{_NOT_A_STOP}{{10,1200}}?(?:[;,]\s*|\s)and\s+(?:(?!;){_NOT_A_STOP}){{3,120}}?)(?=(?<!\b[A-Z])\.\s|\s*\(collectively|$)"
    # a semicolon list the text read stops inside (a pleading's first page): its last piece may be cut off
    rf"|(?P<cut>{_NOT_A_STOP}{{10,1200}}?;{_NOT_A_STOP}*)\Z)"
)


# A comma or an "and" between a list's bodies, not the "and" inside an agency's name ("Department of
# Health and Human Services", "Centers for Medicare and Medicaid Services and Jane Roe").
_LIST_SEPARATOR = re.compile(
    rf",\s*(?:and\s+)?|\s+and\s+(?!{NAME_TAIL}|(?:[A-Z][\w'’-]*\s+){{0,2}}(?i:Administration|Services?|Management)\b)"
)


def listed_defendants(text: str) -> list[Finding]:
    """The bodies a sentence lists as the defendants (people only with their office), split at its
    semicolons, or at its commas and "and" when it has none."""
    found = []
    for m in _DEFENDANT_LIST.finditer(text):  # a list's semicolons end no sentence here
        listing = " ".join((m.group("list") or m.group("cut")).split())
        pieces = re.split(r";\s*(?:and\s+)?", listing) if ";" in listing else _LIST_SEPARATOR.split(listing)
        for piece in pieces[:-1] if m.group("cut") else pieces:
            # without the short name the paper defines for it ("(“NJ DHS”)")
            name = party_name(re.sub(r"^(?:and|the)\s+|\s*\([\"“][^)]*\)", "", piece.strip()))
            if name and names_an_institution(f"Defendant: {name}"):
                found.append(Finding(f"Defendant: {name}", m.group(0), 0.6))
    return found


# The place a case is about, named in running text by the people it holds or what goes on there
# ("residents of the Beatrice State Home", "confined at the Hartford Juvenile Detention Center",
# "conditions at the Northwest Habilitation Center"): the coding often names the facility beside, or
# instead of, the officials a caption sues. A name is capitalised words that end on a facility's word
# (not a unit within one: "Special Housing Unit"). Not a place someone passed through ("held at",
# "admitted to", "committed to") or an inmate's address ("an inmate at ... Jail"): on the dev folds those
# named 20 uncoded facilities and one coded. Nor a jail, which the county or sheriff the papers sue runs
# (2 coded, 8 not on the dev folds), nor a name of kind words alone ("Detention Center").
_FACILITY_WORD = (
    r"(?:Center|Centre|Hospital|Facility|Institution|Penitentiary|Prison|School|Home|Manor"
    r"|Detention(?:\s+for\s+(?:Men|Women))?|Reformatory|Workhouse|Farm|Camp|Academy|Complex|Annex)"
)
_FACILITY_AT = re.compile(
    r"(?i:\b(?:residents?|patients?|detainees?|prisoners?|wards|conditions(?:\s+of\s+confinement)?|practices"
    r"|operation|confined|incarcerated|housed|hospitali[sz]ed|residing|resides?|placed|living|lives?)"
    r"\s+(?:at|in|of|to)\s+(?:the\s+)?)"
    rf"(?P<name>(?:[A-Z][\w.'’-]*[ \t\n]+(?:(?i:of|for|the|and)[ \t\n]+)?){{1,6}}(?=[A-Z])(?i:{_FACILITY_WORD}))\b"
)
# Words that say what kind of place a facility is without naming one ("Detention Center", "State
# Training School", "Adult Diagnostic and Treatment Center").
_FACILITY_KIND = re.compile(
    rf"(?:(?:{SMALL_WORDS}|State|County|City|Federal|Regional|Special|Adult|Juvenile|Youth|Boys'?|Girls'?"
    r"|Children's|Correctional|Detention|Diagnostic|Treatment|Training|Reception|Nursing|Care|Medical|Mental"
    rf"|Health|Psychiatric|Developmental|Rehabilitation|Adjustment|Residential)\s+)*{_FACILITY_WORD}",
    re.I,
)
FACILITY_CONFIDENCE = 0.3  # a party the papers never call one: the learned choice weighs it apart


def facilities_at_issue(text: str) -> list[Finding]:
    """Facilities running text says the case's people are held in or cared for at, as defendants."""
    found = []
    for span, _ in matching_sentences(text, _FACILITY_AT):
        for m in _FACILITY_AT.finditer(text, span.start, span.end):
            name = unsplit_words(" ".join(m.group("name").split()))
            name = capitalised(name) if name.isupper() else name
            if not _FACILITY_KIND.fullmatch(name):
                found.append(Finding(f"Defendant: {name}", span.of(text), FACILITY_CONFIDENCE))
    return found


# A settlement's title names its parties: "RESOLUTION AGREEMENT BETWEEN THE UNITED STATES AND THE CITY OF
# HOUSTON", "Memorandum of Agreement between the United States and Lorain County, Ohio". The side that
# is not the government suing (nor the plaintiffs) is the defendant.
_AGREEMENT_NAME = r"(?-i:(?!AND\b)[A-Z][\w.'’-]*(?:\s+(?:(?!AND\b)[A-Z][\w.'’-]*|of|the|for|OF|THE|FOR)){0,9}(?:,\s+[A-Z][a-z]+(?:\s+[A-Z][a-z]+)?)?)"
_AGREEMENT_BETWEEN = re.compile(
    rf"\bAGREEMENT\s+BETWEEN\s+(?:THE\s+)?(?P<first>{_AGREEMENT_NAME})\s+AND\s+(?:THE\s+)?(?P<second>{_AGREEMENT_NAME})",
    re.I,
)
_SUING_SIDE = re.compile(r"^(?:United\s+States|U\.\s?S\.|Plaintiffs?|Parties|Petitioners?|Defendants?)\b", re.I)
_AGREEMENT_TOPIC = re.compile(r"\s+(?:Concerning|Regarding|Re|Under|Pursuant|Relating|On|In)\b", re.I)
AGREEMENT_TITLE_CHARS = 1500  # a title stands at the head of its paper


def agreement_parties(text: str) -> list[Finding]:
    """The defendant side of an agreement's title, where the title pairs it with the suing side."""
    m = _AGREEMENT_BETWEEN.search(text, 0, AGREEMENT_TITLE_CHARS)
    if not m or not _SUING_SIDE.match(m.group("first")):
        return []
    second = _AGREEMENT_TOPIC.split(m.group("second"), maxsplit=1)[0]
    if second.split()[0].isupper():  # a title in capitals ends where its capitals do
        words = second.split()
        kept = next((i for i, w in enumerate(words) if not (w.isupper() or w in ("of", "the", "for"))), len(words))
        second = second[: second.index(words[kept])] if kept < len(words) else second
    name = party_name(second)
    quote = m.group(0)[: m.start("second") - m.start() + len(second)]
    return [Finding(f"Defendant: {name}", quote, 0.7)] if name and not _SUING_SIDE.match(name) else []


# A party value's name (before any description) that is no party of this case: a cited case's party
# with its Westlaw cite ("City of New York, 2020 WL 1694300"), a paper's words or form ("Consent to
# Proceed Before a United States Magistrate Judge", "Case Number", "Proof of Service", "Notice of
# Filing", a recital's "Whereas", a complaint's "Paragraph 10 to ..."), a sentence about someone ("ALO is
# a resident of ...", "County officials who operate"), a company's suffix alone ("Inc").
_NOT_A_PARTY = re.compile(
    r"\b\d{4}\s+WL\s+\d|\bMagistrate\s+Judge\b|^Consent\s+to\b|^Paragraphs?\b|\bWhereas\b"
    r"|\bCase\s+Number\b|\bProof\s+of\s+Service\b|\bNotice\s+of\s+Filing\b"
    r"|\bis\s+an?\s+(?:resident|citizen)\b|^[^,]*\bwho\s+(?:operates?|is|are|was|were)\b"
    r"|^(?:Inc|LLC|Corp|Co|Ltd|LLP)\.?$",
    re.I,
)


# Words that say what kind of body or office a party is, or its charge, without naming one: a name of
# these words only ("Housing Authority", "Hospital", "Commissioner of Personnel", "Security Service")
# names no one body. A bare "Department of ..." does (a federal department is written so).
_KIND_WORD = (
    r"(?:the|of|and|for|State|County|City|Department|Office|Bureau|Board|Agency|Authority|Commission|Division"
    r"|Administration|Services?|Unit|Center|Hospital|Facility|School|Jail|Prison|Commissioner|Director|Officers?"
    r"|Housing|Security|Personnel|Family|Youth|Education|Health|Human|Police|Correction(?:s|al)?)"
)
_KIND_ONLY = re.compile(rf"{_KIND_WORD}(?:\s+{_KIND_WORD})*", re.I)


def _is_a_party(value: str) -> bool:
    name = value.split(": ", 1)[-1].split(" (", 1)[0]
    head = name.split(", ", 1)[0].strip(" ,.")
    kind_only = _KIND_ONLY.fullmatch(head) and not re.match(r"(?:The\s+)?Department\s+of\b", head, re.I)
    return not (_NOT_A_PARTY.search(name) or kind_only)


# Words a name's line or column runs on into after the name ends: "et al.", a stamp's or a paper's word
# ("Order", "represented"), an unfinished phrase ("sued", "acting", "and an", an opened "(See").
_TRAILING_DEBRIS = re.compile(
    r"(?:,?\s+(?:et\.?(?:\s*a[lI1]\.?)?|acting|sued|represented|order|and\s+an?)|\s+\(See)$", re.I
)


def _without_trailing_debris(finding: Finding) -> Finding:
    value = finding.value
    while (cut := _TRAILING_DEBRIS.sub("", value).rstrip(" ,")) != value:
        value = cut
    return replace(finding, value=value) if value != finding.value else finding


@extractor("gavel", "parties")
def parties(text: str, doc: DocInfo) -> list[Finding]:
    caption = caption_parties(text)
    found = caption + docket_parties(text) + investigated_institutions(text, doc) + listed_defendants(text)
    found += agreement_parties(text)
    # A caption's only defendant is the one the case is against, whatever it is ("PRIMELENDING, a
    # PlainsCapital Company"); beside others, a bare name is mostly an officer sued with a body.
    sole = [f for f in caption if f.value.startswith("Defendant: ")]
    sole = sole if len(sole) == 1 else []
    found = [f for f in found if not f.value.startswith("Defendant: ") or f in sole or names_an_institution(f.value)]
    # an official the caption already names, with the office or a description
    named = {_name_head(f.value).lower() for f in found}
    found += [f for f in officials_sued(text) if _name_head(f.value).lower() not in named]
    found += [f for f in facilities_at_issue(text) if _name_head(f.value).lower() not in named]
    for span, m in matching_sentences(text, _PARTY_SENTENCE):
        side = party_side(m.group("side"))
        name = " ".join(m.group("name").split())
        if _ACRONYM.fullmatch(name):  # "Defendant HHS is ...": the name the paper gave it, where it did
            name = _defined_as(text[: m.start()], name)
        if name[:1].isupper() and name.lower() not in ("the", "it"):
            # (a docket's party list sets the lawyers beside or below it: "represented by ...")
            described = _LAWYERS_COLUMN.split(text[m.end("name") : span.end], maxsplit=1)[0]
            description = unsplit_words(flat(described, 120)).strip(" ,")
            # "X is the elected Sheriff of Y." describes X as "elected Sheriff of Y"
            description = _DESCRIBING_VERB.sub("", description).rstrip(".")
            name = capitalised(name) if name.isupper() else name
            # "Defendants Riverside County and Raymond T. Caldwell, in his official capacity as ...": two
            # parties, and the office is the last one's (officials_sued names him with it).
            listed = _LAST_OF_TWO.search(name)
            if listed and re.match(r"in\s+(?:his|her)\b", description):
                name, description = name[: listed.start()], ""
            value = f"{side}: {name} ({description})" if description else f"{side}: {name}"
            if side == "Plaintiff" or names_an_institution(value):
                found.append(Finding(value, span.of(text), 0.6))
    return [f for f in map(_without_trailing_debris, found) if _is_a_party(f.value)]


_ACRONYM = re.compile(r"[A-Z]{2,6}")
# A name before the short form a paper defines for it: 'the U.S. Department of Health and Human Services ("HHS")'.
_DEFINED_NAME = r"((?:(?:[A-Z][\w.&'’-]*|of|the|and|for|on)[ \t\n]+){1,10}?(?:[A-Z][\w.&'’-]*))"


def _defined_as(before: str, acronym: str) -> str:
    """The whole name a paper gave the acronym ("U.S. Department of Health and Human Services (“HHS”)"),
    the last time before the sentence; "" when the text read does not define it (a short form alone names
    no one body: "HHS" of a state or of the United States)."""
    pattern = rf"{_DEFINED_NAME}[ \t\n]*\((?:the[ \t\n]+)?[“\"]{acronym}[”\"]\)"
    found = [m.group(1) for m in re.finditer(pattern, before)]
    if not found:
        return ""
    name = re.sub(r"^(?:(?:of|the|and|for|on)\s+)+", "", " ".join(found[-1].split()))
    return unsplit_words(name)


_DESCRIBING_VERB = re.compile(r"^(?:is|are|was|were)\s+(?:(?:an?|the)\s+|(?-i:(?=[A-Z])))", re.I)


@settles("gavel", "parties")
def one_value_per_defendant(kept: list[int], rows: list[dict]) -> list[int]:
    """The learned choice weighs defendants only (the coding names no plaintiffs): the chosen defendants,
    each person or body once, then every plaintiff the rules found. Of the chosen values naming one
    person, the one that says most (``_told``): "John Roe (sued in his official capacity as the Secretary of
    State of Alabama)" tells the office's body that "John Roe, Secretary of State" leaves out."""
    defendants = [i for i in kept if rows[i]["value"].startswith("Defendant: ")]
    fullest = best_of_each(defendants, lambda i: _party_key(rows[i]["value"]), lambda i: _told(rows[i]["value"]))
    chosen = _whole_names(fullest, rows)
    return chosen + [i for i, r in enumerate(rows) if not r["value"].startswith("Defendant: ")]


def _party_key(value: str) -> str:
    """Who a party value names, however punctuated or cased, without a leading "the": "The City of New
    York" and "City of New York", "James R. Edgar" and "James R Edgar", "Miami−Dade" and "Miami-Dade"."""
    words = re.findall(r"[a-z0-9]+", _name_head(value).lower())
    return " ".join(words[1:] if words[:1] == ["the"] else words)


def _told(value: str) -> tuple[int, int]:
    """How much a value says of a party: the distinct words of names its office or description holds
    ("... Commissioner of the Michigan Independent Citizens Redistricting Commission" over "... (is a
    commissioner on the Commission and is affiliated with ...)"), then its length."""
    return len(set(re.findall(r"\b[A-Z][\w.'’-]*", value))), len(value)


def _whole_names(chosen: list[int], rows: list[dict]) -> list[int]:
    """The chosen defendants without a name cut off (a caption's line or column broke it): one that goes
    on with an "and" of its own in another chosen value ("United States Department of Health" beside
    "... Health and Human Services"), or that stops on a word leaving it unfinished where another
    candidate goes on ("Alexander County Housing" of "... Housing Authority", "University of North").
    The whole name takes the cut one's place, or the better rank of the two when both were chosen."""
    out = list(chosen)
    defendants = [j for j, r in enumerate(rows) if r["value"].startswith("Defendant: ")]
    for i in chosen:
        cut = _name_head(rows[i]["value"])
        if not cut:
            continue
        whole = next(
            (j for j in out if re.match(rf"{re.escape(cut)}\s+and\b", _name_head(rows[j]["value"]), re.I)), None
        )
        if whole is None and UNFINISHED.search(cut):
            goes_on = [j for j in defendants if re.match(rf"{re.escape(cut)}\s+\w", _name_head(rows[j]["value"]), re.I)]
            whole = min(goes_on, key=lambda j: (j not in out, len(_name_head(rows[j]["value"]))), default=None)
        if whole is None:
            continue
        at = min(out.index(i), out.index(whole)) if whole in out else out.index(i)
        out.remove(i)
        if whole in out:
            out.remove(whole)
        out.insert(at, whole)
    return out


def _name_head(value: str) -> str:
    """Who a party value names, without its side, office or description: "Defendant: Raymond T. Caldwell,
    Sheriff of Riverside County" and "Defendant: Raymond T. Caldwell (elected Sheriff ...)" name one."""
    return re.split(r" \(|, ", value.split(": ", 1)[-1], maxsplit=1)[0].strip()
