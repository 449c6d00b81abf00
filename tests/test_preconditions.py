"""The preconditions a rule declares for its calls (``Rule.call_names``,
``Rule.calls_in_traced_code``), for its other visits (``Rule.visits_in_traced_code``) and for
traced code (``Rule.requires_traced_code``): the engine runs a rule only at the calls and nodes
they admit and only in modules holding traced code where it asks for that, a rule that declares
none runs at every call of every module, and every built-in rule's declarations are kept by its
code."""

from __future__ import annotations

from pathlib import Path

import libcst as cst
import pytest

from conftest import ROOT
from tf2lint.linting.engine import lint_module
from tf2lint.linting.plugins import PluginError, _check, all_rules
from tf2lint.linting.rule import Rule

SOURCE = """\
import tensorflow as tf

def make():
    return print

@tf.function
def step(x):
    print(x)
    make()(x)
    x.numpy()
    return tf.reduce_sum(x)

print(1)
make()(2)
"""


def _recording(rule_id: str, seen: list, **attributes) -> type[Rule]:
    """A rule that records every call it is asked about (its id, the call's code, entering or
    leaving) and reports nothing."""

    def record(self, node, leaving=False):
        code = cst.Module(body=[]).code_for_node(node)
        seen.append((rule_id, code, "leave" if leaving else "visit"))

    return type(
        f"Recording{rule_id}",
        (Rule,),
        {
            "id": rule_id,
            "name": f"recording-{rule_id.lower()}",
            "category": "side-effect",
            "message": "recorded",
            "rationale": "a test rule",
            "visit_Call": lambda self, node: record(self, node),
            "leave_Call": lambda self, node: record(self, node, leaving=True),
            **attributes,
        },
    )


ALL_CALLS = [
    "print(x)",
    "make()(x)",
    "make()",
    "x.numpy()",
    "tf.reduce_sum(x)",
    "print(1)",
    "make()(2)",
    "make()",
]


def test_a_rule_that_declares_nothing_visits_every_call():
    """A plugin rule written before the preconditions existed: every call, traced or not,
    whatever it calls (`make()(x)` ends with no name), entered and left."""
    seen: list = []
    lint_module(SOURCE, "m.py", [_recording("XTF950", seen)])
    visits = [code for _, code, how in seen if how == "visit"]
    assert visits == ALL_CALLS
    assert sorted(c for _, c, how in seen if how == "leave") == sorted(visits)


@pytest.mark.parametrize(
    "attributes, calls",
    [
        ({"call_names": frozenset({"print"})}, ["print(x)", "print(1)"]),
        ({"call_names": frozenset({"numpy", "make"})}, ["make()", "x.numpy()", "make()"]),
        ({"calls_in_traced_code": True}, ALL_CALLS[:5]),
        ({"calls_in_traced_code": True, "call_names": frozenset({"make"})}, ["make()"]),
        ({"calls_in_traced_code": False}, ["print(1)", "make()(2)", "make()"]),
        ({"call_names": frozenset()}, []),
    ],
)
def test_the_engine_calls_a_rule_only_where_its_preconditions_admit(attributes, calls):
    seen: list = []
    lint_module(SOURCE, "m.py", [_recording("XTF951", seen, **attributes)])
    assert [code for _, code, how in seen if how == "visit"] == calls
    assert sorted(c for _, c, how in seen if how == "leave") == sorted(calls)


def test_rules_with_and_without_preconditions_are_called_in_their_order():
    """At each call the rules run in the order they were given, whichever the preconditions
    left out: a rule's findings never depend on whether another declared anything."""
    seen: list = []
    rules = [
        _recording("XTF961", seen),
        _recording("XTF962", seen, call_names=frozenset({"print", "numpy"})),
        _recording("XTF963", seen, calls_in_traced_code=True),
        _recording("XTF964", seen),
    ]
    lint_module(SOURCE, "m.py", rules)
    at_print = [rule for rule, code, how in seen if code == "print(x)" and how == "visit"]
    assert at_print == ["XTF961", "XTF962", "XTF963", "XTF964"]
    at_sum = [rule for rule, code, how in seen if code == "tf.reduce_sum(x)" and how == "visit"]
    assert at_sum == ["XTF961", "XTF963", "XTF964"]
    at_top = [rule for rule, code, how in seen if code == "print(1)" and how == "visit"]
    assert at_top == ["XTF961", "XTF962", "XTF964"]


def test_a_rule_that_fails_at_a_call_stops_there_and_the_others_go_on():
    class Failing(Rule):
        id = "XTF970"
        name = "failing"
        category = "side-effect"
        message = "never"
        rationale = "a test rule"
        call_names = frozenset({"numpy"})

        def visit_Call(self, node):
            raise ValueError("broken")

    seen: list = []
    found = lint_module(SOURCE, "m.py", [Failing, _recording("XTF971", seen)]).diagnostics
    assert [(d.rule, d.line) for d in found] == [("internal-error", 10)]
    assert [c for _, c, how in seen if how == "visit"] == ALL_CALLS


def _name_recording(seen: list, **attributes) -> type[Rule]:
    """A rule that records each name it enters and leaves (with whether the traversal is in
    traced code there), and each def it enters."""

    def record(self, node, how):
        name = node.name.value if how == "def" else node.value
        seen.append((name, how, self.context.in_traced_code))

    return type(
        "RecordingNames",
        (Rule,),
        {
            "id": "XTF985",
            "name": "recording-names",
            "category": "side-effect",
            "message": "recorded",
            "rationale": "a test rule",
            "visit_Name": lambda self, node: record(self, node, "visit"),
            "leave_Name": lambda self, node: record(self, node, "leave"),
            "visit_FunctionDef": lambda self, node: record(self, node, "def"),
            **attributes,
        },
    )


