"""Python side effects inside traced code: they run once, while tracing, not on every call."""

from __future__ import annotations

import ast
import re
import string
from pathlib import PurePath

from tf2lint.analysis import knowledge
from tf2lint.analysis.guards import is_guarded_singleton
from tf2lint.analysis.model import FunctionInfo, ModuleModel, Scope
from tf2lint.analysis.reads import observed_outside_traces, used_per_call
from tf2lint.analysis.tensors import graph_value, numpy_conversion
from tf2lint.base.lazy import cst
from tf2lint.linting.rule import Rule
from tf2lint.rules.common import (
    MUTATING_METHODS,
    StoreRule,
    code,
    is_local,
    outer_container,
    outer_target,
    variable_kind,
)


class PrintInTracedCode(Rule):
    id = "TF201"
    requires_traced_code = True
    calls_in_traced_code = True
    name = "print-in-traced-code"
    category = "side-effect"
    message = "`print` in traced code runs only while tracing, not on every call; use `tf.print`"
    rationale = """
        A `tf.function` runs its Python body once, to trace a graph; later calls run the graph.
        A Python `print` inside it therefore prints on the first call (and on each retrace) and
        then never again, which makes it look as if the code stopped running, or prints symbolic
        tensors instead of values. `tf.print` is a graph op: it prints the values on every call,
        provided it gets them as arguments: `tf.print(f"loss {loss}")` formats the symbolic
        tensor into a string while tracing, and prints that string on every call. A print
        whose text announces a trace (`print("Tracing!")`, as the tf.function guide shows
        when a function traces) is meant to run per trace: reported only with `--preview`.
    """
    fix_applicability = "unsafe"
    fix_safety = (
        "Unsafe: the output moves from trace time to every call, and `tf.print` formats values "
        "differently from `print`. An f-string, `%`-formatting with `%s`, `str.format` with "
        'plain `{}` fields or `str(x)` becomes separate arguments (`sep=""` keeps the exact '
        "spacing where the text needs it); format specs, conversions, `file=` and `flush=` get "
        "no fix."
    )

    def visit_Call(self, node: cst.Call) -> None:
        context = self.context
        if not context.in_traced_code or context.in_one_time_guard:
            return  # a print under a one-time guard is meant to run once
        called = self.model.call_name(node)
        if called == "builtins.print":
            if any(numpy_conversion(self.model, a.value, context.scope) for a in node.args):
                return  # `print(x.numpy())` fails while tracing: TF801/TF804 say so
            self._print(node)
        elif called == "tensorflow.print":
            self._formatted_tf_print(node)

    def _print(self, node: cst.Call) -> None:
        fn = self.context.function
        message = f"`print` in traced `{fn.qualname}` runs only while tracing; use `tf.print`"
        if _announces_tracing(node):
            # `print("Tracing!")`, the tf.function guide's own way to show when it traces: the
            # text says it runs per trace, which is what its author wants
            self.report(node, message, gap=TRACE_ANNOUNCEMENT_GAP)
            return
        tf = self.model.alias_of("tensorflow", fn)
        args = _print_arguments(self.model, fn, node.args, print_keywords=("sep", "end"))
        if tf is None or args is None:
            self.report(node, message)
            return
        replacement = node.with_changes(
            func=cst.Attribute(value=cst.Name(tf), attr=cst.Name("print")), args=args
        )
        description = f"replace with `{tf}.print`"
        if args != list(node.args):
            description += ", each formatted value an argument of its own"
        self.report(node, message, replacement=replacement, fix_description=description)

    def _formatted_tf_print(self, node: cst.Call) -> None:
        """``tf.print(f"loss {loss}")``: the tensor is formatted while tracing."""
        fn = self.context.function
        formatted = [
            value
            for arg in node.args
            if arg.keyword is None and not arg.star
            for value in _formatted_values(arg.value)
            if self.model.is_tensor(value, fn)
        ]
        if not formatted:
            return
        shown = cst.Module([]).code_for_node(formatted[0])
        message = (
            f"`tf.print` in traced `{fn.qualname}` formats `{shown}` into a string while "
            "tracing; pass it as its own argument"
        )
        args = _print_arguments(
            self.model, fn, node.args, print_keywords=("sep", "end", "output_stream", "summarize")
        )
        if args is None:
            self.report(node, message)
            return
        self.report(
            node,
            message,
            replacement=node.with_changes(args=args),
            fix_description="pass the formatted values as arguments of `tf.print`",
        )


TRACE_ANNOUNCEMENT_GAP = (
    "its text announces a trace (`print('Tracing!')`): a deliberate trace-time print, as the "
    "tf.function guide uses to show when a function traces"
)


def _announces_tracing(node: cst.Call) -> bool:
    """Whether ``print(...)`` is handed text that speaks of tracing (``"Tracing!"``,
    ``f"retracing with {x.shape}"``): its first positional argument is a string literal (or an
    f-string whose literal text) that says ``trac``."""
    positional = [a.value for a in node.args if a.keyword is None and not a.star]
    if not positional:
        return False
    first = positional[0]
    if isinstance(first, cst.FormattedString):
        text = "".join(
            part.value for part in first.parts if isinstance(part, cst.FormattedStringText)
        )
    else:
        text = _string_value(first) or ""
    return "trac" in text.lower()


def _string_value(node: cst.BaseExpression) -> str | None:
    """The text of a plain (non-bytes) string literal."""
    if isinstance(node, cst.SimpleString):
        value = node.evaluated_value
        return value if isinstance(value, str) else None
    if isinstance(node, cst.ConcatenatedString):
        left, right = _string_value(node.left), _string_value(node.right)
        return left + right if left is not None and right is not None else None
    return None


