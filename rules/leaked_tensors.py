"""Tensors that escape the traced function that computed them."""

from __future__ import annotations

import re

from tf2lint.lazy import cst
from tf2lint.model import FunctionInfo
from tf2lint.rules.common import StoreRule, code, name_reads, outer_container, outer_target

OTHER_OBJECT_GAP = (
    "stored on another object's attribute (a wrapped layer's weight, say), which that object "
    "may read within the same call: nothing shows it is read after the trace"
)
SCRATCH_GAP = (
    "the function reads the attribute back itself: it may be scratch state that every call "
    "sets before use, never read after the trace"
)


class TensorLeakedFromTracedCode(StoreRule):
    id = "TF301"
    name = "tensor-leaked-from-traced-code"
    category = "leaked-tensor"
    severity = "error"
    message = "a tensor computed in traced code is stored outside it; it is a symbolic graph tensor"
    rationale = """
        Inside a `tf.function`, tensors are symbolic: they belong to the graph being traced.
        Storing one in a global, a nonlocal, an attribute of `self` or an outer list or dict
        leaks it out of that graph. Using it later, outside the function or from another
        trace, fails with "... is out of scope and cannot be used here" (or, in TF1 style
        graph code, silently reads a stale value). Return the tensor from the function, or
        keep the state in a `tf.Variable` and `assign` to it.
    """

    def check_store(self, target: cst.BaseExpression, value: cst.BaseExpression) -> None:
        context = self.context
        if not context.in_traced_code:
            return
        fn = context.function
        where = outer_target(self.model, context.scope, target)
        if where is not None and self.model.is_tensor(value, context.scope):
            # Stored and read back by the same function (a wrapper that sets its inner layer's
            # kernel, then calls it): scratch state of one call, which each call sets anew.
            gap = None
            if isinstance(target, cst.Attribute):
                if self._read_back(fn, target):
                    gap = SCRATCH_GAP
                elif isinstance(target.value, cst.Attribute):
                    gap = OTHER_OBJECT_GAP  # `self.layer.kernel = ...`: a wrapped layer's input
            self.report(
                target,
                f"traced `{fn.qualname}` stores a graph tensor in {where}; it leaks out of the trace",
                because=[(f"the tensor is stored in {where} here", target)],
                gap=gap,
            )

    def _read_back(self, fn: FunctionInfo, target: cst.Attribute) -> bool:
        """Read back by ``fn`` itself, and by no other traced function nor code outside the
        class: what each call sets and uses before it returns."""
        try:
            text = self.context.memo((TensorLeakedFromTracedCode, id(fn)), lambda: code(fn.node))
        except RecursionError:  # too deep to print: not shown to be scratch
            return False
        pattern = rf"(?<![\w.]){re.escape(code(target))}(?![\w=])"
        if len(re.findall(pattern, text)) < 2:
            return False
        for _, reader in name_reads(self.context).get(target.attr.value, ()):
            if reader is fn:
                continue
            if reader is None or reader.traced or reader.cls is not fn.cls:
                return False
        return True

    def visit_Call(self, node: cst.Call) -> None:
        context = self.context
        if not context.in_traced_code:
            return
        fn = context.function
        container = outer_container(self.model, context.scope, node)
        if container is None:
            return
        if any(self.model.is_tensor(a.value, context.scope) for a in node.args):
            self.report(
                node,
                f"traced `{fn.qualname}` puts a graph tensor into {container}; it leaks out of "
                "the trace",
            )
