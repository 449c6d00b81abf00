"""State created inside traced code: tf.Variable, Keras layers, models, optimizers, metrics."""

from __future__ import annotations

from tf2lint.lazy import cst
from tf2lint.rule import Rule
from tf2lint.rules.common import variable_kind


class VariableCreatedInTracedCode(Rule):
    id = "TF401"
    name = "variable-created-in-traced-code"
    category = "variable-creation"
    severity = "error"
    message = "a tf.Variable or Keras object with weights is created inside traced code"
    rationale = """
        A `tf.function` may create variables only on its first trace. Creating a `tf.Variable`,
        or a Keras layer, model, optimizer or metric (which create variables), on every call
        raises `ValueError: tf.function only supports singleton tf.Variables created on the
        first call` when the function retraces, and even where it does not fail it re-creates
        (and re-initialises) the state each trace. Create state once, outside (in `__init__`,
        `build`, or module scope), or guard the creation: `if self.v is None: self.v = ...`.
    """

    def visit_Call(self, node: cst.Call) -> None:
        context = self.context
        if not context.in_traced_code or context.in_one_time_guard:
            return
        kind = variable_kind(self.model, node)
        if kind is not None:
            self.report(
                node,
                f"{kind} created inside traced `{context.function.qualname}` on every trace; "
                "create it once outside, or behind a one-time guard",
            )
