"""Shape retraces, fixed: from the arguments each trace saw, the narrowest change that traces once.

A ``tf.function`` that retraced only because its tensors' shapes changed (every retrace's cause
a shape, as :mod:`causes` reads TensorFlow's trace cache) gets one of two proposals:

- ``input_signature=[tf.TensorSpec(...), ...]`` where every parameter was always given a
  tensor, or a list, tuple or dict of tensors of one structure, of one dtype per tensor: each
  dimension that varied between traces is ``None``, every other keeps its size (a rank that
  varied makes the shape ``None``). It traces once; it also refuses other callers (a Python
  value, another dtype or rank), so it is an unsafe fix.
- ``reduce_retracing=True`` otherwise (a Python value or object among the arguments, a
  ``tf.Variable``, a parameter not always passed): TensorFlow traces once more with the shapes
  generalised, then never again for them.

:func:`apply` writes proposals into the ``@tf.function`` decorator (or the ``tf.function(f)``
call that made the function) through tf2lint's one fix path (:func:`tf2lint.linting.fixes.fix_round`:
libcst edits, verified, every byte outside the edited node unchanged) and the journaled write
of ``check --fix``. Whether a fix did what it says is for a run to tell: ``tf2lint trace --fix``
runs the program again (see :mod:`trace`).

Pure Python: no TensorFlow.
"""

from __future__ import annotations

import ast
import os
from dataclasses import dataclass, field
from pathlib import Path

from tf2lint.runtime_check import causes

INPUT_SIGNATURE = "input_signature"
REDUCE_RETRACING = "reduce_retracing"
MAX_LINE = 100  # a decorator longer than this is written over several lines


class _NoSpec(Exception):
    """The traces' arguments admit no one input signature (the message says why)."""


@dataclass
class Proposal:
    """The change that makes one tf.function trace once, and why it is that one."""

    function: str  # its qualified name
    file: str
    line: int  # its first line (decorators included), as the trace report has it
    change: str  # INPUT_SIGNATURE or REDUCE_RETRACING
    specs: list | None  # per parameter, the spec as data (see _spec); None for reduce_retracing
    parameters: list[str]
    retraces: int
    why: str  # why this change and not the other
    created_at: list | None = None  # where tf.function was applied (the call form)
    status: str = "proposed"  # then: applied, not applied, verified, reverted
    reason: str = ""  # why not applied, or what the check found
    check: dict = field(default_factory=dict)  # traces before/after, results compared

    def keyword(self, tf: str = "tf") -> str:
        """The keyword argument to add, ``tf`` naming the tensorflow module."""
        if self.change == REDUCE_RETRACING:
            return "reduce_retracing=True"
        specs = ", ".join(_spec_text(s, tf) for s in self.specs or [])
        return f"input_signature=[{specs}]"

    def to_dict(self) -> dict:
        return {
            "function": self.function,
            "file": self.file,
            "line": self.line,
            "change": self.change,
            "keyword": self.keyword(),
            "parameters": self.parameters,
            "retraces": self.retraces,
            "why": self.why,
            "status": self.status,
            "reason": self.reason,
            "check": self.check,
        }


# --- proposing ------------------------------------------------------------------------------


def propose(function: dict) -> Proposal | None:
    """The proposal for one function of the trace report, or None where its retraces are not
    (only) shape changes, or it did not retrace."""
    events = [e for e in function["events"] if e["kind"] in ("first", "retrace")]
    retraces = [e for e in events if e["kind"] == "retrace"]
    if not retraces or not function.get("user", True):
        return None
    kinds = {c["kind"] for e in retraces for c in e["cause"]}
    if kinds != {causes.SHAPE}:
        return None
    traced = [e["arguments"] for e in events if e.get("arguments") is not None]
    if not traced:
        return None
    parameters = _parameters(function["file"], function["line"], function["name"])
    change, specs, why = REDUCE_RETRACING, None, ""
    try:
        if isinstance(parameters, str):
            raise _NoSpec(parameters)
        specs = _signature(parameters, traced)
        change = INPUT_SIGNATURE
        why = (
            "every argument was a tensor (or a fixed nest of them) of one dtype: the dimensions "
            "that varied become None"
        )
    except _NoSpec as reason:
        why = f"no input signature fits ({reason}): TensorFlow generalises the shapes instead"
    return Proposal(
        function["name"],
        function["file"],
        function["line"],
        change,
        specs,
        parameters if isinstance(parameters, list) else [],
        len(retraces),
        why,
        function.get("created_at"),
    )


