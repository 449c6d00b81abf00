"""The runtime harness's own costs and gains, under real TensorFlow.

    python benchmarks/harness.py [--plugin] [--graphs] [--runs N]

``--plugin``: the share of a test session that ``pytest --tf2lint`` costs, on the small project
of tests/data/harness_project (a custom loop, a Dataset.map, a Keras model with fit): its tests
run with the plugin not loaded (``-p no:tf2lint``), loaded but off (the default), on
(``--tf2lint``) and on without counting lines while tracing (``--tf2lint-no-lines``), in turn, N times each; prints the median wall time of each, the share the plugin
adds, and the harness's own work (linting, reporting) as the plugin reports it.

``--graphs``: where a graph would pay, on the programs of tests/data/graph_pays:
``tf2lint trace --measure`` runs them in one interpreter, and each function it lists is printed
with its eager and graph time per call, measured on inputs the program produced, and the
speed-up. Prints figures only; ``benchmarks/run.py`` runs both after its corpora.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PROJECT = ROOT / "tests" / "data" / "harness_project"
GRAPH_PROGRAMS = ROOT / "tests" / "data" / "graph_pays"
MODES = {
    "not loaded": ["-p", "no:tf2lint"],
    "off": [],
    "on": ["--tf2lint"],
    "on, no lines": ["--tf2lint", "--tf2lint-no-lines"],
}


def _children_cpu() -> float:
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def _pytest(folder: Path, extra: list[str]) -> tuple[float, float, str]:
    """Wall and CPU seconds (user and system) of one session, and its output."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTEST_", "TF2LINT_"))}
    env["TINYPROJ_RESULTS"] = str(folder.parent / "results.json")
    start, cpu = time.perf_counter(), _children_cpu()
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:randomly", *extra],
        cwd=folder,
        env=env,
        capture_output=True,
        text=True,
    )
    elapsed, cpu = time.perf_counter() - start, _children_cpu() - cpu
    if done.returncode != 0:
        raise SystemExit(f"pytest {' '.join(extra)} failed:\n{done.stdout[-3000:]}")
    return elapsed, cpu, done.stdout


def plugin_cost(runs: int = 3) -> dict:
    """Median wall and CPU seconds of the project's test session per mode, and the harness's
    own work."""
    with tempfile.TemporaryDirectory(prefix="tf2lint-bench-") as work:
        folder = Path(work) / "project"
        shutil.copytree(PROJECT, folder)
        times: dict[str, list[float]] = {mode: [] for mode in MODES}
        cpus: dict[str, list[float]] = {mode: [] for mode in MODES}
        own: list[float] = []
        for _ in range(runs):  # in turn, so that a busy machine slows every mode alike
            for mode, extra in MODES.items():
                elapsed, cpu, out = _pytest(folder, extra)
                times[mode].append(elapsed)
                cpus[mode].append(cpu)
                found = re.search(r"the harness's own work took ([\d.]+) s", out)
                if mode == "on" and found:
                    own.append(float(found.group(1)))
    figures = {mode: statistics.median(values) for mode, values in times.items()}
    figures["own"] = statistics.median(own) if own else None
    figures["cpu"] = {mode: statistics.median(values) for mode, values in cpus.items()}
    return figures


def print_plugin_cost(runs: int = 3) -> None:
    figures = plugin_cost(runs)
    print(
        f"pytest --tf2lint on tests/data/harness_project (4 tests; median of {runs} sessions each, "
        "in turn):",
        flush=True,
    )
    for kind, f in (("wall", figures), ("cpu", figures["cpu"])):
        base = f["not loaded"]

        def share(mode: str, f=f, base=base) -> str:
            return f"{f[mode]:.2f} s ({(f[mode] - base) / f[mode]:+.0%} of the session)"

        print(
            f"  {kind:<4} plugin not loaded {base:.2f} s, loaded but off {share('off')}, "
            f"on {share('on')}, on with --tf2lint-no-lines {share('on, no lines')}",
            flush=True,
        )
    if figures["own"]:
        print(
            f"  the harness's own lint and report (as the plugin reports it): {figures['own']:.2f} s"
        )
    print("  (cpu: user and system seconds of the session's processes, steadier than wall on a")
    print("  busy machine)")


def graph_speedups() -> list[dict]:
    """``tf2lint trace --measure`` on the graph_pays programs: each listed function."""
    with tempfile.TemporaryDirectory(prefix="tf2lint-bench-") as work:
        folder = Path(work) / "programs"
        shutil.copytree(GRAPH_PROGRAMS, folder)
        out = folder / "report.json"
        done = subprocess.run(
            [sys.executable, "-m", "tf2lint", "trace", "--measure", "--format", "json",
             "--output", str(out), "--root", str(folder), "--",
             sys.executable, str(folder / "run_all.py")],
            cwd=folder, capture_output=True, text=True,
        )  # fmt: skip
        if done.returncode != 0 or not out.is_file():
            raise SystemExit(f"tf2lint trace --measure failed:\n{done.stderr[-3000:]}")
        return json.loads(out.read_text())["graphs"]


def print_graph_speedups() -> None:
    print("where a graph would pay, tests/data/graph_pays (tf2lint trace --measure):")
    print(f"  {'function':<34}{'calls':>6}{'eager ms':>10}{'graph ms':>10}{'speed-up':>10}  status")
    for entry in graph_speedups():
        measured = entry.get("measured") or {}
        name = f"{Path(entry['file']).name}:{entry['name']}"
        eager, graph = measured.get("eager_call_seconds"), measured.get("graph_call_seconds")
        speedup = measured.get("speedup")
        print(
            f"  {name:<34}{entry['calls']:>6}"
            f"{eager * 1000 if eager else float('nan'):>10.3f}"
            f"{graph * 1000 if graph else float('nan'):>10.3f}"
            f"{speedup or float('nan'):>9.2f}x  {measured.get('status', '-')}"
            + (" (pays)" if entry.get("pays") else "")
            + (f": {measured['reason']}" if measured.get("reason") else ""),
            flush=True,
        )
    print("  (eager and graph per call: medians on the inputs the program produced, the two run in")
    print("  turn in blocks of ten; a function is measured only after both returned the same)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--plugin", action="store_true", help="pytest --tf2lint's cost")
    parser.add_argument("--graphs", action="store_true", help="graph speed-ups")
    parser.add_argument("--runs", type=int, default=3, help="sessions per mode (--plugin)")
    args = parser.parse_args()
    both = not (args.plugin or args.graphs)
    if args.plugin or both:
        print_plugin_cost(args.runs)
    if args.graphs or both:
        print_graph_speedups()


if __name__ == "__main__":
    main()
