"""What a function returned, as plain data, and whether two results are the same.

Standard library only (tensors and NumPy arrays are read through their own methods): ``tf2lint
trace`` loads this file by path into a user's interpreter (see :mod:`instrument`). A fix is
verified, and a function measured as a graph, by comparing results made this way: tensors by
dtype, shape and values (within a float tolerance: a graph may order a reduction differently),
nests by structure, Python scalars by value.
"""

from __future__ import annotations

import math

MAX_VALUES = 4096  # elements kept of one tensor; a larger one is kept as its sums
RELATIVE, ABSOLUTE = 1e-5, 1e-6


def _is_array(value: object) -> bool:
    module = type(value).__module__ or ""
    return (
        hasattr(value, "shape")
        and hasattr(value, "dtype")
        and module.split(".")[0] in ("tensorflow", "numpy", "keras", "tf_keras")
    )


def plain(value: object, depth: int = 0) -> object:
    """Tensors, arrays and nests of them as JSON-able data; other objects by their type only."""
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, bytes):
        return value.decode("utf-8", "replace")
    if _is_array(value):
        array = value.numpy() if hasattr(value, "numpy") else value
        shape = [int(d) for d in getattr(array, "shape", ())]
        dtype = str(getattr(array.dtype, "name", array.dtype))
        flat = array.reshape(-1) if hasattr(array, "reshape") else array
        out: dict = {"tensor": dtype, "shape": shape}
        size = int(getattr(flat, "size", 0))
        if dtype in ("string", "object", "bytes"):
            out["values"] = [plain(v, depth + 1) for v in list(flat)[:MAX_VALUES]]
        elif size <= MAX_VALUES:
            out["values"] = [_number(v) for v in flat.tolist()]
        else:
            out["sum"] = _number(flat.astype("float64").sum())
            out["abs_sum"] = _number(abs(flat.astype("float64")).sum())
        return out
    if depth < 8 and isinstance(value, list | tuple):
        return {"sequence": type(value).__name__, "items": [plain(v, depth + 1) for v in value]}
    if depth < 8 and isinstance(value, dict):
        return {"mapping": [[repr(k), plain(v, depth + 1)] for k, v in value.items()]}
    return {"object": type(value).__name__}


def _number(value) -> float | int | bool | str:
    if isinstance(value, bool | int):
        return value
    if isinstance(value, float):
        return value if math.isfinite(value) else repr(value)
    if isinstance(value, complex):
        return repr(value)
    try:
        return float(value)
    except (TypeError, ValueError):
        return repr(value)


def same(a: object, b: object) -> bool:
    """Whether two :func:`plain` results are the same (floats within a small tolerance)."""
    if isinstance(a, bool) or isinstance(b, bool):
        return a == b
    if isinstance(a, int | float) and isinstance(b, int | float):
        return math.isclose(a, b, rel_tol=RELATIVE, abs_tol=ABSOLUTE)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    return a == b


def comparable(value: object) -> bool:
    """Whether a :func:`plain` result says what was computed (no object known only by type)."""
    if isinstance(value, dict):
        if "object" in value:
            return False
        return all(comparable(v) for v in value.values())
    if isinstance(value, list):
        return all(comparable(v) for v in value)
    return True
