"""Shape retraces, fixed (runtime_check/signatures.py): the proposal read from the traces'
arguments, written into the decorator through the one fix path, and, under real TensorFlow,
ten programs rebuilt from public reports (tests/data/shape_retraces) fixed by
``tf2lint trace --fix`` and verified by running them again."""

from __future__ import annotations

import json
import shutil
import sys
import textwrap
from pathlib import Path

import pytest

from conftest import ROOT, run_cli
from tf2lint.runtime_check import causes, realworld, signatures

SUITE = ROOT / "tests" / "data" / "shape_retraces"
PROGRAMS = realworld.load_suite(SUITE)


def tensor(shape, dtype="float32", kind="EagerTensor") -> dict:
    return {"kind": "tensor", "type": kind, "shape": shape, "dtype": dtype}


def first_line(text: str, name: str) -> int:
    """The first line of function ``name``'s definition, its decorators included."""
    lines = text.splitlines()
    line = next(i for i, s in enumerate(lines, 1) if s.strip().startswith(f"def {name}("))
    while line > 1 and lines[line - 2].strip().startswith("@"):
        line -= 1
    return line


def function(path: Path, arguments: list[dict], causes_=(causes.SHAPE,), name="step") -> dict:
    """A trace report's function summary: a first trace, then a retrace per later argument set."""
    events = [
        {
            "kind": "first" if i == 0 else "retrace",
            "arguments": args,
            "cause": [] if i == 0 else [{"kind": k, "text": "?"} for k in causes_],
        }
        for i, args in enumerate(arguments)
    ]
    line = first_line(path.read_text(), name.rsplit(".", 1)[-1])
    return {"name": name, "file": str(path), "line": line, "events": events, "user": True,
            "created_at": None}  # fmt: skip


def program(tmp_path: Path, source: str, name: str = "prog.py") -> Path:
    path = tmp_path / name
    path.write_text(textwrap.dedent(source))
    return path


STEP = """\
    import tensorflow as tf


    @tf.function
    def step(x, y):
        return x
    """


def test_varying_dimensions_become_none_and_fixed_ones_stay(tmp_path):
    path = program(tmp_path, STEP)
    found = signatures.propose(
        function(
            path,
            [
                {"x": tensor([4, 7, 3]), "y": tensor([4], "int32")},
                {"x": tensor([2, 9, 3]), "y": tensor([2], "int32")},
            ],
        )
    )
    assert found.change == signatures.INPUT_SIGNATURE
    assert found.keyword() == (
        "input_signature=[tf.TensorSpec(shape=[None, None, 3], dtype=tf.float32), "
        "tf.TensorSpec(shape=[None], dtype=tf.int32)]"
    )


def test_a_rank_that_varied_leaves_the_shape_unknown(tmp_path):
    path = program(tmp_path, STEP)
    found = signatures.propose(
        function(path, [{"x": tensor([]), "y": tensor([2])}, {"x": tensor([3]), "y": tensor([2])}])
    )
    assert found.specs[0] == {"tensor": "float32", "shape": None}
    assert "tf.TensorSpec(shape=None, dtype=tf.float32)" in found.keyword()


def test_nested_lists_tuples_and_dicts_of_tensors_keep_their_structure(tmp_path):
    path = program(tmp_path, STEP)

    def args(n):
        boxes = {"kind": "sequence", "type": "list", "length": 2, "items": [tensor([n, 4])] * 2}
        pair = {"kind": "sequence", "type": "tuple", "length": 1, "items": [tensor([n])]}
        table = {"kind": "mapping", "type": "dict", "length": 1, "items": {"'ids'": tensor([n])}}
        return {"x": boxes, "y": {"kind": "sequence", "type": "tuple", "length": 2,
                                  "items": [pair, table]}}  # fmt: skip

    found = signatures.propose(function(path, [args(1), args(3)]))
    spec = "tf.TensorSpec(shape=[None, 4], dtype=tf.float32)"
    assert found.keyword() == (
        f"input_signature=[[{spec}, {spec}], ((tf.TensorSpec(shape=[None], dtype=tf.float32),), "
        "{'ids': tf.TensorSpec(shape=[None], dtype=tf.float32)})]"
    )


