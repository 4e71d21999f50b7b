"""Spanish phrasings (see :mod:`.phrases_en` for the rules every language follows)."""

from __future__ import annotations

SPANISH: dict[str, list[str]] = {
    "and": ["{first} y {last}"],
    "app.whatsapp": ["WhatsApp"],
    "app.sms": ["SMS"],
    "relation.partner": ["pareja"],
    "relation.neighbour": ["vecino"],
    "relation.classmate": ["compañera de clase"],
    "contact_phone.query": [
        "¿Cuál es el número de {first}?",
        "¿Me pasás el teléfono de {first}?",
        "Tengo que llamar a {first}. ¿Qué número tengo guardado?",
        "Buscame el celular de {name}.",
        "¿Qué número tengo agendado para {first}?",
    ],
    "contact_phone.reply": [
        "El número de {name} es {phone}.",
        "Tenés guardado el {phone} para {name}.",
    ],
    "contact_email.query": [
        "¿Cuál es el correo de {first}?",
        "¿Qué email tengo de {name}?",
        "¿Me buscás el mail de {first}?",
        "Quiero escribirle a {first}. ¿Cuál es su dirección?",
    ],
    "contact_email.reply": ["El correo de {name} es {email}.", "Tenés {email} para {name}."],
    "relationship_phone.query": [
        "¿Cuál es el número de mi {relation}?",
        "¿Podés buscar el teléfono de mi {relation}?",
        "Necesito el número de mi {relation}, por favor.",
    ],
    "relationship_phone.reply": ["Tu {relation} es {name}: {phone}."],
    "event_when.query.future": [
        "¿Cuándo es {title}?",
        "¿Qué día y a qué hora es {title}?",
        "Recordame cuándo es {title}.",
    ],
    "event_when.query.past": [
        "¿Cuándo fue {title}?",
        "¿Qué día fue {title}?",
        "Recordame cuándo fue {title}.",
    ],
    "event_when.reply.future": ["Es el {day} a las {time}."],
    "event_when.reply.past": ["Fue el {day} a las {time}."],
    "event_where.query.future": ["¿Dónde es {title}?", "¿Cuál es la dirección de {title}?"],
    "event_where.query.past": ["¿Dónde fue {title}?", "¿En qué lugar fue {title}?"],
    "event_where.reply.future": ["Es en {location}, el {day}."],
    "event_where.reply.past": ["Fue en {location}, el {day}."],
    "event_attendees.query.future": [
        "¿Quién viene a {title}?",
        "¿Quiénes están invitados a {title}?",
    ],
    "event_attendees.query.past": ["¿Quién vino a {title}?", "¿A quiénes invité a {title}?"],
    "event_attendees.reply.future": ["{title} del {day} es con {people}."],
    "event_attendees.reply.past": ["{title} del {day} fue con {people}."],
    "next_meeting.query": [
        "¿Cuándo vuelvo a ver a {first}?",
        "¿Qué es lo próximo que tengo con {first}?",
    ],
    "next_meeting.reply": ["Lo próximo con {first}: {title}, el {day} a las {time}."],
    "last_message.query": [
        "¿Qué fue lo último que me mandó {first} por {app}?",
        "¿Qué me dijo {first} la última vez por {app}?",
        "Leeme el último {app} de {first}.",
    ],
    "last_message.reply": ['El último {app} de {first}, el {day} a las {time}: "{text}"'],
    "missed_call.query": [
        "¿De quién era la llamada perdida del {day}?",
        "Tuve una llamada perdida el {day}. ¿Quién era?",
        "¿Quién me llamó el {day}?",
    ],
    "missed_call.reply": ["La llamada perdida del {day} a las {time} era de {who}."],
    "booking_party.query": [
        "¿Para cuántas personas es mi reserva en {place} del {when}?",
        "¿Para cuántos es la reserva de {place} del {when}?",
    ],
    "booking_party.reply": ["Tu reserva en {place} del {when} es para {size} personas."],
    "call_person.query": [
        "Llamá a {first}.",
        "Llamame a {name}.",
        "¿Podés llamar a {first}?",
        "Comunicame con {first}.",
    ],
    "call_person.reply": ["Llamando a {name}.", "Estoy llamando a {name}."],
    "call_back.query": [
        "Devolvé la llamada que perdí el {day}.",
        "Llamá a quien me llamó el {day} y no atendí.",
        "Alguien me llamó el {day} y no contesté. Devolvele la llamada.",
    ],
    "call_back.reply": [
        "La llamada perdida del {day} a las {time} era de {who}. Ya le estoy devolviendo la "
        "llamada."
    ],
    "text_person.query": [
        'Mandale un SMS a {first}: "{text}"',
        'Enviale a {name} un mensaje de texto que diga "{text}"',
        'SMS para {first}: "{text}"',
    ],
    "text_person.reply": ['SMS enviado a {name}: "{text}"'],
    "message_usual.query": [
        'Decile a {first}: "{text}"',
        'Avisale a {first}: "{text}"',
        'Escribile a {first} por donde hablamos siempre: "{text}"',
    ],
    "message_usual.reply": ['Enviado a {first} por {app}: "{text}"'],
    "email_person.query": [
        'Mandale un correo a {first} con el asunto "{subject}" que diga: "{body}"',
        'Escribile un mail a {name}, asunto "{subject}": "{body}"',
    ],
    "email_person.reply": ['Correo enviado a {first} ("{subject}").'],
    "reply_email.query": [
        'Respondé el correo sobre {topic} diciendo: "{text}"',
        'Contestá el mail de {topic} con: "{text}"',
    ],
    "reply_email.reply": ['Respondí a {sender} en el mismo hilo: "{text}"'],
    "create_event.query": [
        'Agendá "{title}" para el {day} a las {time}.',
        'Poné "{title}" en mi calendario el {day} a las {time}.',
        'Anotá "{title}" el {day}, {time}.',
    ],
    "create_event.reply": ['Agregué "{title}" el {day} a las {time}.'],
    "move_event.query": [
        "Pasá {title} del {day} a las {time}.",
        "¿Podés mover {title} a las {time}?",
        "Cambiá {title} para que empiece a las {time}.",
    ],
    "move_event.reply": ["Moví {title} a las {time} del {day}."],
    "cancel_event.query": [
        "Cancelá {title} del {day}.",
        "Sacá {title} de mi calendario.",
        "Borrá {title}.",
    ],
    "cancel_event.reply": ["Saqué {title} del {day} de tu calendario."],
    "add_contact.query": [
        "Guardá el número de {name}: {phone}.",
        "Agregá a {name} a mis contactos, {phone}.",
        "Contacto nuevo: {name}, {phone}.",
    ],
    "add_contact.reply": ["Guardé a {name} ({phone}) en tus contactos."],
    "update_phone.query": [
        "{first} tiene número nuevo: {phone}. Actualizalo.",
        "Cambiá el teléfono de {name} a {phone}.",
        "{first} cambió de número, ahora es {phone}.",
    ],
    "update_phone.reply": ["Actualicé el número de {name} a {phone}."],
    "forward_event.query": [
        "Mandale a {first} los detalles de {title}.",
        "¿Le reenviás a {first} los datos de {title}?",
        "Avisale a {first} cuándo y dónde es {title}.",
    ],
    "forward_event.reply": ["Le mandé a {first} los detalles de {title} ({day}) por {app}."],
    "cancel_and_tell.query": [
        "Cancelá {title} del {day} y avisale.",
        "No puedo ir a {title} del {day}. Borralo y avisale.",
    ],
    "cancel_and_tell.reply": ["Saqué {title} de tu calendario y le avisé a {first}."],
    "if_free.query": [
        'Si estoy libre el {day} a las {time}, agendá "{title}".',
        'Fijate si tengo algo a las {time} el {day}; si no, agendá "{title}".',
    ],
    "if_free.busy": [
        "No estás libre: {clash} empieza a las {clash_time} ese día, así que no agendé nada."
    ],
    "if_free.free": ['Estás libre, así que agregué "{title}" el {day} a las {time}.'],
    "text_missed_caller.query": [
        "Mandale un SMS a quien me llamó el {day} y no atendí, diciendo que lo llamo mañana.",
        "Alguien llamó el {day} y no contesté. Mandale un mensaje de que llamo mañana.",
    ],
    "text_missed_caller.reply": [
        "La llamada perdida del {day} era de {who}; le mandé un SMS a {first} diciendo que "
        "llamás mañana."
    ],
    "booking_to_chat.query": [
        "Decile a {first} a qué hora es nuestra reserva en {place}.",
        "Avisale a {first} cuándo es la reserva de {place}.",
    ],
    "booking_to_chat.reply": ["Le dije a {first}: la reserva en {place} es el {day} a las {time}."],
    "call_event_partner.query": [
        "Llamá a la persona con la que tuve {thing} el {day}.",
        "Comunicame con quien tuve {thing} el {day}.",
    ],
    "call_event_partner.reply": ["Tuviste {thing} con {name} el {day}; llamando a {first}."],
    "thank_event_partner.query": [
        "Agradecele a la persona con la que tuve {thing} el {day}.",
        "Mandale un gracias a quien tuve {thing} el {day}.",
    ],
    "thank_event_partner.reply": ["Era {first}; le agradecí por {app}."],
    "ask_message.query": [
        "Mandale un mensaje a {first}.",
        "Escribile a {first} de mi parte.",
        "Necesito mandarle algo a {first}.",
    ],
    "ask_message.goal": ['Que le llegue este mensaje a {first}: "{text}"'],
    "ask_message.knows": ['El mensaje es: "{text}"'],
    "ask_message.question": ["Claro. ¿Qué querés que le diga a {first}?"],
    "ask_message.answer": ['Decile: "{text}"'],
    "ask_message.reply": ['Enviado a {first} por {app}: "{text}"'],
    "ask_time.query": ['Agendá "{title}".', 'Poné "{title}" en mi calendario.', 'Anotá "{title}".'],
    "ask_time.goal": ['Tener "{title}" en el calendario el {day} a las {time}.'],
    "ask_time.knows": ["Es el {day} a las {time}."],
    "ask_time.question": ["¿Para cuándo lo agendo?"],
    "ask_time.answer": ["El {day} a las {time}."],
    "ask_time.reply": ['Agregué "{title}" el {day} a las {time}.'],
    "ask_email.query": [
        "Mandale un correo a {first}.",
        "Escribile un mail a {first}.",
        "¿Podés mandarle un correo a {first}?",
    ],
    "ask_email.goal": ['Mandarle a {first} un correo con el asunto "{subject}" que diga: "{body}"'],
    "ask_email.knows": ['Asunto "{subject}", texto: "{body}"'],
    "ask_email.question": ["Por supuesto. ¿Cuál es el asunto y qué le digo?"],
    "ask_email.answer": ['Asunto "{subject}", y decile: "{body}"'],
    "ask_email.reply": ['Correo enviado a {first} ("{subject}").'],
    "ask_new_time.query": [
        "Tengo que mover {title}.",
        "Hay que cambiar {title}.",
        "Reprogramá {title}.",
    ],
    "ask_new_time.goal": ["Pasar {title} del {day} al {new_day} a las {time}."],
    "ask_new_time.knows": ["El nuevo horario es el {new_day} a las {time}."],
    "ask_new_time.question": ["Ahora está el {day}. ¿Para cuándo lo paso?"],
    "ask_new_time.answer": ["Pasalo al {new_day} a las {time}."],
    "ask_new_time.reply": ["Moví {title} al {new_day} a las {time}."],
    "ask_number.query": [
        "Agregá a {name} a mis contactos.",
        "Guardá a {name} como contacto nuevo.",
        "Creá un contacto para {name}.",
    ],
    "ask_number.goal": ["Guardar a {name} en los contactos con el número {phone}."],
    "ask_number.knows": ["El número de {first} es {phone}."],
    "ask_number.question": ["¿Cuál es el teléfono de {first}?"],
    "ask_number.answer": ["Es el {phone}."],
    "ask_number.reply": ["Guardé a {name} ({phone}) en tus contactos."],
    "follow_up.query": ["¿Cuándo es {title}?", "¿A qué hora es {title}?"],
    "follow_up.goal": ["Saber cuándo es {title} y después avisarle a {first} que vas a ir."],
    "follow_up.knows": ["Querés que le avisen a {first} que vas a ir."],
    "follow_up.question": ["{title} es el {day} a las {time}. ¿Le aviso a {first}?"],
    "follow_up.answer": ["Sí, decile a {first} que nos vemos ahí."],
    "follow_up.reply": ["Listo: le avisé a {first} por {app} que se ven a las {time}."],
    "wrong_day_question.query.future": [
        "¿A qué hora es {title} del {wrong}?",
        "{title} del {wrong}, ¿a qué hora empieza?",
    ],
    "wrong_day_question.query.past": [
        "¿A qué hora fue {title} del {wrong}?",
        "{title} del {wrong} pasado, ¿a qué hora empezó?",
    ],
    "wrong_day_question.reply.future": [
        "{title} es el {weekday}, no el {wrong}: el {day} a las {time}."
    ],
    "wrong_day_question.reply.past": [
        "{title} fue el {weekday}, no el {wrong}: el {day} a las {time}."
    ],
    "wrong_number_check.query": [
        "¿El {wrong} sigue siendo el número de {first}?",
        "Tengo anotado el {wrong} para {name}, ¿está bien?",
    ],
    "wrong_number_check.reply": ["No: el número guardado de {name} es {phone}, no {wrong}."],
    "thank_wrong_day.query": [
        "Agradecele a {first} por {title} del {wrong}.",
        "Mandale a {first} un gracias por lo del {wrong}.",
    ],
    "thank_wrong_day.reply": [
        "{title} fue el {weekday}, no el {wrong}, así que le agradecí a {first} por el "
        "{weekday} por {app}."
    ],
    "wrong_party_size.query": [
        "Mi reserva en {place} del {when} es para {wrong} personas, ¿no?",
        "Reservé {place} para {wrong} el {when}, ¿verdad?",
    ],
    "wrong_party_size.reply": [
        "No exactamente: la reserva en {place} del {when} es para {size} personas, no {wrong}."
    ],
}

__all__ = ["SPANISH"]
