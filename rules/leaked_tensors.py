"""Tensors that escape the traced function that computed them."""

from __future__ import annotations

import re

from tf2lint.analysis import knowledge
from tf2lint.analysis.guards import initialises_once, is_guarded_singleton
from tf2lint.analysis.model import FunctionInfo, SiteKind
from tf2lint.analysis.tensors import (
    computed_tensor,
    converted_loop,
    keras_tensor,
    keras_tensor_step,
    tensor_state_read,
)
from tf2lint.analysis.tracing import root_reason
from tf2lint.analysis.walk import walk
from tf2lint.base.lazy import cst
from tf2lint.linting.rule import Rule
from tf2lint.rules.common import (
    StoreRule,
    code,
    is_local,
    outer_target,
)

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
    requires_traced_code = True
    # A tensor stored where a variable was (`self.kernel = tf.nn.dropout(self.kernel)`) is
    # TF872's more specific claim: the variable is replaced, not updated.
    defers_to = frozenset({"TF872"})
    name = "tensor-leaked-from-traced-code"
    category = "leaked-tensor"
    severity = "error"
    message = "a tensor computed in traced code is stored outside it; it is a symbolic graph tensor"
    rationale = """
        Inside a `tf.function`, tensors are symbolic: they belong to the graph being traced.
        Storing one in a global, a nonlocal, an attribute of `self` or an item of an outer
        dict leaks it out of that graph (appending one to an outer list, `out.append(t)`, is
        TF202's side effect: the `tf.function` guide files it there, and the list grows once
        per trace, not per call). Using it later, outside the function or from another
        trace, fails with "... is out of scope and cannot be used here" (or, in TF1 style
        graph code, silently reads a stale value). That includes a tensor cached under `if
        self.table is None:` on the first call (every later trace reuses the first graph's
        tensor), state a layer's `call` reads before it stores it again (a hidden state,
        `h = tanh(x + self.hidden)` ... `self.hidden = h`: the next trace, which `fit` makes,
        reads the last trace's tensor), one kept on `self` for a public method to read
        eagerly, and an attribute of
        an object passed in from outside the trace (`acc.total += x` in a helper). A
        `tf.data.Dataset` made in traced code is one too: its variant tensor belongs to the
        trace's graph, and kept on `self` it is out of scope in the next trace (a first call
        that creates a variable traces twice). Return the tensor from the function, or keep
        the state in a `tf.Variable` and `assign` to it; make a dataset outside the function
        (or under `tf.init_scope()`).
    """

    def check_store(self, target: cst.BaseExpression, value: cst.BaseExpression) -> None:
        context = self.context
        if not context.in_traced_code:
            return
        fn = context.function
        where = outer_target(self.model, context.scope, target) or self._passed_in(fn, target)
        if where is None:
            return
        state = None
        what = "a graph tensor"
        if not self.model.is_tensor(value, context.scope):
            state = tensor_state_read(self.model, fn, value)
            if state is None:
                if not self._dataset_built_here(value):
                    return
                what = "a dataset built in the graph"
        # Stored and read back by the same function (a wrapper that sets its inner layer's
        # kernel, then calls it): scratch state of one call, which each call sets anew.
        gap = None
        because = [(f"the tensor is stored in {where} here", target)]
        if state is not None:
            because.insert(0, state)
        if isinstance(target, cst.Attribute):
            cached = self._cached(fn, target, value)
            if cached is not None:
                # set only while unset: later calls (and retraces) reuse this graph tensor
                because.append(cached)
            elif not _reads_itself(value, target) and self._read_back(fn, target):
                # `self.x = self.x - lr * g` carries the value from call to call: not scratch;
                # nor is a value the function reads before it stores one (the last call's)
                carried = self._read_before_stored(fn, target)
                if carried is None:
                    gap = SCRATCH_GAP
                else:
                    because.append(
                        (
                            f"`{code(target)}` is read here before the function stores it: each "
                            "call (and each trace) reads what the last one stored",
                            carried,
                        )
                    )
            elif isinstance(target.value, cst.Attribute):
                gap = OTHER_OBJECT_GAP  # `self.layer.kernel = ...`: a wrapped layer's input
        self.report(
            target,
            f"traced `{fn.qualname}` stores {what} in {where}; it leaks out of the trace",
            because=because,
            gap=gap,
        )

    def _dataset_built_here(self, value: cst.BaseExpression) -> bool:
        """A `tf.data.Dataset` made by a call in this traced code (``Dataset.from_tensors``,
        ``ds.map(f)``), or a local bound only to one: its variant tensor belongs to this
        trace's graph, and another trace (the second one a first call creating variables
        makes, a retrace) finds it out of scope (TypeError, checked under TF 2.21)."""
        scope = self.context.scope
        if isinstance(value, cst.Name):
            if not is_local(self.model, scope, value.value):
                return False
            values = self.model.binding_of(value, scope).known_values
            return bool(values) and all(self._dataset_built_here(v) for v in values)
        if not isinstance(value, cst.Call):
            return False
        kind = self.model.kind_of(value, scope)
        return kind is not None and kind.kind == "dataset"

    def _passed_in(self, fn: FunctionInfo, target: cst.BaseExpression) -> str | None:
        """``acc.total = t`` where ``acc`` is a parameter of the traced function and every
        call the module makes passes it an object from outside any trace (a global, ``self``
        of the caller, a parameter of its own): the caller's object keeps the tensor."""
        if not (isinstance(target, cst.Attribute) and isinstance(target.value, cst.Name)):
            return None
        param = target.value.value
        if param in ("self", "cls") or param not in fn.params:
            return None
        if not self.model.binding_of(target.value, self.context.scope).is_param:
            return None
        arguments = self.model.arguments(fn, param)
        if not arguments:
            return None
        for argument, scope in arguments:
            root = argument
            while isinstance(root, cst.Attribute):
                root = root.value
            if not isinstance(root, cst.Name):
                return None
            if (
                root.value != "self"
                and is_local(self.model, scope, root.value)
                and not self.model.binding_of(root, scope).is_param
            ):
                return None  # an object the trace builds itself
        return f"attribute `{code(target)}` of the object passed in as `{param}`"

    def _cached(
        self, fn: FunctionInfo, target: cst.Attribute, value: cst.BaseExpression
    ) -> tuple[str, cst.CSTNode] | None:
        """``if self.t is None: self.t = <tensor>`` (or ``self.t = ... if self.t is None else
        self.t``) in traced code: a cache set once, on the first call, and read by every later
        call and retrace, which then uses a tensor of the first trace's graph. Not scratch."""
        try:
            name = code(target)
        except RecursionError:
            return None
        if is_guarded_singleton(target, value) or initialises_once(fn.node, name, target):
            return (
                f"`{name}` is set only while unset: later calls and retraces reuse the tensor "
                "of the first trace",
                target,
            )
        return None

    def _read_before_stored(self, fn: FunctionInfo, target: cst.Attribute) -> cst.CSTNode | None:
        """Where ``fn`` reads ``self.<attr>`` before its first store to it
        (``h = tanh(x @ w + self.hidden)`` ... ``self.hidden = h``): each call reads what the
        last one stored, so the next trace reads a tensor of an earlier trace's graph (checked
        under TF 2.21 / Keras 3.15: `fit` raises "The tensor ... cannot be accessed from
        FuncGraph(...) because it was defined in FuncGraph(...), which is out of scope")."""
        order = self.model.event_index()
        stores = [
            order[id(node)] for node in _attribute_stores(fn.node, target) if id(node) in order
        ]
        if not stores:
            return None
        first_store = min(stores)
        return next(
            (
                read.node
                for read in self.model.reads.get(target.attr.value, ())
                if read.function is fn
                and isinstance(read.node, cst.Attribute)
                and read.node.value.deep_equals(target.value)
                and order.get(id(read.node), first_store) < first_store
            ),
            None,
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
        for read in self.model.reads.get(target.attr.value, ()):
            reader = read.function
            if reader is fn:
                continue
            if reader is None or reader.traced or reader.cls is not fn.cls:
                return False
            if not reader.name.startswith("_"):
                return False  # a public method of the object reads it, eagerly, after the trace
        return True


def _attribute_stores(function: cst.CSTNode, target: cst.Attribute) -> list[cst.Attribute]:
    """The targets in ``function`` (not in functions it defines) that store to the attribute
    ``target`` names (``self.hidden = ...``, ``self.hidden += ...``)."""
    found: list[cst.Attribute] = []

    def enter(node: cst.CSTNode) -> bool | None:
        if node is not function and isinstance(node, (cst.FunctionDef, cst.Lambda)):
            return False
        if isinstance(node, (cst.Assign, cst.AugAssign, cst.AnnAssign)):
            targets = (
                [t.target for t in node.targets] if isinstance(node, cst.Assign) else [node.target]
            )
            for stored in targets:
                if (
                    isinstance(stored, cst.Attribute)
                    and stored.attr.value == target.attr.value
                    and stored.value.deep_equals(target.value)
                ):
                    found.append(stored)
        return None

    walk(function, enter)
    return found


def _reads_itself(value: cst.BaseExpression, target: cst.Attribute) -> bool:
    """Whether the stored value reads the attribute it is stored in (``self.x = self.x * a``)."""
    found = False

    def enter(node: cst.CSTNode) -> bool:
        nonlocal found
        if (
            isinstance(node, cst.Attribute)
            and node.attr.value == target.attr.value
            and node.value.deep_equals(target.value)
        ):
            found = True
        return not found

    walk(value, enter)
    return found


def _list_stores(body: cst.CSTNode) -> list[tuple[cst.Name, cst.CSTNode, cst.BaseExpression]]:
    """The list appends and index assignments in a loop body (not in functions or classes it
    defines): each list's name, the store, and the value stored."""
    stores: list[tuple[cst.Name, cst.CSTNode, cst.BaseExpression]] = []

    def enter(node: cst.CSTNode) -> bool | None:
        if isinstance(node, (cst.FunctionDef, cst.Lambda, cst.ClassDef)):
            return False
        if isinstance(node, cst.Call):
            func = node.func
            if (
                isinstance(func, cst.Attribute)
                and func.attr.value in ("append", "insert", "extend")
                and isinstance(func.value, cst.Name)
                and node.args
            ):
                stores.append((func.value, node, node.args[-1].value))
        elif isinstance(node, (cst.Assign, cst.AugAssign)):
            targets = (
                [t.target for t in node.targets] if isinstance(node, cst.Assign) else [node.target]
            )
            for target in targets:
                # `values[i] = t`, `totals[key] += t`: an index that is no constant; a fixed
                # slot (`acc[0] += t`, `d["loss"] += t`) AutoGraph carries through the loop
                if (
                    isinstance(target, cst.Subscript)
                    and isinstance(target.value, cst.Name)
                    and not _constant_index(target)
                ):
                    stores.append((target.value, node, node.value))
        return None

    walk(body, enter)
    return stores


def _constant_index(target: cst.Subscript) -> bool:
    """``acc[0]``, ``totals["loss"]``: a subscript by one literal number or string."""
    if len(target.slice) != 1 or not isinstance(target.slice[0].slice, cst.Index):
        return False
    index = target.slice[0].slice.value
    if isinstance(index, cst.UnaryOperation) and isinstance(index.operator, cst.Minus):
        index = index.expression
    return isinstance(index, (cst.Integer, cst.SimpleString))


def _reads_after(model, function: cst.CSTNode, loop: cst.CSTNode, name: str) -> list[cst.Name]:
    """Reads of ``name`` that come after ``loop`` in the function's source order."""
    reads: list[cst.Name] = []
    after = False

    def enter(node: cst.CSTNode) -> bool | None:
        if node is loop:
            return False
        if (
            after
            and isinstance(node, cst.Name)
            and node.value == name
            and not model.is_target(node)
        ):
            reads.append(node)
        return None

    def leave(node: cst.CSTNode) -> None:
        nonlocal after
        after = after or node is loop

    walk(function, enter, leave)
    return reads


class ListAppendInConvertedLoop(Rule):
    id = "TF302"
    requires_traced_code = True
    name = "list-append-in-converted-loop"
    category = "leaked-tensor"
    severity = "error"
    message = (
        "a tensor appended to a Python list inside a loop AutoGraph converts is inaccessible "
        "after the loop"
    )
    rationale = """
        AutoGraph turns a loop over a tensor (`for i in tf.range(n)`, `for x in dataset`,
        `for row in t`, `while` on a tensor condition) into a `tf.while_loop`, whose body is
        traced once, as a function graph of its own. A Python list is not a loop variable:
        `values.append(t)` (or `values[i] = t`) runs once, while that body is traced, and
        stores a tensor of the body's graph. Reading the list after the loop (`tf.stack`,
        `tf.add_n`, returning it) then fails with `InaccessibleTensorError: ... is out of scope
        and cannot be used here`. Collect the values in a `tf.TensorArray` that the loop
        carries (`ta = ta.write(i, t)`, then `ta.stack()`), or accumulate into a tensor.
        The same holds for a list or dict of fixed size updated by an index that is no
        constant (`for key in totals: totals[key] += t`, the AutoGraph reference's "Python
        collections of fixed structure with dynamic index"; checked under TF 2.21:
        `InaccessibleTensorError`), while a constant slot (`acc[0] += t`, `d["loss"] += t`)
        is carried through the loop and is fine.
        Reported only when the loop is shown to be converted (its iterable or condition is a
        computed tensor or a dataset, or a `while` compares a counter kept as a tensor), the
        list is created in the function before the loop, a tensor of the loop's body is stored
        in it (computed by an op or a Keras layer or model, the loop's target, a name the body
        binds to something other than Python data), and it is read after the loop.
    """

    def _visit_loop(self, loop: cst.For | cst.While) -> None:
        context = self.context
        if not context.in_traced_code:
            return
        fn = context.function
        if not fn.autograph:
            return  # unconverted code fails earlier, on the loop itself (TF807)
        driver = converted_loop(self.model, loop, context.scope)
        if driver is None:
            return
        reported = context.memo((ListAppendInConvertedLoop, "reported"), set)
        for name, store, value in _list_stores(loop.body):
            if id(store) in reported:
                continue  # an inner converted loop, already reported for the outer one
            created = self._list_created_before(name, loop, context.scope)
            if created is None:
                continue
            # `totals[key] += t`, `totals[key] = totals[key] + x`: arithmetic on a tensor in
            # the body computes a tensor of the body's graph
            computed = (
                isinstance(store, cst.AugAssign)
                or isinstance(value, (cst.BinaryOperation, cst.UnaryOperation))
            ) and self.model.is_tensor(value, context.scope)
            if isinstance(store, cst.AugAssign) and self._holds_tensors(name, context.scope):
                computed = True  # `totals[name] += fn(y, pred)` on a slot holding a tensor
            if not computed and not self._tensor_value(value, loop, context.scope):
                continue
            reads = _reads_after(self.model, fn.node, loop, name.value)
            if not reads:
                continue
            reported.add(id(store))
            kind = (
                "a `while` on a tensor condition"
                if isinstance(loop, cst.While)
                else "a `for` over a dataset"
                if self.model.is_dataset(driver)
                else "a `for` over a tensor"
            )
            values = self.model.binding_of(name, context.scope).known_values or []
            is_dict = any(
                isinstance(v, (cst.Dict, cst.DictComp))
                or (isinstance(v, cst.Call) and self.model.call_name(v) == "builtins.dict")
                for v in values
            )
            remedy = (
                "index it by constant keys, or build a new dict each step "
                f"(`{name.value} = {{k: v + t for k, v in {name.value}.items()}}`)"
                if is_dict
                else "use a tf.TensorArray"
            )
            self.report(
                store,
                f"traced `{fn.qualname}` stores a tensor in the Python "
                f"{'dict' if is_dict else 'list'} `{name.value}` "
                f"inside {kind}, which AutoGraph converts to a tf.while_loop: the "
                f"{'dict' if is_dict else 'list'} is inaccessible after the loop; {remedy}",
                because=[
                    (f"`{code(driver)}` is a tensor: AutoGraph converts this loop", driver),
                    (
                        f"`{name.value}` is a Python {'dict' if is_dict else 'list'} created "
                        "before the loop",
                        created,
                    ),
                    (f"`{name.value}` is read after the loop", reads[0]),
                ],
            )

    def visit_For(self, node: cst.For) -> None:
        self._visit_loop(node)

    def visit_While(self, node: cst.While) -> None:
        self._visit_loop(node)

    def _list_created_before(self, name: cst.Name, loop: cst.CSTNode, scope) -> cst.CSTNode | None:
        """The ``[]``/``list()`` that binds ``name`` in this function, outside ``loop``; None
        when any binding is something else or lies in the loop."""
        binding = self.model.binding_of(name, scope)
        if not binding.sites or binding.scope is not scope:
            return None
        for site in binding.sites:
            if site.kind != SiteKind.ASSIGN or self.model.inside(site, loop):
                return None
            value = site.value
            if isinstance(value, cst.BinaryOperation) and isinstance(value.operator, cst.Multiply):
                value = value.left  # `[None] * n`
            if not (
                isinstance(value, (cst.List, cst.Dict, cst.ListComp, cst.DictComp))
                or (
                    isinstance(value, cst.Call)
                    and self.model.call_name(value) in ("builtins.list", "builtins.dict")
                )
            ):
                return None
        return binding.sites[0].node

    def _holds_tensors(self, name: cst.Name, scope) -> bool:
        """The container ``name`` is created holding tensors: a dict or list display (or
        comprehension) whose values are tensors (``{"loss": tf.constant(0.0)}``)."""
        values = self.model.binding_of(name, scope).known_values
        if not values or len(values) != 1:
            return False
        created = values[0]
        if isinstance(created, (cst.ListComp, cst.DictComp)):
            elements = [created.elt if isinstance(created, cst.ListComp) else created.value]
        elif isinstance(created, cst.List):
            elements = [e.value for e in created.elements]
        elif isinstance(created, cst.Dict):
            elements = [e.value for e in created.elements if isinstance(e, cst.DictElement)]
        else:
            return False
        return bool(elements) and all(self.model.is_tensor(e, scope) for e in elements)

    def _tensor_value(self, value: cst.BaseExpression, loop: cst.CSTNode, scope) -> bool:
        """A computed tensor, or a tensor of the converted loop's body: its target, a name the
        body binds (AutoGraph carries it as a loop variable, or it is a temporary of the
        body), a Keras layer or model called there, and ops and arithmetic on those."""
        if computed_tensor(self.model, value, scope):
            return True
        return _body_tensor(self.model, value, loop, scope)


def _python_data(model, value: cst.BaseExpression, scope) -> bool:
    """A Python number or string (or arithmetic on them), or a container display."""
    return model.is_python_scalar(value, scope) or isinstance(
        value, (cst.List, cst.Tuple, cst.Dict, cst.Set)
    )


def _body_tensor(
    model, value: cst.BaseExpression, loop: cst.CSTNode, scope, depth: int = 0
) -> bool:
    if depth > 8:
        return False
    deeper = depth + 1
    if isinstance(value, cst.Name):
        # the loop's target, or a name bound in the body to something other than Python data
        return any(
            model.inside(s, loop)
            and (
                s.kind == SiteKind.LOOP
                or (
                    s.kind in (SiteKind.ASSIGN, SiteKind.AUGASSIGN, SiteKind.UNPACK)
                    and not (s.value is not None and _python_data(model, s.value, scope))
                )
            )
            for s in model.binding_of(value, scope).sites
        )
    if isinstance(value, cst.BinaryOperation):
        return _body_tensor(model, value.left, loop, scope, deeper) or _body_tensor(
            model, value.right, loop, scope, deeper
        )
    if isinstance(value, cst.UnaryOperation) and not isinstance(value.operator, cst.Not):
        return _body_tensor(model, value.expression, loop, scope, deeper)
    if isinstance(value, cst.Subscript):
        return _body_tensor(model, value.value, loop, scope, deeper)
    if isinstance(value, (cst.Tuple, cst.List)):
        return any(_body_tensor(model, e.value, loop, scope, deeper) for e in value.elements)
    if isinstance(value, cst.Call):
        kind = model.kind_of(value.func, scope)
        if kind is not None and kind.kind in knowledge.CALLABLE_KERAS_KINDS:
            return True  # `model(x)`, `self.dense(h)`: a Keras call gives tensors
        if knowledge.returns(model.call_name(value)) == "tensor":
            return any(
                _body_tensor(model, a.value, loop, scope, deeper) for a in value.args if not a.star
            )
    return False


class KerasInputCapturedByTrainedFunction(Rule):
    id = "TF303"
    requires_traced_code = True
    name = "keras-input-captured-by-trained-function"
    category = "leaked-tensor"
    severity = "error"
    message = "a loss or metric given to compile reads a symbolic Keras tensor from model building"
    rationale = """
        `keras.Input(...)` and what Keras layers give when called on it are symbolic Keras
        tensors: placeholders that describe the model while it is built, with no value in any
        batch. A loss or metric given to `compile` runs inside the train step that `fit`
        traces, on the batch's tensors; one that closes over such a tensor (`inputs` of the
        functional model, a layer's output, to add a reconstruction or regularisation term)
        hands the placeholder of model building to that step, and `fit` fails while it traces
        (Keras 3: `ValueError` or `TypeError`, a KerasTensor cannot be used as input to a
        TensorFlow function; tf-keras: a KerasTensor passed to a TF API, or `Inputs to eager
        execution function cannot be Keras symbolic tensors` in older versions). Compute such
        a term where the batch is: in a layer's `call` with `self.add_loss(...)`, in a
        `train_step`/`compute_loss` of a `Model` subclass, or pass what the loss needs as a
        target (`fit(x, [y, x])`). Reported at the first read of each such name in the
        function, where the name is bound outside it to a Keras tensor the module builds.
    """

    def _trained_function(self) -> tuple[FunctionInfo, str] | None:
        """The function being visited and the compile argument it runs for, when it runs in
        the train step for a loss or metric given to compile."""
        context = self.context
        fn = context.function
        if fn is None or not context.in_traced_code:
            return None
        reason = root_reason(fn)
        if reason is None or reason.kind != "compiled" or self._graph_mode():
            return None
        return fn, reason.via

    def _graph_mode(self) -> bool:
        """Whether the module turns eager execution off: TF1-style Keras then builds the train
        step in the same graph as the model, where a loss may use the model's tensors."""
        model = self.model

        def find() -> bool:
            return any(
                (model.call_name(call) or "").endswith(_EAGER_OFF)
                for call in model.nodes_of(cst.Call)
            )

        return model.memo((KerasInputCapturedByTrainedFunction, "graph"), find)

    def visit_Attribute(self, node: cst.Attribute) -> None:
        attr = node.attr.value
        if attr in _STATIC_ATTRIBUTES:  # `inputs.shape[-1]`: read while building, no value
            self.__dict__.setdefault("_static_reads", set()).add(id(node.value))
            return
        if type(node.value) is not cst.Name:
            return
        trained = self._trained_function()
        if trained is None:
            return
        fn, via = trained
        if attr not in _SYMBOLIC_ATTRIBUTES:
            # `self.mu` of the method that builds the model and defines the loss
            # (or of the class whose method is given to compile: `loss=self.vae_loss`)
            if node.value.value == "self" and (
                fn.params[:1] == ["self"] or self._outer(node.value, fn) is not None
            ):
                key = f"self.{attr}"
                reported = self.context.memo((KerasInputCapturedByTrainedFunction, id(fn)), set)
                why = None if key in reported else self._symbolic_attribute(node)
                if why is not None:
                    reported.add(key)
                    self._report(node, fn, via, why)
            return
        kind = self.model.kind_of(node.value, self.context.scope)
        if kind is None or kind.kind != "model" or not self._outer(node.value, fn):
            return
        self.__dict__.setdefault("_static_reads", set()).add(id(node.value))
        self._report(
            node,
            fn,
            via,
            (f"the `{attr}` of a Keras model are the symbolic tensors it was built on", node),
        )

    def _symbolic_attribute(self, node: cst.Attribute) -> tuple[str, cst.CSTNode] | None:
        """Why ``self.<attr>`` holds a symbolic Keras tensor: every value the class assigns to
        it is one (``self.mu = Dense(2)(x)`` where the model is built)."""
        model = self.model
        values = model.bound_values(node, self.context.scope)
        if not values:
            return None
        for value in values:
            if not keras_tensor(model, _scope_of(model, value), value):
                return None
        return keras_tensor_step(model, _scope_of(model, values[0]), values[0])

    def visit_Arg(self, node: cst.Arg) -> None:
        # `tf.nn.ctc_loss(logits=y_pred)`: the keyword is a parameter's name, not a read of a
        # module-level `logits`
        if node.keyword is not None:
            self.__dict__.setdefault("_static_reads", set()).add(id(node.keyword))

    def visit_Name(self, node: cst.Name) -> None:
        if id(node) in self.__dict__.get("_static_reads", ()):
            return
        trained = self._trained_function()
        if trained is None:
            return
        fn, via = trained
        model = self.model
        scope = self.context.scope
        binding = self._outer(node, fn)
        if binding is None:
            return
        if binding.param_only:  # `loss=make_loss(inputs)`: what every caller passes
            passed = model.arguments(binding.scope, node.value)
            if not passed or not all(keras_tensor(model, s, v) for v, s in passed):
                return
            why = keras_tensor_step(model, passed[0][1], passed[0][0])
        elif keras_tensor(model, scope, node):
            why = keras_tensor_step(model, scope, node)
        else:
            return
        self._report(node, fn, via, why)

    def _outer(self, node: cst.Name, fn: FunctionInfo):
        """The binding of a name ``fn`` reads from outside itself (not a local of ``fn`` or of a
        function it defines), once per name and function; None otherwise."""
        binding = self.model.binding_of(node, self.context.scope)
        if not binding.sites or binding.scope is fn or _is_enclosed(binding.scope, fn):
            return None
        if not _reads(node, binding):
            return None
        reported = self.context.memo((KerasInputCapturedByTrainedFunction, id(fn)), set)
        return None if node.value in reported else binding

    def _report(
        self, node: cst.CSTNode, fn: FunctionInfo, via: str, why: tuple[str, cst.CSTNode]
    ) -> None:
        reported = self.context.memo((KerasInputCapturedByTrainedFunction, id(fn)), set)
        name = node if isinstance(node, cst.Name) else node.value  # type: ignore[attr-defined]
        if name.value != "self":
            reported.add(name.value)
        self.report(
            node,
            f"`{fn.qualname}` runs in the train step (compile({via}=...)) and reads "
            f"`{code(node)}`, a symbolic Keras tensor of model building: `fit`'s traced step "
            "cannot use it; compute the term in a layer with `add_loss`, or pass it as a target",
            because=[why],
        )


_EAGER_OFF = ("disable_eager_execution", "disable_v2_behavior")
# what a symbolic Keras tensor tells without a value, and a Keras model's symbolic tensors
_STATIC_ATTRIBUTES = frozenset({"shape", "dtype", "name", "get_shape", "ndim"})
_SYMBOLIC_ATTRIBUTES = frozenset({"input", "inputs", "output", "outputs"})


def _scope_of(model, node: cst.CSTNode):
    """The scope ``node`` is evaluated in (through the first name inside it)."""
    found = None

    def enter(part: cst.CSTNode) -> bool:
        nonlocal found
        if found is None and isinstance(part, cst.Name):
            found = part
        return found is None

    walk(node, enter)
    return model.scope_of(found) if found is not None else model.scope


def _is_enclosed(scope: object, fn: FunctionInfo) -> bool:
    """Whether ``scope`` is a function defined (at any depth) inside ``fn``."""
    while isinstance(scope, FunctionInfo):
        if scope is fn:
            return True
        scope = scope.outer
    return False


def _reads(node: cst.Name, binding: object) -> bool:
    """Whether ``node`` is a read of the name (not one of its own binding sites)."""
    return all(site.node is not node for site in binding.sites)  # type: ignore[attr-defined]


class KerasTensorCapturedInLambda(Rule):
    id = "TF304"
    name = "keras-tensor-captured-in-lambda"
    category = "leaked-tensor"
    severity = "error"
    message = "a `Lambda` layer's function reads a symbolic Keras tensor of model building"
    requires_text = ("Lambda",)
    rationale = """
        A `Lambda` layer calls its function on the tensors it is called on, and only those:
        Keras traces that function when the layer is called on a Keras tensor (to infer its
        output) and again in every traced step. A function that reads a Keras tensor from the
        code around it (the model's `Input`, another layer's output) instead of its own
        argument hands the placeholder of model building to TensorFlow ops inside the layer,
        where it has no value, and the model cannot be built (checked under TF 2.21, Keras 3:
        `We could not automatically infer the shape of the Lambda's output`, or with
        `output_shape` given, `A KerasTensor cannot be used as input to a TensorFlow
        function`; tf_keras: `Could not build a TypeSpec for KerasTensor`). Pass every tensor
        the function needs as the layer's input (`Lambda(f)([x, inputs])`, the function
        unpacking its argument), or use a layer. Reading the captured tensor's static
        attributes (`inputs.shape[1]`, `dtype`) is fine: they are Python values. Evidence
        required: the function given to a Keras `Lambda` (a lambda, or a function of the
        module) reads a name it does not bind, which the module binds to a Keras tensor
        (`keras.Input`, a layer called on one).
    """

    def visit_Call(self, node: cst.Call) -> None:
        model = self.model
        name = knowledge.canonical(model.call_name(node) or "")
        if name not in ("keras.layers.Lambda", "tf_keras.layers.Lambda"):
            return
        given = next(
            (a.value for a in node.args if a.keyword is not None and a.keyword.value == "function"),
            node.args[0].value if node.args and node.args[0].keyword is None else None,
        )
        if given is None:
            return
        function = model.function_referenced(given, self.context.scope)
        if function is None:
            return
        reported = self.context.memo((KerasTensorCapturedInLambda, id(function)), set)
        for read in _captured_reads(function.node):
            binding = model.binding_of(read, model.scope_of(read))
            scope = binding.scope
            if scope is None or _within(scope, function) or read.value in reported:
                continue
            if not keras_tensor(model, model.scope_of(read), read):
                continue
            reported.add(read.value)
            self.report(
                read,
                f"the `Lambda` layer's function reads `{read.value}`, a symbolic Keras tensor "
                "of model building, from the enclosing code: it has no value inside the layer, "
                "and the model cannot be built; pass it as the layer's input "
                f"(`Lambda(f)([x, {read.value}])`)",
                because=[
                    keras_tensor_step(model, model.scope_of(read), read),
                    ("the function is given to this `Lambda` layer", node),
                ],
            )


def _within(scope, function: FunctionInfo) -> bool:
    """Whether ``scope`` is ``function`` or a scope inside it."""
    while scope is not None:
        if scope is function:
            return True
        scope = scope.parent
    return False


def _captured_reads(function_node: cst.CSTNode) -> list[cst.Name]:
    """The names a function's body reads as values: not an attribute's name, a keyword, nor the
    object of a static attribute (``inputs.shape``)."""
    found: list[cst.Name] = []
    body = function_node.body

    def enter(node: cst.CSTNode) -> bool | None:
        if isinstance(node, cst.Attribute):
            if node.attr.value in _STATIC_ATTRIBUTES:
                return False
            walk(node.value, enter)
            return False
        if isinstance(node, cst.Arg):
            walk(node.value, enter)
            return False
        if isinstance(node, cst.Name):
            found.append(node)
        return None

    walk(body, enter)
    return found
