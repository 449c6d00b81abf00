"""Positions of reported nodes: generating only the statements around them gives the same
ranges as libcst's PositionProvider, on code built to trip the statement pairing up."""

from __future__ import annotations

import ast
from pathlib import Path

import libcst as cst
import pytest
from libcst.metadata import MetadataWrapper, PositionProvider

from tf2lint.analysis.model import ModuleModel
from tf2lint.base import positions

TRICKY = {
    "decorators": (
        "import tensorflow as tf\n\n# comment before\n@tf.function(\n    jit_compile=True)\n"
        "# between\n@other\n\ndef f(x):\n    return x  # trailing\n"
    ),
    "semicolons": "a = 1; b = 2\nif a: c = 3; d = 4\nelse: e = 5\nf = a + b\n",
    "elif_chain": (
        "if a:\n    x = 1\n# c\nelif b:\n    x = 2\n\n  # odd comment\nelif c:\n    x = 3\n"
        "else:\n    x = 4\n"
    ),
    "try": (
        "try:\n    a()\nexcept ValueError:\n    b()\nexcept (KeyError, OSError) as e:\n"
        "    c(e)\nelse:\n    d()\nfinally:\n    e()\n"
    ),
    "try_star": "try:\n    a()\nexcept* ValueError:\n    b()\n",
    "match": "match p:\n    case [x, y]:\n        f(x)\n    case {'k': v}:\n        g(v)\n    case _:\n        pass\n",
    "loops": (
        "for i in range(3):\n    if i:\n        continue\nelse:\n    done()\n"
        "while x:\n    x -= 1\nelse:\n    y = 1\nasync def g():\n    async with a as b:\n"
        "        async for q in b:\n            await q\n"
    ),
    "tabs_crlf": 'class A:\r\n\tdef f(self):\r\n\t\treturn \'é\' + """x\r\ny"""\r\n\r\n\tz = 1\r\n',
    "no_trailing_newline": "def f():\n    return (1,\n            2)",
    "strings": 's = """one\ntwo"""; t = (\n    "a"\n    "b"\n)\n',
    "continuation": "x = 1 + \\\n    2\ny = [\n    1,\n]\n",
    "parenthesized_decorator": "@(\n    deco\n)\ndef f():\n    pass\n",
    # Calls placed by their start from Python's tree: repeated, parenthesised, in f-strings,
    # spread over lines, in compound statements' headers.
    "calls": (
        "x = f(f(1)) + tf.a.b(2)\ny = (tf.a.b)(3) + tf.a.b(4)\nz = g(f'{h(1)}', h(2))\n"
        "w = (k(5)); v = k(6)\nu = [\n    tf.c(\n        7),\n    tf  .  d(8)]\n"
        "t = tf.e \\\n    .f(9)\nif tf.g(10):\n    q = lambda: m(n(11))\n"
    ),
    "nested_classes": (
        "class A:\n    '''doc'''\n    class B:\n        def m(self):\n"
        "            def inner():\n                return [i for i in range(3)]\n"
        "            return inner\n"
    ),
}


def _reference(module: cst.Module) -> dict[int, tuple[int, int, int, int]]:
    wrapper = MetadataWrapper(module, unsafe_skip_copy=True)
    found = wrapper.resolve(PositionProvider)
    return {
        id(node): (r.start.line, r.start.column, r.end.line, r.end.column)
        for node, r in found.items()
    }


def _check(source: str) -> int:
    tree = ast.parse(source)
    module = cst.parse_module(source)
    model = ModuleModel(module)
    expected = _reference(module)
    nodes = [n for n, entering in model.events if entering and type(n) is not cst.Module]
    checked = 0
    for node in nodes:  # one at a time: each is its own statement search
        got = positions.node_ranges(module, [node], source, tree, model.events)
        assert got[id(node)] == expected[id(node)], (type(node).__name__, source)
        checked += 1
    together = positions.node_ranges(module, nodes, source, tree, model.events)
    assert all(together[id(n)] == expected[id(n)] for n in nodes)
    # Placed by their start only (evidence, calls into other modules), every other node, beside
    # the full ranges of the rest: the same starts, and the full ranges unchanged.
    full, by_start = nodes[::2], nodes[1::2]
    mixed = positions.node_ranges(module, full, source, tree, model.events, starts=by_start)
    assert all(mixed[id(n)] == expected[id(n)] for n in full)
    assert all(mixed[id(n)][:2] == expected[id(n)][:2] for n in by_start)
    alone = positions.node_ranges(module, [], source, tree, model.events, starts=nodes)
    assert all(alone[id(n)][:2] == expected[id(n)][:2] for n in nodes)
    return checked


