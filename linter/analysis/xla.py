"""XLA: which functions of a module ``jit_compile=True`` compiles, and why.

``tf.function(jit_compile=True)`` (the decorator, or ``tf.function(f, jit_compile=True)``)
compiles the whole traced graph with XLA: every op the function and what it calls or hands to
``tf.cond``/``tf.map_fn`` builds must have an XLA kernel, and the inputs XLA takes as
compile-time constants (output sizes, shapes) must be known when it compiles. Keras's
``model.compile(jit_compile=True)`` compiles the train step the same way: the loss and metric
functions given to that ``compile`` and the module's model class's ``train_step``/``call``. A
function handed to ``tf.py_function`` runs in Python and is not compiled (the model's edges
leave it out).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from tf2lint.analysis.tfnames import TF_FUNCTION_NAMES
from tf2lint.analysis.tracing import compiled_arguments
from tf2lint.base.lazy import cst

if TYPE_CHECKING:
    from tf2lint.analysis.model import FunctionInfo, ModuleModel

# the options that ask tf.function (or Keras's compile) to compile with XLA
_JIT_KEYWORDS = ("jit_compile", "experimental_compile")
# the methods of a Keras model that its compiled train step runs
_STEP_METHODS = ("train_step", "test_step", "compute_loss", "call")


@dataclass(frozen=True)
class XlaCompiled:
    """Why XLA compiles a function: the ``jit_compile=True`` argument that asks it, the
    function it belongs to (None: a Keras ``compile`` call's train step), and the traced
    function the compiled code reaches this one from (None: it is that function)."""

    option: cst.Arg
    root: FunctionInfo | None
    via: FunctionInfo | None

    def describe(self, fn: FunctionInfo) -> str:
        if self.root is None:
            head = "Keras compiles the train step with `jit_compile=True`"
        elif self.root is fn:
            return f"`{fn.qualname}` is compiled by XLA (`jit_compile=True`)"
        else:
            head = f"`{self.root.qualname}` is compiled by XLA (`jit_compile=True`)"
        if self.via is None:
            return f"{head}, and it runs `{fn.qualname}`"
        return f"{head}, and `{self.via.qualname}` in it runs `{fn.qualname}`"


def jit_option(call: cst.Call) -> cst.Arg | None:
    """The ``jit_compile=True`` (or the older ``experimental_compile=True``) argument of a
    call, if it has one."""
    for arg in call.args:
        if (
            arg.keyword is not None
            and arg.keyword.value in _JIT_KEYWORDS
            and isinstance(arg.value, cst.Name)
            and arg.value.value == "True"
        ):
            return arg
    return None


def xla_compiled(model: ModuleModel, fn: FunctionInfo | None) -> XlaCompiled | None:
    """Why XLA compiles ``fn`` when it is traced, or None where no ``jit_compile=True`` of the
    module reaches it."""
    if fn is None:
        return None
    return model.memo("xla-compiled", lambda: _compiled_functions(model)).get(id(fn))


def _roots(model: ModuleModel) -> list[tuple[FunctionInfo, cst.Arg, bool]]:
    """The functions ``jit_compile=True`` compiles directly, with the argument, and whether the
    function is the tf.function itself (False: Keras's train step runs it)."""
    found: list[tuple[FunctionInfo, cst.Arg, bool]] = []
    for fn in model.functions:
        for decorator in fn.decorators:
            expr = decorator.decorator
            if isinstance(expr, cst.Call) and model.qualified_name(expr.func) in TF_FUNCTION_NAMES:
                option = jit_option(expr)
                if option is not None:
                    found.append((fn, option, True))
    for call, _, _, scope in model._calls:
        option = jit_option(call) if call.args else None
        if option is None:
            continue
        name = model.call_name(call)
        if name in TF_FUNCTION_NAMES:
            first = call.args[0]
            if first.keyword is None or first.keyword.value == "func":
                target = model.function_referenced(first.value, scope)
                if target is not None:
                    found.append((target, option, True))
        elif isinstance(call.func, cst.Attribute) and call.func.attr.value == "compile":
            for _, value in compiled_arguments(call):
                values = value.elements if isinstance(value, (cst.List, cst.Tuple)) else [value]
                for item in values:
                    element = item.value if isinstance(item, cst.Element) else item
                    target = model.function_referenced(element, scope)
                    if target is not None:
                        found.append((target, option, False))
            cls = model.instance_of(call.func.value, scope)
            if cls is not None:
                for method in _STEP_METHODS:
                    target = model.resolve_method(cls, method)
                    if target is not None:
                        found.append((target, option, False))
    return found


def _compiled_functions(model: ModuleModel) -> dict[int, XlaCompiled]:
    found: dict[int, XlaCompiled] = {}
    queue: list[FunctionInfo] = []
    for fn, option, own in _roots(model):
        if id(fn) not in found:
            found[id(fn)] = XlaCompiled(option, fn if own else None, None)
            queue.append(fn)
    while queue:
        fn = queue.pop(0)
        reason = found[id(fn)]
        for edge in model.edges(fn):
            target = edge.target
            if edge.kind not in ("called", "passed") or isinstance(target, str):
                continue
            if id(target) not in found:
                found[id(target)] = XlaCompiled(reason.option, reason.root, fn)
                queue.append(target)
    return found