def _formatted_values(node: cst.BaseExpression) -> list[cst.BaseExpression]:
    """The values ``node`` formats into a string (f-string fields, `%` and `.format` operands)."""
    if isinstance(node, cst.FormattedString):
        return [p.expression for p in node.parts if isinstance(p, cst.FormattedStringExpression)]
    if isinstance(node, cst.ConcatenatedString):
        return _formatted_values(node.left) + _formatted_values(node.right)
    if isinstance(node, cst.BinaryOperation) and isinstance(node.operator, cst.Modulo):
        if _string_value(node.left) is None:
            return []
        right = node.right
        return [e.value for e in right.elements] if isinstance(right, cst.Tuple) else [right]
    if (
        isinstance(node, cst.Call)
        and isinstance(node.func, cst.Attribute)
        and node.func.attr.value == "format"
        and _string_value(node.func.value) is not None
    ):
        return [a.value for a in node.args]
    return []


def _print_arguments(model, fn, args, print_keywords: tuple[str, ...]) -> list[cst.Arg] | None:
    """The arguments of a ``tf.print`` that prints what these ``print`` arguments print, each
    formatted value an argument of its own; None when some formatting cannot be expressed so."""
    positional = [a for a in args if a.keyword is None]
    keywords = [a for a in args if a.keyword is not None]
    if any(a.keyword.value not in print_keywords for a in keywords):
        return None  # file=, flush=: no tf.print equivalent
    sep = " "
    for arg in keywords:
        if arg.keyword.value == "sep":
            sep = _string_value(arg.value)
            if sep is None:
                return None
    items: list[str | cst.BaseExpression | cst.Arg] = []
    formatted = False  # some argument builds a string from values
    for index, arg in enumerate(positional):
        if index:
            items.append(sep)
        if arg.star:
            items.append(arg)  # tf.print(*values) prints each, like print
            continue
        parts = _parts(model, fn, arg.value)
        if parts is None:
            return None
        formatted = formatted or (_string_value(arg.value) is None and parts != [arg.value])
        items.extend(parts)
    if not formatted:
        return list(args)  # the arguments stay as written
    merged: list = []
    for item in items:
        if isinstance(item, str) and merged and isinstance(merged[-1], str):
            merged[-1] += item
        elif not (isinstance(item, str) and not item):
            merged.append(item)
    out = _with_default_separator(merged)
    extra = [
        a.with_changes(comma=cst.MaybeSentinel.DEFAULT)
        for a in keywords
        if a.keyword.value != "sep"
    ]
    if out is None:  # the text needs its exact spacing
        out = merged
        extra.append(cst.Arg(cst.SimpleString('""'), keyword=cst.Name("sep"), equal=_equal()))
    elif sep != " ":
        return None
    return [_as_arg(i) for i in out] + extra


def _with_default_separator(items: list) -> list | None:
    """``items`` with the one space ``tf.print``'s default ``sep`` puts between arguments
    taken out of the text around each value, or None where the text has no such space."""
    out = []
    for index, item in enumerate(items):
        before = index > 0 and not isinstance(items[index - 1], str)
        after = index + 1 < len(items) and not isinstance(items[index + 1], str)
        if not isinstance(item, str):
            if before:
                return None  # two values with nothing between them
            out.append(item)
            continue
        text = item
        if before and after and text == " ":
            continue
        if before:
            if not text.startswith(" "):
                return None
            text = text[1:]
        if after:
            if not text.endswith(" "):
                return None
            text = text[:-1]
        if not text:
            return None
        out.append(text)
    return out


def _parts(model, fn, node: cst.BaseExpression) -> list | None:
    """What printing ``node`` prints, as text and values, or None if it formats in a way
    ``tf.print`` cannot (format specs, conversions, ``%d``)."""
    text = _string_value(node)
    if text is not None:
        return [text]
    if isinstance(node, cst.FormattedString):
        return _fstring_parts(node)
    if isinstance(node, cst.ConcatenatedString):
        left, right = _parts(model, fn, node.left), _parts(model, fn, node.right)
        return left + right if left is not None and right is not None else None
    if isinstance(node, cst.BinaryOperation) and isinstance(node.operator, cst.Modulo):
        template = _string_value(node.left)
        if template is not None:
            right = node.right
            if isinstance(right, cst.Tuple):
                if any(isinstance(e, cst.StarredElement) for e in right.elements):
                    return None
                values = [e.value for e in right.elements]
            else:
                values = [right]
            return _percent_parts(template, values)
    if (
        isinstance(node, cst.BinaryOperation)
        and isinstance(node.operator, cst.Add)
        and (_stringy(node.left) or _stringy(node.right))
    ):
        left, right = _parts(model, fn, node.left), _parts(model, fn, node.right)
        return left + right if left is not None and right is not None else None
    if isinstance(node, cst.Call):
        if isinstance(node.func, cst.Attribute) and node.func.attr.value == "format":
            template = _string_value(node.func.value)
            if template is not None:
                return _format_parts(template, node.args)
        if model.call_name(node) == "builtins.str" and len(node.args) == 1:
            only = node.args[0]
            return [only.value] if only.keyword is None and not only.star else None
    if isinstance(node, cst.Name) and fn is not None:
        # `message = f"..."; print(message)`: the string is built while tracing
        binding = model.lookup(node.value, model.scope_of(node))
        if any(_formatted_values(v) for v in binding.values):
            return None
    return [node]


def _stringy(node: cst.BaseExpression) -> bool:
    return isinstance(
        node, (cst.SimpleString, cst.ConcatenatedString, cst.FormattedString)
    ) or bool(_formatted_values(node))


