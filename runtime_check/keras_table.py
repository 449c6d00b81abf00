"""Proving the generated Keras 3 table (``linter/data/keras3_migration.json``) at run time.

For a sample of its entries of every kind (removed symbol, removed member, removed argument,
changed default) this writes a small probe (build what the entry needs, then touch the removed
or changed thing) and runs all probes in two subprocesses: one where ``tf.keras`` is Keras 3
(TF 2.16+), one with ``TF_USE_LEGACY_KERAS=1``, where ``tf.keras`` is tf-keras (Keras 2). An
entry is confirmed when its probe raises under Keras 3 and runs under Keras 2; a changed
default's probe asserts the Keras 2 value, so it "raises" under Keras 3 by failing. An entry
whose set-up (building the object) fails on either side is counted as not testable here.

Nothing here imports TensorFlow: the probes run in subprocesses.
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from dataclasses import dataclass, field

from tf2lint.analysis.keras_tables import keras3_migration

KINDS = ("symbol", "member", "argument", "default")
CONFIRMED, NOT_CONFIRMED, NOT_TESTABLE = "confirmed", "not confirmed", "not testable"
SAMPLE = 12  # entries per kind: every n-th one, so that the sample spans the table

# Made-up values for required constructor arguments (the probes build the objects they need).
_FILLS = {
    "units": 2,
    "filters": 2,
    "kernel_size": 1,
    "rate": 0.5,
    "learning_rate": 0.01,
    "num_tokens": 4,
    "max_tokens": 4,
    "layer": "tf.keras.layers.Dense(2)",
    "cell": "tf.keras.layers.SimpleRNNCell(2)",
    "input_dim": 4,
    "output_dim": 2,
    "num_heads": 2,
    "key_dim": 2,
    "equation": "'ab,bc->ac'",
    "output_shape": 2,
    "backup_dir": "'/tmp/tf2lint-backup'",
    "filepath": "'/tmp/tf2lint-probe.keras'",
    "name": "'probe'",
    "inner_optimizer": "tf.keras.optimizers.SGD()",
    "n": 4,
    "batch_size": 2,
    "shuffle": False,
    "seed": 0,
}


@dataclass(frozen=True)
class Probe:
    kind: str
    entry: str  # what the table says, e.g. "Model.to_yaml", "layers.Dense(dynamic=)"
    setup: str  # Python code that builds what the check needs; binds `obj` where it needs one
    check: str  # the use of the removed or changed thing


@dataclass
class Outcome:
    probe: Probe
    status: str
    keras3: str = ""  # what happened under Keras 3: "ok" or "<Error>: message"
    keras2: str = ""


@dataclass
class TableReport:
    outcomes: list[Outcome] = field(default_factory=list)
    skipped: str | None = None  # why nothing ran

    def counts(self, kind: str) -> tuple[int, int, int]:
        """(confirmed, not confirmed, not testable) among the probes of ``kind``."""
        mine = [o.status for o in self.outcomes if o.probe.kind == kind]
        return mine.count(CONFIRMED), mine.count(NOT_CONFIRMED), mine.count(NOT_TESTABLE)


def _construct(*paths: str) -> str:
    """``obj = cls(**kw)`` for the first of ``tf.keras.<path>`` that can be built, ``kw``
    holding the required arguments the fills know (applications: no weights to download)."""
    args = ", ".join(f"{k}={v}" for k, v in _FILLS.items())
    return textwrap.dedent(
        f"""
        import inspect
        fills = dict({args})
        for path in {list(paths)!r}:
            cls = eval("tf.keras." + path)
            needed = [p.name for p in inspect.signature(cls.__init__).parameters.values()
                      if p.default is p.empty and p.name != "self"
                      and p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)]
            kw = {{k: fills[k] for k in needed}}
            if path.startswith("applications."):
                kw["weights"] = None
            try:
                obj = cls(**kw)
                break
            except Exception as error:
                failure = error
        else:
            raise failure
        """
    )


_MODEL = (
    "import numpy as np\n"
    "obj = tf.keras.Sequential([tf.keras.Input((2,)), tf.keras.layers.Dense(1)])\n"
    "obj.compile(optimizer='sgd', loss='mse')\n"
    "x, y = np.ones((4, 2), 'float32'), np.zeros((4, 1), 'float32')\n"
)
_MODEL_CALLS = {  # how a probe calls each Model method, given the keyword under test
    "fit": "obj.fit(x, y, epochs=1, verbose=0, {kw})",
    "evaluate": "obj.evaluate(x, y, verbose=0, {kw})",
    "predict": "obj.predict(x, verbose=0, {kw})",
    "train_on_batch": "obj.train_on_batch(x, y, {kw})",
    "test_on_batch": "obj.test_on_batch(x, y, {kw})",
    "compile": "obj.compile(optimizer='sgd', loss='mse', {kw})",
}


def probes(data: dict | None = None, sample: int | None = SAMPLE) -> list[Probe]:
    """The probes for a sample of every kind of entry in the table (all with ``sample=None``)."""
    data = data or keras3_migration()

    def _sample(items: list) -> list:
        if sample is None:
            return items
        step = max(1, len(items) // sample)
        return items[::step][:sample]

    out: list[Probe] = []
    symbols = sorted(p for p, e in data["symbols"].items() if e["kind"] != "module")
    for path in _sample(symbols):
        # A stub (Keras 3's legacy optimizers) raises only when built.
        stub = "error" in data["symbols"][path]
        check = _construct(path) if stub else f"tf.keras.{path}"
        out.append(Probe("symbol", path, "", check))
    # Keras 2's `tf.compat.v1.keras` (tf-keras's v1 API under TF_USE_LEGACY_KERAS=1)
    compat_v1 = sorted(
        p for p, e in data.get("compat_v1_symbols", {}).items() if e["kind"] != "module"
    )
    for path in _sample(compat_v1):
        out.append(Probe("symbol", f"compat.v1.{path}", "", f"tf.compat.v1.keras.{path}"))
    members = sorted(
        (cls, m) for cls, ms in data["members"].items() for m, s in ms.items() if s is None
    )
    for cls, member in _sample(members):
        # An abstract class (Keras 2's Metric) is built through a public subclass.
        subclasses = sorted(c for c, bases in data["ancestors"].items() if cls in bases)
        setup = _MODEL if cls in ("Model", "Sequential") else _construct(cls, *subclasses)
        # Look the member up without running it (a Keras 2 property may raise for its own
        # reasons: `output_shape` of a layer never called).
        check = f"import inspect\ninspect.getattr_static(obj, {member!r})"
        out.append(Probe("member", f"{cls}.{member}", setup, check))
    arguments = []
    for owner, entries in sorted(data["arguments"].items()):
        for keyword, entry in sorted(entries.items()):
            if "keras2_default" in entry:
                arguments.append((owner, keyword, entry["keras2_default"]))
    testable = []
    for owner, keyword, value in arguments:
        cls, _, method = owner.rpartition(".")
        kw = f"{keyword}={value!r}"
        if cls in ("Model", "Sequential") and method in _MODEL_CALLS:
            testable.append((f"{owner}({keyword}=)", _MODEL, _MODEL_CALLS[method].format(kw=kw)))
        elif owner.rsplit(".", 1)[-1][:1].isupper():
            setup = _construct(owner)
            # the same construction, plus the keyword under test
            testable.append((f"{owner}({keyword}=)", setup, f"cls(**dict(kw, {kw}))"))
    for entry, setup, check in _sample(testable):
        out.append(Probe("argument", entry, setup, check))
    for owner, params in sorted(data["defaults"].items()):
        for param, (old, _new, _position) in sorted(params.items()):
            if owner.rsplit(".", 1)[-1][:1].isupper():
                setup = _construct(owner)
            else:
                setup = f"obj = tf.keras.{owner}()\n"
            check = (
                f"value = obj.get_config()[{param!r}]\n"
                f"same = abs(value - {old!r}) < 1e-6 if isinstance(value, float) else value == {old!r}\n"
                "assert same, value"
            )
            out.append(Probe("default", f"{owner}({param}=)", setup, check))
    return out


_WORKER = """
import json, os, sys, traceback
os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
import tensorflow as tf
results = []
for setup, check in json.load(sys.stdin):
    scope = {"tf": tf}
    try:
        exec(setup, scope)
    except Exception as error:
        results.append(["setup", f"{type(error).__name__}: {error}"[:300]])
        continue
    try:
        exec(check, scope)
    except Exception as error:
        results.append(["raised", f"{type(error).__name__}: {error}"[:300]])
        continue
    results.append(["ok", ""])
