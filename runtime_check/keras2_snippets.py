"""The Keras 2 snippet suite (tests/keras2_snippets): run each snippet under both Keras versions,
record what happened, and score tf2lint against the ``# EXPECT`` lines.

A breaking snippet is Keras 2 code: it must run under tf-keras (``TF_USE_LEGACY_KERAS=1``) and
raise, or print something else, under TensorFlow's Keras 3. A clean snippet (``clean/``) is its
Keras 3 counterpart: it must run under Keras 3, and tf2lint must report nothing in it.

    python -m tf2lint.runtime_check.keras2_snippets --record   # run all, write the record
    python -m tf2lint.runtime_check.keras2_snippets --score    # print recall per class
    python -m tf2lint.runtime_check.keras2_snippets --score --write   # and write the baseline

The suite is a folder (``--suite``, tests/keras2_snippets from the repository root by default):
its snippets, ``clean/``, the record (``record.json``) and the baseline score (``score.json``),
all committed; tests/test_keras2_snippets.py checks that they cover every snippet as it is now.
TensorFlow is only imported in the worker subprocesses.

The standalone ``keras`` 2.x package (class 12) is emulated on the Keras 2 side by aliasing
``keras`` to ``tf_keras``, which is that package under a new name (keras 2.15 cannot be installed
beside Keras 3 in one environment).

A snippet written for an API removed before tf-keras 2.21 existed names the TensorFlow it was
written for in its header, ``# keras2: tensorflow-cpu==2.5.3``; its Keras 2 side then runs under
the interpreter given for that version (``--keras2-python 2.5.3=/path/to/python``, a venv with
that release, where ``tf.keras`` is Keras 2 itself), and the record keeps the version that ran it.
Where no such release installs here, the header says so (``# keras2: tensorflow==2.1.0 (not run
here: ...)``): the snippet is then verified by its Keras 3 side alone, which must raise. Classes
beyond the twelve of issue 22 are a suite's own (tests/sealed/keras2_breakages: 13, APIs removed
during TF 2.x before tf-keras 2.21; 14, APIs that tf-keras 2.21 still has and Keras 3 removed or
renamed); the score counts whichever classes a suite uses."""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import subprocess
import sys
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

DEFAULT_SUITE = Path("tests", "keras2_snippets")
CLASSES = range(1, 13)
_CLASS_LINE = re.compile(r"^# class: (\d+)\s*$", re.MULTILINE)
_EXPECT = re.compile(r"#\s*EXPECT\b")
_KERAS2_TARGET = re.compile(r"^# keras2: tensorflow(?:-cpu)?==(\S+)(.*)$", re.MULTILINE)
SECONDS_PER_SNIPPET = 90


@dataclass(frozen=True)
class Snippet:
    name: str  # path under tests/keras2_snippets, e.g. "c03_dense_float_units.py"
    source: str
    klass: int
    clean: bool
    expected_lines: tuple[int, ...]
    keras2_tensorflow: str | None = None  # an older TensorFlow whose Keras 2 the snippet targets
    keras2_runnable: bool = True  # False where that TensorFlow does not install here

    @property
    def digest(self) -> str:
        return hashlib.sha256(self.source.encode()).hexdigest()[:16]


def record_path(suite: Path) -> Path:
    return suite / "record.json"


def score_path(suite: Path) -> Path:
    return suite / "score.json"


def snippets(root: Path) -> list[Snippet]:
    """Every snippet of the suite, breaking ones first, by name."""
    found = []
    for path in sorted(root.glob("*.py")) + sorted((root / "clean").glob("*.py")):
        source = path.read_text()
        match = _CLASS_LINE.search(source)
        if match is None:
            raise ValueError(f"{path}: no `# class: N` line")
        lines = tuple(
            number
            for number, line in enumerate(source.splitlines(), 1)
            if _EXPECT.search(line) and not line.lstrip().startswith("#")
        )
        target = _KERAS2_TARGET.search(source)
        found.append(
            Snippet(
                str(path.relative_to(root)),
                source,
                int(match.group(1)),
                path.parent.name == "clean",
                lines,
                target.group(1) if target else None,
                target is None or "not run" not in target.group(2),
            )
        )
    return found


# --- running: one worker process per Keras version, each snippet exec'd in a fresh namespace -----

