"""Python control flow on graph tensors and AutoGraph's conversion of it: loops and conditions in
unconverted code, branches and loop variables that must agree, `locals()`, variable updates.
"""

from __future__ import annotations

from tf2lint.analysis.model import FunctionInfo, ModuleModel, Scope, SiteKind
from tf2lint.analysis.tensors import (
    computed_tensor,
    converted_loop,
    sequence_of_tensors,
    tensor_condition,
    value_operands,
    variable_condition,
)
from tf2lint.analysis.walk import walk
from tf2lint.base.lazy import cst
from tf2lint.rules.common import code
from tf2lint.rules.graph_common import (
    _sequential_input,
    _TracedRule,
    _unconverted_because,
    fed_parameter,
)

_CONVERTED_TO_TENSORS = frozenset({"builtins.int", "builtins.float", "builtins.range"})


# Builtins that iterate their arguments in Python: AutoGraph leaves them Python iterators
# Python builtins that iterate their argument and AutoGraph leaves alone (`sorted` it converts):
# `set(t)` of a graph tensor fails converted or not (TF 2.21)
_PYTHON_ITERATORS = frozenset(
    {
        "builtins.enumerate",
        "builtins.zip",
        "builtins.list",
        "builtins.tuple",
        "builtins.set",
        "builtins.frozenset",
    }
)


_CONTAINER_BUILTINS = frozenset({"list", "tuple", "set", "frozenset"})


def converted_tensor(
    model: ModuleModel, expr: cst.BaseExpression, scope: Scope | None, depth: int = 0
) -> cst.BaseExpression | None:
    """The graph tensor ``expr`` is in code AutoGraph converts: a computed tensor, or
    ``int(t)``, ``float(t)`` and ``range(t)`` of one (AutoGraph turns them into a cast and
    ``tf.range``), or a local bound only to such values; None when not proven."""
    if depth > 6 or scope is None:
        return None
    if computed_tensor(model, expr, scope, api_only=True):
        return expr
    if isinstance(expr, cst.Call):
        if model.call_name(expr) not in _CONVERTED_TO_TENSORS:
            return None
        for arg in expr.args:
            if not arg.star and converted_tensor(model, arg.value, scope, depth + 1) is not None:
                return expr
        return None
    if isinstance(expr, cst.BinaryOperation):
        return converted_tensor(model, expr.left, scope, depth + 1) or converted_tensor(
            model, expr.right, scope, depth + 1
        )
    if isinstance(expr, cst.Name):
        binding = model.binding_of(expr, scope)
        if not isinstance(binding.scope, FunctionInfo):
            return None
        values = binding.known_values
        if not values or binding.kinds - {SiteKind.ASSIGN}:
            return None
        found = [converted_tensor(model, v, binding.scope, depth + 1) for v in values]
        return found[0] if all(v is not None for v in found) else None
    return None


