"""The real-world suite: small programs rebuilt from public bug reports, run under TensorFlow.

Each program lives in its own folder with a ``bad.py`` (the reported code) and a ``clean.py`` (the
fix the thread settled on). ``bad.py`` declares, in comment headers, where it came from and the
symptom a run shows::

    # SOURCE: https://github.com/tensorflow/tensorflow/issues/37512
    # SYMPTOM: raises InaccessibleTensorError
    # ENV: TF_USE_LEGACY_KERAS=1          (optional, repeatable)

and marks each line of the pitfall with ``# EXPECT: TF501`` (a rule id) or
``# EXPECT: retracing/new-model-per-predict`` (a category and a proposed rule name, where no rule
exists yet). The symptoms, all measured from outside the program:

- ``raises NAME``: the program ends with an exception of type NAME (or a subclass);
- ``traces >= N``: ``tf.function``s were traced at least N times in all (Keras' own included);
- ``stderr "TEXT"``: TEXT appears in what the program wrote to stderr (TensorFlow's warnings);
- ``lines "MARK" < N``: fewer than N lines of stdout start with MARK (a print ran only while
  tracing);
- ``distinct "MARK" < N``: the lines starting with MARK show fewer than N distinct texts (a value
  frozen at trace time);
- ``number "MARK" >= N`` (or ``< N``): the last number on the last line starting with MARK is at
  least N (or below N).

A pair is confirmed when the bad program shows its symptom and the clean one runs without error
and does not show it. Nothing here imports TensorFlow: each program runs in its own interpreter.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

CONFIRMED, NOT_CONFIRMED = "confirmed", "not confirmed"

# Runs one program with every trace of every tf.function counted, and its exception recorded.
RUNNER = r"""
import json, runpy, sys, traceback
out, script = sys.argv[1], sys.argv[2]
state = {"traces": 0, "error": None}
import tensorflow as tf
from tensorflow.python.eager.polymorphic_function import tracing_compilation as _tc
_create = _tc._create_concrete_function
def _counted(*args, **kwargs):
    state["traces"] += 1
    return _create(*args, **kwargs)
_tc._create_concrete_function = _counted
sys.argv = [script]
try:
    runpy.run_path(script, run_name="__main__")
except BaseException as error:
    traceback.print_exc()
    state["error"] = {
        "type": type(error).__name__,
        "bases": [k.__name__ for k in type(error).__mro__],
        "message": str(error).splitlines()[0][:300] if str(error) else "",
    }
state["tensorflow"] = tf.__version__
with open(out, "w") as handle:
    json.dump(state, handle)
"""

_SYMPTOM = re.compile(
    r"""^(?:(?P<raises>raises)\s+(?P<error>\w+)
        |(?P<traces>traces)\s*>=\s*(?P<at_least>\d+)
        |(?P<stderr>stderr)\s+"(?P<text>[^"]+)"
        |(?P<kind>lines|distinct)\s+"(?P<mark>[^"]+)"\s*<\s*(?P<below>\d+)
        |(?P<number>number)\s+"(?P<nmark>[^"]+)"\s*(?P<op>>=|<)\s*(?P<limit>\d+(?:\.\d+)?))\s*$""",
    re.VERBOSE,
)


@dataclass(frozen=True)
class Symptom:
    """What a bad program shows when run: one of the forms in this module's docstring."""

    kind: str  # raises, traces, stderr, lines, distinct, number
    text: str = ""  # the error name, stderr text or stdout marker
    bound: float = 0
    op: str = ">="  # for number: at least (>=) or below (<) the bound

    def __str__(self) -> str:
        if self.kind == "raises":
            return f"raises {self.text}"
        if self.kind == "traces":
            return f"traces >= {self.bound:g}"
        if self.kind == "stderr":
            return f'stderr "{self.text}"'
        if self.kind == "number":
            return f'number "{self.text}" {self.op} {self.bound:g}'
        return f'{self.kind} "{self.text}" < {self.bound:g}'


def parse_symptom(text: str) -> Symptom:
    m = _SYMPTOM.match(text.strip())
    if not m:
        raise ValueError(f"unreadable SYMPTOM {text!r}")
    if m["raises"]:
        return Symptom("raises", m["error"])
    if m["traces"]:
        return Symptom("traces", bound=int(m["at_least"]))
    if m["stderr"]:
        return Symptom("stderr", m["text"])
    if m["number"]:
        return Symptom("number", m["nmark"], float(m["limit"]), m["op"])
    return Symptom(m["kind"], m["mark"], int(m["below"]))


@dataclass(frozen=True)
class Expectation:
    """A line of a bad program where the pitfall is: a rule id, or ``category/proposed-name``
    where no rule exists yet; ``TF202|TF301`` where either rule describes it rightly."""

    line: int
    label: str

    def matches(self, rule: str, category: str) -> bool:
        for alternative in self.label.split("|"):
            if "/" in alternative:
                if category == alternative.split("/", 1)[0]:
                    return True
            elif rule == alternative:
                return True
        return False


