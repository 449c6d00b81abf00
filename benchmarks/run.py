"""Benchmark tf2lint against libcst's bare parse, tf_upgrade_v2 and (optionally) Fixit.

    python benchmarks/run.py [--cache-dir DIR] [--corpus NAME ...] [--compare-fixit]

Fetches the pinned packages of ../shared/corpus.txt (``pip download --no-deps`` into the cache
folder, then unzips each wheel; both are reused when present) and prints, per corpus: files,
lines, the libcst parse floor (one process), tf2lint cold with one job, cold with the default
number of jobs, warm (cache on, nothing changed), tf_upgrade_v2, peak RSS, and the ratios the
performance targets are stated in, then where one process's lint time goes (libcst's parse, the
semantic model's own share, the rules and the rest: benchmarks/inprocess.py). Then start-up time on one small file and ``lint_module`` on a
2,000-line file (the LSP budget), and, where TensorFlow is installed, the share of a test session
that ``pytest --tf2lint`` costs (benchmarks/harness.py). ``--plugin`` and ``--graphs`` print only
the plugin's cost, or only the graph speed-ups of ``tf2lint trace --measure``. ``--baseline
DIR`` prints only cold one-job CPU against the parse floor, for the ``tf2lint`` package in DIR
(another checkout's, e.g. a folder with ``tf2lint`` linked to its ``linter``) and for this tree,
interleaved ``--rounds`` times. Prints figures only; it asserts nothing.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import platform
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import date
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
sys.path.insert(0, str(ROOT / "scripts"))
from corpus import DEFAULT_CACHE, corpus_file, fetch, pinned  # noqa: E402
from harness import print_graph_speedups, print_plugin_cost  # noqa: E402
from rss import tree_rss  # noqa: E402


def python_files(src: Path) -> list[Path]:
    return sorted(p for p in src.rglob("*.py") if p.is_file())


def timed(
    command: list[str], cwd: Path | None = None, env: dict[str, str] | None = None
) -> tuple[float, int, subprocess.CompletedProcess]:
    """Wall time, peak RSS in MB of the process tree (summed, sampled), and the result."""
    start = time.perf_counter()
    process = subprocess.Popen(
        command, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env
    )
    peak = 0
    out_parts: list[str] = []
    while process.poll() is None:
        peak = max(peak, tree_rss(process.pid))
        try:
            out, err = process.communicate(timeout=0.05)
            out_parts.append(out)
            break
        except subprocess.TimeoutExpired:
            continue
    else:
        out, err = process.communicate()
        out_parts.append(out)
    elapsed = time.perf_counter() - start
    result = subprocess.CompletedProcess(command, process.returncode, "".join(out_parts), err)
    return elapsed, peak // (1024 * 1024), result


PARSE_FLOOR = """
import sys, time, pathlib, libcst
files = [pathlib.Path(p) for p in sys.argv[1:]]
texts = [f.read_bytes().decode("utf-8", "replace") for f in files]
start, cpu = time.perf_counter(), time.process_time()
for text in texts:
    try:
        libcst.parse_module(text)
    except Exception:
        pass
print(time.perf_counter() - start, time.process_time() - cpu)
"""


def children_cpu() -> float:
    """CPU seconds (user and system) of the waited-for child processes and their own children
    so far: unlike wall time, other work on a shared machine barely moves it."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def parse_floor(files: list[Path]) -> tuple[float, float]:
    """The libcst parse floor's wall and CPU seconds."""
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as listing:
        listing.write("\n".join(map(str, files)))
    script = PARSE_FLOOR.replace("sys.argv[1:]", f"open({listing.name!r}).read().splitlines()")
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    os.unlink(listing.name)
    wall, cpu = out.stdout.split()
    return float(wall), float(cpu)


def tf2lint_command(src: Path, config: Path, *extra: str) -> list[str]:
    return [
        sys.executable, "-m", "tf2lint", "check", str(src), "--config", str(config),
        "--select", "ALL", "--target-tensorflow", "2.99", "--exit-zero", "--format", "json", *extra,
    ]  # fmt: skip


def find_tool(name: str) -> str | None:
    for candidate in (BIN / name, Path(shutil.which(name) or "")):
        if candidate.is_file():
            return str(candidate)
    return None


def tf_upgrade_command(given: str | None) -> list[str] | None:
    """``tf_upgrade_v2`` as given, next to this Python, on PATH, or run from TensorFlow's module."""
    found = given or find_tool("tf_upgrade_v2")
    if found:
        return [found]
    probe = [sys.executable, "-c", "import tensorflow.tools.compatibility.tf_upgrade_v2_main"]
    if subprocess.run(probe, capture_output=True, check=False).returncode == 0:
        return [sys.executable, "-m", "tensorflow.tools.compatibility.tf_upgrade_v2_main"]
    return None


