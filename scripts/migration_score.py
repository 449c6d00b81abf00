"""Score ``tf2lint check --fix`` as a Keras 2 -> Keras 3 migration tool on a set of programs.

    python scripts/migration_score.py tests/sealed/keras2_programs            # score (runs TensorFlow)
    python scripts/migration_score.py tests/sealed/keras2_programs --record   # (the set's builder)

A programs set is a folder of small complete Keras 2 programs (``NAME.py``), each opening with a
``# DESCRIPTION:`` line (a one-line account of the program) and a ``# SOURCE:`` line (the public
report or tutorial it is typical of). Each runs under tf-keras 2.21 (``TF_USE_LEGACY_KERAS=1``)
in seconds on data it makes itself, and prints deterministic results (seeded data, weights set
from NumPy where initializers differ between the Keras versions).

For each program and each fix mode (``--fix``, then ``--fix --unsafe-fixes``) the script copies the
program into a fresh temporary folder, runs it under Keras 2 (the reference results), runs
``tf2lint check --fix`` (with ``--unsafe-fixes`` in the second mode) on the copy, runs the fixed copy
under TensorFlow's Keras 3, and compares what the two runs printed. It prints, for each mode, the
share of programs whose fixed copy runs under Keras 3 with the same results, and one line per
program that does not: the exception type and the first line of its message, or "different
results". It never prints a line of a program. The issue's criterion: at least half, with --fix.

Same results: both runs exit normally and their outputs split into the same words and numbers,
every word equal and every number ``b`` of Keras 2 matched by its ``a`` of Keras 3 with
``|a - b| <= ABS_TOL + REL_TOL * |b|`` (float32 arithmetic in another order of operations; the
programs print rounded values, so a true difference is far larger).

``--record`` (run by whoever builds the set, before sealing it) runs each program under Keras 2
and, unfixed, under Keras 3, and writes ``record.json`` beside the programs: a program belongs in
the set only if it runs under Keras 2 and fails, or prints something else, under Keras 3.
tests/test_sealed.py checks that the record covers every program as it is now.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RECORD = "record.json"
REL_TOL = 1e-3
ABS_TOL = 1e-4
SECONDS_PER_RUN = 600  # a loaded two-core machine needs minutes to import TensorFlow
MODES = {"--fix": ["--fix"], "--fix --unsafe-fixes": ["--fix", "--unsafe-fixes"]}
_HEADER = re.compile(r"^#\s*(DESCRIPTION|SOURCE):\s*(.+?)\s*$", re.MULTILINE)
_NUMBER = re.compile(r"(-?\d+(?:\.\d*)?(?:[eE][-+]?\d+)?)")
_ERROR_MARK = "MIGRATION_SCORE_ERROR "

# Runs a program as __main__ and reports an uncaught exception as one JSON line on stderr.
_RUNNER = r"""
import json, runpy, sys
path = sys.argv[1]
sys.argv = [path]
try:
    runpy.run_path(path, run_name="__main__")
except BaseException as exc:
    if isinstance(exc, SystemExit) and exc.code in (None, 0):
        raise
    first = (str(exc).strip().splitlines() or [""])[0][:200]
    sys.stderr.write("\n%s%s\n" % (MARK, json.dumps({"type": type(exc).__name__, "message": first})))
    sys.exit(1)