@dataclass
class Program:
    name: str
    folder: Path
    source: str
    symptom: Symptom
    env: dict[str, str] = field(default_factory=dict)
    expectations: list[Expectation] = field(default_factory=list)

    @property
    def bad(self) -> Path:
        return self.folder / "bad.py"

    def digest(self) -> str:
        """sha256 of the program's files (bad, clean and any helper module it imports)."""
        h = hashlib.sha256()
        for path in sorted(self.folder.glob("*.py")):
            h.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
        return h.hexdigest()

    @property
    def clean(self) -> Path:
        return self.folder / "clean.py"


_HEADER = re.compile(r"^#\s*(SOURCE|SYMPTOM|ENV):\s*(.+?)\s*$")
_EXPECT = re.compile(r"#\s*EXPECT:\s*([\w/|-]+)")


def read_program(folder: Path) -> Program:
    headers: dict[str, list[str]] = {"SOURCE": [], "SYMPTOM": [], "ENV": []}
    expectations = []
    for number, line in enumerate((folder / "bad.py").read_text().splitlines(), 1):
        header = _HEADER.match(line)
        if header:
            headers[header[1]].append(header[2])
            continue
        for label in _EXPECT.findall(line):
            expectations.append(Expectation(number, label))
    if len(headers["SOURCE"]) != 1 or len(headers["SYMPTOM"]) != 1:
        raise ValueError(f"{folder}/bad.py needs one SOURCE and one SYMPTOM header")
    if not (folder / "clean.py").is_file():
        raise ValueError(f"{folder} has no clean.py")
    env = dict(item.split("=", 1) for item in headers["ENV"])
    return Program(
        folder.name, folder, headers["SOURCE"][0], parse_symptom(headers["SYMPTOM"][0]), env,
        expectations,
    )  # fmt: skip


def load_suite(root: Path) -> list[Program]:
    return [read_program(p.parent) for p in sorted(root.glob("*/bad.py"))]


def run_program(path: Path, env: dict[str, str], timeout: float) -> dict:
    """Run one program under the counting runner: its traces, error, stdout and stderr."""
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder, "result.json")
        full_env = {**os.environ, "TF_CPP_MIN_LOG_LEVEL": "1", "CUDA_VISIBLE_DEVICES": ""}
        full_env.update(env)
        started = time.perf_counter()
        try:
            done = subprocess.run(
                [sys.executable, "-c", RUNNER, str(out), str(path.resolve())],
                capture_output=True,
                text=True,
                timeout=timeout,
                env=full_env,
                cwd=path.parent,
            )
        except subprocess.TimeoutExpired:
            return {"timeout": True, "seconds": timeout, "stdout": "", "stderr": ""}
        result = json.loads(out.read_text()) if out.is_file() else {"runner_failed": True}
        result.update(
            stdout=done.stdout,
            stderr=done.stderr,
            seconds=round(time.perf_counter() - started, 2),
        )
        return result


def shows(symptom: Symptom, result: dict) -> tuple[bool, str]:
    """Whether one run shows the symptom, and what was observed, in words."""
    error = result.get("error")
    if symptom.kind == "raises":
        if error:
            return symptom.text in error["bases"], f"raised {error['type']}"
        return False, "ran without error"
    if symptom.kind == "traces":
        n = result.get("traces", 0)
        return n >= symptom.bound, f"{n} traces"
    if symptom.kind == "stderr":
        found = symptom.text in result.get("stderr", "")
        return found, f"stderr {'has' if found else 'lacks'} {symptom.text!r}"
    lines = [
        line[len(symptom.text) :].strip()
        for line in result.get("stdout", "").splitlines()
        if line.startswith(symptom.text)
    ]
    if symptom.kind == "lines":
        return len(lines) < symptom.bound, f"{len(lines)} lines {symptom.text!r}"
    if symptom.kind == "distinct":
        n = len(set(lines))
        return n < symptom.bound, f"{n} distinct {symptom.text!r} of {len(lines)}"
    numbers = [float(x) for x in re.findall(r"-?\d+(?:\.\d+)?", lines[-1])] if lines else []
    if not numbers:
        return False, f"no number after {symptom.text!r}"
    low = numbers[-1] >= symptom.bound
    return (low if symptom.op == ">=" else not low), f"{symptom.text} {numbers[-1]:g}"


@dataclass
class PairVerdict:
    name: str
    source: str
    symptom: str
    status: str
    bad: str  # what the bad program showed, in words
    clean: str
    seconds: float
    digest: str = ""  # Program.digest() of the files that ran

    def to_dict(self) -> dict:
        return dict(self.__dict__)


def _failed(result: dict) -> str | None:
    if result.get("timeout"):
        return "timed out"
    if result.get("runner_failed"):
        tail = result.get("stderr", "").strip().splitlines()[-1:]
        return f"runner failed: {tail[0] if tail else '?'}"
    return None


