"""The engine's parse skips libcst's re-validation of parser output, and nothing else."""

from __future__ import annotations

import dataclasses
import sys
from pathlib import Path

import libcst as cst
import pytest

from tf2lint.base import parsing
from tf2lint.linting import engine

FIXTURES = sorted((Path(__file__).resolve().parent.parent / "fixtures").glob("TF*/*.py"))


def test_validation_is_skipped_on_this_libcst():
    # If a libcst release changes CSTNode.__post_init__, the engine parses with validation
    # again (slower, still right); this test says so, so that someone looks.
    assert parsing.CAN_SKIP_VALIDATION


def test_same_tree_as_libcst():
    for path in FIXTURES:
        source = path.read_text("utf-8")
        assert engine.parse_module(source).deep_equals(cst.parse_module(source)), path


def test_a_parser_import_of_a_module_not_imported_yet_falls_back_to_libcsts_parse(monkeypatch):
    """The parser runs with an import hook that imports nothing: a module it would import
    for the first time is missing there (KeyError), and the ordinary parse runs instead."""
    monkeypatch.delitem(sys.modules, "libcst")
    source = "def f(x):\n    return x  # one\n"
    assert engine.parse_module(source).deep_equals(cst.parse_module(source))


def test_validation_is_back_after_a_parse_and_after_a_parse_error():
    engine.parse_module("x = 1\n")
    with pytest.raises(cst.CSTValidationError):
        cst.Name("not a name")
    with pytest.raises(cst.ParserSyntaxError):
        engine.parse_module("def (:\n")
    with pytest.raises(cst.CSTValidationError):
        cst.Name("not a name")


def _nodes(node: cst.CSTNode):
    yield node
    for child in node.children:
        yield from _nodes(child)


def test_each_node_class_is_built_by_its_slot_init_as_dataclasses_would():
    parsing.install_slot_inits()
    assert len(parsing.DATACLASS_INITS) > 150  # every concrete node class of libcst 1.x
    seen = set()
    for path in FIXTURES:
        for node in _nodes(engine.parse_module(path.read_text("utf-8"))):
            cls = type(node)
            assert cls in parsing.DATACLASS_INITS, cls  # the parse builds it the fast way
            fields = {f.name: getattr(node, f.name) for f in dataclasses.fields(cls)}
            stock = object.__new__(cls)
            parsing.DATACLASS_INITS[cls](stock, **fields)
            assert all(getattr(stock, name) is value for name, value in fields.items())
            seen.add(cls)
    assert len(seen) > 60


def test_defaults_and_factories_are_what_dataclasses_give():
    parsing.install_slot_inits()
    body = cst.SimpleStatementSuite([cst.Pass()])
    fields = {
        cst.Call: {"func": cst.Name("f")},
        cst.FunctionDef: {"name": cst.Name("f"), "params": cst.Parameters(), "body": body},
    }
    for cls, given in fields.items():
        fast, stock = object.__new__(cls), object.__new__(cls)
        cls.__init__(fast, **given)
        parsing.DATACLASS_INITS[cls](stock, **given)
        assert fast.deep_equals(stock)
    # a factory makes each node its own default, as dataclasses' __init__ does
    assert (
        cst.Call(cst.Name("f")).whitespace_after_func
        is not cst.Call(cst.Name("g")).whitespace_after_func
    )
