"""The keys an astra run's figures have in ``summary.json``.

Apart from the code that computes the figures, so that ``show`` can read a summary without
importing the grading (the keys are all it needs of it).
"""

from __future__ import annotations

SUMMARY_KEY = "milestone_scores"
"""The milestone scores aggregated."""
JUDGE_KEY = "judge"
"""The judge's figures, when the run was judged."""
USER_CHECKS_KEY = "user_checks"
"""How the simulated users behaved."""

__all__ = ["JUDGE_KEY", "SUMMARY_KEY", "USER_CHECKS_KEY"]
