"""Where a graph would pay: which of the user's functions may be timed as ``tf.function``s.

Before the program runs, from tf2lint's own analysis: a candidate is a function of the user's
files, at module level or a method of a module-level class, that tf.function does not trace,
that calls TensorFlow or Keras, and that is neither a generator nor async nor wrapped by a
decorator (``staticmethod`` and ``classmethod`` aside). Then each file with candidates is linted
again with each candidate decorated ``@tf.function``: a finding that decoration brings (a Python
side effect, a ``.numpy()``, a variable made per call, a Python number that would retrace, ...)
in a candidate's body, or on a line that calls it, rules the candidate out, with the finding as
the reason. What runs is timed by :mod:`eager`; this module also turns the run's figures into
the report's entries. No TensorFlow here.
"""

from __future__ import annotations

import ast
import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

TF_ROOTS = ("tensorflow.", "keras.", "tf_keras.")
ALLOWED_DECORATORS = ("staticmethod", "classmethod")
WORTH = 1.5  # a measured speed-up at least this large is reported as a graph that pays


@dataclass
class Candidate:
    file: str
    line: int  # the def's first line (decorators included)
    end_line: int
    name: str  # qualified: ``Class.method``
    excluded: str | None = None  # the finding that rules it out, linted as a tf.function

    def to_dict(self) -> dict:
        return dict(self.__dict__)


@dataclass
class GraphEntry:
    """A candidate the run called eagerly, with what was measured of it."""

    file: str
    line: int
    name: str
    calls: int
    eager_call_seconds: float | None
    eager_seconds: float
    measured: dict | None = None  # see eager.EagerProbe._measure
    findings: list[str] = field(default_factory=list)

    @property
    def speedup(self) -> float | None:
        if not self.measured or self.measured.get("status") != "measured":
            return None
        return self.measured.get("speedup")

    @property
    def pays(self) -> bool:
        """Measured as a graph, with the same results, at least WORTH times faster."""
        return self.speedup is not None and self.speedup >= WORTH

    def to_dict(self) -> dict:
        return dict(self.__dict__, speedup=self.speedup, pays=self.pays)


def candidates(files: list[Path], rules: list) -> list[Candidate]:
    """Every candidate in ``files``, each with ``excluded`` set where linting it as a
    tf.function finds a pitfall."""
    out: list[Candidate] = []
    for path in files:
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            continue
        if "tensorflow" not in text and "keras" not in text:
            continue
        try:
            found, alias = _static(text)
        except Exception:  # a file libcst or the model cannot read: no candidates in it
            continue
        if not found:
            continue
        found = [Candidate(str(path), *c) for c in found]
        if alias is None:
            for candidate in found:
                candidate.excluded = "no `import tensorflow` in its module to decorate it with"
        else:
            _rule_out(text, str(path), found, alias, rules)
        out += found
    return out


def _static(text: str) -> tuple[list[tuple[int, int, str]], str | None]:
    """(first line, last line, qualified name) of each candidate, and the module's name for
    ``tensorflow``."""
    import libcst as cst
    from libcst.metadata import MetadataWrapper, PositionProvider

    from tf2lint.analysis.model import ModuleModel
    from tf2lint.base.parsing import parse_module
    from tf2lint.runtime_check.signatures import _tensorflow_alias

    module = parse_module(text)
    wrapper = MetadataWrapper(module, unsafe_skip_copy=True)
    positions = wrapper.resolve(PositionProvider)
    model = ModuleModel(module)
    calls_tensorflow = _calling_tensorflow(model)
    found = []
    for fn in model.functions:
        node = fn.node
        if fn.kind != "function" or not isinstance(node, cst.FunctionDef):
            continue
        if fn.outer is not None or fn.traced or fn.is_generator or node.asynchronous:
            continue
        if fn.eager_by or fn.runs_once or fn.one_time:
            continue
        if fn.cls is not None and (fn.cls.parent is None or fn.cls.parent.kind != "module"):
            continue
        if fn.name.startswith("__") and fn.name != "__call__":
            continue  # constructors and protocol methods: not what a graph replaces
        if any(_decorator_name(d) not in ALLOWED_DECORATORS for d in node.decorators):
            continue
        if fn not in calls_tensorflow:
            continue
        first = min(
            [positions[node].start.line] + [positions[d].start.line for d in node.decorators]
        )
        found.append((first, positions[node].end.line, fn.qualname))
    return found, _tensorflow_alias(module, model)


