"""A world's states over a run, stored compactly: the first in full, each later one as a patch.

A conversation changes the world a few times (once per write tool) while scorers need the world
as it was after any message. :class:`WorldHistory` keeps the JSON form of the first state and,
for every later version, only what changed against the previous one (members set or deleted at
any depth of the JSON form), so a history of many small writes stays small; :meth:`state_at`
rebuilds any recorded version as a :class:`~assistworld.world.WorldState`.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Protocol

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    PrivateAttr,
    SerializationInfo,
    ValidationInfo,
    field_serializer,
    field_validator,
)

from assistworld.world.state import WorldState
from assistworld.world.tables import Table
from assistworld.world.world import World

Path = list[str]

SHARED_VALUES_KEY = "blobs"
SHARED_REFERENCE = "$blob"


class SharedValues(Protocol):
    """Where a run directory keeps values many records share (the core's blob store): a record
    written with one in its serialisation context under :data:`SHARED_VALUES_KEY` holds a
    reference for the history's first state, which every scenario of one protagonist shares,
    instead of the whole world; read back through the same context, the reference is resolved.
    The world names no other package, so the store is found by what it can do."""

    def share(self, value: Any) -> Any: ...

    def resolve(self, value: Any) -> Any: ...


def _shared_values(context: Any) -> SharedValues | None:
    store = context.get(SHARED_VALUES_KEY) if isinstance(context, dict) else None
    return store if callable(getattr(store, "share", None)) else None


class WorldPatch(BaseModel):
    """How one state of a world's JSON form differs from the previous one.

    ``set`` holds ``[path, value]`` pairs (a path is the list of object keys from the top);
    ``delete`` the paths of members that are gone. Anything that is not an object (a row list,
    a number) is replaced whole.
    """

    model_config = ConfigDict(extra="forbid")

    version: int
    set: list[tuple[Path, Any]] = Field(default_factory=list)
    delete: list[Path] = Field(default_factory=list)


class WorldHistory(BaseModel):
    """The recorded states of one world, by version (see the module's documentation)."""

    model_config = ConfigDict(extra="forbid")

    initial_version: int
    initial: dict[str, Any]
    """Written once per run directory and referenced, where the records are written with a
    store of shared values in the context (see :class:`SharedValues`)."""
    patches: list[WorldPatch] = Field(default_factory=list)
    _latest_cache: dict[str, Any] | None = PrivateAttr(default=None)

    @field_serializer("initial", when_used="json")
    def _share_initial(self, initial: dict[str, Any], info: SerializationInfo) -> Any:
        store = _shared_values(info.context)
        return initial if store is None else store.share(initial)

    @field_validator("initial", mode="before")
    @classmethod
    def _resolve_initial(cls, initial: Any, info: ValidationInfo) -> Any:
        store = _shared_values(info.context)
        if store is not None:
            return store.resolve(initial)
        if isinstance(initial, dict) and set(initial) == {SHARED_REFERENCE}:
            raise LookupError(
                "this world history refers to a shared value: read the record with its run "
                "directory's store of shared values (ResultsStore does)"
            )
        return initial

    @classmethod
    def start(cls, world: World) -> WorldHistory:
        """A history whose first state is ``world`` as it is now."""
        history = cls(initial_version=world.version, initial=world.to_data())
        history._latest_cache = history.initial  # never modified: patches apply to copies
        return history

    @property
    def versions(self) -> list[int]:
        """Every recorded version, oldest first."""
        return [self.initial_version, *(patch.version for patch in self.patches)]

    @property
    def latest_version(self) -> int:
        return self.patches[-1].version if self.patches else self.initial_version

    def record(self, world: World) -> bool:
        """Add ``world``'s current state if its version is new; True when one was added."""
        if world.version == self.latest_version:
            return False
        before = self._data_at(len(self.patches))
        after = world.to_data()
        patch = WorldPatch(version=world.version)
        _diff(before, after, [], patch)
        self.patches.append(patch)
        self._latest_cache = after
        return True

    def data_at(self, version: int) -> dict[str, Any]:
        """The JSON form of the world at ``version`` (the latest recorded state not after it)."""
        return _copied_object(self._data_at(self._index_of(version)))

    def state_at(self, version: int, tables: Iterable[Table[Any]] = ()) -> WorldState:
        """The world at ``version`` as a state; ``tables`` are typed, the rest kept as JSON."""
        return WorldState.from_data(self.data_at(version), tables)

    def final_state(self, tables: Iterable[Table[Any]] = ()) -> WorldState:
        """The last recorded state."""
        return self.state_at(self.latest_version, tables)

    def _index_of(self, version: int) -> int:
        if version < self.initial_version:
            raise KeyError(
                f"version {version} is before the first recorded one ({self.initial_version})"
            )
        index = 0
        for number, patch in enumerate(self.patches, start=1):
            if patch.version > version:
                break
            index = number
        return index

    def _data_at(self, patches: int) -> dict[str, Any]:
        """The JSON form after the first ``patches`` patches (shared: do not modify)."""
        cached = self._latest_cache
        if cached is not None and patches == len(self.patches):
            return cached
        data = _copied_object(self.initial)
        for patch in self.patches[:patches]:
            _apply(data, patch)
        if patches == len(self.patches):
            self._latest_cache = data
        return data


def _diff(before: Any, after: Any, path: Path, patch: WorldPatch) -> None:
    if isinstance(before, dict) and isinstance(after, dict):
        for key in before:
            if key not in after:
                patch.delete.append([*path, key])
        for key, value in after.items():
            if key not in before:
                patch.set.append(([*path, key], value))
            elif before[key] != value:
                _diff(before[key], value, [*path, key], patch)
        return
    patch.set.append((path, after))


def json_copy(value: Any) -> Any:
    """A copy of JSON data (objects, arrays and scalars) that shares no object or array with it.

    What ``copy.deepcopy`` gives for such data, five to ten times faster: it has no types to
    dispatch on and no shared references to remember (scorers read the world at many versions,
    and these copies were most of the cost of scoring a conversation).
    """
    if isinstance(value, dict):
        return {key: json_copy(item) for key, item in value.items()}
    if isinstance(value, list):
        return [json_copy(item) for item in value]
    return value


def _copied_object(data: dict[str, Any]) -> dict[str, Any]:
    return {key: json_copy(value) for key, value in data.items()}


def _apply(data: dict[str, Any], patch: WorldPatch) -> None:
    for path in patch.delete:
        parent = _parent(data, path)
        parent.pop(path[-1], None)
    for path, value in patch.set:
        if not path:
            raise ValueError("a patch cannot replace the whole world")
        _parent(data, path)[path[-1]] = json_copy(value)


def _parent(data: dict[str, Any], path: Path) -> dict[str, Any]:
    node = data
    for key in path[:-1]:
        node = node.setdefault(key, {})
    return node


__all__ = ["WorldHistory", "WorldPatch"]
