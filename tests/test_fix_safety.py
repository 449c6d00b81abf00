"""--fix must never corrupt a file, never loop, and only ever leave code that parses.

The built-in TF201 (an unsafe fix) drives the end-to-end tests; test-only rules drive the fix
machinery directly, so these tests do not depend on which fixes the built-in rules offer.
"""

from __future__ import annotations

import ast
import codecs
import json
import os
import stat
from pathlib import Path

import libcst as cst
import pytest

from conftest import run_cli
from tf2lint.linting import fixes
from tf2lint.linting.engine import lint_module
from tf2lint.linting.plugins import all_rules
from tf2lint.linting.rule import Rule
from tf2lint.run.files import read_source
from tf2lint.run.runner import MAX_FIX_ROUNDS, Settings, lint_and_fix, lint_file

BAD_PRINT = "import tensorflow as tf\n\n@tf.function\ndef step(x):\n    print(x)\n    return x\n"
FIXED_PRINT = BAD_PRINT.replace("    print(x)", "    tf.print(x)")


def make_rule(rule_id: str, applicability: str = "safe", **visitors) -> type[Rule]:
    attrs = {
        "id": rule_id,
        "name": f"test-{rule_id.lower()}",
        "category": "api-misuse",
        "message": "test finding",
        "rationale": "test",
        "fix_applicability": applicability,
        "requires_tensorflow": False,
        **visitors,
    }
    return type(f"Rule{rule_id}", (Rule,), attrs)


def rename(old: str, new: str, rule_id: str = "XT1", applicability: str = "safe"):
    """A rule that replaces each name ``old`` by the expression ``new``."""

    def visit_Name(self, node):
        if node.value == old:
            self.report(node, replacement=cst.parse_expression(new))

    return make_rule(rule_id, applicability, visit_Name=visit_Name)


def fix_text(source: str, rules, unsafe: bool = False):
    """(fixed text, last lint, fixes applied, fixes rejected)."""
    settings = Settings(rules=list(rules), root=Path("."), fix=True, unsafe_fixes=unsafe)
    fixed = lint_and_fix(source, "t.py", list(rules), settings)
    return fixed.text, fixed.result, fixed.count, fixed.rejected


# --- end to end, through the CLI -------------------------------------------------------------


def test_fix_is_idempotent(project):
    code = project / "train.py"
    code.write_text(BAD_PRINT)
    first = run_cli("check", "--fix", "--unsafe-fixes", "--show-fixes", cwd=project)
    assert code.read_text() == FIXED_PRINT
    assert "Fixed 1 error:\n- train.py:\n    1 × TF201 (print-in-traced-code)\n" in first.stdout
    assert first.returncode == 0, first.stdout + first.stderr
    second = run_cli("check", "--fix", "--unsafe-fixes", "--show-fixes", cwd=project)
    assert second.returncode == 0 and second.stdout == "All checks passed!\n"
    assert code.read_text() == FIXED_PRINT


def test_unsafe_fixes_need_unsafe_fixes(project):
    code = project / "train.py"
    code.write_text(BAD_PRINT)
    result = run_cli("check", "--fix", cwd=project)
    assert result.returncode == 1 and "TF201" in result.stdout
    assert code.read_text() == BAD_PRINT  # TF201's fix is unsafe: not applied by --fix alone
    assert run_cli("check", "--fix", "--unsafe-fixes", cwd=project).returncode == 0
    assert code.read_text() == FIXED_PRINT


def test_diff_prints_a_diff_and_writes_nothing(project):
    code = project / "train.py"
    code.write_text(BAD_PRINT)
    before = os.stat(code)
    result = run_cli("check", "--diff", "--unsafe-fixes", cwd=project)
    assert result.returncode == 1
    assert "--- train.py\n+++ train.py\n" in result.stdout
    assert "-    print(x)\n+    tf.print(x)\n" in result.stdout
    assert code.read_text() == BAD_PRINT
    assert os.stat(code).st_mtime_ns == before.st_mtime_ns
    # no temporary file left behind either
    assert {p.name for p in project.iterdir()} == {"pyproject.toml", "train.py"}
    clean = run_cli("check", "--diff", cwd=project)  # safe fixes only: nothing to show
    assert clean.returncode == 0  # as ruff 0.17, on stdout: what --unsafe-fixes would add
    assert clean.stdout == "No errors would be fixed (1 fix available with `--unsafe-fixes`).\n"


