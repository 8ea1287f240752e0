"""Rule extractors for the 41 CUAD clause types (spec ``cuad``).

Clause items are filled with the sentence that states the clause, found by a
cue pattern, optional patterns that must also occur in the sentence, and a
veto pattern for sentences that deny the clause ("no licence is granted").
The eight short-answer items (name, parties, dates, renewal, notice period,
governing law) pull their answer out of the sentence that states it. Every
quote is a span of the text the extractor was given; nothing here looks at
CUAD's annotations.
"""

from __future__ import annotations

import re

from gavel_agent.offline.registry import DocInfo, Finding, extractor
from gavel_agent.offline.rules.text import MAX_QUOTE_CHARS, Span, flat, matching_sentences, parse_date, show_date
from gavel_agent.text.regexes import DATE_RE

SPEC = "cuad"
FLAGS = re.I | re.S

# key -> (cue, patterns that must also occur in the sentence, veto)
Clause = tuple[str, tuple[str, ...], str | None]
CLAUSES: dict[str, Clause] = {
    "most_favored_nation": (
        r"most[- ]favou?red|no less favou?rable|(?:better|more favou?rable) (?:terms|prices?|pricing)|lowest (?:net )?price",
        (),
        None,
    ),
    "competitive_restriction_exception": (
        r"notwithstanding|shall not (?:apply|prevent|restrict|prohibit|limit)|\bexcept\b|nothing .{0,120}(?:prevent|restrict|prohibit|limit)",
        (r"compet|exclusiv|solicit",),
        None,
    ),
    "non_compete": (
        r"\bnot,?\s+(?:to\s+)?(?:directly or indirectly,?\s+)?(?:compete|engage in)|non-?compet|competing (?:products?|business|services)|compete with",
        (),
        None,
    ),
    "exclusivity": (
        r"(?<!non-)(?<!non)\bexclusive(?:ly)?\b|sole (?:and exclusive )?(?:supplier|distributor|provider|source)|shall not (?:appoint|engage|authorize) any other",
        (),
        r"exclusive (?:jurisdiction|venue|forum|remedy|remedies|property|owner|right, title)|exclusive of\b|exclusively (?:by|in) the courts",
    ),
    "no_solicit_of_customers": (
        r"solicit\w*.{0,100}(?:customers?|clients?)|(?:customers?|clients?).{0,60}solicit",
        (),
        None,
    ),
    "no_solicit_of_employees": (
        r"solicit\w*.{0,100}(?:employees?|personnel|staff)|(?:hire|employ|recruit)\w*.{0,60}employees? of",
        (),
        None,
    ),
    "non_disparagement": (r"disparag|derogatory", (), None),
    "termination_for_convenience": (
        r"terminat\w*.{0,150}(?:for convenience|without cause|for any reason|for no reason|at any time (?:upon|by|with|on)|in its sole discretion)",
        (),
        None,
    ),
    "rofr_rofo_rofn": (
        r"right of first (?:refusal|offer|negotiation)|first right to (?:negotiate|purchase|acquire|offer)",
        (),
        None,
    ),
    "change_of_control": (
        r"change (?:of|in) (?:control|ownership)|(?:merger|consolidation|acquisition|reorganization)\b.{0,120}(?:terminat|consent|assign|notice)|sale of (?:all or )?substantially all",
        (),
        None,
    ),
    "anti_assignment": (
        r"(?:assign|transfer)\w*.{0,150}without (?:the )?(?:prior )?(?:express )?(?:written )?consent|(?:shall|may|will) not .{0,60}(?:assign|transfer)",
        (r"assign",),
        None,
    ),
    "revenue_profit_sharing": (
        r"royalt(?:y|ies)|revenue[- ]shar|profit[- ]shar|share of (?:the )?(?:net |gross )?(?:revenue|profit)|\d+\s*%\s*of (?:the |all )?(?:net|gross)|percent(?:age)? of (?:the |all )?(?:net|gross) (?:sales|revenues?|profits?|receipts)|commissions?",
        (),
        None,
    ),
    "price_restrictions": (
        r"(?:prices?|fees?|rates?)\b.{0,100}(?:shall not (?:be )?increase|not (?:be )?(?:increased|changed|raised)|remain (?:fixed|firm|unchanged)|fixed for)|(?:increase|adjust)\w*.{0,60}(?:prices?|fees?).{0,80}(?:no more than|not (?:to )?exceed|limited to)",
        (),
        None,
    ),
    "minimum_commitment": (
        r"minimum (?:purchase|order|quantit|annual|amount|commitment|volume|number|royalt|payment|sales|guarantee)|(?:purchase|order|buy|sell)\w* (?:not less than|at least)",
        (),
        None,
    ),
    "volume_restriction": (
        r"(?:in excess of|exceed\w*).{0,80}(?:units|users|volume|quantit|per (?:year|month|quarter))|maximum (?:number|quantity|volume|amount) of|(?:units|users|copies)\b.{0,40}(?:not exceed|up to)",
        (),
        None,
    ),
    "ip_ownership_assignment": (
        r"hereby (?:irrevocably )?(?:assigns?|transfers?)|shall (?:be|become|remain) the (?:sole (?:and exclusive )?|exclusive )?property of|works? made for hire|(?:vest|belong) (?:solely )?(?:in|to)",
        (r"right|title|intellectual|property|invention|work",),
        None,
    ),
    "joint_ip_ownership": (
        r"joint(?:ly)?[- ]own|co-?own|owned jointly|joint (?:property|ownership)|jointly (?:developed|created)",
        (),
        None,
    ),
    "license_grant": (
        r"(?:hereby )?grants?\b.{0,150}licen[cs]e|licen[cs]e to (?:use|make|sell|reproduce|distribute|display|market)",
        (),
        r"\bno (?:other )?(?:right or )?licen[cs]e|nothing (?:in|contained)|shall not be (?:construed|deemed)",
    ),
    "non_transferable_license": (
        r"non-?transferr?able|non-?sublicensable|not (?:be )?(?:transferr?able|sublicensable|assignable)|(?:may not|shall not|without the right to) (?:sublicense|transfer)",
        (r"licen[cs]",),
        None,
    ),
    "affiliate_license_licensor": (
        r"(?:licensor|grantor)\S* (?:and|or) (?:its|their) affiliates|affiliates of (?:the )?licensor",
        (r"licen[cs]",),
        None,
    ),
    "affiliate_license_licensee": (
        r"(?:licensee|distributor|customer|company)\S* (?:and|or) (?:its|their) affiliates|sublicense\w* .{0,40}affiliates|to (?:its|their) affiliates",
        (r"licen[cs]",),
        None,
    ),
    "unlimited_all_you_can_eat_license": (
        r"unlimited|enterprise[- ]wide|any number of (?:copies|users|sites|units)",
        (r"licen[cs]|use",),
        None,
    ),
    "irrevocable_or_perpetual_license": (
        r"(?:irrevocable|perpetual|in perpetuity).{0,100}licen[cs]|licen[cs]\w*.{0,100}(?:irrevocable|perpetual|in perpetuity)",
        (),
        None,
    ),
    "source_code_escrow": (r"escrow", (r"source code|escrow agent|deposit",), None),
    "post_termination_services": (
        r"(?:upon|after|following|in the event of) (?:the |any )?(?:termination|expiration|expiry).{0,200}(?:continue to (?:provide|supply|sell|support|perform)|transition|wind[- ]down|sell[- ]off|(?:remaining|existing) (?:inventory|stock)|shall (?:pay|provide|deliver|purchase|return))",
        (),
        None,
    ),
    "audit_rights": (
        r"\baudit|inspect\w* .{0,60}(?:books|records|facilit|premises|accounts)|(?:books|records|accounts).{0,80}(?:inspect|examin)",
        (),
        None,
    ),
    "uncapped_liability": (
        r"(?:limitation|exclusion)s? (?:of|on) liability.{0,150}(?:shall not apply|do not apply)|shall not apply to.{0,150}(?:indemnif|confidential|gross negligence|wil+ful)|(?:except|excluding) (?:for )?.{0,100}(?:gross negligence|wil+ful misconduct|indemnification obligations|breach of confidentiality)",
        (r"liab",),
        None,
    ),
    "cap_on_liability": (
        r"(?:total|aggregate|maximum|cumulative|entire) liability|liab\w*.{0,150}(?:shall not exceed|not to exceed|limited to|in excess of)|in no event (?:shall|will) .{0,80}liable",
        (),
        None,
    ),
    "liquidated_damages": (
        r"liquidated damages|termination fee|break-?up fee|early termination (?:fee|charge|payment)",
        (),
        None,
    ),
    "warranty_duration": (
        r"warrant\w*.{0,160}(?:for a period of|period of .{0,20}(?:days|months|years)|\d+\)? (?:days|months|years) (?:from|after|following))|warranty period",
        (),
        None,
    ),
    "insurance": (
        r"\binsurance\b|\binsured\b",
        (r"maintain|carry|procure|obtain|named|policy|policies|coverage",),
        None,
    ),
    "covenant_not_to_sue": (
        r"not to sue|covenants? not to|shall not (?:contest|challenge|oppose|dispute)|(?:contest|challenge|dispute) the (?:validity|ownership|enforceability)",
        (),
        None,
    ),
    "third_party_beneficiary": (
        r"third[- ]party beneficiar|intended beneficiar|express beneficiar",
        (),
        r"\bno (?:third|other)|not (?:be )?(?:a |an )?(?:intended )?(?:third|beneficiar)|nothing .{0,200}(?:confer|create|give)|(?:not|no) .{0,40}beneficiar",
    ),
}
_COMPILED = {
    key: (re.compile(cue, FLAGS), [re.compile(p, FLAGS) for p in required], re.compile(veto, FLAGS) if veto else None)
    for key, (cue, required, veto) in CLAUSES.items()
}


