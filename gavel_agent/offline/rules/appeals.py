"""GAVEL trials and appeals: trials held or set, and appeals with their court and outcome."""

from __future__ import annotations

import re

from gavel_agent.offline.registry import DocInfo, Finding, completes, extractor, settles
from gavel_agent.offline.rules.party_captions import SIDE_WORDS, SMALL_WORDS
from gavel_agent.offline.rules.text import (
    dates_in,
    is_type,
    line_span,
    matching_sentences,
    parse_date,
    sentence_findings,
    show_date,
)
from gavel_agent.text.regexes import DATE, STATES

_TRIAL = re.compile(
    r"\b(?:bench|jury|court)\s+trial\s+(?:began|commenced|was\s+held|took\s+place|concluded|in\s+this)|\btrial\s+(?:began|commenced|was\s+held|took\s+place)"
    r"|\bverdict\b|\b(?:after|following)\s+(?:a|the)\s+(?:[\w-]+\s+){0,3}trial\b|\bthe\s+jury\s+(?:found|returned|awarded)",
    re.I,
)
_NOT_TRIAL = re.compile(
    r"demand\w*\s+(?:for\s+)?(?:a\s+)?(?:trial\s+by\s+)?jury|jury\s+(?:trial\s+)?demand|DEMAND\s+FOR\s+JURY|\bv\.\s"
    r"|reasonable\s+(?:jury|juror|fact-?finder)|could\s+return\s+a\s+verdict|genuine",
    re.I,
)
_APPEAL = re.compile(
    r"\bnotice\s+of\s+appeal\b|\bappealed\b|\binterlocutory\s+appeal\b|\bpetition\s+for\s+(?:a\s+)?writ\s+of\s+certiorari\b"
    r"|\b(?:Circuit|Court\s+of\s+Appeals)\s+(?:affirmed|reversed|vacated|remanded|dismissed)",
    re.I,
)
# A court of appeals as opinions and dockets name it: "Ninth Circuit", "9th Cir.", and on old dockets "9th CCA"
# (the Circuit Court of Appeals); the Supreme Court, or a state's ("appealed to the Nebraska Supreme Court").
_APPEAL_COURT = re.compile(
    r"\b(First|Second|Third|Fourth|Fifth|Sixth|Seventh|Eighth|Ninth|Tenth|Eleventh|D\.\s?C\.|Federal|\d{1,2}(?:st|nd|rd|th))"
    r"\s+(?:Cir(?:cuit|\.)|CCA\b|C\.C\.A\.)"
    rf"|\b((?:(?:{STATES})\s+)?Supreme\s+Court)\b",
    re.I,
)
_APPEAL_RESULT = re.compile(r"\b(affirm\w*|revers\w*|vacat\w*|remand\w*|dismiss\w*|denied)\b", re.I)


# A docket's scheduling entry: "Nonjury Trial set for 2/21/2012 at 09:30 AM".
_TRIAL_SET = re.compile(
    rf"\b((?:Bench|Jury|Nonjury|Non-Jury)?\s*Trial)\s+(?:is\s+)?(?:re)?(?:set|scheduled)\s+(?:for|on)\s+({DATE})", re.I
)


@extractor("gavel", "trials")
def trials(text: str, doc: DocInfo) -> list[Finding]:
    found = sentence_findings(text, _TRIAL, 0.7, exclude=_NOT_TRIAL)
    for m in _TRIAL_SET.finditer(text):
        day = parse_date(m.group(2))
        if day:
            found.append(
                Finding(f"{show_date(day)}: {' '.join(m.group(1).split()).capitalize()} scheduled", m.group(0), 0.6)
            )
    return found


# Who appealed: "the City appealed", "Defendants filed a notice of appeal", "Notice of Appeal ... by Denka".
_PARTY_WORDS = (
    rf"(?:the\s+)?(?:{SIDE_WORDS}|Intervenors?|Government|United\s+States"
    r"|(?:City|County|State|Commonwealth)(?:\s+of\s+[A-Z][a-z]+(?:\s+[A-Z][a-z]+)?)?)"
)
_APPELLANT = re.compile(
    rf"\b(?P<who>{_PARTY_WORDS})\s+(?:timely\s+|then\s+|subsequently\s+)?(?:appealed|(?:filed|noticed)\s+(?:a\s+|an\s+|their\s+|its\s+)?(?:timely\s+|interlocutory\s+)?(?:notice\s+of\s+)?appeal)"
    rf"|\bnotice\s+of\s+appeal\b[^.;]{{0,60}}?\bby\s+(?P<by>{_PARTY_WORDS}"
    rf"|(?-i:[A-Z][\w.&'’-]*(?:[ \t]+(?:[A-Z][\w.&'’-]*|{SMALL_WORDS})){{0,6}}))",
    re.I,
)