@pytest.mark.parametrize("name", sorted(TRICKY))
def test_statement_positions_match_position_provider(name):
    assert _check(TRICKY[name]) > 3


def test_fixtures_positions_match_position_provider():
    root = Path(__file__).resolve().parent.parent / "fixtures"
    assert sum(_check(p.read_text("utf-8")) for p in sorted(root.glob("TF*/*.py"))) > 5000


def test_statements_are_generated_from_their_own_line(monkeypatch):
    """The fast path, not the whole-module fallback, places nodes in ordinary code."""
    source = TRICKY["elif_chain"] + TRICKY["try"] + TRICKY["decorators"]
    calls = []
    real = positions._statement_spans
    monkeypatch.setattr(
        positions, "_statement_spans", lambda *a: calls.append(real(*a)) or calls[-1]
    )
    module = cst.parse_module(source)
    model = ModuleModel(module)
    nodes = [n for n, entering in model.events if isinstance(n, cst.Name)]
    positions.node_ranges(module, nodes, source, ast.parse(source), model.events)
    assert calls and calls[0] is not None


def test_a_misplaced_statement_falls_back_to_the_whole_module():
    """A decorator whose '@' sits lines above its expression: ast gives the expression's line,
    the token check refuses it, and the ranges still come out right."""
    source = TRICKY["parenthesized_decorator"]
    module = cst.parse_module(source)
    model = ModuleModel(module)
    deco = module.body[0].decorators[0]
    with pytest.raises(positions._Mismatch):
        positions._statement_spans(
            module,
            source,
            positions._line_starts(source),
            ast.parse(source),
            model.events,
            {id(deco.decorator)},
        )
    assert _check(source) > 0


def test_dotted_names_and_their_calls_are_found_in_the_text(monkeypatch):
    """A dotted name, or the start of a call of one, is placed by finding its text in its
    statement's lines where it occurs there once, without generating the statement; the rest by
    code generation."""
    placed = []
    real = positions._found_in_text
    monkeypatch.setattr(
        positions, "_found_in_text", lambda *a: placed.append(real(*a)) or placed[-1]
    )

    def found(source: str) -> tuple[int, int]:
        """How many calls and attributes were found in the text: with full ranges, by start."""
        module = cst.parse_module(source)
        model = ModuleModel(module)
        nodes = [
            n for n, entering in model.events if entering and type(n) in (cst.Call, cst.Attribute)
        ]
        tree, expected = ast.parse(source), _reference(module)
        full = positions.node_ranges(module, nodes, source, tree, model.events)
        assert all(full[id(n)] == expected[id(n)] for n in nodes)
        by_full = sum(len(p) for p in placed)
        placed.clear()
        alone = positions.node_ranges(module, [], source, tree, model.events, starts=nodes)
        assert all(alone[id(n)] == expected[id(n)][:2] * 2 for n in nodes)
        by_start = sum(len(p) for p in placed)
        placed.clear()
        return by_full, by_start

    assert found("x = tf.a.b(2) + g(1)\n") == (2, 4)  # `tf.a.b` and `tf.a`; and both calls
    assert found("x = tf.contrib.layers.conv2d(\n    y, tf.float32)\n") == (4, 5)
    assert found("x = f(f(1)) + (g)(2) + (tf.a).b + tf . c\n") == (0, 0)
    assert found("x = tf.a  # tf.a\n") == (0, 0)
    assert found("x = f'{tf.a.b(1)}' + 'tf.a'\n") == (1, 2)  # `tf.a.b` once, `tf.a` twice
    assert found("s = 'é'\nx = tf.a.b(2)\n") == (2, 3)
    assert found("x = (tf\n     .a)\ny = tf.b \\\n    .c\n") == (1, 1)  # `tf.b` only
    # in a header; not in a one-line suite, whose small statements are no statements
    assert found("with tf.a.b(1):\n    pass\nif tf.c:\n    pass\nelif tf.d:\n    pass\n") == (4, 5)
    assert found("if tf.e:\n    pass\nelse: tf.e\nfor x in tf.f: tf.f\n") == (0, 0)