NAMES = """\
import tensorflow as tf

@tf.function
def step(x):
    with tf.init_scope():
        first = x
    return x + 1

def plain(y):
    return y
"""


def test_a_rule_visiting_names_in_traced_code_is_called_only_there():
    """``visits_in_traced_code``: a rule's name visits run exactly where the traversal is in
    traced code (`step`'s body, not the code it lifts out of the graph with `tf.init_scope`,
    nor `plain`, nor the module); the defs themselves, where the traversal's context changes,
    are visited wherever they are."""
    everywhere: list = []
    lint_module(NAMES, "m.py", [_name_recording(everywhere)])
    declared: list = []
    traced_names = frozenset({"Name"})
    lint_module(NAMES, "m.py", [_name_recording(declared, visits_in_traced_code=traced_names)])
    inside = [entry for entry in everywhere if entry[1] == "def" or entry[2]]
    assert declared == inside
    assert ("x", "visit", True) in declared and ("first", "visit", False) in everywhere
    assert not any(name in ("first", "y", "plain") for name, how, _ in declared if how != "def")
    assert [name for name, how, _ in declared if how == "def"] == ["step", "plain"]


@pytest.mark.parametrize(
    "attributes",
    [
        {"call_names": "print"},  # a string is a collection of letters, not of names
        {"call_names": {"print"}},
        {"call_names": frozenset({1})},
        {"calls_in_traced_code": 1},
        {"calls_in_traced_code": "traced"},
        {"requires_traced_code": None},
        {"requires_traced_code": 1},
        {"visits_in_traced_code": "Name"},
        {"visits_in_traced_code": frozenset({"Call"})},  # calls_in_traced_code's
        {"visits_in_traced_code": frozenset({"Module"})},
    ],
)
def test_a_malformed_precondition_is_refused_when_the_plugin_loads(attributes):
    with pytest.raises(PluginError):
        _check(_recording("XTF980", [], **attributes))


def _without_preconditions(rule: type[Rule]) -> type[Rule]:
    """``rule`` as it would run had it declared no preconditions for its calls nor for
    traced code."""
    return type(
        rule.__name__,
        (rule,),
        {
            "call_names": None,
            "calls_in_traced_code": None,
            "requires_traced_code": False,
            "visits_in_traced_code": frozenset(),
            "__module__": rule.__module__,
        },
    )


DECLARING = [
    r
    for r in all_rules()
    if r.call_names is not None
    or r.calls_in_traced_code is not None
    or r.requires_traced_code
    or r.visits_in_traced_code
]
CODE = sorted(
    [
        *(ROOT / "fixtures").glob("*/*.py"),
        *(ROOT / "tests" / "keras2_snippets").rglob("*.py"),
        *(ROOT / "tests" / "realworld").rglob("*.py"),
        *(ROOT / "tests" / "data").rglob("*.py"),  # the rules' traced-form programs
    ]
)


def test_some_builtin_rules_declare_preconditions():
    assert len(DECLARING) >= 20
    assert len([r for r in DECLARING if r.requires_traced_code]) >= 20


UNTRACED = """\
import tensorflow as tf

def make():
    return print

print(1)
make()(2)
"""


UNTRACED_CALLS = ["print(1)", "make()(2)", "make()"]


@pytest.mark.parametrize(
    "source, calls, traced",
    [
        (SOURCE, ALL_CALLS, True),  # `step` is a tf.function: the module holds traced code
        (UNTRACED, UNTRACED_CALLS, False),
        (UNTRACED.replace("def make", "@tf.function\ndef make"), UNTRACED_CALLS, True),
        # a lambda that tf.function traces is traced code too
        (
            UNTRACED + "g = tf.function(lambda x: x)\n",
            [*UNTRACED_CALLS, "tf.function(lambda x: x)"],
            True,
        ),
    ],
)
def test_a_rule_requiring_traced_code_runs_only_in_modules_that_hold_some(source, calls, traced):
    """The engine skips such a rule, all its methods, in a module where the model marks no
    function or lambda traced; where it marks one, the rule runs at every node of the module
    (its own code tells traced code from the rest). A rule that declares nothing runs
    everywhere."""
    seen: list = []
    rules = [_recording("XTF990", seen, requires_traced_code=True), _recording("XTF991", seen)]
    lint_module(source, "m.py", rules)
    assert [c for rule, c, how in seen if rule == "XTF990" and how == "visit"] == (
        calls if traced else []
    )
    assert [c for rule, c, how in seen if rule == "XTF991" and how == "visit"] == calls


@pytest.mark.parametrize("path", CODE, ids=lambda p: str(Path(p).relative_to(ROOT)))
def test_every_builtin_rule_keeps_its_declared_preconditions(path):
    """What every rule finds in the fixtures and the snippets is the same whether the engine
    honours the rules' preconditions or calls them at every call: a declaration that leaves
    out a call where its rule reports (or changes its state) fails here."""
    source = path.read_text(encoding="utf-8")
    rules = list(all_rules())
    lifted = [_without_preconditions(r) if r in DECLARING else r for r in rules]
    declared = lint_module(source, str(path), rules).diagnostics
    undeclared = lint_module(source, str(path), lifted).diagnostics
    assert [d.to_dict() for d in declared] == [d.to_dict() for d in undeclared]
