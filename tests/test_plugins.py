"""Rules come from plugins: the built-in ones and a third-party package through its entry point."""

from __future__ import annotations

import os
import subprocess
import sys

import libcst as cst
import pytest

from conftest import ROOT, run_cli
from tf2lint import rules as builtin_rules
from tf2lint.linting.engine import lint_module
from tf2lint.linting.plugins import plugin_manager
from tf2lint.linting.rule import Rule


def test_builtin_rules_are_a_registered_plugin():
    manager = plugin_manager()
    assert manager.is_registered(builtin_rules)
    assert manager.hook.tf2lint_rules.spec is not None


def test_third_party_plugin_rule_runs_from_the_cli(tmp_path, project):
    target = tmp_path / "site"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "install",
            "-q",
            "--no-deps",
            "--target",
            str(target),
            str(ROOT / "tests" / "plugin_example"),
        ],
        check=True,
        capture_output=True,
    )
    code = project / "train.py"
    code.write_text("import tensorflow as tf\ntf.config.run_functions_eagerly(True)\n")
    env = {**os.environ, "PYTHONPATH": str(target)}
    listed = run_cli("rules", env=env, cwd=project)
    assert "XTF001" in listed.stdout
    result = run_cli("check", "train.py", "--select", "XTF", env=env, cwd=project)
    assert result.returncode == 1, result.stderr
    assert "XTF001" in result.stdout and " --> train.py:2:1" in result.stdout
    # without the plugin on the path the rule does not exist
    assert "XTF001" not in run_cli("rules", cwd=project).stdout


def _rule(**attributes):
    class PrintCall(Rule):
        id = "XTF900"
        name = "print-call"
        category = "side-effect"
        message = "print call"
        rationale = "a test rule"

        def visit_Call(self, node):
            if isinstance(node.func, cst.Name) and node.func.value == "print":
                self.report(node)

    for key, value in attributes.items():
        setattr(PrintCall, key, value)
    return PrintCall


@pytest.mark.parametrize(
    "attributes, source, reported",
    [
        ({}, "print(1)\n", False),  # the default: a module without TensorFlow is skipped
        ({}, "import tensorflow as tf\nprint(1)\n", True),
        ({"requires_tensorflow": False}, "print(1)\n", True),
        ({"requires_text": ("keras",)}, "import tensorflow as tf\nprint(1)\n", False),
        ({"requires_text": ("keras",)}, "import tensorflow as tf\nkeras = 1\nprint(1)\n", True),
    ],
)
def test_the_rule_contract_decides_where_a_plugin_rule_runs(attributes, source, reported):
    found = lint_module(source, "m.py", [_rule(**attributes)]).diagnostics
    assert [d.rule for d in found] == (["XTF900"] if reported else [])


# A plugin written against the names of the releases before tf2lint's floor packages: the
# package's lazy names and the modules tf2lint.rule and tf2lint.hookspecs.
OLD_NAMES_PLUGIN = """
import libcst as cst

import tf2lint
from tf2lint.hookspecs import hookimpl
from tf2lint.rule import Evidence, Fix, Rule, Step


class OldPrint(Rule):
    id = "XTF801"
    name = "old-names-print"
    category = "side-effect"
    message = "print call"
    rationale = "written against the old import paths"
    requires_tensorflow = False

    def visit_Call(self, node: cst.Call) -> None:
        if isinstance(node.func, cst.Name) and node.func.value == "print":
            assert Fix and Step and Evidence
            self.report(node)


class OldTopLevel(tf2lint.Rule):
    id = "XTF802"
    name = "old-names-eager"
    category = "api-misuse"
    message = "`tf.config.run_functions_eagerly` call"
    rationale = "written against tf2lint.Rule"

    def visit_Call(self, node: cst.Call) -> None:
        if self.model.call_name(node) == "tensorflow.config.run_functions_eagerly":
            self.report(node)


@hookimpl
def tf2lint_rules():
    return [OldPrint, OldTopLevel]


assert hookimpl is tf2lint.hookimpl
"""


