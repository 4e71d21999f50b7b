"""The owner's mailbox: find and list emails, send (or save as drafts), edit drafts, remove."""

from __future__ import annotations

import datetime

from assistworld.apps.personal import _checks as check
from assistworld.apps.personal._checks import LongText, NameList, ShortText
from assistworld.apps.personal._copies import detached, kept
from assistworld.apps.personal._filters import text_matches, window
from assistworld.apps.personal._ids import readable_id
from assistworld.apps.personal._people import (
    PersonQuery,
    contact_for_address,
    resolve_contact,
)
from assistworld.apps.personal.errors import PersonalAppError
from assistworld.apps.personal.records import Email, EmailFolder, Period
from assistworld.apps.personal.tables import PersonalTables, active_tables
from assistworld.tools.declaration import tool

__all__ = [
    "get_all_emails",
    "modify_draft_email",
    "remove_email_or_thread",
    "search_emails",
    "send_email",
]

FOLDERS: tuple[str, ...] = ("inbox", "sent", "drafts", "archive")
_LISTER = "search_emails or get_all_emails"


@tool(app="email", effect="read")
def search_emails(
    query: ShortText | None = None,
    person: ShortText | None = None,
    folder: EmailFolder | None = None,
    unread_only: bool = False,
    thread_id: ShortText | None = None,
    start: datetime.datetime | None = None,
    end: datetime.datetime | None = None,
    period: Period | None = None,
) -> list[Email]:
    """Find emails by words, by a person, by folder, unread state, thread or time.

    Returns the matching emails (with ``email_id`` and ``thread_id``), newest first; an empty
    list when none match (then try ``get_all_emails``).

    query
        Words that must all appear in the subject or body (case-insensitive).
    person
        A name or email address: the sender or any recipient (to or cc).
    folder
        One of inbox, sent, drafts, archive.
    unread_only
        Only emails the owner has not read yet.
    thread_id
        Only the emails of this conversation thread.
    start, end
        Only emails sent in this time range (end excluded), ISO format: 2024-06-24T18:00.
    period
        A period relative to now (a ``Period``: today, yesterday, tomorrow, last_night,
        this_week, last_week, next_week, last_7_days, next_7_days, past, upcoming). With start or
        end as well, both apply.
    """
    words = check.short(query, "query")
    who = check.short(person, "person")
    thread = check.short(thread_id, "thread_id")
    if folder is not None and folder not in FOLDERS:
        raise PersonalAppError(f"folder {folder!r} is unknown; use one of {', '.join(FOLDERS)}")
    tables = active_tables()
    span = window(start, end, period, tables.world.now)
    matcher = PersonQuery(who, tables.contacts.values()) if who is not None else None
    found = []
    for email in tables.emails.values():
        if folder is not None and email.folder != folder:
            continue
        if unread_only and email.is_read:
            continue
        if thread is not None and email.thread_id != thread:
            continue
        if not span.holds(email.sent_at) or not text_matches(words, email.subject, email.body):
            continue
        if matcher is not None and not (
            matcher.party(email.sender, email.sender_name)
            or any(matcher.party(address) for address in email.to + email.cc)
        ):
            continue
        found.append(detached(email))
    return sorted(found, key=lambda email: email.sent_at, reverse=True)


@tool(app="email", effect="read")
def get_all_emails() -> list[Email]:
    """Every email of every folder (inbox, sent, drafts, archive), newest first."""
    emails = [detached(email) for email in active_tables().emails.values()]
    return sorted(emails, key=lambda email: email.sent_at, reverse=True)


