"""simulate() on a local Ray cluster, through the executor that docs/simulation.rst shows.

The adapter is read from the page itself, so the three lines a user copies are
the lines tested.  Without the ``ray`` extra the test is skipped with that reason.
"""

from __future__ import annotations

import concurrent.futures
import textwrap
from collections.abc import Iterator
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
    section = DOCS.read_text(encoding="utf-8").split("\nOn Ray\n", 1)[1]
    block = section.split(".. code-block:: python\n", 1)[1]
    lines = []
    for line in block.splitlines()[1:]:
        if line and not line.startswith(" "):
            break
        lines.append(line)
    code = textwrap.dedent("\n".join(lines))
    start = code.index("class RayExecutor")
    adapter = code[start:code.index("\n\n", start)]
    namespace: dict[str, Any] = {"concurrent": concurrent, "ray": ray}
    exec(adapter, namespace)
    executor: type[concurrent.futures.Executor] = namespace["RayExecutor"]
    return executor


@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    ray.init(num_cpus=2, include_dashboard=False, object_store_memory=100 * 2**20,
             log_to_driver=False, configure_logging=False)
    try:
        yield
    finally:
        ray.shutdown()


def test_docs_ray_adapter_is_an_executor() -> None:
    assert issubclass(docs_ray_executor(), concurrent.futures.Executor)


def test_simulate_on_a_local_ray_cluster_equals_the_serial_run(local_ray: None) -> None:
    serial = simulate(N, "random", seed=11, workers=0, chunk_size=5)
    executor = docs_ray_executor()()
    on_ray = simulate(N, "random", seed=11, executor=executor, workers=2, chunk_size=5)
    assert isinstance(on_ray, SimulationStats)
    assert on_ray == serial
    assert on_ray.deals == N