print("RESULTS " + json.dumps(results))
"""


def _run(batch: list[Probe], legacy: bool, timeout: float) -> list[list[str]] | str:
    """Run the probes in one subprocess; its results, or why it failed."""
    from tf2lint.runtime_check.harness import worker_env

    env = worker_env()
    env.pop("TF_USE_LEGACY_KERAS", None)
    if legacy:
        env["TF_USE_LEGACY_KERAS"] = "1"
    payload = json.dumps([[p.setup, p.check] for p in batch])
    try:
        done = subprocess.run(
            [sys.executable, "-c", _WORKER],
            input=payload,
            capture_output=True,
            text=True,
            env=env,
            timeout=timeout,
        )
    except subprocess.TimeoutExpired:
        return f"probes killed after {timeout:g} s"
    for line in done.stdout.splitlines():
        if line.startswith("RESULTS "):
            return json.loads(line[len("RESULTS ") :])
    tail = [line for line in done.stderr.splitlines() if line.strip()][-1:]
    return f"probe process exited {done.returncode}: {' '.join(tail)}"


def tf_keras_installed() -> bool:
    done = subprocess.run(
        [sys.executable, "-c", "import tf_keras"], capture_output=True, text=True, timeout=300
    )
    return done.returncode == 0


def verify_table(sample: int | None = SAMPLE, timeout: float = 600.0) -> TableReport:
    """Run the sample under Keras 3 and under tf-keras; judge every probe."""
    if not tf_keras_installed():
        return TableReport(skipped="tf-keras is not installed (pip install tf-keras)")
    batch = probes(sample=sample)
    keras3, keras2 = _run(batch, False, timeout), _run(batch, True, timeout)
    for failed in (keras3, keras2):
        if isinstance(failed, str):
            return TableReport(skipped=failed)
    report = TableReport()
    for probe, (k3, k3_text), (k2, k2_text) in zip(batch, keras3, keras2, strict=True):
        if "setup" in (k3, k2):
            status = NOT_TESTABLE
        elif k3 == "raised" and k2 == "ok":
            status = CONFIRMED
        else:
            status = NOT_CONFIRMED
        report.outcomes.append(Outcome(probe, status, k3_text or k3, k2_text or k2))
    return report


def render(report: TableReport) -> str:
    """A markdown summary: counts by kind, then each probe not confirmed."""
    if report.skipped:
        return f"\nKeras 3 table: not verified ({report.skipped})\n"
    lines = [
        "",
        "Keras 3 table (linter/data/keras3_migration.json), a sample of each kind run under "
        "Keras 3 and tf-keras:",
        "",
        "| kind | confirmed | not confirmed | not testable here |",
        "| --- | --- | --- | --- |",
    ]
    for kind in KINDS:
        confirmed, not_confirmed, not_testable = report.counts(kind)
        lines.append(f"| {kind} | {confirmed} | {not_confirmed} | {not_testable} |")
    for o in report.outcomes:
        if o.status != CONFIRMED:
            lines.append(
                f"- {o.status}: {o.probe.kind} `{o.probe.entry}`: Keras 3 {o.keras3}; "
                f"Keras 2 {o.keras2}"
            )
    return "\n".join(lines) + "\n"


def confirmed(report: TableReport) -> tuple[int, int]:
    """(confirmed, tested): probes that raised under Keras 3 and ran under Keras 2, of those
    whose set-up worked on both sides."""
    tested = [o for o in report.outcomes if o.status != NOT_TESTABLE]
    return sum(o.status == CONFIRMED for o in tested), len(tested)


# The rules whose knowledge is the table: `tf2lint verify` checks the table when it runs them.
TABLE_RULES = frozenset({"TF010", "TF011", "TF012", "TF013"})


def verify_hook(rules: list, output_format: str, say) -> bool:
    """``tf2lint verify``'s part for the table: run it when a table rule is selected, print the
    summary (not into JSON output), and say whether every tested probe was confirmed."""
    if not any(r.id in TABLE_RULES for r in rules):
        return True
    say("checking a sample of the generated Keras 3 table under Keras 3 and tf-keras...")
    result = verify_table()
    done, tested = confirmed(result)
    say(result.skipped or f"Keras 3 table: {done} of {tested} sampled entries confirmed")
    if output_format != "json":
        sys.stdout.write(render(result))
    return result.skipped is not None or done == tested


if __name__ == "__main__":
    result = verify_table(sample=None if "--all" in sys.argv else SAMPLE)
    sys.stdout.write(render(result))
    done, tested = confirmed(result)
    print(f"{done} of {tested} confirmed")
    sys.exit(0 if not result.skipped and done == tested else 1)