def proposals(functions: list[dict]) -> list[Proposal]:
    """A proposal per retraced function of the user's whose every retrace is a shape change."""
    return [p for p in map(propose, functions) if p is not None]


def _signature(parameters: list[str], traced: list[dict]) -> list:
    for arguments in traced:
        if sorted(arguments) != sorted(parameters):
            missing = set(parameters) ^ set(arguments)
            raise _NoSpec(f"{', '.join(sorted(missing))} not passed on every call")
    specs = []
    for name in parameters:
        merged = _spec(traced[0][name], name)
        for arguments in traced[1:]:
            merged = _merge(merged, _spec(arguments[name], name), name)
        specs.append(merged)
    return specs


def _spec(description: dict, where: str) -> dict:
    """A description of one argument (``causes.describe``) as a spec: a tensor's dtype and
    shape, or a list, tuple or dict of specs."""
    kind = description.get("kind")
    if kind == "tensor":
        if "Variable" in description["type"]:
            raise _NoSpec(f"{where} is a tf.Variable (a signature would pass its value)")
        return {"tensor": description["dtype"], "shape": description["shape"]}
    if kind == "sequence":
        if description["length"] != len(description["items"]):
            raise _NoSpec(f"{where} holds too many items to write out")
        items = [_spec(item, f"{where}[{i}]") for i, item in enumerate(description["items"])]
        return {"sequence": description["type"], "items": items}
    if kind == "mapping":
        if description["length"] != len(description["items"]) or not all(
            key[:1] in "'\"" for key in description["items"]
        ):
            raise _NoSpec(f"{where} is a dict with other keys than strings")
        return {
            "mapping": {
                key: _spec(value, f"{where}[{key}]") for key, value in description["items"].items()
            }
        }
    shown = causes.short(description)
    raise _NoSpec(f"{where} is {shown}, not a tensor")


def _merge(a: dict, b: dict, where: str) -> dict:
    if "tensor" in a and "tensor" in b:
        if a["tensor"] != b["tensor"]:
            raise _NoSpec(f"{where} changed dtype ({a['tensor']} -> {b['tensor']})")
        sa, sb = a["shape"], b["shape"]
        if sa is None or sb is None or len(sa) != len(sb):
            return {"tensor": a["tensor"], "shape": None}
        return {
            "tensor": a["tensor"],
            "shape": [x if x == y else None for x, y in zip(sa, sb, strict=True)],
        }
    if "sequence" in a and "sequence" in b:
        if a["sequence"] != b["sequence"] or len(a["items"]) != len(b["items"]):
            raise _NoSpec(f"{where} changed structure")
        items = [
            _merge(x, y, f"{where}[{i}]")
            for i, (x, y) in enumerate(zip(a["items"], b["items"], strict=True))
        ]
        return {"sequence": a["sequence"], "items": items}
    if "mapping" in a and "mapping" in b:
        if list(a["mapping"]) != list(b["mapping"]):
            raise _NoSpec(f"{where} changed keys")
        return {
            "mapping": {
                k: _merge(a["mapping"][k], b["mapping"][k], f"{where}[{k}]") for k in a["mapping"]
            }
        }
    raise _NoSpec(f"{where} changed structure")


