"""Applying fixes: non-overlapping edits per round, each round verified before it is kept.

A round's result is kept only if it parses and means what the fixes said and nothing else. libcst
does not add parentheses: replacing ``a`` in ``a * b`` by ``x + y`` prints ``x + y * b``. So each
round is checked against Python's own ``ast``:

* every edit is widened to a *unit*, the nearest node that is a whole expression or statement
  (an ``Arg`` widens to its ``Call``, an attribute's name to the ``Attribute``, and so on);
* the module is printed once with each unit replaced by an atomic placeholder (a name, or a name
  statement), and once with the fixes applied;
* the fixed module's ``ast`` must equal the placeholder module's ``ast`` with each placeholder
  substituted by the ``ast`` of its unit's replacement parsed on its own.

Everything outside the edits is therefore unchanged, and each replacement is one whole subtree.
A failing set of fixes is bisected; a single failing expression fix is retried once wrapped in
parentheses; one that still fails is rejected with the reason, and the others are applied.
"""

from __future__ import annotations

import ast
import difflib
import itertools
import re
from dataclasses import dataclass

import libcst as cst

from tf2lint.analysis.walk import walk
from tf2lint.base.lines import split_lines_keepends
from tf2lint.linting.rule import Diagnostic, Fix

Replacement = cst.CSTNode | cst.RemovalSentinel | cst.FlattenSentinel

NOT_PARSING = "would leave code that does not parse"
MEANING_CHANGED = "would change the meaning of code outside the nodes it replaces"
TOO_DEEP = "could not be verified: the code is nested too deeply"
UNVERIFIABLE = "could not be verified"
NOT_IN_MODULE = "edits a node that is not part of the module"
MISREAD = (
    "cannot be proven local: libcst reads this file differently from Python (a line holding "
    "only `\\`, or a form feed it places elsewhere)"
)
NOT_LOCAL = "would change bytes outside the code it replaces"


class _Replace(cst.CSTTransformer):
    """Replace nodes by identity, descending only into subtrees that hold an edit."""

    def __init__(self, replacements: dict[int, Replacement], on_path: set[int] | None) -> None:
        super().__init__()
        self.replacements = replacements
        self.on_path = on_path

    def on_visit(self, node: cst.CSTNode) -> bool:
        return self.on_path is None or id(node) in self.on_path

    def on_leave(self, original_node, updated_node):
        return self.replacements.get(id(original_node), updated_node)


class _Index:
    """Parents and source order of the module's nodes, from one walk."""

    def __init__(self, module: cst.Module) -> None:
        self.module = module
        self.parent: dict[int, cst.CSTNode] = {}
        self.order: dict[int, int] = {}
        path: list[cst.CSTNode] = []
        counter = itertools.count()

        def enter(node: cst.CSTNode) -> None:
            key = id(node)
            self.order[key] = next(counter)
            if path:
                self.parent[key] = path[-1]
            path.append(node)

        def leave(node: cst.CSTNode) -> None:
            path.pop()

        walk(module, enter, leave)
        self._complete = False

    def contains(self, node: cst.CSTNode) -> bool:
        if id(node) not in self.order and not self._complete:
            self._add_all_children()  # a node in a field the fast walk skips (rare)
        return id(node) in self.order

    def _add_all_children(self) -> None:
        self._complete = True
        stack: list[cst.CSTNode] = [self.module]
        while stack:
            node = stack.pop()
            for child in node.children:
                key = id(child)
                if key not in self.order:
                    self.order[key] = self.order[id(node)]
                    self.parent[key] = node
                stack.append(child)

    def ancestors(self, node: cst.CSTNode) -> list[cst.CSTNode]:
        """``node`` and its ancestors, innermost first."""
        out = [node]
        while id(out[-1]) in self.parent:
            out.append(self.parent[id(out[-1])])
        return out


@dataclass
class _Candidate:
    diagnostic: Diagnostic
    edits: tuple[tuple[cst.CSTNode, Replacement], ...]


def fixable(diagnostics: list[Diagnostic], unsafe: bool) -> list[Diagnostic]:
    """The diagnostics whose fix this run may apply: safe ones, and unsafe ones if allowed."""
    return [
        d
        for d in diagnostics
        if d.fix is not None
        and d.fix.edits
        and (d.fix.applicability == "safe" or (unsafe and d.fix.applicability == "unsafe"))
    ]


