"""The shapes of court papers as regular expressions, each written once and built from small named pieces.

Dates, docket numbers, the CM/ECF stamp and running header, page-number lines and court captions are
read by the page maps, the document readers' furniture stripping, the case identity and the offline
rules; they all take their patterns from here, so a fix to a shape reaches every reader. Pieces are
pattern strings (to be composed); finished patterns end in ``_RE`` and are compiled with their flags.
"""

from __future__ import annotations

import re

# ---- dates ----------------------------------------------------------------------------------------

MONTH_NAMES = (
    "January February March April May June July August September October November December".split()
)  # MONTH_NAMES[m - 1] names month m
# The circuits' ordinal words, in order ("Fifth Circuit" is the 5th).
CIRCUIT_ORDINALS = "first second third fourth fifth sixth seventh eighth ninth tenth eleventh".split()

# A month's name or its abbreviation, with its optional full stop ("Sept.", "June", "Dec").
MONTH = (
    r"(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|"
    r"Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)\.?"
)
ORDINAL_DAY = r"\d{1,2}(?:st|nd|rd|th)?"  # 8, 8th
DAY_OF = r"(?:day\s+of\s+)?"  # "the 8th day of May"
MODERN_YEAR = r"(?:19|20)\d{2}"

# A date as running text writes it, with a twentieth- or twenty-first-century year: "May 8, 2014",
# "8th day of May, 2014", "5/8/2014", "5/8/14". Case-insensitive (compile with re.I).
DATE = (
    rf"(?:{MONTH}\s+{ORDINAL_DAY},?\s+{MODERN_YEAR}"
    rf"|{ORDINAL_DAY}\s+{DAY_OF}{MONTH},?\s+{MODERN_YEAR}"
    r"|\d{1,2}/\d{1,2}/(?:19|20)?\d{2}(?!\d))"
)
DATE_RE = re.compile(DATE, re.I)

YEAR_GAP = r"(?:,\s*|\s+)"  # between a day and its year: a comma, a space, or a comma whose space was lost

# A date as a value states it, looser than DATE: also ISO dates, a month and year alone, any year, and
# parts the source left blank ("[]/[]/2015").
VALUE_DATE_RE = re.compile(
    rf"""(?<![\w/])(?:
        \d{{4}}-\d{{1,2}}-\d{{1,2}}                                  # 2014-05-08
      | (?:\d{{1,2}}|\[\s*\])/(?:\d{{1,2}}|\[\s*\])/(?:\d{{4}}|\d{{2}})\b  # 5/8/2014, []/[]/2015
      | {ORDINAL_DAY}\s+{DAY_OF}{MONTH}{YEAR_GAP}\d{{4}}            # 8th day of May, 2014
      | {MONTH}\s+{ORDINAL_DAY}{YEAR_GAP}\d{{4}}                    # May 8, 2014; December 15,2016
      | {MONTH}(?:,|\s+of)?\s+\d{{4}}                               # May 2014, March of 2018
    )""",
    re.I | re.X,
)

# ---- docket numbers -------------------------------------------------------------------------------

DISTRICT_DOCKET = r"(?:\d{1,2}:)?\d{2}-[A-Za-z]{1,4}-\d{2,6}(?:-[A-Z]{1,4})*"  # 2:23-cv-00735, 1:17-CV-1234-ABC
APPELLATE_DOCKET = r"\b\d{2}-\d{3,5}\b"  # 20-35752, 24-1135
SDNY_DOCKET = r"\b\d{2}\s+Civ\.?\s+\d{3,5}\b"  # the Southern District of New York's older style: 03 Civ. 9163
# A docket number in its common forms.
DOCKET = f"{DISTRICT_DOCKET}|{APPELLATE_DOCKET}|{SDNY_DOCKET}"
# A docket number as captions and stamps write it: the common forms, and "3:97CV02019", "89 C 524",
# a New York index number "450835/2016".
DOCKET_AS_WRITTEN = (
    rf"{DOCKET}|\b\d{{1,2}}:\d{{2}}\s?-?[A-Za-z]{{2,4}}\s?-?\d{{2,6}}|\b\d{{2}}\s+C(?:iv)?\.?\s+\d{{2,6}}\b"
    r"|\b\d{3,7}/\d{4}\b"
)