def clause_findings(key: str, text: str) -> list[Finding]:
    cue, required, veto = _COMPILED[key]
    out = []
    for span, _ in matching_sentences(text, cue):
        sentence = span.of(text)
        if all(p.search(sentence) for p in required) and not (veto and veto.search(sentence)):
            # The clause is its own answer: keep all of it, conditions included.
            out.append(Finding(flat(sentence, MAX_QUOTE_CHARS), sentence))
    return out


def _register_clause(key: str) -> None:
    @extractor(SPEC, key)
    def find(text: str, doc: DocInfo) -> list[Finding]:
        return clause_findings(key, text)


for _key in CLAUSES:
    _register_clause(_key)


_NUMBER_WORDS = {
    w: n for n, w in enumerate("zero one two three four five six seven eight nine ten eleven twelve".split())
} | {"fifteen": 15, "eighteen": 18, "twenty": 20, "thirty": 30, "forty-five": 45, "sixty": 60, "ninety": 90}
# 'five (5) years', '5 years', 'sixty (60) days', 'one-year'
PERIOD_RE = re.compile(
    r"\b(?:(?P<word>[a-z]+(?:-[a-z]+)?)\s*\(\s*(?P<paren>\d+)\s*\)|(?P<digits>\d+)|(?P<bare>[a-z]+(?:-[a-z]+)?))"
    r"[\s-]*(?P<unit>year|month|day|week)s?\b",
    re.I,
)