def bench_corpus(name: str, src: Path, fixit: str | None, tf_upgrade: list[str] | None) -> dict:
    files = python_files(src)
    lines = sum(p.read_bytes().count(b"\n") for p in files)
    row: dict = {"corpus": name, "files": len(files), "lines": lines}
    row["parse"], row["parse_cpu"] = parse_floor(files)
    with tempfile.TemporaryDirectory() as work:
        work_dir = Path(work)
        config = work_dir / "pyproject.toml"
        config.write_text("[tool.tf2lint]\n")
        before = children_cpu()
        row["cold1"], _, cold1 = timed(
            tf2lint_command(src, config, "--no-cache", "--jobs", "1"), work_dir
        )
        row["cold1_cpu"] = children_cpu() - before
        row["coldN"], row["rss"], coldN = timed(tf2lint_command(src, config), work_dir)
        row["warm"], _, warm = timed(tf2lint_command(src, config), work_dir)
        # the third run over the unchanged tree: the second recorded it (tf2lint.run.replay)
        row["replay"], _, replayed = timed(tf2lint_command(src, config), work_dir)
        for run in (cold1, coldN, warm, replayed):
            if not run.stdout.startswith("["):  # exit 2 with JSON is an internal error in a file
                sys.exit(f"tf2lint failed on {name}: {run.stderr[-2000:]}")
        row["internal"] = cold1.stdout.count('"code": "internal-error"')  # ruff's JSON schema
        row["same"] = cold1.stdout == coldN.stdout == warm.stdout == replayed.stdout
        row["findings"] = cold1.stdout.count('"code":')
        if tf_upgrade:
            out = work_dir / "upgraded"
            report = work_dir / "report.txt"
            row["tf_upgrade"], _, upgraded = timed(
                [
                    *tf_upgrade,
                    "--intree",
                    str(src),
                    "--outtree",
                    str(out),
                    "--reportfile",
                    str(report),
                ]
            )
            row["tf_upgrade_exit"] = upgraded.returncode
        if fixit:
            row["fixit"], _, _ = timed([fixit, "lint", str(src)], work_dir)
    return row


def interleaved_cold(name: str, src: Path, baseline: Path, rounds: int) -> None:
    """Cold one-job CPU of ``baseline`` (a folder holding another checkout's ``tf2lint``
    package, put first on PYTHONPATH) and of this tree, interleaved, each round against the
    parse floor measured in it: on a shared machine only code measured side by side compares.
    Prints each round and the medians, and whether both printed the same findings."""
    files = python_files(src)
    sides = {
        "baseline": {**os.environ, "PYTHONPATH": str(baseline)},
        "this tree": {k: v for k, v in os.environ.items() if k != "PYTHONPATH"},
    }
    ratios: dict[str, list[float]] = {side: [] for side in sides}
    outputs: dict[str, set[str]] = {side: set() for side in sides}
    with tempfile.TemporaryDirectory() as work:
        config = Path(work) / "pyproject.toml"
        config.write_text("[tool.tf2lint]\n")
        for n in range(rounds):
            _, floor = parse_floor(files)
            line = [f"{name} round {n + 1}: parse {floor:.2f}s"]
            order = list(sides) if n % 2 == 0 else list(reversed(sides))
            for side in order:
                before = children_cpu()
                _, _, run = timed(
                    tf2lint_command(src, config, "--no-cache", "--jobs", "1"), work, sides[side]
                )
                cpu = children_cpu() - before
                ratios[side].append(cpu / floor)
                outputs[side].add(run.stdout)
                line.append(f"{side} {cpu:.2f}s ({cpu / floor:.2f}x)")
            print("  " + ", ".join(line))
    medians = ", ".join(f"{side} {statistics.median(r):.2f}x" for side, r in ratios.items())
    same = len(outputs["baseline"] | outputs["this tree"]) == 1
    print(f"  cold1 cpu / parse cpu, medians of {rounds}: {medians}; same output: {same}")


def phases(src: Path) -> str:
    """benchmarks/inprocess.py's figures for ``src``: the model's own share of the lint."""
    script = ROOT / "benchmarks" / "inprocess.py"
    out = subprocess.run([sys.executable, str(script), str(src)], capture_output=True, text=True)
    return out.stdout.strip() or f"failed: {out.stderr[-500:]}"


