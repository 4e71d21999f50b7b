"""Exceptions an action program may raise or meet."""

from __future__ import annotations

from assistworld.tools.handback import HandBack

__all__ = ["RequiresUserInput"]


class _HandBackControl(HandBack):
    """The harness's hand-back base, under which the exception below is recognised (a run that
    raises it ends as a hand-back, not as a crash); private, so the documentation shows
    ``Exception`` as the base."""


class RequiresUserInput(_HandBackControl, Exception):
    """Raise this to stop the program and hand control back to the user.

    Raise it when the program cannot go on without an assumption the user has not made:

    - a search that must identify one entity returned none, or returned several while the request
      implies exactly one (for example two meetings called "Monthly sync");
    - the request cannot be carried out (for example no room with enough seats is free then).

    Policy:

    1. Use different messages for "nothing found" and "several found", so the user can tell why.
    2. When a search returned several results, always say how many, e.g.
       ``raise RequiresUserInput(f"{len(events)} meetings match, which one did you mean?")``.
    3. Do not raise it to answer a question: return the answer instead. Raise it only when the
       question itself cannot be answered (for example it asks about a meeting that does not exist).
    4. Do not raise it when the user already said how to handle a conflict or a failure (for
       example "book it unless it clashes with something"): follow their instruction instead.
    5. Employee names may be assumed unique, so ``find_employee(name)[0]`` is acceptable, unless
       the request implies otherwise (for example "the Alex in Finance").
    """