def periods(text: str, start: int = 0, end: int | None = None) -> list[tuple[str, re.Match]]:
    """Durations in the text as '<n> <unit>s', with the match they come from."""
    out = []
    for m in PERIOD_RE.finditer(text, start, len(text) if end is None else end):
        raw = m.group("paren") or m.group("digits") or _NUMBER_WORDS.get((m.group("bare") or "").lower())
        if raw is None:
            continue
        n = int(raw)
        out.append((f"{n} {m.group('unit').lower()}{'s' if n != 1 else ''}", m))
    return out


def _sentences(text: str, pattern: str, *required: str) -> list[Span]:
    needed = [re.compile(p, FLAGS) for p in required]
    return [
        s for s, _ in matching_sentences(text, re.compile(pattern, FLAGS)) if all(p.search(s.of(text)) for p in needed)
    ]


@extractor(SPEC, "governing_law")
def governing_law(text: str, doc: DocInfo) -> list[Finding]:
    pattern = re.compile(
        r"(?:governed|construed|interpreted|enforced)\b.{0,120}?\blaws?\s+of\s+(?:the\s+)?"
        r"(?:(?:State|Commonwealth|Province|Republic|Kingdom)\s+of\s+)?(?P<place>[A-Z][A-Za-z.]*(?:[ \t]+(?:of[ \t]+)?[A-Z][A-Za-z.]*){0,4})",
        re.S,
    )
    out = []
    for span, m in matching_sentences(text, pattern):
        place = re.sub(r"\s+(?:Without|And|Excluding|Applicable|As|In|Including)\b.*$", "", m.group("place")).strip(
            " ."
        )
        if place and place.lower() not in {"the", "such", "any"}:
            out.append(Finding(place, span.of(text)))
    return out


