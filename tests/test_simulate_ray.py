"""simulate() on a local Ray cluster, through the executor that docs/simulation.rst shows.

The adapter is read from the page itself, so the three lines a user copies are
the lines tested.  Ray runs in a child process.  Without the ``ray`` extra the
test is skipped with that reason.
"""

from __future__ import annotations

import concurrent.futures
import os
import pickle
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

from skatlib.bots.simulation import SimulationStats, simulate

ray = pytest.importorskip(
    "ray", reason="the ray extra is not installed (pip install 'skatlib[ray]')")

DOCS = Path(__file__).resolve().parents[1] / "docs" / "simulation.rst"
N = 36


def docs_ray_executor() -> type[concurrent.futures.Executor]:
    """The ``RayExecutor`` class of the page's "On Ray" code block."""
    namespace: dict[str, Any] = {"concurrent": concurrent, "ray": ray}
    exec(adapter_source(), namespace)
    executor: type[concurrent.futures.Executor] = namespace["RayExecutor"]
    return executor


RUN_ON_RAY = """
import concurrent.futures, pickle, sys
import ray
from skatlib.bots.simulation import simulate
exec(sys.argv[1])
ray.init(num_cpus=2, include_dashboard=False, object_store_memory=100 * 2**20,
         log_to_driver=False, configure_logging=False)
try:
    stats = simulate(int(sys.argv[2]), "random", seed=11, executor=RayExecutor(), workers=2,
                     chunk_size=5)
finally:
    ray.shutdown()
sys.stdout.write(pickle.dumps(stats).hex())
"""


def adapter_source() -> str:
    """The source of the page's ``RayExecutor`` (what :func:`docs_ray_executor` runs)."""
    section = DOCS.read_text(encoding="utf-8").split("\nOn Ray\n", 1)[1]
    block = section.split(".. code-block:: python\n", 1)[1]
    lines = []
    for line in block.splitlines()[1:]:
        if line and not line.startswith(" "):
            break
        lines.append(line)
    code = textwrap.dedent("\n".join(lines))
    start = code.index("class RayExecutor")
    return code[start:code.index("\n\n", start)]


def test_docs_ray_adapter_is_an_executor() -> None:
    assert issubclass(docs_ray_executor(), concurrent.futures.Executor)


def test_simulate_on_a_local_ray_cluster_equals_the_serial_run() -> None:
    """In a child process: Ray leaves threads behind, and a process that forks
    afterwards (the process pools of other tests) could deadlock."""
    serial = simulate(N, "random", seed=11, workers=0, chunk_size=5)
    src = str(Path(__file__).resolve().parents[1] / "src")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        [src, *filter(None, [os.environ.get("PYTHONPATH")])])}
    done = subprocess.run([sys.executable, "-c", RUN_ON_RAY, adapter_source(), str(N)],
                          capture_output=True, text=True, env=env, timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]
    on_ray = pickle.loads(bytes.fromhex(done.stdout.strip()))
    assert isinstance(on_ray, SimulationStats)
    assert on_ray == serial
    assert on_ray.deals == N
