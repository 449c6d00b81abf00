"""The engine's parse skips libcst's re-validation of parser output, and nothing else."""

from __future__ import annotations

from pathlib import Path

import libcst as cst
import pytest

from tf2lint import engine

FIXTURES = sorted((Path(__file__).resolve().parent.parent / "fixtures").glob("TF*/*.py"))


def test_validation_is_skipped_on_this_libcst():
    # If a libcst release changes CSTNode.__post_init__, the engine parses with validation
    # again (slower, still right); this test says so, so that someone looks.
    assert engine._CAN_SKIP_VALIDATION


def test_same_tree_as_libcst():
    for path in FIXTURES:
        source = path.read_text("utf-8")
        assert engine.parse_module(source).deep_equals(cst.parse_module(source)), path


def test_validation_is_back_after_a_parse_and_after_a_parse_error():
    engine.parse_module("x = 1\n")
    with pytest.raises(cst.CSTValidationError):
        cst.Name("not a name")
    with pytest.raises(cst.ParserSyntaxError):
        engine.parse_module("def (:\n")
    with pytest.raises(cst.CSTValidationError):
        cst.Name("not a name")
