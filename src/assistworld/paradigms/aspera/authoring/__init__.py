"""The task generation engine (``assistworld generate``): a model writes action, setup and
evaluation programs; a person reviews every step in their editor; audits refuse unsound tasks.

Modules: :mod:`.command` (the entry point), :mod:`.engine` (rounds) and :mod:`.drafting` (one
task's steps), :mod:`.prompts` with ``templates/`` and :mod:`.guidelines` (``guidelines.yaml``),
:mod:`.staging` and :mod:`.draft_file` (the files the person edits), :mod:`.gate` (audits),
:mod:`.state` and :mod:`.records` (what a session keeps), :mod:`.terminal` and
:mod:`.automatic` (who decides).
"""

from assistworld.paradigms.aspera.authoring.command import generate_command
from assistworld.paradigms.aspera.authoring.guidelines import Guidelines, load_guidelines

__all__ = ["Guidelines", "generate_command", "load_guidelines"]
