"""The exception by which a program stops to ask the user: one base for every app's own.

Each family of apps exports its own ``RequiresUserInput`` (documented in its terms, caught by
programs under that name) and derives it from :class:`HandBack`, so that whoever runs programs
(the sandbox, a conversation) recognises a hand-back without knowing any app.
"""

from __future__ import annotations


class HandBack(Exception):
    """A program handed control back to the user, with its question as the message.

    Not raised itself: an app's ``RequiresUserInput`` derives from it (through a private
    intermediate class, so that the app's documentation shows ``Exception`` as its base).
    """


__all__ = ["HandBack"]