class TensorLoopInUnconvertedCode(_TracedRule):
    id = "TF807"
    requires_traced_code = True
    name = "tensor-loop-in-unconverted-code"
    severity = "error"
    message = "a Python loop over a tensor in code AutoGraph does not convert fails while tracing"
    rationale = """
        Only AutoGraph turns `for row in t` over a tensor into a graph loop. Code traced without
        it, the `call`/`train_step` of a Keras 3 layer or model (Keras 3 does not convert them)
        and functions traced with `autograph=False`, iterates the symbolic tensor in Python,
        which fails with `OperatorNotAllowedInGraphError: Iterating over a symbolic tf.Tensor
        is not allowed`. Comprehensions are never converted, so one over a tensor fails in any
        traced code, converted or not: `[f(i) for i in tf.range(n)]`, or `range(n)` of a tensor
        `n` (AutoGraph turns `range(t)` into `tf.range` and `int(t)` into a cast); a `for`
        loop over `range(tf.shape(x)[1])` in unconverted code fails the same way. Use
        vectorised ops (`keras.ops.sum(x, axis=...)`), `tf.map_fn`/`keras.ops.vectorized_map`,
        or an explicit `tf.while_loop`. `enumerate(t)` and `zip(t, u)` of a tensor fail even
        where AutoGraph converts: it turns a loop over a tensor into a graph loop, but these
        builtins stay Python iterators over it (a metric given to `compile` under tf-keras too).
        Keras 3 also calls a `Lambda` layer's function and a function given to
        `compile(metrics=...)` unconverted. `list(t)`, `tuple(t)`, `set(t)` and `frozenset(t)`
        iterate a graph tensor in Python wherever they stand, converted or not (a metric given
        to `compile` that builds `set(y_true)` fails in `fit`). Evidence required: the iterable is computed by a TF
        op or a Keras layer call, is `y_true`/`y_pred` of a function given to `compile`, or is
        the input of a layer (or a `Lambda`'s function) that the module calls on one Keras
        tensor (`keras.Input`, a layer's output) or puts in a `keras.Sequential`; any other bare
        parameter may be a list of tensors.
    """

    def _check(self, iterable: cst.BaseExpression) -> None:
        fn = self._traced_function()
        if fn is None or fn.autograph:
            return
        if self._range_of_tensor(iterable, fn):
            return
        if sequence_of_tensors(self.model, iterable, self.context.scope):
            return  # a Python list of tensors: iterating it is fine
        because = [(_unconverted_because(fn), fn.node)]
        if not computed_tensor(self.model, iterable, self.context.scope, api_only=True):
            sequential = _sequential_input(self.model, iterable, fn)
            if sequential is None:
                return
            because.append(
                (
                    f"Keras calls this layer with one tensor as `{code(iterable)}`",
                    sequential,
                )
            )
        self.report(
            iterable,
            f"a Python loop over a graph tensor in unconverted traced `{fn.qualname}` fails "
            "while tracing; use vectorised ops or tf.map_fn",
            because=because,
        )

    def _range_of_tensor(self, iterable: cst.BaseExpression, fn: FunctionInfo) -> bool:
        """``range(tf.shape(x)[0])`` in unconverted traced code: Python's ``range`` asks the
        graph tensor for an integer (``TypeError``; AutoGraph would have made it a
        ``tf.range``). Whether ``iterable`` is such a call (reported)."""
        if not isinstance(iterable, cst.Call) or self.model.call_name(iterable) != "builtins.range":
            return False
        scope = self.context.scope
        sizes = [
            a.value
            for a in iterable.args
            if not a.star and computed_tensor(self.model, a.value, scope, api_only=True)
        ]
        if not sizes:
            return False
        self.report(
            sizes[0],
            f"`range()` of a graph tensor in unconverted traced `{fn.qualname}` fails while "
            "tracing (Python asks the tensor for an integer); use vectorised ops, tf.map_fn, "
            "or the static size (`x.shape[i]`) where it is known",
            because=[(_unconverted_because(fn), fn.node)],
        )
        return True

    def _check_python_iterator(self, iterable: cst.BaseExpression) -> bool:
        """``enumerate(t)`` or ``zip(t, u)`` of a graph tensor: a Python iterator over the
        tensor, which AutoGraph does not make a graph loop (it converts a loop over the tensor
        itself), so it fails converted or not. Whether ``iterable`` is such a call."""
        if not isinstance(iterable, cst.Call):
            return False
        name = self.model.call_name(iterable)
        if name not in _PYTHON_ITERATORS:
            return False
        fn = self._traced_function()
        if fn is None:
            return True
        scope = self.context.scope
        for arg in iterable.args:
            if arg.star or arg.keyword is not None:
                continue
            value = arg.value
            if sequence_of_tensors(self.model, value, scope):
                continue
            if computed_tensor(self.model, value, scope, api_only=True):
                why = fed_parameter(self.model, value, scope)
            else:
                caller = _sequential_input(self.model, value, fn)
                if caller is None:
                    continue
                why = (f"Keras calls this layer with one tensor as `{code(value)}`", caller)
            builtin = name.removeprefix("builtins.")
            advice = (
                "compute it with TensorFlow ops (`tf.unique`, `tf.sets`, `tf.unstack`)"
                if builtin in _CONTAINER_BUILTINS
                else "loop over `tf.range` and index, or use tf.map_fn"
            )
            self.report(
                value,
                f"`{builtin}()` iterates a graph tensor in Python in traced `{fn.qualname}`, "
                "which fails while tracing (AutoGraph converts a loop over a tensor, not over "
                f"`{builtin}()` of one); {advice}",
                because=[why] if why is not None else [("this value is a graph tensor", value)],
            )
            return True
        return True

    def visit_For(self, node: cst.For) -> None:
        self.__dict__.setdefault("_loop_iterables", set()).add(id(node.iter))
        if not self._check_python_iterator(node.iter):
            self._check(node.iter)

    def visit_Call(self, node: cst.Call) -> None:
        # `set(y_true)`, `list(t)`: a Python container built by iterating the tensor, wherever
        # it stands (a loop's iterable is checked with its loop)
        func = node.func
        if type(func) is not cst.Name or func.value not in _CONTAINER_BUILTINS:
            return
        if id(node) in self.__dict__.get("_loop_iterables", ()):
            return
        if self._traced_function() is not None:
            self._check_python_iterator(node)

    def visit_CompFor(self, node: cst.CompFor) -> None:
        self.__dict__.setdefault("_loop_iterables", set()).add(id(node.iter))
        if self._check_python_iterator(node.iter):
            return
        fn = self._traced_function()
        if fn is not None and fn.autograph:
            self._check_converted_comprehension(node.iter, fn)
        else:
            self._check(node.iter)

    def _check_converted_comprehension(
        self, iterable: cst.BaseExpression, fn: FunctionInfo
    ) -> None:
        """AutoGraph converts the calls in a comprehension (``range(t)`` becomes ``tf.range``,
        ``int(t)`` a cast) but never the comprehension's loop, which iterates in Python."""
        scope = self.context.scope
        if sequence_of_tensors(self.model, iterable, scope):
            return
        tensor = converted_tensor(self.model, iterable, scope)
        if tensor is None:
            return
        self.report(
            iterable,
            f"a comprehension in traced `{fn.qualname}` iterates a graph tensor in Python, "
            "which fails while tracing (AutoGraph does not convert comprehensions); use "
            "vectorised ops, tf.map_fn or a TensorArray loop",
            because=[
                ("AutoGraph converts loops and calls, never a comprehension's own loop", fn.node),
                ("this value is a graph tensor while tracing", tensor),
            ],
        )