def verify_program(program: Program, timeout: float = 120.0) -> PairVerdict:
    bad = run_program(program.bad, program.env, timeout)
    clean = run_program(program.clean, program.env, timeout)
    seconds = bad.get("seconds", 0) + clean.get("seconds", 0)
    words = {}
    for variant, result in (("bad", bad), ("clean", clean)):
        problem = _failed(result)
        words[variant] = problem or shows(program.symptom, result)[1]
    status = CONFIRMED
    if bad.get("error") and program.symptom.kind != "raises":
        words["bad"] = f"raised {bad['error']['type']}: {bad['error']['message']}"
        status = NOT_CONFIRMED
    elif _failed(bad) or _failed(clean) or not shows(program.symptom, bad)[0]:
        status = NOT_CONFIRMED
    elif clean.get("error"):
        words["clean"] = f"raised {clean['error']['type']}: {clean['error']['message']}"
        status = NOT_CONFIRMED
    elif shows(program.symptom, clean)[0]:
        status = NOT_CONFIRMED
    return PairVerdict(
        program.name, program.source, str(program.symptom), status, words["bad"],
        words["clean"], round(seconds, 2), program.digest(),
    )  # fmt: skip


def verify_suite(
    root: Path, names: list[str] | None = None, jobs: int = 2, progress=None
) -> list[PairVerdict]:
    programs = [p for p in load_suite(root) if not names or p.name in names]

    def one(program: Program) -> PairVerdict:
        verdict = verify_program(program)
        if progress:
            progress(f"{verdict.name}: {verdict.status} (bad {verdict.bad}; clean {verdict.clean})")
        return verdict

    with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        return list(pool.map(one, programs))


def record(verdicts: list[PairVerdict], meta: dict) -> str:
    """The verification record committed beside the suite, as JSON text."""
    return json.dumps(
        {**meta, "programs": [v.to_dict() for v in sorted(verdicts, key=lambda v: v.name)]},
        indent=1,
    )


def merge(
    previous_record: str, verdicts: list[PairVerdict], programs: list[Program]
) -> list[PairVerdict]:
    """A recorded run's verdicts, with those of a partial rerun replacing theirs, and those of
    programs no longer in the suite dropped."""
    rerun = {v.name for v in verdicts}
    present = {p.name for p in programs}
    kept = [
        PairVerdict(**entry)
        for entry in json.loads(previous_record)["programs"]
        if entry["name"] not in rerun and entry["name"] in present
    ]
    return kept + verdicts


def render_table(verdicts: list[PairVerdict]) -> str:
    lines = [
        f"{v.status:14} {v.name:40} {v.symptom:34} bad: {v.bad}; clean: {v.clean}"
        for v in sorted(verdicts, key=lambda v: v.name)
    ]
    ok = sum(v.status == CONFIRMED for v in verdicts)
    lines.append(f"{ok} of {len(verdicts)} programs confirmed")
    return "\n".join(lines) + "\n"


# Scoring tf2lint's static findings on the suite (no TensorFlow needed).


@dataclass
class Score:
    """Recall on the EXPECT lines and false alarms, from one ``tf2lint check`` of the suite."""

    expected: int
    found: list[str]  # "program:line LABEL" of each EXPECT line a finding covered
    missed: list[str]
    false_alarms: list[str]  # "program/file:line RULE" of each finding no EXPECT line accounts for

    @property
    def recall(self) -> float:
        return len(self.found) / self.expected if self.expected else 1.0

    def to_dict(self) -> dict:
        return {
            "expected": self.expected,
            "found": len(self.found),
            "false_alarms": len(self.false_alarms),
            "missed_lines": sorted(self.missed),
            "false_alarm_lines": sorted(self.false_alarms),
        }


def _covers(diagnostic: dict, expectation: Expectation) -> bool:
    end = diagnostic.get("end_line") or diagnostic["line"]
    if not diagnostic["line"] <= expectation.line <= end:
        return False
    return expectation.matches(diagnostic["rule"], diagnostic["category"])


def score(programs: list[Program], diagnostics: list[dict]) -> Score:
    """An EXPECT line is found when a finding of its rule (or, for ``category/name``, of its
    category) spans it; any finding on a clean program, or on a bad program's line without an
    EXPECT it matches, is a false alarm."""
    by_file: dict[str, list[dict]] = {}
    for d in diagnostics:
        by_file.setdefault(str(Path(d["path"]).resolve()), []).append(d)
    found, missed, false_alarms = [], [], []
    expected = 0
    for program in programs:
        bad = by_file.get(str(program.bad.resolve()), [])
        for e in program.expectations:
            expected += 1
            where = f"{program.name}:{e.line} {e.label}"
            (found if any(_covers(d, e) for d in bad) else missed).append(where)
        for d in bad:
            if not any(_covers(d, e) for e in program.expectations):
                false_alarms.append(f"{program.name}/bad.py:{d['line']} {d['rule']}")
        for d in by_file.get(str(program.clean.resolve()), []):
            false_alarms.append(f"{program.name}/clean.py:{d['line']} {d['rule']}")
    return Score(expected, found, missed, false_alarms)