def _spec_text(spec: dict, tf: str) -> str:
    if "tensor" in spec:
        shape = "None" if spec["shape"] is None else repr(list(spec["shape"]))
        return f"{tf}.TensorSpec(shape={shape}, dtype={tf}.{spec['tensor']})"
    if "sequence" in spec:
        items = [_spec_text(s, tf) for s in spec["items"]]
        if spec["sequence"] == "tuple":
            return "(" + ", ".join(items) + ("," if len(items) == 1 else "") + ")"
        return "[" + ", ".join(items) + "]"
    return "{" + ", ".join(f"{k}: {_spec_text(v, tf)}" for k, v in spec["mapping"].items()) + "}"


def _parameters(path: str, line: int, qualname: str) -> list[str] | str:
    """The parameters an input signature covers (``self`` of a method left out), or why the
    function's parameters admit none."""
    definition = _definition(path, line, qualname)
    if definition is None:
        return "its definition was not found"
    node, is_method = definition
    args = node.args
    if args.vararg or args.kwarg or args.kwonlyargs:
        return "it takes *args, **kwargs or keyword-only parameters"
    names = [a.arg for a in args.posonlyargs + args.args]
    if is_method:
        names = names[1:]
    return names


def _definition(path: str, line: int, qualname: str) -> tuple[ast.FunctionDef, bool] | None:
    try:
        tree = ast.parse(Path(path).read_text(encoding="utf-8"))
    except (OSError, SyntaxError, UnicodeDecodeError, ValueError):
        return None
    name = qualname.rsplit(".", 1)[-1]
    found: list[tuple[ast.FunctionDef, bool]] = []

    def visit(node: ast.AST, in_class: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef):
                first = min([child.lineno] + [d.lineno for d in child.decorator_list])
                static = any(
                    isinstance(d, ast.Name) and d.id == "staticmethod" for d in child.decorator_list
                )
                if child.name == name and line in (first, child.lineno):
                    found.append((child, in_class and not static))
                visit(child, False)
            elif isinstance(child, ast.ClassDef):
                visit(child, True)
            else:
                visit(child, in_class)

    visit(tree, False)
    return found[0] if found else None


# --- writing --------------------------------------------------------------------------------


@dataclass
class Written:
    """What :func:`apply` did to one file."""

    path: str
    original: bytes
    applied: list[Proposal]
    refused: list[Proposal]


def apply(proposals_: list[Proposal], root: Path) -> list[Written]:
    """Write each proposal into its decorator, file by file, through the one fix path.

    A proposal that cannot be written is marked ``not applied`` with the reason (no
    ``@tf.function`` or ``tf.function(f)`` at that function, a keyword already there, no
    ``import tensorflow`` to name ``TensorSpec`` with, a file that changed or is read-only)."""
    by_file: dict[str, list[Proposal]] = {}
    for proposal in proposals_:
        by_file.setdefault(os.path.realpath(proposal.file), []).append(proposal)
    return [_apply_file(Path(path), found, root) for path, found in sorted(by_file.items())]


def restore(written: Written, keep: list[Proposal], root: Path) -> None:
    """Put the file back as it was, then write again only the proposals in ``keep`` (a fix
    the run refuted is taken out, the others stay)."""
    from tf2lint.run.files import WriteError
    from tf2lint.run.writes import write_fixed

    path = Path(written.path)
    try:
        write_fixed(path, path.read_bytes(), written.original, [root])
    except (OSError, WriteError) as error:
        for proposal in written.applied:
            proposal.reason += f"; could not be undone: {error}"
        return
    if keep:
        again = _apply_file(path, keep, root)
        written.applied = again.applied