class TensorConditionInUnconvertedCode(_TracedRule):
    id = "TF808"
    requires_traced_code = True
    name = "tensor-condition-in-unconverted-code"
    severity = "error"
    message = (
        "a Python `if`/`while` on a tensor in code AutoGraph does not convert fails while tracing"
    )
    rationale = """
        Only AutoGraph turns `if t > 0:` and `while t > 0:` on a tensor into `tf.cond` /
        `tf.while_loop`. Code traced without it, the `call`/`train_step` of a Keras 3 layer or
        model (Keras 3 does not convert them) and functions traced with `autograph=False`,
        asks Python for the truth value of a symbolic tensor, which fails with
        `OperatorNotAllowedInGraphError: Using a symbolic tf.Tensor as a Python bool is not
        allowed`. A function given as a layer's `activation=` (or to `Activation(f)`) runs
        unconverted too: Keras's own layer code applies it, under Keras 3 and tf-keras.
        Select with `keras.ops.where`/`tf.where`, or use `keras.ops.cond`/`tf.cond`.
        Evidence required: the condition compares a value computed by a TF op or a Keras layer
        call, or the input of a layer's `call` (or a `Lambda`'s function) where the module
        applies the layer to one Keras tensor (`if inputs[0, 0] > 0:`), or a variable, whose
        value read in traced code is a graph tensor too (`if self.mode == 0:` where the class
        sets `self.mode = tf.Variable(0)`, `if self.optimizer.iterations < 50:`: which
        optimizer members hold a variable comes from the knowledge base, by applying an
        optimizer of each Keras); shapes, sizes and Python flags are fine.
    """

    def _check(self, test: cst.BaseExpression) -> None:
        fn = self._traced_function()
        if fn is None or fn.autograph:
            return
        tensor = tensor_condition(self.model, test, self.context.scope)
        why: tuple[str, cst.CSTNode] | None = None
        if tensor is None:
            found = _layer_input_test(self.model, test, fn)
            if found is not None:
                tensor, caller = found
                why = (
                    f"Keras calls this layer with one graph tensor, which `{code(tensor)}` reads",
                    caller,
                )
            else:  # a variable's value (`if self.mode == 0:`) is a graph tensor too
                why = variable_condition(self.model, test, self.context.scope)
                if why is None:
                    return
                tensor = test
        self.report(
            test,
            f"a Python condition on a graph tensor in unconverted traced `{fn.qualname}` "
            "fails while tracing; use `where` or `cond`",
            because=[
                (_unconverted_because(fn), fn.node),
                why or ("this value is a graph tensor", tensor),
            ],
        )

    def visit_If(self, node: cst.If) -> None:
        self._check(node.test)

    def visit_IfExp(self, node: cst.IfExp) -> None:
        self._check(node.test)

    def visit_While(self, node: cst.While) -> None:
        self._check(node.test)


def _layer_input_test(
    model: ModuleModel, test: cst.BaseExpression, fn: FunctionInfo
) -> tuple[cst.BaseExpression, cst.Call] | None:
    """The side of a condition that tests the value of a layer's input (``if inputs[0, 0] >
    0:``, ``if x:``) where the module applies the layer (or Lambda) to one Keras tensor, so
    ``call`` gets a graph tensor there, with that call; None otherwise. ``is``/``in`` tests and comparisons
    with ``None`` are Python's, and the static shape (``x.shape[0] > 1``) is not the value."""
    for side in value_operands(test):
        value = side
        while isinstance(value, (cst.Subscript, cst.UnaryOperation)):
            value = value.value if isinstance(value, cst.Subscript) else value.expression
        if isinstance(value, cst.Name):
            caller = _sequential_input(model, value, fn)
            if caller is not None:
                return side, caller
    return None


class LocalsInConvertedBlock(_TracedRule):
    id = "TF892"
    requires_traced_code = True
    call_names = frozenset({"locals"})
    calls_in_traced_code = True
    name = "locals-in-traced-code"
    severity = "error"
    message = (
        "`locals()` inside a loop or `if` of AutoGraph-converted code misses the function's names"
    )
    # its evidence spells one of these
    requires_text = ("locals",)
    rationale = """
        AutoGraph rewrites every `for`, `while` and `if` of a converted function (a
        `tf.function`, a Keras 2 `call`, a `Dataset.map` function) into nested functions
        that it hands to its control-flow helpers. `locals()` there is the nested function's,
        which holds only the loop's or branch's own names: picking a helper or a value by name
        (`locals()[name]`, `locals()["fn_" + mode]`) fails while tracing with `KeyError`
        (checked under TF 2.21), and at the function's top level `locals()` also holds
        AutoGraph's own names (`ag__`, `fscope`). Pick helpers with an explicit dict
        (`{"double": double, ...}[name]`) or pass them in. Reported only inside a converted
        loop or `if`.
    """

    def visit_Module(self, node: cst.Module) -> None:
        self._blocks: list[FunctionInfo | None] = []  # the function of each open for/while/if

    def visit_For(self, node: cst.For) -> None:
        self._blocks.append(self.context.function)

    def visit_While(self, node: cst.While) -> None:
        self._blocks.append(self.context.function)

    def visit_If(self, node: cst.If) -> None:
        self._blocks.append(self.context.function)

    def leave_For(self, node: cst.For) -> None:
        self._blocks.pop()

    def leave_While(self, node: cst.While) -> None:
        self._blocks.pop()

    def leave_If(self, node: cst.If) -> None:
        self._blocks.pop()

    def visit_Call(self, node: cst.Call) -> None:
        if not isinstance(node.func, cst.Name) or node.func.value != "locals" or node.args:
            return
        fn = self._traced_function()
        if fn is None or not fn.autograph or self.model.call_name(node) != "builtins.locals":
            return
        if not any(block is fn for block in self._blocks):
            return
        self.report(
            node,
            f"`locals()` in a loop or `if` of traced `{fn.qualname}` sees only the names of the "
            "nested function AutoGraph makes of that block; use an explicit dict",
        )


