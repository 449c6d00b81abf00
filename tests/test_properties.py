"""Property tests: for generated TensorFlow programs, check never crashes, --fix leaves code that
parses, keeps line endings, and a second --fix changes nothing."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from tf2lint.linting.engine import lint_module
from tf2lint.linting.plugins import all_rules
from tf2lint.run.runner import Settings, lint_and_fix

NAMES = st.sampled_from(["x", "y", "z", "self.w", "items", "total", "tf.constant(1.0)"])

EXPRESSIONS = st.one_of(
    NAMES,
    st.builds("print({})".format, NAMES),
    st.builds("print({}, {})".format, NAMES, NAMES),
    st.builds("tf.print({})".format, NAMES),
    st.builds("tf.reduce_sum({}) * {}".format, NAMES, NAMES),
    st.builds("{} + print({}) * 2".format, NAMES, NAMES),
    st.builds("[print(i) for i in range({})]".format, st.integers(0, 3)),
    st.builds("(lambda v: print(v))({})".format, NAMES),
    st.builds("print({}) if {} else -{}".format, NAMES, NAMES, NAMES),
    st.builds("print(*{}, sep=', ')".format, NAMES),
    st.builds("print({}, file=sys.stderr)".format, NAMES),
    st.builds("tf.Variable({})".format, NAMES),
    st.builds("np.mean({}) ** 2".format, NAMES),
)

SIMPLE = st.one_of(
    st.builds("{}".format, EXPRESSIONS),
    st.builds("x = {}".format, EXPRESSIONS),
    st.builds("self.w = {}".format, EXPRESSIONS),
    st.builds("total += {}".format, EXPRESSIONS),
    st.builds("items.append({})".format, EXPRESSIONS),
    st.builds("return {}".format, EXPRESSIONS),
    st.just("global total"),
    st.just("pass"),
    st.builds("x = {}; print(x)".format, EXPRESSIONS),
    st.builds("assert {}, print('no')".format, EXPRESSIONS),
)


def _indent(lines: list[str]) -> list[str]:
    return ["    " + line for line in lines]


def _block(depth: int):
    if depth == 0:
        return st.lists(SIMPLE, min_size=1, max_size=3)
    inner = _block(depth - 1)
    compound = st.one_of(
        st.builds(lambda c, b: [f"if {c}:", *_indent(b)], NAMES, inner),
        st.builds(lambda b: ["for i in tf.range(3):", *_indent(b)], inner),
        st.builds(lambda b: ["while x < 3:", *_indent(b)], inner),
        st.builds(lambda b: ["with tf.init_scope():", *_indent(b)], inner),
        st.builds(lambda b: ["if self.w is None:", *_indent(b)], inner),
        st.builds(lambda b: ["try:", *_indent(b), "except ValueError:", "    pass"], inner),
    )
    return st.lists(st.one_of(SIMPLE.map(lambda s: [s]), compound), min_size=1, max_size=3).map(
        lambda parts: [line for part in parts for line in part]
    )


DECORATORS = st.sampled_from(
    ["@tf.function", "@tf.function(jit_compile=True)", "@tf.function()", "", "@staticmethod"]
)


@st.composite
def programs(draw) -> str:
    lines = ["import sys", "import numpy as np", "import tensorflow as tf", "", "total = 0"]
    for n in range(draw(st.integers(1, 3))):
        body = draw(_block(draw(st.integers(0, 2))))
        decorator = draw(DECORATORS)
        function = [decorator] if decorator and decorator != "@staticmethod" else []
        function += [f"def f{n}(x, y=1, *args, **kwargs):", *_indent(body)]
        if draw(st.booleans()):  # as a method of a Keras layer
            lines += ["", f"class Layer{n}(tf.keras.layers.Layer):", *_indent(function)]
        else:
            lines += ["", *function]
        if draw(st.booleans()):
            lines.append(f"f{n}_traced = tf.function(f{n})")
    code = "\n".join(line for line in lines) + "\n"
    if draw(st.booleans()):
        code = code.replace("\n", "\r\n")
    return code


RULES = list(all_rules())
FIX = Settings(rules=RULES, root=Path("."), fix=True, unsafe_fixes=True)
COMMON = settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True
)


@COMMON
@given(programs())
def test_check_never_crashes(source):
    ast.parse(source)  # the generator makes valid Python
    result = lint_module(source, "t.py", RULES)
    assert not result.internal_error, [d.message for d in result.diagnostics]
    assert all(d.rule != "syntax-error" for d in result.diagnostics)


@COMMON
@given(programs())
def test_fix_output_parses_keeps_newlines_and_is_idempotent(source):
    first = lint_and_fix(source, "t.py", RULES, FIX)
    text, result, fixed, rejected = first.text, first.result, first.count, first.rejected
    assert rejected == [] and not result.internal_error
    ast.parse(text)
    if "\r\n" in source:
        assert text.count("\n") == text.count("\r\n")
    if fixed:
        assert text != source
    again = lint_and_fix(text, "t.py", RULES, FIX)
    assert (again.text, again.count, again.rejected) == (text, 0, [])
    # Every fixable finding was fixed: what remains has no fix to apply.
    assert not [d for d in result.diagnostics if d.fix and d.fix.edits]


@settings(max_examples=40, deadline=None, derandomize=True)
@given(
    st.text(
        alphabet=st.sampled_from(list("()[]{}:=+-*/\\'\"\n\t #@.,;0123456789abcdefprint")),
        max_size=200,
    )
)
def test_arbitrary_text_never_crashes(text):
    result = lint_module(text, "t.py", RULES)
    assert not result.internal_error
    text_after = lint_and_fix(text, "t.py", RULES, FIX).text
    if text_after != text:
        ast.parse(text_after)


# --- the model never raises on valid Python: names rebound, re-imported, shadowed, redefined --

# What a name can be bound to, anywhere: modules under several names, the module's own
# functions and classes, each other, nothing.
_NAMES = ("tf", "keras", "f", "g", "C", "D", "x")
_BINDINGS = (
    "import tensorflow as {n}",
    "import tensorflow.compat.v1 as {n}",
    "from tensorflow import keras as {n}",
    "import keras as {n}",
    "import numpy as {n}",
    "from tensorflow import function as {n}",
    "{n} = tf.compat.v2",
    "{n} = tf.keras",
    "{n} = tf.function({m})",
    "{n} = {m}",
    "{n} = {m}.{n}",
    "{n} = None",
    "{n} = {m}()",
    "{n} = lambda *a: {m}(*a)",
    "{n}, {m} = {m}, {n}",
    "for {n} in range(2): pass",
    "with open('t') as {n}: pass",
    "del {n}",
    "try:\n    import tf_keras as {n}\nexcept ImportError:\n    import keras as {n}",
)
_CALLS = (
    "{n}({m})",
    "{n}.{m}({m})",
    "{n}.function({m})({m})",
    "{n}.keras.layers.Dense(2)({m})",
    "tf.py_function({n}, [{m}], tf.float32)",
    "tf.data.Dataset.range(3).map({n})",
    "{n}.compile(loss={m}, metrics=[{m}])",
    "super().{n}({m})",
    "print({n}, {m})",
    "{n}.append({m})",
    "{n}.{m} = {m}",
    "{n} += 1",
    "return {n}",
    "raise ValueError({n})",
)
_DECORATORS = (
    "@tf.function",
    "@tf.function(autograph=False)",
    "@{n}",
    "@{n}.function",
    "@{n}({m})",
    "@staticmethod",
    "@property",
)
_BASES = ("", "(tf.keras.layers.Layer)", "({n})", "({n}, {m})", "(keras.Model)", "({n}.Layer)")

_name = st.sampled_from(_NAMES)


def _statement(kind: str):
    return st.builds(lambda t, n, m: t.format(n=n, m=m), st.sampled_from(kind), _name, _name)


def _definitions(depth: int):
    """A def or class (decorated or not) whose body rebinds, calls and defines again."""
    simple = st.one_of(_statement(_BINDINGS), _statement(_CALLS))
    if depth == 0:
        body = st.lists(simple.map(lambda s: s.splitlines()), min_size=1, max_size=3)
    else:
        body = st.lists(
            st.one_of(simple.map(lambda s: s.splitlines()), _definitions(depth - 1)),
            min_size=1,
            max_size=4,
        )
    body = body.map(lambda parts: [line for part in parts for line in part])
    scope_statement = st.sampled_from(("global {n}", "pass")).flatmap(
        lambda t: _name.map(lambda n: t.format(n=n))
    )

    def function(decorators, name, params, head, lines):
        return [*decorators, f"def {name}({params}):", *_indent([head, *lines])]

    def cls(decorators, name, base, lines):
        return [*decorators, f"class {name}{base}:", *_indent(lines)]

    decorators = st.lists(_statement(_DECORATORS), max_size=2)
    params = st.sampled_from(("self, x", "x, tf=None", "*args, **kwargs", "x, f=f", ""))
    return st.one_of(
        st.builds(function, decorators, _name, params, scope_statement, body),
        st.builds(cls, decorators, _name, _statement(_BASES), body),
    )


@st.composite
def rebinding_programs(draw) -> str:
    parts = draw(
        st.lists(
            st.one_of(
                _statement(_BINDINGS).map(lambda s: s.splitlines()),
                _statement(_CALLS)
                .filter(lambda s: not s.startswith(("return", "super")))
                .map(lambda s: [s]),
                _definitions(2),
            ),
            min_size=2,
            max_size=8,
        )
    )
    return "import tensorflow as tf\n" + "\n".join(line for p in parts for line in p) + "\n"


def _findings(source: str) -> list[tuple]:
    result = lint_module(source, "t.py", RULES)
    assert not result.internal_error, [d.message for d in result.diagnostics]
    return [(d.rule, d.line, d.column, d.message, d.preview) for d in result.diagnostics]


@settings(
    max_examples=80,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
    derandomize=True,
    database=None,  # nothing written into the checkout
)
@given(rebinding_programs())
def test_rebinding_reimporting_and_shadowing_names_never_breaks_the_model(source):
    try:
        compile(source, "t.py", "exec")
    except SyntaxError:
        assume(False)  # `return` at module level, `global` after a use: not valid Python
    first = _findings(source)
    assert all(rule not in ("syntax-error", "internal-error") for rule, *_ in first)
    assert _findings(source) == first  # and a second lint says the same


# A helper's parameter that rules follow to what its callers pass: each caller passing a name
# spelled like the parameter (a global `loss` to `configure(loss)`), or the helper passing it on
# to itself. Once, TF865 read the caller's `loss` in the helper's scope and looped forever.
@pytest.mark.parametrize("call", _CALLS[:-2])
@pytest.mark.parametrize("caller", ["x = tf.constant(1.0)\nhelper(x)\n", "helper(helper)\n"])
def test_a_parameter_passed_on_under_its_own_name_is_followed_once(call, caller):
    body = call.format(n="model", m="x").replace("return ", "y = ")
    source = (
        "import tensorflow as tf\nmodel = tf.keras.Sequential([tf.keras.layers.Dense(1)])\n"
        f"def helper(x):\n    {body}\n    helper(x)\n" + caller
    )
    first = _findings(source)
    assert all(rule not in ("syntax-error", "internal-error") for rule, *_ in first)
