"""Running every rule's fixtures in worker subprocesses, in parallel, and judging them.

Nothing here imports TensorFlow: the probe and the workers are subprocesses.
"""

from __future__ import annotations

import ast
import contextlib
import difflib
import json
import os
import queue
import select
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from tf2lint.runtime_check.judge import (
    FIX_FAILS,
    NOT_CHECKABLE,
    NOT_CONFIRMED,
    SKIPPED,
    FixCheck,
    Verdict,
    judge,
    judge_fix,
)

INSTALL_HINT = "pip install 'tf2lint[runtime]'"
IMPORT_SECONDS = 60.0  # headroom for a worker's TensorFlow import, on top of the fixture limits


class TensorFlowMissing(Exception):
    pass


@dataclass
class Probe:
    version: str
    gpus: list[str]


@dataclass
class Plan:
    """What a rule's fixtures declare: (observe kind, None) or (None, reason not checkable)."""

    observe: str | None
    skip_reason: str | None
    bad: Path | None = None
    good: Path | None = None


def worker_env() -> dict[str, str]:
    env = dict(os.environ)
    env.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")
    env.setdefault("TF_FORCE_GPU_ALLOW_GROWTH", "true")  # two workers can share one GPU
    return env


def probe(python: str = sys.executable) -> Probe:
    """Import TensorFlow in a subprocess: its version and GPUs, or :class:`TensorFlowMissing`."""
    code = (
        "import json, tensorflow as tf;"
        "print(json.dumps({'version': tf.__version__, 'gpus': "
        "[d.name for d in tf.config.list_physical_devices('GPU')]}))"
    )
    done = subprocess.run(
        [python, "-c", code], capture_output=True, text=True, env=worker_env(), timeout=300
    )
    if done.returncode != 0:
        lines = [line for line in done.stderr.strip().splitlines() if line.strip()]
        raise TensorFlowMissing(lines[-1] if lines else f"exit status {done.returncode}")
    found = json.loads(done.stdout.strip().splitlines()[-1])
    return Probe(found["version"], found["gpus"])


