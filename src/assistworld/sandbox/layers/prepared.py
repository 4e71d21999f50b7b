"""The part of confinement that does not depend on the child: done once, inherited by fork.

Opening the read-only paths for Landlock and building the seccomp program cost a few
milliseconds; a zygote does both once with :func:`prepare_layers`, and every child it forks
passes the result to ``apply_layers``, which then only adds the rules, fills in its pid and loads.
A failure is kept as a reason and reported by ``apply_layers`` in the child (fail closed), the
same way as when the child had done the work itself.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from assistworld.sandbox.layers import landlock, seccomp_filter

__all__ = ["PreparedLayers", "prepare_layers"]


@dataclass(frozen=True)
class PreparedLayers:
    """Opened Landlock read-only rules and the compiled seccomp program (or why not)."""

    read_only_paths: tuple[Path, ...]
    landlock_rules: landlock.OpenedRules | None
    landlock_problem: str
    seccomp_program: seccomp_filter.FilterProgram | None
    seccomp_problem: str

    def release(self) -> None:
        """Close the rules' descriptors in the calling process."""
        if self.landlock_rules is not None:
            self.landlock_rules.close()


def prepare_layers(read_only_paths: Sequence[Path]) -> PreparedLayers:
    """Open the read-only paths and compile the seccomp program; never raises for either."""
    paths = tuple(Path(path) for path in read_only_paths)
    rules: landlock.OpenedRules | None = None
    landlock_problem = ""
    try:
        rules = landlock.open_read_only_rules(paths)
    except (landlock.LandlockError, landlock.LandlockUnavailable) as exc:
        landlock_problem = str(exc)
    program: seccomp_filter.FilterProgram | None = None
    seccomp_problem = ""
    try:
        program = seccomp_filter.compile_filter()
    except (seccomp_filter.SeccompUnavailable, OSError) as exc:
        seccomp_problem = str(exc)
    return PreparedLayers(paths, rules, landlock_problem, program, seccomp_problem)
