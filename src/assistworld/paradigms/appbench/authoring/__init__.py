"""The seeded generator of our AppBench-style planning suite (``travelplans``).

Every task is built against a world populated from its own seed: calls are run as they are added
(:mod:`.builder`), parts of a request come from places (:mod:`.places`), children of a place
(:mod:`.children`) and standalone parts (:mod:`.singles`), and :mod:`.compose` keeps only tasks
of the wanted category whose gold plan runs and whose empty plan fails. ``python -m
assistworld.paradigms.appbench.authoring`` rewrites the bundled suite byte for byte.
"""

from assistworld.paradigms.appbench.authoring.compose import component_sizes, make_task
from assistworld.paradigms.appbench.authoring.suite import (
    SUITE_NAME,
    generate_tasks,
    read_tasks,
    write_suite,
)

__all__ = [
    "SUITE_NAME",
    "component_sizes",
    "generate_tasks",
    "make_task",
    "read_tasks",
    "write_suite",
]
