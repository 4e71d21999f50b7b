"""Saved prompt prefixes are used only for the same model, prompt and settings, and only intact."""

from __future__ import annotations

from pathlib import Path

from assistworld.llm.prefix_slots import DEFAULT_READ_RATE, PrefixSlots
from assistworld.llm.prefix_store import PrefixKey, PrefixStore

MODEL_A = "a" * 64
MODEL_B = "b" * 64
PROMPT = "You write programs against this library:\ndef find_employee(name: str) -> list: ..."
RUNTIME = {"context_tokens": 16384, "runtime": "1.0"}


def _saved(store: PrefixStore, key: PrefixKey, content: bytes = b"kv-cache " * 100) -> Path:
    """What llama.cpp leaves after a slot save, followed by the store's record of it."""
    store.ensure_directory()
    store.slot_path(key).write_bytes(content)
    store.record(key, tokens=42)
    return store.slot_path(key)


def test_a_saved_prefix_is_found_for_the_same_model_prompt_and_settings(tmp_path: Path) -> None:
    store = PrefixStore(tmp_path)
    key = PrefixKey.of(MODEL_A, PROMPT, RUNTIME)
    path = _saved(store, key)
    lookup = store.find(PrefixKey.of(MODEL_A, PROMPT, dict(reversed(RUNTIME.items()))))
    assert lookup.path == path
    assert "42 tokens" in lookup.reason


def test_a_prefix_saved_for_another_model_is_refused(tmp_path: Path) -> None:
    store = PrefixStore(tmp_path)
    key_a = PrefixKey.of(MODEL_A, PROMPT, RUNTIME)
    _saved(store, key_a)
    assert store.find(PrefixKey.of(MODEL_B, PROMPT, RUNTIME)).path is None
    # a record copied or edited to sit under the other model's name is refused by its content
    key_b = PrefixKey.of(MODEL_B, PROMPT, RUNTIME)
    store.slot_path(key_a).rename(store.slot_path(key_b))
    (tmp_path / f"{key_a.digest}.slot.json").rename(tmp_path / f"{key_b.digest}.slot.json")
    lookup = store.find(key_b)
    assert lookup.path is None
    assert "made by model aaaaaaaaaaaa" in lookup.reason


def test_a_prefix_saved_for_another_prompt_is_refused(tmp_path: Path) -> None:
    store = PrefixStore(tmp_path)
    old = PrefixKey.of(MODEL_A, PROMPT, RUNTIME)
    _saved(store, old)
    new = PrefixKey.of(MODEL_A, PROMPT + "\ndef find_room() -> str: ...", RUNTIME)
    assert store.find(new).path is None
    store.slot_path(old).rename(store.slot_path(new))
    (tmp_path / f"{old.digest}.slot.json").rename(tmp_path / f"{new.digest}.slot.json")
    lookup = store.find(new)
    assert lookup.path is None
    assert "another prompt" in lookup.reason


def test_a_prefix_saved_with_another_context_size_is_refused(tmp_path: Path) -> None:
    store = PrefixStore(tmp_path)
    _saved(store, PrefixKey.of(MODEL_A, PROMPT, RUNTIME))
    smaller = PrefixKey.of(MODEL_A, PROMPT, {**RUNTIME, "context_tokens": 4096})
    assert store.find(smaller).path is None


def test_an_edited_or_truncated_slot_file_is_refused(tmp_path: Path) -> None:
    store = PrefixStore(tmp_path)
    key = PrefixKey.of(MODEL_A, PROMPT, RUNTIME)
    path = _saved(store, key, b"0123456789" * 50)
    path.write_bytes(b"9123456789" * 50)
    assert "sha256 differs" in store.find(key).reason
    path.write_bytes(b"0123456789" * 10)
    assert "bytes, its record says 500" in store.find(key).reason


def test_a_slot_file_without_a_readable_record_is_refused(tmp_path: Path) -> None:
    store = PrefixStore(tmp_path)
    key = PrefixKey.of(MODEL_A, PROMPT, RUNTIME)
    _saved(store, key)
    (tmp_path / f"{key.digest}.slot.json").write_text("{not json", encoding="utf-8")
    lookup = store.find(key)
    assert lookup.path is None
    assert "record is unreadable" in lookup.reason
    store.forget(key)
    assert not store.slot_path(key).exists()


def test_only_the_newest_prefixes_are_kept(tmp_path: Path) -> None:
    store = PrefixStore(tmp_path, keep=2)
    keys = [PrefixKey.of(MODEL_A, f"{PROMPT} v{n}", RUNTIME) for n in range(4)]
    for key in keys:
        _saved(store, key)
    kept = [key for key in keys if store.find(key).path is not None]
    assert kept == keys[-2:]
    assert len(list(tmp_path.glob("*.slot.json"))) == 2


def test_llama_cpp_gets_a_save_path_ending_in_a_separator(tmp_path: Path) -> None:
    # llama.cpp appends the file name to slot_save_path without adding a separator
    assert PrefixStore(tmp_path / "p").ensure_directory() == f"{tmp_path / 'p'}/"


def test_the_reading_estimate_uses_the_last_measured_rate(tmp_path: Path) -> None:
    slots = PrefixSlots(MODEL_A, runtime=RUNTIME, directory=tmp_path)
    assert slots.read_rate() == DEFAULT_READ_RATE
    slots._remember_rate({"timings": {"prompt_n": 3000, "prompt_ms": 60000.0}})
    assert slots.read_rate() == 50.0
    slots._remember_rate({"timings": {"prompt_n": 12, "prompt_ms": 10.0}})  # too short to trust
    assert slots.read_rate() == 50.0


def test_a_new_system_prompt_is_announced_once_with_its_estimate(tmp_path: Path) -> None:
    told: list[str] = []
    slots = PrefixSlots(MODEL_A, runtime=RUNTIME, directory=tmp_path)
    slots.listener = told.append
    server = object()  # no loopback address: tokens are estimated from the text
    key = slots.before_request(server, "x" * 2000)
    assert key == slots.key("x" * 2000)
    assert told == ["reading a new prompt into the local model: one time, about 20 s (500 tokens)"]
    assert slots.before_request(server, "x" * 2000) is None
    assert slots.before_request(server, None) is None
    assert len(told) == 1
    assert slots.before_request(server, "y" * 400) is not None, "a short prompt is still saved"
    assert len(told) == 1, "but not announced: it is read in a few seconds"


def test_a_refused_saved_prefix_is_deleted_and_read_again(tmp_path: Path) -> None:
    slots = PrefixSlots(MODEL_A, runtime=RUNTIME, directory=tmp_path)
    key = slots.key(PROMPT)
    path = _saved(slots.store, key)
    path.write_bytes(b"tampered")
    assert slots.before_request(object(), PROMPT) == key
    assert not path.exists()
    assert any("refused" in event for event in slots.events)
