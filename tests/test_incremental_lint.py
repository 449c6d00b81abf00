"""The language server's lint after edits (tf2lint.linting.incremental's document: the module,
Python's tree and the reported nodes' positions built from the last lint's) equals a fresh lint
of the same text, finding for finding, evidence and summary included, after any sequence of
edits: typing inside functions, decorators changed, ``tf.function`` added and removed, imports
and ``global`` statements added, lines inserted and deleted."""

from __future__ import annotations

import ast
import warnings

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tf2lint.analysis.project import ModuleIdentity
from tf2lint.base.lines import split_lines_keepends
from tf2lint.linting.engine import lint_module
from tf2lint.linting.incremental import IncrementalParser
from tf2lint.linting.plugins import all_rules

RULES = list(all_rules())
PATH = "/project/pkg/model.py"
IDENTITY = ModuleIdentity("pkg.model", "/project", "pkg")


def _method(i: int) -> str:
    decorator = "    @tf.function\n" if i % 2 else ""
    return (
        f"\n{decorator}    def step_{i}(self, x):\n"
        f"        y = tf.to_float(x) * {i}\n"
        f"        if y is None:\n            return x\n"
        f"        print(y)\n"
        f"        self.count += 1\n"
        f"        return tf.reduce_sum(y)\n"
    )


# A class-dense TensorFlow module with findings in and out of traced code: tf1 APIs, prints and
# Python side effects in traced methods, a global, a module-level traced function.
DOCUMENT = (
    "import numpy as np\nimport tensorflow as tf\n\nCOUNT = 0\n\n\n"
    "class Model(tf.keras.Model):\n"
    '    """A model."""\n\n'
    "    def __init__(self):\n        super().__init__()\n        self.count = 0\n"
    + "".join(_method(i) for i in range(6))
    + "\n\n@tf.function\ndef train(model, x):\n    global COUNT\n    COUNT += 1\n"
    "    for i in range(3):\n        x = model.step_1(x) + np.random.rand()\n    return x\n"
    "\n\ndef helper(x):\n    return tf.Session().run(x)\n"
)

# Whole lines an edit puts in (at any depth the line it replaces or precedes has).
LINES = [
    "x = tf.placeholder(tf.float32)", "print(x)", "@tf.function", "global COUNT",
    "COUNT += 1", "import os", "from tensorflow import keras", "y = tf.Variable(1.0)",
    "self.value = tf.constant(1)", "return x", "pass", "# a comment", "",
    "for i in range(3):", "x = np.random.rand()", "@tf.function(jit_compile=True)",
    "def inner(z):", "tf.compat.v1.disable_eager_execution()",
]  # fmt: skip
TYPED = ["a", " ", "#", "(", ")", "1", ".", "tf.", "  # noqa", "x", ":"]


@st.composite
def edit(draw: st.DrawFn, text: str) -> str:
    lines = split_lines_keepends(text)
    at = draw(st.integers(0, len(lines) - 1))
    line = lines[at]
    indent = line[: len(line) - len(line.lstrip(" "))] if line.strip() else ""
    kind = draw(st.sampled_from(["type", "erase", "replace", "insert", "delete", "decorator"]))
    if kind in ("type", "erase"):
        column = draw(st.integers(0, max(len(line.rstrip("\n")) - 1, 0)))
        if kind == "type":
            lines[at] = line[:column] + draw(st.sampled_from(TYPED)) + line[column:]
        else:
            lines[at] = line[:column] + line[column + 1 :] if line.strip() else line
    elif kind == "replace":  # same line count: Python's tree is built from the last one
        lines[at] = indent + draw(st.sampled_from(LINES)) + "\n"
    elif kind == "insert":
        lines.insert(at, indent + draw(st.sampled_from(LINES)) + "\n")
    elif kind == "delete":
        del lines[at]
    else:  # a def's decorator changed, added or removed, keeping the line count where it can
        defs = [i for i, x in enumerate(lines) if x.lstrip().startswith("def ")]
        at = draw(st.sampled_from(defs))
        indent = lines[at][: len(lines[at]) - len(lines[at].lstrip())]
        above = lines[at - 1].strip() if at else ""
        new = draw(st.sampled_from(["@tf.function", "@staticmethod", "@tf.function()", ""]))
        if above.startswith("@"):
            lines[at - 1] = f"{indent}{new}\n" if new else "\n"
        elif new:
            lines.insert(at, f"{indent}{new}\n")
    return "".join(lines)


@st.composite
def edited(draw: st.DrawFn) -> list[str]:
    """Versions of DOCUMENT, each one edit from the one before; most stay valid Python."""
    versions, current = [], DOCUMENT
    for _ in range(draw(st.integers(1, 8))):
        text = draw(edit(current))
        versions.append(text)
        if _valid(text) or draw(st.integers(0, 3)) == 0:
            current = text  # a syntax error is kept now and then, and edited on
    return versions


def _valid(text: str) -> bool:
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            ast.parse(text)
    except (SyntaxError, ValueError):
        return False
    return True


def _lint(text: str, parse=None) -> str:
    """The findings and summary, fixes' tree edits compared by their structure (libcst's repr
    of a node is its whole tree, where == is identity)."""
    result = lint_module(text, PATH, RULES, True, IDENTITY, None, parse=parse)
    return repr(result.diagnostics) + "\n" + repr(result.summary)


STATS = {"tree": 0, "module": 0, "lints": 0}


@settings(
    max_examples=120, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)
@given(edited())
def test_lint_after_edits_equals_a_fresh_lint(versions: list[str]) -> None:
    parser = IncrementalParser()
    document = parser.for_document(PATH)
    assert _lint(DOCUMENT, document) == _lint(DOCUMENT)
    for text in versions:
        assert _lint(text, document) == _lint(text), text
        STATS["lints"] += 1
        STATS["tree"] += parser.last_tree_was_incremental
        STATS["module"] += parser.last_was_incremental


def test_the_edits_above_took_the_incremental_paths() -> None:
    """The property above is about reused trees and positions, not the fallback to full parses."""
    if STATS["lints"] < 100:  # run alone
        test_lint_after_edits_equals_a_fresh_lint()
    assert STATS["tree"] > STATS["lints"] / 5, STATS
    assert STATS["module"] > STATS["lints"] / 2, STATS


def test_an_edit_in_one_method_places_only_what_it_touched(monkeypatch) -> None:
    import tf2lint.linting.incremental as incremental

    calls: list[int] = []  # how many nodes each lint has the positions module place
    place = incremental.node_ranges

    def counted(module, nodes, *args, starts=(), **kwargs):
        nodes, starts = list(nodes), list(starts)
        calls.append(len(nodes) + len(starts))
        return place(module, nodes, *args, starts=starts, **kwargs)

    monkeypatch.setattr(incremental, "node_ranges", counted)
    parser = IncrementalParser()
    document = parser.for_document(PATH)
    first = _lint(DOCUMENT, document)
    edited = DOCUMENT.replace("y = tf.to_float(x) * 3\n", "y = tf.to_float(x) * 33\n")
    assert len(split_lines_keepends(edited)) == len(split_lines_keepends(DOCUMENT))
    again = _lint(edited, document)
    assert parser.last_tree_was_incremental and parser.last_was_incremental
    assert again == _lint(edited)
    assert first.count("Diagnostic(") > 10 and len(calls) == 2
    assert 0 < calls[1] < calls[0] / 3, calls  # the edited method's nodes only