def choose_fixes(module: cst.Module, fixes: list[Fix], index: _Index | None = None) -> list[Fix]:
    """The fixes whose edits do not overlap: outermost first, then in source order; among fixes
    of the same node, the first reported. Deterministic for a given module and rule order."""
    index = index or _Index(module)
    present = [f for f in fixes if all(index.contains(old) for old, _ in f.edits)]
    ranked = sorted(
        range(len(present)), key=lambda i: (min(index.order[id(o)] for o, _ in present[i].edits), i)
    )
    taken: set[int] = set()  # edited nodes of the chosen fixes
    covered: set[int] = set()  # ... and all their ancestors
    chosen: list[int] = []
    for i in ranked:
        chains = [index.ancestors(old) for old, _ in present[i].edits]
        if any(id(old) in covered for old, _ in present[i].edits) or any(
            id(a) in taken for chain in chains for a in chain
        ):
            continue
        chosen.append(i)
        for chain in chains:
            taken.add(id(chain[0]))
            covered.update(id(a) for a in chain)
    return [present[i] for i in sorted(chosen)]


def apply(module: cst.Module, fixes: list[Fix]) -> str:
    """The module's code with ``fixes`` applied (unverified)."""
    edits = [e for f in fixes for e in f.edits]
    return _apply_edits(module, _Index(module), edits).code


def _apply_edits(module: cst.Module, index: _Index, edits) -> cst.Module:
    on_path = {id(a) for old, _ in edits for a in index.ancestors(old)}
    return module.visit(_Replace({id(old): new for old, new in edits}, on_path))


# --- verification -------------------------------------------------------------------------------


def _level(node: cst.CSTNode, new: Replacement) -> str | None:
    """How a replaced node can be checked on its own: as an expression, a statement, or not."""
    if isinstance(node, cst.Module):
        return "module"
    if isinstance(node, cst.BaseExpression) and isinstance(new, cst.BaseExpression):
        return "expr"
    if isinstance(node, cst.BaseSmallStatement) and _all(new, cst.BaseSmallStatement):
        return "small"
    if isinstance(node, cst.BaseStatement) and _all(new, cst.BaseStatement):
        return "stmt"
    return None


def _all(new: Replacement, kind: type) -> bool:
    if isinstance(new, cst.RemovalSentinel):
        return True
    if isinstance(new, cst.FlattenSentinel):
        return all(isinstance(n, kind) for n in new.nodes)
    return isinstance(new, kind)


def _statements(new: Replacement) -> list[cst.CSTNode]:
    if isinstance(new, cst.RemovalSentinel):
        return []
    if isinstance(new, cst.FlattenSentinel):
        return list(new.nodes)
    return [new]


def _isolated_ast(level: str, new: Replacement):
    """The ast of a unit's replacement parsed on its own (an expression, or a statement list)."""
    if level == "expr":
        code = cst.Module([]).code_for_node(new)
        return ast.parse(f"(\n{code}\n)", mode="eval").body
    if level == "small":
        nodes = _statements(new)
        if not nodes:
            return []
        return ast.parse(cst.Module([cst.SimpleStatementLine(nodes)]).code).body
    return ast.parse(cst.Module(_statements(new)).code).body


def _hole(level: str, name: str) -> cst.CSTNode:
    if level == "expr":
        return cst.Name(name)
    if level == "small":
        return cst.Expr(cst.Name(name))
    return cst.SimpleStatementLine([cst.Expr(cst.Name(name))])


class _Unverifiable(Exception):
    pass


def verify(
    module: cst.Module, index: _Index, edits, source: str | None = None
) -> tuple[str | None, str | None]:
    """Apply ``edits`` and check the result. Returns (code, None) or (None, reason)."""
    try:
        return _verify(module, index, list(edits), module.code if source is None else source)
    except (RecursionError, MemoryError):
        return None, TOO_DEEP
    except _Unverifiable:
        return None, UNVERIFIABLE


