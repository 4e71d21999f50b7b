"""Judging programs: verdicts and outcome classes, metrics, audits and complexity measures."""
