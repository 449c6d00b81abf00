"""The language server's incremental parse (tf2lint.linting.incremental): after any edit, the module it
builds from the last parse is the module a full parse builds, node for node and byte for byte."""

from __future__ import annotations

import ast
import warnings
from pathlib import Path

import libcst as cst
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tf2lint.base.lines import split_lines_keepends
from tf2lint.linting.incremental import IncrementalParser

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
# Real-looking files: every rule's fixtures, the larger ones first.
# A Keras-style class with methods, comments at each depth between them, a nested function.
CLASS = (
    "import tensorflow as tf\n\n\nclass Model(tf.keras.Model):\n"
    '    """A model."""\n\n    units = 4\n'
    + "".join(
        f"\n    # method {i}\n    @tf.function\n    def call_{i}(self, x):\n"
        f"        y = x * {i}\n        if y is None:\n            return x\n"
        f"            # after the return\n        return y\n"
        for i in range(8)
    )
    + "\n    def helper(self):\n        def inner():\n            return 1\n\n        return inner\n"
    + "\n\ndone = Model()\n"
)
FILES = [
    CLASS,
    *sorted(
        (p.read_text(encoding="utf-8") for p in FIXTURES.glob("*/*.py")), key=len, reverse=True
    )[:40],
]

# Lines an edit inserts: code at both depths, blocks that open and close, comments at both
# depths (whose owner is a block's footer or the next statement), strings and brackets left
# open, continuations, decorators, other newline and indent styles.
INSERTED = [
    "x = 1\n", "    y = x\n", "def helper(a):\n", "    return a\n", "class Model:\n",
    "    def call(self, x):\n", "        return x\n", "if x:\n", "else:\n", "    pass\n",
    "try:\n", "except ValueError:\n", "finally:\n", "@tf.function\n", "# a comment\n",
    "    # an indented comment\n", "\n", "   \n", '"""\n', 'doc = """\n', "(\n", ")\n",
    "values = [\n", "]\n", "total = 1 + \\\n", "x = 1; y = 2\n", "\tpass\n", "  z = 3\n",
    "import tensorflow as tf\n", "print(x)  # trailing\n", "x = 1\r\n", "for i in range(3):\n",
    "with tf.GradientTape() as tape:\n", "async def run():\n", "    await step()\n",
]  # fmt: skip


@st.composite
def edits(draw: st.DrawFn, text: str) -> str:
    """``text`` with one edit: lines inserted, deleted, copied from elsewhere, or characters
    typed or deleted within a line."""
    lines = split_lines_keepends(text)
    at = draw(st.integers(0, len(lines)))
    kind = draw(st.sampled_from(["insert", "delete", "copy", "type", "erase"]))
    if kind == "insert":
        new = draw(st.lists(st.sampled_from(INSERTED), min_size=1, max_size=3))
        lines[at:at] = new
    elif kind == "delete" and lines:
        lines[at : at + draw(st.integers(1, 4))] = []
    elif kind == "copy" and lines:
        start = draw(st.integers(0, len(lines) - 1))
        lines[at:at] = lines[start : start + draw(st.integers(1, 6))]
    elif lines:
        row = min(at, len(lines) - 1)
        line = lines[row]
        column = draw(st.integers(0, max(len(line.rstrip("\r\n")), 0)))
        if kind == "type":
            typed = draw(st.sampled_from(["a", " ", "#", ":", "(", ")", "'", "  # edit", "1"]))
            lines[row] = line[:column] + typed + line[column:]
        else:
            lines[row] = line[:column] + line[column + 1 :] if column < len(line) else line
    return "".join(lines)


