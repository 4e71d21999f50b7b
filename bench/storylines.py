"""Generating the bundled protagonists' personal worlds with the template projector.

Prints, per protagonist and seed: seconds to build the storyline, project, verify and assemble
the world; its artifact count; and over every seed the smallest total across the five worlds
(the brief asks for at least 600) and whether every world came out the same on a second run
(byte for byte).

Run: ``python bench/storylines.py [--seeds 5] [--days 21]``
"""

from __future__ import annotations

import argparse
import time

from assistworld.paradigms.astra.authoring.storylines import (
    bundled_protagonists,
    generate_world,
    load_protagonist,
)
from assistworld.paradigms.astra.authoring.storylines.stats import artifact_total, world_counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=5)
    parser.add_argument("--days", type=int, default=21)
    options = parser.parse_args()
    profiles = {name: load_protagonist(name) for name in bundled_protagonists()}
    totals = []
    same = True
    seconds = 0.0
    for seed in range(options.seeds):
        total = 0
        for name, profile in profiles.items():
            started = time.perf_counter()
            world = generate_world(profile, seed, options.days)
            elapsed = time.perf_counter() - started
            seconds += elapsed
            same &= generate_world(profile, seed, options.days).to_json() == world.to_json()
            counts = world_counts(world.data, len(world.storyline.events))
            total += artifact_total(counts)
            print(f"seed {seed} {name:6s} {elapsed:6.3f} s  {artifact_total(counts):4d} artifacts")
        totals.append(total)
    worlds = options.seeds * len(profiles)
    print(f"{worlds} worlds in {seconds:.2f} s ({seconds / worlds:.3f} s per world)")
    print(f"artifacts across the five worlds per seed: min {min(totals)}, max {max(totals)}")
    print(f"same world on a second run: {'yes' if same else 'NO'}")


if __name__ == "__main__":
    main()