def test_crlf_bom_encoding_and_permissions_are_kept(project):
    crlf = project / "crlf.py"
    crlf.write_bytes(codecs.BOM_UTF8 + BAD_PRINT.replace("\n", "\r\n").encode())
    crlf.chmod(0o751)
    latin = project / "latin.py"
    latin_source = "# -*- coding: latin-1 -*-\n" + BAD_PRINT.replace("(x)\n", "(x, 'café')\n", 1)
    latin.write_bytes(latin_source.encode("latin-1"))
    result = run_cli("check", "--fix", "--unsafe-fixes", cwd=project)
    assert result.returncode == 0, result.stdout
    data = crlf.read_bytes()
    assert data == codecs.BOM_UTF8 + FIXED_PRINT.replace("\n", "\r\n").encode()
    assert stat.S_IMODE(crlf.stat().st_mode) == 0o751
    fixed_latin = latin.read_bytes()
    assert b"tf.print(x, 'caf\xe9')" in fixed_latin  # still latin-1, not UTF-8
    assert read_source(latin).encoding == "iso-8859-1"


def test_symlinked_file_is_fixed_through_the_link(project):
    real = project / "real_train.py"
    real.write_text(BAD_PRINT)
    link = project / "train.py"
    link.symlink_to(real.name)
    settings = Settings(rules=list(all_rules()), root=project, fix=True, unsafe_fixes=True)
    outcome = lint_file(link, settings)
    assert outcome.fixed == 1 and outcome.fixed_by_rule == {"TF201": 1}
    assert link.is_symlink() and real.read_text() == FIXED_PRINT


def test_file_changed_on_disk_meanwhile_is_not_overwritten(project, monkeypatch):
    code = project / "train.py"
    code.write_text(BAD_PRINT)
    import tf2lint.run.runner as runner

    original = runner.lint_and_fix

    def edit_during_lint(*args, **kwargs):
        out = original(*args, **kwargs)
        code.write_text(BAD_PRINT + "# edited by the user\n")
        return out

    monkeypatch.setattr(runner, "lint_and_fix", edit_during_lint)
    settings = Settings(rules=list(all_rules()), root=project, fix=True, unsafe_fixes=True)
    outcome = lint_file(code, settings)
    assert code.read_text().endswith("# edited by the user\n")
    assert any("changed on disk" in d.message for d in outcome.diagnostics)
    assert outcome.fixed == 0


# --- the fix machinery, with test-only rules ---------------------------------------------------


def test_safe_and_unsafe_fixes_are_gated():
    safe, unsafe = rename("a", "b", "XT1", "safe"), rename("c", "d", "XT2", "unsafe")
    text, _, fixed, rejected = fix_text("a + c\n", [safe, unsafe])
    assert (text, fixed, rejected) == ("b + c\n", 1, [])
    text, _, fixed, _ = fix_text("a + c\n", [safe, unsafe], unsafe=True)
    assert (text, fixed) == ("b + d\n", 2)


def test_overlapping_fixes_outer_first_then_the_rest_next_round():
    def visit_Call(self, node):  # replaces the whole call
        self.report(node, replacement=cst.parse_expression("g(y)"))

    outer = make_rule("XT1", visit_Call=visit_Call)
    inner = rename("f", "h", "XT2")  # replaces the called name inside that call
    source = "z = f(x)\nw = f\n"
    module_result = lint_module(source, "t.py", [inner, outer])
    code, applied, rejected = fixes.fix_round(
        module_result.module, module_result.diagnostics, False
    )
    assert code == "z = g(y)\nw = h\n" and rejected == []
    assert sorted(d.rule for d in applied) == ["XT1", "XT2"]
    # The same whichever rule reports first: deterministic.
    again = lint_module(source, "t.py", [outer, inner])
    assert fixes.fix_round(again.module, again.diagnostics, False)[0] == code


def test_fixed_point_is_reached_over_several_rounds():
    # Each round turns one more `a` into `b` only once the previous rename is done.
    text, result, fixed, rejected = fix_text(
        "x = a\n", [rename("a", "b", "XT1"), rename("b", "c", "XT2")]
    )
    assert text == "x = c\n" and fixed == 2 and rejected == []
    assert not [d for d in result.diagnostics if d.fix]


