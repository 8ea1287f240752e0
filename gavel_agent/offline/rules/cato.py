"""Rule extractors for the CATO trade-secret factors (spec ``cato``).

The same rules read a case narrative and a generated argument. A factor is
found in a sentence either by an explicit mention of its id or name
("F6", "Security-measures") or by cue phrases for the facts it stands for
("kept the drawings in a locked room"). A mention is dropped when its clause
negates it ("never signed a nondisclosure agreement", "CC lacks F6"); factors
whose facts are themselves negative (F5, F19) carry the negation in their cues.

Attribution: when the text discusses several cases, each finding names the
case it is stated for, as ``"F6 Security-measures [TSC1]"``. The case is read
from labels (CC / current case, TSC1 / first precedent, TSC2 / second
precedent) in the finding's clause, else the nearest earlier clause of the
same paragraph that names one, else the document's own name when that is a
label. Without any of these the value is the bare ``"F6 Security-measures"``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from gavel_agent.checklists import load_spec
from gavel_agent.offline.registry import DocInfo, Finding, extractor

SPEC = "cato"

# Per factor: alternatives of (anchor, also-required patterns, unless pattern).
# The anchor is the phrase whose clause is checked for negation; every other
# pattern must occur somewhere in the same sentence; ``unless`` vetoes it.
Cue = tuple[str, tuple[str, ...], str | None]
CUES: dict[str, list[Cue]] = {
    "F1": [
        (
            r"\b(show(n|ed)?|reveal(ed)?|disclos(ed|ing)|hand(ed)? over|walk(ed)? (\S+ ){1,3}through|shared|present(ed)?|explain(ed)?|demonstrat(ed)?)\b",
            (
                r"negotiat|joint venture|licen[cs]e (talks|deal|discussions)|(talks|discussions) (about|over|on|regarding)|prospective (buyer|licensee|partner|investor)|due diligence|possible (sale|acquisition|deal)",
            ),
            None,
        )
    ],
    "F2": [
        (
            r"\b(bribe[sd]?|kickbacks?|signing bonus|bonus|paid|pay(ments?)?|money|cash|stock options|inducements?)\b",
            (r"employ|engineer|worked for|\bstaff\b|switch|away from|\bjobs?\b|defect|\bjoin",),
            None,
        )
    ],
    "F3": [
        (
            r"\b(alone|single-?handed(ly)?|solely|sole (developer|author|inventor|creator|designer)|only (person|one|employee|engineer)\b.{0,40}\bwho|entirely by|by (him|her)self|on (his|her) own)\b",
            (r"develop|design|creat|\bwr(o|i)te|written|invent|work(ed)? on|\bbuilt\b",),
            None,
        )
    ],
    "F4": [
        (
            r"\b(non-?disclosure agreement|confidentiality agreement|NDA|secrecy agreement|agreed (in writing )?not to (disclose|reveal|divulge)|promised to keep \S+ (secret|confidential))",
            (),
            r"contractors?|suppliers?|customers?|outsiders?|vendors?|distributors?|third part",
        )
    ],
    "F5": [
        (
            r"\b((did|does) not (specify|identify|define|say|list)|never (identified|specified|defined)|without (defining|specifying|identifying)|vague|overly broad|general terms|not specific)",
            (r"agreement|clause|contract|\bNDA\b|covenant",),
            None,
        )
    ],
    "F6": [
        (
            r"\b(locked|locks?|passwords?|(restricted|limited) access|access (was |were )?(limited|restricted)|sign(ed)? in\b|badges?|in a (safe|vault)|security (measures|precautions|procedures)|guards?|encrypt(ed|ion)?|need-to-know)\b",
            (),
            None,
        ),
        (r"\b(marked|stamped|labell?ed)\b", (r"confidential|secret",), None),
    ],
    "F7": [
        (
            r"\b(took|taken|carried|brought|downloaded|copied|removed|walked out with)\b(?! apart)",
            (
                r"drawings|files|documents|notebooks|prototypes|source code|blueprints|\bnotes\b|disks?|\bdrives?\b|\btools\b|materials|records|copies",
                r"\bleft\b|leaving|resign|depart|new (job|employer)|\bjoin|former employee|\bquit|\balong\b",
            ),
            None,
        )
    ],
    "F8": [
        (
            r"\b(saved|save|head start|competitive advantage|development (time|costs?|work|effort)|months earlier|years? of (development|work|research)|fraction of the (usual |normal )?(cost|time)|lead time|shortcut)\b",
            (),
            None,
        )
    ],
    "F10": [
        (
            r"\b(show(n|ed)|sent|shared|disclosed|revealed|gave|distributed|provided)\b",
            (r"\b(customers?|suppliers?|contractors?|distributors?|vendors?|outsiders?|third parties|licensees?)\b",),
            r"confidential|secrecy|non-?disclosure|in confidence",
        )
    ],
    "F11": [
        (
            r"\b(customer (lists?|information|data|base)|lists? of customers|(knowledge|information) (of|about) (its |their )?(customers|suppliers)|supplier (lists?|prices|information)|pricing (information|data)|buying (habits|preferences)|business information|marketing (plans|information))",
            (),
            None,
        )
    ],
    "F12": [
        (
            r"\b(confidentiality (agreements?|obligations?|terms|restrictions)|obligations? of secrecy|non-?disclosure|bound \S+ (to )?(confidential|secre)|in confidence)",
            (r"\b(contractors?|suppliers?|customers?|outsiders?|vendors?|licensees?|third parties|distributors?)\b",),
            None,
        )
    ],
    "F13": [
        (
            r"\b(non-?competition (agreement|clause|covenant)|non-?compete|covenant not to compete|agreed not to compete|barred \S+ from working for (a )?(rival|competitor))",
            (),
            None,
        )
    ],
    "F14": [
        (
            r"\b(used|relied on|worked (directly )?from|made use of|based \S+ (design )?on|copied)\b",
            (
                r"confidential (drawings|documents|materials|information|specifications)|restricted (documents|materials|drawings)|received\b.{0,60}\bin confidence|(supplied|provided|given) under the (supply |licen[cs]e )?(contract|agreement)",
            ),
            None,
        )
    ],
    "F15": [
        (
            r"\b(only (manufacturer|maker|producer|company|supplier|firm)|sole (manufacturer|producer|maker|supplier|source)|unique product|one of a kind|no other (company|manufacturer|firm|maker|competitor) (offered|made|sold|produced|makes|sells|offers)|no (equivalent|competing product|comparable product)|nothing (else )?like it)",
            (),
            None,
        )
    ],
    "F16": [
        (
            r"\b((could|can) (have )?(been |be )?reverse[- ]engineer|(could|can) (readily |easily )?be (readily |easily )?(ascertained|discovered|duplicated|learned|reverse[- ]engineered)|readily ascertainable|reverse[- ]engineerable|(could|can) take (it|them) apart)",
            (),
            None,
        )
    ],
    "F17": [
        (
            r"\b(independent(ly)? (developed|development|research|design|creat)|developed \S+( \S+)? independently|own research|from scratch|without (reference|access) to|independent development|arrived at \S+( \S+)? independently|clean[- ]room)",
            (),
            None,
        )
    ],
    "F18": [
        (
            r"\b(identical|indistinguishable|exact (copy|replica|duplicate)|virtually the same|substantially the same|(a|an) (copy|clone|replica) of|same design as)\b",
            (),
            None,
        )
    ],
    "F19": [
        (
            r"\b((took|taken|take|taking) no (steps|measures|precautions)|no (security|protective) (measures|precautions|steps)|(did not|didn't|never|failed to) (take \S+ (steps|precautions|measures)|lock|protect|secure|restrict|mark|guard)|unlocked|left \S+( \S+)? (open|unsecured|unprotected)|(anyone|any (employee|visitor)|every (employee|visitor))( or visitor)? could (see|open|access|read)|freely accessible|without any (security|protection|safeguards))",
            (),
            None,
        )
    ],
    "F20": [
        (
            r"\b(known|knew|familiar|aware|common knowledge|widely used)\b",
            (
                r"competitors|\bindustry\b|\bin the trade\b|other (firms|manufacturers|companies|makers)|manufacturers of|rivals",
            ),
            None,
        )
    ],
    "F21": [
        (
            r"\b(knew|known|aware|told|understood|warned|informed|on notice|realized)\b",
            (r"confidential|secret|proprietary",),
            r"competitors|\bindustry\b|other (firms|manufacturers|companies)",
        )
    ],
    "F22": [
        (
            r"\b(aerial (photo\w*|surveillance)|trespass\w*|broke into|break(ing)? into|wiretap\w*|intercept\w*|secretly recorded|eavesdrop\w*|hacked|spied|surveillance|flew over|hidden camera)",
            (),
            None,
        )
    ],
    "F23": [
        (
            r"\b(waived|waiver|gave up (any|its|all) (claim|right)|released \S+( \S+)? from \S+ (confidentiality|secrecy)|relinquished|abandoned (its|any) claim)",
            (),
            None,
        )
    ],
    "F24": [
        (
            r"\b(publicly available|public (sources|domain|record|literature)|published (literature|articles|sources)|trade journals|textbooks?|catalog(ue)?s?|product literature|obtainable elsewhere|could be found in)\b",
            (),
            None,
        )
    ],
    "F25": [
        (
            r"\b(reverse[- ]engineered|took \S+ apart|took apart|taken apart|disassembl\w*|tore down|teardown|torn down|analy[sz](ed|ing) \S+( \S+)? product)",
            (),
            r"\b(could|can|would|might)\b",
        )
    ],
    "F26": [
        (
            r"\b(posed as|posing as|pretend\w*|false pretenses|misrepresent\w*|\blied\b|lying|deceiv\w*|deception|disguised|impersonat\w*|under the guise|tricked|misled)",
            (),
            None,
        )
    ],
    "F27": [
        (
            r"\b(described|presented|displayed|showed|shown|exhibited|demonstrated|revealed|disclosed|published|talk|lecture|paper)\b",
            (
                r"conference|trade show|symposium|public (forum|talk|presentation)|technical paper|journal article|\bpatent\b|exhibition|trade fair|website",
            ),
            None,
        )
    ],
}

# Factors whose facts are negative: their cues already say "no", "not", "never".
NEGATIVE_FACTS = {"F5", "F19"}

NEGATION = re.compile(
    r"\b(no|not|never|without|neither|nor|none|nobody|lacks?|lacking|lacked|absent|cannot|failed to)\b|n't\b", re.I
)
# "F6 Security-measures is absent in CC": negation just after an explicit mention.
NEGATED_AFTER = re.compile(r"^\W*(\w+\W+){0,3}?(is|are|was|were|remains?)\s+(not\b|absent|missing|lacking)", re.I)
CLAUSE_BREAK = re.compile(
    r"[;:,()]|\s[-–—]\s|\b(but|whereas|while|although|though|because|since|however|unlike|which)\b", re.I
)
SENTENCE_END = re.compile(r"(?<!\b[vV])(?<!\bCorp)(?<!\bInc)(?<!\bCo)(?<!\bLtd)(?<!\bNo)[.!?](?=\s+[\"'(\[A-Z0-9*])")
LABELS = [
    ("CC", re.compile(r"\bCC\b|\bcurrent case\b|\bcase at (bar|hand)\b|\binstant case\b", re.I)),
    ("TSC1", re.compile(r"\bTSC\s?-?1\b|\bfirst precedent\b|\bprecedent (1|one)\b", re.I)),
    ("TSC2", re.compile(r"\bTSC\s?-?2\b|\bsecond precedent\b|\bprecedent (2|two)\b", re.I)),
]
LABEL_NAMES = {label for label, _ in LABELS}


@dataclass(frozen=True)
class Clause:
    start: int
    end: int
    labels: tuple[str, ...]


@dataclass(frozen=True)
class Sentence:
    start: int
    end: int
    paragraph: int
    clauses: tuple[Clause, ...]


def _clauses(text: str, start: int, end: int) -> tuple[Clause, ...]:
    cuts = [start] + [m.start() for m in CLAUSE_BREAK.finditer(text, start, end)] + [end]
    out = []
    for a, b in zip(cuts, cuts[1:]):
        if b <= a:
            continue
        piece = text[a:b]
        spans = sorted((m.start(), label) for label, rx in LABELS for m in rx.finditer(piece))
        # "Unlike TSC1 ..." names the case being contrasted, not the one described.
        if re.match(r"\W*unlike\b", piece, re.I) and spans:
            spans = spans[1:]
        out.append(Clause(a, b, tuple(dict.fromkeys(label for _, label in spans))))
    return tuple(out)


@lru_cache(maxsize=32)
def analyse(text: str) -> tuple[Sentence, ...]:
    """Sentences with their clauses and the case labels each clause names (blank lines part paragraphs)."""
    sentences = []
    paragraph = 0
    line_start = 0
    for line in text.split("\n"):
        start, end = line_start, line_start + len(line)
        line_start = end + 1
        if not line.strip():
            paragraph += 1
            continue
        cuts = [start] + [m.end() for m in SENTENCE_END.finditer(text, start, end)] + [end]
        for a, b in zip(cuts, cuts[1:]):
            while a < b and text[a].isspace():
                a += 1
            if b > a:
                sentences.append(Sentence(a, b, paragraph, _clauses(text, a, b)))
    return tuple(sentences)


def _names() -> dict[str, re.Pattern]:
    spec = load_spec(SPEC)
    out = {}
    for item in spec.items:
        # Names only in their hyphenated form: "security measures" in prose is a cue, not a name.
        words = r"[-\u2010\u2011]".join(re.escape(w) for w in item.name.split("-"))
        out[item.key] = re.compile(rf"\b{item.key}\b(?!\d)|(?<![\w-]){words}(?![\w-])", re.I)
    return out


MENTIONS = _names()


@lru_cache(maxsize=32)
def masked(text: str) -> str:
    """The text with explicit factor mentions blanked, so cue phrases never fire on factor names."""
    chars = list(text)
    for rx in MENTIONS.values():
        for m in rx.finditer(text):
            chars[m.start() : m.end()] = " " * (m.end() - m.start())
    return "".join(chars)


def _clause_at(sentence: Sentence, pos: int) -> int:
    return next((i for i, c in enumerate(sentence.clauses) if c.start <= pos < c.end), len(sentence.clauses) - 1)


def _negated(text: str, clause: Clause, start: int, end: int, explicit: bool) -> bool:
    plain = masked(text)
    if NEGATION.search(plain, clause.start, start):
        return True
    return explicit and bool(NEGATED_AFTER.match(plain[end : clause.end]))


def attribute(sentences: tuple[Sentence, ...], index: int, pos: int, doc: DocInfo) -> tuple[str, ...]:
    """The case labels a statement at ``pos`` in sentence ``index`` is about (see module doc)."""
    sentence = sentences[index]
    clause_index = _clause_at(sentence, pos)
    # A list continues its clause's subject: "CC and TSC1 share F4, F6 and F10" is about both cases.
    for clause in reversed(sentence.clauses[: clause_index + 1]):
        if clause.labels:
            return clause.labels
    for earlier in reversed(sentences[:index]):
        if earlier.paragraph != sentence.paragraph:
            break
        for clause in reversed(earlier.clauses):
            if clause.labels:
                return clause.labels
    return tuple(label for label in (doc.name, doc.title) if label in LABEL_NAMES)[:1]


def _matches(key: str, text: str, sentence: Sentence) -> list[tuple[int, int, bool]]:
    """(start, end, explicit) of each non-negated statement of the factor in the sentence."""
    found = []
    for m in MENTIONS[key].finditer(text, sentence.start, sentence.end):
        found.append((m.start(), m.end(), True))
    plain = masked(text)
    body = plain[sentence.start : sentence.end]
    for anchor, also, unless in CUES[key]:
        if any(not re.search(p, body, re.I) for p in also) or (unless and re.search(unless, body, re.I)):
            continue
        for m in re.finditer(anchor, plain[: sentence.end], re.I):
            if m.start() >= sentence.start:
                found.append((m.start(), m.end(), False))
    kept = []
    for start, end, explicit in found:
        clause = sentence.clauses[_clause_at(sentence, start)]
        if explicit or key not in NEGATIVE_FACTS:
            if _negated(text, clause, start, end, explicit):
                continue
        kept.append((start, end, explicit))
    return kept


def find_factor(key: str, text: str, doc: DocInfo) -> list[Finding]:
    """Findings for one factor: the value (with its case label when known) and the sentence as quote."""
    name = load_spec(SPEC).item(key).name
    sentences = analyse(text)
    findings: dict[tuple[str, str], Finding] = {}
    for index, sentence in enumerate(sentences):
        for start, _end, explicit in _matches(key, text, sentence):
            quote = text[sentence.start : sentence.end].strip()
            labels = attribute(sentences, index, start, doc) or ("",)
            for label in labels:
                value = f"{key} {name} [{label}]" if label else f"{key} {name}"
                findings.setdefault((value, quote), Finding(value, quote, 1.0 if explicit else 0.8))
    return list(findings.values())


def _register(key: str) -> None:
    @extractor(SPEC, key)
    def rule(text: str, doc: DocInfo) -> list[Finding]:
        return find_factor(key, text, doc)


for _key in CUES:
    _register(_key)
