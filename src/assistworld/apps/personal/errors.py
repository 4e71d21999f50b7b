"""The errors the personal apps raise: each message says what was wrong and what to do instead.

A tool-calling agent reads the message as the tool's result (``Toolset.call_json`` turns the
exception into a tool error object); a program may catch these by name.
"""

from __future__ import annotations

from assistworld.tools.handback import HandBack

__all__ = ["PersonalAppError", "RecordNotFoundError", "RequiresUserInput"]


class _HandBackControl(HandBack):
    """The harness's hand-back base, under which the exception below is recognised (a run that
    raises it ends as a hand-back, not as a crash); private, so the documentation shows
    ``Exception`` as the base."""


class RequiresUserInput(_HandBackControl, Exception):
    """Raise this to stop the program and ask the user, with the question as the message.

    Raise it when the program cannot go on without something only the user can say:

    - the request names someone or something that matches several records (say how many, and
      list them: ``raise RequiresUserInput("2 contacts are called Priya: Priya Raman and Priya
      Sharma. Which one?")``) or none at all;
    - the request is missing what the action needs (whom to write to, what to say, when).

    Do not raise it to answer a question: return the answer instead.
    """


class PersonalAppError(ValueError):
    """An argument a personal app cannot act on (empty recipients, end before start, text too
    long, an unknown folder...). The message names the argument and how to fix the call."""


class RecordNotFoundError(PersonalAppError, LookupError):
    """No record has the id given. The message names the tool that lists the valid ids."""