def small_project_warm(python: str) -> tuple[float, float]:
    """The median of 7 replayed runs of `tf2lint check .` over an unchanged six-file project,
    and of 7 runs of `python -c pass` (the floor: Python's own start-up)."""
    with tempfile.TemporaryDirectory() as work:
        for i in range(6):
            (Path(work) / f"m{i}.py").write_text(
                f"import tensorflow as tf\n\n\n@tf.function\ndef f{i}(x):\n    return x + {i}\n"
            )
        (Path(work) / "pyproject.toml").write_text("[tool.tf2lint]\n")
        subprocess.run([python, "-m", "tf2lint", "check", "."], cwd=work, capture_output=True)
        time.sleep(2.1)  # past replay's two-second window since the cache was made
        subprocess.run([python, "-m", "tf2lint", "check", "."], cwd=work, capture_output=True)

        def median(command: list[str]) -> float:
            times = []
            for _ in range(7):
                start = time.perf_counter()
                subprocess.run(command, cwd=work, capture_output=True, check=False)
                times.append(time.perf_counter() - start)
            return statistics.median(times)

        return median([python, "-m", "tf2lint", "check", "."]), median([python, "-c", "pass"])


def startup(python: str) -> float:
    with tempfile.TemporaryDirectory() as work:
        small = Path(work) / "small.py"
        small.write_text("import tensorflow as tf\n\n\n@tf.function\ndef f(x):\n    return x + 1\n")
        (Path(work) / "pyproject.toml").write_text("[tool.tf2lint]\n")
        times = []
        for _ in range(7):
            start = time.perf_counter()
            subprocess.run([python, "-m", "tf2lint", "check", "--no-cache", str(small)], cwd=work,
                           capture_output=True, check=False)  # fmt: skip
            times.append(time.perf_counter() - start)
    return statistics.median(times)


LSP_PROBE = """
import ast, json, os, statistics, subprocess, sys, time
from pathlib import Path

path = Path(sys.argv[1]).resolve()
text = path.read_text(encoding="utf-8")
lines = text.splitlines(keepends=True)
# The edit: a comment appended to the one-line statement nearest the middle of the file.
middle = len(lines) // 2
target = min(
    (n for n in ast.walk(ast.parse(text)) if isinstance(n, (ast.Assign, ast.Expr, ast.Return))
     and n.lineno == n.end_lineno),
    key=lambda n: abs(n.lineno - middle),
).lineno - 1
started = time.perf_counter()
server = subprocess.Popen([sys.executable, "-m", "tf2lint", "lsp"], cwd=path.parent,
                          stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)

def cpu_seconds():
    # CPU time of the server and its worker process so far (Linux; 0 elsewhere)
    total, pids = 0, [server.pid]
    try:
        for task in Path(f"/proc/{server.pid}/task").iterdir():  # any thread's child
            pids += [int(c) for c in (task / "children").read_text().split()]
        for pid in pids:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            total += int(fields[11]) + int(fields[12])  # utime, stime
    except (OSError, ValueError):
        return 0.0
    return total / os.sysconf("SC_CLK_TCK")

def send(message):
    body = json.dumps({"jsonrpc": "2.0", **message}).encode()
    server.stdin.write(b"Content-Length: %d\\r\\n\\r\\n" % len(body) + body)
    server.stdin.flush()

def receive():
    length = 0
    while True:
        header = server.stdout.readline().strip()
        if not header:
            break
        if header.lower().startswith(b"content-length:"):
            length = int(header.split(b":")[1])
    return json.loads(server.stdout.read(length))

def diagnostics_for(version):
    while True:
        message = receive()
        if (message.get("method") == "textDocument/publishDiagnostics"
                and message["params"].get("version") == version):
            return len(message["params"]["diagnostics"])

uri = path.as_uri()
send({"id": 1, "method": "initialize", "params": {"processId": None, "rootUri": path.parent.as_uri(), "capabilities": {}}})
while receive().get("id") != 1:
    pass
send({"method": "initialized", "params": {}})
opened = time.perf_counter()
send({"method": "textDocument/didOpen", "params": {"textDocument": {"uri": uri, "languageId": "python", "version": 1, "text": text}}})
found = diagnostics_for(1)
first = time.perf_counter() - opened
from_start = time.perf_counter() - started
times, cpu = [], []
for i in range(20):
    edited = lines[:]
    edited[target] = edited[target].rstrip("\\r\\n") + f"  # edit {i}\\n"
    start, cpu_start = time.perf_counter(), cpu_seconds()
    send({"method": "textDocument/didChange", "params": {"textDocument": {"uri": uri, "version": i + 2}, "contentChanges": [{"text": "".join(edited)}]}})
    diagnostics_for(i + 2)
    times.append(time.perf_counter() - start)
    cpu.append(cpu_seconds() - cpu_start)
    time.sleep(0.2)  # separate edits, not one burst
send({"id": 2, "method": "shutdown"})
send({"method": "exit"})
server.wait(timeout=10)
print(statistics.median(times) * 1000, max(times) * 1000, found, first * 1000,
      from_start * 1000, statistics.median(cpu) * 1000)
"""