def _verify(module: cst.Module, index: _Index, edits, source: str) -> tuple[str | None, str | None]:
    replacements = {id(old): new for old, new in edits}
    try:
        code = _apply_edits(module, index, edits).code
    except (RecursionError, MemoryError):
        raise
    except Exception as error:  # libcst refuses the edited tree (a validation or type error)
        return None, f"cannot be applied ({type(error).__name__}: {error})"
    try:
        fixed_tree = ast.parse(code)
    except (SyntaxError, ValueError):
        return None, NOT_PARSING
    # Units: the edited nodes, widened until each can be checked on its own.
    units: dict[int, tuple[cst.CSTNode, Replacement]] = {}
    for old, new in edits:
        units[id(old)] = (old, new)
    nonce = 0
    while f"__tf2lint_hole{nonce}_" in code:  # the code outside the edits is in ``code`` too
        nonce += 1
    prefix = f"__tf2lint_hole{nonce}_"
    for _ in range(200):  # each pass widens at least one unit; the module is the widest
        units = _outermost(index, units)
        levels: dict[int, str | None] = {}
        for key, (node, new) in units.items():
            if node is not module and new is None:  # widened: the unit's own edited version
                new = node.visit(_Replace(replacements, None))
                units[key] = (node, new)
            levels[key] = _level(node, new)
        if "module" in levels.values():
            return code, None  # the whole module was replaced: parsing is all there is to check
        widen = {k for k, level in levels.items() if level is None}
        expected: dict[str, tuple[str, object]] = {}
        holes: dict[int, cst.CSTNode] = {}
        for n, (key, (_node, new)) in enumerate(units.items()):
            if key in widen:
                continue
            name = f"{prefix}{n}__"
            try:
                expected[name] = (levels[key], _isolated_ast(levels[key], new))
            except (SyntaxError, ValueError):
                widen.add(key)
                continue
            holes[key] = _hole(levels[key], name)
        if not widen:
            on_path = {id(a) for node, _ in units.values() for a in index.ancestors(node)}
            holed = module.visit(_Replace(holes, on_path)).code
            try:
                holed_tree = ast.parse(holed)
            except (SyntaxError, ValueError):
                widen = set(holes)
            else:
                widen = _misplaced_holes(holed_tree, holed, expected, units, prefix)
            if not widen:
                if not _same(holed_tree, fixed_tree, expected, prefix):
                    return None, MEANING_CHANGED
                if not _local(source, holed, code, prefix):
                    return None, NOT_LOCAL
                return code, None
        for key in widen:
            node = units.pop(key)[0]
            parent = index.parent.get(id(node))
            if parent is None:
                return code, None  # nothing wider to compare: the module parses
            units.setdefault(id(parent), (parent, None))
    raise _Unverifiable


def _local(original: str, holed: str, fixed: str, prefix: str) -> bool:
    """Whether the text around the placeholders of ``holed`` is, in order, all the text of
    ``original`` and of ``fixed`` outside their replaced units: nothing outside a fix moved.

    With :func:`_same`, this ties the fixed code to Python's reading of the original (``holed``
    is the original's bytes with each unit replaced by a placeholder), not to libcst's.
    """
    gaps = re.split(re.escape(prefix) + r"\d+__", holed)

    def around(text: str) -> bool:
        first, last = gaps[0], gaps[-1]
        if len(first) + len(last) > len(text) or not text.startswith(first):
            return False
        if not text.endswith(last):
            return False
        position, end = len(first), len(text) - len(last)
        for gap in gaps[1:-1]:
            found = text.find(gap, position, end)
            if found < 0:
                return False
            position = found + len(gap)
        return True

    return around(original) and around(fixed)


def reads_as_python(module: cst.Module, source: str) -> bool:
    """Whether libcst's tree of ``source``, printed as it is and afresh, is the code Python
    reads: a tree libcst built wrongly (a line holding only ``\\``) prints differently, and
    every fix of an enclosing node prints it afresh."""
    try:
        if module.code != source:  # a form feed dropped: no printed fix keeps the bytes
            return False
        rebuilt = module.deep_clone().code
        return rebuilt == source or ast.dump(ast.parse(rebuilt)) == ast.dump(ast.parse(source))
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return False


