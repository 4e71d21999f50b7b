"""ASPERA's library as the sandbox is handed it: the workplace for candidates, the setup and
evaluation tools for a task's own programs, the workplace's hand-back and value types."""

from __future__ import annotations

from assistworld.apps import workplace
from assistworld.apps.workplace.exceptions import RequiresUserInput
from assistworld.apps.workplace.time_utils import TimeUnits
from assistworld.paradigms.aspera.tasks import evaluation_tools, setup_tools
from assistworld.paradigms.aspera.tasks.library import ASPERA_LIBRARY, aspera_codec


def test_candidates_see_the_workplace_and_a_tasks_programs_their_tools() -> None:
    assert ASPERA_LIBRARY.toolset().namespace().keys() == workplace.namespace().keys()
    assert ASPERA_LIBRARY.setup_globals().keys() == setup_tools.namespace().keys()
    assert ASPERA_LIBRARY.evaluation_globals().keys() == evaluation_tools.namespace().keys()


def test_a_hand_back_is_the_workplaces_requires_user_input() -> None:
    assert ASPERA_LIBRARY.handback_type() is RequiresUserInput


def test_the_codec_rebuilds_the_workplaces_values() -> None:
    codec = aspera_codec()
    assert codec.decode(codec.encode(TimeUnits.Days)) is TimeUnits.Days
