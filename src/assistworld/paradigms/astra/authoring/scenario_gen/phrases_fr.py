"""French phrasings (see :mod:`.phrases_en` for the rules every language follows)."""

from __future__ import annotations

FRENCH: dict[str, list[str]] = {
    "and": ["{first} et {last}"],
    "app.whatsapp": ["WhatsApp"],
    "app.sms": ["SMS"],
    "relation.partner": ["partenaire"],
    "relation.neighbour": ["voisin"],
    "relation.classmate": ["camarade de promo"],
    "contact_phone.query": [
        "Quel est le numéro de {first} ?",
        "Tu peux me donner le numéro de téléphone de {first} ?",
        "Je dois appeler {first}. Quel numéro ai-je enregistré ?",
        "Trouve-moi le portable de {name}.",
        "Quel numéro ai-je pour {first} ?",
    ],
    "contact_phone.reply": [
        "Le numéro de {name} est le {phone}.",
        "Tu as le {phone} enregistré pour {name}.",
    ],
    "contact_email.query": [
        "Quelle est l'adresse e-mail de {first} ?",
        "Quel e-mail ai-je pour {name} ?",
        "Tu peux trouver l'e-mail de {first} ?",
        "Je veux écrire à {first}. Quelle est son adresse ?",
    ],
    "contact_email.reply": [
        "L'adresse e-mail de {name} est {email}.",
        "Tu as {email} pour {name}.",
    ],
    "relationship_phone.query": [
        "Quel est le numéro de mon {relation} ?",
        "Tu peux chercher le téléphone de mon {relation} ?",
        "J'ai besoin du numéro de mon {relation}, s'il te plaît.",
    ],
    "relationship_phone.reply": ["Ton {relation}, c'est {name} : {phone}."],
    "event_when.query.future": [
        "C'est quand, {title} ?",
        "Quel jour et à quelle heure est {title} ?",
        "Rappelle-moi quand est {title}.",
    ],
    "event_when.query.past": [
        "C'était quand, {title} ?",
        "Quel jour était {title} ?",
        "Rappelle-moi quand c'était, {title}.",
    ],
    "event_when.reply.future": ["C'est le {day} à {time}."],
    "event_when.reply.past": ["C'était le {day} à {time}."],
    "event_where.query.future": ["Où a lieu {title} ?", "Quelle est l'adresse de {title} ?"],
    "event_where.query.past": ["Où était {title} ?", "Où a eu lieu {title} ?"],
    "event_where.reply.future": ["C'est à {location}, le {day}."],
    "event_where.reply.past": ["C'était à {location}, le {day}."],
    "event_attendees.query.future": ["Qui vient à {title} ?", "Qui est invité à {title} ?"],
    "event_attendees.query.past": ["Qui est venu à {title} ?", "Qui avais-je invité à {title} ?"],
    "event_attendees.reply.future": ["{title} du {day} est avec {people}."],
    "event_attendees.reply.past": ["{title} du {day} était avec {people}."],
    "next_meeting.query": [
        "Quand est-ce que je revois {first} ?",
        "Quelle est la prochaine chose que j'ai avec {first} ?",
    ],
    "next_meeting.reply": ["Prochain rendez-vous avec {first} : {title}, le {day} à {time}."],
    "last_message.query": [
        "Quel est le dernier {app} que {first} m'a envoyé ?",
        "Qu'est-ce que {first} m'a écrit en dernier sur {app} ?",
        "Lis-moi le dernier {app} de {first}.",
    ],
    "last_message.reply": ['Le dernier {app} de {first}, le {day} à {time} : "{text}"'],
    "missed_call.query": [
        "De qui était l'appel manqué du {day} ?",
        "J'ai manqué un appel le {day}. C'était qui ?",
        "Qui a essayé de m'appeler le {day} ?",
    ],
    "missed_call.reply": ["L'appel manqué du {day} à {time} venait de {who}."],
    "booking_party.query": [
        "Ma réservation chez {place} du {when}, c'est pour combien de personnes ?",
        "Pour combien est la réservation chez {place} du {when} ?",
    ],
    "booking_party.reply": ["Ta réservation chez {place} du {when} est pour {size} personnes."],
    "call_person.query": [
        "Appelle {first}.",
        "Appelle {name} pour moi.",
        "Tu peux appeler {first} ?",
        "Passe-moi {first} au téléphone.",
    ],
    "call_person.reply": ["J'appelle {name}.", "Appel en cours vers {name}."],
    "call_back.query": [
        "Rappelle la personne que j'ai manquée le {day}.",
        "Rappelle l'appel manqué du {day}.",
        "Quelqu'un a appelé le {day} et j'ai raté l'appel. Rappelle-le.",
    ],
    "call_back.reply": [
        "L'appel manqué du {day} à {time} venait de {who}. Je rappelle maintenant."
    ],
    "text_person.query": [
        'Envoie un SMS à {first} : "{text}"',
        'Envoie à {name} un SMS qui dit "{text}"',
        'SMS pour {first} : "{text}"',
    ],
    "text_person.reply": ['SMS envoyé à {name} : "{text}"'],
    "message_usual.query": [
        'Dis à {first} : "{text}"',
        'Préviens {first} : "{text}"',
        'Écris à {first} là où on discute d\'habitude : "{text}"',
    ],
    "message_usual.reply": ['Envoyé à {first} sur {app} : "{text}"'],
    "email_person.query": [
        'Envoie un e-mail à {first} avec l\'objet "{subject}" : "{body}"',
        'Écris un mail à {name}, objet "{subject}" : "{body}"',
    ],
    "email_person.reply": ['E-mail envoyé à {first} ("{subject}").'],
    "reply_email.query": [
        'Réponds à l\'e-mail concernant {topic} : "{text}"',
        'Réponds au mail sur {topic} avec : "{text}"',
    ],
    "reply_email.reply": ['Réponse envoyée à {sender} dans le même fil : "{text}"'],
    "create_event.query": [
        'Mets "{title}" dans mon agenda le {day} à {time}.',
        'Ajoute "{title}" le {day} à {time}.',
        'Planifie "{title}" : {day}, {time}.',
    ],
    "create_event.reply": ['"{title}" ajouté le {day} à {time}.'],
    "move_event.query": [
        "Décale {title} du {day} à {time}.",
        "Tu peux déplacer {title} à {time} ?",
        "Fais commencer {title} à {time} plutôt.",
    ],
    "move_event.reply": ["{title} du {day} déplacé à {time}."],
    "cancel_event.query": [
        "Annule {title} du {day}.",
        "Enlève {title} de mon agenda.",
        "Supprime {title}.",
    ],
    "cancel_event.reply": ["{title} du {day} retiré de ton agenda."],
    "add_contact.query": [
        "Enregistre le numéro de {name} : {phone}.",
        "Ajoute {name} à mes contacts, {phone}.",
        "Nouveau contact : {name}, {phone}.",
    ],
    "add_contact.reply": ["{name} ({phone}) enregistré dans tes contacts."],
    "update_phone.query": [
        "{first} a un nouveau numéro : {phone}. Mets-le à jour.",
        "Change le téléphone de {name} en {phone}.",
        "{first} a changé de numéro, c'est le {phone} maintenant.",
    ],
    "update_phone.reply": ["Le numéro de {name} est maintenant le {phone}."],
    "forward_event.query": [
        "Envoie à {first} les détails de {title}.",
        "Tu peux transférer les infos de {title} à {first} ?",
        "Dis à {first} quand et où a lieu {title}.",
    ],
    "forward_event.reply": ["Détails de {title} ({day}) envoyés à {first} sur {app}."],
    "cancel_and_tell.query": [
        "Annule {title} du {day} et préviens.",
        "Je ne peux pas aller à {title} du {day}. Supprime-le et préviens.",
    ],
    "cancel_and_tell.reply": ["{title} retiré de ton agenda, et {first} est prévenu."],
    "if_free.query": [
        'Si je suis libre le {day} à {time}, ajoute "{title}".',
        'Regarde si j\'ai quelque chose à {time} le {day} ; sinon, planifie "{title}".',
    ],
    "if_free.busy": [
        "Tu n'es pas libre : {clash} commence à {clash_time} ce jour-là, donc je n'ai rien ajouté."
    ],
    "if_free.free": ['Tu es libre, donc j\'ai ajouté "{title}" le {day} à {time}.'],
    "text_missed_caller.query": [
        "Envoie un SMS à la personne dont j'ai manqué l'appel le {day} pour dire que je "
        "rappelle demain.",
        "Quelqu'un a appelé le {day} et j'ai raté l'appel. Envoie-lui un SMS : je rappelle demain.",
    ],
    "text_missed_caller.reply": [
        "L'appel manqué du {day} venait de {who} ; SMS envoyé à {first} pour dire que tu "
        "rappelles demain."
    ],
    "booking_to_chat.query": [
        "Dis à {first} à quelle heure est notre réservation chez {place}.",
        "Préviens {first} de l'heure de la réservation chez {place}.",
    ],
    "booking_to_chat.reply": [
        "{first} est prévenu : la réservation chez {place} est le {day} à {time}."
    ],
    "call_event_partner.query": [
        "Appelle la personne avec qui j'ai eu {thing} le {day}.",
        "Passe-moi la personne avec qui j'ai eu {thing} le {day}.",
    ],
    "call_event_partner.reply": ["{thing} du {day}, c'était avec {name} ; j'appelle {first}."],
    "thank_event_partner.query": [
        "Remercie la personne avec qui j'ai eu {thing} le {day}.",
        "Envoie un merci à la personne avec qui j'ai eu {thing} le {day}.",
    ],
    "thank_event_partner.reply": ["C'était {first} ; remerciement envoyé sur {app}."],
    "ask_message.query": [
        "Envoie un message à {first}.",
        "Écris à {first} de ma part.",
        "Je dois envoyer quelque chose à {first}.",
    ],
    "ask_message.goal": ['Faire parvenir ce message à {first} : "{text}"'],
    "ask_message.knows": ['Le message est : "{text}"'],
    "ask_message.question": ["D'accord. Qu'est-ce que je dis à {first} ?"],
    "ask_message.answer": ['Dis-lui : "{text}"'],
    "ask_message.reply": ['Envoyé à {first} sur {app} : "{text}"'],
    "ask_time.query": [
        'Mets "{title}" dans mon agenda.',
        'Ajoute "{title}" à mon agenda.',
        'Planifie "{title}".',
    ],
    "ask_time.goal": ['Avoir "{title}" dans l\'agenda le {day} à {time}.'],
    "ask_time.knows": ["C'est le {day} à {time}."],
    "ask_time.question": ["Pour quand dois-je le mettre ?"],
    "ask_time.answer": ["Le {day} à {time}."],
    "ask_time.reply": ['"{title}" ajouté le {day} à {time}.'],
    "ask_email.query": [
        "Envoie un e-mail à {first}.",
        "Écris un mail à {first}.",
        "Tu peux envoyer un e-mail à {first} ?",
    ],
    "ask_email.goal": ['Envoyer à {first} un e-mail avec l\'objet "{subject}" : "{body}"'],
    "ask_email.knows": ['Objet "{subject}", texte : "{body}"'],
    "ask_email.question": ["Bien sûr. Quel objet et quel message ?"],
    "ask_email.answer": ['Objet "{subject}", et dis : "{body}"'],
    "ask_email.reply": ['E-mail envoyé à {first} ("{subject}").'],
    "ask_new_time.query": [
        "Je dois déplacer {title}.",
        "Il faut changer {title}.",
        "Reprogramme {title}.",
    ],
    "ask_new_time.goal": ["Déplacer {title} du {day} au {new_day} à {time}."],
    "ask_new_time.knows": ["Le nouvel horaire est le {new_day} à {time}."],
    "ask_new_time.question": ["C'est prévu le {day}. À quand dois-je le déplacer ?"],
    "ask_new_time.answer": ["Mets-le au {new_day} à {time}."],
    "ask_new_time.reply": ["{title} déplacé au {new_day} à {time}."],
    "ask_number.query": [
        "Ajoute {name} à mes contacts.",
        "Enregistre {name} comme nouveau contact.",
        "Crée un contact pour {name}.",
    ],
    "ask_number.goal": ["Enregistrer {name} dans les contacts avec le numéro {phone}."],
    "ask_number.knows": ["Le numéro de {first} est le {phone}."],
    "ask_number.question": ["Quel est le numéro de {first} ?"],
    "ask_number.answer": ["C'est le {phone}."],
    "ask_number.reply": ["{name} ({phone}) enregistré dans tes contacts."],
    "follow_up.query": ["C'est quand, {title} ?", "À quelle heure est {title} ?"],
    "follow_up.goal": ["Savoir quand a lieu {title}, puis prévenir {first} que tu viens."],
    "follow_up.knows": ["Tu veux que {first} sache que tu viens."],
    "follow_up.question": ["{title} est le {day} à {time}. Je préviens {first} ?"],
    "follow_up.answer": ["Oui, dis à {first} qu'on se voit là-bas."],
    "follow_up.reply": ["C'est fait : {first} sait par {app} que vous vous voyez à {time}."],
    "wrong_day_question.query.future": [
        "À quelle heure est {title} de {wrong} ?",
        "{title} de {wrong}, ça commence à quelle heure ?",
    ],
    "wrong_day_question.query.past": [
        "À quelle heure était {title} de {wrong} ?",
        "{title} de {wrong} dernier, ça a commencé quand ?",
    ],
    "wrong_day_question.reply.future": [
        "{title} est le {weekday}, pas le {wrong} : le {day} à {time}."
    ],
    "wrong_day_question.reply.past": [
        "{title} était le {weekday}, pas le {wrong} : le {day} à {time}."
    ],
    "wrong_number_check.query": [
        "Le {wrong}, c'est toujours le numéro de {first} ?",
        "J'ai noté le {wrong} pour {name}, c'est bon ?",
    ],
    "wrong_number_check.reply": [
        "Non : le numéro enregistré pour {name} est le {phone}, pas le {wrong}."
    ],
    "thank_wrong_day.query": [
        "Remercie {first} pour {title} de {wrong}.",
        "Envoie un merci à {first} pour {wrong}.",
    ],
    "thank_wrong_day.reply": [
        "{title} était le {weekday}, pas le {wrong} ; j'ai remercié {first} pour {weekday} "
        "sur {app}."
    ],
    "wrong_party_size.query": [
        "Ma réservation chez {place} du {when} est pour {wrong} personnes, non ?",
        "J'ai réservé {place} pour {wrong} le {when}, c'est ça ?",
    ],
    "wrong_party_size.reply": [
        "Pas tout à fait : la réservation chez {place} du {when} est pour {size} personnes, "
        "pas {wrong}."
    ],
}

__all__ = ["FRENCH"]
