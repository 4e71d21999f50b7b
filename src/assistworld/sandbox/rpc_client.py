"""The agent child's side of the RPC: library functions that forward each call to the world host.

The candidate's namespace is the library's, with every *function* replaced by a proxy of the same
name, signature and docstring. Classes, enums and ``datetime`` stay real: they are plain data.
A proxy checks the arguments against the signature, encodes them, sends one ``call`` message and
waits for the reply: the result (rebuilt as library values), or the library's exception, rebuilt
as the same class when the child knows it. Event arguments that the call changed (``add_event``
sets ``event_id`` and ``ends_at``) are updated in place, so programs see those changes as they
would in-process.

The clock-only functions, the tools declared ``pure`` (``namespaces.is_clock_only``: the time
utilities, and the calendar and room helpers that only format or compute), are the exception:
they compute from their arguments and the world's clock alone, so the child runs them itself
against a clock-only world (the world host sends its clock with the program) and only counts
them. They do not count against the call budget, which protects the world host; CPU and
wall-clock limits bound them like any other computation of the program.

The zygote builds the client and the namespace once (``preload``); each agent child, a copy made by
fork, connects the client to its own pipes with :meth:`RpcClient.connect`.
"""

from __future__ import annotations

import builtins
import functools
import inspect
import threading
from collections.abc import Callable, Mapping
from typing import Any

from assistworld.sandbox.codec import Codec
from assistworld.sandbox.framing import Channel
from assistworld.sandbox.namespaces import is_clock_only
from assistworld.world import World


class RpcClient:
    """Sends library calls to the world host over one channel (thread-safe, one call at a time)."""

    def __init__(
        self,
        codec: Codec,
        channel: Channel | None = None,
        *,
        namespace: Mapping[str, Any],
    ) -> None:
        """``namespace``: the candidate's library names, whose exception classes the client
        rebuilds from the world host's errors."""
        self._channel = channel
        self._codec = codec
        self._lock = threading.Lock()
        self._finished = False
        self._exceptions = _known_exception_classes(namespace)
        self.local_calls = 0
        """Calls of clock-only functions this process ran itself."""
        self.clock_world: World | None = None
        """The world, holding only the task's clock, that those calls run against (set by the
        agent child when the program arrives; bound per call, so threads see it too)."""

    def connect(self, channel: Channel) -> None:
        """Send every call over ``channel`` from now on."""
        self._channel = channel

    def finish(self, message: dict[str, Any]) -> None:
        """Send the program's final message, with the number of local calls; later calls (from
        stray threads) fail."""
        with self._lock:
            self._finished = True
            self._connected().send({**message, "local_calls": self.local_calls})

    def call(self, name: str, args: tuple[Any, ...], kwargs: dict[str, Any]) -> Any:
        """Run library function ``name`` in the world host and return its result."""
        encoded_args = [self._codec.encode(a, what="pass") for a in args]
        encoded_kwargs = {k: self._codec.encode(v, what="pass") for k, v in kwargs.items()}
        message = {"op": "call", "name": name, "args": encoded_args, "kwargs": encoded_kwargs}
        with self._lock:
            if self._finished:
                raise RuntimeError(f"{name}() was called after the program had finished")
            channel = self._connected()
            try:
                channel.send(message)
            except ValueError as exc:
                raise ValueError(
                    f"the arguments of {name}() are too large to send: {exc}"
                ) from None
            reply = channel.receive()
        if "error" in reply:
            raise self._rebuild_error(reply["error"])
        for update in reply.get("updates", []):
            _apply_update(update, args, kwargs, self._codec)
        return self._codec.decode(reply["ok"])

    def _connected(self) -> Channel:
        if self._channel is None:
            raise RuntimeError("the RPC client is not connected to a world host")
        return self._channel

    def _admin_set_state(self, state: Any = None) -> Any:
        return self.call("_admin_set_state", (state,), {})

    def _rebuild_error(self, error: dict[str, Any]) -> BaseException:
        message = str(error.get("message", ""))
        for type_name in error.get("types", []):
            cls = self._exceptions.get(type_name)
            if cls is not None:
                try:
                    return cls(message)
                except Exception:
                    continue
        return RuntimeError(f"{error.get('types', ['Error'])[0]}: {message}")


def _known_exception_classes(namespace: Mapping[str, Any]) -> dict[str, type[BaseException]]:
    classes: dict[str, type[BaseException]] = {
        name: value
        for name, value in vars(builtins).items()
        if isinstance(value, type) and issubclass(value, Exception)
    }
    for name, value in namespace.items():
        if isinstance(value, type) and issubclass(value, BaseException):
            classes[name] = value
    return classes


def _apply_update(
    update: dict[str, Any], args: tuple[Any, ...], kwargs: dict[str, Any], codec: Codec
) -> None:
    """Copy the world host's view of a changed argument onto the caller's own object."""
    path = update["path"]
    target: Any = args[path[1]] if path[0] == "args" else kwargs[path[1]]
    if len(path) == 3:
        target = target[path[2]]
    fresh = codec.decode(update["value"])
    if type(fresh) is not type(target):
        return
    _copy_fields(target, fresh, codec)


def _copy_fields(target: Any, fresh: Any, codec: Codec) -> None:
    """Give ``target`` the field values of ``fresh``, updating a nested changeable library object
    (an event's ``RepetitionSpec``) in place, as a call run in-process would: the caller may hold
    that object, or share it between events."""
    for field in type(target).model_fields:
        mine, theirs = getattr(target, field), getattr(fresh, field)
        if type(mine) is type(theirs) and codec.is_mutable_model(mine):
            _copy_fields(mine, theirs, codec)
        else:
            setattr(target, field, theirs)


def proxy_namespace(
    client: RpcClient,
    signatures: Mapping[str, inspect.Signature],
    namespace: Mapping[str, Any],
) -> dict[str, Any]:
    """The action namespace (``namespace``, the library's names) with every library
    function replaced by an RPC proxy, except the clock-only ones, which run here and are
    counted.

    ``signatures`` maps each library function's name to its signature (prepared once in the
    zygote).
    """
    names = dict(namespace)
    for name, value in list(names.items()):
        if inspect.isfunction(value) and is_clock_only(value):
            names[name] = _make_local(value, client)
        elif inspect.isfunction(value):
            names[name] = _make_proxy(name, value, signatures[name], client)
    return names


def _make_local(function: Callable[..., Any], client: RpcClient) -> Callable[..., Any]:
    @functools.wraps(function)
    def local(*args: Any, **kwargs: Any) -> Any:
        client.local_calls += 1
        world = client.clock_world
        if world is None:
            raise RuntimeError(f"{function.__name__}() has no clock: no program is running")
        with world.active():
            return function(*args, **kwargs)

    return local


def _make_proxy(
    name: str, function: Callable[..., Any], signature: inspect.Signature, client: RpcClient
) -> Callable[..., Any]:
    def proxy(*args: Any, **kwargs: Any) -> Any:
        bound = signature.bind(*args, **kwargs)
        return client.call(name, bound.args, bound.kwargs)

    proxy.__name__ = name
    proxy.__qualname__ = name
    proxy.__doc__ = function.__doc__
    proxy.__module__ = function.__module__
    proxy.__signature__ = signature  # type: ignore[attr-defined]
    return proxy


__all__ = ["RpcClient", "proxy_namespace"]
