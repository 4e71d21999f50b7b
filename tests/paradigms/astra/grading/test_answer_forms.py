"""Finding a required fact's value in the replies in the forms people write it."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from assistworld.paradigms.astra.grading.answer_forms import Known, fold, says
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


def _words(text: str) -> list[str]:
    return text.split()


_EN_HOURS = _words("twelve one two three four five six seven eight nine ten eleven")
_ES_HOURS = _words("doce una dos tres cuatro cinco seis siete ocho nueve diez once")
_DE_HOURS = _words("zwölf eins zwei drei vier fünf sechs sieben acht neun zehn elf")
_FR_HOURS = _words("minuit une deux trois quatre cinq six sept huit neuf dix onze")


def _marked_forms(hour: int, minute: int) -> list[str]:
    """Forms of a time that say which half of the day it is in."""
    twelve = hour % 12 or 12
    half_en, half_es = ("pm", "de la tarde") if hour >= 12 else ("am", "de la mañana")
    forms = [
        f"{hour:02d}:{minute:02d}",
        f"{hour}h{minute:02d}",
        f"{hour} h {minute:02d}",
        f"{hour}.{minute:02d} Uhr",
        f"{hour} Uhr {minute:02d}",
        f"{twelve}:{minute:02d} {half_en}",
        f"{twelve}:{minute:02d}{half_en.upper()}",
        f"{twelve}.{minute:02d} {half_en[0]}.m.",
        f"{twelve}:{minute:02d} {half_es}",
        f"2026-03-14T{hour:02d}:{minute:02d}:00",
    ]
    if minute == 0:
        forms += [f"{hour} Uhr", f"{hour}h", f"{twelve} {half_en}", f"{twelve}{half_en}"]
    return forms


def _unmarked_forms(hour: int, minute: int) -> list[str]:
    """Forms of a time that leave the half of the day to the listener."""
    index, following = hour % 12, (hour + 1) % 12
    forms = [f"{hour % 12 or 12}:{minute:02d}"]
    if minute == 30:
        forms += [
            f"half past {_EN_HOURS[index]}",
            f"las {_ES_HOURS[index]} y media",
            f"halb {_DE_HOURS[following]}",
        ]
        if index:
            forms.append(f"{_FR_HOURS[index]} heures et demie")
    if minute == 15:
        forms += [f"quarter past {_EN_HOURS[index]}", f"viertel nach {_DE_HOURS[index]}"]
    if minute == 45:
        forms += [f"quarter to {_EN_HOURS[following]}", f"{_ES_HOURS[following]} menos cuarto"]
    if minute == 0:
        forms.append(f"{_EN_HOURS[index]} o'clock")
    return forms


# Property tests run without a deadline: the first example compiles the readers' patterns, which
# can take longer than Hypothesis' 200 ms on a busy machine.
_TIMES = st.tuples(st.integers(0, 23), st.sampled_from([0, 15, 30, 45]))


@settings(deadline=None)
@given(_TIMES, st.sampled_from(["Done, it's at {}.", "{}", "Booked for {} tonight."]))
def test_every_form_of_a_time_states_it(time: tuple[int, int], sentence: str) -> None:
    hour, minute = time
    for form in _marked_forms(hour, minute) + _unmarked_forms(hour, minute):
        assert says(f"{hour:02d}:{minute:02d}", sentence.format(form)) is not None, form


@settings(deadline=None)
@given(_TIMES, _TIMES)
def test_no_form_of_another_time_states_it(time: tuple[int, int], other: tuple[int, int]) -> None:
    if time == other:
        return
    fact = f"{time[0]:02d}:{time[1]:02d}"
    for form in _marked_forms(*other):
        assert says(fact, f"It is at {form}.") is None, form
    same_on_the_dial = (time[0] % 12, time[1]) == (other[0] % 12, other[1])
    for form in _unmarked_forms(*other):
        assert (says(fact, f"It is at {form}.") is not None) == same_on_the_dial, form


@pytest.mark.parametrize(
    ("reply", "stated"),
    [
        ("I've added it to your calendar for 6:30 pm.", True),
        ("Done: Friday at half past six in the evening.", True),
        ("Listo, quedó a las 18:30.", True),
        ("Listo, a las seis y media de la tarde.", True),
        ("Erledigt, um 18.30 Uhr.", True),
        ("Erledigt, um halb sieben abends.", True),
        ("C'est noté pour 18 h 30.", True),
        ("C'est noté pour six heures et demie du soir.", True),
        ("I've added it for 6:30 am.", False),
        ("I've added it for 8:30.", False),
        ("I've added it for 18:00, 30 minutes earlier.", False),
    ],
)
def test_an_event_at_1830_confirmed_in_other_words(reply: str, stated: bool) -> None:
    assert (says("18:30", reply) is not None) is stated


@pytest.mark.parametrize(
    ("reply", "time"),
    [
        ("a las diez de la noche", "22:00"),
        ("um 1 Uhr nachts", "01:00"),
        ("12:00 at night", "00:00"),
        ("at 06:30 PM", "18:30"),
        ("at 12 pm", "12:00"),
        ("at 12 am", "00:00"),
        ("at noon", "12:00"),
        ("à 16 h cet après-midi", "16:00"),
        ("à midi et demi", "12:30"),
    ],
)
def test_the_half_of_the_day_a_time_is_said_in(reply: str, time: str) -> None:
    assert says(time, reply) is not None
    other = f"{(int(time[:2]) + 12) % 24:02d}{time[2:]}"
    assert says(other, reply) is None


@pytest.mark.parametrize(
    ("fact", "reply"),
    [
        ("18:30", "six-thirty pm"),
        ("18:30", "half-past six"),
        ("18:05", "five past six"),
        ("18:40", "twenty to seven"),
        ("18:35", "twenty-five to seven"),
        ("18:45", "six forty-five in the evening"),
        ("20:45", "vingt heures quarante-cinq"),
        ("21:00", "vingt et une heures"),
        ("18:00", "dix-huit heures"),
    ],
)
def test_time_words_with_hyphens_or_spaces(fact: str, reply: str) -> None:
    assert says(fact, reply) is not None


@pytest.mark.parametrize(
    ("reply", "stated"),
    [
        ("Dinner is booked at 7.", True),
        ("Um 7, passt.", True),
        ("At one point it was at 8.", False),
        ("A las 19 hs.", True),
        ("It runs from 5 to 7-8.", False),
        ("Dinner is booked at 17.", False),
    ],
)
def test_a_bare_hour_after_at_um_or_a_las(reply: str, stated: bool) -> None:
    assert (says("19:00", reply) is not None) is stated


def test_a_time_is_not_found_inside_a_longer_time() -> None:
    assert says("8:30", "Your meeting is at 18:30.") is None
    assert says("18:30", "Your meeting is at 18:30:00.") is not None
    assert says("18:30", "It runs 17:00-18:30.") is not None


def test_a_fact_written_on_the_12_hour_clock_is_its_morning_time() -> None:
    assert says("7:30", "At 7:30.") is not None
    assert says("7:30", "At 7:30 am.") is not None
    assert says("7:30", "At 19:30.") is None


_MONTHS = {
    "en": _words(
        "January February March April May June July August September October November December"
    ),
    "es": _words(
        "enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre diciembre"
    ),
    "de": _words(
        "Januar Februar März April Mai Juni Juli August September Oktober November Dezember"
    ),
    "fr": _words(
        "janvier février mars avril mai juin juillet août septembre octobre novembre décembre"
    ),
}


def _date_forms(day: int, month: int) -> list[str]:
    """Forms of a day of a month (no weekday)."""
    suffix = {1: "st", 2: "nd", 3: "rd", 21: "st", 22: "nd", 23: "rd", 31: "st"}.get(day, "th")
    en, es, de, fr = (_MONTHS[lang][month - 1] for lang in ("en", "es", "de", "fr"))
    return [
        f"{day} {en}",
        f"{en} {day}",
        f"{en} {day}{suffix}",
        f"the {day}{suffix} of {en}",
        f"{en[:3]} {day}",
        f"{day} de {es}",
        f"{day}. {de}",
        f"{day} {fr}",
        f"{day:02d}/{month:02d}",
        f"{day}.{month}.",
        f"2026-{month:02d}-{day:02d}",
    ]


_DATES = st.tuples(st.integers(1, 28), st.integers(1, 12))


@settings(deadline=None)
@given(_DATES, _DATES)
def test_every_form_of_a_date_states_it_and_no_form_of_another(
    date: tuple[int, int], other: tuple[int, int]
) -> None:
    fact = f"{date[0]} {_MONTHS['en'][date[1] - 1]}"
    for form in _date_forms(*date):
        assert says(fact, f"It is on {form}, at 18:30.") is not None, form
    if other != date:
        for form in _date_forms(*other):
            assert says(fact, f"It is on {form}, at 18:30.") is None, form


@pytest.mark.parametrize(
    ("fact", "reply"),
    [
        ("14 March", "It's on March 14th."),
        ("14 March", "It's on the 14th of March."),
        ("14 March", "It's on Friday the 14th."),
        ("14 March", "It's on 14/03."),
        ("14 March", "It's on 14/03/2026."),
        ("14 March", "It's on 2026-03-14."),
        ("14 March", "Es el 14 de marzo."),
        ("14 March", "Am 14. März."),
        ("14 March", "Le 14 mars."),
        ("28 de mayo", "It is on May 28."),
        ("28 de mayo", "Es el jueves 28."),
        ("12. Mai", "Am 12.05."),
        ("2 May", "Am 2.5. um 10 Uhr."),
        ("28 mai", "C'est le 28 mai."),
        ("2 March", "It's on 2 Mar."),
    ],
)
def test_a_date_in_any_usual_form(fact: str, reply: str) -> None:
    assert says(fact, reply) is not None


@pytest.mark.parametrize(
    ("fact", "reply"),
    [
        ("14 March", "It's on 4 March."),
        ("4 March", "It's on 14 March."),
        ("14 March", "It's on 14 May."),
        ("14 March", "It's on 13/04 and 15/03."),
        ("18 October", "On Friday 18:30."),
        ("6 October", "On Friday 6 pm."),
        ("2 March", "March 2026."),
        ("2 May", "It takes 2.5 hours."),
    ],
)
def test_another_date_does_not_state_it(fact: str, reply: str) -> None:
    assert says(fact, reply) is None


def test_an_american_date_is_read_only_when_it_cannot_be_a_european_one() -> None:
    assert says("21 March", "It's on 3/21.") is not None
    assert says("14 March", "It's on 03/14.") is not None
    assert says("3 October", "It's on 10/3.") is None


@pytest.mark.parametrize("said", ["Saturday", "el sábado", "am Samstag", "samedi", "SABADO"])
def test_a_weekday_in_any_language(said: str) -> None:
    assert says("Saturday", f"It's {said}.") is not None
    assert says("sábado", f"It's {said}.") is not None


def test_a_weekday_must_be_the_same_day_and_a_whole_word() -> None:
    assert says("Saturday", "It's on Sunday.") is None
    assert says("Samstag", "Every Saturdays") is None


@pytest.mark.parametrize(
    ("fact", "reply", "stated"),
    [
        ("Ana", "I've texted Ana.", True),
        ("Ana", "I've texted Anabel.", False),
        ("Ana", "I've texted Ana María.", True),
        ("Lucía", "Llamé a Lucia.", True),
        ("Chidi", "Here is Chidi's number.", True),
        ("Chidi", "Here is Chidi Okafor's number.", True),
        ("Bola", "Saved Bolaji.", False),
    ],
)
def test_names_are_whole_words(fact: str, reply: str, stated: bool) -> None:
    assert (says(fact, reply) is not None) is stated


_CONTACTS = Known(people=("Samir Haddad", "Grace Lloyd", "Grace Obi", "Kemi Obi"))


@pytest.mark.parametrize(
    ("fact", "reply", "stated"),
    [
        ("Samir Haddad", "Samir and Kemi came.", True),
        ("Samir Haddad", "Samir Haddad came.", True),
        ("Samir Haddad", "Samir Khan came.", False),
        ("Grace Lloyd", "Grace came.", False),
        ("Grace Lloyd", "Grace Lloyd came.", True),
        ("Kemi Obi", "Kemi, Samir.", True),
    ],
)
def test_a_contact_by_first_name_when_no_other_contact_shares_it(
    fact: str, reply: str, stated: bool
) -> None:
    assert (says(fact, reply, _CONTACTS) is not None) is stated


def test_a_full_name_needs_the_contacts_to_be_said_by_first_name() -> None:
    assert says("Samir Haddad", "Samir came.") is None
    assert says("Cafe Hagi", "See you at the cafe.", _CONTACTS) is None


@pytest.mark.parametrize(
    ("fact", "reply", "stated"),
    [
        ("for 2", "A table for two.", True),
        ("for 2", "A table for 20.", False),
        ("for 2", "A table booked for 2:30.", False),
        ("2 people", "It's for 12 people.", False),
        ("2 personas", "Es para dos personas.", True),
        ("2 Personen", "Für zwei Personen.", True),
        ("2 personnes", "Pour deux personnes.", True),
        ("pour 2", "pour un dîner", False),
        ("4,380", "The quote is €4.380.", True),
        ("4,380", "The quote is 4380 euros.", True),
        ("4,380", "The quote is 14,380.", False),
        ("pitch 3", "Pitch three it is.", True),
    ],
)
def test_numbers_are_whole_and_match_by_value(fact: str, reply: str, stated: bool) -> None:
    assert (says(fact, reply) is not None) is stated


@pytest.mark.parametrize(
    ("fact", "reply", "stated"),
    [
        ("+44 7700 900102", "Her number is 447700900102.", True),
        ("+44 7700 900102", "Her number is 07700 900102.", True),
        ("+44 7700 900102", "Her number is +44 (0)7700 900102.", True),
        ("+44 7700 900102", "Her number is 7700 900102.", True),
        ("447700900102", "Her number is +44 7700 900102, call after 18:00.", True),
        ("+44 7700 900102", "Her number is +44 7700 9001023.", False),
        ("+44 7700 900102", "Her number is +44 7700 900103.", False),
        ("+54 9 11 5555 0202", "Es el +54 9 11 5555-0202.", True),
    ],
)
def test_phone_numbers_by_digits(fact: str, reply: str, stated: bool) -> None:
    assert (says(fact, reply) is not None) is stated


def test_an_email_address_is_whole() -> None:
    assert says("funmi.a@example.org", "It's Funmi.A@example.org.") is not None
    assert says("funmi.a@example.org", "It's xfunmi.a@example.org.") is None
    assert says("funmi.a@example.org", "It's funmi.a@example.org.uk") is None


def test_free_text_ignores_punctuation_quotes_and_case() -> None:
    message = "Great to see you, let's do it again soon."
    assert says(message, "She wrote: “Great to see you, let’s do it again soon!”") is not None
    assert says(message, "She wrote: great to see you") is None


def test_a_question_mark_is_found_anywhere() -> None:
    assert says("?", "¿A qué hora?") == "?"
    assert says("?", "Done.") is None


def test_a_reply_listing_every_time_of_the_day_still_states_the_one_asked_for() -> None:
    agenda = "Today: 9:00 stand-up, 12:30 lunch, 18:30 dinner, 20:00 call."
    assert says("18:30", agenda) is not None
    assert says("17:30", agenda) is None


def test_a_superscript_is_a_word_not_a_number() -> None:
    assert says("Saturday", "m² on Saturday") == "Saturday"
    assert says("Saturday", "²") is None


def test_fold_drops_case_accents_and_typographic_quotes() -> None:
    assert fold("  Lucía’s   CAFÉ – Straße ") == "lucia's cafe - strasse"


_CONNECTORS = _words(
    "half quarter past after to before till five ten twenty y menos media cuarto halb viertel "
    "nach vor dreiviertel heures heure et demie quart moins le uhr h hs horas o'clock a las la "
    "at um vers the of de den el : . / - , 's 18 30 07 2026-03-14 +44 Ana for 2 two ¿ ?"
)
_WORDS = st.sampled_from(
    sorted(
        set(_CONNECTORS)
        | set(HOUR_WORDS)
        | set(MINUTE_WORDS)
        | set(MORNING + AFTERNOON + NIGHT + NOON + MIDNIGHT)
        | set(MONTH_WORDS)
        | set(WEEKDAY_WORDS)
    )
)


@settings(deadline=None, max_examples=400)
@given(
    st.lists(st.one_of(_WORDS, _WORDS, st.text(max_size=4)), max_size=12),
    st.sampled_from(
        [
            "18:30",
            "half past seven",
            "14 March",
            "Saturday",
            "for 2",
            "Ana",
            "+44 7700 900102",
            "a@b.org",
            "?",
            "Dinner with Yui",
        ]
    ),
)
def test_what_is_found_is_a_part_of_the_reply(words: list[str], fact: str) -> None:
    reply = " ".join(words)
    found = says(fact, reply, Known(people=("Ana Ruiz",), things=("Dinner with Yui",)))
    assert found is None or fold(found) in fold(reply)
