"""Every template family, in the order the suite lists them."""

from __future__ import annotations

from collections.abc import Callable

from assistworld.paradigms.astra.authoring.scenario_gen import (
    actions,
    compound,
    dialogues,
    lookups,
    stress,
)
from assistworld.paradigms.astra.authoring.scenario_gen.draft import Draft
from assistworld.paradigms.astra.authoring.scenario_gen.view import WorldView

Family = Callable[[WorldView, str], list[Draft]]

FAMILIES: tuple[Family, ...] = (
    lookups.contact_phone,
    lookups.contact_email,
    lookups.relationship_phone,
    lookups.event_when,
    lookups.event_where,
    lookups.event_attendees,
    lookups.next_meeting,
    lookups.last_message,
    lookups.missed_call,
    lookups.booking_party,
    actions.call_person,
    actions.call_back,
    actions.text_person,
    actions.message_usual,
    actions.email_person,
    actions.reply_email,
    actions.create_event,
    actions.move_event,
    actions.cancel_event,
    actions.add_contact,
    actions.update_phone,
    compound.forward_event,
    compound.cancel_and_tell,
    compound.if_free,
    compound.text_missed_caller,
    compound.booking_to_chat,
    compound.call_event_partner,
    compound.thank_event_partner,
    dialogues.ask_message,
    dialogues.ask_time,
    dialogues.ask_email,
    dialogues.ask_new_time,
    dialogues.ask_number,
    dialogues.follow_up,
    stress.wrong_day_question,
    stress.wrong_number_check,
    stress.thank_wrong_day,
    stress.wrong_party_size,
)

__all__ = ["FAMILIES", "Family"]
