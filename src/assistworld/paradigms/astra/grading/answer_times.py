"""Finding the clock times and dates a text states, in the forms people write them.

Both readers work on *folded* text (:func:`assistworld.paradigms.astra.grading.answer_forms.fold`)
and
return every time (or date) the text states, each with its span, so a caller can tell a phrasing
that *is* a time from one that merely holds one.

A time is read as the set of clock times it can mean. "18:30", "06:30", "18 h 30", "18.30 Uhr",
"6:30 pm", "6:30 de la tarde" mean one; a time said without saying which half of the day
("6:30", "half past six", "las seis y media", "halb sieben", "six heures et demie") means both
06:30 and 18:30, as it would to a person. Reading a scenario's own phrasing (``clock24``), digits
are the 24-hour clock: a fact "7:30" is 07:30. A date is a day and a month ("14 March", "March
14th", "14 de marzo", "14. März", "14 mars", "14/03", "2026-03-14"), or a day alone when a
weekday names it ("Friday the 14th", "el viernes 14"), which keeps the weekday so a caller that
knows the year can check it. Numbers are whole tokens: "8:30"
is not found inside "18:30", "1 March" not inside "21 March".
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from functools import cache

from assistworld.paradigms.astra.grading.answer_words import (
    AFTERNOON,
    HOUR_WORDS,
    MIDNIGHT,
    MINUTE_WORDS,
    MONTH_WORDS,
    MORNING,
    NIGHT,
    NOON,
    WEEKDAY_WORDS,
)

Clock = tuple[int, int]
"""An hour (0 to 23) and a minute."""


@dataclass(frozen=True)
class Found:
    """A value stated in a text, and where: ``start``/``end`` index the folded text."""

    start: int
    end: int
    times: frozenset[Clock] = frozenset()
    day: int = 0
    month: int | None = None
    weekday: int | None = None


def _alt(words: Iterable[str]) -> str:
    """A regex alternation of ``words``, longest first, a space or hyphen in a word standing
    for any run of spaces and hyphens ("forty-five", "forty five")."""
    ordered = sorted(set(words), key=len, reverse=True)
    return "|".join(
        re.escape(word).replace(r"\ ", r"[\s-]+").replace(r"\-", r"[\s-]+") for word in ordered
    )


def _key(text: str) -> str:
    return re.sub(r"[\s-]+", " ", text)


def _lookup(table: Mapping[str, int], text: str) -> int:
    return {_key(word): value for word, value in table.items()}[_key(text)]


_BEFORE_NUMBER = r"(?<![\d:.,/])(?:(?<=\dt)|(?<![^\W\d_]))"
"""Not inside a longer number, nor glued to a word (but "2026-03-14t18:30", ISO, is fine)."""
_AFTER_NUMBER = r"(?!\d)(?![.,:/]\d)"
_BEFORE_WORD = r"(?<!\w)"
_AFTER_WORD = r"(?!\w)"


def _hour_value(text: str) -> int:
    return int(text) if text.isdigit() else _lookup(HOUR_WORDS, text)


def _minute_value(text: str) -> int:
    return int(text) if text.isdigit() else _lookup(MINUTE_WORDS, text)


def _readings(hour: int, minute: int, *, exact: bool, mark: str | None) -> frozenset[Clock]:
    if hour == 24:
        hour = 0
    if not (0 <= hour <= 23 and 0 <= minute <= 59):
        return frozenset()
    if mark is not None and 1 <= hour <= 12:
        mark = _key(mark)
        late = mark in {_key(word) for word in AFTERNOON} or (
            mark in {_key(word) for word in NIGHT} and 6 <= hour <= 11
        )
        half = 12 if late else 0
        return frozenset({(hour % 12 + half, minute)})
    if exact or not 1 <= hour <= 12:
        return frozenset({(hour, minute)})
    return frozenset({(hour % 12, minute), (hour % 12 + 12, minute)})


def _before(hour: int) -> int:
    """The hour before ``hour`` on the same half of the clock ("halb sieben" is 6:30)."""
    return 12 if hour in (1, 13) else hour - 1


Reader = Callable[["re.Match[str]", bool], frozenset[Clock]]


def _read_past_to(found: re.Match[str], clock24: bool) -> frozenset[Clock]:
    hour, amount = _hour_value(found["h"]), _key(found["min"])
    minutes = {"half": 30, "quarter": 15, "five": 5, "ten": 10, "twenty": 20}.get(amount, 25)
    if found["dir"] in {"to", "before", "til", "till"}:
        return _readings(_before(hour), 60 - minutes, exact=False, mark=found["mark"])
    return _readings(hour, minutes, exact=False, mark=found["mark"])


def _read_half_hour(found: re.Match[str], clock24: bool) -> frozenset[Clock]:
    return _readings(_hour_value(found["h"]), 30, exact=False, mark=found["mark"])


def _read_spanish(found: re.Match[str], clock24: bool) -> frozenset[Clock]:
    hour, amount = _hour_value(found["h"]), found["min"]
    minutes = {"media": 30, "cuarto": 15}.get(amount) or _minute_value(amount)
    if found["dir"] == "menos":
        return _readings(_before(hour), 60 - minutes, exact=False, mark=found["mark"])
    return _readings(hour, minutes, exact=False, mark=found["mark"])


def _read_german(found: re.Match[str], clock24: bool) -> frozenset[Clock]:
    hour, kind = _hour_value(found["h"]), _key(found["kind"])
    if kind == "viertel nach":
        return _readings(hour, 15, exact=False, mark=found["mark"])
    minute = 30 if kind == "halb" else 45
    return _readings(_before(hour), minute, exact=False, mark=found["mark"])


def _read_unit(found: re.Match[str], clock24: bool) -> frozenset[Clock]:
    hour, tail = _hour_value(found["h"]), _key(found["tail"] or "")
    exact = found["h"].isdigit()
    if tail in {"et demie", "et quart"}:
        return _readings(hour, 30 if tail == "et demie" else 15, exact=exact, mark=found["mark"])
    if tail in {"moins le quart", "moins quart"}:
        return _readings(_before(hour), 45, exact=exact, mark=found["mark"])
    minute = _minute_value(tail) if tail else 0
    return _readings(hour, minute, exact=exact, mark=found["mark"])


def _read_digits(found: re.Match[str], clock24: bool) -> frozenset[Clock]:
    hour = found["h"]
    exact = clock24 or hour.startswith("0") or bool(found["unit"])
    return _readings(int(hour), int(found["m"]), exact=exact, mark=found["mark"])


def _read_whole_hour(found: re.Match[str], clock24: bool) -> frozenset[Clock]:
    return _readings(_hour_value(found["h"]), 0, exact=False, mark=found["mark"])


def _read_hour_minute_words(found: re.Match[str], clock24: bool) -> frozenset[Clock]:
    hour, minute = _hour_value(found["h"]), _minute_value(found["m"])
    return _readings(hour, minute, exact=False, mark=found["mark"])


def _read_noon(found: re.Match[str], clock24: bool) -> frozenset[Clock]:
    hour = 0 if found["which"] in MIDNIGHT else 12
    return frozenset({(hour, 30 if found["half"] else 0)})


@cache
def _time_patterns() -> tuple[tuple[re.Pattern[str], Reader], ...]:
    """The time forms, most specific first (each claims its span before the next looks)."""
    hour_words = _alt(HOUR_WORDS)
    hour = rf"(?P<h>\d{{1,2}}|{hour_words})"
    minute_words = _alt(MINUTE_WORDS)
    mark = rf"(?:\s*(?P<mark>{_alt(MORNING + AFTERNOON + NIGHT)}))?{_AFTER_WORD}"
    minute_words_past = r"half|quarter|twenty[\s-]+five|twenty|ten|five"
    forms: list[tuple[str, Reader]] = [
        (
            rf"{_BEFORE_WORD}(?P<min>{minute_words_past})[\s-]+"
            rf"(?P<dir>past|after|to|before|til|till)\s+{hour}{mark}",
            _read_past_to,
        ),
        (rf"{_BEFORE_WORD}half\s+{hour}{mark}", _read_half_hour),
        (
            rf"{_BEFORE_WORD}(?:(?:a\s+)?las?\s+)?{hour}\s+(?P<dir>y|menos)\s+"
            rf"(?P<min>media|cuarto|{minute_words}){mark}",
            _read_spanish,
        ),
        (
            rf"{_BEFORE_WORD}(?P<kind>halb|viertel\s+nach|viertel\s+vor|dreiviertel)\s+"
            rf"{hour}{mark}",
            _read_german,
        ),
        (
            rf"{_BEFORE_NUMBER}{hour}\s?(?:heures?|uhr|horas?|hrs|hs|h)(?:\s?(?P<tail>et\s+demie|"
            rf"et\s+quart|moins\s+le\s+quart|moins\s+quart|\d{{2}}(?!\d)|{minute_words}))?{mark}",
            _read_unit,
        ),
        (
            rf"{_BEFORE_NUMBER}(?P<h>\d{{1,2}})[:.](?P<m>[0-5]\d)(?::[0-5]\d)?{_AFTER_NUMBER}"
            rf"(?P<unit>\s?(?:uhr|hrs|h|heures?)(?!\w))?{mark}",
            _read_digits,
        ),
        (rf"{_BEFORE_WORD}{hour}\s+o'?\s?clock{mark}", _read_whole_hour),
        (
            rf"{_BEFORE_WORD}(?P<h>{hour_words})[\s-]+(?P<m>{minute_words}){mark}",
            _read_hour_minute_words,
        ),
        (
            rf"{_BEFORE_NUMBER}{hour}\s*(?P<mark>{_alt(MORNING + AFTERNOON + NIGHT)}){_AFTER_WORD}",
            _read_whole_hour,
        ),
        (rf"{_BEFORE_WORD}a\s+las?\s+{hour}(?:\s+en\s+punto)?{mark}", _read_whole_hour),
        (
            rf"{_BEFORE_WORD}(?:at|um|vers)\s+(?P<h>\d{{1,2}}){_AFTER_NUMBER}(?!\s*[-/]?\s*\d)"
            rf"{mark}",
            _read_whole_hour,
        ),
        (
            rf"{_BEFORE_WORD}(?<!apres-)(?<!apres )(?P<which>{_alt(NOON + MIDNIGHT)})"
            rf"(?P<half>\s+et\s+demie?)?"
            rf"{_AFTER_WORD}",
            _read_noon,
        ),
    ]
    return tuple((re.compile(form), reader) for form, reader in forms)


def _blank(text: str, start: int, end: int) -> str:
    return text[:start] + " " * (end - start) + text[end:]


def find_times(folded: str, *, clock24: bool = False) -> list[Found]:
    """Every clock time stated in ``folded`` text, in the order of the forms tried."""
    found: list[Found] = []
    for pattern, reader in _time_patterns():
        for hit in list(pattern.finditer(folded)):
            times = reader(hit, clock24)
            if times:
                found.append(Found(hit.start(), hit.end(), times=times))
                folded = _blank(folded, hit.start(), hit.end())
    return found


@cache
def _date_patterns() -> tuple[re.Pattern[str], ...]:
    month = rf"(?P<mon>{_alt(MONTH_WORDS)})\.?{_AFTER_WORD}"
    weekday = rf"(?P<wd>{_alt(WEEKDAY_WORDS)})"
    not_a_time = (
        r"(?!\d)(?![:.h]\s?\d)(?!\s*(?:uhr|h|hrs?|heures?|o'?clock|a\.?m|p\.?m|de\s+la|y\s+media)"
        r"(?!\w))"
    )
    return tuple(
        re.compile(form)
        for form in (
            rf"{_BEFORE_NUMBER}(?P<y>\d{{4}})-(?P<mo>\d{{1,2}})-(?P<d>\d{{1,2}}){_AFTER_NUMBER}",
            rf"{_BEFORE_NUMBER}(?P<d>\d{{1,2}})(?:st|nd|rd|th|er|o)?\.?\s*(?:of\s+|de\s+)?{month}",
            rf"{_BEFORE_WORD}{month}\s*(?:the\s+)?(?P<d>\d{{1,2}})(?:st|nd|rd|th)?{_AFTER_NUMBER}"
            rf"(?!\w)",
            rf"{_BEFORE_NUMBER}(?P<d>\d{{1,2}})(?P<sep>[/.])(?P<mo>\d{{1,2}})"
            rf"(?:(?P=sep)(?P<y>\d{{4}}|\d{{2}}))?(?P<dot>\.)?{_AFTER_NUMBER}",
            rf"{_BEFORE_WORD}{weekday},?\s+(?:the\s+|den\s+|el\s+|le\s+)?(?P<d>\d{{1,2}})"
            rf"(?:st|nd|rd|th|er|o|\.)?{not_a_time}(?!\w)",
        )
    )


def _date_of(hit: re.Match[str]) -> list[tuple[int, int | None]]:
    day = int(hit["d"])
    names = hit.groupdict()
    if names.get("mon"):
        return [(day, _lookup(MONTH_WORDS, hit["mon"]))]
    if names.get("wd"):
        return [(day, None)]  # the weekday is read by find_dates
    month = int(hit["mo"])
    if names.get("sep") == "." and len(hit["mo"]) == 1 and not (hit["y"] or hit["dot"]):
        return []  # "2.5" is a number; "2.5." and "02.05" are dates
    dates: list[tuple[int, int | None]] = [(day, month)]
    if names.get("sep") == "/" and day <= 12 < month:
        dates.append((month, day))
    return dates


def find_dates(folded: str) -> list[Found]:
    """Every date (day and month, or a weekday's day) stated in ``folded`` text."""
    found: list[Found] = []
    for pattern in _date_patterns():
        for hit in list(pattern.finditer(folded)):
            dates = [(d, m) for d, m in _date_of(hit) if 1 <= d <= 31 and (m is None or m <= 12)]
            weekday = _lookup(WEEKDAY_WORDS, hit["wd"]) if hit.groupdict().get("wd") else None
            found.extend(
                Found(hit.start(), hit.end(), day=d, month=m, weekday=weekday) for d, m in dates
            )
            if dates:
                folded = _blank(folded, hit.start(), hit.end())
    return found


__all__ = ["Clock", "Found", "find_dates", "find_times"]
