"""How soon the bundled local model answers, per prompt profile, cold and with a saved prompt.

For each profile asked for (``full``: the paper's CCK prompt; ``compact``: the local default),
in one sitting, with an empty prefix directory:

1. cold: load the model, then solve ``--tasks`` tasks of the bundled suite in order; prints the
   load time, each task's wall time, prompt tokens, tokens served from the prefix cache,
   completion tokens, and the seconds to the first answer and to the last;
2. saved: a new model in the same process (as the next run would), same tasks: the system
   prompt comes back from the slot file the cold pass saved, so the first answer costs only
   the task's own tokens.

The machine's load average is printed with every figure: on a shared machine, compare
profiles by their ratio within one sitting, not by the absolute seconds.

Run: ``python bench/local_first_answer.py [--profiles compact,full] [--tasks 3] [--threads 2]
[--decode-threads N] [--batch-tokens 512] [--max-tokens 600]``. Needs ``assistworld[local]``.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import tempfile
import time
from pathlib import Path

from assistworld.agents.model_requests import Decoding
from assistworld.llm.local import LocalModel
from assistworld.paradigms.aspera.agents.cck import CCKAgent
from assistworld.paradigms.aspera.agents.profiles import profile_named
from assistworld.paradigms.aspera.paradigm import AsperaParadigm
from assistworld.paradigms.aspera.tasks.model import Task
from assistworld.paradigms.aspera.tasks.suite import load_suite


def _load() -> str:
    return f"load {os.getloadavg()[0]:.1f}"


def _pass(label: str, model: LocalModel, agent: CCKAgent, tasks: list[Task]) -> None:
    paradigm = AsperaParadigm()
    started = time.perf_counter()
    model.load()
    loaded = time.perf_counter()
    print(f"  {label}: model loaded in {loaded - started:.1f} s ({_load()})", flush=True)
    for number, task in enumerate(tasks, 1):
        begun = time.perf_counter()
        output = asyncio.run(agent.solve(paradigm.agent_view(task, agent)))
        usage = output.usage
        print(
            f"  {label}: task {number} {task.query_id}: {time.perf_counter() - begun:.1f} s, "
            f"prompt {usage.get('prompt_tokens')} (reused {usage.get('reused_prompt_tokens')}), "
            f"completion {usage.get('completion_tokens')}; "
            f"{time.perf_counter() - loaded:.1f} s since load ({_load()})",
            flush=True,
        )
    model.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--profiles", default="compact,full")
    parser.add_argument("--tasks", type=int, default=3)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--decode-threads", type=int, default=None)
    parser.add_argument("--batch-tokens", type=int, default=512)
    parser.add_argument("--max-tokens", type=int, default=600)
    parser.add_argument("--skip-saved", action="store_true")
    options = parser.parse_args()
    suite = load_suite("workplace")
    for name in options.profiles.split(","):
        profile = profile_named(name.strip())
        with tempfile.TemporaryDirectory(prefix="aw-prefixes-") as directory:

            def model() -> LocalModel:
                return LocalModel(
                    threads=options.threads,
                    decode_threads=options.decode_threads,
                    batch_tokens=options.batch_tokens,
                    cache=None,
                    use_cache=False,
                    prefix_dir=Path(directory),
                )

            first = model()
            agent = CCKAgent(
                first,
                model_name="local:qwen2.5-coder-1.5b",
                profile=profile,
                generation=Decoding(max_tokens=options.max_tokens),
            )
            excluded = agent.excluded_task_ids()
            tasks: list[Task] = [t for t in suite.tasks if t.query_id not in excluded]
            tasks = tasks[: options.tasks]
            size = agent.settings()["system_prompt_size"]
            print(f"profile {profile.name}: system prompt {size}", flush=True)
            first.listen(lambda message: print(f"  status: {message}", flush=True))
            _pass("cold", first, agent, tasks)
            if not options.skip_saved:
                second = model()
                second.listen(lambda message: print(f"  status: {message}", flush=True))
                agent.model = second
                _pass("saved", second, agent, tasks[:1])


if __name__ == "__main__":
    main()