def _apply_file(path: Path, found: list[Proposal], root: Path) -> Written:
    from tf2lint.linting.fixes import fix_round
    from tf2lint.run.files import FixNotWritable, WriteError
    from tf2lint.run.sources import open_source
    from tf2lint.run.writes import write_fixed

    try:
        data = path.read_bytes()
        source = open_source(path, data)
    except Exception as error:  # unreadable: nothing written
        return _refuse(path, b"", found, f"cannot be read: {error}")
    try:
        diagnostics, refused = _edits(source.text, str(path), found)
    except Exception as error:  # libcst cannot read it: nothing written
        return _refuse(path, data, found, f"cannot be parsed: {type(error).__name__}: {error}")
    applied: list[Proposal] = []
    if diagnostics:
        module = diagnostics[0][2]
        code, done, rejected = fix_round(
            module, [d for _, d, _ in diagnostics], unsafe=True, source=source.text
        )
        done_ids = {id(d) for d in done}
        for proposal, diagnostic, _ in diagnostics:
            if id(diagnostic) in done_ids:
                applied.append(proposal)
            else:
                why = next((r for d, r in rejected if d is diagnostic), "the fix was not applied")
                proposal.status, proposal.reason = "not applied", f"the fix {why}"
                refused.append(proposal)
        if code is not None and applied:
            try:
                _, new_data = source.render(code)
                write_fixed(path, data, new_data, [root])
            except (FixNotWritable, WriteError) as error:
                for proposal in applied:
                    proposal.status, proposal.reason = "not applied", f"not written: {error}"
                refused += applied
                applied = []
    for proposal in applied:
        proposal.status, proposal.reason = "applied", ""
    return Written(str(path), data, applied, refused)


def _refuse(path: Path, data: bytes, found: list[Proposal], why: str) -> Written:
    for proposal in found:
        proposal.status, proposal.reason = "not applied", why
    return Written(str(path), data, [], list(found))


def _edits(text: str, path: str, found: list[Proposal]):
    """Per proposal that can be written: (proposal, a Diagnostic carrying the edit, module)."""
    import libcst as cst
    from libcst.metadata import MetadataWrapper, PositionProvider

    from tf2lint.analysis.model import ModuleModel
    from tf2lint.analysis.tfnames import TF_FUNCTION_NAMES
    from tf2lint.base.parsing import parse_module
    from tf2lint.linting.rule import Diagnostic, Fix

    module = parse_module(text)
    wrapper = MetadataWrapper(module, unsafe_skip_copy=True)
    positions = wrapper.resolve(PositionProvider)
    model = ModuleModel(module)
    tf = _tensorflow_alias(module, model)
    out, refused = [], []

    def is_tf_function(expr: cst.BaseExpression) -> bool:
        target = expr.func if isinstance(expr, cst.Call) else expr
        return model.qualified_name(target) in TF_FUNCTION_NAMES

    for proposal in found:
        target = _decorator_of(module, positions, proposal, is_tf_function)
        if target is None and proposal.created_at:
            target = _call_at(module, positions, proposal, is_tf_function)
        if target is None:
            proposal.status = "not applied"
            proposal.reason = "no @tf.function decorator or tf.function(f) call found for it"
            refused.append(proposal)
            continue
        if proposal.change == INPUT_SIGNATURE and tf is None:
            proposal.status = "not applied"
            proposal.reason = "the module has no `import tensorflow` to name tf.TensorSpec with"
            refused.append(proposal)
            continue
        keywords = _keywords(target)
        if proposal.change == INPUT_SIGNATURE:
            clash = {INPUT_SIGNATURE} & keywords
        else:
            clash = {INPUT_SIGNATURE, REDUCE_RETRACING, "experimental_relax_shapes"} & keywords
        if clash:
            proposal.status = "not applied"
            proposal.reason = f"the call already passes {', '.join(sorted(clash))}"
            refused.append(proposal)
            continue
        column = positions[target].start.column
        line = positions[target].start.line
        new = _with_keyword(module, target, proposal.keyword(tf or "tf"), column)
        diagnostic = Diagnostic(
            path, line, column + 1, line, column + 1, "TFR101", "shape-retrace", "retracing",
            "warning", f"`{proposal.function}` retraced on shapes",
            Fix("unsafe", f"add `{proposal.keyword(tf or 'tf')}`", ((target, new),)),
        )  # fmt: skip
        out.append((proposal, diagnostic, module))
    return out, refused