def _python_accepts(text: str) -> bool:
    """What the engine asks before it parses with libcst (invalid Python is not parsed)."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            ast.parse(text)
    except (SyntaxError, ValueError, RecursionError):
        return False
    return True


@st.composite
def edited_documents(draw: st.DrawFn) -> tuple[str, list[str]]:
    text = draw(st.sampled_from(FILES))
    versions = []
    current = text
    for _ in range(draw(st.integers(1, 6))):
        current = draw(edits(current))
        versions.append(current)
    return text, versions


INCREMENTAL: list[bool] = []  # whether each parse was incremental (see the last test)


@settings(
    max_examples=400, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)
@given(edited_documents())
def test_incremental_parse_equals_full_parse(document: tuple[str, list[str]]) -> None:
    text, versions = document
    parser = IncrementalParser()
    parser.parse("doc", text)
    for version in versions:
        if not _python_accepts(version):
            continue  # the engine reports a syntax error without parsing; the parse stays
        try:
            full = cst.parse_module(version)
        except cst.ParserSyntaxError:
            continue
        module = parser.parse("doc", version)
        INCREMENTAL.append(parser.last_was_incremental)
        assert module.code == version
        assert module.deep_equals(full), (version, parser.last_was_incremental)
        assert module.default_indent == full.default_indent
        assert module.default_newline == full.default_newline
        assert module.has_trailing_newline == full.has_trailing_newline
        assert module.encoding == full.encoding


def test_an_edit_in_the_middle_reparses_only_its_statement() -> None:
    body = "".join(f"def f{i}(x):\n    return x + {i}\n\n\n" for i in range(50))
    parser = IncrementalParser()
    before = parser.parse("doc", body)
    edited = body.replace("return x + 25\n", "return x + 25  # edited\n")
    after = parser.parse("doc", edited)
    assert parser.last_was_incremental
    assert after.code == edited
    changed = [
        i for i, (a, b) in enumerate(zip(before.body, after.body, strict=True)) if a is not b
    ]
    # Every other statement is the very node of the last parse; the next one's leading blank
    # lines come from the re-parsed chunk, its function is the old one.
    assert changed == [25, 26]
    assert after.body[26].body is before.body[26].body


def test_a_string_opened_by_the_edit_is_parsed_with_what_closes_it() -> None:
    text = 'x = 1\ny = 2\nz = """\n"""\nw = 4\n'
    parser = IncrementalParser()
    parser.parse("doc", text)
    edited = text.replace("y = 2\n", 'y = """\n').replace('z = """\n', "z\n")
    # y's string now runs to the old z's closing quotes: the chunk grows until it parses
    assert _python_accepts(edited)
    assert parser.parse("doc", edited).deep_equals(cst.parse_module(edited))


def test_most_random_edits_were_parsed_incrementally() -> None:
    """The property above is about the incremental path, not the fallback to a full parse."""
    if len(INCREMENTAL) < 100:  # the property test did not run first (run alone, say)
        test_incremental_parse_equals_full_parse()
    assert sum(INCREMENTAL) > len(INCREMENTAL) / 2, (sum(INCREMENTAL), len(INCREMENTAL))


def test_an_edit_inside_a_class_reparses_only_its_method() -> None:
    parser = IncrementalParser()
    before = parser.parse("doc", CLASS)
    edited = CLASS.replace("y = x * 4\n", "y = x * 4  # edited\n")
    after = parser.parse("doc", edited)
    assert parser.last_was_incremental
    assert after.deep_equals(cst.parse_module(edited))
    old_methods, new_methods = before.body[1].body.body, after.body[1].body.body
    changed = [
        i for i, (a, b) in enumerate(zip(old_methods, new_methods, strict=True)) if a is not b
    ]
    assert changed == [6]  # call_4; inside it, only the edited statement
    old_body, new_body = old_methods[6].body.body, new_methods[6].body.body
    assert [a is b for a, b in zip(old_body, new_body, strict=True)] == [False, True, True]
    assert new_methods[6].decorators is old_methods[6].decorators


def test_an_edit_between_methods_reparses_them_in_the_class() -> None:
    parser = IncrementalParser()
    before = parser.parse("doc", CLASS)
    edited = CLASS.replace("    # method 5\n", "    # method 5\n    step = 5\n")
    after = parser.parse("doc", edited)
    assert parser.last_was_incremental
    assert after.deep_equals(cst.parse_module(edited))
    old_methods, new_methods = before.body[1].body.body, after.body[1].body.body
    assert len(new_methods) == len(old_methods) + 1
    assert new_methods[8].body is old_methods[7].body  # call_5: new leading lines, its body kept


def test_a_line_holding_only_a_backslash_inserted_or_deleted_anywhere_parses_as_in_full():
    """Python joins a lone `\\` line to the next; libcst's tree of the statements around it
    differs from its tree of them around an edit, so deleting such a line was parsed one line
    off (diagnostics one line off in the editor). Every place in a class-dense file, both ways."""
    lines = CLASS.split("\n")
    compared = 0
    for i in range(len(lines)):
        for inserted in ("\\", "    \\"):
            with_backslash = "\n".join([*lines[:i], inserted, *lines[i:]])
            if not _python_accepts(with_backslash):
                continue
            try:
                cst.parse_module(with_backslash)
            except cst.ParserSyntaxError:
                continue  # valid Python that libcst cannot take: no module to compare
            for before, after in ((with_backslash, CLASS), (CLASS, with_backslash)):
                parser = IncrementalParser()
                parser.parse("m.py", before)
                built, full = parser.parse("m.py", after), cst.parse_module(after)
                assert built.code == full.code and built.deep_equals(full), (i, inserted)
                compared += 1
    assert compared > 40


TREES: list[bool] = []  # whether each of Python's trees was built from the last one


def _dump(tree: ast.AST) -> str:
    return ast.dump(tree, include_attributes=True)


@settings(
    max_examples=300, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)
@given(edited_documents())
def test_incremental_tree_equals_pythons_parse(document: tuple[str, list[str]]) -> None:
    """As the engine asks: Python's tree first (raising as ast.parse does), then the module."""
    text, versions = document
    parser = IncrementalParser()
    parser.parse_tree("doc", text)
    parser.parse("doc", text)
    for version in versions:
        if not _python_accepts(version):
            try:
                parser.parse_tree("doc", version)
            except (SyntaxError, ValueError):
                continue
            raise AssertionError("a tree of a text Python refuses")
        tree = parser.parse_tree("doc", version)
        TREES.append(parser.last_tree_was_incremental)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            assert _dump(tree) == _dump(ast.parse(version)), version
        try:
            full = cst.parse_module(version)
        except cst.ParserSyntaxError:
            continue
        assert parser.parse("doc", version).deep_equals(full)


