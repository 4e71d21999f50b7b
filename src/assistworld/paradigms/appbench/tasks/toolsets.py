"""The tools of an AppBench suite: the APIs of the simulated services its apps name.

One toolset per app, in the order the suite lists its apps (``apps.json``): two apps may have
APIs of the same name (Media's and Movies' ``findmovies``), and a plan names the app of each
call. A suite of the published data has none: its apps are only described to planners.
"""

from __future__ import annotations

from pathlib import Path

from assistworld.apps import services
from assistworld.core.suite import Suite
from assistworld.paradigms.appbench.tasks.published import FORMAT as PUBLISHED_FORMAT
from assistworld.paradigms.appbench.tasks.suites import read_apps
from assistworld.tools.toolset import Toolset


def suite_toolsets(suite: Suite) -> tuple[Toolset, ...]:
    """The toolset of each simulated service among the suite's apps, in the suite's order."""
    if suite.format == PUBLISHED_FORMAT:
        return ()
    apps, _ = read_apps(Path(suite.path))
    found = (services.find_app(app.name) for app in apps)
    return tuple(services.toolset(name) for name in dict.fromkeys(found) if name is not None)


__all__ = ["suite_toolsets"]