_WORKER = r"""
import contextlib, io, json, os, signal, sys, tempfile, traceback, importlib, importlib.abc
import importlib.util
side, out_path, SNIPPETS = sys.argv[1], sys.argv[2], sys.argv[3]
names = sys.argv[4:]
# An older TensorFlow (its tf.keras is Keras 2 itself) has no tf_keras to alias.
if side == "keras2" and importlib.util.find_spec("tf_keras") is not None:
    import tf_keras

    class _KerasIsTfKeras(importlib.abc.MetaPathFinder):
        # `import keras` in a Keras 2 environment was the keras 2.x package: tf_keras is it.
        def find_spec(self, name, path=None, target=None):
            if name == "keras" or name.startswith("keras."):
                spec = importlib.util.find_spec("tf_keras" + name[len("keras"):])
                if spec is None:
                    return None
                return importlib.util.spec_from_loader(name, _Alias(spec.name))
            return None

    class _Alias(importlib.abc.Loader):
        def __init__(self, real):
            self.real = real
        def create_module(self, spec):
            return importlib.import_module(self.real)
        def exec_module(self, module):
            pass

    sys.meta_path.insert(0, _KerasIsTfKeras())
import numpy as np
import tensorflow as tf
keras = tf.keras

def _timeout(signum, frame):
    raise TimeoutError("snippet ran too long")

signal.signal(signal.SIGALRM, _timeout)
home = os.getcwd()
with open(out_path, "a") as out:
    for name in names:
        source = open(os.path.join(SNIPPETS, name)).read()
        keras.backend.clear_session()
        tf.random.set_seed(0)
        np.random.seed(0)
        buffer = io.StringIO()
        error = None
        with tempfile.TemporaryDirectory() as work:
            os.chdir(work)
            signal.alarm(SECONDS)
            try:
                with contextlib.redirect_stdout(buffer):
                    exec(compile(source, name, "exec"), {"__name__": "__main__"})
            except BaseException as exc:
                line = traceback.extract_tb(exc.__traceback__)[-1]
                where = [f.lineno for f in traceback.extract_tb(exc.__traceback__) if f.filename == name]
                first = (str(exc).strip().splitlines() or [""])[0][:300]
                error = {"type": type(exc).__name__, "message": first, "line": where[-1] if where else None}
            finally:
                signal.alarm(0)
                os.chdir(home)
        entry = {"name": name, "error": error, "stdout": buffer.getvalue()[-2000:]}
        if side == "keras2-tf":
            entry["tensorflow"] = tf.__version__
        out.write(json.dumps(entry) + "\n")
        out.flush()
"""


def _run_side(
    side: str, names: list[str], root: Path, python: str | None = None
) -> dict[str, dict]:
    """Each snippet's outcome under ``side`` ("keras2", "keras3", or "keras2-tf": the Keras 2 of an older
    TensorFlow its header names), by name; ``python``: the
    interpreter of an older TensorFlow whose own ``tf.keras`` is the Keras 2 side."""
    import tempfile

    env = dict(os.environ, TF_CPP_MIN_LOG_LEVEL="3", CUDA_VISIBLE_DEVICES="")
    env.pop("TF_USE_LEGACY_KERAS", None)
    if side == "keras2":
        env["TF_USE_LEGACY_KERAS"] = "1"
    code = f"SECONDS = {SECONDS_PER_SNIPPET}\n" + _WORKER
    results: dict[str, dict] = {}
    remaining = list(names)
    with tempfile.TemporaryDirectory() as work:
        out_path = Path(work) / "results.jsonl"
        while remaining:
            out_path.write_text("")
            process = subprocess.run(
                [python or sys.executable, "-c", code, side, str(out_path), str(root), *remaining],
                env=env,
                capture_output=True,
                text=True,
                timeout=SECONDS_PER_SNIPPET * len(remaining) + 120,
            )
            for line in out_path.read_text().splitlines():
                entry = json.loads(line)
                results[entry.pop("name")] = entry
            remaining = [name for name in remaining if name not in results]
            if remaining:  # the worker died on remaining[0]: record it and go on without it
                tail = (process.stderr.strip().splitlines() or [""])[-1][:300]
                results[remaining[0]] = {
                    "error": {"type": "WorkerDied", "message": tail, "line": None},
                    "stdout": "",
                }
                remaining = remaining[1:]
    return results


