"""English phrasings of every template family (the suite's source language).

Each key lists variants; a family's ``n``-th scenario takes variant ``n`` modulo their count.
Replies must hold the values the family's checks look for (they are fields here), and the
final reply of an insufficient-context scenario holds no question mark (only the question
asking for the missing detail does).
"""

from __future__ import annotations

ENGLISH: dict[str, list[str]] = {
    "and": ["{first} and {last}"],
    "app.whatsapp": ["WhatsApp"],
    "app.sms": ["text message"],
    "relation.partner": ["partner"],
    "relation.neighbour": ["neighbour"],
    "relation.classmate": ["classmate"],
    "contact_phone.query": [
        "What's {first}'s number?",
        "Can you give me {first}'s phone number?",
        "I need to ring {first}. Which number do I have for them?",
        "Look up {name}'s mobile number for me.",
        "What number have I got saved for {first}?",
    ],
    "contact_phone.reply": ["{name}'s number is {phone}.", "You have {phone} saved for {name}."],
    "contact_email.query": [
        "What's {first}'s email address?",
        "Which email do I have for {name}?",
        "Can you find {first}'s email for me?",
        "I want to write to {first}. What's their address?",
    ],
    "contact_email.reply": ["{name}'s email address is {email}.", "You have {email} for {name}."],
    "relationship_phone.query": [
        "What's my {relation}'s number?",
        "Can you look up my {relation}'s phone number?",
        "I need my {relation}'s number, please.",
    ],
    "relationship_phone.reply": ["Your {relation} is {name}: {phone}."],
    "event_when.query.future": [
        "When is my {title}?",
        "What day and time is the {title}?",
        "Remind me when the {title} is.",
    ],
    "event_when.query.past": [
        "When was my {title}?",
        "What day did the {title} happen?",
        "Remind me when the {title} was.",
    ],
    "event_when.reply.future": ["It's on {day} at {time}."],
    "event_when.reply.past": ["It was on {day} at {time}."],
    "event_where.query.future": ["Where is the {title}?", "What's the address for my {title}?"],
    "event_where.query.past": ["Where was the {title}?", "Where did the {title} take place?"],
    "event_where.reply.future": ["It's at {location}, on {day}."],
    "event_where.reply.past": ["It was at {location}, on {day}."],
    "event_attendees.query.future": [
        "Who's coming to the {title}?",
        "Who is on the invite for the {title}?",
    ],
    "event_attendees.query.past": ["Who came to the {title}?", "Who was invited to the {title}?"],
    "event_attendees.reply.future": ["The {title} on {day} is with {people}."],
    "event_attendees.reply.past": ["The {title} on {day} was with {people}."],
    "next_meeting.query": [
        "When am I next seeing {first}?",
        "When's the next thing I have with {first}?",
        "What's my next plan with {first}?",
    ],
    "next_meeting.reply": ["Next up with {first}: the {title} on {day} at {time}."],
    "last_message.query": [
        "What was the last {app} {first} sent me?",
        "What did {first} last say to me on {app}?",
        "Read me {first}'s most recent {app}.",
    ],
    "last_message.reply": ['{first}\'s last {app}, on {day} at {time}: "{text}"'],
    "missed_call.query": [
        "Who was the call I missed on {day}?",
        "I missed a call on {day}. Who was it?",
        "Who tried to ring me on {day}?",
    ],
    "missed_call.reply": ["The call you missed on {day} at {time} was from {who}."],
    "booking_party.query": [
        "How many people is my booking at {place} for {when} for?",
        "For how many is the {place} reservation on {when}?",
    ],
    "booking_party.reply": ["Your booking at {place} on {when} is for {size} people."],
    "call_person.query": [
        "Call {first}.",
        "Ring {name} for me.",
        "Can you phone {first}?",
        "Get {first} on the phone.",
    ],
    "call_person.reply": ["Calling {name} now.", "I'm calling {name}."],
    "call_back.query": [
        "Call back whoever I missed on {day}.",
        "Return the call I missed on {day}.",
        "Someone called on {day} and I missed it. Ring them back.",
    ],
    "call_back.reply": [
        "The call you missed on {day} at {time} was from {who}. I'm calling them back now."
    ],
    "text_person.query": [
        "Text {first}: {text}",
        'Send {name} a text saying "{text}"',
        "Send an SMS to {first}: {text}",
    ],
    "text_person.reply": ['Texted {name}: "{text}"'],
    "message_usual.query": [
        "Tell {first}: {text}",
        "Let {first} know: {text}",
        "Message {first} where we usually chat: {text}",
    ],
    "message_usual.reply": ['Sent to {first} on {app}: "{text}"'],
    "email_person.query": [
        'Email {first} with the subject "{subject}" and say: {body}',
        'Send {name} an email, subject "{subject}": {body}',
    ],
    "email_person.reply": ['Emailed {first} ("{subject}").'],
    "reply_email.query": [
        "Reply to the email about {topic} and say: {text}",
        "Answer the {topic} email with: {text}",
    ],
    "reply_email.reply": ['Replied to {sender} in the same thread: "{text}"'],
    "create_event.query": [
        "Put {lower} in my calendar for {day} at {time}.",
        'Add "{title}" on {day} at {time}.',
        "Book {lower} into my calendar, {day}, {time}.",
    ],
    "create_event.reply": ['Added "{title}" on {day} at {time}.'],
    "move_event.query": [
        "Move my {title} on {day} to {time}.",
        "Can you push the {title} to {time}?",
        "Shift {title} to start at {time} instead.",
    ],
    "move_event.reply": ["Moved the {title} to {time} on {day}."],
    "cancel_event.query": [
        "Cancel the {title} on {day}.",
        "Take the {title} out of my calendar.",
        "Delete my {title}.",
    ],
    "cancel_event.reply": ["Removed the {title} on {day} from your calendar."],
    "add_contact.query": [
        "Save {name}'s number: {phone}.",
        "Add {name} to my contacts, {phone}.",
        "New contact: {name}, {phone}.",
    ],
    "add_contact.reply": ["Saved {name} ({phone}) to your contacts."],
    "update_phone.query": [
        "{first} has a new number: {phone}. Update it.",
        "Change {name}'s phone to {phone}.",
        "{first} changed numbers, it's {phone} now.",
    ],
    "update_phone.reply": ["Updated {name}'s number to {phone}."],
    "forward_event.query": [
        "Send {first} the details of the {title}.",
        "Can you forward the {title} details to {first}?",
        "Let {first} know when and where the {title} is.",
    ],
    "forward_event.reply": ["Sent {first} the details of the {title} ({day}) on {app}."],
    "cancel_and_tell.query": [
        "Cancel the {title} on {day} and let them know.",
        "I can't make the {title} on {day}. Delete it and tell them.",
    ],
    "cancel_and_tell.reply": ["Removed the {title} from your calendar and told {first}."],
    "if_free.query": [
        "If I'm free on {day} at {time}, put {lower} in my calendar.",
        "Check whether I have anything at {time} on {day}; if not, book {lower}.",
    ],
    "if_free.busy": [
        "You're not free: the {clash} starts at {clash_time} that day, so I didn't book anything."
    ],
    "if_free.free": ["You're free, so I've added \"{title}\" on {day} at {time}."],
    "text_missed_caller.query": [
        "Text whoever I missed a call from on {day} that I'll ring them tomorrow.",
        "Someone rang on {day} and I missed it. Send them a text saying I'll call tomorrow.",
    ],
    "text_missed_caller.reply": [
        "The missed call on {day} was {who}; I've texted {first} that you'll call tomorrow."
    ],
    "booking_to_chat.query": [
        "Tell {first} what time our {place} booking is.",
        "Let {first} know when the {place} reservation is.",
    ],
    "booking_to_chat.reply": ["Told {first}: the {place} booking is on {day} at {time}."],
    "call_event_partner.query": [
        "Ring whoever I had {thing} with on {day}.",
        "Call the person I met for {thing} on {day}.",
        "Get me the person I had {thing} with on {day} on the phone.",
    ],
    "call_event_partner.reply": ["You had {thing} with {name} on {day}; calling {first} now."],
    "thank_event_partner.query": [
        "Thank whoever I had {thing} with on {day}.",
        "Send a thank-you to the person I had {thing} with on {day}.",
    ],
    "thank_event_partner.reply": ["That was {first}; I thanked them on {app}."],
    "ask_message.query": [
        "Send {first} a message.",
        "Message {first} for me.",
        "I need to send something to {first}.",
    ],
    "ask_message.goal": ["Get this message to {first}: {text}"],
    "ask_message.knows": ["The message is: {text}"],
    "ask_message.question": ["Sure. What would you like me to tell {first}?"],
    "ask_message.answer": ["Tell them: {text}"],
    "ask_message.reply": ['Sent to {first} on {app}: "{text}"'],
    "ask_time.query": [
        "Put {lower} in my calendar.",
        "Add {lower} to my calendar.",
        "Schedule {lower}.",
    ],
    "ask_time.goal": ['Have "{title}" in the calendar on {day} at {time}.'],
    "ask_time.knows": ["It is on {day} at {time}."],
    "ask_time.question": ["When should I put it in?"],
    "ask_time.answer": ["{day} at {time}."],
    "ask_time.reply": ['Added "{title}" on {day} at {time}.'],
    "ask_email.query": [
        "Email {first} for me.",
        "Write an email to {first}.",
        "Can you send {first} an email?",
    ],
    "ask_email.goal": ['Email {first} with the subject "{subject}" saying: {body}'],
    "ask_email.knows": ['Subject "{subject}", text: {body}'],
    "ask_email.question": ["Of course. What should the subject and the message be?"],
    "ask_email.answer": ['Subject "{subject}", and say: {body}'],
    "ask_email.reply": ['Emailed {first} ("{subject}").'],
    "ask_new_time.query": [
        "I need to move the {title}.",
        "The {title} has to change.",
        "Reschedule my {title}.",
    ],
    "ask_new_time.goal": ["Move the {title} on {day} to {new_day} at {time}."],
    "ask_new_time.knows": ["The new time is {new_day} at {time}."],
    "ask_new_time.question": ["It's on {day} now. When should it move to?"],
    "ask_new_time.answer": ["Make it {new_day} at {time}."],
    "ask_new_time.reply": ["Moved the {title} to {new_day} at {time}."],
    "ask_number.query": [
        "Add {name} to my contacts.",
        "Save {name} as a new contact.",
        "Create a contact for {name}.",
    ],
    "ask_number.goal": ["Save {name} in the contacts with the number {phone}."],
    "ask_number.knows": ["{first}'s number is {phone}."],
    "ask_number.question": ["What's {first}'s phone number?"],
    "ask_number.answer": ["It's {phone}."],
    "ask_number.reply": ["Saved {name} ({phone}) to your contacts."],
    "follow_up.query": ["When is the {title}?", "What time is my {title}?"],
    "follow_up.goal": ["Find out when the {title} is, then let {first} know you'll be there."],
    "follow_up.knows": ["You want {first} told that you'll be there."],
    "follow_up.question": ["The {title} is on {day} at {time}. Shall I let {first} know?"],
    "follow_up.answer": ["Yes, tell {first} I'll see them then."],
    "follow_up.reply": ["Done: I told {first} on {app} that you'll see them at {time}."],
    "wrong_day_question.query.future": [
        "What time is my {title} on {wrong}?",
        "The {title} on {wrong}, what time does it start?",
    ],
    "wrong_day_question.query.past": [
        "What time was the {title} on {wrong}?",
        "The {title} last {wrong}, when did it start?",
    ],
    "wrong_day_question.reply.future": [
        "The {title} is on {weekday}, not {wrong}: {day} at {time}."
    ],
    "wrong_day_question.reply.past": [
        "The {title} was on {weekday}, not {wrong}: {day} at {time}."
    ],
    "wrong_number_check.query": [
        "Is {wrong} still {first}'s number?",
        "I've got {wrong} down for {name}, is that right?",
    ],
    "wrong_number_check.reply": ["No: the number saved for {name} is {phone}, not {wrong}."],
    "thank_wrong_day.query": [
        "Thank {first} for the {thing} on {wrong}.",
        "Send {first} a thank-you for {wrong}'s {thing}.",
    ],
    "thank_wrong_day.reply": [
        "The {title} was on {weekday}, not {wrong}, so I thanked {first} for {weekday} on {app}."
    ],
    "wrong_party_size.query": [
        "My {place} booking for {when} is for {wrong} people, right?",
        "I booked {place} for {wrong} on {when}, didn't I?",
    ],
    "wrong_party_size.reply": [
        "Not quite: the {place} booking on {when} is for {size} people, not {wrong}."
    ],
}

__all__ = ["ENGLISH"]