def _calling_tensorflow(model) -> set:
    """The module's functions that call TensorFlow or Keras, themselves or through another
    function of the module."""
    found = {
        fn
        for fn in model.functions
        if any((model.call_name(c) or "").startswith(TF_ROOTS) for c in fn.calls)
    }
    changed = True
    while changed:
        changed = False
        for fn in model.functions:
            if fn in found:
                continue
            if any(model.callee(c, fn) in found for c in fn.calls):
                found.add(fn)
                changed = True
    return found


def _decorator_name(decorator) -> str:
    import libcst as cst

    expr = decorator.decorator
    return expr.value if isinstance(expr, cst.Name) else ""


def _rule_out(text: str, path: str, found: list[Candidate], alias: str, rules: list) -> None:
    """Lint the file with every candidate decorated ``@<alias>.function``; findings the
    decoration brings rule out the candidates they are in, or that the line they are on calls."""
    from tf2lint.linting.engine import lint_module

    lines = text.splitlines(keepends=True)
    inserted: list[int] = []  # the new line number of each inserted decorator
    decorated: list[str] = []
    ordered = sorted(found, key=lambda c: c.line)
    cursor = 0
    for candidate in ordered:
        first = candidate.line - 1
        decorated += lines[cursor:first]
        indent = re.match(r"[ \t]*", lines[first]).group(0)
        decorated.append(f"{indent}@{alias}.function\n")
        inserted.append(len(decorated))
        cursor = first
    decorated += lines[cursor:]

    def original_line(new: int) -> int:
        if new in inserted:  # a finding on an added decorator: the def under it
            new += 1
        return new - sum(1 for at in inserted if at < new)

    def keys(diagnostics, mapped: bool) -> Counter:
        out: Counter = Counter()
        for d in diagnostics:
            if d.rule[:2] == "TF" and d.rule[2:].isdigit():
                line = original_line(d.line) if mapped else d.line
                out[(d.rule, line, d.column, d.message)] += 1
        return out

    before = keys(lint_module(text, path, rules).diagnostics, mapped=False)
    after = keys(lint_module("".join(decorated), path, rules).diagnostics, mapped=True)
    source_lines = text.splitlines()
    for (rule, line, _column, message), count in (after - before).items():
        if count <= 0:
            continue
        reason = f"linted as a tf.function, {rule} at line {line}: {message}"
        inside = [c for c in found if c.line <= line <= c.end_line]
        if not inside and 0 < line <= len(source_lines):
            called = _called_names(source_lines[line - 1])
            inside = [c for c in found if c.name.rsplit(".", 1)[-1] in called]
        for candidate in inside:
            if candidate.excluded is None:
                candidate.excluded = reason


def _called_names(line: str) -> set[str]:
    try:
        tree = ast.parse(line.strip())
    except SyntaxError:
        return set(re.findall(r"(\w+)\s*\(", line))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            func = node.func
            if isinstance(func, ast.Name):
                names.add(func.id)
            elif isinstance(func, ast.Attribute):
                names.add(func.attr)
    return names


def entries(eager: list[dict] | None) -> list[GraphEntry]:
    """The run's hot eager candidates (see eager.Stats.to_dict), most eager time first."""
    from tf2lint.runtime_check.eager import MIN_CALLS

    out = [
        GraphEntry(
            e["file"],
            e["line"],
            e["name"],
            e["calls"],
            e["eager_call_seconds"],
            e["eager_seconds"],
            e.get("measured"),
        )
        for e in eager or []
        if e["calls"] >= MIN_CALLS
    ]
    return sorted(out, key=lambda e: -e.eager_seconds)