# ---- the CM/ECF stamp and running header ----------------------------------------------------------

# A docket entry's number: "9", "49-1" (an attachment of entry 49).
ENTRY_NUMBER = r"\d+(?:-\d+)?"
# "Document 9", "Doc. #: 12", "Document 49-1" (an attachment); ``entry`` the docket entry it names.
ECF_DOCUMENT = rf"(?:Doc(?:ument)?\.?\s*#?:?\s*(?P<entry>{ENTRY_NUMBER}))"
# PACER stamps every page: "Case 2:23-cv-00735 Document 1 Filed 02/28/23 Page 1 of 30" (group 1 the
# docket number, ``entry`` the paper's docket entry, "1", "1-3" for an attachment).
PAGE_STAMP_RE = re.compile(rf"Case:?\s*({DOCKET})\s+{ECF_DOCUMENT}", re.I)
# The stamp as a whole line at the top of a page (district: "Case ... Document ... Page 2 of 4";
# appellate: "USCA Case #24-1135 Document #2059922 Filed: ... Page 2 of 370"; "Appellate Case: ...
# Page: 3"). The page number is the one group.
ECF_HEADER_RE = re.compile(
    r"^[ \t]*(?:USCA[ \t]+|Appellate[ \t]+)?Case\b[^\n]{0,160}?\b(?:Document|Doc\.?|Dkt\.?|DktEntry)\b"
    r"[^\n]{0,120}?\bPage(?:[ \t]*:)?[ \t]*(\d{1,5})\b[^\n]*$",
    re.IGNORECASE | re.MULTILINE,
)


def filed_stamp(entry: str = r"\d+") -> re.Pattern:
    """The court's stamp on a filed paper ("Document 128 Filed 09/04/02", "ECF No. 1 02/28/23", and as
    some districts print it, "Document 1 Filed on 10/29/21 in TXSD", "Document 1 Filed in USDC ND/OK on
    12/15/00", "Document 1 Entered on FLSD Docket 04/24/2007"): the paper's docket entry number matching
    ``entry`` and, in the one group, the day it was filed."""
    return re.compile(
        rf"(?:Doc(?:ument)?\.?\s*#?|ECF\s+No\.?|Dkt\.?)\s*:?\s*{entry}\s+"
        rf"(?:Filed:?\s*(?:in\s+\S+(?:\s+\S+)?\s+)?(?:on\s+)?|Entered\s+on\s+\S+\s+Docket:?\s*)?({DATE})",
        re.I,
    )


# The words a stamp is made of besides tokens with digits (a laid-out page's header or footer line).
STAMP_WORDS = frozenset(
    {
        "case",
        "document",
        "doc",
        "docs",
        "dkt",
        "dktentry",
        "entry",
        "filed",
        "date",
        "page",
        "pages",
        "pg",
        "of",
        "id",
        "appeal",
        "appellate",
        "usca",
        "usdc",
        "uscourts",
        "received",
    }
)

# ---- page numbers and page footers ---------------------------------------------------------------

