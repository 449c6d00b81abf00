"""Running every rule's fixtures in worker subprocesses, in parallel, and judging them.

Nothing here imports TensorFlow: the probe and the workers are subprocesses.
"""

from __future__ import annotations

import ast
import difflib
import json
import os
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


def run_rule(rule, device: str, repeat: int, timeout: float, python: str = sys.executable):
    """Run one rule's bad and good fixtures in one worker process; judge them."""
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
        command = [
            python,
            "-m",
            "tf2lint.runtime_check.worker",
            "--device",
            device,
            "--repeat",
            str(repeat),
            "--timeout",
            str(timeout),
            "--result",
            str(result_path),
            *variants,
        ]
        crash = ""
        try:
            done = subprocess.run(
                command,
                capture_output=True,
                text=True,
                env=worker_env(),
                timeout=limit,
                cwd=folder,
            )
            if done.returncode != 0:
                tail = [line for line in done.stderr.splitlines() if line.strip()][-1:]
                crash = f"worker exited {done.returncode}: {' '.join(tail)}"
        except subprocess.TimeoutExpired:
            crash = f"worker killed after {limit:g} s"
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
    """Every (rule, device) in parallel worker processes; verdicts in rule then device order.

    GPU runs go one at a time so that two workers never time each other on one GPU.
    """
    tasks = [(rule, device) for rule in rules for device in devices]
    gpu_lock = threading.Lock()
    done_count = 0
    count_lock = threading.Lock()

    def one(task):
        nonlocal done_count
        rule, device = task
        if device == "gpu" and plan(rule).skip_reason is None:
            with gpu_lock:
                verdict = run_rule(rule, device, repeat, timeout)
        else:
            verdict = run_rule(rule, device, repeat, timeout)
        with count_lock:
            done_count += 1
            if progress is not None:
                shown = f" in {verdict.seconds:.1f} s" if verdict.seconds else ""
                progress(
                    f"[{done_count}/{len(tasks)}] {rule.id} ({device}): {verdict.status}{shown}"
                )
        return verdict

    with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        return list(pool.map(one, tasks))


def skipped(rules: list, device: str, reason: str) -> list[Verdict]:
    out = []
    for rule in rules:
        p = plan(rule)
        status, why = (NOT_CHECKABLE, p.skip_reason) if p.skip_reason else (SKIPPED, reason)
        out.append(Verdict(rule.id, rule.name, rule.category, device, status, why, p.observe))
    return out
