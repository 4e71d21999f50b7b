"""Whether a reply states the value one of a required fact's phrasings names, in any usual form.

A phrasing is first recognised as a kind of value, and the replies are searched for that value,
never for the phrasing's letters inside a longer, different one:

- a **clock time** ("18:30", "half past seven"): any form of the same time in English, Spanish,
  German or French (:mod:`.answer_times`): "6:30 pm", "half past six", "18 h 30", "18.30 Uhr",
  "a las 18:30", "6:30 de la tarde". A time said without its half of the day ("6:30") counts
  for 18:30; one said with the other half ("6:30 am") does not; "8:30" is not in "18:30";
- a **date** ("14 March", "28 de mayo"): "March 14th", "14/03", "14. März", "14 mars",
  "2026-03-14", or a weekday with the day ("Saturday the 14th": when the world's date is
  known, the weekday must be that of the date nearest it);
- a **weekday** ("Saturday"): its name in any of the four languages ("sábado", "Samstag");
- a **phone number**: the same digits however grouped ("+44 7700 900102", "447700900102",
  "07700 900102", "+44 (0)7700 900102"), not a run inside a longer number;
- an **email address**: that address, whole;
- "?" (or other punctuation alone): appearing anywhere (the assistant asked a question);
- anything else (**words**): the same words in order, whole, without regard to case, accents,
  punctuation or spacing ("Ana" is not in "Anabel"; "for 2" is not in "for 20"); numbers match
  by value ("2" and "two", "dos", "zwei", "deux"; "4,380", "4380" and "4.380"). A person's full
  name, when the conversation's contacts say it is one, is also said by the first name alone,
  if no other contact has that first name and another surname does not follow it; and a
  phrasing that is the whole name of a thing of the world (an event title, a place) is not
  stated by another, longer one: "Dinner with Yui" is not in "Dinner with Yui and Haruto" when
  both are events.

A reply that states several values of the kind (every time of the day, say) still states the
one the fact asks for: a fact checks that the user was told the value, and which action the
assistant took on it is for the end-state checks and milestones to judge.
"""

from __future__ import annotations

import datetime
import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from types import MappingProxyType

from assistworld.paradigms.astra.grading.answer_times import Found, find_dates, find_times
from assistworld.paradigms.astra.grading.answer_words import COUNT_WORDS, WEEKDAY_WORDS

_QUOTES = MappingProxyType(
    str.maketrans({"\u2019": "'", "\u2018": "'", "\u02bc": "'", "\u2013": "-", "\u2014": "-"})
)
_SPACES = re.compile(r"\s+")
_EMAIL = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
_PHONE_TEXT = re.compile(r"\+?[\d\s().\-/]+")
_NUMBER_RUN = re.compile(r"\+?\d(?:[\d\u00a0 ().\-/]*\d)?")
_TOKEN = re.compile(
    r"\d+(?:[:/]\d+)+|\d{1,3}(?:[,.\u00a0\u202f' ]\d{3})+(?![\d])|\d+(?:[.,]\d+)?|[^\W\d_]+",
)


def fold(text: str) -> str:
    """``text`` as the matchers compare it: lower case, accents dropped, typographic quotes and
    dashes made plain, runs of spaces made one."""
    decomposed = unicodedata.normalize("NFKD", text.translate(_QUOTES))
    bare = "".join(char for char in decomposed if not unicodedata.combining(char))
    return _SPACES.sub(" ", bare.casefold()).strip()


@dataclass(frozen=True)
class _Token:
    value: str
    original: str
    start: int
    end: int


def _canonical(token: str) -> str:
    if re.search(r"[:/]", token):
        return token
    if re.match(r"\d", token):  # not str.isdigit: "²" is a word character, not a number
        grouped = re.fullmatch(r"\d{1,3}(?:[,.\u00a0\u202f' ]\d{3})+", token)
        if grouped:
            return str(int(re.sub(r"\D", "", token)))
        whole, _, fraction = re.sub(",", ".", token).partition(".")
        return str(int(whole)) + (f".{fraction}" if fraction else "")
    word = fold(token)
    return str(COUNT_WORDS[word]) if word in COUNT_WORDS else word


def _tokens(text: str) -> list[_Token]:
    text = unicodedata.normalize("NFC", text)
    return [
        _Token(_canonical(hit[0]), hit[0], hit.start(), hit.end()) for hit in _TOKEN.finditer(text)
    ]


def _phone_digits(text: str) -> str | None:
    digits = re.sub(r"\D", "", text)
    if _PHONE_TEXT.fullmatch(text.strip()) and len(digits) >= 7:
        return digits
    return None


def _phone_forms(digits: str, international: bool) -> set[str]:
    """The digit strings that are this number: itself and, for an international number (its
    country code being one to three digits), the national forms with and without the trunk 0
    and the "+44 (0)7700" form."""
    forms = {digits}
    if international:
        for code in (1, 2, 3):
            forms.update({digits[code:], "0" + digits[code:], digits[:code] + "0" + digits[code:]})
    return {form for form in forms if len(form) >= 7}


def _says_phone(digits: str, international: bool, text: str) -> str | None:
    forms = _phone_forms(digits, international)
    for run in _NUMBER_RUN.finditer(text):
        groups = re.findall(r"\d+", run[0])
        for first in range(len(groups)):
            for last in range(first + 1, len(groups) + 1):
                if "".join(groups[first:last]) in forms:
                    return run[0].strip()
    return None


