"""Why a ``tf.function`` traced again: argument values described the way TensorFlow keys its
trace cache, and the difference between two calls in words.

Standard library only: ``tf2lint trace`` loads this file by path into a user's interpreter
(see :mod:`instrument`), and nothing here imports TensorFlow.

TensorFlow keys a traced graph by each argument's trace type: a tensor by its shape and dtype,
a Python number, string or ``None`` by its value, a list, tuple or dict by its structure and
items, and any other object by its identity. :func:`describe` mirrors that on the real values of
a call (so that the words can say ``3 -> 4`` rather than ``Literal[3] -> Literal[4]``), and
:func:`differences` compares two descriptions.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass

# What changed between two traces. The trace report ties each kind to the rules that predict it.
PYTHON_VALUE = "python-value"  # a Python number, string, bool or None with a new value
OBJECT_IDENTITY = "object-identity"  # a new Python object (traced by identity)
SHAPE = "shape"
DTYPE = "dtype"
STRUCTURE = "structure"  # a list/tuple/dict of another length, other keys, or another type
NEW_FUNCTION = "new-function"  # a new tf.function object for the same Python function
NEW_INSTANCE = "new-instance"  # a method's tf.function traced again for another instance
CLOSURE = "closure"  # a new tf.function whose Python function closes over other values
CAPTURE = "capture"  # a value captured by reference changed its trace type
CONTEXT = "context"  # called under another device scope, graph or distribution context
UNKNOWN = "unknown"
KINDS = (
    PYTHON_VALUE,
    OBJECT_IDENTITY,
    SHAPE,
    DTYPE,
    STRUCTURE,
    NEW_FUNCTION,
    NEW_INSTANCE,
    CLOSURE,
    CAPTURE,
    CONTEXT,
    UNKNOWN,
)

MAX_ITEMS = 32  # describe at most this many items of a container (and say how many there were)
_PYTHON_SCALARS = (bool, int, float, complex, str, bytes, type(None))


@dataclass(frozen=True)
class Change:
    """One difference between the arguments of two traces."""

    kind: str
    argument: str  # a path into the arguments: ``epoch``, ``batch['x']``, ``args[1]``
    before: str
    after: str

    @property
    def text(self) -> str:
        where = f"{self.argument}: " if self.argument else ""
        return f"{where}{self.before} -> {self.after}"

    def to_dict(self) -> dict:
        return dict(asdict(self), text=self.text)


def _is_tensor_like(value: object) -> bool:
    """Tensors, variables and NumPy arrays: traced by shape and dtype, not by value."""
    module = type(value).__module__ or ""
    return (
        hasattr(value, "shape")
        and hasattr(value, "dtype")
        and module.split(".")[0] in ("tensorflow", "numpy", "keras", "tf_keras")
    )


def _shape(value: object) -> list | None:
    shape = value.shape  # type: ignore[attr-defined]
    try:
        dims = shape.as_list() if hasattr(shape, "as_list") else list(shape)
    except ValueError:  # a TensorShape of unknown rank
        return None
    return [d if d is None else int(d) for d in dims]


def _dtype(value: object) -> str:
    dtype = value.dtype  # type: ignore[attr-defined]
    return str(getattr(dtype, "name", dtype))


def describe(value: object, depth: int = 0) -> dict:
    """A JSON-able description of one argument, as TensorFlow's trace cache sees it."""
    kind = type(value)
    if isinstance(value, _PYTHON_SCALARS):
        shown = repr(value)
        if len(shown) > 80:
            shown = shown[:77] + "..."
        return {"kind": "python", "type": kind.__name__, "value": shown}
    if _is_tensor_like(value):
        return {
            "kind": "tensor",
            "type": kind.__name__,
            "shape": _shape(value),
            "dtype": _dtype(value),
        }
    if depth < 4 and isinstance(value, list | tuple):
        items = [describe(v, depth + 1) for v in list(value)[:MAX_ITEMS]]
        return {"kind": "sequence", "type": kind.__name__, "length": len(value), "items": items}
    if depth < 4 and isinstance(value, dict):
        keys = list(value)[:MAX_ITEMS]
        return {
            "kind": "mapping",
            "type": kind.__name__,
            "length": len(value),
            "items": {repr(k): describe(value[k], depth + 1) for k in keys},
        }
    tracing_type = getattr(value, "__tf_tracing_type__", None)
    if tracing_type is not None:  # ExtensionTypes, datasets, ...: TF's own trace type decides
        try:
            shown = repr(tracing_type(None))
        except Exception:  # needs a real tracing context: fall back to identity
            shown = None
        if shown is not None:
            return {"kind": "traced", "type": kind.__name__, "value": shown[:200]}
    return {"kind": "object", "type": kind.__name__, "id": hex(id(value))}