_TITLE_END = re.compile(r"(?:agreement|contract|amendment|license|licence|lease|plan|addendum)$", re.I)
_PREAMBLE_NAME = re.compile(
    r"\b(?:THIS|This)\s+((?:[A-Z][A-Za-z&\-]*[ \t]+(?:(?:and|of|&)[ \t]+)?){1,8}"
    r"(?:AGREEMENT|Agreement|CONTRACT|Contract|AMENDMENT|Amendment))\b"
)
_TITLE_SMALL_WORDS = {"of", "and", "the", "for", "to", "in", "on", "&", "-", "between"}


@extractor(SPEC, "document_name")
def document_name(text: str, doc: DocInfo) -> list[Finding]:
    """The first short line in title form ending in 'Agreement' (or contract, amendment ...)."""
    for m in re.finditer(r"^[ \t]*(\S[^\n]{2,90}?)[ \t]*$", text, re.M):
        line = m.group(1)
        words = line.split()
        if (
            len(words) <= 10
            and _TITLE_END.search(line)
            and all(w[0].isupper() or w[0].isdigit() or w.lower() in _TITLE_SMALL_WORDS for w in words)
        ):
            return [Finding(flat(line), line)]
    # Many contracts lost their line breaks: take the name the preamble uses ('This Reseller Agreement').
    preamble = _PREAMBLE_NAME.search(text)
    return [Finding(flat(preamble.group(1)), preamble.group(0))] if preamble else []


_PREAMBLE = r"\b(?:made|entered into|dated|executed|is effective)\b"


@extractor(SPEC, "agreement_date")
def agreement_date(text: str, doc: DocInfo) -> list[Finding]:
    return _dated(text, _PREAMBLE + r"|\bdated\b|\bas of\b")


@extractor(SPEC, "effective_date")
def effective_date(text: str, doc: DocInfo) -> list[Finding]:
    return _dated(text, r"effective (?:date|as of|on)|shall (?:become|be) effective|commenc\w+ on")


def _dated(text: str, cue: str) -> list[Finding]:
    out = []
    for span in _sentences(text, cue):
        for d_match in DATE_RE.finditer(text, span.start, span.end):
            d = parse_date(d_match.group(0))
            if d:
                out.append(Finding(show_date(d), span.of(text)))
                break
    return out