def _fstring_parts(node: cst.FormattedString) -> list | None:
    if "b" in node.prefix.lower():
        return None
    quote = node.start[len(node.prefix) :]
    plain = node.prefix.lower().replace("f", "")
    out: list = []
    for part in node.parts:
        if isinstance(part, cst.FormattedStringExpression):
            if part.conversion or part.format_spec or part.equal:
                return None
            out.append(part.expression)
            continue
        raw = part.value.replace("{{", "{").replace("}}", "}")
        try:
            out.append(ast.literal_eval(f"{plain}{quote}{raw}{quote}"))
        except (SyntaxError, ValueError):
            return None
    return out


def _percent_parts(template: str, values: list) -> list | None:
    out: list = []
    text: list[str] = []
    used = 0
    index = 0
    while index < len(template):
        char = template[index]
        index += 1
        if char != "%":
            text.append(char)
            continue
        spec = template[index : index + 1]
        index += 1
        if spec == "%":
            text.append("%")
        elif spec == "s" and used < len(values):
            out += ["".join(text), values[used]]
            text = []
            used += 1
        else:
            return None  # %d, %.3f, %(name)s: formatting tf.print does not do
    return [*out, "".join(text)] if used == len(values) else None


def _format_parts(template: str, args) -> list | None:
    if any(a.star for a in args):
        return None
    positional = [a.value for a in args if a.keyword is None]
    named = {a.keyword.value: a.value for a in args if a.keyword is not None}
    out: list = []
    auto = 0
    try:
        fields = list(string.Formatter().parse(template))
    except ValueError:
        return None
    for text, field, spec, conversion in fields:
        out.append(text)
        if field is None:
            continue
        if spec or conversion:
            return None
        if field == "":
            field = str(auto)
            auto += 1
        if field.isdigit() and int(field) < len(positional):
            out.append(positional[int(field)])
        elif field in named:
            out.append(named[field])
        else:
            return None  # attribute or item access, or a missing argument
    return out


def _as_arg(item) -> cst.Arg:
    if isinstance(item, cst.Arg):
        return item.with_changes(comma=cst.MaybeSentinel.DEFAULT)
    if isinstance(item, str):
        text = repr(item)
        if text.startswith("'") and '"' not in item:
            text = '"' + text[1:-1] + '"'
        return cst.Arg(cst.SimpleString(text))
    return cst.Arg(item)


def _equal() -> cst.AssignEqual:
    return cst.AssignEqual(
        whitespace_before=cst.SimpleWhitespace(""), whitespace_after=cst.SimpleWhitespace("")
    )


class PythonStateMutationInTracedCode(StoreRule):
    id = "TF202"
    requires_traced_code = True
    calls_in_traced_code = True
    # A graph tensor stored outside the trace is a leak first: TF301 reports that store, and
    # TF872 the store that replaces a variable with a tensor (`total = total + 1`).
    defers_to = frozenset({"TF301", "TF872"})
    name = "python-state-mutation-in-traced-code"
    category = "side-effect"
    message = "traced code changes Python state; the change happens once, while tracing"
    rationale = """
        Rebinding a global or nonlocal, setting an attribute of `self` to a Python value
        (`self.steps += 1`), or mutating a list, dict or set that outlives the call
        (`history.append(...)`) is a Python side effect. Inside a `tf.function` it runs while
        tracing only: after N calls the counter says 1, the list has one entry. Keep state that
        must change on every call in a `tf.Variable` (`self.steps.assign_add(1)`), or return
        values and collect them outside the traced function. A tensor appended to an outer list
        (`seen.append(y_pred)` in a loss Keras traces) is this side effect too, as the
        `tf.function` guide files it: the list grows once per trace and holds symbolic tensors
        (storing a tensor by assignment, `self.last = y`, is TF301's leak). On by default when
        a tensor is appended, or something expects the state to change on every call: code
        outside traced functions reads it, or traced code tests, returns or prints it
        (`if step_count % 100 == 0:`); with
        `--preview` also when nothing reads it (it may count traces on purpose) or a value is
        set rather than accumulated (one-time setup while tracing is the common case).
    """

    def visit_AugAssign(self, node: cst.AugAssign) -> None:
        self._check(node.target, node.value, accumulates=True)

    def check_store(self, target: cst.BaseExpression, value: cst.BaseExpression) -> None:
        self._check(target, value, accumulates=None)

    def _check(
        self, target: cst.BaseExpression, value: cst.BaseExpression, accumulates: bool | None
    ) -> None:
        context = self.context
        if not context.in_traced_code or context.in_one_time_guard:
            return
        fn = context.function
        where = outer_target(self.model, context.scope, target)
        # A graph tensor stored there (`self.x = self.x * 0.5` with a tensor `self.x` too) is
        # TF301's leak, at this same target: the engine keeps that finding (defers_to).
        if where is None:
            return
        if isinstance(value, cst.Call) and variable_kind(self.model, value):
            return  # creating state is TF401's finding
        if numpy_conversion(self.model, value, context.scope) is not None:
            return  # the value fails while tracing, before the store: TF801/TF804 say so
        if is_guarded_singleton(target, value):
            return  # `self.v = make() if self.v is None else self.v`: set once, then kept
        if accumulates is None:  # `self.n = self.n + 1`
            accumulates = _reads(value, code(target))
        # A counter or accumulator (`self.steps += 1`) is meant to change on every call, and
        # is wrong when code outside the trace reads it; a value set once (`self.keys = ...`)
        # is usually setup that tracing does once, by design, and a counter only traced code
        # reads may be a trace-time counter on purpose (naming ops per trace).
        gap = SET_ONCE_GAP
        if accumulates:
            observed, how = _observed(self.context, _last_name(target))
            gap = None if observed is not None else UNOBSERVED_GAP
        because = [(f"{where} {'accumulates' if accumulates else 'is set'} here", target)]
        if accumulates and gap is None:
            because.append((how, observed))
        self.report(
            target,
            f"traced `{fn.qualname}` sets {where} to a Python value; this runs only while tracing",
            because=because,
            gap=gap or self._test_gap(),
        )

    def _test_gap(self) -> str | None:
        # By the file's own name: a folder named tests may hold example programs too.
        name = PurePath(self.context.path).name
        if name.startswith("test_") or name.endswith("_test.py"):
            return "in test code, which often records what tracing does on purpose"
        return None

    def visit_Call(self, node: cst.Call) -> None:
        context = self.context
        if not context.in_traced_code or context.in_one_time_guard:
            return
        fn = context.function
        container = outer_container(self.model, context.scope, node)
        if container is None:
            return
        if any(numpy_conversion(self.model, a.value, context.scope) for a in node.args):
            return  # the value fails while tracing, before the change: TF801/TF804 say so
        method = node.func.attr.value
        observed, how = _observed(context, _last_name(node.func.value))
        because = [(f"the {container} changes here", node)]
        # `history.append(y_pred)`: the tf.function guide files this under Python side
        # effects: the list grows once per trace, not once per call, and what it holds are
        # symbolic tensors of the trace's graph. Wrong whoever reads it.
        tensors = [a.value for a in node.args if self.model.is_tensor(a.value, context.scope)]
        if tensors:
            because.append(
                (
                    f"`{code(tensors[0])}` is a graph tensor: the {container} keeps a symbolic "
                    "tensor of the trace",
                    tensors[0],
                )
            )
        if observed is not None:
            because.append((how, observed))
        evident = observed is not None or bool(tensors)
        self.report(
            node,
            f"traced `{fn.qualname}` mutates the {container} with `.{method}()`; this runs "
            "only while tracing",
            because=because,
            gap=self._test_gap() or (None if evident else UNOBSERVED_GAP),
        )