def short(description: dict) -> str:
    """One description in a few words: ``Python int 3``, ``float32 tensor of shape (2, 3)``."""
    kind = description.get("kind")
    if kind == "python":
        if description["type"] == "NoneType":
            return "None"
        return f"Python {description['type']} {description['value']}"
    if kind == "tensor":
        noun = {"ndarray": "NumPy array"}.get(description["type"], "tensor")
        if "Variable" in description["type"]:
            noun = "variable"
        return f"{description['dtype']} {noun} of shape {_shape_text(description['shape'])}"
    if kind in ("sequence", "mapping"):
        return f"{description['type']} of {description['length']}"
    if kind == "traced":
        return f"{description['type']} {description['value']}"
    if kind == "object":
        return f"{description['type']} object {description['id']}"
    return "?"


def _shape_text(shape: list | None) -> str:
    if shape is None:
        return "<unknown rank>"
    if len(shape) == 1:
        return f"({shape[0]},)"
    return "(" + ", ".join("None" if d is None else str(d) for d in shape) + ")"


def differences(before: dict, after: dict, path: str = "") -> list[Change]:
    """What changed, leaf by leaf, between two descriptions of one argument."""
    kind_before, kind_after = before.get("kind"), after.get("kind")
    if kind_before != kind_after:
        kind = PYTHON_VALUE if "python" in (kind_before, kind_after) else STRUCTURE
        if "object" in (kind_before, kind_after):
            kind = OBJECT_IDENTITY
        return [Change(kind, path, short(before), short(after))]
    if kind_before == "python":
        if before["type"] != after["type"]:
            return [Change(PYTHON_VALUE, path, short(before), short(after))]
        if before["value"] != after["value"]:
            return [Change(PYTHON_VALUE, path, short(before), after["value"])]
        return []
    if kind_before == "tensor":
        out = []
        if before["shape"] != after["shape"]:
            shapes = _shape_text(before["shape"]), _shape_text(after["shape"])
            out.append(Change(SHAPE, path, f"shape {shapes[0]}", shapes[1]))
        if before["dtype"] != after["dtype"]:
            out.append(Change(DTYPE, path, f"dtype {before['dtype']}", after["dtype"]))
        return out
    if kind_before in ("sequence", "mapping"):
        if before["type"] != after["type"] or before["length"] != after["length"]:
            return [Change(STRUCTURE, path, short(before), short(after))]
        if kind_before == "sequence":
            pairs = [
                (f"{path}[{i}]", b, a)
                for i, (b, a) in enumerate(zip(before["items"], after["items"], strict=False))
            ]
        else:
            if list(before["items"]) != list(after["items"]):
                keys_before = ", ".join(before["items"])
                keys_after = ", ".join(after["items"])
                return [Change(STRUCTURE, path, f"keys {keys_before}", f"keys {keys_after}")]
            pairs = [
                (f"{path}[{k}]", before["items"][k], after["items"][k]) for k in before["items"]
            ]
        return [change for p, b, a in pairs for change in differences(b, a, p)]
    if kind_before == "traced":
        if (before["type"], before["value"]) != (after["type"], after["value"]):
            return [Change(STRUCTURE, path, short(before), short(after))]
        return []
    if kind_before == "object":
        if before["type"] != after["type"]:
            return [Change(OBJECT_IDENTITY, path, short(before), short(after))]
        if before["id"] != after["id"]:
            return [
                Change(
                    OBJECT_IDENTITY,
                    path,
                    f"{before['type']} object {before['id']}",
                    f"a new {after['type']} object {after['id']}",
                )
            ]
    return []


def new_object(before: dict, after: dict, path: str = "") -> Change | None:
    """The first Python object that TF traces by identity in a description, as "a new one".

    For when TensorFlow saw a new object where the ids look alike: CPython reuses the address
    of an object freed after the previous call."""
    if after.get("kind") == "object" and before.get("kind") == "object":
        return Change(
            OBJECT_IDENTITY,
            path,
            f"{before['type']} object {before['id']}",
            f"a new {after['type']} object (the previous one was freed)",
        )
    if after.get("kind") == before.get("kind") and after.get("kind") in ("sequence", "mapping"):
        items_before, items_after = before["items"], after["items"]
        if after["kind"] == "sequence":
            pairs = [
                (f"{path}[{i}]", b, a)
                for i, (b, a) in enumerate(zip(items_before, items_after, strict=False))
            ]
        else:
            pairs = [
                (f"{path}[{k}]", items_before[k], items_after[k])
                for k in items_after
                if k in items_before
            ]
        for p, b, a in pairs:
            found = new_object(b, a, p)
            if found is not None:
                return found
    return None


def compare_arguments(before: dict[str, dict], after: dict[str, dict]) -> list[Change]:
    """Differences between two calls' arguments (name -> :func:`describe`)."""
    out: list[Change] = []
    for name in list(after) + [n for n in before if n not in after]:
        if name not in before:
            out.append(Change(STRUCTURE, name, "not passed", short(after[name])))
        elif name not in after:
            out.append(Change(STRUCTURE, name, short(before[name]), "not passed"))
        else:
            out += differences(before[name], after[name], name)
    return out