def test_fixes_going_round_in_a_cycle_stop_at_once_and_are_reported():
    flip, flop = rename("a", "b", "XT1"), rename("b", "a", "XT2")
    text, _, fixed, rejected = fix_text("x = a\n", [flip, flop])
    assert fixed == 2  # a -> b -> a: the text repeats
    assert ast.parse(text)  # what was kept still parses
    assert len(rejected) == 1 and rejected[0].rule == "internal-error"
    assert "did not settle: they go round in a cycle" in rejected[0].message
    assert "XT1" in rejected[0].message or "XT2" in rejected[0].message


def test_fixes_that_never_settle_nor_repeat_hit_the_bound_and_are_reported():
    def visit_Name(self, node):  # a -> (a + 1) -> ((a + 1) + 1) ...: new code every round
        if node.value == "a":
            self.report(node, replacement=cst.parse_expression("(a + 1)"))

    grow = make_rule("XT1", visit_Name=visit_Name)
    text, _, fixed, rejected = fix_text("x = a\n", [grow])
    assert fixed == MAX_FIX_ROUNDS
    assert ast.parse(text) and text.count("+ 1") == MAX_FIX_ROUNDS
    assert len(rejected) == 1
    assert f"did not settle: after {MAX_FIX_ROUNDS} rounds (XT1" in rejected[0].message


def test_meaning_changing_replacement_is_detected():
    result = lint_module("y = a * b\n", "t.py", [rename("a", "x + y")])
    module = result.module
    index = fixes._Index(module)
    edits = result.diagnostics[0].fix.edits
    code, reason = fixes.verify(module, index, edits)
    assert code is None and reason == fixes.MEANING_CHANGED  # libcst alone prints x + y * b
    assert fixes.apply(module, [result.diagnostics[0].fix]) == "y = x + y * b\n"


@pytest.mark.parametrize(
    ("source", "new", "expected"),
    [
        ("y = a * b\n", "x + y", "y = (x + y) * b\n"),
        ("y = a(1)\n", "lambda: f", "y = (lambda: f)(1)\n"),
        ("y = a < b\n", "p < q", "y = (p < q) < b\n"),
        ("y = a, c\n", "p, q", "y = (p, q), c\n"),
        ("y = a.real\n", "1", "y = (1).real\n"),
        ("y = -a ** 2\n", "-x", "y = -(-x) ** 2\n"),
        ("y = a * b\n", "x.y", "y = x.y * b\n"),  # no parentheses where none are needed
        ("a = 1\n", "b", "b = 1\n"),
    ],
)
def test_replacements_are_parenthesized_only_when_needed(source, new, expected):
    text, _, fixed, rejected = fix_text(source, [rename("a", new)])
    assert (text, fixed, rejected) == (expected, 1, [])


def test_fix_that_would_not_parse_is_dropped_and_reported_others_applied():
    def visit_Name(self, node):  # a string libcst accepts but Python cannot tokenize
        if node.value == "s":
            self.report(node, replacement=cst.SimpleString("'x' + '"))

    breaker = make_rule("XT9", visit_Name=visit_Name)
    source = "t = 1\ny = s\nz = a\n"
    text, _, fixed, rejected = fix_text(source, [breaker, rename("a", "b")])
    assert text == "t = 1\ny = s\nz = b\n" and fixed == 1
    assert len(rejected) == 1
    message = rejected[0].message
    assert rejected[0].rule == "internal-error" and rejected[0].line == 2
    assert "fix of XT9" in message and "does not parse" in message and "report" in message


def test_fix_libcst_refuses_is_dropped():
    def visit_ImportAlias(self, node):  # an import of nothing: libcst raises while printing
        self.report(node, replacement=cst.RemovalSentinel.REMOVE)

    rule = make_rule("XT4", visit_ImportAlias=visit_ImportAlias)
    text, _, fixed, rejected = fix_text("import a\nx = a\n", [rule, rename("x", "w")])
    assert (text, fixed) == ("import a\nw = a\n", 1)
    assert len(rejected) == 1 and "fix of XT4" in rejected[0].message
    assert "cannot be applied (CSTValidationError" in rejected[0].message


