"""Text messages (SMS): find, list, send and remove messages and conversations."""

from __future__ import annotations

from assistworld.apps.personal._chat_tools import ChatApp, chat_tools

__all__ = [
    "get_all_messages",
    "remove_message_or_conversation",
    "search_messages",
    "send_message",
]

_APP = ChatApp(
    app="messages",
    channel="sms",
    module=__name__,
    search="search_messages",
    every="get_all_messages",
    send="send_message",
    remove="remove_message_or_conversation",
    singular="text message",
    sent="a text message (SMS)",
)

search_messages, get_all_messages, send_message, remove_message_or_conversation = chat_tools(_APP)
