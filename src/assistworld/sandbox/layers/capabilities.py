"""Which confinement layers this machine offers, found without applying any of them."""

from __future__ import annotations

from dataclasses import dataclass

from assistworld.sandbox.layers import landlock, seccomp_filter
from assistworld.sandbox.layers.identity import identity_problem

__all__ = ["MIN_LANDLOCK_ABI", "CapabilityReport", "probe"]

MIN_LANDLOCK_ABI = 3
"""Below ABI 3 Landlock cannot stop ``open(O_TRUNC)`` or ``truncate`` on read-only files."""


@dataclass(frozen=True)
class CapabilityReport:
    """What :func:`probe` found. Problems are human-readable reasons; ``""`` means none."""

    landlock_abi: int | None
    landlock_problem: str
    seccomp_problem: str
    rlimits_available: bool = True
    identity_problem: str = ""
    """Why agent children could not give up root here (``""``: they can)."""

    @property
    def ready(self) -> bool:
        """Whether ``apply_layers(config)`` can apply every layer (no ``unsafe`` needed)."""
        return not self.missing()

    def missing(self) -> list[str]:
        """Layers that ``apply_layers`` would refuse to go without (fail closed)."""
        missing: list[str] = []
        if self.identity_problem:
            missing.append("identity")
        if self.landlock_abi is None:
            missing.append("landlock")
        elif self.landlock_abi < MIN_LANDLOCK_ABI:
            missing.append(f"landlock-abi{MIN_LANDLOCK_ABI}")
        if self.seccomp_problem:
            missing.append("seccomp")
        return missing

    def problems(self) -> list[tuple[str, str]]:
        """Each missing layer (as :meth:`missing` names it) with why it is missing."""
        reasons = {
            "identity": self.identity_problem,
            "landlock": self.landlock_problem,
            f"landlock-abi{MIN_LANDLOCK_ABI}": (
                f"the kernel offers Landlock ABI {self.landlock_abi}, below the required "
                f"{MIN_LANDLOCK_ABI}"
            ),
            "seccomp": self.seccomp_problem,
        }
        return [(layer, reasons[layer]) for layer in self.missing()]

    def summary(self) -> str:
        """A short multi-line report for the start-up banner and the logs."""
        lines = ["sandbox layers:", "  rlimits: available"]
        if self.identity_problem:
            lines.append(f"  identity: MISSING ({self.identity_problem})")
        else:
            lines.append("  identity: available (no capabilities, own uid, task cap)")
        if self.landlock_abi is None:
            lines.append(f"  landlock: MISSING ({self.landlock_problem})")
        else:
            lines.append(f"  landlock: ABI {self.landlock_abi}{_landlock_notes(self.landlock_abi)}")
        if self.seccomp_problem:
            lines.append(f"  seccomp: MISSING ({self.seccomp_problem})")
        else:
            lines.append("  seccomp: available")
        missing = self.missing()
        if missing:
            lines.append(
                f"  => not ready: {', '.join(missing)} missing; untrusted programs are refused "
                "unless the sandbox is explicitly disabled (unsafe)"
            )
        else:
            lines.append("  => ready: all layers can be applied")
        return "\n".join(lines)


def _landlock_notes(abi: int) -> str:
    notes: list[str] = []
    if abi < MIN_LANDLOCK_ABI:
        notes.append(f"below the required ABI {MIN_LANDLOCK_ABI}: truncation is not controlled")
    if abi < 4:
        notes.append("no TCP rules (seccomp still blocks sockets)")
    if abi < 6:
        notes.append("no signal/abstract-socket scoping (seccomp still limits signals)")
    return f" ({'; '.join(notes)})" if notes else " (filesystem, TCP, signal and socket scoping)"


def probe() -> CapabilityReport:
    """Find which layers are available here; applies nothing and does not fork."""
    try:
        abi: int | None = landlock.abi_version()
        landlock_problem = ""
    except landlock.LandlockUnavailable as exc:
        abi, landlock_problem = None, str(exc)
    return CapabilityReport(
        landlock_abi=abi,
        landlock_problem=landlock_problem,
        seccomp_problem=seccomp_filter.unavailability_reason(),
        identity_problem=identity_problem(),
    )