def test_meaning_changing_statement_fix_is_dropped():
    # Replacing `b = 2` (in `a = 1; b = 2`) by an `if` statement cannot be printed in place:
    # libcst glues it onto the line. The fix is rejected, the file left as it was.
    def visit_Assign(self, node):
        if cst.Module([]).code_for_node(node).startswith("b"):
            self.report(node, replacement=cst.parse_statement("if c:\n    d = 3\n"))

    rule = make_rule("XT3", visit_Assign=visit_Assign)
    text, _, fixed, rejected = fix_text("a = 1; b = 2\ne = 4\n", [rule])
    assert text == "a = 1; b = 2\ne = 4\n" and fixed == 0
    assert len(rejected) == 1 and "fix of XT3" in rejected[0].message


def test_edit_of_a_non_expression_is_checked_at_the_enclosing_expression():
    def visit_Arg(self, node):
        if node.keyword and node.keyword.value == "k":
            self.report(node, replacement=node.with_changes(keyword=cst.Name("kk")))

    def visit_Attribute(self, node):
        if node.attr.value == "old":
            self.report(node.attr, replacement=cst.Name("new"))

    rules = [
        make_rule("XT1", visit_Arg=visit_Arg),
        make_rule("XT2", visit_Attribute=visit_Attribute),
    ]
    text, _, fixed, rejected = fix_text("tf.old.f(1, k=tf.old)\n", rules)
    assert (text, fixed, rejected) == ("tf.new.f(1, kk=tf.new)\n", 3, [])


def test_fix_of_a_node_not_in_the_module_is_rejected():
    stray = cst.parse_expression("q")

    def visit_Name(self, node):
        if node.value == "a":
            self.report(node, edits=[(stray, cst.Name("r"))])

    text, _, fixed, rejected = fix_text("a = 1\n", [make_rule("XT1", visit_Name=visit_Name)])
    assert (text, fixed) == ("a = 1\n", 0)
    assert len(rejected) == 1 and "not part of the module" in rejected[0].message


def test_crlf_kept_for_code_the_fix_creates():
    def visit_SimpleStatementLine(self, node):
        if "a" in cst.Module([]).code_for_node(node):
            new = [node, cst.parse_statement("b = 2")]
            self.report(node, replacement=cst.FlattenSentinel(new))

    rule = make_rule("XT1", visit_SimpleStatementLine=visit_SimpleStatementLine)
    text, *_ = fix_text("x = 0\r\na = 1\r\n", [rule])
    assert text.startswith("x = 0\r\na = 1\r\nb = 2\r\n")


def test_removing_every_statement_of_a_block_keeps_pass():
    def visit_SimpleStatementLine(self, node):
        if "a" in cst.Module([]).code_for_node(node):
            self.report(node, replacement=cst.RemovalSentinel.REMOVE)

    rule = make_rule("XT1", visit_SimpleStatementLine=visit_SimpleStatementLine)
    text, _, fixed, rejected = fix_text("if x:\n    a = 1\ny = 2\n", [rule])
    assert (text, fixed, rejected) == ("if x:\n    pass\ny = 2\n", 1, [])


# --- writes: never where they should not go, never losing what the file was ---------------------


def _fix_settings(root: Path, **kwargs) -> Settings:
    return Settings(rules=list(all_rules()), root=root, fix=True, unsafe_fixes=True, **kwargs)


def test_a_read_only_file_is_not_written_and_keeps_its_findings(project):
    code = project / "train.py"
    code.write_text(BAD_PRINT)
    code.chmod(0o444)
    outcome = lint_file(code, _fix_settings(project))
    assert code.read_text() == BAD_PRINT and outcome.fixed == 0
    rules = {d.rule: d for d in outcome.diagnostics}
    assert rules["write-error"].message == "fixes not written: the file is read-only"
    assert rules["TF201"].line == 5  # the finding the fix would have removed is still reported
    assert not outcome.internal_error


def test_a_fix_through_a_symlink_out_of_the_linted_paths_is_refused(project, tmp_path_factory):
    outside = tmp_path_factory.mktemp("outside") / "lib.py"
    outside.write_text(BAD_PRINT)
    (project / "src").mkdir()
    (project / "src" / "lib.py").symlink_to(outside)
    result = run_cli("check", "src", "--fix", "--unsafe-fixes", "--format", "json", cwd=project)
    assert outside.read_text() == BAD_PRINT
    found = {d["code"]: d for d in json.loads(result.stdout)}
    assert "outside the paths being linted" in found["write-error"]["message"]
    assert "TF201" in found and result.returncode == 1
    # Named on the command line itself, the link is the user's choice: it is fixed.
    run_cli("check", "src/lib.py", "--fix", "--unsafe-fixes", cwd=project)
    assert outside.read_text() == FIXED_PRINT