def test_a_plugin_written_against_the_old_import_paths_still_loads(tmp_path, project):
    """The plugin API moved to tf2lint.api (tf2lint.linting underneath); a plugin importing
    tf2lint.Rule, tf2lint.hookimpl, tf2lint.rule and tf2lint.hookspecs is found through its
    entry point and its rules run, from the command line."""
    site = tmp_path / "site"
    (site / "old_names_plugin").mkdir(parents=True)
    (site / "old_names_plugin" / "__init__.py").write_text(OLD_NAMES_PLUGIN)
    info = site / "old_names_plugin-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: old-names-plugin\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text("[tf2lint]\nold = old_names_plugin\n")
    code = project / "train.py"
    code.write_text("import tensorflow as tf\ntf.config.run_functions_eagerly(True)\nprint(1)\n")
    env = {**os.environ, "PYTHONPATH": str(site)}
    listed = run_cli("rules", env=env, cwd=project)
    assert "XTF801" in listed.stdout and "XTF802" in listed.stdout, listed.stderr
    result = run_cli("check", "train.py", "--select", "XTF8", env=env, cwd=project)
    assert result.returncode == 1, result.stderr
    assert " --> train.py:2:1" in result.stdout and " --> train.py:3:1" in result.stdout


def test_the_plugin_api_is_one_set_of_objects_under_every_name():
    import tf2lint
    import tf2lint.api as api
    import tf2lint.hookspecs as old_hookspecs
    import tf2lint.rule as old_rule
    from tf2lint.linting import hookspecs, rule

    assert api.Rule is tf2lint.Rule is old_rule.Rule is rule.Rule
    assert api.hookimpl is tf2lint.hookimpl is old_hookspecs.hookimpl is hookspecs.hookimpl
    for name in ("Diagnostic", "Evidence", "Fix", "Step"):
        assert getattr(api, name) is getattr(old_rule, name) is getattr(rule, name)
    assert all(getattr(old_rule, n) is getattr(rule, n) for n in old_rule.__all__)
    assert all(getattr(old_hookspecs, n) is getattr(hookspecs, n) for n in old_hookspecs.__all__)


class _Leak(Rule):
    id = "XTF901"
    name = "print-leak"
    category = "leaked-tensor"
    message = "the same print call, seen by another rule"
    rationale = "a test rule"

    def visit_Call(self, node):
        if isinstance(node.func, cst.Name) and node.func.value == "print":
            self.report(node)


@pytest.mark.parametrize(
    "rules, reported",
    [
        # the rule it defers to reported the node: that finding stands for both
        ([_rule(defers_to=frozenset({"XTF901"})), _Leak], ["XTF901"]),
        # not selected, it reported nothing: the deferring rule keeps its finding
        ([_rule(defers_to=frozenset({"XTF901"}))], ["XTF900"]),
        # no hand-off declared: both findings stay
        ([_rule(), _Leak], ["XTF900", "XTF901"]),
    ],
)
def test_a_rule_defers_a_node_only_to_a_rule_that_reported_it(rules, reported):
    found = lint_module("import tensorflow as tf\nprint(1)\n", "m.py", rules).diagnostics
    assert sorted(d.rule for d in found) == reported


def test_a_hand_off_elsewhere_leaves_the_finding():
    class OtherNode(_Leak):
        id = "XTF902"

        def visit_Call(self, node):
            if isinstance(node.func, cst.Name) and node.func.value == "print":
                self.report(node.func)  # the callee, not the call the other rule reports

    rules = [_rule(defers_to=frozenset({"XTF902"})), OtherNode]
    found = lint_module("import tensorflow as tf\nprint(1)\n", "m.py", rules).diagnostics
    assert sorted(d.rule for d in found) == ["XTF900", "XTF902"]


@pytest.mark.parametrize("bad", [("TF301",), frozenset({1}), frozenset({"XTF900"})])
def test_defers_to_is_checked_when_the_plugin_loads(bad):
    from tf2lint.linting.plugins import PluginError, _check

    with pytest.raises(PluginError, match="defers_to"):
        _check(_rule(defers_to=bad))
