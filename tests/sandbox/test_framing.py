"""Length-prefixed strict JSON frames over pipes."""

from __future__ import annotations

import contextlib
import os
import struct
import sys
import time
from collections.abc import Iterator

import pytest

from assistworld.sandbox.framing import (
    Channel,
    ChannelClosed,
    FrameError,
    FrameTimeout,
    encode_frame,
    parse_strict_json,
)


@pytest.mark.parametrize(
    "text",
    [
        b"NaN",
        b'{"v": Infinity}',
        b"[-Infinity]",
        b"1e999",
        b'{"a": 1, "a": 2}',
        b"9" * 4301,
        b"-" + b"9" * 4301,
        b"[" * 65 + b"]" * 65,
        b'{"a":' * 65 + b"1" + b"}" * 65,
        b"[" * 100_000 + b"]" * 100_000,
        b"\xff\xfe",
        b"{'single': 'quotes'}",
        b"",
    ],
    ids=lambda t: t[:20].decode("utf-8", "replace"),
)
def test_strict_json_refuses(text: bytes) -> None:
    with pytest.raises(FrameError):
        parse_strict_json(text)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        (b"9" * 4300, int("9" * 4300)),
        (b"[" * 64 + b"]" * 64, eval("[" * 64 + "]" * 64)),
        (b"-0.0", -0.0),
        (b'{"a": [1, 2.5, "x", null, true]}', {"a": [1, 2.5, "x", None, True]}),
    ],
)
def test_strict_json_accepts_everything_within_the_limits(text: bytes, value: object) -> None:
    assert parse_strict_json(text) == value


@pytest.fixture
def pipes() -> Iterator[tuple[Channel, Channel, int]]:
    """(sender, receiver, raw write fd into the receiver) over two pipes."""
    a_read, a_write = os.pipe()
    b_read, b_write = os.pipe()
    for fd in (a_read, b_write):
        os.set_blocking(fd, False)
    sender = Channel(b_read, a_write, 1024)
    receiver = Channel(a_read, b_write, 1024)
    yield sender, receiver, a_write
    for fd in (a_read, a_write, b_read, b_write):
        with contextlib.suppress(OSError):
            os.close(fd)


def test_messages_arrive_in_order_and_intact(pipes: tuple[Channel, Channel, int]) -> None:
    sender, receiver, _ = pipes
    messages = [{"op": "call", "n": n, "text": "é" * n} for n in range(20)]
    for message in messages:
        sender.send(message)
    assert [receiver.receive(time.monotonic() + 1) for _ in messages] == messages


def test_an_oversized_message_is_not_sent(pipes: tuple[Channel, Channel, int]) -> None:
    sender, _, _ = pipes
    with pytest.raises(ValueError, match="over the limit of 1024 bytes"):
        sender.send({"text": "x" * 2000})
    with pytest.raises(ValueError):
        encode_frame({"v": float("nan")}, 1024)


def test_an_oversized_frame_is_a_protocol_error(pipes: tuple[Channel, Channel, int]) -> None:
    _, receiver, raw = pipes
    os.write(raw, struct.pack(">I", 5000))
    with pytest.raises(FrameError, match="over the limit"):
        receiver.receive(time.monotonic() + 1)


def test_end_of_file_between_and_inside_frames(pipes: tuple[Channel, Channel, int]) -> None:
    _, receiver, raw = pipes
    os.write(raw, encode_frame([1], 1024) + struct.pack(">I", 10) + b"[1,")
    os.close(raw)
    assert receiver.receive(time.monotonic() + 1) == [1]
    with pytest.raises(FrameError, match="middle of a frame"):
        receiver.receive(time.monotonic() + 1)


def test_a_closed_peer_between_frames(pipes: tuple[Channel, Channel, int]) -> None:
    _, receiver, raw = pipes
    os.close(raw)
    with pytest.raises(ChannelClosed):
        receiver.receive(time.monotonic() + 1)


def test_half_a_frame_then_silence_times_out(pipes: tuple[Channel, Channel, int]) -> None:
    _, receiver, raw = pipes
    os.write(raw, struct.pack(">I", 10) + b"[1")
    ticks: list[float] = []
    with pytest.raises(FrameTimeout):
        receiver.receive(time.monotonic() + 0.3, tick=lambda: ticks.append(1), tick_seconds=0.05)
    assert len(ticks) >= 2


def test_a_tick_can_end_the_wait(pipes: tuple[Channel, Channel, int]) -> None:
    _, receiver, _ = pipes

    def stop() -> None:
        raise RuntimeError("quota")

    with pytest.raises(RuntimeError, match="quota"):
        receiver.receive(time.monotonic() + 5, tick=stop, tick_seconds=0.01)


def test_the_last_payload_is_kept_for_inspection(pipes: tuple[Channel, Channel, int]) -> None:
    sender, receiver, _ = pipes
    sender.send({"op": "result", "value": "marker-123"})
    receiver.receive(time.monotonic() + 1)
    assert b"marker-123" in receiver.last_payload


@pytest.mark.parametrize(
    "text",
    [b"9" * 4301, b"-" + b"9" * 4301, b"[" + b"1" * 5000 + b"]"],
    ids=["4301-digits", "negative-4301-digits", "5000-digits-in-a-list"],
)
def test_long_integers_are_refused_even_with_the_interpreter_limit_off(text: bytes) -> None:
    limit = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(0)  # the parser must then check the digits itself
    try:
        with pytest.raises(FrameError, match="4300 digits"):
            parse_strict_json(text)
        assert parse_strict_json(b"9" * 4300) == int("9" * 4300)
    finally:
        sys.set_int_max_str_digits(limit)


def test_a_lenient_channel_reads_what_encode_frame_writes_and_keeps_the_size_limit(
    pipes: tuple[Channel, Channel, int],
) -> None:
    sender, receiver, raw = pipes
    receiver.strict = False
    message = {"op": "reply", "values": [1, 2.5, "é", None, True, {"nested": []}]}
    sender.send(message)
    assert receiver.receive(time.monotonic() + 1) == message
    os.write(raw, struct.pack(">I", 5) + b"[1,2")
    os.write(raw, b"x")
    with pytest.raises(FrameError, match="not valid JSON"):
        receiver.receive(time.monotonic() + 1)
    os.write(raw, struct.pack(">I", 5000))
    with pytest.raises(FrameError, match="over the limit"):
        receiver.receive(time.monotonic() + 1)