def test_hard_links_stay_linked(project):
    code = project / "train.py"
    code.write_text(BAD_PRINT)
    twin = project / "twin.py.txt"
    os.link(code, twin)
    outcome = lint_file(code, _fix_settings(project))
    assert outcome.fixed == 1
    assert os.stat(code).st_ino == os.stat(twin).st_ino and twin.read_text() == FIXED_PRINT


@pytest.mark.skipif(not hasattr(os, "chown") or os.geteuid() != 0, reason="needs root to chown")
def test_owner_and_group_are_kept(project):
    code = project / "train.py"
    code.write_text(BAD_PRINT)
    os.chown(code, 4321, 8765)
    assert lint_file(code, _fix_settings(project)).fixed == 1
    status = os.stat(code)
    assert (status.st_uid, status.st_gid) == (4321, 8765) and code.read_text() == FIXED_PRINT


def test_a_file_whose_fix_cannot_be_encoded_keeps_its_findings(project):
    def visit_Name(self, node):
        if node.value == "a":
            self.report(node, replacement=cst.Name("é"))

    code = project / "t.py"
    code.write_bytes(b"# -*- coding: ascii -*-\nx = a\n")
    settings = Settings(rules=[make_rule("XT1", visit_Name=visit_Name)], root=project, fix=True)
    outcome = lint_file(code, settings)
    assert code.read_bytes() == b"# -*- coding: ascii -*-\nx = a\n"
    assert {d.rule for d in outcome.diagnostics} == {"XT1", "write-error"}
    assert (
        "cannot be written in ascii"
        in next(d for d in outcome.diagnostics if d.rule == "write-error").message
    )


def test_cr_only_line_endings_are_kept_to_the_last_one(project):
    code = project / "mac.py"
    code.write_bytes(BAD_PRINT.replace("\n", "\r").encode())
    assert lint_file(code, _fix_settings(project)).fixed == 1
    assert code.read_bytes() == FIXED_PRINT.replace("\n", "\r").encode()


# --- one fix path, always verified; rounds go on until nothing is left to fix -------------------


NESTED = (
    "import tensorflow as tf\nx = 1.0\n"
    + "y = " + "tf.to_float(" * 14 + "x" + ")" * 14 + "\n"
    + "z = " + "tf.log(" * 14 + "x" + ")" * 14 + "\n"
)  # fmt: skip


def test_one_fix_run_reaches_the_fixed_point_of_fourteen_nested_fixes(project):
    code = project / "nested.py"
    code.write_text(NESTED)
    first = run_cli("check", "--fix", cwd=project)
    assert first.returncode == 0, first.stdout
    text = code.read_text()
    assert (
        text.count("tf.cast(") == 14 and "to_float" not in text and text.count("tf.math.log(") == 14
    )
    assert "(28 fixed, 0 remaining)" in first.stdout
    second = run_cli("check", "--fix", cwd=project)
    assert code.read_text() == text  # the second run changes nothing
    assert second.stdout == "All checks passed!\n"


def test_the_language_servers_quick_fix_is_verified_as_fix_is():
    """A replacement needing parentheses: libcst alone prints `x + y * b`."""
    from tf2lint.run.runner import TextTask, diagnostic_key, run_text_task

    rule = rename("a", "x + y")
    settings = Settings(rules=[rule], root=Path("."), fix=True)
    (d,) = run_text_task(None, TextTask("y = a * b\n", "t.py", [rule], settings)).diagnostics
    one = run_text_task(None, TextTask("y = a * b\n", "t.py", [rule], settings, diagnostic_key(d)))
    assert one == "y = (x + y) * b\n"
    every = run_text_task(None, TextTask("y = a * b\n", "t.py", [rule], settings, "all"))
    assert every == "y = (x + y) * b\n"


def test_a_quick_fix_applies_its_own_finding_only():
    from tf2lint.run.runner import TextTask, diagnostic_key, run_text_task

    rule = rename("a", "b")
    settings = Settings(rules=[rule], root=Path("."), fix=True)
    _, second = run_text_task(
        None, TextTask("p = a\nq = a\n", "t.py", [rule], settings)
    ).diagnostics
    task = TextTask("p = a\nq = a\n", "t.py", [rule], settings, diagnostic_key(second))
    assert run_text_task(None, task) == "p = a\nq = b\n"
