"""The words people use for numbers, clock times, days and months, in the scenario languages.

Every word is given *folded* (lower case, accents dropped, ``ß`` as ``ss``: see
:func:`assistworld.paradigms.astra.grading.answer_forms.fold`), the form the matchers compare.
English,
Spanish, German and French are listed together: an assistant may answer a Spanish user in
English, and the value is the same, so every language's words are accepted in every scenario.
"""

from __future__ import annotations

from types import MappingProxyType


def _numbered(words: str, start: int = 0) -> MappingProxyType[str, int]:
    return MappingProxyType({word: start + index for index, word in enumerate(words.split())})


_COUNTS_EN = _numbered(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
    "fifteen sixteen seventeen eighteen nineteen twenty twenty-one twenty-two twenty-three"
)
_COUNTS_ES = _numbered(
    "cero uno dos tres cuatro cinco seis siete ocho nueve diez once doce trece catorce quince "
    "dieciseis diecisiete dieciocho diecinueve veinte veintiuno veintidos veintitres"
)
_COUNTS_DE = _numbered(
    "null eins zwei drei vier funf sechs sieben acht neun zehn elf zwolf dreizehn vierzehn "
    "funfzehn sechzehn siebzehn achtzehn neunzehn zwanzig einundzwanzig zweiundzwanzig "
    "dreiundzwanzig"
)
_COUNTS_FR = _numbered(
    "zero un deux trois quatre cinq six sept huit neuf dix onze douze treize quatorze quinze "
    "seize dix-sept dix-huit dix-neuf vingt vingt-et-un vingt-deux vingt-trois"
)

HOUR_WORDS: MappingProxyType[str, int] = MappingProxyType(
    {
        **_COUNTS_EN,
        **_COUNTS_ES,
        "una": 1,
        **_COUNTS_DE,
        "ein": 1,
        **_COUNTS_FR,
        "une": 1,
        "vingt et une": 21,
    }
)
"""Number words naming an hour (0 to 23), as in "six thirty", "las seis", "halb sieben",
"dix-huit heures"."""

COUNT_WORDS: MappingProxyType[str, int] = MappingProxyType(
    {
        word: value
        for word, value in HOUR_WORDS.items()
        if value <= 20 and word not in {"un", "une", "una", "ein"}
    }
)
"""Number words read as a count ("two people", "dos personas"); the articles that double as
"one" (un, une, una, ein) are left out, so "pour un dîner" is not "pour 1"."""

MINUTE_WORDS: MappingProxyType[str, int] = MappingProxyType(
    {
        "oh five": 5,
        "o five": 5,
        "ten": 10,
        "fifteen": 15,
        "twenty": 20,
        "twenty five": 25,
        "thirty": 30,
        "thirty five": 35,
        "forty": 40,
        "forty five": 45,
        "fifty": 50,
        "fifty five": 55,
        "diez": 10,
        "quince": 15,
        "veinte": 20,
        "treinta": 30,
        "cuarenta": 40,
        "cuarenta y cinco": 45,
        "cincuenta": 50,
        "zehn": 10,
        "funfzehn": 15,
        "zwanzig": 20,
        "dreissig": 30,
        "vierzig": 40,
        "funfundvierzig": 45,
        "funfzig": 50,
        "dix": 10,
        "vingt": 20,
        "trente": 30,
        "quarante": 40,
        "quarante cinq": 45,
        "cinquante": 50,
    }
)
"""Minutes said as words after the hour ("six thirty", "sieben Uhr dreißig"); a hyphen is read as
a space ("forty-five")."""

MORNING = (
    "a.m.",
    "a. m.",
    "a.m",
    "am",
    "in the morning",
    "de la manana",
    "de la madrugada",
    "morgens",
    "fruh",
    "vormittags",
    "du matin",
)
"""Words after a time that put it before noon."""

AFTERNOON = (
    "p.m.",
    "p. m.",
    "p.m",
    "pm",
    "in the afternoon",
    "in the evening",
    "de la tarde",
    "nachmittags",
    "abends",
    "de l'apres-midi",
    "de l'apres midi",
    "du soir",
)
"""Words after a time that put it after noon (the night ones: see :data:`NIGHT`)."""

NIGHT = ("at night", "de la noche", "nachts", "de la nuit")
"""Words for the night: after noon from six to eleven ("las diez de la noche" is 22:00), before
it at twelve and from one to five ("um 1 Uhr nachts" is 01:00)."""

NOON = ("noon", "midday", "mediodia", "mittag", "midi")
MIDNIGHT = ("midnight", "medianoche", "mitternacht", "minuit")

MONTH_WORDS: MappingProxyType[str, int] = MappingProxyType(
    {
        **_numbered(
            "january february march april may june july august september october november december",
            1,
        ),
        **_numbered("jan feb mar apr may jun jul aug sep oct nov dec", 1),
        "sept": 9,
        **_numbered(
            "enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre "
            "diciembre",
            1,
        ),
        "setiembre": 9,
        **_numbered(
            "januar februar marz april mai juni juli august september oktober november dezember",
            1,
        ),
        "maerz": 3,
        "janner": 1,
        **_numbered(
            "janvier fevrier mars avril mai juin juillet aout septembre octobre novembre decembre",
            1,
        ),
    }
)
"""Month names (and the usual English abbreviations) with their number."""

WEEKDAY_WORDS: MappingProxyType[str, int] = MappingProxyType(
    {
        **_numbered("monday tuesday wednesday thursday friday saturday sunday"),
        **_numbered("lunes martes miercoles jueves viernes sabado domingo"),
        **_numbered("montag dienstag mittwoch donnerstag freitag samstag sonntag"),
        "sonnabend": 5,
        **_numbered("lundi mardi mercredi jeudi vendredi samedi dimanche"),
    }
)
"""Weekday names with their number (Monday is 0)."""


__all__ = [
    "AFTERNOON",
    "COUNT_WORDS",
    "HOUR_WORDS",
    "MIDNIGHT",
    "MINUTE_WORDS",
    "MONTH_WORDS",
    "MORNING",
    "NIGHT",
    "NOON",
    "WEEKDAY_WORDS",
]
