"""Errors raised by the model layer.

Two families: `ModelConfigError` for anything wrong before a call is made (a bad model string,
a missing API key, an unreachable server, a model package that is not installed or fails its
checksum) and `ModelCallError` for a call that did not produce a usable response.
"""

from __future__ import annotations

from enum import StrEnum


class FailureKind(StrEnum):
    """Why a model call failed; the retry loop decides from this whether to try again."""

    TIMEOUT = "timeout"
    CONNECTION = "connection"
    RATE_LIMITED = "rate_limited"
    SERVER_ERROR = "server_error"
    MALFORMED_RESPONSE = "malformed_response"
    TRUNCATED_STREAM = "truncated_stream"
    REJECTED = "rejected"
    LOCAL_RUNTIME = "local_runtime"


TRANSIENT_FAILURES = frozenset(
    {
        FailureKind.TIMEOUT,
        FailureKind.CONNECTION,
        FailureKind.RATE_LIMITED,
        FailureKind.SERVER_ERROR,
        FailureKind.MALFORMED_RESPONSE,
        FailureKind.TRUNCATED_STREAM,
    }
)


class ModelError(Exception):
    """Base class of every error raised by `assistworld.llm`."""


class ModelConfigError(ModelError):
    """The model cannot be used as configured; the message says what to change."""


class ModelIntegrityError(ModelConfigError):
    """A model file assembled from packages does not have the expected checksum."""


class ModelCallError(ModelError):
    """A call failed for good: either a non-retryable error or the retry budget ran out."""

    def __init__(
        self,
        message: str,
        *,
        kind: FailureKind,
        status: int | None = None,
        attempts: int = 1,
    ) -> None:
        super().__init__(message)
        self.kind = kind
        self.status = status
        self.attempts = attempts

    @property
    def transient(self) -> bool:
        """True when the failure kind is one that is normally worth retrying."""
        return self.kind in TRANSIENT_FAILURES


class TransientCallError(ModelCallError):
    """One attempt failed in a way that may succeed on a retry (internal to the retry loop).

    `retry_after_s` carries the server's requested wait (from `Retry-After`) when it gave one.
    """

    def __init__(
        self,
        message: str,
        *,
        kind: FailureKind,
        status: int | None = None,
        retry_after_s: float | None = None,
    ) -> None:
        super().__init__(message, kind=kind, status=status)
        self.retry_after_s = retry_after_s