def _versions(keras2_python: str | None = None) -> dict[str, str]:
    code = (
        "import json, tensorflow, keras, tf_keras;"
        "print(json.dumps({'tensorflow': tensorflow.__version__, 'keras': keras.__version__,"
        " 'tf_keras': tf_keras.__version__}))"
    )
    env = dict(os.environ, TF_CPP_MIN_LOG_LEVEL="3")
    env.pop("TF_USE_LEGACY_KERAS", None)
    output = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    )
    versions = json.loads(output.stdout.strip().splitlines()[-1])
    if keras2_python is not None:
        old = (
            "import json, tensorflow as tf; print(json.dumps({'tensorflow': tf.__version__,"
            " 'keras': getattr(tf.keras, '__version__', None)}))"
        )
        output = subprocess.run(
            [keras2_python, "-c", old], env=env, capture_output=True, text=True, check=True
        )
        versions["keras2_side"] = json.loads(output.stdout.strip().splitlines()[-1])
    return versions


def outcome_verified(snippet: Snippet, keras2: dict | None, keras3: dict) -> bool:
    """A breaking snippet runs under Keras 2 and raises or prints otherwise under Keras 3; a clean
    one runs under Keras 3."""
    if snippet.clean:
        return keras3["error"] is None
    if not snippet.keras2_runnable:  # its TensorFlow does not install here: it must raise now
        return keras3["error"] is not None
    assert keras2 is not None
    if keras2["error"] is not None:
        return False
    return keras3["error"] is not None or keras3["stdout"] != keras2["stdout"]


def _run_keras2(suite: list[Snippet], root: Path, pythons: dict[str, str]) -> dict[str, dict]:
    """The Keras 2 side of each breaking snippet: tf-keras 2.21 (or, for every snippet without a
    header, the interpreter ``pythons[""]`` names: an older TensorFlow's own tf.keras), or the
    older TensorFlow its header names, under the interpreter ``pythons`` gives for it."""
    breaking = [s for s in suite if not s.clean and s.keras2_runnable]
    current = [s.name for s in breaking if s.keras2_tensorflow is None]
    keras2 = _run_side("keras2", current, root, pythons.get("")) if current else {}
    for version in sorted({s.keras2_tensorflow for s in breaking} - {None}):
        names = [s.name for s in breaking if s.keras2_tensorflow == version]
        if version not in pythons:
            raise SystemExit(f"no --keras2-python for tensorflow {version} (needed by {names[0]})")
        keras2.update(_run_side("keras2-tf", names, root, pythons[version]))
    for snippet in suite:
        if not snippet.clean and not snippet.keras2_runnable:
            keras2[snippet.name] = {"not_run": f"tensorflow {snippet.keras2_tensorflow}"}
    return keras2


def record(
    root: Path, only: list[str] | None = None, pythons: dict[str, str] | None = None
) -> dict:
    """Run the suite (or the snippets named in ``only``) and merge the outcomes into the record."""
    suite = [s for s in snippets(root) if only is None or s.name in only]
    path = record_path(root)
    previous = json.loads(path.read_text()) if path.exists() and only else {"snippets": {}}
    keras2 = _run_keras2(suite, root, pythons or {})
    keras3 = _run_side("keras3", [s.name for s in suite], root)
    entries = dict(previous["snippets"])
    for snippet in suite:
        k2 = keras2.get(snippet.name)
        k3 = keras3[snippet.name]
        entries[snippet.name] = {
            "class": snippet.klass,
            "clean": snippet.clean,
            "digest": snippet.digest,
            "keras2": k2,
            "keras3": k3,
            "verified": outcome_verified(snippet, k2, k3),
        }
    present = {s.name for s in snippets(root)}
    entries = {name: entries[name] for name in sorted(entries) if name in present}
    return {
        "versions": _versions((pythons or {}).get("")),
        "snippets": entries,
        "fixes": previous.get("fixes", {}),
    }


# --- fixes: tf2lint's safe fixes applied to each snippet, run under both versions -----------------


