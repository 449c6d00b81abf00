"""A test plugin that prints to stdout when imported and while linting, and whose second rule
calls sys.exit() on a module naming `exit_here` (tests/test_plugin_isolation.py)."""

import sys

import tf2lint

print("noise at import")


class NoisyRule(tf2lint.Rule):
    id = "XNOISY1"
    name = "noisy"
    category = "api-misuse"
    message = "a noisy finding"
    rationale = "Reports `noisy_here`, printing as it goes (a test plugin)."
    requires_tensorflow = False

    def visit_Name(self, node):
        if node.value == "noisy_here":
            print("noise while linting")
            self.report(node)


class ExitingRule(tf2lint.Rule):
    id = "XNOISY2"
    name = "exits"
    category = "api-misuse"
    message = "never reported"
    rationale = "Calls sys.exit(0) on `exit_here` (a test plugin)."
    requires_tensorflow = False

    def visit_Name(self, node):
        if node.value == "exit_here":
            sys.exit(0)


@tf2lint.hookimpl
def tf2lint_rules():
    print("noise while listing rules")
    return [NoisyRule, ExitingRule]
