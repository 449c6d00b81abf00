"""A third-party tf2lint plugin: one rule, registered through the `tf2lint` entry point."""

from pathlib import Path

import libcst as cst

import tf2lint


class NoEagerDebug(tf2lint.Rule):
    id = "XTF001"
    name = "run-functions-eagerly-call"
    category = "api-misuse"
    message = "`tf.config.run_functions_eagerly` call (example plugin rule)"
    rationale = "An example rule shipped by a plugin package."
    fixture_dir = Path(__file__).parent / "fixtures"

    def visit_Call(self, node: cst.Call) -> None:
        if self.model.call_name(node) == "tensorflow.config.run_functions_eagerly":
            self.report(node)


@tf2lint.hookimpl
def tf2lint_rules():
    return [NoEagerDebug]
