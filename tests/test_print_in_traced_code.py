"""TF201's fix: `print` in traced code becomes `tf.print` with each formatted value an argument."""

from __future__ import annotations

import textwrap

import pytest

from conftest import lint
from tf2lint.linting.engine import lint_module
from tf2lint.linting.fixes import apply, choose_fixes
from tf2lint.linting.plugins import rule_by_id

HEADER = "import tensorflow as tf\n\n\n@tf.function\ndef step(x, y):\n"


def fixed_line(statement: str) -> str:
    """``statement`` inside a traced function, after TF201's fix (one round)."""
    source = HEADER + f"    {statement}\n"
    result = lint_module(source, "t.py", [rule_by_id("TF201")])
    fixes = [d.fix for d in result.diagnostics if d.fix]
    assert [d.rule for d in result.diagnostics] == ["TF201"]
    if not fixes:
        return statement
    return apply(result.module, choose_fixes(result.module, fixes))[len(HEADER) + 4 : -1]


@pytest.mark.parametrize(
    ("before", "after"),
    [
        ('print("loss:", x)', 'tf.print("loss:", x)'),
        ("print('loss:', x)", "tf.print('loss:', x)"),  # nothing formatted: as written
        ('print(f"x is {x}")', 'tf.print("x is", x)'),
        ('print("x is %s and y is %s" % (x, y))', 'tf.print("x is", x, "and y is", y)'),
        ('print("x={}, y={y}".format(x, y=y))', 'tf.print("x=", x, ", y=", y, sep="")'),
        ('print("n: " + str(x))', 'tf.print("n:", x)'),
        ('print("a", f"b{x}", sep="-")', 'tf.print("a-b", x, sep="")'),
        ('print(x, y, end="!")', 'tf.print(x, y, end="!")'),
        ("print(f'{x}{y}')", 'tf.print(x, y, sep="")'),
        ('print(f"{{literal}} {x}")', 'tf.print("{literal}", x)'),
        ('tf.print(f"value {x}")', 'tf.print("value", x)'),
    ],
)
def test_formatted_values_become_arguments(before, after):
    assert fixed_line(before) == after


@pytest.mark.parametrize(
    "statement",
    [
        'print(f"x is {x:.3f}")',
        'print(f"x is {x!r}")',
        'print("%d items" % x)',
        'print("x", file=sys.stderr)',
        'print("{0.shape}".format(x))',
    ],
)
def test_formatting_tf_print_cannot_do_gets_no_fix(statement):
    assert fixed_line(statement) == statement


def test_a_prebuilt_message_gets_no_fix():
    source = HEADER + '    message = f"x={x}"\n    print(message)\n'
    (d,) = lint(source, ["TF201"])
    assert d.fix is None


def test_the_fix_spells_tf_print_with_the_name_that_holds_tensorflow_there():
    # `tf` inside the step is a local tensor, not the module: the fix needs another name
    source = "import tensorflow as tf\nimport tensorflow as tensorflow\n\n\n@tf.function\n"
    source += "def step(x):\n    tf = x * 2\n    print(tf)\n    return tf\n"
    result = lint_module(source, "t.py", [rule_by_id("TF201")])
    (d,) = result.diagnostics
    assert "    tensorflow.print(tf)\n" in apply(result.module, [d.fix])


def test_tf_print_of_a_formatted_tensor_is_still_reported():
    # what the old fix wrote: the file must not then be reported clean
    (d,) = lint(HEADER + '    tf.print(f"x is {x}")\n', ["TF201"])
    assert "formats `x` into a string while tracing" in d.message
    assert lint(HEADER + '    tf.print("x is", x)\n', ["TF201"]) == []
    # a Python constant formatted while tracing is the same on every call
    assert lint(HEADER + '    tf.print(f"rank {3}")\n', ["TF201"]) == []


def test_print_outside_traced_code_is_fine():
    assert (
        lint(textwrap.dedent('import tensorflow as tf\nprint(f"{tf.ones([1])}")\n'), ["TF201"])
        == []
    )


def test_a_string_held_in_a_name_is_printed_as_it_is():
    source = HEADER + '    label = "loss"\n    print(label, x)\n'
    (d,) = lint(source, ["TF201"])
    assert d.fix is not None and d.fix.replacement_text == "tf.print(label, x)"
