"""Keras models whose layers meet an input of a rank they refuse (TF986): a rank propagated
along what a reader sees, `Sequential([...])` lists, `.add` chains and functional chains
`x = Layer(...)(x)`, from `Input(shape=...)` or a first layer's `input_shape=`. The ranks come
from the installed Keras (``linter/data/layer_shapes.json``)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial

from tf2lint.analysis.layer_shapes import LayerRanks, apply_out, layer_ranks
from tf2lint.analysis.tfnames import KERAS2_ROOTS, keras3_name
from tf2lint.analysis.walk import children
from tf2lint.base.lazy import cst
from tf2lint.linting.rule import Rule
from tf2lint.rules.common import code, uses_tf_keras

_RANKS = range(1, 7)  # the ranks the table's probes tried
# The callees that start a rank or a model: what is asked of the imports only at these.
_MODEL_STARTS = frozenset({"Sequential", "Input", "InputLayer"})


@dataclass(frozen=True)
class Ranked:
    """A value of known rank and how the reader sees it: each step a message and its node."""

    rank: int
    steps: tuple[tuple[Callable[[], str], cst.CSTNode], ...]  # texts made when reported
    # what a reader would change: "shape" (a literal shape made it), or the argument whose
    # default gave a recurrent or pooling layer's fixed rank ("return_sequences")
    cause: str | None = None


@dataclass
class SequentialModel:
    """A `Sequential` model being built in one block: the rank its last layer returns (None:
    unknown), whether it has no layer yet (its first may carry `input_shape=`)."""

    output: Ranked | None
    empty: bool


@dataclass(frozen=True)
class LayerCall:
    """A Keras layer constructed in the code: its table entry and its constructor call."""

    name: str
    ranks: LayerRanks
    call: cst.Call  # the constructor (for Bidirectional, the wrapped layer's)
    shown: cst.Call  # what the finding points at


@dataclass
class _Known:
    """What one block has shown so far: tensors of known rank, `Sequential` models being
    built, and Keras layers bound to a name (`lstm = LSTM(8)`), by name."""

    tensors: dict[str, Ranked]
    models: dict[str, SequentialModel]
    layers: dict[str, LayerCall]

    def __bool__(self) -> bool:
        return bool(self.tensors or self.models or self.layers)

    def names(self) -> set[str]:
        return {*self.tensors, *self.models, *self.layers}

    def forget(self, names: set[str]) -> None:
        for name in names:
            self.tensors.pop(name, None)
            self.models.pop(name, None)
            self.layers.pop(name, None)


class LayerInputRank(Rule):
    id = "TF986"
    name = "layer-input-rank"
    category = "api-misuse"
    severity = "error"
    message = "the Keras layer gets an input of a rank it refuses"
    rationale = """
        Each Keras layer takes inputs of certain ranks: `LSTM`, `GRU` and `Conv1D` a sequence
        `(batch, steps, features)` (rank 3), `Conv2D` and `MaxPooling2D` images
        `(batch, height, width, channels)` (rank 4). Given another rank, building the model
        raises `ValueError: Input 0 of layer "lstm" is incompatible with the layer: expected
        ndim=3, found ndim=2`. The usual causes: `input_shape=(28, 28)` for a `Conv2D` (the
        channel axis left out), a `Dense` or `Flatten` before an `LSTM` (no time axis left), a
        second `LSTM` after one without `return_sequences=True`, `MaxPooling2D` after
        `Flatten`. The rule follows the rank along what a reader sees: a `Sequential([...])`
        list or its `.add` calls in one block, and functional chains `x = Layer(...)(x)` from
        `keras.Input(shape=...)` (the shape's length plus the batch axis), a first layer's
        `input_shape=` or `input_dim=`, or a layer whose output rank is fixed (`Flatten`, an
        `LSTM` without `return_sequences`). The ranks each layer refuses and what it returns
        (`Flatten`: 2, `Embedding`: one more, `Reshape(t)`: `len(t) + 1`) are generated from
        Keras 3 of TensorFlow 2.21, and from tf_keras for a module that uses it, by calling
        each layer on symbolic inputs of ranks 1 to 6 (`scripts/generate_layer_shapes.py`).
        Evidence required: every layer of the chain is a public Keras layer the table holds,
        built with literal values where its arguments change the rank; the rule stops at
        anything else (a `Lambda`, a user's layer, a shape held in a variable, a branch).
    """

    requires_text = ("layers",)
    # a recurrent layer's Keras 1 `input_dim=` (the feature count) is TF031's, at the same call
    defers_to = frozenset({"TF031"})

    def visit_Module(self, node: cst.Module) -> None:
        for block in _blocks(node.body):
            self._block(block)

    # --- one block of statements, in order ----------------------------------------------------

    def _block(self, statements: list[cst.BaseStatement]) -> None:
        known = _Known({}, {}, {})
        for statement in statements:
            if not self._statement(statement, known):
                if type(statement) is cst.SimpleStatementLine:
                    for small in statement.body:
                        value = getattr(small, "value", None)
                        if type(value) is cst.Call:
                            self._scan(value, known)
                if known.tensors or known.models or known.layers:
                    known.forget(_names_in(statement, known.names()))

    def _scan(self, expr: cst.BaseExpression, known: _Known) -> None:
        """Follow the layer calls and `Sequential` models written inside ``expr`` (as call
        arguments: `return keras.Model(i, layers.Dense(1)(x))`), for what they refuse."""
        stack = [expr]
        while stack:
            node = stack.pop()
            kind = type(node)
            if kind is cst.Call:
                func = node.func
                if type(func) is cst.Call or (
                    type(func) is cst.Name and func.value in known.layers
                ):
                    self._rank_of(node, known)
                    continue
                if _tail(func) in _MODEL_STARTS and self._is_sequential(node):
                    self._sequential(node, known)
                    continue
                for arg in node.args:
                    stack.append(arg.value)
            elif kind is cst.List or kind is cst.Tuple:
                for element in node.elements:
                    stack.append(element.value)

    def _statement(self, statement: cst.BaseStatement, known: _Known) -> bool:
        """Follow one statement; False when it is none the rule reads (every name it mentions
        is then forgotten)."""
        if type(statement) is not cst.SimpleStatementLine or len(statement.body) != 1:
            return False
        small = statement.body[0]
        if type(small) is cst.Expr and type(small.value) is cst.Call:
            return self._add(small.value, known)
        if type(small) is not cst.Assign or len(small.targets) != 1:
            return False
        target = small.targets[0].target
        if type(target) is not cst.Name:
            return False
        value = small.value
        name = target.value
        if type(value) is not cst.Call:
            return False
        if known.models:
            # a model handed to a call may be changed there
            known.forget(_names_in(value, set(known.models)))
        tail = _tail(value.func)
        if tail in _MODEL_STARTS and self._is_sequential(value):
            model = self._sequential(value, known)
            known.forget({name})
            if model is not None:
                known.models[name] = model
            return True
        if (
            type(value.func) is cst.Call
            or tail in _MODEL_STARTS
            or (type(value.func) is cst.Name and value.func.value in known.layers)
        ):
            ranked = self._rank_of(value, known)
            known.forget({name})
            if ranked is not None:
                known.tensors[name] = ranked
            return True
        if tail is not None and tail[:1].isupper():
            layer = self._layer(value)  # `lstm = LSTM(8)`, called later: `lstm(x)`
            if layer is not None:
                known.forget({name})
                known.layers[name] = layer
                return True
        if value.args:
            self._scan(value, known)  # before `name` is rebound: it may be read there
        known.forget({name})
        return True

    def _add(self, call: cst.Call, known: _Known) -> bool:
        """`model.add(Layer(...))` on a `Sequential` of this block."""
        func = call.func
        if not (
            type(func) is cst.Attribute
            and type(func.value) is cst.Name
            and func.value.value in known.models
            and func.attr.value == "add"
            and len(call.args) == 1
            and call.args[0].keyword is None
            and not call.args[0].star
        ):
            return False
        model = known.models[func.value.value]
        model.output = self._sequential_layer(call.args[0].value, model, known)
        model.empty = False
        return True

    # --- Sequential -------------------------------------------------------------------------

    def _is_sequential(self, call: cst.Call) -> bool:
        return self._keras_path(call) in ("Sequential", "models.Sequential")

    def _sequential(self, call: cst.Call, known: _Known) -> SequentialModel | None:
        model = SequentialModel(None, True)
        layers = call.args[0].value if call.args and call.args[0].keyword is None else None
        for arg in call.args:
            if arg.keyword is not None and arg.keyword.value == "layers":
                layers = arg.value
            elif arg.star:
                return None
        if layers is None:
            return model
        if type(layers) not in (cst.List, cst.Tuple):
            return None
        for element in layers.elements:
            if type(element) is not cst.Element:
                return None  # *starred: the layers are not all shown
            model.output = self._sequential_layer(element.value, model, known)
            model.empty = False
        return model

    def _sequential_layer(
        self, expr: cst.BaseExpression, model: SequentialModel, known: _Known
    ) -> Ranked | None:
        """The rank after ``expr`` is appended to ``model``."""
        if type(expr) is cst.Name and expr.value in known.layers:
            layer = known.layers[expr.value]
        elif type(expr) is not cst.Call:
            return None
        else:
            origin = self._input_origin(expr)
            if origin is not None:
                return origin if model.empty else None
            layer = self._layer(expr)
        if layer is None:
            return None
        given = model.output
        if model.empty:
            given = self._first_layer_shape(layer)
        return self._through(layer, given)

    def _first_layer_shape(self, layer: LayerCall) -> Ranked | None:
        """The rank a first layer's `input_shape=` or `input_dim=` gives its input."""
        for arg in layer.shown.args:
            keyword = arg.keyword.value if arg.keyword is not None else None
            if keyword == "input_shape":
                length = _literal_length(arg.value)
                if length is not None:
                    text = partial(_rank_text, length + 1, arg, "input_shape")
                    return Ranked(length + 1, ((text, arg),), "shape")
            elif keyword == "input_dim" and "Embedding" not in layer.name:
                # an Embedding's `input_dim` is its vocabulary's size, not an input shape
                return Ranked(
                    2, ((partial(str, "`input_dim=` and the batch axis give rank 2"), arg),)
                )
            elif keyword == "batch_input_shape" and self._package() == "tf_keras":
                length = _literal_length(arg.value)
                if length is not None:
                    text = partial(_batch_rank_text, length, arg, keyword)
                    return Ranked(length, ((text, arg),))
        return None

    # --- functional chains ------------------------------------------------------------------

    def _rank_of(self, expr: cst.BaseExpression, known: _Known) -> Ranked | None:
        if type(expr) is cst.Name:
            return known.tensors.get(expr.value)
        if type(expr) is not cst.Call:
            return None
        origin = self._input_origin(expr)
        if origin is not None:
            return origin
        named = type(expr.func) is cst.Name and expr.func.value in known.layers
        if not (type(expr.func) is cst.Call or named) or len(expr.args) < 1:
            return None
        first = expr.args[0]
        if first.keyword is not None or first.star:
            return None
        if any(arg.keyword is None for arg in expr.args[1:]):
            return None
        layer = known.layers[expr.func.value] if named else self._layer(expr.func)
        if layer is None:
            return None
        return self._through(layer, self._rank_of(first.value, known))

    def _input_origin(self, call: cst.Call) -> Ranked | None:
        """`keras.Input(shape=(28, 28))`, `InputLayer(input_shape=...)`: the rank it makes."""
        path = self._keras_path(call)
        if path not in ("Input", "layers.Input", "layers.InputLayer"):
            return None
        for index, arg in enumerate(call.args):
            keyword = arg.keyword.value if arg.keyword is not None else None
            if keyword in ("shape", "input_shape") or (keyword is None and index == 0):
                length = _literal_length(arg.value)
                if length is None:
                    return None
                text = partial(_rank_text, length + 1, arg, "shape")
                return Ranked(length + 1, ((text, arg),), "shape")
            if keyword in ("batch_shape", "batch_input_shape"):
                length = _literal_length(arg.value)
                if length is None:
                    return None
                text = partial(_batch_rank_text, length, arg, keyword)
                return Ranked(length, ((text, arg),))
        return None

    # --- one layer ----------------------------------------------------------------------------

    def _through(self, layer: LayerCall, given: Ranked | None) -> Ranked | None:
        """The rank ``layer`` returns on ``given``; reports the layer where it refuses it."""
        ranks = layer.ranks
        refuses = set(ranks.refuses)
        length = None
        if ranks.rank_of is not None:
            length = _literal_length(_argument(layer.call, ranks.rank_of, 0))
            if length is None:
                return None
            if ranks.takes_len_plus is not None:
                refuses = set(_RANKS) - {length + ranks.takes_len_plus}
        if given is not None and given.rank in refuses:
            taken = [r for r in _RANKS if r not in refuses]
            self.report(
                layer.shown,
                f"`{code(layer.shown.func)}` gets an input of rank {given.rank} but takes "
                f"{_ranks_text(taken)}: building the model raises ValueError "
                f"(found ndim={given.rank}){_hint(given, taken)}",
                because=[(text(), node) for text, node in given.steps],
            )
            return None
        out = self._out(layer, length)
        rank = apply_out(out, given.rank if given is not None else None)
        if rank is None:
            return None
        fixed = (out or "").isdigit()
        steps = given.steps if given is not None and not fixed else ()
        flag = ranks.out_by[0] if fixed and ranks.out_by is not None else None
        cause = flag if flag is not None and _argument(layer.call, flag, None) is None else None
        if cause is None and given is not None and out == "r":
            cause = given.cause  # a layer that keeps the rank keeps what made it
        step = (partial(_returns_text, layer, rank, flag), layer.shown)
        return Ranked(rank, (*steps, step), cause)

    def _out(self, layer: LayerCall, length: int | None) -> str | None:
        ranks = layer.ranks
        if length is not None and ranks.out_len_plus is not None:
            return str(length + ranks.out_len_plus)
        if _argument(layer.call, "return_state", None) is not None:
            flag = _argument(layer.call, "return_state", None)
            if not (type(flag) is cst.Name and flag.value == "False"):
                return None  # a list of tensors
        if layer.shown is not layer.call:
            merge = _argument(layer.shown, "merge_mode", None)
            if merge is not None and type(merge) is not cst.SimpleString:
                return None  # merge_mode=None: a list of tensors
        if ranks.out_by is not None:
            keyword, outs = ranks.out_by
            value = _argument(layer.call, keyword, None)
            if value is None:
                return ranks.out
            if type(value) is cst.Name and value.value in ("True", "False"):
                return outs.get(value.value.lower())
            return None
        return ranks.out

    def _layer(self, call: cst.Call) -> LayerCall | None:
        """The table's entry for a Keras layer constructed by ``call`` (None: anything else,
        or a call that unpacks its arguments)."""
        if any(arg.star for arg in call.args):
            return None
        path = self._keras_path(call)
        if path is None or not path.startswith("layers.") or path.count(".") != 1:
            return None
        name = path[len("layers.") :]
        ranks = layer_ranks(self._package(), name)
        if ranks is None:
            return None
        if ranks.wraps is None:
            return LayerCall(name, ranks, call, call)
        inner = _argument(call, ranks.wraps, 0)
        if type(inner) is not cst.Call or any(arg.star for arg in inner.args):
            return None
        inner_path = self._keras_path(inner)
        if inner_path is None or not inner_path.startswith("layers."):
            return None
        inner_ranks = layer_ranks(self._package(), inner_path[len("layers.") :])
        if inner_ranks is None or inner_ranks.wraps is not None:
            return None
        return LayerCall(name, inner_ranks, inner, call)

    def _keras_path(self, call: cst.Call) -> str | None:
        """``layers.Dense`` of a call of ``keras.layers.Dense`` (Keras 3, or tf_keras)."""
        qualified = self.model.call_name(call)
        if not qualified:
            return None
        for root in KERAS2_ROOTS:
            if qualified.startswith(root):
                return qualified[len(root) :] if self._package() == "tf_keras" else None
        keras = keras3_name(qualified)
        if keras is None or keras.compat_v1:
            return None
        return keras.path

    def _package(self) -> str:
        return "tf_keras" if uses_tf_keras(self.model) else "keras"


# an `else`, `elif` or `finally` clause: what holds a block besides a statement itself
_CLAUSES = frozenset({"Else", "If", "Finally"})


def _blocks(body: Sequence[cst.BaseStatement]) -> list[Sequence[cst.BaseStatement]]:
    """Every block of statements under ``body``, itself first: function bodies, branches,
    loops (each block is followed on its own, from nothing known)."""
    found = []
    todo = [body]
    while todo:
        block = todo.pop()
        found.append(block)
        for statement in block:
            if type(statement) is cst.SimpleStatementLine:
                continue
            parts = [statement]
            while parts:
                part = parts.pop()
                for attr in ("body", "orelse", "finalbody"):
                    inner = getattr(part, attr, None)
                    if type(inner) is cst.IndentedBlock:
                        todo.append(inner.body)
                    elif type(inner).__name__ in _CLAUSES:
                        parts.append(inner)
                parts.extend(getattr(part, "handlers", ()))
                parts.extend(getattr(part, "cases", ()))
    return found


def _names_in(node: cst.CSTNode, tracked: set[str]) -> set[str]:
    """The names of ``tracked`` that ``node`` mentions (what a statement the rule does not read
    may change)."""
    found: set[str] = set()
    stack = [node]
    while stack:
        current = stack.pop()
        if type(current) is cst.Name:
            if current.value in tracked:
                found.add(current.value)
        else:
            stack.extend(children(current))
    return found


def _tail(func: cst.BaseExpression) -> str | None:
    """``Dense`` of ``Dense`` and of ``keras.layers.Dense``."""
    if type(func) is cst.Name:
        return func.value
    if type(func) is cst.Attribute:
        return func.attr.value
    return None


def _argument(call: cst.Call, keyword: str, position: int | None) -> cst.BaseExpression | None:
    for index, arg in enumerate(call.args):
        if arg.keyword is not None:
            if arg.keyword.value == keyword:
                return arg.value
        elif index == position:
            return arg.value
    return None


def _literal_length(expr: cst.BaseExpression | None) -> int | None:
    """The length of a tuple or list display with no `*` element (its items may be names)."""
    if type(expr) not in (cst.Tuple, cst.List):
        return None
    if any(type(element) is not cst.Element for element in expr.elements):
        return None
    return len(expr.elements)


def _hint(given: Ranked, taken: list[int]) -> str:
    """What a reader would change, where the chain shows it."""
    if given.cause == "shape" and given.rank + 1 == taken[0]:
        return "; the shape it starts from has one axis too few (a channel or time axis?)"
    if given.cause is not None and given.cause != "shape" and given.rank < taken[0]:
        return f"; `{given.cause}=True` on the layer before keeps the axis"
    return ""


def _returns_text(layer: LayerCall, rank: int, flag: str | None) -> str:
    text = f"`{code(layer.shown.func)}` returns rank {rank}"
    if flag is not None:
        given = _argument(layer.call, flag, None)
        text += f" ({flag}={code(given) if given is not None else 'False, the default'})"
    return text


def _batch_rank_text(rank: int, arg: cst.Arg, keyword: str) -> str:
    return f"`{keyword}={code(arg.value)}` gives it rank {rank}"


def _rank_text(rank: int, arg: cst.Arg, keyword: str) -> str:
    return f"`{keyword}={code(arg.value)}` and the batch axis give rank {rank}"


def _ranks_text(ranks: list[int]) -> str:
    if len(ranks) == 1:
        return f"rank {ranks[0]} (ndim={ranks[0]})"
    if ranks == list(range(ranks[0], _RANKS[-1] + 1)):
        return f"rank {ranks[0]} or more (min_ndim={ranks[0]})"
    return "rank " + " or ".join(map(str, ranks))