"""


@dataclass(frozen=True)
class Program:
    name: str  # the file's stem
    path: Path
    description: str
    source: str

    @property
    def digest(self) -> str:
        return hashlib.sha256(self.path.read_bytes()).hexdigest()[:16]


@dataclass(frozen=True)
class Run:
    """What one run of a program printed, and how it ended (``error`` is None when it ran)."""

    stdout: str
    error: dict | None

    def to_dict(self) -> dict:
        return {"stdout": self.stdout[-4000:], "error": self.error}


def load_programs(folder: Path) -> list[Program]:
    programs = []
    for path in sorted(folder.glob("*.py")):
        headers = dict(_HEADER.findall(path.read_text()))
        programs.append(
            Program(path.stem, path, headers.get("DESCRIPTION", ""), headers.get("SOURCE", ""))
        )
    return programs


def _environment(keras: int) -> dict[str, str]:
    env = dict(os.environ, TF_CPP_MIN_LOG_LEVEL="3", CUDA_VISIBLE_DEVICES="", PYTHONHASHSEED="0")
    env.pop("TF_USE_LEGACY_KERAS", None)
    if keras == 2:
        env["TF_USE_LEGACY_KERAS"] = "1"
    return env


def run_program(path: Path, keras: int) -> Run:
    """Run ``path`` in its own folder under Keras 2 (tf-keras) or Keras 3."""
    code = f"MARK = {_ERROR_MARK!r}\n" + _RUNNER
    try:
        done = subprocess.run(
            [sys.executable, "-c", code, path.name],
            cwd=path.parent,
            env=_environment(keras),
            capture_output=True,
            text=True,
            timeout=SECONDS_PER_RUN,
        )
    except subprocess.TimeoutExpired:
        return Run("", {"type": "TimeoutExpired", "message": f"over {SECONDS_PER_RUN} s"})
    if done.returncode == 0:
        return Run(done.stdout, None)
    marked = [line for line in done.stderr.splitlines() if line.startswith(_ERROR_MARK)]
    if marked:
        return Run(done.stdout, json.loads(marked[-1][len(_ERROR_MARK) :]))
    last = (done.stderr.strip().splitlines() or [f"exit status {done.returncode}"])[-1]
    return Run(done.stdout, {"type": "ProcessDied", "message": last[:200]})


def same_results(reference: str, candidate: str) -> bool:
    """Same words, and numbers equal within the tolerance (see the module's docstring)."""
    ours, theirs = _NUMBER.split(reference), _NUMBER.split(candidate)
    if len(ours) != len(theirs):
        return False
    for index, (b, a) in enumerate(zip(ours, theirs, strict=True)):
        if index % 2 == 0:  # the text between numbers
            if b.split() != a.split():
                return False
        elif abs(float(a) - float(b)) > ABS_TOL + REL_TOL * abs(float(b)):
            return False
    return True


def fix_copy(program: Program, folder: Path, flags: list[str]) -> None:
    """Copy the program into ``folder`` and let tf2lint fix it there."""
    target = folder / program.path.name
    shutil.copyfile(program.path, target)
    command = [sys.executable, "-m", "tf2lint", "check", *flags, "--exit-zero", "--no-cache"]
    subprocess.run(
        [*command, "--isolated", str(target)],
        cwd=folder,
        capture_output=True,
        text=True,
        check=True,
    )


def _verdict(reference: Run, migrated: Run) -> str | None:
    """None when the migrated program reproduces the reference, else the reason it does not."""
    if reference.error is not None:
        return f"reference run failed: {reference.error['type']}: {reference.error['message']}"
    if migrated.error is not None:
        return f"{migrated.error['type']}: {migrated.error['message']}"
    return None if same_results(reference.stdout, migrated.stdout) else "different results"


def score_program(program: Program) -> dict[str, str | None]:
    """For each fix mode, None when the fixed copy reproduces the reference, else why not."""
    with tempfile.TemporaryDirectory(prefix="migration-ref-") as ref:
        shutil.copyfile(program.path, Path(ref) / program.path.name)
        reference = run_program(Path(ref) / program.path.name, keras=2)
    verdicts = {}
    for mode, flags in MODES.items():
        with tempfile.TemporaryDirectory(prefix="migration-fix-") as fixed:
            fix_copy(program, Path(fixed), flags)
            verdicts[mode] = _verdict(reference, run_program(Path(fixed) / program.path.name, 3))
    return verdicts


def record_program(program: Program) -> dict:
    runs = {}
    for keras in (2, 3):
        with tempfile.TemporaryDirectory(prefix=f"migration-k{keras}-") as work:
            shutil.copyfile(program.path, Path(work) / program.path.name)
            runs[keras] = run_program(Path(work) / program.path.name, keras)
    keras2, keras3 = runs[2], runs[3]
    unchanged = keras3.error is None and same_results(keras2.stdout, keras3.stdout)
    return {
        "digest": program.digest,
        "keras2": keras2.to_dict(),
        "keras3_unfixed": keras3.to_dict(),
        "verified": keras2.error is None and bool(keras2.stdout.strip()) and not unchanged,
    }


def _versions() -> dict[str, str]:
    code = (
        "import json, tensorflow, keras, tf_keras; print(json.dumps({'tensorflow': "
        "tensorflow.__version__, 'keras': keras.__version__, 'tf_keras': tf_keras.__version__}))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], env=_environment(3), capture_output=True, text=True
    )
    return json.loads(done.stdout.strip().splitlines()[-1])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path, help="the programs set, e.g. tests/sealed/NAME")
    parser.add_argument("--record", action="store_true", help="verify the set, write record.json")
    parser.add_argument("--jobs", type=int, default=2, help="programs run at once (%(default)s)")
    args = parser.parse_args()
    folder = args.folder.resolve()
    programs = load_programs(folder)
    if args.record:
        with ThreadPoolExecutor(args.jobs) as pool:
            records = list(pool.map(record_program, programs))
        entries = {p.name: entry for p, entry in zip(programs, records, strict=True)}
        record = {
            "versions": _versions(),
            "tolerance": {"relative": REL_TOL, "absolute": ABS_TOL},
            "programs": entries,
        }
        (folder / RECORD).write_text(json.dumps(record, indent=1, sort_keys=True) + "\n")
        bad = [name for name, entry in entries.items() if not entry["verified"]]
        print(f"{len(entries)} programs recorded, {len(bad)} not verified {bad}")
        return 1 if bad else 0
    print(f"{folder.name}: {len(programs)} Keras 2 programs, fixed by tf2lint, run under Keras 3")
    with ThreadPoolExecutor(args.jobs) as pool:
        verdicts = list(pool.map(score_program, programs))
    failures: dict[str, list[tuple[str, str]]] = {}
    for mode in MODES:
        failures[mode] = [
            (p.name, v[mode]) for p, v in zip(programs, verdicts, strict=True) if v[mode]
        ]
        same = len(programs) - len(failures[mode])
        share = same / len(programs) if programs else 0.0
        print(f"{mode:<21}: {same}/{len(programs)} ({share:.0%}) run with the same results")
    for mode, failed in failures.items():
        for name, reason in failed:
            print(f"  {mode:<21} {name}: {reason}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