# the Variable methods that update it in place and give back what they wrote
_UPDATES = ("assign", "assign_add", "assign_sub", "scatter_")


class VariableReboundToUpdateResult(_TracedRule):
    id = "TF886"
    requires_traced_code = True
    name = "variable-rebound-to-update-result"
    severity = "error"
    message = (
        "a name holding a tf.Variable is rebound to what `assign` returns inside graph control "
        "flow, and then holds a tensor"
    )
    rationale = """
        `v.assign(x)` (and `assign_add`, `assign_sub`, `scatter_*`) updates the variable and
        returns the new value. Rebinding the variable's name to it, `w = w.assign(w * 0.5)`,
        is harmless in straight-line code, but inside control flow that AutoGraph converts to
        the graph, the name becomes a value that flows out of the graph construct: a tensor.
        In a loop over a tensor (`for i in tf.range(n)`, a `while` on a tensor) the name is a
        loop variable, and the next trace of the body calls `.assign` on a tensor; after an
        `if` on a tensor (a `tf.cond`) the name is the cond's output, so the next update of it
        (later in the function, or in the next round of an enclosing Python loop) fails:
        `AttributeError: 'SymbolicTensor' object has no attribute 'assign'` (TF 2.21). Call
        `w.assign(...)` for its effect without rebinding the name, or read the new value into
        another name (`new = w.assign(...)`). Reported where the rebinding stands inside a
        converted loop, or inside an `if` on a tensor (a comparison of a computed tensor or of
        the variable itself) that an update of the same name follows.
    """

    def _enter(self, node: cst.CSTNode, kind: str) -> None:
        self.__dict__.setdefault("_flow", []).append((node, kind))

    def _leave(self) -> None:
        flow = self.__dict__.get("_flow")
        if flow:
            flow.pop()

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        self._enter(node, "def")  # control flow outside a def does not enclose its body

    def leave_FunctionDef(self, node: cst.FunctionDef) -> None:
        self._leave()

    def visit_If(self, node: cst.If) -> None:
        self._enter(node, "if")

    def leave_If(self, node: cst.If) -> None:
        self._leave()

    def visit_For(self, node: cst.For) -> None:
        self._enter(node, "loop")

    def leave_For(self, node: cst.For) -> None:
        self._leave()

    def visit_While(self, node: cst.While) -> None:
        self._enter(node, "loop")

    def leave_While(self, node: cst.While) -> None:
        self._leave()

    def visit_Assign(self, node: cst.Assign) -> None:
        fn = self._traced_function()
        if fn is None or not fn.autograph or len(node.targets) != 1:
            return
        target = node.targets[0].target
        value = node.value
        if not isinstance(target, cst.Name) or not isinstance(value, cst.Call):
            return
        func = value.func
        if not isinstance(func, cst.Attribute) or not func.attr.value.startswith(_UPDATES):
            return
        if _root_name(func.value) != target.value:
            return
        enclosing = []
        for control, kind in reversed(self.__dict__.get("_flow", [])):
            if kind == "def":
                break
            enclosing.append((control, kind))
        scope = self.context.scope
        for control, kind in enclosing:
            if kind == "loop":
                driver = _converted_driver(self.model, control, scope)
                if driver is None:
                    continue
                self._report(
                    node,
                    fn,
                    target.value,
                    (
                        f"`{code(driver)}` is a tensor: AutoGraph makes this loop a graph loop, "
                        f"and `{target.value}` one of its loop variables (a tensor)",
                        driver,
                    ),
                )
                return
            test = _tensor_test(self.model, control.test, scope, target.value)
            if test is None:
                continue
            why = (
                f"`{code(test)}` is a tensor: AutoGraph makes this `if` a tf.cond, whose "
                f"output `{target.value}` is a tensor",
                test,
            )
            later = _later_update(fn.node, control, target.value)
            if later is not None:
                self._report(
                    node, fn, target.value, why, (f"`{target.value}` is updated here", later)
                )
                return
            outer = [c for c, k in enclosing[enclosing.index((control, kind)) :] if k == "loop"]
            if outer:
                self._report(
                    node,
                    fn,
                    target.value,
                    why,
                    (f"this loop runs the update of `{target.value}` again", outer[0]),
                )
                return

    def _report(self, node: cst.Assign, fn: FunctionInfo, name: str, *because) -> None:
        self.report(
            node,
            f"traced `{fn.qualname}` rebinds `{name}` to what its update returns inside graph "
            f"control flow, so `{name}` becomes a tensor and its next update fails while "
            f"tracing; call `{name}.{code(node.value.func).rsplit('.', 1)[1]}(...)` without "  # type: ignore[attr-defined]
            "rebinding the name",
            because=list(because),
        )


