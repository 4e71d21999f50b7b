"""The one base of every error the user can fix by changing what they asked for.

The command line turns any :class:`UserError` into one line on stderr and exit status 2, so a
module that refuses bad input (a suite file, a flag, an agent's name, a replay file) derives its
error from it and needs no entry in a list the command line keeps: the message is all the user
sees, so it says what is wrong and how to fix it.
"""

from __future__ import annotations

__all__ = ["UserError"]


class UserError(Exception):
    """Bad input from the user; the message names what is wrong and the fix."""