@pytest.mark.parametrize(
    ("second", "why"),
    [
        ({"x": tensor([3], "float64"), "y": tensor([2])}, "x changed dtype"),
        ({"x": tensor([3]), "y": {"kind": "python", "type": "int", "value": "2"}}, "not a tensor"),
        ({"x": tensor([3], kind="ResourceVariable"), "y": tensor([2])}, "tf.Variable"),
        ({"x": tensor([3])}, "not passed on every call"),
    ],
)
def test_without_one_signature_it_proposes_reduce_retracing(tmp_path, second, why):
    path = program(tmp_path, STEP)
    found = signatures.propose(function(path, [{"x": tensor([2]), "y": tensor([2])}, second]))
    assert found.change == signatures.REDUCE_RETRACING and found.specs is None
    assert why in found.why and found.keyword() == "reduce_retracing=True"


def test_a_method_signature_leaves_self_out(tmp_path):
    path = program(
        tmp_path,
        """\
        import tensorflow as tf


        class Pool(tf.Module):
            @tf.function
            def __call__(self, x):
                return x
        """,
    )
    found = signatures.propose(
        function(path, [{"x": tensor([1, 4])}, {"x": tensor([1, 6])}], name="Pool.__call__")
    )
    assert found.parameters == ["x"] and found.change == signatures.INPUT_SIGNATURE


def test_retraces_of_another_cause_get_no_shape_fix(tmp_path):
    path = program(tmp_path, STEP)
    arguments = [{"x": tensor([2]), "y": tensor([2])}, {"x": tensor([3]), "y": tensor([2])}]
    for kinds in ((causes.PYTHON_VALUE,), (causes.SHAPE, causes.PYTHON_VALUE), (causes.DTYPE,)):
        assert signatures.propose(function(path, arguments, kinds)) is None
    only_first = function(path, arguments[:1])
    assert signatures.propose(only_first) is None


def _applied(tmp_path: Path, source: str, proposal_args: dict) -> tuple[str, signatures.Proposal]:
    path = program(tmp_path, source)
    before = path.read_text()
    name = proposal_args.pop("function", "step")
    proposal = signatures.Proposal(
        name, str(path), first_line(before, name.rsplit(".", 1)[-1]), retraces=2, why="",
        parameters=[], **proposal_args,
    )  # fmt: skip
    [written] = signatures.apply([proposal], tmp_path)
    assert written.original == before.encode()
    return path.read_text(), proposal


SPEC = [{"tensor": "float32", "shape": [None]}, {"tensor": "int32", "shape": [2]}]


def test_a_bare_decorator_becomes_a_call_and_nothing_else_changes(tmp_path):
    source = STEP.replace("    import", "    # a comment kept\n    import")
    after, proposal = _applied(
        tmp_path, source, {"change": signatures.INPUT_SIGNATURE, "specs": SPEC}
    )
    assert proposal.status == "applied"
    expected = textwrap.dedent(source).replace(
        "@tf.function\n",
        "@tf.function(\n"
        "    input_signature=[\n"
        "        tf.TensorSpec(shape=[None], dtype=tf.float32),\n"
        "        tf.TensorSpec(shape=[2], dtype=tf.int32),\n"
        "    ]\n"
        ")\n",
    )
    assert after == expected  # longer than a line: one spec per line
    short, _ = _applied(tmp_path, source, {"change": "input_signature", "specs": SPEC[:1]})
    assert "\n@tf.function(input_signature=[tf.TensorSpec(shape=[None], dtype=tf.float32)])\n" in (
        short
    )


def test_a_decorator_call_keeps_its_arguments_and_a_long_one_is_wrapped(tmp_path):
    source = STEP.replace("@tf.function", "@tf.function(jit_compile=False)")
    after, _ = _applied(tmp_path, source, {"change": signatures.REDUCE_RETRACING, "specs": None})
    assert "@tf.function(jit_compile=False, reduce_retracing=True)\n" in after
    method = """\
        import tensorflow as tf


        class Trainer:
            @tf.function
            def train_step(self, images, boxes):
                return images
        """
    specs = [{"tensor": "float32", "shape": [None, None, None, 3]}, {"tensor": "float32",
             "shape": [None, 4]}]  # fmt: skip
    after, _ = _applied(
        tmp_path,
        method,
        {"function": "Trainer.train_step", "change": "input_signature", "specs": specs},
    )
    assert "    @tf.function(\n        input_signature=[\n            tf.TensorSpec(" in after
    assert "\n        ]\n    )\n    def train_step(self, images, boxes):\n" in after
    compile(after, "fixed.py", "exec")


