"""The four tools of a chat app, declared once for text messages and for WhatsApp.

The two apps offer the same tools under their own names, app and wording (``search_messages``
and ``search_whatsapp_messages``, "text message" and "WhatsApp message"): :func:`chat_tools`
builds one app's four from the same signatures and docstrings, so the apps cannot drift apart.
Each built function carries its own ``__name__``, ``__qualname__``, ``__module__`` and
``__doc__``, so toolsets, JSON schemas and rendered documentation see plain declared tools.
"""

from __future__ import annotations

import datetime
import textwrap
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from assistworld.apps.personal import _chat
from assistworld.apps.personal._checks import LongText, NameList, ShortText
from assistworld.apps.personal.records import ChatMessage, Period
from assistworld.tools.declaration import Effect, tool

_F = TypeVar("_F", bound=Callable[..., Any])

_SEARCH_DOC = """Find {plural} by words, by a person, by conversation, unread state or time.

    Returns the matching messages (with ``message_id`` and ``conversation_id``), newest first; an
    empty list when none match (then try ``{every}``).

    query
        Words that must all appear in the message text (case-insensitive).
    person
        A name or phone number: the sender or anyone in the conversation (or a group's name).
    conversation_id
        Only the messages of this conversation.
    unread_only
        Only incoming messages the owner has not read yet.
    start, end
        Only messages sent in this time range (end excluded), ISO format: 2024-06-24T18:00.
    period
        A period relative to now (a ``Period``: today, yesterday, tomorrow, last_night,
        this_week, last_week, next_week, last_7_days, next_7_days, past, upcoming). With start or
        end as well, both apply.
    """

_EVERY_DOC = """Every {singular} of every conversation, newest first."""

_SEND_DOC = """Send {sent} from the owner; returns the message sent.

    It goes into the existing conversation with exactly these recipients (a new one is started
    if there is none), or into the conversation given by ``conversation_id`` (e.g. a group chat).

    text
        The message.
    recipients
        Phone numbers, or names of contacts who have one. Several people make a group chat.
    conversation_id
{conversation_doc}
    """

_REMOVE_DOC = (
    "Delete one message or a whole conversation; returns the ids of the messages removed."
    """

    Give exactly one of the two.

    message_id
        The message to delete.
    conversation_id
        The conversation to delete with all its messages.
    """
)

_DOC_WIDTH = 100
"""The line length the docstrings are wrapped to, as in the source they replace."""


@dataclass(frozen=True)
class ChatApp:
    """How one chat app names and words its four tools."""

    app: str
    """The app the tools belong to (``@tool(app=...)``)."""
    channel: str
    """The channel of the personal tables holding its conversations and messages."""
    module: str
    """The module that exports the tools (their ``__module__``)."""
    search: str
    every: str
    send: str
    remove: str
    singular: str
    """One message in words: ``text message``."""
    sent: str
    """What ``send`` sends, with its article: ``a text message (SMS)``."""

    @property
    def lister(self) -> str:
        """The tools an error message points to for finding ids."""
        return f"{self.search} or {self.every}"


def chat_tools(
    chat: ChatApp,
) -> tuple[
    Callable[..., list[ChatMessage]],
    Callable[[], list[ChatMessage]],
    Callable[..., ChatMessage],
    Callable[..., list[str]],
]:
    """The app's search, list-all, send and remove tools, in that order."""
    channel, lister = chat.channel, chat.lister

    def search(
        query: ShortText | None = None,
        person: ShortText | None = None,
        conversation_id: ShortText | None = None,
        unread_only: bool = False,
        start: datetime.datetime | None = None,
        end: datetime.datetime | None = None,
        period: Period | None = None,
    ) -> list[ChatMessage]:
        return _chat.search(
            channel,
            lister,
            query=query,
            person=person,
            conversation_id=conversation_id,
            unread_only=unread_only,
            start=start,
            end=end,
            period=period,
        )

    def every() -> list[ChatMessage]:
        return _chat.every(channel)

    def send(
        text: LongText,
        recipients: NameList | None = None,
        conversation_id: ShortText | None = None,
    ) -> ChatMessage:
        return _chat.send(channel, lister, recipients, text, conversation_id)

    def remove(
        message_id: ShortText | None = None, conversation_id: ShortText | None = None
    ) -> list[str]:
        return _chat.remove(channel, lister, message_id, conversation_id)

    conversation_doc = textwrap.fill(
        f"An existing conversation to write in, from {lister}.",
        width=_DOC_WIDTH,
        initial_indent=" " * 8,
        subsequent_indent=" " * 8,
    )
    return (
        _declare(
            search,
            chat,
            chat.search,
            "read",
            _SEARCH_DOC.format(plural=f"{chat.singular}s", every=chat.every),
        ),
        _declare(every, chat, chat.every, "read", _EVERY_DOC.format(singular=chat.singular)),
        _declare(
            send,
            chat,
            chat.send,
            "write",
            _SEND_DOC.format(sent=chat.sent, conversation_doc=conversation_doc),
        ),
        _declare(remove, chat, chat.remove, "write", _REMOVE_DOC),
    )


def _declare(function: _F, chat: ChatApp, name: str, effect: Effect, doc: str) -> _F:
    """``function`` named, documented and placed in ``chat``'s module, then declared a tool
    (the name first: the declaration takes the tool's name from it)."""
    function.__name__ = name
    function.__qualname__ = name
    function.__module__ = chat.module
    function.__doc__ = doc
    return tool(app=chat.app, effect=effect)(function)


__all__ = ["ChatApp", "chat_tools"]