def _root_name(expr: cst.BaseExpression) -> str | None:
    """``w`` of ``w``, ``w[0]``, ``w.sub``: the name an update's receiver starts from."""
    while isinstance(expr, (cst.Subscript, cst.Attribute)):
        expr = expr.value
    return expr.value if isinstance(expr, cst.Name) else None


def _converted_driver(
    model: ModuleModel, loop: cst.CSTNode, scope: Scope | None
) -> cst.BaseExpression | None:
    """The tensor that makes AutoGraph convert ``loop``: a ``for`` over ``tf.range`` or
    another computed tensor, a ``while`` on a tensor condition."""
    if isinstance(loop, cst.For):
        iterable = loop.iter
        if sequence_of_tensors(model, iterable, scope):
            return None
        return iterable if computed_tensor(model, iterable, scope, api_only=True) else None
    if isinstance(loop, cst.While):
        return tensor_condition(model, loop.test, scope)
    return None


def _tensor_test(
    model: ModuleModel, test: cst.BaseExpression, scope: Scope | None, variable: str
) -> cst.BaseExpression | None:
    """The tensor an ``if`` tests: a computed tensor, or a comparison of the updated variable
    itself (``if w > 0.5``: comparing a variable gives a tensor)."""
    found = tensor_condition(model, test, scope)
    if found is not None:
        return found
    if isinstance(test, cst.Comparison) and not any(
        isinstance(c.operator, (cst.Is, cst.IsNot, cst.In, cst.NotIn)) for c in test.comparisons
    ):
        for side in (test.left, *(c.comparator for c in test.comparisons)):
            if _root_name(side) == variable:
                return side
    return None


def _later_update(function: cst.CSTNode, branch: cst.CSTNode, name: str) -> cst.Call | None:
    """The first update of ``name`` (``name.assign...(...)``) that the function makes after the
    ``if`` statement ``branch``, in source order."""
    inside: set[int] = set()

    def mark(part: cst.CSTNode) -> bool:
        inside.add(id(part))
        return True

    walk(branch, mark)
    passed = False
    found: cst.Call | None = None

    def enter(part: cst.CSTNode) -> bool:
        nonlocal passed, found
        if found is not None:
            return False
        if part is branch:
            passed = True
            return False
        if (
            passed
            and isinstance(part, cst.Call)
            and isinstance(part.func, cst.Attribute)
            and part.func.attr.value.startswith(_UPDATES)
            and _root_name(part.func.value) == name
        ):
            found = part
        return True

    walk(function, enter)
    return found


def _branch_structure(
    model: ModuleModel, expr: cst.BaseExpression, scope: Scope | None
) -> tuple[str, int | None] | None:
    """What a branch of a conditional gives, as far as its structure goes: ("seq", length) for
    a list or tuple display, ("seq", None) for a Python sequence of tensors of a length known
    only to TensorFlow (``tf.unstack(x)``), ("none", None) for ``None``, ("tensor", None) for a
    computed tensor; None when not known."""
    if isinstance(expr, (cst.List, cst.Tuple)):
        if any(isinstance(e, cst.StarredElement) for e in expr.elements):
            return None
        return ("seq", len(expr.elements))
    if isinstance(expr, cst.Name) and expr.value == "None":
        return ("none", None)
    if sequence_of_tensors(model, expr, scope):
        return ("seq", None)
    if computed_tensor(model, expr, scope, api_only=True):
        return ("tensor", None)
    return None


def _structures_differ(a: tuple[str, int | None], b: tuple[str, int | None]) -> bool:
    """Whether two branch structures can never be the same: a None and a value, two displays
    of different lengths, an empty display and a sequence of tensors, a sequence and a tensor."""
    if a[0] != b[0]:
        return True
    if a[0] != "seq":
        return False
    if a[1] is not None and b[1] is not None:
        return a[1] != b[1]
    return 0 in (a[1], b[1])  # `[]` against `tf.unstack(x)`: one empty, one not


class TensorConditionBranchesDiffer(_TracedRule):
    id = "TF863"
    requires_traced_code = True
    name = "tensor-condition-branches-differ"
    severity = "error"
    message = "a conditional on a tensor gives values of different structure in its two branches"
    rationale = """
        In AutoGraph-converted code (a `tf.function`, a `Dataset.map` function) a conditional
        expression on a tensor, `a if t > 0 else b`, becomes `tf.cond`, which builds both
        branches and needs them to give the same structure: the same number of tensors, nested
        alike. A list of tensors on one side and `[]` on the other (`tf.unstack(x) if
        tf.size(x) > 0 else []`), lists of different lengths, or `None` against a value cannot
        be joined, and tracing fails (TF 2.21: a bare `AssertionError: [3, 0]` from AutoGraph's
        generated code, or `ValueError: ... must have the same nested structure`). Decide on
        something known while tracing (the static shape, `x.shape[0]`, a Python flag), or make
        both branches give tensors of one structure (`tf.where`, padding). Reported when the
        condition is a tensor computed by a TF op and each branch is a list or tuple display,
        `None`, a Python sequence of tensors (`tf.unstack`) or a computed tensor, and their
        structures cannot match.
    """

    def visit_IfExp(self, node: cst.IfExp) -> None:
        fn = self._traced_function()
        if fn is None or not fn.autograph:
            return
        scope = self.context.scope
        tensor = tensor_condition(self.model, node.test, scope)
        if tensor is None:
            return
        body = _branch_structure(self.model, node.body, scope)
        orelse = _branch_structure(self.model, node.orelse, scope)
        if body is None or orelse is None or not _structures_differ(body, orelse):
            return
        self.report(
            node,
            f"AutoGraph makes this conditional in traced `{fn.qualname}` a `tf.cond`, whose "
            f"branches give `{code(node.body)}` and `{code(node.orelse)}`, of different "
            "structure, which fails while tracing; decide on a static value or give both "
            "branches one structure",
            because=[("the condition is a graph tensor", tensor)],
            traced_in=fn,
        )