def test_trees_of_edits_within_lines_were_built_incrementally() -> None:
    if len(TREES) < 100:  # run alone
        test_incremental_tree_equals_pythons_parse()
    assert sum(TREES) > len(TREES) / 5, (sum(TREES), len(TREES))


def test_an_edit_within_a_method_parses_only_its_statements_by_python() -> None:
    parser = IncrementalParser()
    before = parser.parse_tree("doc", CLASS)
    parser.parse("doc", CLASS)
    edited = CLASS.replace("y = x * 4\n", "y = x * 44\n")
    after = parser.parse_tree("doc", edited)
    assert parser.last_tree_was_incremental
    assert _dump(after) == _dump(ast.parse(edited))
    old_methods, new_methods = before.body[1].body, after.body[1].body
    changed = [
        i for i, (a, b) in enumerate(zip(old_methods, new_methods, strict=True)) if a is not b
    ]
    assert len(changed) == 1  # call_4
    assert before.body[1] is not after.body[1] and _dump(before.body[1]) != _dump(after.body[1])


def test_libcst_is_given_only_what_python_has_accepted() -> None:
    """The engine parses by Python before libcst, whose native parser crashes (no exception)
    on nesting Python refuses. Building Python's tree from the last one parses chunks by
    libcst first: each only after Python accepted it, and never the whole text."""
    given: list[str] = []

    def recorded(text: str) -> cst.Module:
        given.append(text)
        return cst.parse_module(text)

    parser = IncrementalParser(recorded)
    parser.parse_tree("doc", CLASS)
    parser.parse("doc", CLASS)
    given.clear()
    nested = "(" * 250 + "x" + ")" * 250  # more brackets than Python's tokenizer takes
    for old in ("y = x * 4\n", "units = 4\n", "done = Model()\n"):
        edited = CLASS.replace(old, f"{old[:-1]} + {nested}\n")
        assert not _python_accepts(edited)
        try:
            parser.parse_tree("doc", edited)
        except (SyntaxError, RecursionError, MemoryError):
            pass
        else:
            raise AssertionError("a tree of a text Python refuses")
    assert all(_python_accepts(text) for text in given), given
