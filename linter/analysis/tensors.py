"""Which expressions hold tensors, and which kind of tensor: the one owner of these answers.

Rules ask here (or the model: :meth:`ModuleModel.is_tensor`), never answer for themselves:

- ``model.is_tensor(expr, scope)``: a tf.Tensor when ``scope`` is traced (TF ops, traced
  functions' results, Keras layer calls, tensor parameters of traced functions, arithmetic).
- :func:`computed_tensor`: stricter, a value computed by a TF op or a Keras layer call, or a
  local bound to one; a bare parameter counts only where tf.data or Keras feeds it a tensor, or
  every caller passes one. :func:`sequence_of_tensors`: a Python sequence of tensors
  (``tf.unstack(x)``). :func:`tensor_condition`: the computed tensor a condition tests.
- :func:`reaching_site`: which binding of a local a read sees, where the body rebinds it in
  straight-line code (``x = tf.io.read_file(p)``, ``x = tf.io.decode_jpeg(x)``).
- :func:`converted_loop`: the tensor (or dataset) that makes AutoGraph convert a loop.
- :func:`graph_value`: a tensor or a variable, a value that changes from call to call.
- :func:`tensor_state_read`: ``self.<attr>`` arithmetic where ``__init__`` stores a tensor there.
- :func:`keras_tensor`: a symbolic Keras 3 tensor of a functional model (``keras.Input(...)``,
  a Keras 3 layer or model called on one, a layer's ``.output``), and :func:`keras_tensor_step`
  its evidence. :func:`symbolic_keras_tensor`: the ``keras.Input`` (any Keras) a value is
  computed from symbolically, through layers and ``keras.ops``, every binding of a name agreeing.

They differ on purpose (each rule's evidence asks for one), and each says how in its docstring.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tf2lint.analysis import knowledge
from tf2lint.analysis.order import assigned_before
from tf2lint.analysis.scopes import BindingSite, FunctionInfo, SiteKind
from tf2lint.analysis.tfnames import is_keras, keras3_name
from tf2lint.analysis.tracing import bound_method, fed_tensor
from tf2lint.analysis.walk import walk
from tf2lint.base.lazy import cst

if TYPE_CHECKING:
    from tf2lint.analysis.model import ModuleModel, Scope


def _code(node: cst.CSTNode) -> str:
    return cst.Module(body=[]).code_for_node(node)


# --- tensors computed by TF ops ---------------------------------------------------------------


def computed_tensor(
    model: ModuleModel,
    expr: cst.BaseExpression,
    scope: Scope | None,
    depth: int = 0,
    api_only: bool = False,
    resolving: frozenset[tuple[int, str]] = frozenset(),
) -> bool:
    """Stricter than ``model.is_tensor``: a value computed by a TF op (or a Keras layer call), or
    a local bound to one. Bare parameters of traced functions do not count: they are often
    Python flags and sizes. ``api_only``: calls of the module's own functions do not count
    either (a helper that hands back its parameter would pass for a tensor). ``resolving``: the
    locals whose values are being judged (a value that reads its own name, ``loss = loss / 10``,
    is what the name's other values make it)."""
    if depth > 10 or scope is None:
        return False
    if isinstance(expr, cst.Call):
        if api_only:
            name = model.call_name(expr)
            if name is None and model.callee(expr, scope) is not None:
                return False
        return model.is_tensor(expr, scope) or _tensor_member_call(model, expr, scope)
    if isinstance(expr, cst.BinaryOperation):
        return computed_tensor(
            model, expr.left, scope, depth + 1, api_only, resolving
        ) or computed_tensor(model, expr.right, scope, depth + 1, api_only, resolving)
    if isinstance(expr, cst.UnaryOperation) and not isinstance(expr.operator, cst.Not):
        return computed_tensor(model, expr.expression, scope, depth + 1, api_only, resolving)
    if isinstance(expr, cst.Comparison) and len(expr.comparisons) == 1:
        # `y_pred > 0.5`: a bool tensor (`is`/`in` are Python's, and chains need `bool()`)
        compared = expr.comparisons[0]
        if isinstance(compared.operator, (cst.Is, cst.IsNot, cst.In, cst.NotIn)) or (
            isinstance(compared.comparator, cst.Name) and compared.comparator.value == "None"
        ):
            return False
        return computed_tensor(model, expr.left, scope, depth + 1, api_only, resolving)
    if isinstance(expr, cst.Subscript):  # an element of a tensor, or of a list of tensors
        return computed_tensor(
            model, expr.value, scope, depth + 1, api_only, resolving
        ) or sequence_of_tensors(model, expr.value, scope)
    if isinstance(expr, cst.Name):
        binding = model.binding_of(expr, scope)
        if not isinstance(binding.scope, FunctionInfo):
            return False
        if binding.param_only and fed_tensor(binding.scope, expr.value) is not None:
            return True  # tf.data or Keras's train step passes a tensor there
        if binding.param_only and handed_graph_tensor(model, binding.scope, expr.value):
            return True  # traced code hands the function to tf.map_fn, tf.scan ...
        site = reaching_site(model, expr, binding)
        unpacked = site if site is not None or len(binding.sites) != 1 else binding.sites[0]
        if (  # `image, stride = element` of a function tf.map_fn hands its elements
            unpacked is not None
            and unpacked.kind == SiteKind.UNPACK
            and unpacked.value is None
            and _unpacks_handed_elements(model, binding.scope, unpacked.node)
        ):
            return True
        if site is not None and site.kind == SiteKind.PARAM:
            # read before the body rebinds it (`image = cv2.imread(...)` further down, or
            # `y_pred = np.round(y_pred)`): what the parameter itself is given
            if fed_tensor(binding.scope, expr.value) is not None:
                return True
            if handed_graph_tensor(model, binding.scope, expr.value):
                return True
            if binding.scope.param_defaults.get(expr.value) is not None:
                return False
            passed = model.arguments(binding.scope, expr.value)
            return bool(passed) and all(
                computed_tensor(model, value, caller, depth + 1, api_only)
                for value, caller in passed
            )
        if site is not None and site.value is not None:
            return computed_tensor(model, site.value, binding.scope, depth + 1, api_only)
        if binding.param_only:  # what every caller passes
            if api_only and binding.scope.param_defaults.get(expr.value) is not None:
                return False  # a parameter with a default is a Python option (a flag)
            passed = model.arguments(binding.scope, expr.value)
            return bool(passed) and all(
                computed_tensor(model, value, caller, depth + 1, api_only)
                for value, caller in passed
            )
        key = (id(binding.scope), expr.value)
        if key in resolving:
            return True  # read by one of its own values: it holds what the others make it
        values = binding.known_values
        if not values:
            return False
        inner = resolving | {key}
        return all(
            computed_tensor(model, v, binding.scope, depth + 1, api_only, inner) for v in values
        )
    return False


def _unpacks_handed_elements(model: ModuleModel, fn: FunctionInfo, target: cst.CSTNode) -> bool:
    """Whether ``target`` is bound by unpacking (``image, stride = element``) a parameter of
    ``fn`` that a TF op such as ``tf.map_fn`` hands graph tensors: the pieces are tensors."""
    if fn.traced_by is None or isinstance(fn.node.body, cst.BaseExpression):
        return False
    source = model.memo(("unpacked-from", id(fn)), lambda: _unpacked_names(fn)).get(id(target))
    if source is None:
        return False
    bound = model.binding_of(source, fn)
    if bound.scope is not fn or not bound.param_only or source.value in fn.param_defaults:
        return False
    if handed_graph_tensor(model, fn, source.value) is not None:
        return True
    # defined in traced code and handed to `tf.map_fn` there: its first parameter
    if not fn.params or fn.params[0] != source.value or bound_method(fn):
        return False
    for call in model.nodes_of(cst.Call):
        if not knowledge.hands_graph_tensors(model.call_name(call)):
            continue
        for index, arg in enumerate(call.args):
            keyword = arg.keyword.value if arg.keyword is not None else None
            if keyword == "fn" or (keyword is None and index == 0):
                where = model.scope_of(arg.value) if isinstance(arg.value, cst.Name) else None
                if model.function_referenced(arg.value, where) is fn:
                    return True
    return False


def _unpacked_names(fn: FunctionInfo) -> dict[int, cst.Name]:
    """Each name ``fn``'s own code binds by unpacking a name (``a, b = pair``) -> that name."""
    found: dict[int, cst.Name] = {}

    def enter(node: cst.CSTNode) -> bool:
        if isinstance(node, (cst.FunctionDef, cst.Lambda, cst.ClassDef)):
            return False
        if isinstance(node, cst.Assign) and isinstance(node.value, cst.Name):
            for assigned in node.targets:
                if isinstance(assigned.target, (cst.Tuple, cst.List)):
                    for name in _target_names(assigned.target):
                        found[id(name)] = node.value
        return True

    walk(fn.node.body, enter)
    return found


def _target_names(target: cst.BaseExpression) -> list[cst.Name]:
    if isinstance(target, cst.Name):
        return [target]
    if isinstance(target, (cst.Tuple, cst.List)):
        return [n for e in target.elements for n in _target_names(e.value)]
    if isinstance(target, cst.StarredElement):
        return _target_names(target.value)
    return []


def handed_graph_tensor(model: ModuleModel, fn: FunctionInfo, param: str) -> str | None:
    """Why ``param`` of ``fn`` holds a graph tensor, when traced code hands ``fn`` to a TF op
    that calls it on graph tensors there (``tf.map_fn(fn, elems)``, ``tf.scan``: the knowledge
    base's graph-argument ops): the op passes it the elements (and ``tf.scan`` the
    accumulator). Parameters with a default, ``*args`` and keyword-only ones are not what the
    op passes."""
    reason = fn.traced_by
    if reason is None or reason.kind != "passed" or reason.caller is None:
        return None
    if param in fn.param_defaults or param not in fn.params:
        return None
    position = fn.params.index(param)
    params = fn.node.params
    if position >= len(params.posonly_params) + len(params.params):
        return None
    if bound_method(fn) and position == 0:
        return None  # `self` of `self.step`
    caller = reason.caller
    for call in model.calls_made_by(caller):
        name = model.call_name(call)
        if not knowledge.hands_graph_tensors(name):
            continue
        for index, arg in enumerate(call.args):
            keyword = arg.keyword.value if arg.keyword is not None else None
            if keyword != "fn" and (keyword is not None or index != 0):
                continue
            if model.function_referenced(arg.value, caller) is fn:
                short = _code(call.func)
                return (
                    f"traced `{caller.qualname}` hands it to `{short}`, which calls it on graph "
                    "tensors"
                )
    return None


def passed_graph_tensor(
    model: ModuleModel, fn: FunctionInfo, param: str
) -> tuple[str, cst.CSTNode] | None:
    """Why ``param`` of traced ``fn`` holds a graph tensor on some call the module makes: a
    call passes it a tensor a TF op computed (``step(tf.ones((3, 3)))``), and that call is
    traced (``fn`` is a ``tf.function``, whose arguments become graph inputs, or the call is
    made from traced code). An eager call of a plain helper passes an eager tensor, which
    Python may still iterate; so does nothing here. With the call, as evidence."""
    reason = fn.traced_by
    if reason is None or param not in fn.params or param in fn.param_defaults:
        return None
    decorated = reason.kind in ("decorator", "wrapped")
    for site in model.call_sites:
        if site.callee is not fn:
            continue
        caller = site.caller
        if not decorated and (caller is None or not caller.traced):
            continue
        value = site.argument(param)
        if value is not None and computed_tensor(model, value, site.scope, api_only=True):
            how = "a `tf.function`" if decorated else "traced code"
            return (
                f"this call passes `{_code(value)}`, a tensor, as `{param}` to {how}",
                site.call,
            )
    return None


def reaching_values(model: ModuleModel, name: cst.Name, binding: object) -> list:
    """What a read of the local ``name`` may hold: the value of the binding that reaches it
    (``reaching_site``), else every value the name is bound to."""
    site = reaching_site(model, name, binding)
    if site is not None and site.value is not None:
        return [site.value]
    return list(binding.known_values or ())  # type: ignore[attr-defined]


def values_read(model: ModuleModel, name: cst.Name, scope: object) -> list:
    """What this read of ``name`` holds: the binding that reaches it in straight-line code
    (``ds = ds.window(3)`` then ``ds = ds.flat_map(f)``: at module level, the last assignment
    before the read), else every value bound to it."""
    values = reaching_values(model, name, model.binding_of(name, scope))
    if len(values) > 1:
        before = assigned_before(model, name)
        return before[-1:] if before else values
    return values


def reaching_site(model: ModuleModel, name: cst.Name, binding: object) -> BindingSite | None:
    """The binding of the local ``name`` that its read sees, when its function rebinds it in
    straight-line code: the last of its parameter and the plain ``name = value`` statements of
    the function's own body before the read, as Python runs the body top to bottom
    (``x = tf.io.read_file(p)``, ``x = tf.io.decode_jpeg(x)``, ``x.shape``, ``x = resize(x)``:
    the decode). None when the model cannot tell which one reaches it (a binding in a loop, in
    a branch, a ``with`` or a ``try``, not a plain ``=``), or the name is bound once."""
    fn = binding.scope  # type: ignore[attr-defined]
    sites = binding.sites  # type: ignore[attr-defined]
    if (
        len(sites) < 2
        or not isinstance(fn, FunctionInfo)
        or not isinstance(fn.node, cst.FunctionDef)
    ):
        return None
    at = model.event_index().get(id(name))
    if at is None or any(site.loop is not None for site in sites):
        return None
    assignments = _body_assignments(model, fn)
    done = []  # the parameter, and the assignments whose statement ends before the read
    for site in sites:
        if site.kind == SiteKind.PARAM:
            done.append(site)
        elif site.order < at:
            if site.kind != SiteKind.ASSIGN or id(site.node) not in assignments:
                return None  # bound in a branch, a `with`, a `try`...: not proven
            if assignments[id(site.node)] < at:  # not `x = f(x)` read in its own value
                done.append(site)
    return max(done, key=lambda site: site.order) if done else None


def _body_assignments(model: ModuleModel, fn: FunctionInfo) -> dict[int, int]:
    """id of each Name that a plain ``name = value`` statement of ``fn``'s own body binds (not
    one nested in a branch, a loop, a ``with`` or a ``try``: those run in order on each call)
    -> where the walk leaves that statement."""

    def compute() -> dict[int, int]:
        left = _statement_ends(model)
        found: dict[int, int] = {}
        for statement in getattr(fn.node.body, "body", ()):
            if isinstance(statement, cst.SimpleStatementLine) and id(statement) in left:
                for small in statement.body:
                    if isinstance(small, cst.Assign):
                        for t in small.targets:
                            if isinstance(t.target, cst.Name):
                                found[id(t.target)] = left[id(statement)]
        return found

    return model.memo(("body-assignments", id(fn.node)), compute)


def _statement_ends(model: ModuleModel) -> dict[int, int]:
    """id of each simple statement line -> its position where the module's walk leaves it."""

    def compute() -> dict[int, int]:
        return {
            id(node): i
            for i, (node, entering) in enumerate(model.events)
            if not entering and type(node) is cst.SimpleStatementLine
        }

    return model.memo("statement-ends", compute)


def _tensor_member_call(model: ModuleModel, call: cst.Call, scope: Scope | None) -> bool:
    """``self.compute_loss(...)`` or ``self.loss(...)`` in a Keras model's method: a method
    of a Keras object that the class does not define, which the knowledge base (probed from the
    installed Keras) says returns a tensor."""
    if not isinstance(call.func, cst.Attribute) or model.callee(call, scope) is not None:
        return False
    found = model.kind_of(call, scope)
    return found is not None and found.kind == "tensor" and found.keras is not None


def graph_variable(
    model: ModuleModel, expr: cst.BaseExpression, scope: Scope | None, depth: int = 0
) -> tuple[str, cst.CSTNode] | None:
    """Why ``expr`` holds a variable (``self.w = self.add_weight(...)``, a ``tf.Variable``, an
    element of a layer's ``trainable_weights``), as the model's ``kind_of`` shows, or a
    parameter that every call of the module passes one; None when not proven. In traced code a
    variable has no value to read in Python: NumPy's conversion calls its ``numpy()``, which
    raises outside eager execution."""
    if depth > 3 or scope is None:
        return None
    found = model.kind_of(expr, scope)
    if found is not None and found.kind == "variable":
        return (f"`{_code(expr)}` holds a variable: {found.why}", expr)
    if not isinstance(expr, cst.Name):
        return None
    binding = model.binding_of(expr, scope)
    if not isinstance(binding.scope, FunctionInfo) or not binding.param_only:
        return None
    if expr.value in binding.scope.param_defaults:
        return None
    passed = model.arguments(binding.scope, expr.value)
    if not passed:
        return None
    whys = [graph_variable(model, value, caller, depth + 1) for value, caller in passed]
    return whys[0] if all(whys) else None


def sequence_of_tensors(
    model: ModuleModel, expr: cst.BaseExpression, scope: Scope | None, depth: int = 0
) -> bool:
    """``tf.unstack(x)``, ``keras.ops.split(x, 2)``, or a name bound to one: a Python
    sequence of tensors, which a ``for`` iterates in Python."""
    if depth > 4:
        return False
    if isinstance(expr, cst.Call):  # the knowledge base's probe of what the op gives
        return knowledge.returns(model.call_name(expr)) == "list[tensor]"
    if isinstance(expr, cst.Name):
        values = model.binding_of(expr, scope).values
        return any(sequence_of_tensors(model, v, scope, depth + 1) for v in values)
    return False


def tensor_condition(
    model: ModuleModel, test: cst.BaseExpression, scope: Scope | None
) -> cst.BaseExpression | None:
    """The computed tensor a condition tests (``tf.reduce_max(x) > 1.0``, ``a and b``); None
    when not proven. ``is``/``in`` comparisons are answered by Python."""
    if isinstance(test, cst.BooleanOperation):
        return tensor_condition(model, test.left, scope) or tensor_condition(
            model, test.right, scope
        )
    if isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
        return tensor_condition(model, test.expression, scope)
    if isinstance(test, cst.Comparison):
        if any(
            isinstance(c.operator, (cst.Is, cst.IsNot, cst.In, cst.NotIn)) for c in test.comparisons
        ):
            return None
        for side in (test.left, *(c.comparator for c in test.comparisons)):
            if computed_tensor(model, side, scope, api_only=True):
                return side
        return None
    return test if computed_tensor(model, test, scope, api_only=True) else None


def value_operands(test: cst.BaseExpression) -> list[cst.BaseExpression]:
    """The operands of a condition whose values Python takes the truth of, left to right:
    through ``and``/``or``/``not``, both sides of a comparison, or the test itself. A
    comparison by ``is``/``in`` or with ``None`` gives none: it is Python's own."""
    if isinstance(test, cst.BooleanOperation):
        return value_operands(test.left) + value_operands(test.right)
    if isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
        return value_operands(test.expression)
    if not isinstance(test, cst.Comparison):
        return [test]
    sides = [test.left, *(c.comparator for c in test.comparisons)]
    if any(
        isinstance(c.operator, (cst.Is, cst.IsNot, cst.In, cst.NotIn)) for c in test.comparisons
    ) or any(isinstance(side, cst.Name) and side.value == "None" for side in sides):
        return []
    return sides


def variable_condition(
    model: ModuleModel, test: cst.BaseExpression, scope: Scope | None
) -> tuple[str, cst.CSTNode] | None:
    """Why a condition tests the value of a variable (``if self.mode == 0:``, ``if
    self.counter > 10:``, ``if self.flag:`` where the class sets the attribute with
    ``tf.Variable(...)`` or ``self.add_weight(...)``), as ``graph_variable`` proves it; None
    otherwise. In traced code reading a variable gives a graph tensor, so Python cannot take
    its truth value there unless AutoGraph converts the statement. ``is``/``in`` tests and
    comparisons with ``None`` are Python's."""
    for side in value_operands(test):
        if isinstance(side, (cst.Attribute, cst.Name, cst.Subscript)):
            found = graph_variable(model, side, scope)
            if found is not None:
                return found
    return None


_MAPPING_METHODS = frozenset({"get", "keys", "items", "values", "pop", "update", "setdefault"})


def used_as_mapping(model, fn: FunctionInfo, name: str) -> bool:
    """Whether ``fn`` uses ``name`` as a dict: indexes it with a string, or with a loop variable
    over strings (a tensor takes no string index), or calls a dict's own method on it. tf.data
    hands a function a dict of tensors for a dataset of features, where `"inputs" in features`
    is Python's key test. One walk of ``fn`` per module answers it for every name."""
    return name in model.memo((used_as_mapping, id(fn)), lambda: _mapping_names(fn))


def _mapping_names(fn: FunctionInfo) -> frozenset[str]:
    found: set[str] = set()
    keys: set[str] = set()  # loop variables over a display of strings (`for k in ["a", "b"]`)

    def a_key(index: cst.BaseExpression) -> bool:
        if isinstance(index, (cst.SimpleString, cst.FormattedString, cst.ConcatenatedString)):
            return True
        return isinstance(index, cst.Name) and index.value in keys

    class Uses(cst.CSTVisitor):
        def visit_For(self, node: cst.For) -> None:
            if (
                isinstance(node.target, cst.Name)
                and isinstance(node.iter, (cst.List, cst.Tuple))
                and node.iter.elements
                and all(isinstance(e.value, cst.SimpleString) for e in node.iter.elements)
            ):
                keys.add(node.target.value)

        def visit_Subscript(self, node: cst.Subscript) -> None:
            if (
                isinstance(node.value, cst.Name)
                and len(node.slice) == 1
                and isinstance(node.slice[0].slice, cst.Index)
                and a_key(node.slice[0].slice.value)
            ):
                found.add(node.value.value)

        def visit_Attribute(self, node: cst.Attribute) -> None:
            if isinstance(node.value, cst.Name) and node.attr.value in _MAPPING_METHODS:
                found.add(node.value.value)

    fn.node.visit(Uses())
    return frozenset(found)


def converted_loop(model, loop: cst.For | cst.While, scope) -> cst.BaseExpression | None:
    """The tensor that makes AutoGraph convert ``loop`` to a graph loop: a ``for`` over a
    tensor (``tf.range``, a computed tensor, ``range()`` of a tensor) or a dataset, a
    ``while`` whose condition compares a computed tensor. None when not proven."""
    if isinstance(loop, cst.For):
        iterable = loop.iter
        if sequence_of_tensors(model, iterable, scope):
            return None
        fn = scope.function if scope is not None else None
        if (
            isinstance(iterable, cst.Name)
            and fn is not None
            and used_as_mapping(model, fn, iterable.value)
        ):
            return None  # `for key in features`: a dict of tensors (tf.data's features), its keys
        if computed_tensor(model, iterable, scope, api_only=True) or (
            isinstance(iterable, (cst.Call, cst.Name)) and model.is_dataset(iterable)
        ):
            return iterable
        if isinstance(iterable, cst.Call) and model.call_name(iterable) == "builtins.range":
            for arg in iterable.args:
                if computed_tensor(model, arg.value, scope, api_only=True):
                    return arg.value
        return None
    return tensor_condition(model, loop.test, scope) or _tensor_counter(model, loop.test, scope)


def _tensor_counter(model, test: cst.BaseExpression, scope) -> cst.BaseExpression | None:
    """A name compared in a ``while`` condition that is bound to a computed tensor and only
    stepped otherwise (``i = tf.constant(0)`` ... ``i += 1``): stepping a tensor keeps it one."""
    if not isinstance(test, cst.Comparison):
        return None
    for side in (test.left, *(c.comparator for c in test.comparisons)):
        if not isinstance(side, cst.Name):
            continue
        sites = model.binding_of(side, scope).sites
        assigned = [s for s in sites if s.kind == SiteKind.ASSIGN]
        if (
            assigned
            and all(s.kind in (SiteKind.ASSIGN, SiteKind.AUGASSIGN) for s in sites)
            and all(
                s.value is not None and computed_tensor(model, s.value, scope, api_only=True)
                for s in assigned
            )
        ):
            return side
    return None


def graph_value(model: ModuleModel, expr: cst.BaseExpression, scope: Scope) -> bool:
    """A tensor or a variable: a value that changes from call to call in the graph."""
    if model.is_tensor(expr, scope):
        return True
    kind = model.kind_of(expr, scope)
    return kind is not None and kind.kind in ("tensor", "variable")


def tensor_state_read(
    model, fn: FunctionInfo, value: cst.BaseExpression, depth: int = 0
) -> tuple[str, cst.CSTNode] | None:
    """Arithmetic on ``self.<attr>`` where the class's ``__init__`` sets that attribute to a
    tensor (``self.x = self.x - lr * g`` after ``self.x = tf.zeros(n)``): in traced code the
    attribute holds a tensor, so the result is one. With where ``__init__`` sets it."""
    if depth > 8:
        return None
    if isinstance(value, cst.BinaryOperation):
        return tensor_state_read(model, fn, value.left, depth + 1) or tensor_state_read(
            model, fn, value.right, depth + 1
        )
    if isinstance(value, cst.UnaryOperation):
        return tensor_state_read(model, fn, value.expression, depth + 1)
    if not (
        isinstance(value, cst.Attribute)
        and isinstance(value.value, cst.Name)
        and value.value.value == "self"
        and fn.cls is not None
    ):
        return None
    init = fn.cls.methods.get("__init__")
    if init is None:
        return None
    stores: list[cst.Assign] = []

    def enter(node: cst.CSTNode) -> bool:
        if isinstance(node, cst.Assign):
            stores.append(node)
        return not isinstance(node, (cst.FunctionDef, cst.ClassDef, cst.Lambda))

    walk(init.node.body, enter)
    for store in stores:
        for target in store.targets:
            t = target.target
            if (
                isinstance(t, cst.Attribute)
                and isinstance(t.value, cst.Name)
                and t.value.value == "self"
                and t.attr.value == value.attr.value
                and model.is_tensor(store.value, init)
            ):
                return (f"`{_code(value)}` holds a tensor: `__init__` sets it here", store)
    return None


# --- symbolic Keras tensors -------------------------------------------------------------------


def keras_tensor(model: ModuleModel, scope: Scope | None, expr: cst.BaseExpression) -> bool:
    """Whether ``expr`` holds a Keras tensor in this module: ``keras.Input(...)``, a Keras 3
    layer or model called on a Keras tensor (``Dense(2)(x)``, ``layer(x)``), ``<layer>.output``,
    and arithmetic, comparisons and indexing on those. A TensorFlow op's result is not followed
    (the op itself is the finding).

    A search from ``expr`` through what it is made from, each expression and each binding of a
    name visited once, every answer kept for the module: a name rebound many times (``x =
    Dense(8)(x)`` down a function) holds any of its values, and judging each value anew for
    every use of the name grew exponentially with the chain (and quadratically once judged
    once per use)."""
    if not may_hold_keras_tensors(model):
        return False
    known: dict[tuple[int, int], bool] = model.memo(_keras_tensor_sources, dict)
    start = _search_key(model, scope, expr)
    if start[0] in known:
        return known[start[0]]
    parent: dict[tuple[int, int], tuple[int, int] | None] = {start[0]: None}
    todo = [start]
    while todo:
        key, current, where = todo.pop()
        answer = known.get(key)
        if answer is False:
            continue
        sources = True if answer else _made_from(model, where, current)
        if sources is True:
            step: tuple[int, int] | None = key
            while step is not None:  # everything on the way holds a Keras tensor
                known[step] = True
                step = parent[step]
            return True
        for source in sources or ():
            source_scope = where
            if isinstance(source, tuple):  # an argument, in its caller's scope
                source, source_scope = source
            found = _search_key(model, source_scope, source)
            if found[0] not in parent:
                parent[found[0]] = key
                todo.append(found)
    for key in parent:  # the search saw everything they are made from: none holds one
        known[key] = False
    return False


def _search_key(
    model: ModuleModel, scope: Scope | None, expr: cst.BaseExpression
) -> tuple[tuple[int, int], cst.BaseExpression, Scope | None]:
    """What :func:`keras_tensor` visits once: a name's binding where it is read (its uses in
    one function share it), any other expression itself; with the scope it is read in."""
    if isinstance(expr, cst.Name):
        return (id(model.binding_of(expr, scope)), id(scope)), expr, scope
    return (id(expr), id(scope)), expr, scope


def _keras_input(qualified: str | None) -> bool:
    """``keras.Input`` or ``keras.layers.Input``, spelled through a Keras 3 root."""
    name = keras3_name(qualified)
    return name is not None and name.path in ("Input", "layers.Input")


def _keras3_layer(model: ModuleModel, scope: Scope | None, expr: cst.BaseExpression) -> bool:
    """Whether ``expr`` holds a Keras 3 layer or model, as the model's ``kind_of`` shows."""
    found = model.kind_of(expr, scope)
    return found is not None and found.keras == 3 and found.kind in ("layer", "model")


def _made_from(
    model: ModuleModel, scope: Scope | None, expr: cst.BaseExpression
) -> bool | list[cst.BaseExpression]:
    """True where ``expr`` starts a Keras tensor (``keras.Input(...)``, a layer's ``.output``),
    else the expressions it holds a Keras tensor through, if any of them does."""
    if isinstance(expr, cst.Call):
        qualified = model.call_name(expr)
        if _keras_input(qualified):
            return True
        func = expr.func
        if not (
            isinstance(func, cst.Call)
            or (keras3_name(qualified) is None and isinstance(func, (cst.Name, cst.Attribute)))
        ):
            return False
        if not _keras3_layer(model, scope, func):
            return False
        return [arg.value for arg in expr.args]
    if isinstance(expr, cst.Name):
        binding = model.binding_of(expr, scope)
        if binding.param_only and isinstance(binding.scope, FunctionInfo):
            return _keras_tensor_arguments(model, binding.scope, expr.value)
        return list(binding.values)
    if isinstance(expr, cst.BinaryOperation):
        return [expr.left, expr.right]
    if isinstance(expr, cst.UnaryOperation):
        return [expr.expression]
    if isinstance(expr, cst.Comparison):
        return [expr.left]
    if isinstance(expr, cst.Subscript):
        return [expr.value]
    if isinstance(expr, (cst.List, cst.Tuple)):
        return [e.value for e in expr.elements if isinstance(e, cst.Element)]
    if isinstance(expr, cst.Attribute) and expr.attr.value in ("output", "input"):
        return _keras3_layer(model, scope, expr.value)
    return False


def _keras_tensor_arguments(
    model: ModuleModel, fn: FunctionInfo, param: str
) -> list[tuple[cst.BaseExpression, Scope]]:
    """What the module's calls pass to ``param`` of a helper that builds part of a functional
    model (``def residual_block(x, filters)`` called as ``residual_block(x, 64)`` on a layer's
    output): the helper runs once, on the caller's symbolic tensors. Nothing for a function
    that runs traced (a layer's ``call``, a ``tf.function``, a function Keras or tf.data
    calls): there it gets real tensors, and for a ``tf.custom_gradient`` function, whose call
    itself is the TensorFlow function the Keras tensor reaches (TF015 reports the call)."""
    if fn.traced_by is not None or custom_gradient_function(model, fn):
        return []
    return model.arguments(fn, param)


def custom_gradient_decorator(model: ModuleModel, fn: FunctionInfo | None) -> cst.Decorator | None:
    """The ``@tf.custom_gradient`` decorator of ``fn``, if any."""
    if fn is None or fn.name == "<lambda>":
        return None
    for decorator in fn.decorators:
        expr = decorator.decorator
        name = model.qualified_name(expr.func if isinstance(expr, cst.Call) else expr)
        if name and knowledge.canonical(name) == "tensorflow.custom_gradient":
            return decorator
    return None


def custom_gradient_function(model: ModuleModel, fn: FunctionInfo) -> bool:
    """Whether ``fn`` is decorated with ``tf.custom_gradient``: calling it calls TensorFlow's
    wrapper, which hands its arguments to TensorFlow ops before the body runs (a Keras tensor
    fails there: TF 2.21, ``ValueError: A KerasTensor cannot be used as input to a TensorFlow
    function``, whatever the body does)."""
    return custom_gradient_decorator(model, fn) is not None


def gradient_function_of(model: ModuleModel, fn: FunctionInfo) -> FunctionInfo | None:
    """The nested def that every return of the custom-gradient function ``fn`` hands back as
    its gradient function (the second item of ``return y, grad``); None when a return shows
    no such def."""
    found = None
    for returned in model.return_values(fn):
        if not isinstance(returned, cst.Tuple) or len(returned.elements) != 2:
            return None
        grad = returned.elements[1].value
        if not isinstance(grad, cst.Name) or grad.value not in fn.nested:
            return None
        if found is not None and fn.nested[grad.value] is not found:
            return None
        found = fn.nested[grad.value]
    return found


def takes_variables(fn: FunctionInfo) -> bool:
    """Whether a gradient function takes the ``variables`` TensorFlow hands it (by name, or in
    ``**kwargs``)."""
    return "variables" in fn.params or isinstance(fn.node.params.star_kwarg, cst.Param)


def keras_tensor_step(
    model: ModuleModel, scope: Scope | None, expr: cst.BaseExpression
) -> tuple[str, cst.CSTNode]:
    """The evidence that ``expr`` holds a Keras tensor: where a name of it is bound, else the
    expression itself."""
    where: cst.CSTNode = expr
    if isinstance(expr, cst.Name):
        values = model.binding_of(expr, scope).values
        if values:
            where = values[0]
    return (
        f"`{_code(expr)}` is a symbolic Keras tensor (from `keras.Input`, a Keras layer called "
        "on one, or a layer's `.output`)",
        where,
    )


def may_hold_keras_tensors(model: ModuleModel) -> bool:
    """:func:`_keras_tensor_sources`, once per module."""
    return model.memo(keras_tensor, lambda: _keras_tensor_sources(model))


def _keras_tensor_sources(model: ModuleModel) -> bool:
    """Whether the module shows anything a Keras tensor starts from: a ``keras.Input(...)``
    call or an ``.output``/``.input`` attribute. Every other case of :func:`keras_tensor` only
    passes one on, so in a module without them (most TensorFlow code) nothing holds one."""
    return any(a.attr.value in ("output", "input") for a in model.nodes_of(cst.Attribute)) or any(
        _keras_input(model.call_name(c)) for c in model.nodes_of(cst.Call)
    )


def symbolic_keras_tensor(
    model: ModuleModel, expr: cst.BaseExpression, scope: Scope | None, depth: int = 0
) -> cst.Call | None:
    """The ``keras.Input(...)`` that ``expr`` is computed from, symbolically: the input
    itself, a Keras layer (or ``keras.ops``) applied to one, arithmetic, indexing or a
    comparison of one, or a name bound only to such values. None when not proven."""
    if depth > 8 or scope is None:
        return None
    deeper = depth + 1
    if isinstance(expr, cst.Call):
        name = model.call_name(expr)
        if is_keras(name, "Input"):
            return expr
        applies_layer = isinstance(expr.func, cst.Call) and is_keras(
            model.call_name(expr.func)
        )  # keras.layers.Dense(2)(x)
        if not applies_layer and isinstance(expr.func, (cst.Name, cst.Call, cst.Attribute)):
            # a layer the module holds, or makes (its own subclass: `Scale(2.0)(x)`)
            kind = model.kind_of(expr.func, scope)
            applies_layer = kind is not None and kind.kind in ("layer", "model")
        if applies_layer or (name or "").startswith(("keras.ops.", "tf_keras.backend.")):
            for arg in expr.args:
                found = symbolic_keras_tensor(model, arg.value, scope, deeper)
                if found is not None:
                    return found
        return None
    if isinstance(expr, cst.Subscript):
        return symbolic_keras_tensor(model, expr.value, scope, deeper)
    if isinstance(expr, cst.BinaryOperation):
        return symbolic_keras_tensor(model, expr.left, scope, deeper) or symbolic_keras_tensor(
            model, expr.right, scope, deeper
        )
    if isinstance(expr, cst.UnaryOperation) and not isinstance(expr.operator, cst.Not):
        return symbolic_keras_tensor(model, expr.expression, scope, deeper)
    if isinstance(expr, cst.Name):
        binding = model.binding_of(expr, scope)
        values = binding.known_values
        if not values:
            return None
        found = [symbolic_keras_tensor(model, v, binding.scope, deeper) for v in values]
        return found[0] if all(found) else None
    return None


# --- NumPy arrays on the host ------------------------------------------------------------------

# NumPy calls that give a Python scalar or a non-array value, not an array to index
_NUMPY_NON_ARRAYS = frozenset(
    {"numpy.float32", "numpy.float64", "numpy.int32", "numpy.int64", "numpy.dtype", "numpy.shape"}
)


# NumPy's random number generators: a method drawing with `size=` gives an array
_NUMPY_GENERATORS = frozenset(
    {"numpy.random.default_rng", "numpy.random.RandomState", "numpy.random.Generator"}
)


def _generator_draw(model: ModuleModel, call: cst.Call, scope: Scope | None) -> cst.Call | None:
    """``rng.uniform(0, 1, size=200)`` with ``rng = np.random.default_rng(0)``, or the chained
    ``np.random.default_rng(0).normal(size=(5,))``: a draw of an array (``size`` given) from a
    NumPy generator."""
    func = call.func
    if not isinstance(func, cst.Attribute):
        return None
    if not any(a.keyword is not None and a.keyword.value == "size" for a in call.args):
        return None
    made = func.value
    if isinstance(made, cst.Name):
        values = model.binding_of(made, scope).known_values or []
        made = values[0] if len(values) == 1 else None
    if isinstance(made, cst.Call) and model.call_name(made) in _NUMPY_GENERATORS:
        return call
    return None


def numpy_array(
    model: ModuleModel, expr: cst.BaseExpression, scope: Scope | None, depth: int = 0
) -> cst.BaseExpression | None:
    """The NumPy call that makes ``expr`` a NumPy array on the host: ``np.arange(10)``,
    ``np.load(p)``, arithmetic or ``.astype`` of one, or a name or ``self.<attr>`` every value of
    which is one. Indexing such an array needs Python integers; a graph tensor is none. None
    where any value could be something else (a tensor made from it, a parameter)."""
    if depth > 8:
        return None
    if isinstance(expr, cst.BinaryOperation):
        return numpy_array(model, expr.left, scope, depth + 1) or numpy_array(
            model, expr.right, scope, depth + 1
        )
    if isinstance(expr, cst.Call):
        func = expr.func
        if isinstance(func, cst.Attribute) and func.attr.value in ("astype", "copy", "reshape"):
            inner = numpy_array(model, func.value, scope, depth + 1)
            if inner is not None:
                return inner
        name = model.call_name(expr) or ""
        if name in _NUMPY_GENERATORS:
            return None  # the generator object, not an array
        if name.startswith("numpy.") and name not in _NUMPY_NON_ARRAYS:
            return expr
        return _generator_draw(model, expr, scope)
    if isinstance(expr, cst.Name):
        values = model.binding_of(expr, scope).known_values
    elif isinstance(expr, cst.Attribute):
        values = model.bound_values(expr, scope) or None
    else:
        return None
    if not values:
        return None
    found = [
        numpy_array(
            model,
            v,
            model.scope_of(v)
            if isinstance(expr, cst.Attribute) and isinstance(v, cst.Name)
            else scope,
            depth + 1,
        )
        if v is not expr
        else None
        for v in values
    ]
    return found[0] if all(f is not None for f in found) else None


# --- values that fail while traced -------------------------------------------------------------

# NumPy functions that read only a value's shape, rank or type: fine on a graph tensor
_NUMPY_READS_ONLY = frozenset({"numpy.shape", "numpy.ndim", "numpy.isscalar"})


def numpy_conversion(
    model: ModuleModel, expr: cst.BaseExpression, scope: Scope | None, depth: int = 0
) -> cst.Call | None:
    """The call in ``expr`` that needs a NumPy value of a graph tensor, so that traced code
    evaluating ``expr`` fails there before anything else it does happens (``print(x.numpy())``,
    ``log.append(np.asarray(y))``): a ``.numpy()`` call, a NumPy function or a NumPy-only
    helper (the knowledge base's) given a computed tensor, a call of the module's function
    whose body converts the parameter given a tensor, or a local every value of which is one
    of those. None when not proven."""
    if depth > 3 or scope is None:
        return None
    if isinstance(expr, cst.Name):
        binding = model.binding_of(expr, scope)
        values = binding.known_values
        if not values or binding.scope is not scope:
            return None
        found = [numpy_conversion(model, v, scope, depth + 1) for v in values]
        return found[0] if all(found) else None
    calls: list[cst.Call] = []
    names: list[cst.Name] = []

    def enter(node: cst.CSTNode) -> bool:
        if isinstance(node, cst.Call):
            calls.append(node)
        elif isinstance(node, cst.Name) and node is not expr:
            names.append(node)
        elif isinstance(node, cst.Attribute):  # `img.shape`: `img` is read, `shape` is not
            walk(node.value, enter)
            return False
        return not isinstance(node, (cst.Lambda, cst.FunctionDef, cst.ClassDef))

    walk(expr, enter)
    for name in names:  # `print(img.shape)` after `img = np.asarray(x)`
        found = numpy_conversion(model, name, scope, depth + 1)
        if found is not None:
            return found
    for call in calls:
        func = call.func
        if isinstance(func, cst.Attribute) and func.attr.value == "numpy" and not call.args:
            return call
        operands = numpy_operands(model, call)
        if operands:
            if any(_graph_argument(model, o, scope) for o in operands):
                return call
            continue
        callee = model.callee(call, scope)
        if callee is None or depth > 2 or not isinstance(scope, FunctionInfo):
            continue
        if _converts_parameter(model, call, callee, scope):
            return call
    return None


def _graph_argument(model: ModuleModel, expr: cst.BaseExpression, scope: Scope) -> bool:
    """A computed tensor, or a positional parameter (no default, not ``self``) of the traced
    function ``scope``: what the rules that stand back for a NumPy conversion accept as the
    tensor converted (Keras passes a layer's ``call`` its input there)."""
    if computed_tensor(model, expr, scope):
        return True
    if not isinstance(scope, FunctionInfo) or not scope.traced or not isinstance(expr, cst.Name):
        return False
    binding = model.binding_of(expr, scope)
    params = scope.params[1:] if scope.cls is not None else scope.params
    return (
        binding.scope is scope
        and binding.param_only
        and expr.value in params
        and expr.value not in scope.param_defaults
    )


def _converts_parameter(
    model: ModuleModel, call: cst.Call, callee: FunctionInfo, scope: FunctionInfo
) -> bool:
    """Whether ``call`` passes a tensor (computed, or a parameter of traced ``scope`` that
    Keras or tf.data feeds) to a parameter of ``callee`` whose body converts it with NumPy
    (see :func:`parameter_numpy_use`)."""
    site = call_site(model, call, callee)
    if site is None:
        return False
    for param in callee.params:
        value = site.argument(param)
        if (
            value is not None
            and _graph_argument(model, value, scope)
            and parameter_numpy_use(model, callee, param) is not None
        ):
            return True
    return False


def call_site(model: ModuleModel, call: cst.Call, callee: FunctionInfo):
    """The model's :class:`CallSite` of ``call`` into ``callee``, if it has one."""
    sites = model.memo(
        "call-sites-by-call", lambda: {(id(s.call), id(s.callee)): s for s in model.call_sites}
    )
    return sites.get((id(call), id(callee)))


# what a tensor's `.shape`-like attributes give: Python values, read without converting it
_STATIC_ATTRIBUTES = frozenset({"shape", "ndim", "dtype", "name", "rank"})


def numpy_operands(
    model: ModuleModel, call: cst.Call, numpy_method: bool = True
) -> list[cst.BaseExpression]:
    """What ``call`` needs as NumPy values: the receiver of ``.numpy()`` (unless not
    ``numpy_method``) or of a NumPy array method a tensor lacks (``x.astype(...)``, the
    knowledge base's), the arguments of a NumPy function (not ``np.random``, not the shape
    readers) or of a NumPy-only helper; else none."""
    func = call.func
    name = model.call_name(call)
    if isinstance(func, cst.Attribute) and name is None:
        method = func.attr.value
        if (numpy_method and method == "numpy" and not call.args) or knowledge.array_only_method(
            method
        ):
            return [func.value]
        return []
    name = name or ""
    if (
        name.startswith(("numpy.", "scipy."))  # SciPy converts its array arguments with NumPy
        and not name.startswith("numpy.random.")
        and name not in _NUMPY_READS_ONLY
    ) or knowledge.numpy_only_function(name):
        return [
            arg.value
            for arg in call.args
            if arg.keyword is None or name.startswith(("numpy.", "scipy."))
        ]
    return []


def reads_parameter(
    model: ModuleModel,
    expr: cst.BaseExpression,
    fn: FunctionInfo,
    param: str,
    depth: int = 0,
) -> cst.Name | None:
    """The read of ``fn``'s parameter ``param`` (as given) in ``expr``, or of a local of ``fn``
    computed from it (``y_hat = y_pred > 0.5``), through arithmetic, indexing and calls, not
    through its static attributes (``x.shape``) or ``len()``; None if there is none."""
    found: list[cst.Name] = []

    def enter(node: cst.CSTNode) -> bool:
        if found:
            return False
        if isinstance(node, cst.Attribute):
            if node.attr.value in _STATIC_ATTRIBUTES:
                return False
            walk(node.value, enter)
            return False
        if isinstance(node, (cst.Lambda, cst.FunctionDef)):
            return False
        if isinstance(node, cst.Call) and model.call_name(node) == "builtins.len":
            return False
        if isinstance(node, cst.Name):
            binding = model.binding_of(node, fn)
            if binding.scope is not fn:
                return True
            if node.value == param and (
                binding.param_only
                or getattr(reaching_site(model, node, binding), "kind", None) == SiteKind.PARAM
            ):
                found.append(node)
            elif depth < 4 and not binding.param_only:
                values = binding.known_values or []
                if any(
                    v is not expr and reads_parameter(model, v, fn, param, depth + 1)
                    for v in values
                ):
                    found.append(node)
        return True

    walk(expr, enter)
    return found[0] if found else None


def loop_callees(model: ModuleModel, call: cst.Call, fn: FunctionInfo) -> list[FunctionInfo]:
    """The ``__call__`` methods ``t(...)`` runs when ``t`` is the variable of a ``for`` over a
    list of instances of the module's classes (``for t in self.transforms: x = t(x)``, the list
    a display, or what the constructions pass ``__init__`` for it)."""
    func = call.func
    if type(func) is not cst.Name:
        return []
    sites = model.binding_of(func, fn).sites
    if len(sites) != 1 or sites[0].kind != SiteKind.LOOP or sites[0].value is None:
        return []
    found: list[FunctionInfo] = []
    for element in _listed(model, sites[0].value, fn):
        cls = model.instance_of(element, fn)
        method = model.resolve_method(cls, "__call__") if cls is not None else None
        if method is not None and method not in found:
            found.append(method)
    return found


def _listed(model: ModuleModel, expr: cst.BaseExpression, fn: FunctionInfo) -> list:
    """The elements of the list or tuple display ``expr`` holds: the display, a name or
    ``self.<attr>`` bound to one, or an ``__init__`` parameter the constructions pass one."""
    if isinstance(expr, (cst.List, cst.Tuple)):
        return [e.value for e in expr.elements if isinstance(e, cst.Element)]
    values = model.bound_values(expr, fn) if isinstance(expr, (cst.Name, cst.Attribute)) else []
    found: list = []
    for value in values:
        if isinstance(value, (cst.List, cst.Tuple)):
            found += _listed(model, value, fn)
            continue
        cls = fn.cls
        init = model.resolve_method(cls, "__init__") if cls is not None else None
        if type(value) is cst.Name and init is not None and value.value in init.params:
            for given, _, _ in model.constructor_arguments(init, value.value):
                if isinstance(given, (cst.List, cst.Tuple)):
                    found += _listed(model, given, fn)
    return found


def parameter_numpy_use(
    model: ModuleModel, fn: FunctionInfo, param: str, depth: int = 0, numpy_method: bool = True
) -> cst.Call | None:
    """The call in ``fn``'s body that needs a NumPy value of its parameter ``param`` as given
    (``np.asarray(t)``, ``np.sum(y_true * y_pred)``, ``t.numpy()``, ``t.astype(int)``,
    ``f1_score(y_true, y_pred)``), or that hands it to a helper of the module whose body does;
    None if there is none. Called with a graph tensor, ``fn`` fails there while tracing."""
    if depth > 2 or param in fn.param_defaults:
        return None

    def compute() -> cst.Call | None:
        for call in model.calls_made_by(fn):
            operands = numpy_operands(model, call, numpy_method)
            if any(reads_parameter(model, o, fn, param) for o in operands):
                return call
        for call in model.calls_made_by(fn):
            callee = model.callee(call, fn)
            site = call_site(model, call, callee) if callee is not None else None
            if callee is None:  # `for t in self.transforms: v = t(v)`: each transform's call
                for method in loop_callees(model, call, fn):
                    for value, inner in zip(
                        (a.value for a in call.args if a.keyword is None and not a.star),
                        method.params[1:],
                        strict=False,
                    ):
                        # the loop's first call gets the parameter as given (`x = t(x)`)
                        first = type(value) is cst.Name and value.value == param
                        if (first or reads_parameter(model, value, fn, param)) and (
                            parameter_numpy_use(model, method, inner, depth + 1, numpy_method)
                            is not None
                        ):
                            return call
                continue
            if site is None or callee is fn:
                continue
            for inner in callee.params:
                value = site.argument(inner)
                if (
                    value is not None
                    and reads_parameter(model, value, fn, param)
                    and parameter_numpy_use(model, callee, inner, depth + 1, numpy_method)
                    is not None
                ):
                    return call
        return None

    return model.memo(("parameter-numpy-use", id(fn), param, numpy_method), compute)