UNOBSERVED_GAP = (
    "only traced code reads it: it may count traces on purpose; nothing shows code outside "
    "expects it to count calls"
)


def _last_name(target: cst.BaseExpression) -> str | None:
    if isinstance(target, cst.Attribute):
        return target.attr.value
    if isinstance(target, cst.Name):
        return target.value
    return None


def _observed(context, name: str | None) -> tuple[cst.CSTNode | None, str]:
    """Where code reads state as one that changes on every call, and how: code outside
    traced functions reads it, or traced code itself tests, returns or prints it (`if
    calls % 100 == 0:`, `tf.print(len(self.history))`): it expects a count of calls, not of
    traces."""
    outside = observed_outside_traces(context.model).get(name)
    if outside is not None:
        return outside, "code outside traced functions reads it"
    inside = used_per_call(context.model).get(name)
    if inside is not None:
        return inside, "traced code tests, returns or prints it as if it changed on every call"
    return None, ""


SET_ONCE_GAP = (
    "a value set, not accumulated: nothing shows that code expects it to change on every call "
    "(one-time setup while tracing is the common case)"
)


def _reads(value: cst.BaseExpression, target: str) -> bool:
    """Whether ``value`` reads ``target`` itself (``self.n = self.n + 1``)."""
    try:
        text = code(value)
    except RecursionError:  # nested too deeply to print: no counter reads itself like that
        return False
    return re.search(rf"(?<![\w.]){re.escape(target)}(?!\w)", text) is not None


class PythonIteratorInTracedCode(Rule):
    id = "TF203"
    requires_traced_code = True
    calls_in_traced_code = True
    name = "python-iterator-in-traced-code"
    category = "side-effect"
    message = "`next()` on a Python iterator in traced code advances it once, while tracing"
    rationale = """
        A Python iterator or generator is advanced by Python, so inside a `tf.function` the
        `next()` call runs at trace time and its value is frozen into the graph as a constant:
        every call sees the same element. Iterate a `tf.data.Dataset` instead (its iterator is
        a TF resource that advances in the graph), or pass the element in as an argument.
    """

    def visit_Call(self, node: cst.Call) -> None:
        context = self.context
        if not context.in_traced_code or self.model.call_name(node) != "builtins.next":
            return
        if not node.args:
            return
        source = self._python_iterator_source(node.args[0].value)
        if source is not None:
            self.report(
                node,
                f"`next()` on {source} in traced `{context.function.qualname}` runs only while "
                "tracing; every call reuses the first value",
            )

    def _python_iterator_source(self, expr: cst.BaseExpression) -> str | None:
        """What kind of Python iterator ``expr`` holds, if the module shows it is one."""
        return python_iterator(self.model, self.context.scope, expr)


def python_iterator(model: ModuleModel, scope: Scope, expr: cst.BaseExpression) -> str | None:
    """What kind of Python iterator ``expr`` holds where ``scope`` reads it (a generator, ``iter()``
    of something that is not a dataset), following parameters to what their callers pass."""
    if isinstance(expr, cst.Name):
        binding = model.lookup(expr.value, scope)
        if binding.is_param and isinstance(binding.scope, FunctionInfo):
            for argument, caller in model.arguments(binding.scope, expr.value):
                source = python_iterator(model, caller, argument)
                if source is not None:
                    return f"{source.split(' passed in as ')[0]} passed in as `{expr.value}`"
            return None
        if is_local(model, scope, expr.value):
            return None
    for value in model.bound_values(expr, scope):
        if isinstance(value, cst.GeneratorExp):
            return "a generator expression"
        if not isinstance(value, cst.Call):
            continue
        if (
            model.call_name(value) == "builtins.iter"
            and value.args
            and python_iterable(model, scope, value.args[0].value)
        ):
            return "a Python iterator"
        callee = model.callee(value, scope)
        if callee is not None and callee.is_generator:
            return f"generator `{callee.name}()`"
    return None