def _dropped_form_feeds(source: str, printed: str) -> list[int]:
    """The lines (0-based, of ``printed``) whose leading form feeds libcst dropped: it drops
    those before a statement, which Python reads as whitespace. Empty if ``printed`` is
    ``source``, or differs from it otherwise."""
    if source == printed or source.replace("\f", "") != printed.replace("\f", ""):
        return []
    source_lines = split_lines_keepends(source)  # str.splitlines would split at form feeds
    printed_lines = split_lines_keepends(printed)
    if len(source_lines) != len(printed_lines):
        return []
    dropped = []
    for number, (had, has) in enumerate(zip(source_lines, printed_lines, strict=True)):
        if had != has:
            if had.lstrip("\f") != has.lstrip("\f") or not had.startswith("\f"):
                return []
            dropped.append((number, had[: len(had) - len(had.lstrip("\f"))]))
    return dropped  # type: ignore[return-value]


def _with_form_feeds(printed: str, fixed: str, dropped: list) -> str | None:
    """``fixed`` (a fix of ``printed``) with the dropped form feeds back at the start of their
    lines: a line the fixes kept, or changed into as many lines, or the first line of a changed
    block (the form feed stands before its statement). None where a fix removed such a line."""
    before = split_lines_keepends(printed)
    after = split_lines_keepends(fixed)
    moved: dict[int, int] = {}
    matcher = difflib.SequenceMatcher(a=before, b=after, autojunk=False)
    for tag, a0, a1, b0, b1 in matcher.get_opcodes():
        if tag == "equal" or (tag == "replace" and a1 - a0 == b1 - b0):
            moved.update({a0 + k: b0 + k for k in range(a1 - a0)})
        elif tag == "replace":
            moved[a0] = b0
    for number, feeds in dropped:
        if number not in moved:
            return None
        after[moved[number]] = feeds + after[moved[number]]
    return "".join(after)


def _outermost(index: _Index, units: dict) -> dict:
    """Drop units inside another unit (the outer one's replacement already holds their edit)."""
    keys = set(units)
    return {
        k: v for k, v in units.items() if not any(id(a) in keys for a in index.ancestors(v[0])[1:])
    }


def _misplaced_holes(tree: ast.AST, code: str, expected: dict, units: dict, prefix: str) -> set:
    """Units whose placeholder did not land as a whole expression or statement."""
    found: dict[str, int] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and node.id.startswith(prefix):
            found[node.id] = found.get(node.id, 0) + 1
        elif isinstance(node, ast.Expr) and _hole_name(node, prefix):
            name = _hole_name(node, prefix)
            if expected.get(name, ("",))[0] in ("small", "stmt"):
                found[name] = found.get(name, 0) + 1  # the statement holds the name: 2 in all
    bad = set()
    for n, key in enumerate(units):
        name = f"{prefix}{n}__"
        if name not in expected:
            continue
        want = 1 if expected[name][0] == "expr" else 2
        if found.get(name) != want or code.count(name) != 1:
            bad.add(key)
    return bad


def _hole_name(node: ast.AST, prefix: str) -> str | None:
    if (
        isinstance(node, ast.Expr)
        and isinstance(node.value, ast.Name)
        and node.value.id.startswith(prefix)
    ):
        return node.value.id
    return None


def _same(holed: ast.AST, fixed: ast.AST, expected: dict, prefix: str) -> bool:
    """``fixed`` equals ``holed`` with each placeholder replaced by its expected ast.

    Iterative, so deep (but valid) code cannot overflow the stack. ``ctx`` is ignored: a
    replacement parsed on its own is a load even where it is assigned to.
    """
    stack = [(holed, fixed)]
    while stack:
        a, b = stack.pop()
        if isinstance(a, ast.Name) and a.id in expected and expected[a.id][0] == "expr":
            stack.append((expected[a.id][1], b))
            continue
        if isinstance(a, list):
            if not isinstance(b, list):
                return False
            spliced: list = []
            for item in a:
                name = _hole_name(item, prefix)
                if name in expected and expected[name][0] in ("small", "stmt"):
                    spliced.extend(expected[name][1])
                else:
                    spliced.append(item)
            if not spliced and a and len(b) == 1 and isinstance(b[0], ast.Pass):
                continue  # libcst keeps a block whose statements were all removed with `pass`
            if len(spliced) != len(b):
                return False
            stack.extend(zip(spliced, b, strict=True))
            continue
        if type(a) is not type(b):
            return False
        if isinstance(a, ast.AST):
            for field in a._fields:
                if field != "ctx":
                    stack.append((getattr(a, field, None), getattr(b, field, None)))
        elif a != b:
            return False
    return True