def _literal(tree: ast.Module, name: str):
    for node in tree.body:
        if isinstance(node, ast.Assign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(isinstance(t, ast.Name) and t.id == name for t in targets):
                try:
                    return ast.literal_eval(node.value)
                except ValueError:
                    return ...  # declared, but not a literal: the worker reads it at run time
    return None


def plan(rule) -> Plan:
    """Read a rule's fixtures (statically: no import) for the runtime-check convention."""
    try:
        paths = rule.fixtures()
    except Exception as error:
        return Plan(None, f"no fixtures ({type(error).__name__}: {error})")
    bad, good = paths.get("bad"), paths.get("good")
    if not (bad and good and Path(bad).is_file() and Path(good).is_file()):
        return Plan(None, "no bad and good fixture files")
    try:
        tree = ast.parse(Path(bad).read_text(encoding="utf-8"))
    except (SyntaxError, UnicodeDecodeError) as error:
        return Plan(None, f"bad fixture does not parse: {error}")
    check, skip = _literal(tree, "RUNTIME_CHECK"), _literal(tree, "RUNTIME_CHECK_SKIP")
    if check is None:
        reason = skip if isinstance(skip, str) and skip else "fixture declares no RUNTIME_CHECK"
        return Plan(None, reason, Path(bad), Path(good))
    observe = check.get("observe") if isinstance(check, dict) else None
    return Plan(observe, None, Path(bad), Path(good))


def checkable(rules: Iterable) -> list:
    return [r for r in rules if plan(r).skip_reason is None]


def has_fix(rule) -> bool:
    return getattr(rule, "fix_applicability", "none") in ("safe", "unsafe")


def apply_fix(rule, bad: Path, folder: Path, python: str = sys.executable) -> tuple[Path, FixCheck]:
    """Copy the bad fixture into ``folder`` and fix it with tf2lint's own ``check --fix``
    (plus ``--unsafe-fixes`` for an unsafe fix), selecting only this rule's fixes."""
    fixed = folder / "fixed" / rule.id / "bad.py"
    fixed.parent.mkdir(parents=True)
    shutil.copyfile(bad, fixed)
    check = FixCheck(rule.fix_applicability)
    unsafe = ["--unsafe-fixes"] if rule.fix_applicability == "unsafe" else []
    command = [python, "-m", "tf2lint", "check", "--fix", *unsafe, "--select", rule.id]
    command += ["--no-cache", "--exit-zero", "--format", "json", str(fixed)]
    done = subprocess.run(command, capture_output=True, text=True, cwd=folder, timeout=300)
    before = bad.read_text(encoding="utf-8")
    after = fixed.read_text(encoding="utf-8")
    check.diff = "".join(
        difflib.unified_diff(
            before.splitlines(keepends=True), after.splitlines(keepends=True), "bad.py", "fixed"
        )
    )
    if done.returncode != 0:
        lines = [line for line in done.stderr.splitlines() if line.strip()]
        check.reason = f"tf2lint check --fix exited {done.returncode}: {' '.join(lines[-1:])}"
    elif before == after:
        try:
            left = [{**d, "rule": d["code"]} for d in json.loads(done.stdout)]
        except (json.JSONDecodeError, KeyError):
            left = []
        mine = [d for d in left if d["rule"] == rule.id]
        rejected = [d["message"] for d in left if d["rule"] != rule.id and d["rule"][:2] != "TF"]
        check.reason = f"the fix changed nothing; {len(mine)} {rule.id} findings left" + (
            f" ({'; '.join(rejected)})" if rejected else ""
        )
    return fixed, check


def _run_worker(python: str, argv: list[str], folder: str, limit: float) -> str:
    """Run the worker in a process of its own; what went wrong with it ("" if nothing)."""
    command = [python, "-m", "tf2lint.runtime_check.worker", *argv]
    try:
        done = subprocess.run(
            command, capture_output=True, text=True, env=worker_env(), timeout=limit, cwd=folder
        )
    except subprocess.TimeoutExpired:
        return f"worker killed after {limit:g} s"
    return _crash(done.returncode, done.stderr)


def _crash(returncode: int, stderr: str) -> str:
    if returncode == 0:
        return ""
    tail = [line for line in stderr.splitlines() if line.strip()][-1:]
    return f"worker exited {returncode}: {' '.join(tail)}"


class Zygote:
    """A worker that imported TensorFlow once and forks a fresh child per rule
    (``worker --serve``): a rule's run costs its fixtures, not a TensorFlow import each."""

    def __init__(self, python: str = sys.executable):
        self.process = subprocess.Popen(
            [python, "-m", "tf2lint.runtime_check.worker", "--serve"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            env=worker_env(),
        )

    def run(self, argv: list[str], folder: str, limit: float) -> str | None:
        """What went wrong with the child ("" if nothing), or None when the zygote is gone."""
        log = Path(folder) / "worker.log"
        job = {"argv": argv, "cwd": folder, "log": str(log), "limit": limit}
        try:
            self.process.stdin.write(json.dumps(job) + "\n")
            self.process.stdin.flush()
            # the zygote kills a child at its limit; the import and the fork get the headroom
            ready, _, _ = select.select([self.process.stdout], [], [], limit + IMPORT_SECONDS)
            line = self.process.stdout.readline() if ready else ""
        except (BrokenPipeError, OSError, ValueError):
            line = ""
        if not line:
            self.close()
            return None
        answer = json.loads(line)
        if answer["killed"]:
            return f"worker killed after {limit:g} s"
        return _crash(
            answer["returncode"], log.read_text(errors="replace") if log.is_file() else ""
        )

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait()
        for stream in (self.process.stdin, self.process.stdout):
            with contextlib.suppress(OSError):
                stream.close()


def run_rule(
    rule,
    device: str,
    repeat: int,
    timeout: float,
    python: str = sys.executable,
    zygote: Zygote | None = None,
):
    """Run one rule's bad and good fixtures in one worker process (forked from ``zygote`` when
    given); judge them."""
    p = plan(rule)
    verdict = Verdict(rule.id, rule.name, rule.category, device, NOT_CHECKABLE, observe=p.observe)
    if p.skip_reason is not None:
        verdict.reason = p.skip_reason
        return verdict
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="tf2lint-verify-") as folder:
        result_path = Path(folder) / "result.json"
        # The good twin first: a bad fixture may change the process for what runs after it (a
        # half-migrated TF1 script turns eager execution off), and the fixed copy after it.
        variants = [f"good={p.good}", f"bad={p.bad}"]
        if has_fix(rule):
            fixed_path, verdict.fix = apply_fix(rule, p.bad, Path(folder), python)
            if verdict.fix.diff:
                variants.append(f"fixed={fixed_path}")
        limit = len(variants) * timeout + IMPORT_SECONDS
        argv = ["--device", device, "--repeat", str(repeat), "--timeout", str(timeout)]
        argv += ["--result", str(result_path), *variants]
        crash = None if zygote is None else zygote.run(argv, folder, limit)
        if crash is None:  # no zygote, or it died: a worker process of its own
            crash = _run_worker(python, argv, folder, limit)
        results = json.loads(result_path.read_text()) if result_path.is_file() else []
    verdict.seconds = time.perf_counter() - started
    if results and "skipped" in results[0]:
        verdict.status, verdict.reason = SKIPPED, results[0]["skipped"]
        return verdict
    by_variant = {r["variant"]: r for r in results}
    verdict.bad, verdict.good = by_variant.get("bad"), by_variant.get("good")
    if verdict.bad is None or verdict.good is None:
        missing = "bad" if verdict.bad is None else "good"
        verdict.status = NOT_CONFIRMED
        verdict.reason = f"no result for the {missing} fixture ({crash or 'worker failed'})"
        return verdict
    verdict.observe = verdict.bad.get("observe") or p.observe
    verdict.status, verdict.reason = judge(verdict.observe, verdict.bad, verdict.good)
    if verdict.fix is not None and verdict.fix.diff:
        verdict.fixed = by_variant.get("fixed")
        if verdict.fixed is None:
            verdict.fix.status = FIX_FAILS
            verdict.fix.reason = f"no result for the fixed fixture ({crash or 'worker failed'})"
        else:
            verdict.fix.status, verdict.fix.reason = judge_fix(
                verdict.observe, verdict.good, verdict.fixed
            )
    return verdict


def run_rules(
    rules: list,
    devices: list[str],
    repeat: int = 20,
    timeout: float = 120.0,
    jobs: int = 2,
    progress: Callable[[str], None] | None = None,
) -> list[Verdict]:
    """Every (rule, device) in parallel worker processes, forked from one zygote per job; verdicts
    in rule then device order.

    GPU runs go one at a time so that two workers never time each other on one GPU.
    """
    tasks = [(rule, device) for rule in rules for device in devices]
    gpu_lock = threading.Lock()
    done_count = 0
    count_lock = threading.Lock()
    idle: queue.SimpleQueue[Zygote] = queue.SimpleQueue()
    started: list[Zygote] = []

    def run(rule, device):
        try:
            zygote = idle.get_nowait()
        except queue.Empty:
            zygote = Zygote()
            with count_lock:
                started.append(zygote)
        try:
            return run_rule(rule, device, repeat, timeout, zygote=zygote)
        finally:
            idle.put(zygote)

    def one(task):
        nonlocal done_count
        rule, device = task
        if device == "gpu" and plan(rule).skip_reason is None:
            with gpu_lock:
                verdict = run(rule, device)
        else:
            verdict = run(rule, device)
        with count_lock:
            done_count += 1
            if progress is not None:
                shown = f" in {verdict.seconds:.1f} s" if verdict.seconds else ""
                progress(
                    f"[{done_count}/{len(tasks)}] {rule.id} ({device}): {verdict.status}{shown}"
                )
        return verdict

    try:
        with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
            return list(pool.map(one, tasks))
    finally:
        for zygote in started:
            zygote.close()


def skipped(rules: list, device: str, reason: str) -> list[Verdict]:
    out = []
    for rule in rules:
        p = plan(rule)
        status, why = (NOT_CHECKABLE, p.skip_reason) if p.skip_reason else (SKIPPED, reason)
        out.append(Verdict(rule.id, rule.name, rule.category, device, status, why, p.observe))
    return out