# Builtins that give a Python sequence or iterator.
_PYTHON_ITERABLE_CALLS = frozenset(
    {
        "builtins.range",
        "builtins.zip",
        "builtins.enumerate",
        "builtins.list",
        "builtins.tuple",
        "builtins.dict",
        "builtins.set",
        "builtins.sorted",
        "builtins.reversed",
        "builtins.map",
        "builtins.filter",
        "itertools.cycle",
        "itertools.count",
        "itertools.chain",
        "itertools.repeat",
    }
)


def python_iterable(
    model: ModuleModel, scope: Scope, expr: cst.BaseExpression, depth: int = 0
) -> bool:
    """Whether the module shows ``expr`` is a Python (or NumPy) sequence: a display or
    comprehension, a builtin that makes one (``range``, ``zip``, ``list``...), a generator, a
    NumPy array, or a name every binding of which is one. ``iter()`` of anything else may be a
    dataset's iterator, which advances in the graph."""
    if depth > 8:
        return False
    if isinstance(expr, (cst.List, cst.Tuple, cst.Set, cst.Dict, cst.GeneratorExp)):
        return True
    if isinstance(expr, (cst.ListComp, cst.SetComp, cst.DictComp)):
        return True
    if isinstance(expr, cst.BinaryOperation):  # `[0.1, 0.05] * 100`, `train + extra`
        return python_iterable(model, scope, expr.left, depth + 1) or python_iterable(
            model, scope, expr.right, depth + 1
        )
    if isinstance(expr, cst.Call):
        name = model.call_name(expr) or ""
        if name in _PYTHON_ITERABLE_CALLS or name.startswith("numpy."):
            return True
        callee = model.callee(expr, scope)
        return callee is not None and callee.is_generator
    if isinstance(expr, cst.Name):
        values = model.binding_of(expr, scope).known_values
        return bool(values) and all(python_iterable(model, scope, v, depth + 1) for v in values)
    return False


# Calls that return a Python logger, whose level-named methods log like the module functions.
LOGGER_FACTORIES = frozenset(
    {"logging.getLogger", "tensorflow.get_logger", "absl.logging.get_absl_logger"}
)


def _log_methods() -> frozenset[str]:
    """The level-named logging functions the knowledge base knows (``info``, ``warning``...)."""
    return frozenset(
        name.rpartition(".")[2]
        for name, effect in knowledge.knowledge().side_effects.items()
        if effect == "log" and name.startswith("logging.")
    )


def host_effect(model: ModuleModel, scope: Scope, call: cst.Call) -> tuple[str, str] | None:
    """What host side effect ``call`` has, by the knowledge base ("log" or "seed", with the
    call's name): a logging or warnings function, a method of a logger the module gets from
    ``logging.getLogger``/``tf.get_logger``, or a global seeding call."""
    name = model.call_name(call)
    effect = knowledge.side_effect(name)
    if effect is not None and name is not None:
        return effect, code(call.func)
    func = call.func
    if isinstance(func, cst.Attribute) and func.attr.value in _log_methods():
        owner = func.value
        values = [owner] if isinstance(owner, cst.Call) else model.bound_values(owner, scope)
        if values and all(
            isinstance(v, cst.Call) and model.call_name(v) in LOGGER_FACTORIES for v in values
        ):
            return "log", f"{code(owner)}.{func.attr.value}"
    return None


class LoggingInTracedCode(Rule):
    id = "TF204"
    requires_traced_code = True
    calls_in_traced_code = True
    name = "logging-in-traced-code"
    category = "side-effect"
    message = "Python logging in traced code logs only while tracing, not on every call"
    rationale = """
        `logging.info(...)`, `absl.logging.warning(...)`, `tf.get_logger().info(...)` or
        `warnings.warn(...)` inside a `tf.function` are Python calls: they run while the
        function is traced and never when the graph runs, so a training loop's log shows one
        line for the first step (and one per retrace), and the values it logs are symbolic
        tensors. Log outside the traced function (return the values), or use `tf.print`,
        which runs on every call. Which calls log comes from the knowledge base (logging
        functions of `logging`, `absl.logging`, `tf.compat.v1.logging`, and `warnings.warn`).
    """

    def visit_Call(self, node: cst.Call) -> None:
        context = self.context
        if not context.in_traced_code or context.in_one_time_guard:
            return
        found = host_effect(self.model, context.scope, node)
        if found is None or found[0] != "log":
            return
        # A message that shows a tensor is meant for every call; one of Python values only
        # (a usage or deprecation warning) is usually meant once, which tracing gives.
        shown = [a.value for a in node.args if graph_value(self.model, a.value, context.scope)]
        self.report(
            node,
            f"`{found[1]}` in traced `{context.function.qualname}` logs only while tracing; "
            "log outside the traced function or use `tf.print`",
            because=[
                (f"it logs the tensor `{code(v)}`, which changes on every call", v) for v in shown
            ],
            gap=None if shown else "it logs Python values only: a message meant once is fine",
        )