# In a text: a line holding only a page or pleading-paper line number ("4", "- 12 -"), or a page footer
# ("Page 3 of 9", "Page 1 \u2013 CLASS ACTION COMPLAINT", "Page 1 of 3 JUDGMENT", "1 \u2013 THIRD AMENDED CLASS
# ACTION COMPLAINT": a bare number's footer names the paper in capitals, so a numbered heading in the
# body is not one).
PAGE_NUMBER_LINE_RE = re.compile(
    r"^[ \t]*(?:[-\u2013\u2014][ \t]*)?\d{1,4}(?:[ \t]*[-\u2013\u2014])?[ \t]*$"
    r"|^[ \t]*Page[ \t]+\d{1,5}(?:[ \t]+of[ \t]+\d{1,5})?(?:[ \t]*[-\u2013\u2014|][^\n]{0,80})?[ \t]*$"
    r"|^[ \t]*Page[ \t]+\d{1,5}[ \t]+of[ \t]+\d{1,5}[ \t]+(?-i:[A-Z][A-Z0-9 .,'&()-]{3,80})[ \t]*$"
    r"|^[ \t]*\d{1,4}[ \t]*[-\u2013\u2014|][ \t]*(?-i:[A-Z][A-Z0-9 .,'&()-]{3,80}[A-Z)])[ \t]*$",
    re.IGNORECASE | re.MULTILINE,
)
# A sentence splitter's line that is a running header or footer: "Page 3 – OPINION AND ORDER ON MOTION
# TO ENFORCE", "Case 2:19-cv-1 ... Page 4 of 30" (match the whole line).
RUNNING_PAGE_LINE_RE = re.compile(r"Page\s+\d+\b[^\n]{0,100}|[^\n]{0,100}\bPage\s+\d+\s+of\s+\d+", re.I)
# On a laid-out page (one line of words): a page number alone ("12", "- 3 -", "iv") ...
LAID_OUT_PAGE_NUMBER_RE = re.compile(r"^[-\u2013\u2014 ]*(?:\d{1,4}|[ivxlc]{1,6})[-\u2013\u2014 ]*$", re.IGNORECASE)
# ... and a stamp OCR has garbled, which still ends in its page count ("...ROOIPageayefi2of 2").
GARBLED_PAGE_OF_RE = re.compile(r"page.{0,12}?\d{1,5}\s*of\s*\d{1,5}\W*$", re.IGNORECASE)

# ---- court captions -------------------------------------------------------------------------------

# A state court's caption line: "IN THE SUPERIOR COURT OF THE STATE OF CALIFORNIA", "COURT OF COMMON
# PLEAS OF ALLEGHENY COUNTY", "DISTRICT COURT FOR TRAVIS COUNTY" (a federal court's name is left out).
# Read line by line (re.M); the offline rules also take such a caption as a sign of state-law claims.
STATE_COURT_LINE = (
    r"^[ \t\d]*(?:IN\s+THE\s+)?(?:(?:SUPERIOR|CIRCUIT|CHANCERY|COMMONWEALTH|FAMILY|PROBATE|MUNICIPAL)\s+COURT"
    r"|SUPREME\s+COURT|COURT\s+OF\s+(?:COMMON\s+PLEAS|APPEALS?))\s+(?:OF|FOR)\s+"
    r"(?![^\n]*(?:UNITED\s+STATES|CIRCUIT\b|FEDERAL))[A-Z][A-Z ,.'-]{2,60}$"
    r"|^[ \t\d]*(?:IN\s+THE\s+)?DISTRICT\s+COURT\s+(?:OF|FOR)\s+[A-Z][A-Z .'-]{2,40}COUNTY\b"
)
STATE_COURT_RE = re.compile(STATE_COURT_LINE, re.I | re.M)