def safe_fix(snippet: Snippet) -> tuple[str, list[str]] | None:
    """The snippet after tf2lint's safe fixes (default rules, TF 2.21, in rounds until none
    applies, as ``check --fix``), and the rules whose fix applied; None when none applies."""
    from tf2lint.linting.engine import lint_module
    from tf2lint.linting.fixes import fix_round
    from tf2lint.linting.plugins import all_rules
    from tf2lint.linting.selection import select_rules

    rules = select_rules(all_rules(), None, [], "2.21")
    code, fixed_by = snippet.source, set()
    for _ in range(5):  # rounds, as `check --fix` runs them: a fix may wait for another
        result = lint_module(code, snippet.name, rules)
        new, applied, _ = fix_round(result.module, result.diagnostics, unsafe=False)
        if new is None or not applied or new == code:
            break
        code, fixed_by = new, fixed_by | {d.rule for d in applied}
    if not fixed_by:
        return None
    return code, sorted(fixed_by)


_NUMPY_SCALAR = re.compile(r"np\.(?:float|int|uint|bool_)\w*\(([^()]*)\)")
_NUMBER = re.compile(r"-?\d+(?:\.\d*)?(?:[eE][-+]?\d+)?")


def same_output(expected: str, printed: str) -> bool:
    """Whether two runs printed the same: the same text, or the same words and numbers equal
    at float32 precision once NumPy scalars are shown as numbers (Keras 2 logged
    ``np.float32(0.05)`` where Keras 3 logs the float ``0.05000000074505806``)."""
    if expected == printed:
        return True
    a, b = _NUMPY_SCALAR.sub(r"\1", expected), _NUMPY_SCALAR.sub(r"\1", printed)
    if _NUMBER.sub("#", a) != _NUMBER.sub("#", b):
        return False
    numbers_a, numbers_b = _NUMBER.findall(a), _NUMBER.findall(b)
    return all(
        abs(float(x) - float(y)) <= 1e-7 * max(1.0, abs(float(x)))
        for x, y in zip(numbers_a, numbers_b, strict=True)
    )


def record_fixes(root: Path, keras2_python: str | None = None) -> dict[str, dict]:
    """Each breaking snippet that a safe fix changes, run fixed under both versions: the fix is
    verified when the fixed code under Keras 3 prints what the snippet printed under Keras 2
    (:func:`same_output`), or fails later than it did (on a break the fix does not cover). ``keras2_same`` records
    whether the fixed code also runs under Keras 2 printing the same: false for a fix to a
    form only Keras 3 has (a history's `learning_rate` key, which Keras 2 logged as `lr`)."""
    import tempfile

    fixed: dict[str, tuple[str, list[str]]] = {}
    for snippet in snippets(root):
        if not snippet.clean:
            found = safe_fix(snippet)
            if found is not None:
                fixed[snippet.name] = found
    if not fixed:
        return {}
    with tempfile.TemporaryDirectory() as work:
        for name, (code, _) in fixed.items():
            (Path(work) / name).write_text(code)
        keras2 = _run_side("keras2", sorted(fixed), Path(work), keras2_python)
        keras3 = _run_side("keras3", sorted(fixed), Path(work))
    record = json.loads(record_path(root).read_text())["snippets"]
    out = {}
    for name, (_, rules) in sorted(fixed.items()):
        before = (record.get(name) or {}).get("keras3", {}).get("error") or {}
        original = ((record.get(name) or {}).get("keras2") or {}).get("stdout")
        after = keras3[name]["error"]
        out[name] = {
            "digest": hashlib.sha256(fixed[name][0].encode()).hexdigest()[:16],
            "rules": rules,
            "keras2": keras2[name],
            "keras3": keras3[name],
            # the fixed code under Keras 2: the same program, or a Keras 3 form Keras 2 lacks
            # (the `learning_rate` key of a history: Keras 2 logged `lr`)
            "keras2_same": keras2[name]["error"] is None and keras2[name]["stdout"] == original,
            "verified": original is not None
            and (
                same_output(original, keras3[name]["stdout"])
                if after is None
                else after.get("line") != before.get("line")
            ),
        }
    return out


# --- scoring: tf2lint's findings on each EXPECT line, and on the clean snippets ------------------


