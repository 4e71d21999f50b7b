"""``assistworld world generate``: write a protagonist's world and print its statistics."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from pathlib import Path

from rich.console import Console

from assistworld.core.atomic import write_atomically
from assistworld.llm import ClientSettings, ModelPool, UsageLedger
from assistworld.paradigms.astra.authoring.storylines.biography import (
    ProtagonistProfile,
    bundled_protagonists,
    load_protagonist,
)
from assistworld.paradigms.astra.authoring.storylines.cascade import CascadeModels, CascadeProjector
from assistworld.paradigms.astra.authoring.storylines.generate import GeneratedWorld, generate_world
from assistworld.paradigms.astra.authoring.storylines.stats import table_s1, world_counts
from assistworld.paradigms.astra.authoring.storylines.storyline import build_storyline


@dataclass(frozen=True)
class CascadeOptions:
    """Model strings per role (None: the template projector) and the session folder."""

    draft: str | None = None
    critique: str | None = None
    revise: str | None = None
    session_dir: Path | None = None
    cache_dir: Path | None = None


def generate_command(
    protagonists: list[str],
    seed: int,
    days: int,
    out: Path | None,
    console: Console,
    cascade: CascadeOptions | None = None,
) -> None:
    """Generate each protagonist's world (``all``: every bundled one); with one protagonist
    ``out`` is the file, with several a folder of ``<name>.json`` files."""
    names = bundled_protagonists() if protagonists in ([], ["all"]) else protagonists
    rows = {}
    ledger = UsageLedger()
    for name in names:
        profile = load_protagonist(name)
        if cascade is not None and cascade.draft is not None:
            world = asyncio.run(_with_models(profile, seed, days, cascade, ledger, name))
        else:
            world = generate_world(profile, seed, days)
        rows[profile.biography.name] = world_counts(world.data, len(world.storyline.events))
        if world.left_out:
            console.print(
                f"{profile.biography.name}: {len(world.left_out)} event(s) left out, their "
                f"artifacts failed verification: {', '.join(world.left_out)}",
                highlight=False,
            )
        if out is not None:
            target = out if len(names) == 1 else out / f"{Path(name).stem}.json"
            target.parent.mkdir(parents=True, exist_ok=True)
            write_atomically(target, world.to_json())
            console.print(f"wrote {target}", highlight=False)
    console.print(table_s1(rows))
    if cascade is not None and cascade.draft is not None:
        run = ledger.run
        console.print(
            f"model calls: {run.calls} live, {run.cache_hits} cached, {run.failures} failed; "
            f"tokens {run.prompt_tokens} in, {run.completion_tokens} out",
            highlight=False,
        )


async def _with_models(
    profile: ProtagonistProfile,
    seed: int,
    days: int,
    options: CascadeOptions,
    ledger: UsageLedger,
    name: str,
) -> GeneratedWorld:
    assert options.draft is not None
    roles = (options.draft, options.critique or options.draft, options.revise or options.draft)
    pool = ModelPool(ClientSettings(cache_dir=options.cache_dir))
    try:
        models = CascadeModels(
            draft=pool.get(roles[0]),
            critique=pool.get(roles[1]),
            revise=pool.get(roles[2]),
            names=roles,
        )
        storyline = build_storyline(profile, seed, days)
        session = options.session_dir / Path(name).stem if options.session_dir else None
        projector = CascadeProjector(
            profile, storyline.now, models, session_dir=session, ledger=ledger
        )
        await projector.run(storyline.events)
        return generate_world(profile, seed, days, projector, storyline)
    finally:
        await pool.aclose()