def test_a_function_made_by_a_call_gets_the_keyword_in_that_call(tmp_path):
    source = """\
        import tensorflow as tf


        def step(x, y):
            return x


        fast = tf.function(step)
        """
    path = program(tmp_path, source)
    proposal = signatures.Proposal(
        "step", str(path), 4, signatures.INPUT_SIGNATURE, SPEC, [], 2, "",
        created_at=[str(path), 8],
    )  # fmt: skip
    signatures.apply([proposal], tmp_path)
    assert proposal.status == "applied"
    assert "fast = tf.function(step, input_signature=[tf.TensorSpec(" in path.read_text()


@pytest.mark.parametrize(
    ("source", "reason"),
    [
        (STEP.replace("@tf.function", "@tf.function(input_signature=None)"), "already passes"),
        (STEP.replace("import tensorflow as tf", "from tensorflow import function as tf_fn")
         .replace("@tf.function", "@tf_fn"), "no `import tensorflow`"),
        (STEP.replace("    @tf.function\n", ""), "no @tf.function decorator"),
    ],
    ids=["keyword-there", "no-tensorflow-module", "no-decorator"],
)  # fmt: skip
def test_what_cannot_be_written_is_left_alone_with_the_reason(tmp_path, source, reason):
    after, proposal = _applied(
        tmp_path, source, {"change": signatures.INPUT_SIGNATURE, "specs": SPEC}
    )
    assert proposal.status == "not applied" and reason in proposal.reason
    assert after == textwrap.dedent(source)


# --- ten programs from public reports, under TensorFlow -----------------------------------------


def test_the_suite_has_ten_programs_each_verified_under_tensorflow():
    assert len(PROGRAMS) >= 10
    record = json.loads((SUITE / "verified.json").read_text())
    assert record["tensorflow"].startswith("2.21")
    recorded = {entry["name"]: entry for entry in record["programs"]}
    assert set(recorded) == {p.name for p in PROGRAMS}, (
        "rerun: tf2lint verify --suite tests/data/shape_retraces "
        "--record tests/data/shape_retraces/verified.json"
    )
    for p in PROGRAMS:
        assert p.source.startswith("https://"), p.name
        assert recorded[p.name]["digest"] == p.digest(), f"{p.name} changed since it was verified"
        assert recorded[p.name]["status"] == realworld.CONFIRMED, recorded[p.name]


@pytest.fixture(scope="module")
def fixed(tmp_path_factory):
    """The ten programs, run together once, fixed by `tf2lint trace --fix`, run again."""
    pytest.importorskip("tensorflow", reason="the runtime harness needs TensorFlow")
    folder = tmp_path_factory.mktemp("shape_retraces") / "suite"
    shutil.copytree(SUITE, folder)
    done = run_cli(
        "trace", "--fix", "--format", "json", "--root", str(folder), "--",
        sys.executable, str(folder / "run_all.py"), cwd=folder,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout), folder


@pytest.mark.tensorflow
@pytest.mark.parametrize("name", [p.name for p in PROGRAMS])
def test_the_proposed_fix_removes_the_retraces(fixed, name):
    report, folder = fixed
    bad = folder / name / "bad.py"
    [proposal] = [p for p in report["proposals"] if Path(p["file"]) == bad.resolve()]
    check = proposal["check"]
    assert proposal["status"] == "verified", proposal
    assert check["retraces_before"] >= 3
    if proposal["change"] == signatures.INPUT_SIGNATURE:
        assert check["retraces_after"] == 0
        assert "input_signature=[" in bad.read_text()
    else:  # TensorFlow generalises the shapes on the second trace, then reuses that graph
        assert check["retraces_after"] <= 1 < check["retraces_before"]
        assert "reduce_retracing=True" in bad.read_text()
    assert check["calls_compared"] >= 5  # results compared call by call, the same
