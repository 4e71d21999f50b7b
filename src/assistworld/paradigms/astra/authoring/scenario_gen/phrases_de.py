"""German phrasings (see :mod:`.phrases_en` for the rules every language follows)."""

from __future__ import annotations

GERMAN: dict[str, list[str]] = {
    "and": ["{first} und {last}"],
    "app.whatsapp": ["WhatsApp"],
    "app.sms": ["SMS"],
    "relation.partner": ["meinem Partner"],
    "relation.neighbour": ["meinem Nachbarn"],
    "relation.classmate": ["meiner Studienkollegin"],
    "contact_phone.query": [
        "Wie ist die Nummer von {first}?",
        "Kannst du mir die Telefonnummer von {first} geben?",
        "Ich muss {first} anrufen. Welche Nummer habe ich gespeichert?",
        "Such mir die Handynummer von {name} heraus.",
        "Welche Nummer habe ich für {first}?",
    ],
    "contact_phone.reply": [
        "Die Nummer von {name} ist {phone}.",
        "Für {name} ist {phone} gespeichert.",
    ],
    "contact_email.query": [
        "Wie ist die E-Mail-Adresse von {first}?",
        "Welche E-Mail habe ich von {name}?",
        "Kannst du die E-Mail von {first} für mich finden?",
        "Ich will {first} schreiben. Wie lautet die Adresse?",
    ],
    "contact_email.reply": [
        "Die E-Mail-Adresse von {name} ist {email}.",
        "Für {name} ist {email} gespeichert.",
    ],
    "relationship_phone.query": [
        "Wie ist die Nummer von {relation}?",
        "Kannst du die Telefonnummer von {relation} nachschauen?",
        "Ich brauche bitte die Nummer von {relation}.",
    ],
    "relationship_phone.reply": ["Die Nummer von {relation} ({name}) ist {phone}."],
    "event_when.query.future": [
        "Wann ist {title}?",
        "An welchem Tag und um wie viel Uhr ist {title}?",
        "Erinner mich, wann {title} ist.",
    ],
    "event_when.query.past": [
        "Wann war {title}?",
        "An welchem Tag war {title}?",
        "Erinner mich, wann {title} war.",
    ],
    "event_when.reply.future": ["Am {day} um {time}."],
    "event_when.reply.past": ["Das war am {day} um {time}."],
    "event_where.query.future": ["Wo ist {title}?", "Wie ist die Adresse für {title}?"],
    "event_where.query.past": ["Wo war {title}?", "Wo hat {title} stattgefunden?"],
    "event_where.reply.future": ["In {location}, am {day}."],
    "event_where.reply.past": ["Das war in {location}, am {day}."],
    "event_attendees.query.future": ["Wer kommt zu {title}?", "Wer ist zu {title} eingeladen?"],
    "event_attendees.query.past": ["Wer war bei {title}?", "Wen hatte ich zu {title} eingeladen?"],
    "event_attendees.reply.future": ["{title} am {day} ist mit {people}."],
    "event_attendees.reply.past": ["{title} am {day} war mit {people}."],
    "next_meeting.query": [
        "Wann sehe ich {first} das nächste Mal?",
        "Was habe ich als Nächstes mit {first}?",
    ],
    "next_meeting.reply": ["Als Nächstes mit {first}: {title} am {day} um {time}."],
    "last_message.query": [
        "Was war die letzte {app}, die {first} mir geschickt hat?",
        "Was hat {first} mir zuletzt per {app} geschrieben?",
        "Lies mir die neueste {app} von {first} vor.",
    ],
    "last_message.reply": ['Die letzte {app} von {first}, am {day} um {time}: "{text}"'],
    "missed_call.query": [
        "Von wem war der verpasste Anruf am {day}?",
        "Ich habe am {day} einen Anruf verpasst. Wer war das?",
        "Wer hat am {day} versucht, mich anzurufen?",
    ],
    "missed_call.reply": ["Der verpasste Anruf am {day} um {time} war von {who}."],
    "booking_party.query": [
        "Für wie viele Personen ist meine Reservierung bei {place} am {when}?",
        "Für wie viele ist die Reservierung bei {place} am {when}?",
    ],
    "booking_party.reply": ["Deine Reservierung bei {place} am {when} ist für {size} Personen."],
    "call_person.query": [
        "Ruf {first} an.",
        "Ruf bitte {name} an.",
        "Kannst du {first} anrufen?",
        "Verbinde mich mit {first}.",
    ],
    "call_person.reply": ["Ich rufe {name} jetzt an.", "Anruf an {name} läuft."],
    "call_back.query": [
        "Ruf zurück, wen ich am {day} verpasst habe.",
        "Erwidere den verpassten Anruf vom {day}.",
        "Jemand hat am {day} angerufen und ich habe es verpasst. Ruf zurück.",
    ],
    "call_back.reply": [
        "Der verpasste Anruf am {day} um {time} war von {who}. Ich rufe jetzt zurück."
    ],
    "text_person.query": [
        'Schick {first} eine SMS: "{text}"',
        'Schick {name} eine SMS mit dem Text "{text}"',
        'SMS an {first}: "{text}"',
    ],
    "text_person.reply": ['SMS an {name} gesendet: "{text}"'],
    "message_usual.query": [
        'Sag {first}: "{text}"',
        'Gib {first} Bescheid: "{text}"',
        'Schreib {first} dort, wo wir immer schreiben: "{text}"',
    ],
    "message_usual.reply": ['Per {app} an {first} gesendet: "{text}"'],
    "email_person.query": [
        'Schreib {first} eine E-Mail mit dem Betreff "{subject}": "{body}"',
        'Schick {name} eine E-Mail, Betreff "{subject}": "{body}"',
    ],
    "email_person.reply": ['E-Mail an {first} gesendet ("{subject}").'],
    "reply_email.query": [
        'Antworte auf die E-Mail zu {topic}: "{text}"',
        'Beantworte die Mail über {topic} mit: "{text}"',
    ],
    "reply_email.reply": ['Im selben Verlauf an {sender} geantwortet: "{text}"'],
    "create_event.query": [
        'Trag "{title}" am {day} um {time} in meinen Kalender ein.',
        'Leg "{title}" für {day} um {time} an.',
        'Plane "{title}" ein: {day}, {time}.',
    ],
    "create_event.reply": ['"{title}" am {day} um {time} eingetragen.'],
    "move_event.query": [
        "Verschieb {title} am {day} auf {time}.",
        "Kannst du {title} auf {time} verlegen?",
        "Lass {title} stattdessen um {time} beginnen.",
    ],
    "move_event.reply": ["{title} am {day} auf {time} verschoben."],
    "cancel_event.query": [
        "Sag {title} am {day} ab.",
        "Nimm {title} aus meinem Kalender.",
        "Lösch {title}.",
    ],
    "cancel_event.reply": ["{title} am {day} aus deinem Kalender entfernt."],
    "add_contact.query": [
        "Speicher die Nummer von {name}: {phone}.",
        "Füg {name} zu meinen Kontakten hinzu, {phone}.",
        "Neuer Kontakt: {name}, {phone}.",
    ],
    "add_contact.reply": ["{name} ({phone}) in deinen Kontakten gespeichert."],
    "update_phone.query": [
        "{first} hat eine neue Nummer: {phone}. Aktualisier sie.",
        "Ändere die Telefonnummer von {name} auf {phone}.",
        "{first} hat die Nummer gewechselt, jetzt {phone}.",
    ],
    "update_phone.reply": ["Die Nummer von {name} ist jetzt {phone}."],
    "forward_event.query": [
        "Schick {first} die Details zu {title}.",
        "Kannst du {first} die Infos zu {title} weiterleiten?",
        "Sag {first}, wann und wo {title} ist.",
    ],
    "forward_event.reply": ["{first} hat die Details zu {title} ({day}) per {app} bekommen."],
    "cancel_and_tell.query": [
        "Sag {title} am {day} ab und gib Bescheid.",
        "Ich schaffe {title} am {day} nicht. Lösch den Termin und sag Bescheid.",
    ],
    "cancel_and_tell.reply": ["{title} aus deinem Kalender entfernt und {first} Bescheid gegeben."],
    "if_free.query": [
        'Wenn ich am {day} um {time} frei bin, trag "{title}" ein.',
        'Schau, ob ich am {day} um {time} etwas habe; wenn nicht, plane "{title}" ein.',
    ],
    "if_free.busy": [
        "Du bist nicht frei: {clash} beginnt an dem Tag um {clash_time}, also habe ich "
        "nichts eingetragen."
    ],
    "if_free.free": ['Du bist frei, also habe ich "{title}" am {day} um {time} eingetragen.'],
    "text_missed_caller.query": [
        "Schick der Person, deren Anruf ich am {day} verpasst habe, eine SMS, dass ich "
        "morgen anrufe.",
        "Jemand hat am {day} angerufen und ich habe es verpasst. Schreib per SMS, dass ich "
        "morgen zurückrufe.",
    ],
    "text_missed_caller.reply": [
        "Der verpasste Anruf am {day} war von {who}; {first} hat eine SMS bekommen, dass du "
        "morgen anrufst."
    ],
    "booking_to_chat.query": [
        "Sag {first}, um wie viel Uhr unsere Reservierung bei {place} ist.",
        "Gib {first} Bescheid, wann die Reservierung bei {place} ist.",
    ],
    "booking_to_chat.reply": [
        "{first} weiß Bescheid: die Reservierung bei {place} ist am {day} um {time}."
    ],
    "call_event_partner.query": [
        "Ruf die Person an, mit der ich am {day} {thing} hatte.",
        "Verbinde mich mit der Person, mit der ich am {day} {thing} hatte.",
    ],
    "call_event_partner.reply": ["{thing} am {day} war mit {name}; ich rufe {first} jetzt an."],
    "thank_event_partner.query": [
        "Bedank dich bei der Person, mit der ich am {day} {thing} hatte.",
        "Schick ein Dankeschön an die Person, mit der ich am {day} {thing} hatte.",
    ],
    "thank_event_partner.reply": ["Das war {first}; Dankeschön per {app} geschickt."],
    "ask_message.query": [
        "Schick {first} eine Nachricht.",
        "Schreib {first} etwas von mir.",
        "Ich muss {first} etwas schicken.",
    ],
    "ask_message.goal": ['Diese Nachricht soll {first} erreichen: "{text}"'],
    "ask_message.knows": ['Die Nachricht lautet: "{text}"'],
    "ask_message.question": ["Gern. Was soll ich {first} schreiben?"],
    "ask_message.answer": ['Schreib: "{text}"'],
    "ask_message.reply": ['Per {app} an {first} gesendet: "{text}"'],
    "ask_time.query": [
        'Trag "{title}" in meinen Kalender ein.',
        'Leg "{title}" im Kalender an.',
        'Plane "{title}" ein.',
    ],
    "ask_time.goal": ['"{title}" am {day} um {time} im Kalender haben.'],
    "ask_time.knows": ["Es ist am {day} um {time}."],
    "ask_time.question": ["Für wann soll ich es eintragen?"],
    "ask_time.answer": ["Am {day} um {time}."],
    "ask_time.reply": ['"{title}" am {day} um {time} eingetragen.'],
    "ask_email.query": [
        "Schreib {first} eine E-Mail.",
        "Schick {first} eine Mail.",
        "Kannst du {first} eine E-Mail schicken?",
    ],
    "ask_email.goal": ['{first} eine E-Mail mit dem Betreff "{subject}" schicken: "{body}"'],
    "ask_email.knows": ['Betreff "{subject}", Text: "{body}"'],
    "ask_email.question": ["Natürlich. Wie sollen Betreff und Nachricht lauten?"],
    "ask_email.answer": ['Betreff "{subject}", und schreib: "{body}"'],
    "ask_email.reply": ['E-Mail an {first} gesendet ("{subject}").'],
    "ask_new_time.query": [
        "Ich muss {title} verschieben.",
        "{title} muss sich ändern.",
        "Plane {title} um.",
    ],
    "ask_new_time.goal": ["{title} vom {day} auf {new_day} um {time} verschieben."],
    "ask_new_time.knows": ["Der neue Termin ist {new_day} um {time}."],
    "ask_new_time.question": ["Es ist gerade am {day}. Wohin soll es verschoben werden?"],
    "ask_new_time.answer": ["Auf {new_day} um {time}."],
    "ask_new_time.reply": ["{title} auf {new_day} um {time} verschoben."],
    "ask_number.query": [
        "Füg {name} zu meinen Kontakten hinzu.",
        "Speicher {name} als neuen Kontakt.",
        "Leg einen Kontakt für {name} an.",
    ],
    "ask_number.goal": ["{name} mit der Nummer {phone} in den Kontakten speichern."],
    "ask_number.knows": ["Die Nummer von {first} ist {phone}."],
    "ask_number.question": ["Wie ist die Telefonnummer von {first}?"],
    "ask_number.answer": ["Sie ist {phone}."],
    "ask_number.reply": ["{name} ({phone}) in deinen Kontakten gespeichert."],
    "follow_up.query": ["Wann ist {title}?", "Um wie viel Uhr ist {title}?"],
    "follow_up.goal": ["Herausfinden, wann {title} ist, und dann {first} sagen, dass du kommst."],
    "follow_up.knows": ["{first} soll erfahren, dass du kommst."],
    "follow_up.question": ["{title} ist am {day} um {time}. Soll ich {first} Bescheid geben?"],
    "follow_up.answer": ["Ja, sag {first}, dass wir uns dann sehen."],
    "follow_up.reply": ["Erledigt: {first} weiß per {app}, dass ihr euch um {time} seht."],
    "wrong_day_question.query.future": [
        "Um wie viel Uhr ist {title} am {wrong}?",
        "{title} am {wrong}, wann beginnt das?",
    ],
    "wrong_day_question.query.past": [
        "Um wie viel Uhr war {title} am {wrong}?",
        "{title} letzten {wrong}, wann hat das angefangen?",
    ],
    "wrong_day_question.reply.future": [
        "{title} ist am {weekday}, nicht am {wrong}: {day} um {time}."
    ],
    "wrong_day_question.reply.past": [
        "{title} war am {weekday}, nicht am {wrong}: {day} um {time}."
    ],
    "wrong_number_check.query": [
        "Ist {wrong} noch die Nummer von {first}?",
        "Ich habe {wrong} für {name} notiert, stimmt das?",
    ],
    "wrong_number_check.reply": ["Nein: für {name} ist {phone} gespeichert, nicht {wrong}."],
    "thank_wrong_day.query": [
        "Bedank dich bei {first} für {title} am {wrong}.",
        "Schick {first} ein Dankeschön für {wrong}.",
    ],
    "thank_wrong_day.reply": [
        "{title} war am {weekday}, nicht am {wrong}; ich habe mich per {app} bei {first} "
        "für {weekday} bedankt."
    ],
    "wrong_party_size.query": [
        "Meine Reservierung bei {place} am {when} ist für {wrong} Personen, oder?",
        "Ich habe {place} am {when} für {wrong} reserviert, richtig?",
    ],
    "wrong_party_size.reply": [
        "Nicht ganz: die Reservierung bei {place} am {when} ist für {size} Personen, nicht {wrong}."
    ],
}

__all__ = ["GERMAN"]