# --- a round ------------------------------------------------------------------------------------


def _parenthesized(candidate: _Candidate) -> _Candidate | None:
    """The candidate with each expression replacement wrapped in parentheses, if any changes."""
    edits, changed = [], False
    for old, new in candidate.edits:
        if (
            isinstance(old, cst.BaseExpression)
            and isinstance(new, cst.BaseExpression)
            and not getattr(new, "lpar", True)
        ):
            try:
                new = new.with_changes(lpar=[cst.LeftParen()], rpar=[cst.RightParen()])
                changed = True
            except Exception:  # a node that takes no parentheses
                pass
        edits.append((old, new))
    return _Candidate(candidate.diagnostic, tuple(edits)) if changed else None


def fix_round(
    module: cst.Module,
    diagnostics: list[Diagnostic],
    unsafe: bool,
    skip: set | None = None,
    source: str | None = None,
) -> tuple[str | None, list[Diagnostic], list[tuple[Diagnostic, str]]]:
    """Apply one round of fixes to ``module``, parsed from ``source`` (default: its own code).

    A fix is kept only if Python reads the result as the original outside the fixed nodes,
    and every byte of ``source`` outside them is unchanged.

    Returns (new code or None, the diagnostics whose fix was applied, (diagnostic, reason) for
    each fix rejected). ``skip`` holds :func:`fix_key` of fixes rejected earlier: not retried.
    """
    wanted = [d for d in fixable(diagnostics, unsafe) if skip is None or fix_key(d) not in skip]
    if not wanted:
        return None, [], []
    printed = module.code
    if source is None or (source.startswith(printed) and source[len(printed) :] in ("\r", "\r\n")):
        source = printed  # libcst drops a last lone CR; the runner puts it back
    form_feeds = _dropped_form_feeds(source, printed)
    if form_feeds:  # fix the code libcst prints, then put the form feeds back where they were
        code, applied, rejected = fix_round(module, wanted, unsafe, skip, printed)
        if code is None:
            return code, applied, rejected
        restored = _with_form_feeds(printed, code, form_feeds)
        if restored is None:
            return None, [], rejected + [(d, MISREAD) for d in applied]
        return restored, applied, rejected
    if not reads_as_python(module, source):
        return None, [], [(d, MISREAD) for d in wanted]
    index = _Index(module)
    rejected: list[tuple[Diagnostic, str]] = []
    by_fix = {id(d.fix): d for d in reversed(wanted)}
    for d in wanted:
        if not all(index.contains(old) for old, _ in d.fix.edits):
            rejected.append((d, NOT_IN_MODULE))
    chosen = choose_fixes(module, [d.fix for d in wanted], index)
    candidates = [_Candidate(by_fix[id(f)], f.edits) for f in chosen]

    def edits_of(cands: list[_Candidate]):
        return [e for c in cands for e in c.edits]

    def settle(cands: list[_Candidate]) -> tuple[list[_Candidate], str | None]:
        code, reason = verify(module, index, edits_of(cands), source)
        if code is not None:
            return cands, code
        if len(cands) == 1:
            wrapped = _parenthesized(cands[0])
            if wrapped is not None:
                code, _ = verify(module, index, wrapped.edits, source)
                if code is not None:
                    return [wrapped], code
            rejected.append((cands[0].diagnostic, reason or MEANING_CHANGED))
            return [], None
        middle = len(cands) // 2
        left, left_code = settle(cands[:middle])
        right, right_code = settle(cands[middle:])
        if left and right:
            code, _ = verify(module, index, edits_of(left + right), source)
            if code is not None:
                return left + right, code
        # They clash when combined: keep one side; the other comes back in the next round.
        return (left, left_code) if left else (right, right_code)

    kept, code = settle(candidates) if candidates else ([], None)
    if not kept:
        return None, [], rejected
    return code, [c.diagnostic for c in kept], rejected


def fix_key(d: Diagnostic) -> tuple:
    """Identifies a fix across rounds (its node objects change): rule and edited code."""
    empty = cst.Module([])
    try:
        edited = tuple(empty.code_for_node(old) for old, _ in d.fix.edits)
    except Exception:
        edited = ()
    return (d.rule, d.message, edited)