class SeedInTracedCode(Rule):
    id = "TF205"
    requires_traced_code = True
    calls_in_traced_code = True
    name = "seed-in-traced-code"
    category = "side-effect"
    message = "a global random seed set in traced code is set once, while tracing"
    rationale = """
        `tf.random.set_seed`, `np.random.seed`, `random.seed` and
        `keras.utils.set_random_seed` change Python-side global state. Inside a `tf.function`
        they run while tracing only: calling the function again does not reset the seed, so the
        random ops in it do not repeat their numbers as they would eagerly. Seed once outside
        the traced function, or use stateless random ops (`tf.random.stateless_uniform(...,
        seed=...)`) or a `tf.random.Generator` passed in. Which calls seed comes from the
        knowledge base. A `tf.random.set_seed(seed)` whose seed is a parameter a loop passes a
        new Python number on each call is TF501's finding: each new seed traces the function
        again (and so does seed it, at a trace's cost).
    """

    def visit_Call(self, node: cst.Call) -> None:
        context = self.context
        if not context.in_traced_code or context.in_one_time_guard:
            return
        found = host_effect(self.model, context.scope, node)
        if found is None or found[0] != "seed":
            return
        fn = context.function
        explicit = fn.traced_by is not None and fn.traced_by.kind in ("decorator", "wrapped")
        if explicit and self._seed_argument(node, fn):
            return  # a Python seed its caller passes: each new one retraces (TF501's claim)
        self.report(
            node,
            f"`{found[1]}` in traced `{fn.qualname}` seeds only while tracing; "
            "seed outside, or use stateless random ops",
            # a helper that seeds may well be meant for eager use, where it works
            gap=None
            if explicit
            else "the seeding function is traced only as a helper of traced code",
        )

    def _seed_argument(self, node: cst.Call, fn: FunctionInfo) -> bool:
        """``tf.random.set_seed(seed)`` with ``seed`` a parameter of the tf.function that a call
        in a loop passes a Python number the loop computes: the function is traced again for
        each new one, so the seed is set on every call with a new value, at the cost of a
        trace (a tensor seed fails there instead)."""
        model = self.model
        if model.call_name(node) != "tensorflow.random.set_seed" or not node.args:
            return False
        seed = node.args[0].value
        if not (
            isinstance(seed, cst.Name)
            and seed.value in fn.params
            and model.binding_of(seed, self.context.scope).param_only
        ):
            return False
        for site in model.call_sites:
            if site.callee is not fn or not site.loops:
                continue
            passed = site.argument(seed.value)
            if (
                passed is not None
                and not isinstance(passed, (cst.Integer, cst.Float))
                and model.is_python_scalar(passed, site.scope)
            ):
                return True
        return False


# --- issue 28's missed pitfalls ------------------------------------------------------------------

# Python (and TF's Python-side) calls that open a file: they run on the host, while tracing.
FILE_OPENERS = frozenset(
    {
        "builtins.open",
        "io.open",
        "codecs.open",
        "tensorflow.io.gfile.GFile",
        "tensorflow.gfile.GFile",
        "tensorflow.gfile.Open",
    }
)
_WRITE_MODES = frozenset("wax+")


def _open_mode(call: cst.Call) -> str | None:
    """The literal mode of an ``open(...)`` call ("r" when left out), None when not literal."""
    for index, arg in enumerate(call.args):
        if (arg.keyword is not None and arg.keyword.value == "mode") or (
            arg.keyword is None and index == 1 and not arg.star
        ):
            value = arg.value
            if isinstance(value, cst.SimpleString) and isinstance(value.evaluated_value, str):
                return value.evaluated_value
            return None
    return "r"


class FileOpenedInTracedCode(Rule):
    id = "TF299"
    requires_traced_code = True
    calls_in_traced_code = True
    name = "file-opened-in-traced-code"
    category = "side-effect"
    message = "a file opened in traced code is written or read once, while tracing"
    # its evidence spells the opener
    requires_text = ("open", "GFile")
    rationale = """
        `open(...)` (or `tf.io.gfile.GFile`) inside a `tf.function` is Python: it runs while the
        function is traced, not when the graph runs. A log or metrics file written there gets
        one line for the first call (and one per retrace) however many steps run, and what it
        writes are symbolic tensors; a file read there is read once, and its contents are
        frozen into the graph as constants. Write from outside the traced function (return the
        values and write them in the training loop), or use graph ops that run on every call:
        `tf.io.write_file`, `tf.summary` with a writer, `tf.print(..., output_stream=
        "file://...")`. A read (mode `r`) is reported only with `--preview`: reading a
        vocabulary or configuration once, while tracing, may be what the code means.
    """

    def visit_Call(self, node: cst.Call) -> None:
        context = self.context
        if not context.in_traced_code or context.in_one_time_guard:
            return
        name = self.model.call_name(node)
        if name not in FILE_OPENERS:
            return
        mode = _open_mode(node)
        fn = context.function
        opener = code(node.func)
        if mode is not None and _WRITE_MODES & set(mode):
            self.report(
                node,
                f"`{opener}(..., {mode!r})` in traced `{fn.qualname}` writes the file only while "
                "tracing, not on every call; write outside the traced function",
                because=[(f"mode {mode!r} writes the file", node)],
            )
            return
        self.report(
            node,
            f"`{opener}(...)` in traced `{fn.qualname}` runs only while tracing: the file is "
            "read once and its contents are frozen into the graph",
            gap=(
                "the file is read, not written: reading a vocabulary or configuration once, "
                "while tracing, may be intended"
                if mode is not None
                else "its mode is not a literal: it may only read the file"
            ),
        )


# Methods that change a list, dict or set in place (with `common.MUTATING_METHODS`).
_IN_PLACE_METHODS = MUTATING_METHODS | {"sort", "reverse", "popitem"}
_PYTHON_CONTAINERS = ("List", "ListComp", "Dict", "DictComp", "Set", "SetComp")