# The states and territories with a federal district court, as a regex alternation (also: a name that is a place).
STATES = (
    "Alabama|Alaska|Arizona|Arkansas|California|Colorado|Connecticut|Delaware|District\\s+of\\s+Columbia|Florida|"
    "Georgia|Guam|Hawai['‘’]?i|Idaho|Illinois|Indiana|Iowa|Kansas|Kentucky|Louisiana|Maine|Maryland|Massachusetts|"
    "Michigan|Minnesota|Mississippi|Missouri|Montana|Nebraska|Nevada|New\\s+Hampshire|New\\s+Jersey|New\\s+Mexico|"
    "New\\s+York|North\\s+Carolina|North\\s+Dakota|Ohio|Oklahoma|Oregon|Pennsylvania|Puerto\\s+Rico|Rhode\\s+Island|"
    "South\\s+Carolina|South\\s+Dakota|Tennessee|Texas|Utah|Vermont|Virgin\\s+Islands|Virginia|Washington|"
    "West\\s+Virginia|Wisconsin|Wyoming|Columbia"
)
DISTRICT_PART = r"(?:NORTHERN|SOUTHERN|EASTERN|WESTERN|MIDDLE|CENTRAL)"
CIRCUIT = r"(?:First|Second|Third|Fourth|Fifth|Sixth|Seventh|Eighth|Ninth|Tenth|Eleventh|D\.?\s?C\.?|District\s+of\s+Columbia|Federal)"
CAPTION_GAP = r"[\s,]*(?:\d{1,2}\s+)?"  # a pleading's line number may sit between a caption's lines
# A federal court named in full ("United States District Court for the Southern District of New York",
# with the district on the next line), or as a reporter heads an opinion ("United States District
# Court, S.D. New York."; "United States Court of Appeals, Fourth Circuit.").
FEDERAL_COURT_RE = re.compile(
    rf"\b(?:UNITED\s+STATES|U\.\s?S\.)\s+DISTRICT\s+COURT\b{CAPTION_GAP}(?:FOR\s+THE\s+|IN\s+AND\s+FOR\s+THE\s+)?"
    rf"(?:(?P<part>{DISTRICT_PART})\s+DISTRICT\s+OF\s+|(?P<letter>[NSEWMC])\.\s?D\.\s?|(?P<whole>D(?:ISTRICT\s+OF|\.)\s+))(?P<state>{STATES})\b"
    rf"|\b(?:UNITED\s+STATES|U\.\s?S\.)\s+COURT\s+OF\s+APPEALS\b{CAPTION_GAP}(?:FOR\s+THE\s+)?(?P<circuit>{CIRCUIT})\s+CIRCUIT\b"
    r"|\b(?P<fisc>FOREIGN\s+INTELLIGENCE\s+SURVEILLANCE\s+(?:COURT(?:\s+OF\s+REVIEW)?))\b"
    r"|\b(?:UNITED\s+STATES|U\.\s?S\.)\s+(?P<trade>COURT\s+OF\s+INTERNATIONAL\s+TRADE)\b",
    re.I,
)
# A PACER docket report's header: "U.S. District Court California Northern District (San Francisco)",
# "U.S. District Court - Eastern District of Tennessee (Greeneville)".
DOCKET_REPORT_RE = re.compile(
    rf"\bU\.S\.\s+District\s+Court\s+(?:-\s+)?(?:(?P<part>{DISTRICT_PART})\s+District\s+of\s+(?P<state>{STATES})"
    rf"|(?P<state_first>{STATES})\s+(?:(?P<part_after>{DISTRICT_PART})\s+)?District)\b",
    re.I,
)
# A docket number where a paper gives its own: after its label in a caption ("Civil Action No. 1:25-cv-01248-RC",
# "Case No. 05-2324", "Index No. 401234/2006", a reporter's "No. 2:98CV421."), in a docket report's
# header ("CIVIL DOCKET FOR CASE #: 3:18-cv-04529-LB", "Case: 2:98-cv-00421-JBF As of"), in a page stamp
# ("Case 2:13-cv-15177-LPZ ECF No. 1", beside PAGE_STAMP_RE).
LABELLED_DOCKET_RE = re.compile(
    r"(?:\b(?:Civil\s+Action|Civ\.\s+Action|Case|Docket|Cause|Index|Civil|C\.\s?A\.)\s*(?:No|Number|#)\.?:?|\bNos?\.|\bCIVIL\s+DOCKET\s+FOR\s+CASE\s*#?:?)"
    rf"\s*(?P<number>{DOCKET_AS_WRITTEN})"
    rf"|\bCase:?\s*(?P<stamped>{DOCKET_AS_WRITTEN})\s+(?:As\s+of\b|ECF\s+No\.)",
    re.I,
)
