"""One harness subprocess: runs fixtures under TensorFlow on one device and writes what it saw.

``python -m tf2lint.runtime_check.worker --device cpu --repeat 6 --timeout 60 --result OUT.json
bad=fixtures/TF201/bad.py good=fixtures/TF201/good.py``

Writes a JSON list with one measurement per fixture, rewritten after each fixture so that a run
killed for its time limit still reports the fixtures it finished. The verdicts are the parent's
(:mod:`tf2lint.runtime_check.judge`); this process only observes.

``python -m tf2lint.runtime_check.worker --serve`` is a zygote: it imports TensorFlow once (about
3 s of a worker's 4) and then, for each job line read from standard input, forks a fresh child that
runs :func:`main` on the job's arguments, so every rule still runs in a process of its own. TensorFlow
starts no thread and touches no device on import (the child initialises both), which is what makes
the fork safe.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import math
import os
import signal
import sys
import tempfile
import time
import traceback
from contextlib import contextmanager
from pathlib import Path

GRAPH_SCALES = (1, 10)


class FixtureTimeout(BaseException):  # a BaseException: a fixture's `except Exception` can't eat it
    pass


def main(argv: list[str] | None = None) -> int:
    if argv is None and sys.argv[1:] == ["--serve"]:
        return serve(sys.stdin, sys.stdout)
    parser = argparse.ArgumentParser(prog="tf2lint.runtime_check.worker")
    parser.add_argument("--device", choices=("cpu", "gpu"), default="cpu")
    parser.add_argument("--repeat", type=int, default=20)
    parser.add_argument("--timeout", type=float, default=120.0)
    parser.add_argument("--result", type=Path, required=True)
    parser.add_argument("fixtures", nargs="+", metavar="VARIANT=PATH")
    args = parser.parse_args(argv)

    import tensorflow as tf

    from tf2lint.runtime_check.instrument import RECORDER, install

    install(sync=True)
    RECORDER.keep = True
    results: list[dict] = []
    if args.device == "gpu" and not tf.config.list_physical_devices("GPU"):
        _write(args.result, [{"skipped": "no GPU visible to TensorFlow"}])
        return 0
    device = "/GPU:0" if args.device == "gpu" else "/CPU:0"
    with tf.device(device):
        _warm_up(tf)
    for item in args.fixtures:
        variant, _, path = item.partition("=")
        with tf.device(device):
            results.append(run_fixture(variant, Path(path), args.repeat, args.timeout))
        _write(args.result, results)
    return 0


def serve(jobs, answers) -> int:
    """Fork a child per job line (JSON: ``argv``, ``cwd``, ``log``, ``limit`` seconds) and answer a
    line per job (``returncode``, or ``null`` with ``killed`` when it ran past its limit)."""
    import tensorflow  # noqa: F401  (the import every child shares)

    import tf2lint.runtime_check.instrument  # noqa: F401

    for line in jobs:
        job = json.loads(line)
        answers.flush()
        pid = os.fork()
        if pid == 0:
            _child(job)  # never returns
        answers.write(json.dumps(_wait(pid, job["limit"])) + "\n")
        answers.flush()
    return 0


def _child(job: dict) -> None:
    code = 1
    try:
        os.chdir(job["cwd"])
        quiet = os.open(os.devnull, os.O_RDONLY)
        log = os.open(job["log"], os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        os.dup2(quiet, 0)  # the zygote's standard input carries its jobs, not the fixture's
        os.dup2(log, 1)
        os.dup2(log, 2)
        code = main(job["argv"])
    except SystemExit as stop:
        code = stop.code if isinstance(stop.code, int) else 1
    except BaseException:
        traceback.print_exc()
    finally:
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code)


def _wait(pid: int, limit: float) -> dict:
    deadline = time.monotonic() + limit
    while True:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            return {"returncode": os.waitstatus_to_exitcode(status), "killed": False}
        if time.monotonic() > deadline:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            return {"returncode": None, "killed": True}
        time.sleep(0.02)


def _write(path: Path, results: list[dict]) -> None:
    temp = path.with_suffix(".tmp")
    temp.write_text(json.dumps(results))
    os.replace(temp, path)


def _warm_up(tf) -> None:
    """Pay TensorFlow's one-time costs (first trace, autograph, kernels) before measuring."""
    weights = tf.Variable(tf.ones([2, 2]))

    @tf.function
    def step(x):
        with tf.GradientTape() as tape:
            loss = tf.reduce_sum(tf.matmul(x, weights))
        weights.assign_sub(0.01 * tape.gradient(loss, weights))
        tf.print("", output_stream="file:///dev/null")
        return loss

    for _ in range(3):
        step(tf.ones([2, 2])).numpy()
    from tf2lint.runtime_check.instrument import RECORDER

    RECORDER.reset()


