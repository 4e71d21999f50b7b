"""Agents that act from outside the harness: any program, run confined, one episode per task."""
