"""Model strings, the same for every role (agent, user simulator, judge, generator).

    openai:gpt-4o                                   OpenAI; key from $OPENAI_API_KEY
    openai-compatible:NAME@http://127.0.0.1:8000/v1 any OpenAI-compatible server (vLLM, SGLang,
                                                    llama.cpp, Ollama, LiteLLM); key from
                                                    $ASSISTWORLD_API_KEY if set, else none
    local:qwen2.5-coder-1.5b                        the packaged offline model
    inspect:ROLE                                    inside `inspect eval` only: the eval's
                                                    model (ROLE ``model``) or the model of an
                                                    Inspect model role (``user``, ``judge``)

`preflight(spec)` checks, before a run starts, that the key is there and the server answers.
"""

from __future__ import annotations

import json
import os
import urllib.error
import urllib.request
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from urllib.parse import urlsplit

from assistworld.llm.errors import ModelConfigError
from assistworld.llm.local import LOCAL_MODELS, local_model_file, runtime_available

OPENAI_BASE_URL = "https://api.openai.com/v1"
OPENAI_KEY_ENV = "OPENAI_API_KEY"
COMPATIBLE_KEY_ENV = "ASSISTWORLD_API_KEY"

SPEC_FORMS = (
    "openai:MODEL (e.g. openai:gpt-4o), "
    "openai-compatible:MODEL@BASE_URL (e.g. openai-compatible:qwen@http://127.0.0.1:8000/v1), "
    "local:NAME (e.g. local:qwen2.5-coder-1.5b)"
)


class Provider(StrEnum):
    OPENAI = "openai"
    OPENAI_COMPATIBLE = "openai-compatible"
    LOCAL = "local"
    INSPECT = "inspect"
    """A model that Inspect AI resolves while it runs one of our suites (see
    :mod:`assistworld.inspect_tasks`); no client of ours can reach it."""


@dataclass(frozen=True)
class ModelSpec:
    """A parsed model string. `key_env` names the variable holding the API key, if any;
    `key_required` says whether running without it is an error."""

    provider: Provider
    model: str
    base_url: str | None = None
    key_env: str | None = None
    key_required: bool = False

    def __str__(self) -> str:
        if self.provider is Provider.OPENAI_COMPATIBLE:
            return f"{self.provider}:{self.model}@{self.base_url}"
        return f"{self.provider}:{self.model}"

    def api_key(self, environ: Mapping[str, str] | None = None) -> str | None:
        if self.key_env is None:
            return None
        return (environ if environ is not None else os.environ).get(self.key_env) or None


def parse_model_spec(text: str) -> ModelSpec:
    """Parse a model string; raise `ModelConfigError` naming the accepted forms if it is bad."""
    provider_text, colon, rest = text.strip().partition(":")
    if not colon or not rest:
        raise ModelConfigError(f"model {text!r} has no provider prefix; use one of: {SPEC_FORMS}")
    try:
        provider = Provider(provider_text.lower())
    except ValueError:
        raise ModelConfigError(
            f"model {text!r}: unknown provider {provider_text!r}; use one of: {SPEC_FORMS}"
        ) from None
    if provider is Provider.OPENAI:
        return ModelSpec(provider, rest, OPENAI_BASE_URL, OPENAI_KEY_ENV, key_required=True)
    if provider is Provider.LOCAL:
        try:
            local_model_file(rest)
        except ModelConfigError as error:
            raise ModelConfigError(f"model {text!r}: {error}") from None
        return ModelSpec(provider, rest)
    if provider is Provider.INSPECT:
        return ModelSpec(provider, rest)
    name, at, url = rest.rpartition("@")
    if not at or not name:
        raise ModelConfigError(
            f"model {text!r} needs a server address: openai-compatible:MODEL@BASE_URL, "
            "e.g. openai-compatible:qwen@http://127.0.0.1:8000/v1"
        )
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise ModelConfigError(
            f"model {text!r}: {url!r} is not an http(s) URL; give the server's base URL, "
            "e.g. http://127.0.0.1:8000/v1"
        )
    return ModelSpec(provider, name, url.rstrip("/"), COMPATIBLE_KEY_ENV, key_required=False)