def findings(snippet: Snippet) -> list[tuple[int, str]]:
    """(line, rule) of each finding of tf2lint's default rules, targeting TensorFlow 2.21."""
    from tf2lint.linting.engine import lint_module
    from tf2lint.linting.plugins import all_rules
    from tf2lint.linting.selection import select_rules

    rules = select_rules(all_rules(), None, [], "2.21")
    result = lint_module(snippet.source, snippet.name, rules)
    return sorted((d.line, d.rule) for d in result.diagnostics)


def score(root: Path) -> dict:
    """Recall per class (expected lines with a finding), and findings on the clean snippets."""
    expected: Counter = Counter()
    found: Counter = Counter()
    missed: list[str] = []
    clean_findings: list[str] = []
    for snippet in snippets(root):
        lines = findings(snippet)
        if snippet.clean:
            clean_findings += [f"{snippet.name}:{line} {rule}" for line, rule in lines]
            continue
        reported = {line for line, _ in lines}
        for line in snippet.expected_lines:
            expected[snippet.klass] += 1
            if line in reported:
                found[snippet.klass] += 1
            else:
                missed.append(f"{snippet.name}:{line}")
    per_class = {str(k): {"expected": expected[k], "found": found[k]} for k in sorted(expected)}
    return {
        "per_class": per_class,
        "expected": sum(expected.values()),
        "found": sum(found.values()),
        "missed": missed,
        "clean_snippets": sum(1 for s in snippets(root) if s.clean),
        "clean_findings": clean_findings,
    }


def _write_record(suite: Path, data: dict) -> None:
    record_path(suite).write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")


def _report(entries: dict[str, dict], done: str, failed: str) -> int:
    """Print how many ``entries`` were run and each not verified; 1 if any was not."""
    bad = [name for name, entry in entries.items() if not entry["verified"]]
    print(f"{len(entries)} {done}, {len(bad)} {failed}")
    for name in bad:
        entry = entries[name]
        print(f"  NOT VERIFIED {name}: keras2={entry['keras2']} keras3={entry['keras3']}")
    return 1 if bad else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--suite", type=Path, default=DEFAULT_SUITE, help="the suite's folder (%(default)s)"
    )
    parser.add_argument("--record", action="store_true", help="run the snippets, write the record")
    parser.add_argument("--only", nargs="*", help="with --record: just these snippets")
    parser.add_argument(
        "--keras2-python",
        action="append",
        default=[],
        metavar="[VERSION=]PYTHON",
        help="with --record or --fixes: VERSION=PYTHON, the interpreter of a venv with tensorflow "
        "VERSION, for snippets whose header targets it (`# keras2: tensorflow-cpu==VERSION`); "
        "PYTHON alone: the Keras 2 side of every other snippet (a suite of APIs Keras 2 itself "
        "removed before tf-keras 2.21)",
    )
    parser.add_argument(
        "--fixes", action="store_true", help="run each snippet after tf2lint's safe fixes"
    )
    parser.add_argument("--score", action="store_true", help="print tf2lint's recall per class")
    parser.add_argument("--write", action="store_true", help="with --score: write the baseline")
    args = parser.parse_args(argv)
    status = 0
    # VERSION=PYTHON for snippets whose header names that TensorFlow; PYTHON alone for the rest
    pythons = dict(item.split("=", 1) if "=" in item else ("", item) for item in args.keras2_python)
    if args.record:
        data = record(args.suite, args.only, pythons)
        _write_record(args.suite, data)
        status = _report(data["snippets"], "snippets recorded", "not verified")
    if args.fixes:
        data = json.loads(record_path(args.suite).read_text())
        data["fixes"] = record_fixes(args.suite, pythons.get(""))
        _write_record(args.suite, data)
        status = _report(data["fixes"], "snippets fixed", "fixes not verified") or status
    if args.score:
        result = score(args.suite)
        for klass, counts in result["per_class"].items():
            print(f"class {klass:>2}: {counts['found']:>3} / {counts['expected']:<3}")
        print(f"all     : {result['found']:>3} / {result['expected']}")
        for where in result["missed"]:
            print(f"  missed {where}")
        print(f"clean   : {len(result['clean_findings'])} findings on {result['clean_snippets']}")
        for line in result["clean_findings"]:
            print(f"  {line}")
        if args.write:
            score_path(args.suite).write_text(json.dumps(result, indent=1) + "\n")
    return status


if __name__ == "__main__":
    sys.exit(main())