# --- AutoGraph's `if` on a tensor: both branches must define what is read after -------------
def _assigned_in(block: cst.CSTNode) -> set[str]:
    """The names a branch binds by assignment (nested blocks included, nested scopes not)."""
    found: set[str] = set()

    def targets(target: cst.BaseExpression) -> None:
        if isinstance(target, cst.Name):
            found.add(target.value)
        elif isinstance(target, (cst.Tuple, cst.List)):
            for element in target.elements:
                targets(element.value)
        elif isinstance(target, cst.StarredElement):
            targets(target.value)

    def enter(node: cst.CSTNode) -> bool:
        if isinstance(node, (cst.FunctionDef, cst.ClassDef, cst.Lambda)):
            return False
        if isinstance(node, cst.Assign):
            for assigned in node.targets:
                targets(assigned.target)
        elif isinstance(node, (cst.AugAssign, cst.For)) or (
            isinstance(node, cst.AnnAssign) and node.value is not None
        ):
            targets(node.target)
        return True

    walk(block, enter)
    return found


def _ends_in_exit(block: cst.BaseSuite | None) -> bool:
    """Whether a branch's last statement leaves it (`return`, `raise`, `break`, `continue`)."""
    if not isinstance(block, cst.IndentedBlock) or not block.body:
        return False
    last = block.body[-1]
    exits = (cst.Return, cst.Raise, cst.Break, cst.Continue)  # not at import: libcst is lazy
    return isinstance(last, cst.SimpleStatementLine) and any(
        isinstance(s, exits) for s in last.body
    )


class TensorIfBranchLeavesNameUndefined(_TracedRule):
    id = "TF884"
    requires_traced_code = True
    name = "tensor-if-branch-leaves-name-undefined"
    severity = "error"
    message = (
        "an `if` on a tensor defines a name (or returns) in one branch only: AutoGraph's "
        "`tf.cond` needs both branches to, and tracing fails"
    )
    rationale = """
        In AutoGraph-converted code (a `tf.function`, a `Dataset.map` function) an `if`
        statement whose condition is a tensor becomes `tf.cond`, which runs both branches
        while tracing and needs each to give the same outputs: every name the code after the
        `if` reads must be defined by both (AutoGraph reference, Limitations). A name
        assigned only in the `if` branch (no `else`, or an `else` that does not assign it), and
        not before the `if`, fails tracing when it is read after: `ValueError: 'y' must also
        be initialized in the else branch` (TF 2.21). In the same way an `if` that ends the
        function and returns a value in its branch only fails: `ValueError: the else branch
        must also have a return statement`. Define the name before the `if` (or in both
        branches), or return after the `if`. Evidence required: the condition is a tensor
        computed by a TF op in converted code; the name has no binding in the function
        outside the branch that assigns it, that branch does not end in `return`, `raise`,
        `break` or `continue` (nor does the other), and the function reads the name after
        the `if`; or the `if` is the function's last statement, has no `else`, and its branch
        ends in `return <value>`.
    """

    def visit_If(self, node: cst.If) -> None:
        fn = self._traced_function()
        if fn is None or not fn.autograph or isinstance(fn.node, cst.Lambda):
            return
        if tensor_condition(self.model, node.test, self.context.scope) is None:
            return
        if self._returns_in_one_branch(fn, node):
            return
        orelse = node.orelse
        if isinstance(orelse, cst.Else):
            branches = [(node.body, orelse.body), (orelse.body, node.body)]
        else:  # no `else`, or an `elif` chain: what any of its branches assigns counts
            branches = [(node.body, orelse)]
        for branch, rest in branches:
            if _ends_in_exit(branch) or (isinstance(rest, cst.BaseSuite) and _ends_in_exit(rest)):
                continue  # a branch that leaves needs nothing after the `if`
            missing = _assigned_in(branch) - (_assigned_in(rest) if rest is not None else set())
            for name in sorted(missing):
                read = self._read_after(fn, node, branch, name)
                if read is not None:
                    where = "`else`" if branch is node.body else "`if`"
                    self.report(
                        read,
                        f"`{name}` is assigned only in one branch of an `if` on a tensor in "
                        f"traced `{fn.qualname}`, and read here: AutoGraph's `tf.cond` needs "
                        f"the {where} branch to define it too, so tracing fails; define "
                        f"`{name}` before the `if`",
                        because=[("the `if` on a tensor", node.test)],
                    )
                    return

    def _returns_in_one_branch(self, fn: FunctionInfo, node: cst.If) -> bool:
        body = fn.node.body
        if not isinstance(body, cst.IndentedBlock) or not body.body or body.body[-1] is not node:
            return False
        if node.orelse is not None or not isinstance(node.body, cst.IndentedBlock):
            return False
        last = node.body.body[-1] if node.body.body else None
        if not isinstance(last, cst.SimpleStatementLine):
            return False
        returned = next((s for s in last.body if isinstance(s, cst.Return)), None)
        if returned is None or returned.value is None:
            return False
        self.report(
            returned,
            f"traced `{fn.qualname}` returns a value only when its last `if`, on a tensor, "
            "holds: AutoGraph's `tf.cond` needs the other branch to return too, so tracing "
            "fails; add an `else` (or a `return` after the `if`)",
            because=[("the `if` on a tensor", node.test)],
        )
        return True

    def _read_after(
        self, fn: FunctionInfo, node: cst.If, branch: cst.CSTNode, name: str
    ) -> cst.Name | None:
        binding = self.model.lookup(name, fn)
        if binding.scope is not fn or not binding.sites:
            return None
        inside = set()
        walk(branch, lambda n: inside.add(id(n)) or True)
        if any(id(site.node) not in inside for site in binding.sites):
            return None  # bound elsewhere too (before the `if`, a parameter, the other branch)
        found: list[cst.Name] = []
        passed = [False]

        def enter(child: cst.CSTNode) -> bool:
            if found or isinstance(child, (cst.FunctionDef, cst.ClassDef, cst.Lambda)):
                return False
            if child is node:
                passed[0] = True
                return False
            if (
                passed[0]
                and isinstance(child, cst.Name)
                and child.value == name
                and not self.model.is_target(child)
                and self.model.binding_of(child).scope is fn  # not a comprehension's own
            ):
                found.append(child)
            return True

        walk(fn.node.body, enter)
        return found[0] if found else None


