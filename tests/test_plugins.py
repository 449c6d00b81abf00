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