class LspFigures(NamedTuple):
    file: str
    lines: int
    median: float  # ms from a change to its diagnostics, median of 20 edits
    worst: float
    first: float  # ms from opening the file (the server initialized) to its diagnostics
    from_start: float  # ms from starting the server to the first diagnostics
    cpu: float  # CPU ms the server and its worker spend per edit (median)


def lsp_probe(sources: list[Path], file: Path | None = None) -> LspFigures:
    """Median and max ms from a change to the language server's diagnostics for it, over 20
    edits (in the middle) of the TensorFlow file closest to 2,000 lines (or ``file``), and the
    ms from opening it (the server just started) to its first diagnostics. The edits are 0.2 s
    apart: each is linted on its own (any debounce of the server's would be in the figure)."""
    best = (file, file.read_bytes().count(b"\n")) if file else None
    for src in sources if file is None else []:
        for path in python_files(src):
            data = path.read_bytes()
            if b"tensorflow" not in data:
                continue
            count = data.count(b"\n")
            if best is None or abs(count - 2000) < abs(best[1] - 2000):
                best = (path, count)
    assert best is not None
    out = subprocess.run([sys.executable, "-c", LSP_PROBE, str(best[0])], capture_output=True,
                         text=True, check=True)  # fmt: skip
    median, worst, _, first, from_start, cpu = map(float, out.stdout.split())
    return LspFigures(best[0].name, best[1], median, worst, first, from_start, cpu)


def print_lsp(sources: list[Path], file: Path | None = None) -> None:
    f = lsp_probe(sources, file)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(
        f"LSP, change to diagnostics on {f.file} ({f.lines} lines), 20 edits: median "
        f"{f.median:.1f} ms, max {f.worst:.1f} ms (target: median 100), {f.cpu:.0f} ms CPU per "
        f"edit; first diagnostics after opening it: {f.first:.0f} ms (target: 500), "
        f"{f.from_start:.0f} ms from starting the server; load average {load:.1f}"
    )