# --- AutoGraph's graph loops: a loop variable keeps its dtype ---------------------------------
_FLOAT_DTYPES = ("float16", "bfloat16", "float32", "float64", "half", "double")


def _float_valued(model: ModuleModel, expr: cst.BaseExpression) -> bool:
    """Whether ``expr`` is surely a float: a float literal, arithmetic with one (true division
    too), ``tf.constant`` of one, or ``tf.cast`` to a float dtype."""
    if isinstance(expr, cst.Float):
        return True
    if isinstance(expr, cst.UnaryOperation):
        return _float_valued(model, expr.expression)
    if isinstance(expr, cst.BinaryOperation):
        if isinstance(expr.operator, cst.Divide):
            return True
        return _float_valued(model, expr.left) or _float_valued(model, expr.right)
    if isinstance(expr, cst.Call):
        name = model.call_name(expr) or ""
        if name == "tensorflow.constant" and expr.args and expr.args[0].keyword is None:
            return _float_valued(model, expr.args[0].value) and len(expr.args) == 1
        if name in ("tensorflow.cast", "tensorflow.dtypes.cast") and len(expr.args) >= 2:
            dtype = code(expr.args[1].value)
            return dtype.rpartition(".")[2] in _FLOAT_DTYPES
    return False


class LoopVariableChangesDtypeOrShape(_TracedRule):
    id = "TF885"
    requires_traced_code = True
    name = "loop-variable-changes-dtype-or-shape"
    severity = "error"
    message = (
        "a graph loop changes a loop variable's dtype (a Python int given a float) or grows "
        "its fixed shape (`tf.concat` onto it): `tf.while_loop` fails to build"
    )
    rationale = """
        In AutoGraph-converted code a `for` over a tensor (`tf.range`, a dataset) or a
        `while` on a tensor condition becomes `tf.while_loop`, whose loop variables are
        tensors of a fixed dtype (AutoGraph reference, Limitations: a loop variable keeps
        its dtype and structure). A variable that starts as a Python int (`total = 0`)
        enters the loop as an int32 tensor, so adding a float to it in the loop (`total +=
        0.5`, `total += tf.cast(i, tf.float32)`) fails: `TypeError: Input 'y' of 'AddV2' Op
        has type float32 that does not match type int32 of argument 'x'`, or, for an
        assignment, `'total' has dtype int32 before the loop, but dtype float32 after one
        iteration` (TF 2.21). A Python `for` over `range(3)` is unrolled and is fine. Start it
        as a float (`total = 0.0`, or `tf.constant(0.0)`). In the same way a loop variable
        keeps its shape: one made with a fixed shape (`x = tf.zeros([0, 3])`) and grown in the
        loop by `x = tf.concat([x, row], 0)` fails, `'x' has shape (0, 3) before the loop, but
        shape (1, 3) after one iteration. Use tf.autograph.experimental.set_loop_options to
        set shape invariants.`; declare the growing dimension with
        `tf.autograph.experimental.set_loop_options(shape_invariants=[(x, tf.TensorShape([None,
        3]))])`, or collect the rows in a `tf.TensorArray`. Evidence required: in converted
        code, a graph loop assigns (`=`, `+=` ...) a name a surely-float value (a float
        literal, arithmetic with one, true division, `tf.constant` of one, `tf.cast` to a
        float dtype), and the name's only binding outside the loop is an assignment of an int
        literal before it; or the loop assigns the name `tf.concat` of a list holding the name
        itself, its only binding outside the loop is `tf.zeros`/`tf.ones`/`tf.fill` of a
        literal shape or `tf.constant` of a literal before it, and the loop does not call
        `set_loop_options`.
    """

    def visit_For(self, node: cst.For) -> None:
        self._check(node)

    def visit_While(self, node: cst.While) -> None:
        self._check(node)

    def _check(self, loop: cst.For | cst.While) -> None:
        fn = self._traced_function()
        if fn is None or not fn.autograph:
            return
        scope = self.context.scope
        if converted_loop(self.model, loop, scope) is None:
            return
        inside: set[int] = set()
        walk(loop, lambda n: inside.add(id(n)) or True)
        if self._grows_fixed_shape(fn, loop, inside):
            return
        for target, value in self._updates(loop.body):
            start = self._int_start(fn, target, inside)
            if start is None or not _float_valued(self.model, value):
                continue
            self.report(
                value,
                f"`{target.value}` starts as the Python int `{code(start)}` before a graph loop "
                f"in traced `{fn.qualname}`, so AutoGraph makes it an int32 tensor, and this "
                f"float fails to combine with it; start it as a float (`{target.value} = "
                f"{code(start)}.0`)",
                because=[(f"`{target.value}` starts as an int here", start)],
            )
            return

    def _updates(self, body: cst.BaseSuite) -> list[tuple[cst.Name, cst.BaseExpression]]:
        found: list[tuple[cst.Name, cst.BaseExpression]] = []

        def enter(node: cst.CSTNode) -> bool:
            if isinstance(node, (cst.FunctionDef, cst.ClassDef, cst.Lambda)):
                return False
            if isinstance(node, cst.AugAssign) and isinstance(node.target, cst.Name):
                found.append((node.target, node.value))
            elif isinstance(node, cst.Assign) and len(node.targets) == 1:
                target = node.targets[0].target
                if isinstance(target, cst.Name):
                    found.append((target, node.value))
            return True

        walk(body, enter)
        return found

    def _grows_fixed_shape(
        self, fn: FunctionInfo, loop: cst.For | cst.While, inside: set[int]
    ) -> bool:
        calls = [n for n in self.model.calls_made_by(fn) if id(n) in inside]
        if any(
            isinstance(c.func, cst.Attribute) and c.func.attr.value == "set_loop_options"
            for c in calls
        ):
            return False
        for target, value in self._updates(loop.body):
            if not isinstance(value, cst.Call):
                continue
            if self.model.call_name(value) not in ("tensorflow.concat", "tensorflow.stack"):
                continue
            pieces = value.args[0].value if value.args else None
            if not isinstance(pieces, (cst.List, cst.Tuple)) or not any(
                isinstance(e.value, cst.Name) and e.value.value == target.value
                for e in pieces.elements
            ):
                continue
            start = self._start(fn, target, inside)
            if start is None or not self._fixed_shape(start):
                continue
            self.report(
                value,
                f"`{target.value}` is made with a fixed shape before a graph loop in traced "
                f"`{fn.qualname}` and grown here: a `tf.while_loop` variable keeps its shape, "
                "so the loop fails to build; declare the growing dimension with "
                "`tf.autograph.experimental.set_loop_options(shape_invariants=...)` or collect "
                "the pieces in a `tf.TensorArray`",
                because=[(f"`{target.value}` gets its fixed shape here", start)],
            )
            return True
        return False

    def _fixed_shape(self, start: cst.BaseExpression) -> bool:
        """``tf.zeros``/``tf.ones``/``tf.fill`` of a literal shape, ``tf.constant`` of a
        literal: a shape known in full while tracing."""
        if not isinstance(start, cst.Call) or not start.args:
            return False
        name = self.model.call_name(start) or ""
        first = start.args[0].value
        if name in ("tensorflow.zeros", "tensorflow.ones", "tensorflow.fill"):
            return isinstance(first, (cst.List, cst.Tuple)) and all(
                isinstance(e.value, cst.Integer) for e in first.elements
            )
        if name == "tensorflow.constant":
            return isinstance(first, (cst.List, cst.Tuple, cst.Integer, cst.Float))
        return False

    def _start(
        self, fn: FunctionInfo, target: cst.Name, inside: set[int]
    ) -> cst.BaseExpression | None:
        """The one value ``target`` is given outside the loop, before it."""
        binding = self.model.lookup(target.value, fn)
        if binding.scope is not fn:
            return None
        outside = [s for s in binding.sites if id(s.node) not in inside]
        if len(outside) != 1 or outside[0].kind != SiteKind.ASSIGN:
            return None
        loop_order = min((s.order for s in binding.sites if id(s.node) in inside), default=None)
        if loop_order is None or outside[0].order > loop_order:
            return None
        return outside[0].value

    def _int_start(
        self, fn: FunctionInfo, target: cst.Name, inside: set[int]
    ) -> cst.BaseExpression | None:
        binding = self.model.lookup(target.value, fn)
        if binding.scope is not fn:
            return None
        outside = [s for s in binding.sites if id(s.node) not in inside]
        if len(outside) != 1 or outside[0].kind != SiteKind.ASSIGN:
            return None
        value = outside[0].value
        if isinstance(value, cst.UnaryOperation):
            value = value.expression
        if not isinstance(value, cst.Integer):
            return None
        loop_order = min((s.order for s in binding.sites if id(s.node) in inside), default=None)
        if loop_order is None or outside[0].order > loop_order:
            return None
        return outside[0].value