class ArgumentMutatedInTfFunction(Rule):
    id = "TF298"
    requires_traced_code = True
    call_names = frozenset(_IN_PLACE_METHODS)
    name = "tf-function-argument-mutated"
    category = "side-effect"
    severity = "error"
    message = "a `tf.function` changes a Python list or dict it was passed"
    rationale = """
        A `tf.function` runs its Python body only while tracing, so an in-place change to a
        Python argument (`values.append(x)`, `values[4] = 42`, `stats["n"] = ...`) could at
        best happen once, never on later calls. TensorFlow 2.21 refuses it outright: tracing
        fails with `ValueError: f(values, ...) should not modify its Python input arguments.
        Modifying a copy is allowed.` The caller's object is left unchanged. Return the new
        values from the function and update the Python object in the caller, or keep the state
        in a `tf.Variable` (or a `tf.TensorArray` returned from the call). Reported in functions
        that `tf.function` itself is handed (a decorator, `tf.function(f)`), for parameters not
        rebound before the change; with `--preview` when no caller in the module shows a Python
        list or dict passed in.
    """

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        if isinstance(func, cst.Attribute) and func.attr.value in _IN_PLACE_METHODS:
            self._check(func.value, node, f"`.{func.attr.value}()`")

    def visit_Assign(self, node: cst.Assign) -> None:
        for target in node.targets:
            if isinstance(target.target, cst.Subscript):
                self._check(target.target.value, target.target, "item assignment")

    def visit_AugAssign(self, node: cst.AugAssign) -> None:
        if isinstance(node.target, cst.Subscript):
            self._check(node.target.value, node.target, "item assignment")

    def visit_Del(self, node: cst.Del) -> None:
        if isinstance(node.target, cst.Subscript):
            self._check(node.target.value, node.target, "`del`")

    def _check(self, owner: cst.BaseExpression, where: cst.CSTNode, how: str) -> None:
        context = self.context
        fn = context.function
        if not context.in_traced_code or fn is None or context.scope is not fn:
            return
        reason = fn.traced_by
        if reason is None or reason.kind not in ("decorator", "wrapped") or fn.eager_by:
            return
        if not isinstance(owner, cst.Name) or owner.value in ("self", "cls"):
            return
        binding = self.model.binding_of(owner, fn)
        if binding.scope is not fn or not binding.param_only:
            return  # rebound (`values = list(values)`: a copy) or not a parameter
        passed = [
            value
            for value, scope in self.model.arguments(fn, owner.value)
            if _python_container(self.model, value, scope)
        ]
        because = [(f"`{owner.value}` is changed in place here ({how})", where)]
        if passed:
            because.append((f"a Python container is passed as `{owner.value}` here", passed[0]))
        self.report(
            where,
            f"traced `{fn.qualname}` changes its argument `{owner.value}` in place ({how}); "
            "tf.function refuses to modify a Python argument: tracing fails. Return the new "
            "value instead",
            because=because,
            gap=None
            if passed
            else f"no caller in this module shows a Python list or dict passed as `{owner.value}`",
        )


def _python_container(model: ModuleModel, value: cst.BaseExpression, scope: Scope) -> bool:
    """A list, dict or set display (or ``list(...)``/``dict(...)``, or a list display repeated,
    ``[0] * n``), or a name bound to one."""
    values = model.bound_values(value, scope) if isinstance(value, cst.Name) else [value]
    return any(_container_value(model, v) for v in values)


def _container_value(model: ModuleModel, value: cst.BaseExpression) -> bool:
    if type(value).__name__ in _PYTHON_CONTAINERS:
        return True
    if isinstance(value, cst.BinaryOperation) and isinstance(value.operator, cst.Multiply):
        return isinstance(value.left, cst.List) or isinstance(value.right, cst.List)
    return isinstance(value, cst.Call) and model.call_name(value) in (
        "builtins.list",
        "builtins.dict",
        "builtins.set",
    )


# Python functions that change the file system (or, with `read`, look at it) on the host: in
# traced code they run once, while tracing. `tf.io.gfile` is TensorFlow's Python file API, not
# graph ops. Pure path arithmetic (`os.path.join`) touches nothing and is left out.
_FILE_SYSTEM_CHANGES = frozenset(
    {
        "os.makedirs",
        "os.mkdir",
        "os.remove",
        "os.unlink",
        "os.rename",
        "os.renames",
        "os.replace",
        "os.rmdir",
        "os.removedirs",
        "os.symlink",
        "os.link",
        "os.chmod",
        "os.utime",
        "os.truncate",
        "shutil.copy",
        "shutil.copy2",
        "shutil.copyfile",
        "shutil.copyfileobj",
        "shutil.copytree",
        "shutil.move",
        "shutil.rmtree",
        "tensorflow.io.gfile.copy",
        "tensorflow.io.gfile.makedirs",
        "tensorflow.io.gfile.mkdir",
        "tensorflow.io.gfile.remove",
        "tensorflow.io.gfile.rename",
        "tensorflow.io.gfile.rmtree",
    }
)
_FILE_SYSTEM_QUERIES = frozenset(
    {
        "os.listdir",
        "os.scandir",
        "os.walk",
        "os.stat",
        "os.path.exists",
        "os.path.isfile",
        "os.path.isdir",
        "os.path.getsize",
        "os.path.getmtime",
        "glob.glob",
        "glob.iglob",
        "tensorflow.io.gfile.exists",
        "tensorflow.io.gfile.glob",
        "tensorflow.io.gfile.isdir",
        "tensorflow.io.gfile.listdir",
        "tensorflow.io.gfile.stat",
        "tensorflow.io.gfile.walk",
    }
)
# Methods of a `pathlib.Path` that change the file system.
_PATH_CHANGES = frozenset(
    {"mkdir", "touch", "unlink", "rmdir", "rename", "replace", "write_text", "write_bytes"}
)