@extractor(SPEC, "expiration_date")
def expiration_date(text: str, doc: DocInfo) -> list[Finding]:
    out = []
    for span in _sentences(
        text,
        r"\b(?:expire|terminate|continue|remain in (?:full )?(?:force|effect)|initial term|term of this)",
        r"\bterm\b|expir|until|terminate on",
    ):
        sentence = span.of(text)
        if re.search(r"perpetu|indefinite|until terminated", sentence, re.I):
            out.append(Finding("perpetual", sentence))
            continue
        dated = [(parse_date(m.group(0)), m) for m in DATE_RE.finditer(text, span.start, span.end)]
        later = [
            d
            for d, m in dated
            if d
            and re.search(
                r"until|expire|through|end|terminate on", text[max(span.start, m.start() - 60) : m.start()], re.I
            )
        ]
        if later:
            out.append(Finding(show_date(later[0]), sentence))
            continue
        found = periods(text, span.start, span.end)
        if found and re.search(r"initial term|term of this|shall (?:continue|remain)|expire", sentence, re.I):
            out.append(Finding(f"{found[0][0]} after the start of the term", sentence))
    return out


@extractor(SPEC, "renewal_term")
def renewal_term(text: str, doc: DocInfo) -> list[Finding]:
    out = []
    for span in _sentences(text, r"renew|extend\w* (?:automatically|for)"):
        sentence = span.of(text)
        found = [
            p
            for p, m in periods(text, span.start, span.end)
            if not re.search(r"prior|before|notice", text[m.end() : m.end() + 25], re.I)
        ]
        if found:
            successive = "successive " if re.search(r"successive|additional|further", sentence, re.I) else ""
            out.append(Finding(successive + found[-1], sentence))
    return out


@extractor(SPEC, "notice_period_to_terminate_renewal")
def notice_period_to_terminate_renewal(text: str, doc: DocInfo) -> list[Finding]:
    out = []
    for span in _sentences(text, r"renew|extend|expir", r"notice"):
        for period, m in periods(text, span.start, span.end):
            if re.search(r"^\W*(?:prior|before|in advance|notice)", text[m.end() : m.end() + 30], re.I):
                out.append(Finding(period, span.of(text)))
                break
    return out


# Company names end in these abbreviations; their full stop is part of the name.
_ABBREVIATION_END = re.compile(r"\b(?:Inc|Corp|Ltd|Co|Pte|L\.?P|L\.?L\.?C|N\.?V|S\.?A|B\.?V|plc|GmbH|AG)\.$", re.I)
_DEFINED_NAME = r"\(\s*(?:the\s+|each\s+a\s+|hereinafter\s+(?:referred\s+to\s+as\s+)?)?[\"“']+([^\"”']{2,40})[\"”']+"


@extractor(SPEC, "parties")
def parties(text: str, doc: DocInfo) -> list[Finding]:
    """Parties from the preamble: 'between A, a Delaware corporation ("A"), and B ("B")'."""
    out = []
    for span in _sentences(text, r"\bby and between\b|\bbetween\b.{0,400}\band\b", r"agreement|contract"):
        sentence = span.of(text)
        body = re.split(r"\bbetween\b", sentence, maxsplit=1, flags=re.I)[-1]
        for chunk in re.split(r"\)\s*,?\s*and\s+|;\s*and\s+|,\s+and\s+(?=[A-Z])", body):
            name = re.split(
                r",\s+(?:a|an|the)\s|\s*\(|,\s*(?:having|with|whose|located|organized)", chunk.strip(), maxsplit=1
            )[0].strip(" ,")
            if name.endswith(".") and not _ABBREVIATION_END.search(name):
                name = name[:-1]
            if not name or not name[0].isupper() or len(name.split()) > 10:
                continue
            short = re.search(_DEFINED_NAME, chunk)
            out.append(Finding(f'{name} ("{short.group(1)}")' if short else name, sentence))
    return out
