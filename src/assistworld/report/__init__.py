"""Reading results: terminal tables, the self-contained HTML report, and run comparisons.

The commands (:mod:`~assistworld.report.commands`: ``report``, ``show``, ``compare``) sit on:
:mod:`~assistworld.report.rundata` (a run directory), :mod:`~assistworld.report.compare` (the
flips), :mod:`~assistworld.report.buckets` and :mod:`~assistworld.report.plots` (bars),
:mod:`~assistworld.report.sections`, :mod:`~assistworld.report.paradigm_sections`,
:mod:`~assistworld.report.taskdata` and :mod:`~assistworld.report.html` (the page) and
:mod:`~assistworld.report.terminal` (rich tables). Nothing here knows a paradigm: what one adds
(sections, task-table columns, task pages, ``show`` figures, failure headings and colours) comes
through its :class:`~assistworld.core.paradigm.ParadigmReport` hooks, found through the core's
registry. The headless-Chromium driver that checks the page lives with its users, in
``tests/report/browser_driver.py``. The HTML report needs matplotlib (the ``report`` extra);
nothing here imports it until a report is built.
"""