def _tensorflow_alias(module, model) -> str | None:
    """The module-level name that holds ``tensorflow`` (``tf`` of ``import tensorflow as tf``)."""
    import libcst as cst

    for statement in module.body:
        if not isinstance(statement, cst.SimpleStatementLine):
            continue
        for small in statement.body:
            if isinstance(small, cst.Import):
                for alias in small.names:
                    if model.qualified_name(alias.name) == "tensorflow" or (
                        isinstance(alias.name, cst.Name) and alias.name.value == "tensorflow"
                    ):
                        if alias.asname is None:
                            return "tensorflow"
                        if isinstance(alias.asname.name, cst.Name):
                            return alias.asname.name.value
    return None


def _decorator_of(module, positions, proposal: Proposal, is_tf_function):
    """The ``@tf.function`` expression of the def the proposal names."""
    import libcst as cst

    name = proposal.function.rsplit(".", 1)[-1]
    for node in _walk(module):
        if not isinstance(node, cst.FunctionDef) or node.name.value != name:
            continue
        lines = {positions[node].start.line, positions[node.name].start.line}
        lines |= {positions[d].start.line for d in node.decorators}
        if proposal.line not in lines:
            continue
        for decorator in node.decorators:
            if is_tf_function(decorator.decorator):
                return decorator.decorator
    return None


def _call_at(module, positions, proposal: Proposal, is_tf_function):
    """The ``tf.function(f)`` call where the trace report says the function was made."""
    import libcst as cst

    line = proposal.created_at[1]
    for node in _walk(module):
        if (
            isinstance(node, cst.Call)
            and is_tf_function(node)
            and positions[node].start.line <= line <= positions[node].end.line
            and node.args
        ):
            return node
    return None


def _walk(module):
    stack = [module]
    while stack:
        node = stack.pop()
        yield node
        stack.extend(reversed(node.children))


def _keywords(target) -> set[str]:
    import libcst as cst

    if not isinstance(target, cst.Call):
        return set()
    return {a.keyword.value for a in target.args if a.keyword is not None}


def _with_keyword(module, target, keyword: str, column: int):
    """``target`` (``tf.function`` or a call of it) called with ``keyword`` added; over
    several lines where one would be too long (libcst indents them with their block)."""
    import libcst as cst

    head = module.code_for_node(target.func if isinstance(target, cst.Call) else target)
    if isinstance(target, cst.Call) and target.args:
        args = [module.code_for_node(a).rstrip().rstrip(",") for a in target.args]
        return cst.parse_expression(f"{head}({', '.join(args)}, {keyword})")
    one_line = f"{head}({keyword})"
    if column + len(one_line) + 1 <= MAX_LINE:
        return cst.parse_expression(one_line)
    return cst.parse_expression(_multiline(head, keyword))


def _multiline(head: str, keyword: str) -> str:
    """``head(keyword)`` over several lines: one spec per line."""
    name, _, value = keyword.partition("=")
    if value.startswith("[") and value.endswith("]"):
        items = _split_top(value[1:-1])
        body = "".join(f"        {item},\n" for item in items)
        return f"{head}(\n    {name}=[\n{body}    ]\n)"
    return f"{head}(\n    {keyword}\n)"


def _split_top(text: str) -> list[str]:
    """Comma-separated items at the top level of ``text`` (brackets and quotes respected)."""
    items, depth, quote, start = [], 0, "", 0
    for i, char in enumerate(text):
        if quote:
            quote = "" if char == quote else quote
        elif char in "'\"":
            quote = char
        elif char in "([{":
            depth += 1
        elif char in ")]}":
            depth -= 1
        elif char == "," and depth == 0:
            items.append(text[start:i].strip())
            start = i + 1
    tail = text[start:].strip()
    if tail:
        items.append(tail)
    return items