def _whole(found: list[Found], folded: str) -> Found | None:
    """The one value ``found`` if it spans all of ``folded`` (punctuation aside)."""
    if len(found) != 1:
        return None
    rest = folded[: found[0].start] + folded[found[0].end :]
    return found[0] if not re.search(r"\w", rest) else None


@dataclass(frozen=True)
class Known:
    """What the conversation's world names, against which a reply's words are read.

    ``people``: the contacts' full names (a full name may be said by its first name alone);
    ``things``: other names the world holds (event titles, places), so that a phrasing that
    names one of them, found only inside a longer one ("Dinner with Yui" inside "Dinner with
    Yui and Haruto", both events), is that other thing, not the phrasing; ``today``: the
    world's date, so that a weekday said with a day ("Friday the 14th") must be that date's.
    """

    people: tuple[str, ...] = ()
    things: tuple[str, ...] = ()
    today: datetime.date | None = None


def _words_of(text: str) -> list[str]:
    return [t.value for t in _tokens(text)]


def _first_name_alone(words: list[str], people: Sequence[str]) -> str | None:
    """The first name by which the full name ``words`` may be said alone, if the contacts make
    it a person's full name that no other contact shares the first name of."""
    names = [_words_of(name) for name in people]
    if len(words) < 2 or words not in names:
        return None
    firsts = [name[0] for name in names if name]
    return words[0] if firsts.count(words[0]) == 1 else None


def _inside_longer(values: list[str], at: int, wanted: list[str], known: Known) -> bool:
    """Whether the words ``wanted``, themselves the whole name of a thing of the world, are
    found at ``values[at]`` only as part of another, longer thing's name said in full. (A
    phrasing that is no thing's whole name, "Cafe Hagi" of the place "Cafe Hagi, 2-1
    Uehonmachi", is that longer thing; people are left to the first-name rule.)"""
    things = [_words_of(thing) for thing in known.things]
    if wanted not in things or wanted in [_words_of(name) for name in known.people]:
        return False
    for longer in (_words_of(thing) for thing in known.things + known.people):
        for offset in range(len(longer) - len(wanted) + 1):
            if len(longer) == len(wanted) or longer[offset : offset + len(wanted)] != wanted:
                continue
            start = at - offset
            if start >= 0 and values[start : start + len(longer)] == longer:
                return True
    return False


def _says_words(phrasing: str, text: str, known: Known) -> str | None:
    wanted = _words_of(phrasing)
    said = _tokens(text)
    values = [t.value for t in said]
    width = len(wanted)
    for at in range(len(values) - width + 1):
        if values[at : at + width] == wanted and not _inside_longer(values, at, wanted, known):
            return text[said[at].start : said[at + width - 1].end]
    first = _first_name_alone(wanted, known.people)
    for at, token in enumerate(said):
        if token.value == first and not _another_surname(said, at, text, wanted[1]):
            return token.original
    return None


def _another_surname(said: list[_Token], at: int, text: str, surname: str) -> bool:
    """Whether the name at ``said[at]`` goes on with a capitalised word other than ``surname``
    ("Samir Khan" is not Samir Haddad)."""
    if at + 1 >= len(said):
        return False
    after = said[at + 1]
    glued = text[said[at].end : after.start].isspace()
    return glued and after.original[:1].isupper() and after.value != surname


def _same_date(said: Found, wanted: Found, today: datetime.date | None) -> bool:
    """Whether a date said is the one wanted: the same day and month, or the same day with a
    weekday (that of the wanted date nearest ``today``, when the year is known)."""
    if said.day != wanted.day or said.month not in (wanted.month, None):
        return False
    if said.month is not None or said.weekday is None or today is None or wanted.month is None:
        return True
    candidates = []
    for year in (today.year - 1, today.year, today.year + 1):
        try:
            candidates.append(datetime.date(year, wanted.month, wanted.day))
        except ValueError:
            continue
    if not candidates:
        return True
    nearest = min(candidates, key=lambda date: abs((date - today).days))
    return nearest.weekday() == said.weekday


def says(phrasing: str, replies: str, known: Known | None = None) -> str | None:
    """The part of ``replies`` that states ``phrasing``'s value (see the module's doc), if any.

    ``known`` is what the conversation's world names (:class:`Known`); without it a name is
    matched as its words only.
    """
    phrasing = phrasing.strip()
    folded_phrasing, folded = fold(phrasing), fold(replies)
    if not re.search(r"\w", phrasing):
        return phrasing if phrasing in replies else None
    if _EMAIL.fullmatch(folded_phrasing):
        emails = {fold(hit[0]).rstrip("."): hit[0] for hit in _EMAIL.finditer(replies)}
        return emails.get(folded_phrasing)
    digits = _phone_digits(phrasing)
    if digits is not None:
        return _says_phone(digits, phrasing.startswith("+") or len(digits) > 10, replies)
    time = _whole(find_times(folded_phrasing, clock24=True), folded_phrasing)
    if time is not None:
        hit = next((f for f in find_times(folded) if f.times & time.times), None)
        return None if hit is None else folded[hit.start : hit.end]
    date = _whole(find_dates(folded_phrasing), folded_phrasing)
    if date is not None and date.month is not None:
        today = (known or Known()).today
        hit = next((f for f in find_dates(folded) if _same_date(f, date, today)), None)
        return None if hit is None else folded[hit.start : hit.end]
    if folded_phrasing in WEEKDAY_WORDS:
        day = WEEKDAY_WORDS[folded_phrasing]
        return next(
            (t.original for t in _tokens(replies) if WEEKDAY_WORDS.get(t.value) == day), None
        )
    return _says_words(phrasing, replies, known or Known())


__all__ = ["Known", "fold", "says"]