# An appellate court's own opinion or order names the court in its caption, near the top:
# "UNITED STATES COURT OF APPEALS FOR THE NINTH CIRCUIT", "United States Court of Appeals, Fifth Circuit.",
# "SUPREME COURT OF THE UNITED STATES". The case reached that court.
_APPELLATE_CAPTION = re.compile(
    r"(?:United\s+States|U\.\s?S\.)\s+Court\s+of\s+Appeals,?\s+(?:for\s+the\s+)?(First|Second|Third|Fourth|Fifth|Sixth|Seventh"
    r"|Eighth|Ninth|Tenth|Eleventh|District\s+of\s+Columbia|D\.\s?C\.|Federal)\s+Circuit"
    r"|(Supreme\s+Court\s+of\s+the\s+United\s+States)",
    re.I,
)
CAPTION_REACH = 1500  # characters from a document's start where its caption stands


# A state's appellate courts head their opinions the same way, in either order and with the division between:
# "Supreme Court of Arizona", "IN THE COURT OF APPEALS STATE OF ARIZONA", "COURT OF APPEAL SECOND CIRCUIT STATE
# OF LOUISIANA", "Court of Appeal, Second District, Division 7, California", "Supreme Judicial Court of
# Massachusetts", "In the Indiana Supreme Court".
_STATE_COURT_KIND = (
    r"Supreme\s+(?:Judicial\s+)?Court|Court\s+of\s+(?:Criminal\s+)?Appeals?|Appellate\s+(?:Court|Division)"
)
# Between the court and its state stand only a caption's words: capitalised ones (a division, a district),
# "of", "the", "state", commas; "the court of appeals in Massachusetts" in a sentence is no caption.
_CAPTION_WORDS = r"(?:[\s,]+(?:of|for|the|state|(?-i:[A-Z0-9][\w.-]*))){0,5}?[\s,]+"
_STATE_APPELLATE_CAPTION = re.compile(
    rf"\b(?P<kind>{_STATE_COURT_KIND})\b{_CAPTION_WORDS}(?P<state>{STATES})\b"
    rf"|\bIn\s+the\s+(?P<state_first>{STATES})\s+(?P<kind_after>{_STATE_COURT_KIND})\b",
    re.I,
)
# A state court of last resort also hears cases first (an original writ, a petition to make a rule): its
# caption shows an appeal only with a party on appeal or a petition for review beside it.
_ON_APPEAL = re.compile(r"\bappell(?:ant|ee)s?\b|\bappeal(?:ed)?\s+from\b|\bcertiorari\b|\bwrits?\b|\breview\b", re.I)


def appellate_caption(text: str) -> Finding | None:
    """The appeal an appellate court's caption at the top of a document shows."""
    m = _APPELLATE_CAPTION.search(text, 0, CAPTION_REACH)
    if not m:
        return _state_appellate_caption(text)
    name = "Supreme Court" if m.group(2) else f"{' '.join(m.group(1).split()).title()} Circuit"
    return Finding(f"Appeal to the {name.replace('District Of Columbia', 'D.C.')}", m.group(0), 0.65)


def _state_appellate_caption(text: str) -> Finding | None:
    """A state appellate court's caption, as "Appeal to the Arizona Court of Appeals". New York's Supreme
    Court is its trial court; its Appellate Division and Court of Appeals hear appeals."""
    if not _ON_APPEAL.search(text, 0, CAPTION_REACH):
        return None
    for m in _STATE_APPELLATE_CAPTION.finditer(text, 0, CAPTION_REACH):
        kind = " ".join((m.group("kind") or m.group("kind_after")).split()).title().replace(" Of ", " of ")
        state = " ".join((m.group("state") or m.group("state_first")).split()).title()
        if state.startswith("New York") and kind == "Supreme Court" and "appellate division" not in m.group(0).lower():
            continue
        if state in ("Columbia", "District Of Columbia"):  # "Court of Appeals for the District of Columbia Circuit"
            continue
        return Finding(f"Appeal to the {state} {kind}", m.group(0), 0.65)
    return None