def preflight(
    spec: ModelSpec | str,
    *,
    timeout_s: float = 3.0,
    environ: Mapping[str, str] | None = None,
) -> None:
    """Raise one `ModelConfigError` saying what to fix if `spec` cannot be used; else return.

    Remote models: the key variable must be set when the provider needs one, and a quick
    `GET {base_url}/models` must answer (and list the model, when it lists any). Local models:
    the runtime and the model packages must be installed, and the model file is assembled and
    its checksum verified now (once; about 10 s the first time), though not loaded.
    """
    if isinstance(spec, str):
        spec = parse_model_spec(spec)
    if spec.provider is Provider.LOCAL:
        _check_local(spec)
        return
    if spec.provider is Provider.INSPECT:
        return  # Inspect resolves the role itself; a model pool refuses it outside Inspect
    key = spec.api_key(environ)
    if spec.key_required and key is None:
        raise ModelConfigError(
            f"model {spec} needs an API key: set the environment variable {spec.key_env} "
            f"(export {spec.key_env}=...) before starting the run"
        )
    _check_server(spec, key, timeout_s)


def default_prompt_form(model: str | None) -> str:
    """``compact`` prompts (documentation, tool definitions) for the bundled local model, which
    reads every prompt token on a CPU before it answers; ``full`` for any other model, and for a
    missing or bad model string (the agent reports that itself)."""
    if not model:
        return "full"
    try:
        local = parse_model_spec(model).provider is Provider.LOCAL
    except ModelConfigError:
        return "full"
    return "compact" if local else "full"


def _check_local(spec: ModelSpec) -> None:
    model_file = local_model_file(spec.model)
    problems = []
    if not runtime_available():
        problems.append("the xllamacpp runtime")
    problems.extend(model_file.missing_distributions())
    if problems:
        raise ModelConfigError(
            f"model {spec} is not installed (missing: {', '.join(problems)}); "
            f"{model_file.install_hint}"
        )
    model_file.assemble()


def _check_server(spec: ModelSpec, key: str | None, timeout_s: float) -> None:
    url = f"{spec.base_url}/models"
    request = urllib.request.Request(url, method="GET")
    if key is not None:
        request.add_header("Authorization", f"Bearer {key}")
    try:
        with urllib.request.urlopen(request, timeout=timeout_s) as answer:
            body = answer.read(1_000_000)
    except urllib.error.HTTPError as error:
        if error.code in (401, 403):
            where = f"${spec.key_env}" if spec.key_env else "the key"
            raise ModelConfigError(
                f"model {spec}: {spec.base_url} refused the API key (HTTP {error.code}); "
                f"check {where}"
            ) from None
        return  # the server answers; some servers do not implement /models
    except (urllib.error.URLError, OSError) as error:
        reason = getattr(error, "reason", error)
        raise ModelConfigError(
            f"model {spec}: cannot reach {url} ({reason}); start the server or fix the "
            "base URL in the model string"
        ) from None
    _check_listed(spec, body)


def _check_listed(spec: ModelSpec, body: bytes) -> None:
    try:
        listing = json.loads(body)
        served = [str(item["id"]) for item in listing["data"]]
    except (ValueError, KeyError, TypeError):
        return
    accepted = {spec.model, f"{spec.model}:latest"}
    if served and not accepted.intersection(served):
        shown = ", ".join(served[:10]) + (" ..." if len(served) > 10 else "")
        raise ModelConfigError(
            f"model {spec}: the server at {spec.base_url} does not serve {spec.model!r}; "
            f"it serves: {shown}"
        )


def known_local_models() -> tuple[str, ...]:
    return tuple(name for name, _ in LOCAL_MODELS)
