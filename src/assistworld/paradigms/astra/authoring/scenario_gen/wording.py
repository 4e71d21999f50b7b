"""Wording: dates and times in each language, and phrasings looked up by key and language.

A family asks for ``say(key, lang, n, **fields)``: the ``n``-th phrasing of ``key`` (cycling
through the variants, so consecutive scenarios of a family are worded differently) in
``lang``, with the fields filled in. Names, numbers, addresses and times are fields, never
translated, so a translation keeps them verbatim (the protagonist's term table checks it).
"""

from __future__ import annotations

import datetime
import re

from assistworld.paradigms.astra.authoring.scenario_gen.phrases_de import GERMAN
from assistworld.paradigms.astra.authoring.scenario_gen.phrases_en import ENGLISH
from assistworld.paradigms.astra.authoring.scenario_gen.phrases_es import SPANISH
from assistworld.paradigms.astra.authoring.scenario_gen.phrases_fr import FRENCH

LANGUAGES = ("en", "es", "de", "fr")
TRANSLATIONS = ("es", "de", "fr")

_PHRASES: dict[str, dict[str, list[str]]] = {
    "en": ENGLISH,
    "es": SPANISH,
    "de": GERMAN,
    "fr": FRENCH,
}

_WEEKDAYS = {
    "en": ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"],
    "es": ["lunes", "martes", "miércoles", "jueves", "viernes", "sábado", "domingo"],
    "de": ["Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag", "Sonntag"],
    "fr": ["lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi", "dimanche"],
}
_MONTHS = {
    "en": "January February March April May June July August September October November December",
    "es": "enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre "
    "diciembre",
    "de": "Januar Februar März April Mai Juni Juli August September Oktober November Dezember",
    "fr": "janvier février mars avril mai juin juillet août septembre octobre novembre décembre",
}


class MissingPhrase(KeyError):
    """No phrasing of a key in a language (a family without that translation)."""


def has(key: str, lang: str) -> bool:
    return bool(_PHRASES[lang].get(key))


def say(key: str, lang: str, n: int, **fields: object) -> str:
    """The ``n``-th phrasing of ``key`` in ``lang`` with ``fields`` filled in."""
    variants = _PHRASES[lang].get(key)
    if not variants:
        raise MissingPhrase(f"no {lang} phrasing for {key!r}")
    return tidy(variants[n % len(variants)].format(**fields), lang)


def bare(title: str) -> str:
    """A title as any sentence contains it, whatever article stands before it: ``A walk with
    Ana`` as ``walk with Ana`` (for checks of what the assistant said)."""
    return re.sub(r"^(?:a|an|the) ", "", lower_first(title))


def tidy(text: str, lang: str = "en") -> str:
    """An English phrasing ``the {title}`` filled with a title that has its own article reads
    ``the walk``, not ``the a walk``."""
    if lang != "en":
        return text
    return re.sub(r"\b([Tt]he) (?:a|an|the) ", r"\1 ", text)


def weekday(moment: datetime.date, lang: str) -> str:
    return _WEEKDAYS[lang][moment.weekday()]


def date(moment: datetime.date, lang: str) -> str:
    """The day and month as the language writes them: ``29 May``, ``29 de mayo``, ``29. Mai``."""
    month = _MONTHS[lang].split()[moment.month - 1]
    if lang == "es":
        return f"{moment.day} de {month}"
    if lang == "de":
        return f"{moment.day}. {month}"
    return f"{moment.day} {month}"


def day(moment: datetime.date, lang: str) -> str:
    """The weekday and date: ``Friday 29 May``, ``viernes 29 de mayo``, ``Freitag, 29. Mai``."""
    separator = ", " if lang == "de" else " "
    return f"{weekday(moment, lang)}{separator}{date(moment, lang)}"


def clock(moment: datetime.datetime) -> str:
    """The time of day on a 24-hour clock, the same in every language: ``19:45``."""
    return moment.strftime("%H:%M")


def lower_first(text: str) -> str:
    """``Coffee with Ana`` as it reads inside a sentence: ``coffee with Ana``; ``A walk`` as
    ``a walk``; a leading acronym stays (``GP visit``)."""
    first = text.split(" ", 1)[0]
    if len(first) > 1 and first.isupper():
        return text
    return text[:1].lower() + text[1:]


__all__ = [
    "LANGUAGES",
    "TRANSLATIONS",
    "MissingPhrase",
    "bare",
    "clock",
    "date",
    "day",
    "has",
    "lower_first",
    "say",
    "tidy",
    "weekday",
]
