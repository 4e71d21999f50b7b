"""Read the published Asper-Bench in place, from the user's own copy.

Layout of a copy: ``<root>/plans/queries_*.nt``, NestedText shards, each a list of task records
(``query_id``, ``query``, ``program``, ``state_generation_programs``, ``evaluation_programs``,
``scenario`` as a nested mapping, and ``timestamp``), with two JSON index files next to them
(``query_id_to_shard.json`` and ``query_to_query_id.json``). The shards hold everything a task
needs, so the index files are not read. The path given may be the root, its ``plans/`` folder, or
a folder holding exactly one such root (where the archive was unpacked).

**Licence.** Asper-Bench is CC BY-NC-ND 4.0: converted copies must not be redistributed. This
module only reads: tasks exist in memory as :class:`~assistworld.paradigms.aspera.tasks.model.Task`
objects whose
``source`` is ``<shard>#<index>`` (index from 0). Nothing here converts, copies or writes the data,
and the tasks must not be passed to :mod:`assistworld.paradigms.aspera.tasks.writer`.

Record handling: ``timestamp`` and any other unknown keys are ignored; an empty string (how
NestedText writes None) reads as "missing" (``[]`` for the program lists, None for ``scenario``).
``category`` and ``tags`` are empty, and ``kind`` is derived from the reference program.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any, NamedTuple

from assistworld.paradigms.aspera.tasks.errors import TaskError
from assistworld.paradigms.aspera.tasks.model import Task, build_task

SHARD_PATTERN = "queries_*.nt"
INDEX_FILES = ("query_id_to_shard.json", "query_to_query_id.json")
RECORD_FIELDS = (
    "query_id",
    "query",
    "program",
    "state_generation_programs",
    "evaluation_programs",
    "scenario",
)
"""The record keys that become task fields; every other key (e.g. ``timestamp``) is ignored."""


class AsperBenchCopy(NamedTuple):
    """Where a copy of Asper-Bench lives: its root folder and its shards in order."""

    root: Path
    shards: list[Path]


_NUMBERS = re.compile(r"(\d+)")


def natural_key(text: str) -> tuple[tuple[int, int | str], ...]:
    """Sort key that orders embedded numbers by value ("queries_2" before "queries_10")."""
    return tuple(
        (0, int(part)) if part.isdigit() else (1, part) for part in _NUMBERS.split(text) if part
    )


def _shards_in(folder: Path) -> list[Path]:
    if not folder.is_dir():
        return []
    return sorted(folder.glob(SHARD_PATTERN), key=lambda p: natural_key(p.name))


def locate_asperbench(path: str | Path) -> AsperBenchCopy | None:
    """The Asper-Bench copy at ``path`` (root, ``plans/`` or the unpack folder), or None."""
    folder = Path(path)
    if shards := _shards_in(folder):
        root = folder.parent if folder.name == "plans" else folder
        return AsperBenchCopy(root, shards)
    if shards := _shards_in(folder / "plans"):
        return AsperBenchCopy(folder, shards)
    if not folder.is_dir():
        return None
    nested = [child for child in folder.iterdir() if _shards_in(child / "plans")]
    if len(nested) == 1:
        return AsperBenchCopy(nested[0], _shards_in(nested[0] / "plans"))
    return None


def _record_fields(record: Mapping[str, Any], source: str) -> dict[str, Any]:
    fields: dict[str, Any] = {"source": source}
    for name in RECORD_FIELDS:
        if name not in record:
            continue
        value = record[name]
        if value == "" and name in ("state_generation_programs", "evaluation_programs"):
            value = []
        elif value == "" and name == "scenario":
            value = None
        fields[name] = value
    return fields


def _read_shard(shard: Path) -> list[Any]:
    # imported here: nestedtext brings arrow and inform (about 0.1 s), which every command that
    # reads a bundled suite would otherwise pay for a format only a published copy uses
    import nestedtext

    try:
        data = nestedtext.load(shard, top="list")
    except nestedtext.NestedTextError as error:
        line = (error.lineno + 1) if isinstance(error.lineno, int) else 1
        raise TaskError(
            [
                f"{shard}:{line}: not valid NestedText: {error.get_message()} "
                "restore this shard from your Asper-Bench download"
            ]
        ) from None
    except OSError as error:
        raise TaskError([f"{shard}: cannot read the shard ({error.strerror})"]) from None
    return data if isinstance(data, list) else []


def iter_asperbench(path: str | Path, errors: list[str] | None = None) -> Iterator[Task]:
    """Yield the tasks of the Asper-Bench copy at ``path``, shard by shard, record by record.

    Without ``errors`` the first bad shard or record raises :class:`TaskError`. With a list,
    problems are appended to it (one line each) and the bad records are skipped, so a caller
    can report every problem at once.
    """
    copy = locate_asperbench(path)
    if copy is None:
        raise TaskError(
            [
                f"{path}: no Asper-Bench shards ({SHARD_PATTERN}) here or in {path}/plans; pass "
                "the folder that holds plans/ (or plans/ itself)"
            ]
        )
    for shard in copy.shards:
        try:
            records = _read_shard(shard)
        except TaskError as error:
            if errors is None:
                raise
            errors.extend(error.problems)
            continue
        for index, record in enumerate(records):
            source = f"{shard}#{index}"
            try:
                if not isinstance(record, Mapping):
                    raise TaskError(
                        [
                            f"{source}: the record is a {type(record).__name__}, not a mapping "
                            "of task fields; restore this shard from your Asper-Bench download"
                        ]
                    )
                yield build_task(_record_fields(record, source))
            except TaskError as error:
                if errors is None:
                    raise
                errors.extend(error.problems)