_ORDINAL_WORDS = dict(
    zip(
        ("1st", "2nd", "3rd", "4th", "5th", "6th", "7th", "8th", "9th", "10th", "11th"),
        ("First", "Second", "Third", "Fourth", "Fifth", "Sixth", "Seventh", "Eighth", "Ninth", "Tenth", "Eleventh"),
    )
)
# "as to Notice of Appeal 259 filed by the County": a docket entry pointing back to the notice of appeal
# (the court of appeals' case number, its memorandum, the mandate) is not a second appeal by that party.
# PACER writes the pointer number first as often: "MANDATE of USCA as to 68 Notice of Appeal, filed by ...",
# "USCA Appeal Fees received ... re 109 Notice of Appeal filed by ...", "Indexed record on Appeal Files for 147
# Notice of Appeal".
_EARLIER_NOTICE = re.compile(
    r"notice\s+of\s+appeal\s*(?:\[|\(?\s*(?:Doc(?:ument)?|ECF|Dkt)\.?\s*(?:No\.?\s*)?)?\d"
    r"|(?:\bas\s+to|\bre:?|\bfor|,)\s+\[?\d+\]?\s+(?:amended\s+)?notice\s+of\s+(?:interlocutory\s+|cross[- ])?appeal",
    re.I,
)
# PACER's entries for what the court of appeals sent back: "MEMORANDUM of USCA ...", "MANDATE of USCA ...";
# an "ORDER of USCA" is mostly about the appeal's briefing, so it counts only when it tells an outcome.
# The entry may name the paper after the court too: "USCA JUDGMENT as to 46 Notice of Appeal", "MEMORANDUM FROM USCA".
_APPEAL_DECISION_ENTRY = re.compile(
    r"\b(MEMORANDUM|OPINION|ORDER|JUDGMENT|MANDATE)\s+(?:of|from)\s+(?:the\s+)?USCA\b"
    r"|\bUSCA\s+(MEMORANDUM|OPINION|ORDER|JUDGMENT|MANDATE)\b",
    re.I,
)


def _circuit(court: re.Match) -> str:
    """The court an appeal went to, named in words: "9th Cir." and "Ninth Circuit" are one court."""
    if court.group(2):
        return " ".join(w.capitalize() for w in court.group(2).split()).replace(" Of ", " of ")
    ordinal = court.group(1)
    return f"{_ORDINAL_WORDS.get(ordinal.lower(), ordinal[:1].upper() + ordinal[1:])} Circuit"


@extractor("gavel", "appeals")
def appeals(text: str, doc: DocInfo) -> list[Finding]:
    caption = appellate_caption(text)
    found = [caption] if caption else []
    for span, _ in matching_sentences(text, _APPEAL):
        sentence = span.of(text)
        if re.search(r"\bv\.\s", sentence):  # a precedent's history, not this case's
            continue
        court = _APPEAL_COURT.search(sentence)
        appellant = _APPELLANT.search(sentence)
        if appellant and appellant.group("by") and _EARLIER_NOTICE.search(sentence):
            appellant = None
        who = appellant and re.sub(
            rf"\s+(?:{SMALL_WORDS})$", "", " ".join((appellant.group("who") or appellant.group("by")).split())
        )
        if not court and not who:
            continue
        # An appellate opinion says "The City timely appealed" without naming itself: who appealed
        # is still worth recording, with the court left out.
        name = court and _circuit(court)
        value = f"{who[0].upper()}{who[1:]} appealed" if who else "Appeal"
        value += f" to the {name}" if name else ""
        result = court and _APPEAL_RESULT.search(sentence, court.end())
        when = dates_in(sentence)
        value += (f": {result.group(1).lower()}" if result else "") + (f" ({show_date(when[0][0])})" if when else "")
        found.append(Finding(value, sentence, 0.7 if court else 0.6))
    if is_type(doc, "docket"):
        found += _appeal_decisions(text, doc.name)
    return found


def _appeal_decisions(text: str, doc_name: str) -> list[Finding]:
    """A docket's entries for the court of appeals' decision, dated by the entry; the outcome may stand in
    the entry's next sentence ("MEMORANDUM of USCA ... as to Notice of Appeal 259. AFFIRMED."). The entry
    says "USCA"; the court is the one circuit the docket's notices of appeal name, when they name one, and
    the first entry naming it is the value's second passage."""
    # A petition beyond the circuit, or a state court's part in the case, leaves the circuit one.
    named: dict[str, re.Match] = {}
    for m in _APPEAL_COURT.finditer(text):
        if not (circuit := _circuit(m)).endswith("Supreme Court"):
            named.setdefault(circuit, m)
    court = "Court of appeals"
    told: tuple[tuple[str, str], ...] = ()
    if len(named) == 1:
        ((court, first),) = named.items()
        told = ((doc_name, line_span(text, first.start(), first.end()).of(text).strip()),)
    found = []
    for m in _APPEAL_DECISION_ENTRY.finditer(text):
        line = line_span(text, m.start(), m.end())
        start, entry = line.start, line.of(text)
        head = entry[: m.start() - start]
        when = dates_in(head)  # the entry's own date, before its text
        # "USCA MANDATE" opens the entry that records it; inside another ("Transmission of USCA Mandate to
        # the District Judge") it names a paper already entered.
        if not when or (m.group(2) and re.search(r"[A-Za-z]", head)):
            continue
        result = _APPEAL_RESULT.search(entry, m.end() - start, m.end() - start + 300)
        kept = result is not None and result.group(1).lower() != "denied"
        paper = (m.group(1) or m.group(2)).lower()
        if paper == "order" and not kept:
            continue
        quote = entry[: result.end()] if result and kept else entry[: m.end() - start + 200]
        outcome = f": {result.group(1).lower()}" if result and kept else ""
        found.append(Finding(f"{court} {paper}{outcome} ({show_date(when[0][0])})", quote, 0.6, also=told))
    return found


