"""WhatsApp: find, list, send and remove messages and conversations."""

from __future__ import annotations

from assistworld.apps.personal._chat_tools import ChatApp, chat_tools

__all__ = [
    "get_all_whatsapp_messages",
    "remove_whatsapp_message_or_conversation",
    "search_whatsapp_messages",
    "send_whatsapp_message",
]

_APP = ChatApp(
    app="whatsapp",
    channel="whatsapp",
    module=__name__,
    search="search_whatsapp_messages",
    every="get_all_whatsapp_messages",
    send="send_whatsapp_message",
    remove="remove_whatsapp_message_or_conversation",
    singular="WhatsApp message",
    sent="a WhatsApp message",
)

(
    search_whatsapp_messages,
    get_all_whatsapp_messages,
    send_whatsapp_message,
    remove_whatsapp_message_or_conversation,
) = chat_tools(_APP)