def twice_over(file: Path, folder: Path) -> Path:
    """``file`` twice over, its second copy's functions and classes renamed (``dup_``, ``Dup``):
    the same code at twice the length, for the LSP figures on a longer file."""
    text = file.read_text(encoding="utf-8")
    second = text.replace("def ", "def dup_").replace("class ", "class Dup")
    doubled = folder / f"{file.stem}_twice.py"
    doubled.write_text(text + "\n\n" + second, encoding="utf-8")
    return doubled


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cache-dir", type=Path, default=DEFAULT_CACHE)
    parser.add_argument("--corpus-file", default=None)
    parser.add_argument("--corpus", action="append", help="only this package (repeat for more)")
    parser.add_argument("--compare-fixit", action="store_true")
    parser.add_argument("--tf-upgrade", help="the tf_upgrade_v2 command (default: found)")
    parser.add_argument("--no-tf-upgrade", action="store_true")
    parser.add_argument(
        "--lsp-file",
        type=Path,
        action="append",
        help="only the LSP figures, on this file (no corpus needed); may be repeated",
    )
    parser.add_argument(
        "--lsp-twice",
        action="store_true",
        help="with --lsp-file, also each file twice over (about 4,000 lines from 2,000)",
    )
    parser.add_argument(
        "--plugin", action="store_true", help="only pytest --tf2lint's cost (no corpus needed)"
    )
    parser.add_argument(
        "--baseline",
        type=Path,
        help="only cold one-job CPU against the parse floor, interleaved with the code of "
        "this folder (one holding another checkout's tf2lint package)",
    )
    parser.add_argument("--rounds", type=int, default=3, help="with --baseline (default 3)")
    parser.add_argument(
        "--graphs",
        action="store_true",
        help="only the speed-ups of tf2lint trace --measure on tests/data/graph_pays",
    )
    args = parser.parse_args()
    if args.plugin or args.graphs:
        print(f"# tf2lint harness benchmark, {date.today().isoformat()}, {os.cpu_count()} cores")
        if args.plugin:
            print_plugin_cost()
        if args.graphs:
            print_graph_speedups()
        return
    if args.lsp_file:
        print(f"# tf2lint LSP benchmark, {date.today().isoformat()}, {os.cpu_count()} cores")
        for file in args.lsp_file:
            print_lsp([], file.resolve())
            if args.lsp_twice:
                with tempfile.TemporaryDirectory() as work:
                    print_lsp([], twice_over(file.resolve(), Path(work)))
        return

    requirements = pinned(corpus_file(args.corpus_file))
    if args.corpus:
        requirements = [r for r in requirements if r.split("==")[0] in args.corpus]
        if not requirements:
            parser.error(f"no package of the corpus is named {', '.join(args.corpus)}")
    tf_upgrade = None if args.no_tf_upgrade else tf_upgrade_command(args.tf_upgrade)
    fixit = find_tool("fixit") if args.compare_fixit else None
    if args.compare_fixit and fixit is None:
        print("--compare-fixit: fixit is not installed; skipping it")
    print(f"# tf2lint benchmark, {date.today().isoformat()}")
    print(f"# {platform.python_implementation()} {platform.python_version()}, {os.cpu_count()} cores, "
          f"tf_upgrade_v2: {' '.join(tf_upgrade or ['not found'])}")  # fmt: skip
    sources = {r: fetch(r, args.cache_dir) for r in requirements}
    if args.baseline:
        for requirement, src in sources.items():
            interleaved_cold(requirement, src, args.baseline.resolve(), args.rounds)
        return
    header = (
        f"{'corpus':<28}{'files':>6}{'lines':>8}{'parse':>8}{'cold1':>8}{'coldN':>8}{'warm':>7}{'replay':>7}"
        f"{'tf_upg':>8}{'fixit':>8}{'RSS MB':>7} | {'c1/parse':>8}{'upg/cN':>7}{'fix/cN':>7}"
        f"{'warm/cN':>8}{'rep/cN':>7}"
    )
    print(header)
    rows = []
    for requirement, src in sources.items():
        row = bench_corpus(requirement, src, fixit, tf_upgrade)
        rows.append(row)

        def ratio(a: str, b: str, row=row) -> str:
            return f"{row[a] / row[b]:.2f}" if a in row and b in row else "-"

        def secs(key: str, row=row) -> str:
            return f"{row[key]:.2f}" if key in row else "-"

        print(
            f"{requirement:<28}{row['files']:>6}{row['lines']:>8}{secs('parse'):>8}"
            f"{secs('cold1'):>8}{secs('coldN'):>8}{secs('warm'):>7}{secs('replay'):>7}{secs('tf_upgrade'):>8}"
            f"{secs('fixit'):>8}{row['rss']:>7} | {ratio('cold1', 'parse'):>8}"
            f"{ratio('tf_upgrade', 'coldN'):>7}{ratio('fixit', 'coldN'):>7}{ratio('warm', 'coldN'):>8}"
            f"{ratio('replay', 'coldN'):>7}"
            + ("" if row["same"] else "  (outputs differ between runs!)")
            + (f"  ({row['internal']} internal errors)" if row["internal"] else "")
            + (
                f"  (tf_upgrade_v2 exit {row['tf_upgrade_exit']})"
                if row.get("tf_upgrade_exit")
                else ""
            ),
            flush=True,
        )
        print(
            f"  cpu: parse {row['parse_cpu']:.2f}s, cold1 {row['cold1_cpu']:.2f}s "
            f"(c1/parse {row['cold1_cpu'] / row['parse_cpu']:.2f}; user+sys, start-up included)",
            flush=True,
        )
        print(f"  phases: {phases(src)}", flush=True)
    print("# seconds, wall clock; parse: libcst.parse_module of every file in one process (reading")
    print(
        "# excluded); cold1: --no-cache --jobs 1; coldN: default jobs (one per core), empty cache; warm: again (from the"
    )
    print(
        "# per-file cache; it records the run); replay: once more (printed again by tf2lint.run.replay)."
    )
    print("# targets: c1/parse <= 1.4, upg/cN >= 5, fix/cN >= 20, rep/cN <= 0.05, RSS < 500")
    replay, floor = small_project_warm(sys.executable)
    print(
        f"small project (6 files), replayed warm run {replay:.3f} s, `python -c pass` {floor:.3f} s: "
        f"{replay / floor:.2f}x (target <= 3; medians of 7)"
    )
    print(
        f"start-up, `tf2lint check --no-cache small.py` (median of 7): {startup(sys.executable):.3f} s"
    )
    print_lsp(list(sources.values()))
    if importlib.util.find_spec("tensorflow") is not None:
        print_plugin_cost()


if __name__ == "__main__":
    main()
