"""Reading results: terminal tables, the self-contained HTML report, and run comparisons.

The commands (:mod:`~assistworld.report.commands`: ``report``, ``show``, ``compare``) sit on:
:mod:`~assistworld.report.rundata` (a run directory), :mod:`~assistworld.report.references`
(the suite's reference programs), :mod:`~assistworld.report.buckets`,
:mod:`~assistworld.report.program_stats`, :mod:`~assistworld.report.selection` and
:mod:`~assistworld.report.compare` (the numbers), :mod:`~assistworld.report.plots`,
:mod:`~assistworld.report.sections`, :mod:`~assistworld.report.taskdata` and
:mod:`~assistworld.report.html` (the page) and :mod:`~assistworld.report.terminal` (rich
tables). The headless-Chromium driver that checks the page lives with its users, in
``tests/report/browser_driver.py``. The HTML report needs
matplotlib (the ``report`` extra); nothing here imports it until a report is built.
"""
