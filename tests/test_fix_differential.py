"""The tf1-api fixes, run: valid TF2 code comes out byte for byte unchanged and computes the same
under real TensorFlow, and TF1 code on tf.compat.v1 computes the same after every fix.

tests/data/differential/tf2_positional_calls.py calls, positionally and by TF2's signature,
every name of tf_upgrade_v2's tables whose TF1 signature differs (the list is enumerated here
from linter/data/tf1_migration.json and ``inspect.signature``, so a new TensorFlow that adds one
fails until the body calls it). tests/data/differential/tf1_compat_module.py is TF1 code whose
fixes rewrite nearly every line: argument order, keywords, renames, the compat.v1 import.
"""

from __future__ import annotations

import ast
import importlib.util
import inspect
import json
import shutil
import subprocess
import sys

import pytest

from conftest import ROOT, run_cli

DATA = ROOT / "tests" / "data" / "differential"
TF2_BODY = DATA / "tf2_positional_calls.py"
TF1_BODY = DATA / "tf1_compat_module.py"

# Found, not imported: collecting this module in a run without the tensorflow tests must not
# load TensorFlow (conftest fails such a run).
pytestmark = [
    pytest.mark.tensorflow,
    pytest.mark.skipif(importlib.util.find_spec("tensorflow") is None, reason="no TensorFlow"),
]


def _resolve(root, name: str):
    for part in name.split(".")[1:]:
        try:
            root = getattr(root, part)
        except Exception:
            return None
    return root


def _positional(fn) -> list[str] | None:
    try:
        params = inspect.signature(fn).parameters.values()
    except (TypeError, ValueError):
        return None
    kinds = (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)
    return [p.name for p in params if p.kind in kinds]


def names_whose_tf1_signature_differs() -> dict[str, int]:
    """Each TF2 name the tables list whose TF1 positional parameters differ, with how many
    positional arguments a call needs to reach the first difference."""
    data = json.loads((ROOT / "linter" / "data" / "tf1_migration.json").read_text())
    names = {
        *data["renames"],
        *data["reorders"],
        *data["keyword_renames"],
        *data["arg_warnings"],
        *data["warnings"],
        *data["transformers"],
    }
    import tensorflow as tf

    out = {}
    for name in sorted(n for n in names if n.startswith("tf.")):
        tf1, tf2 = _resolve(tf.compat.v1, name), _resolve(tf, name)
        if tf1 is None or tf2 is None or not callable(tf2):
            continue
        before, after = _positional(tf1), _positional(tf2)
        if before is None or after is None or before == after:
            continue
        first = next(
            (i for i, (a, b) in enumerate(zip(before, after, strict=False)) if a != b),
            min(len(before), len(after)),
        )
        out[name] = min(first + 1, len(after))
    return out


def test_the_body_calls_every_name_whose_tf1_signature_differs():
    needed = names_whose_tf1_signature_differs()
    assert len(needed) > 150  # TF 2.21: 164
    calls: dict[str, int] = {}
    referenced: set[str] = set()
    for node in ast.walk(ast.parse(TF2_BODY.read_text())):
        if isinstance(node, ast.Attribute):
            referenced.add(ast.unparse(node))
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            name = ast.unparse(node.func)
            positional = sum(1 for a in node.args if not isinstance(a, ast.Starred))
            calls[name] = max(calls.get(name, 0), positional)
    missing = {
        name: need
        for name, need in needed.items()
        if (calls.get(name, -1) < need if need else name not in referenced)
    }
    assert not missing, f"call these positionally in {TF2_BODY.name}: {missing}"


def _tensorboard() -> bool:
    return importlib.util.find_spec("tensorboard") is not None


def _run(*paths) -> list[dict]:
    out = subprocess.run(
        [sys.executable, str(DATA / "run_cases.py"), *map(str, paths)],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert out.returncode == 0, out.stderr[-3000:]
    results = json.loads(out.stdout)
    return [results[str(p)] for p in paths]


def test_fixes_keep_what_the_code_computes(project):
    for body in (TF2_BODY, TF1_BODY):
        shutil.copy(body, project / body.name)
    tf2, tf1 = project / TF2_BODY.name, project / TF1_BODY.name

    clean = run_cli("check", "--no-cache", "--select", "tf1-api", str(tf2), cwd=project)
    assert clean.returncode == 0, clean.stdout
    fix = run_cli(
        "check", "--no-cache", "--select", "tf1-api", "--fix", "--unsafe-fixes", ".", cwd=project
    )
    assert "did not settle" not in fix.stdout + fix.stderr
    assert tf2.read_bytes() == TF2_BODY.read_bytes()  # valid TF2 code: not one byte changed
    assert tf1.read_text() != TF1_BODY.read_text()
    assert "import tensorflow as tf\n" in tf1.read_text()  # the compat.v1 import moved on

    tf2_before, tf2_after, tf1_before, tf1_after = _run(TF2_BODY, tf2, TF1_BODY, tf1)
    # Every TF2 case is valid code that runs (tf.summary needs TensorBoard, not a dependency).
    failed = {k: v for k, v in tf2_before.items() if isinstance(v, str) and v.startswith("error")}
    if not _tensorboard():
        failed = {k: v for k, v in failed.items() if v != "error: TBNotInstalledError"}
    assert not failed
    assert not [k for k, v in tf1_before.items() if isinstance(v, str) and v.startswith("error")]
    assert tf2_after == tf2_before
    differs = {k: (v, tf1_after[k]) for k, v in tf1_before.items() if tf1_after[k] != v}
    assert not differs
    # the example of issue 12: TF1's where picks rows, TF2's would broadcast the condition
    assert tf1_after["where"]["value"] == "[[1.0, 1.0], [0.0, 0.0]]"