@tool(app="email", effect="write")
def send_email(
    to: NameList | None = None,
    subject: ShortText | None = None,
    body: LongText | None = None,
    cc: NameList | None = None,
    reply_to_email_id: ShortText | None = None,
    draft_id: ShortText | None = None,
    save_as_draft: bool = False,
) -> Email:
    """Send an email from the owner (or save it as a draft); returns the email as stored.

    To send an existing draft give its ``draft_id``: the draft leaves the drafts folder and is
    sent, with any other field given replacing the draft's. To reply, give
    ``reply_to_email_id``: the reply joins that email's thread, goes to its sender (to its
    recipients when the owner sent it) unless ``to`` is given, and its subject defaults to "Re: "
    and the original subject.

    to
        Recipients: email addresses, or names of contacts who have one.
    subject, body
        The subject line and the text.
    cc
        Recipients in copy (addresses or contact names).
    reply_to_email_id
        The email this one answers.
    draft_id
        A draft (folder drafts) to send.
    save_as_draft
        Save the email in the drafts folder instead of sending it.
    """
    tables = active_tables()
    owner = tables.owner()
    base: Email | None = None
    if draft_id is not None:
        base = check.record(tables.emails, draft_id, "email", _LISTER)
        _must_be_draft(base, "send_email")
    original = None
    if reply_to_email_id is not None:
        original = check.record(tables.emails, reply_to_email_id, "email", _LISTER)
    recipients = _addresses(tables, to, "to")
    copies = _addresses(tables, cc, "cc")
    title = check.short(subject, "subject")
    text = check.long(body, "body")
    if not recipients:
        recipients = list(base.to) if base is not None and to is None else []
    if not recipients and original is not None:
        mine = original.sender.casefold() == owner.email.casefold()
        recipients = list(original.to) if mine else [original.sender]
    if not recipients and not save_as_draft:
        raise PersonalAppError(
            "send_email: give at least one recipient in 'to' (an email address or a contact name)"
        )
    if title is None and base is not None:
        title = base.subject
    elif title is None and original is not None:
        title = _reply_subject(original.subject)
    email_id = (
        base.email_id if base is not None else readable_id(tables.world, "email", tables.emails)
    )
    if original is not None:
        thread = original.thread_id
    elif base is not None:
        thread = base.thread_id
    else:
        threads = {email.thread_id for email in tables.emails.values()}
        thread = readable_id(tables.world, "thread", threads)
    email = Email(
        email_id=email_id,
        thread_id=thread,
        folder="drafts" if save_as_draft else "sent",
        sender=owner.email,
        sender_name=owner.name,
        to=recipients,
        cc=copies if cc is not None or base is None else list(base.cc),
        subject=title or "",
        body=text if text is not None else (base.body if base is not None else ""),
        sent_at=tables.world.now,
        is_read=True,
    )
    return kept(tables.emails, email_id, email)


@tool(app="email", effect="write")
def modify_draft_email(
    draft_id: ShortText,
    to: NameList | None = None,
    subject: ShortText | None = None,
    body: LongText | None = None,
    cc: NameList | None = None,
) -> Email:
    """Change a draft email (folder drafts) without sending it; returns the draft as it now is.

    Fields left out keep their value; ``to`` and ``cc`` replace the whole list.

    draft_id
        The draft's email id, from search_emails(folder="drafts").
    to, cc
        The new recipients (email addresses or contact names).
    subject, body
        The new subject line and text.
    """
    tables = active_tables()
    draft = check.record(tables.emails, draft_id, "email", _LISTER)
    _must_be_draft(draft, "modify_draft_email")
    changes: dict[str, object] = {}
    if to is not None:
        changes["to"] = _addresses(tables, to, "to")
    if cc is not None:
        changes["cc"] = _addresses(tables, cc, "cc")
    if subject is not None:
        changes["subject"] = check.short(subject, "subject") or ""
    if body is not None:
        changes["body"] = check.long(body, "body") or ""
    if not changes:
        raise PersonalAppError("modify_draft_email: give at least one of to, cc, subject, body")
    updated = Email.model_validate({**draft.model_dump(), **changes, "sent_at": tables.world.now})
    return kept(tables.emails, draft.email_id, updated)


@tool(app="email", effect="write")
def remove_email_or_thread(
    email_id: ShortText | None = None, thread_id: ShortText | None = None
) -> list[str]:
    """Delete one email, or every email of a thread; returns the ids of the emails removed.

    Give exactly one of the two.

    email_id
        The email to delete.
    thread_id
        The thread whose emails are all deleted.
    """
    tables = active_tables()
    one, thread = check.short(email_id, "email_id"), check.short(thread_id, "thread_id")
    if (one is None) == (thread is None):
        raise PersonalAppError("remove_email_or_thread: give exactly one of email_id or thread_id")
    if one is not None:
        doomed = [check.record(tables.emails, one, "email", _LISTER).email_id]
    else:
        doomed = [key for key, email in tables.emails.items() if email.thread_id == thread]
        if not doomed:
            raise PersonalAppError(
                f"no email belongs to thread {thread!r}; use {_LISTER} to find the thread_id"
            )
    for key in doomed:
        del tables.emails[key]
    return doomed


def _reply_subject(subject: str) -> str:
    return subject if subject.casefold().startswith("re:") else f"Re: {subject}"


def _must_be_draft(email: Email, tool_name: str) -> None:
    if email.folder != "drafts":
        raise PersonalAppError(
            f"{tool_name}: email {email.email_id!r} is in {email.folder}, not drafts; only "
            "drafts can be changed or sent this way (search_emails(folder='drafts') lists them)"
        )


def _addresses(tables: PersonalTables, people: list[str] | None, argument: str) -> list[str]:
    """Email addresses for recipients given as addresses or contact names."""
    contacts = list(tables.contacts.values())
    found: list[str] = []
    for person in check.names(people, argument):
        if "@" in person:
            known = contact_for_address(person, contacts)
            address = known.email if known is not None and known.email else person
        else:
            address = resolve_contact(person, contacts, "email", argument).email or ""
        if address not in found:
            found.append(address)
    return found
