"""``assistworld world generate``: write a protagonist's world and print its statistics."""

from __future__ import annotations

from pathlib import Path

from rich.console import Console

from assistworld.core.atomic import write_atomically
from assistworld.paradigms.astra.storylines.biography import bundled_protagonists, load_protagonist
from assistworld.paradigms.astra.storylines.generate import generate_world
from assistworld.paradigms.astra.storylines.stats import table_s1, world_counts


def generate_command(
    protagonists: list[str], seed: int, days: int, out: Path | None, console: Console
) -> None:
    """Generate each protagonist's world (``all``: every bundled one); with one protagonist
    ``out`` is the file, with several a folder of ``<name>.json`` files."""
    names = bundled_protagonists() if protagonists in ([], ["all"]) else protagonists
    rows = {}
    for name in names:
        profile = load_protagonist(name)
        world = generate_world(profile, seed, days)
        rows[profile.biography.name] = world_counts(world.data, len(world.storyline.events))
        if out is not None:
            target = out if len(names) == 1 else out / f"{Path(name).stem}.json"
            target.parent.mkdir(parents=True, exist_ok=True)
            write_atomically(target, world.to_json())
            console.print(f"wrote {target}", highlight=False)
    console.print(table_s1(rows))