def _undated_court(value: str) -> str | None:
    """The court a bare appeals value names ("Appeal to the Ninth Circuit"); None for a dated value or one
    that tells the outcome ("Appeal to the Ninth Circuit: affirmed" says more than the dated notice)."""
    if ":" in value or re.search(r"\([^()]*\d{4}\)$", value):
        return None
    m = re.search(rf"\bto the ([A-Z][\w. ]*?(?:Circuit|{_STATE_COURT_KIND}))", value)
    return m.group(1) if m else None


# A federal case's appeals go to the one court of appeals over its district: the circuit that most of the
# case's candidates name (captions, notices, decisions) is the case's own; a circuit named in only a few
# sentences is mostly a precedent's history ("On appeal, the Ninth Circuit reversed" in a Sixth Circuit
# opinion). The Fifth Circuit heard Alabama, Florida and Georgia until October 1981, the Eleventh since,
# so a case there can have been before both.
_CIRCUIT_NAMED = re.compile(
    r"\b((?:First|Second|Third|Fourth|Fifth|Sixth|Seventh|Eighth|Ninth|Tenth|Eleventh|D\.C\.|Federal) Circuit)\b"
)
_ONE_COURT = ({"Fifth Circuit", "Eleventh Circuit"},)
# Values a window could not give a court: "Plaintiffs appealed (May 1, 2020)", "Court of appeals mandate (...)".
_COURTLESS = re.compile(r"^(?:(?P<who>.+? appealed)|Court of appeals(?P<paper> .+?))(?P<rest>(?: \([^()]*\))?)$")


def case_circuit(values: list[str]) -> str | None:
    """The court of appeals a federal case's values mostly name: named by more of them than all other
    circuits together; None when no circuit leads so."""
    named = [m.group(1) for v in values if (m := _CIRCUIT_NAMED.search(v))]
    if not named:
        return None
    lead = max(sorted(set(named)), key=named.count)
    return lead if 2 * named.count(lead) > len(named) else None


@completes("gavel", "appeals")
def court_of_the_case(rows: list[dict]) -> list[tuple[str, int | None]]:
    """An appeal whose window named no court (a docket's notice of appeal or its "MANDATE of USCA" entry, an
    opinion's "the City appealed") went to the case's court of appeals; the surest candidate naming that
    court is the completed value's second passage."""
    values = [r["value"] for r in rows]
    circuit = case_circuit(values)
    if circuit is None:
        return [(value, None) for value in values]
    told = max(
        (i for i, value in enumerate(values) if (m := _CIRCUIT_NAMED.search(value)) and m.group(1) == circuit),
        key=lambda i: rows[i].get("confidence", 0.0),
    )
    done: list[tuple[str, int | None]] = []
    for value in values:
        m = _COURTLESS.match(value) if " to the " not in value else None
        if m and m.group("who"):
            done.append((f"{m.group('who')} to the {circuit}{m.group('rest')}", told))
        elif m:
            done.append((f"{circuit}{m.group('paper')}{m.group('rest')}", told))
        else:
            done.append((value, None))
    return done


def other_circuits_dropped(kept: list[int], rows: list[dict]) -> list[int]:
    """The case's values without those naming another court of appeals than the case's own (a precedent's)."""
    circuit = case_circuit([rows[i]["value"] for i in kept])
    if circuit is None:
        return kept

    def others(value: str) -> bool:
        m = _CIRCUIT_NAMED.search(value)
        if m is None or m.group(1) == circuit:
            return False
        return not any({m.group(1), circuit} <= pair for pair in _ONE_COURT)

    return [i for i in kept if not others(rows[i]["value"])]


@settles("gavel", "appeals")
def appeals_of_the_case(kept: list[int], rows: list[dict]) -> list[int]:
    """The case's own appeals, each once."""
    return dated_appeal_over_caption(other_circuits_dropped(kept, rows), rows)


def dated_appeal_over_caption(kept: list[int], rows: list[dict]) -> list[int]:
    """An appeal to a court that a dated value already records is one appeal: the undated value (an
    appellate caption, "Appeal to the Ninth Circuit") goes."""
    dated = " ".join(rows[i]["value"] for i in kept if _undated_court(rows[i]["value"]) is None)
    return [i for i in kept if not ((court := _undated_court(rows[i]["value"])) and f"to the {court}" in dated)]
