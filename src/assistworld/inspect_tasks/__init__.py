"""Our suites as Inspect AI tasks (the optional extra ``assistworld[inspect]``).

``inspect eval assistworld/<suite>`` runs one of our agents as the solver, asking Inspect's
model through :mod:`.models`, and grades with the paradigm's own grader (:mod:`.scoring`).
Only this package imports ``inspect_ai``; its name keeps clear of that distribution's.
"""