def run_fixture(variant: str, path: Path, steps: int, timeout: float) -> dict:
    from tf2lint.runtime_check.instrument import (
        RECORDER,
        concrete_functions,
        count_bytes,
        count_nodes,
    )

    RECORDER.reset()
    RECORDER.set_user_root(str(path.parent))
    out: dict = {"variant": variant, "path": str(path), "steps": steps, "error": None}
    started = time.perf_counter()
    module = None
    with _captured_output() as captured, _time_limit(timeout):
        try:
            module = _load(path, variant)
            check = getattr(module, "RUNTIME_CHECK", None)
            if not isinstance(check, dict):
                out["error"] = _describe_error(
                    ValueError("the fixture declares no RUNTIME_CHECK dict"), path
                )
                out["phase"] = "import"
            else:
                out["observe"] = check.get("observe")
                out["phase"] = "exercise"
                if out["observe"] == "graph":
                    out["graph_nodes_by_scale"] = {}
                    out["graph_bytes_by_scale"] = {}
                    for scale in GRAPH_SCALES:
                        before = {id(cf) for cf in concrete_functions(RECORDER.live_functions())}
                        module.exercise(steps, scale)
                        new = [
                            cf
                            for cf in concrete_functions(RECORDER.live_functions())
                            if id(cf) not in before
                        ]
                        out["graph_nodes_by_scale"][str(scale)] = sum(map(count_nodes, new))
                        out["graph_bytes_by_scale"][str(scale)] = sum(map(count_bytes, new))
                else:
                    returned = module.exercise(steps)
                    out.update(_returned(returned, check))
        except FixtureTimeout:
            out["timeout"] = True
            out["error"] = {"type": "Timeout", "message": f"over {timeout:g} s", "line": None}
        except BaseException as error:  # an escaping exception is an observation
            if out.get("phase") is None:
                out["phase"] = "import"
            out["error"] = _describe_error(error, path)
    out["exercise_seconds"] = time.perf_counter() - started
    marker = (getattr(module, "RUNTIME_CHECK", None) or {}).get("marker")
    if marker:
        out["marker"] = marker
        out["output_lines"] = sum(marker in line for line in captured["lines"])
    out.update(_function_stats(RECORDER))
    out["graph_nodes"] = sum(
        count_nodes(cf) for cf in concrete_functions(RECORDER.live_functions())
    )
    out["captured_lines"] = captured["lines"][-20:]
    return out


def _load(path: Path, variant: str):
    name = f"_tf2lint_fixture_{path.parent.name}_{variant}"
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def _returned(returned, check: dict) -> dict:
    out: dict = {}
    returned = returned if isinstance(returned, dict) else {}
    if check.get("observe") == "effects":
        out["effects"] = _plain(returned.get("effects"))
    if check.get("observe") == "value":
        value, expected = _plain(returned.get("value")), _plain(returned.get("expected"))
        out["value"], out["expected"] = repr(value), repr(expected)
        out["value_matches"] = _same(value, expected)
    return out


def _plain(value):
    """Tensors, NumPy values and nests of them as plain Python values."""
    if hasattr(value, "numpy"):
        value = value.numpy()
    if hasattr(value, "tolist"):
        value = value.tolist()
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    if isinstance(value, bytes):
        return value.decode("utf-8", "replace")
    return value


def _same(a, b) -> bool:
    if isinstance(a, bool) or isinstance(b, bool):
        return a == b
    if isinstance(a, int | float) and isinstance(b, int | float):
        return math.isclose(a, b, rel_tol=1e-6, abs_tol=1e-9)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    return a == b


def _describe_error(error: BaseException, path: Path) -> dict:
    from tf2lint.runtime_check.instrument import RECORDER, clean_message

    innermost = RECORDER.note_error(error)["innermost"]
    same_file = innermost and Path(innermost[0]).resolve() == path.resolve()
    return {
        "type": type(error).__name__,
        "message": clean_message(error),
        "line": innermost[1] if same_file else None,
    }


def _function_stats(recorder) -> dict:
    from tf2lint.runtime_check.instrument import aggregate, median

    functions = aggregate(recorder.records())
    calls = sum(f["calls"] for f in functions)
    steady = [s for r in recorder.records() for s in r.steady_call_seconds]
    return {
        "functions": functions,
        "calls": calls,
        "traces": sum(f["traces"] for f in functions),
        "trace_seconds": sum(f["trace_seconds"] for f in functions),
        "steady_call_seconds": median(steady),
        "seconds_per_call": (sum(f["call_seconds"] for f in functions) / calls) if calls else None,
    }


@contextmanager
def _captured_output():
    """Capture file descriptors 1 and 2 (C++ writers like tf.print included) into lines."""
    captured: dict = {"lines": []}
    sys.stdout.flush()
    sys.stderr.flush()
    saved = os.dup(1), os.dup(2)
    with tempfile.TemporaryFile() as sink:
        os.dup2(sink.fileno(), 1)
        os.dup2(sink.fileno(), 2)
        try:
            yield captured
        finally:
            sys.stdout.flush()
            sys.stderr.flush()
            os.dup2(saved[0], 1)
            os.dup2(saved[1], 2)
            os.close(saved[0])
            os.close(saved[1])
            sink.seek(0)
            captured["lines"] = sink.read().decode("utf-8", "replace").splitlines()


@contextmanager
def _time_limit(seconds: float):
    def expire(signum, frame):
        raise FixtureTimeout()

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


if __name__ == "__main__":
    sys.exit(main())