class FileSystemCallInTracedCode(Rule):
    id = "TF297"
    requires_traced_code = True
    calls_in_traced_code = True
    name = "file-system-call-in-traced-code"
    category = "side-effect"
    message = "a Python file-system call in traced code runs once, while tracing"
    requires_text = ("os", "shutil", "gfile", "glob", "Path")
    rationale = """
        `os.makedirs`, `shutil.copy`, `os.remove`, `tf.io.gfile.copy` and the like are Python
        functions that act on the host's file system. In a `tf.function`, and in a function
        given to `Dataset.map` (which tf.data always traces), they run once, while the function
        is traced, never per call or per element: a map function that stages each element's
        file (copies it to a cache folder, creates its directory, removes a stale copy) stages
        one file at trace time and then only reads, for every element, what that one run left
        behind. Do the file-system work in Python before building the pipeline, or use graph
        ops that run per element (`tf.io.read_file`, `tf.io.write_file`), or wrap the Python
        code in `tf.py_function`. A call given a string tensor fails while tracing instead
        (TF895). Queries (`os.path.exists`, `glob.glob`, `tf.io.gfile.listdir`) are reported
        only with `--preview`: looking once, while tracing, may be what the code means.
    """

    def visit_Call(self, node: cst.Call) -> None:
        context = self.context
        if not context.in_traced_code or context.in_one_time_guard:
            return
        name = self.model.call_name(node)
        changes = name in _FILE_SYSTEM_CHANGES
        if not changes and name not in _FILE_SYSTEM_QUERIES:
            name = self._path_change(node)
            if name is None:
                return
            changes = True
        if any(self.model.is_tensor(a.value, context.scope) for a in node.args):
            return  # a string tensor given to it fails while tracing: TF895's
        fn = context.function
        how = "changes the file system" if changes else "looks at the file system"
        self.report(
            node,
            f"`{code(node.func)}` in traced `{fn.qualname}` {how} only while tracing, not on "
            "every call; do it before tracing, or use `tf.io` ops",
            because=[
                (
                    f"`{name.replace('tensorflow.', 'tf.', 1)}` is a Python call: it "
                    "runs on the host, at trace time",
                    node,
                )
            ],
            gap=None
            if changes
            else "it only looks at the file system: looking once, while tracing, may be meant",
        )

    def _path_change(self, node: cst.Call) -> str | None:
        """``pathlib.Path(p).mkdir(...)``, or a method of a name bound to a ``Path(...)``."""
        func = node.func
        if not isinstance(func, cst.Attribute) or func.attr.value not in _PATH_CHANGES:
            return None
        owner = func.value
        values = (
            [owner]
            if isinstance(owner, cst.Call)
            else self.model.bound_values(owner, self.context.scope)
        )
        if values and all(
            isinstance(v, cst.Call) and self.model.call_name(v) == "pathlib.Path" for v in values
        ):
            return f"pathlib.Path.{func.attr.value}"
        return None


# --- the intro to graphs guide's "Non-strict execution" -----------------------------------------

ENSURE_SHAPE = "tensorflow.ensure_shape"


class EnsureShapeResultDiscarded(Rule):
    id = "TF206"
    requires_traced_code = True
    name = "ensure-shape-result-discarded"
    category = "side-effect"
    severity = "error"
    message = "`tf.ensure_shape` in traced code with its result thrown away checks nothing"
    rationale = """
        A graph runs only the ops its outputs and its stateful ops need ("Non-strict
        execution" in the introduction to graphs and `tf.function`): an op whose result nothing
        uses is pruned, and a runtime check that is pruned cannot fail. `tf.ensure_shape(x,
        shape)` is such an op (not stateful, unlike `tf.debugging.assert_*`): it returns `x`
        with the shape checked and set, and does nothing to `x` itself. Written as a statement
        in a `tf.function`, a Keras `call` or a `Dataset.map` function, it raises eagerly but
        in the graph lets a tensor of the wrong shape through (only a shape already known while
        tracing is checked, then), and the static shape it was
        meant to give (`(None,)` stays `(None,)`; a Keras model built on the dataset sees an
        unknown shape) is lost too. Checked under TF 2.21: a 2-vector passes `tf.ensure_shape(x,
        [3])` as a statement and raises `InvalidArgumentError` when the result is used; a map
        function's element spec stays `(None,)` instead of `(12,)`. Assign the result:
        `x = tf.ensure_shape(x, shape)`.
    """
    requires_text = ("ensure_shape",)

    def visit_Expr(self, node: cst.Expr) -> None:
        call = node.value
        if not self.context.in_traced_code or not isinstance(call, cst.Call) or not call.args:
            return
        if self.model.call_name(call) != ENSURE_SHAPE:
            return
        fn = self.context.function
        checked = call.args[0].value
        fix = (
            f"`{code(checked)} = {code(call)}`"
            if isinstance(checked, cst.Name)
            else "assign the result and use it"
        )
        self.report(
            call,
            f"`{code(call.func)}(...)` in traced `{fn.qualname}` returns the checked tensor, "
            "which this statement throws away: the graph prunes the unused op, so a shape "
            f"known only when the graph runs is never checked, and none is set; write {fix}",
            because=[
                (
                    "a graph runs only the ops its results need; `EnsureShape` is no stateful "
                    "op, so its check is dropped",
                    call,
                )
            ],
        )
