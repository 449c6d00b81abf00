"""What a rule is, and what it reports: the only API a rule author needs besides the semantic model."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from tf2lint.base.lazy import cst

if TYPE_CHECKING:
    from tf2lint.analysis.model import FunctionInfo, ModuleModel
    from tf2lint.linting.engine import LintContext

CATEGORIES = (
    "tf1-api",
    "keras3",
    "side-effect",
    "leaked-tensor",
    "variable-creation",
    "retracing",
    "stale-capture",
    "graph-bloat",
    "graph-incompatible",
    "api-misuse",
    "suppression",  # tf2lint's own comments (TF000)
)
SUPPRESSION_CATEGORY = "suppression"
SEVERITIES = ("error", "warning", "info")
APPLICABILITIES = ("safe", "unsafe", "none")


@dataclass(frozen=True)
class Fix:
    """A fix carried by a diagnostic: replace each original node by its replacement."""

    applicability: str  # "safe" or "unsafe"
    description: str
    edits: tuple[
        tuple[cst.CSTNode, cst.CSTNode | cst.RemovalSentinel | cst.FlattenSentinel], ...
    ] = ()
    # The new code of a fix that replaces exactly the reported node (for SARIF `fixes`); it
    # survives where the tree edits do not (across processes, in the cache).
    replacement_text: str | None = None

    def to_dict(self) -> dict[str, str]:
        data = {"applicability": self.applicability, "description": self.description}
        if self.replacement_text is not None:  # kept by the cache, for SARIF and JSON edits
            data["replacement_text"] = self.replacement_text
        return data


@dataclass(frozen=True)
class Step:
    """One link of a finding's evidence: what holds, and where (``line`` 0: not located, as for
    a function of another module known only by name; ``path`` None: the finding's file;
    ``cell``: in a notebook, the code cell, ``line`` then within it)."""

    message: str
    line: int = 0
    column: int = 1
    path: str | None = None
    cell: int | None = None

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"message": self.message, "line": self.line, "column": self.column}
        if self.path is not None:
            data["path"] = self.path
        if self.cell is not None:
            data["cell"] = self.cell
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Step:
        return cls(
            data["message"], data["line"], data["column"], data.get("path"), data.get("cell")
        )


@dataclass(frozen=True)
class Evidence:
    """Why a finding holds, as data: why its code is traced (``traced``: the function it is in
    first, then who traces that, out to the decorator, Keras hook or ``tf.function(f)`` that
    starts it) and why the value is what the rule says (``value``). ``gap`` names what the rule
    could not prove: such a finding is shown only with ``--preview``."""

    traced: tuple[Step, ...] = ()
    value: tuple[Step, ...] = ()
    gap: str | None = None

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "traced": [s.to_dict() for s in self.traced],
            "value": [s.to_dict() for s in self.value],
        }
        if self.gap is not None:
            data["gap"] = self.gap
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Evidence:
        return cls(
            tuple(Step.from_dict(s) for s in data.get("traced", ())),
            tuple(Step.from_dict(s) for s in data.get("value", ())),
            data.get("gap"),
        )

    def steps(self) -> tuple[Step, ...]:
        return self.traced + self.value


@dataclass
class Diagnostic:
    path: str
    line: int  # 1-based
    column: int  # 1-based
    end_line: int
    end_column: int
    rule: str
    name: str
    category: str
    severity: str
    message: str
    fix: Fix | None = None
    cell: int | None = None  # 1-based index among a notebook's code cells; line is then within it
    evidence: Evidence | None = None

    @property
    def preview(self) -> bool:
        """Shown only with ``--preview``: its evidence has a gap."""
        return self.evidence is not None and self.evidence.gap is not None

    def sort_key(self) -> tuple:
        return (self.path, self.cell or 0, self.line, self.column, self.rule)

    def to_dict(self) -> dict[str, Any]:
        data = {
            "path": self.path,
            "line": self.line,
            "column": self.column,
            "end_line": self.end_line,
            "end_column": self.end_column,
            "rule": self.rule,
            "name": self.name,
            "category": self.category,
            "severity": self.severity,
            "message": self.message,
            "fix": self.fix.to_dict() if self.fix else None,
        }
        if self.cell is not None:
            data["cell"] = self.cell
        if self.evidence is not None:
            data["evidence"] = self.evidence.to_dict()
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Diagnostic:
        fix = data.get("fix")
        return cls(
            path=data["path"],
            line=data["line"],
            column=data["column"],
            end_line=data["end_line"],
            end_column=data["end_column"],
            rule=data["rule"],
            name=data["name"],
            category=data["category"],
            severity=data["severity"],
            message=data["message"],
            fix=Fix(
                fix["applicability"],
                fix["description"],
                replacement_text=fix.get("replacement_text"),
            )
            if fix
            else None,
            cell=data.get("cell"),
            evidence=Evidence.from_dict(data["evidence"]) if data.get("evidence") else None,
        )


# Diagnostics the engine itself reports. They are not rules: they cannot be selected away.
# (Here rather than in the engine: a fully cached run reads them and never loads the engine.)
SYNTAX_ERROR = ("syntax-error", "error")
READ_ERROR = ("read-error", "error")
INTERNAL_ERROR = ("internal-error", "error")
WRITE_ERROR = ("write-error", "error")  # a fix that could not be written; the findings stay
# Files tf2lint could not lint (see tf2lint.run.isolation): too big for its limits, too slow, or its
# parser crashed on them. A crash is an internal error (exit 2); the limits are findings.
TOO_LARGE = ("too-large", "error")
TIMEOUT = ("timeout", "error")
PARSER_CRASH = ("parser-crash", "error")
ENGINE_CATEGORY = "engine"


def suppressible(d: Diagnostic) -> bool:
    """Whether a suppression comment may silence ``d``: not the engine's own diagnostics, and
    not an unused suppression's (its fix removes the comment; another would be unused too)."""
    return d.category not in (ENGINE_CATEGORY, SUPPRESSION_CATEGORY)


def engine_diagnostic(
    kind: tuple[str, str], path: str, message: str, line: int = 1, column: int = 1
) -> Diagnostic:
    rule, severity = kind
    return Diagnostic(
        path=path,
        line=line,
        column=column,
        end_line=line,
        end_column=column,
        rule=rule,
        name=rule,
        category=ENGINE_CATEGORY,
        severity=severity,
        message=message,
    )


@dataclass
class Report:
    """What a rule said about one node, before the engine turns it into a positioned Diagnostic."""

    rule: type[Rule]
    node: cst.CSTNode
    message: str
    fix: Fix | None = None
    function: FunctionInfo | None = None  # the traced function it is in, for the evidence
    because: tuple[tuple[str, cst.CSTNode], ...] = ()  # why the value is what the rule says
    gap: str | None = None  # what the rule could not prove (then shown only with --preview)
    # where the finding's span ends, when not at ``node``'s end: a decorated def's head runs
    # from its first decorator (``node``) to its name
    through: cst.CSTNode | None = None


def def_head(node: cst.FunctionDef) -> tuple[cst.CSTNode, cst.CSTNode | None]:
    """Where a finding about a whole def goes: from its first decorator through its name (the
    lines a reader marks as "this function"), or its name when it has no decorator."""
    if node.decorators:
        return node.decorators[0], node.name
    return node.name, None


BUILTIN_FIXTURES = Path(str(resources.files("tf2lint.fixtures")))


class Rule:
    """Base class of every rule.

    A rule is a libcst-style visitor: it defines ``visit_<NodeType>`` / ``leave_<NodeType>``
    methods, reads the module's semantic model from ``self.model`` and the traversal state from
    ``self.context``, and calls ``self.report(node, ...)``. One instance lints one module; all
    rules of a run share a single traversal of the tree.

    What the engine reads of a rule, besides its methods: its metadata (``id`` to
    ``since_tensorflow``, ``default_enabled`` and ``preview``, checked when the plugin loads),
    ``reports_suppressions``, its preconditions (``requires_tensorflow``,
    ``requires_text``, ``requires_traced_code``, ``call_names``, ``calls_in_traced_code``,
    ``visits_in_traced_code``):
    where the rule cannot report, so that the engine need not run it there, and its
    hand-offs (``defers_to``): the rules whose finding at a node replaces its own there. A
    rule that declares none of them runs in every module that imports TensorFlow or Keras
    (``requires_tensorflow`` is True by default) and at every node it visits, and keeps every
    finding it makes.
    """

    id: ClassVar[str]
    name: ClassVar[str]
    category: ClassVar[str]
    severity: ClassVar[str] = "warning"
    message: ClassVar[str]  # the one-line summary; also the default diagnostic message
    rationale: ClassVar[str]  # "Why is this bad?"
    fix_applicability: ClassVar[str] = "none"
    fix_safety: ClassVar[str] = ""  # why the fix is safe or unsafe, for the docs
    since_tensorflow: ClassVar[str | None] = None  # only when target-tensorflow >= this
    default_enabled: ClassVar[bool] = True  # False: runs only when selected explicitly
    # Why the rule as a whole is in preview (ruff's model): each finding carries this as the
    # gap in its evidence, so it is shown only with --preview until its measured precision on
    # application code earns it the default. None: its findings are shown by default.
    preview: ClassVar[str | None] = None
    # --- preconditions: what the engine checks so as not to run the rule where it cannot
    # report. Each is a promise about the rule's own logic; one the rule does not keep makes it
    # miss findings (a test lints every fixture with and without them). Declaring none is
    # always correct: the rule then runs everywhere, as a rule written before them does.
    #
    # True: the rule concerns only code that uses TensorFlow or Keras; the engine skips it in a
    # module that imports neither and that no other module traces. False: it runs everywhere.
    requires_tensorflow: ClassVar[bool] = True
    # Strings of which the rule's evidence, found by a module's own code, always spells one
    # (`("keras",)` for a rule that reports only on Keras names): the engine skips the rule in
    # a module whose text, and package name, holds none of them. Empty: never skipped so.
    requires_text: ClassVar[tuple[str, ...]] = ()
    # The names a call's callee ends with (`f` of `f(...)`, `m` of `x.y.m(...)`) at which the
    # rule's `visit_Call` and `leave_Call` can report or change the rule's state: the engine
    # calls them at no other call (nor at a call of anything else, `f()(...)`, `fs[i](...)`).
    # None: at every call. Its other methods are not affected.
    call_names: ClassVar[frozenset[str] | None] = None
    # True: the rule's `visit_Call` and `leave_Call` do anything only at calls in traced code
    # (`self.context.in_traced_code` there); False: only at calls outside it. None: at both.
    calls_in_traced_code: ClassVar[bool | None] = None
    # The node types (libcst class names, `"Name"`) whose `visit_` and `leave_` methods of the
    # rule do anything only in traced code (`self.context.in_traced_code` there): the engine
    # calls them at no node outside it. Calls have `calls_in_traced_code`; the module, and the
    # nodes where the traversal's context changes (defs, lambdas, classes, comprehensions,
    # loops, blocks, conditional expressions), are visited wherever they are.
    visits_in_traced_code: ClassVar[frozenset[str]] = frozenset()
    # True: the rule reports only about code the model marks traced (it reports, or keeps
    # state that leads to a report, only where `self.context.in_traced_code` holds): the engine
    # skips it in a module in which the model marks no function or lambda traced. False: it
    # runs there too.
    requires_traced_code: ClassVar[bool] = False
    fixture_dir: ClassVar[Path] = BUILTIN_FIXTURES  # holds <id>/bad.py and <id>/good.py
    # True: the engine reports this rule's findings, the suppression comments that silenced
    # nothing, once the other rules have run (TF000); it visits nothing itself.
    reports_suppressions: ClassVar[bool] = False
    # --- hand-offs: the ids of rules this rule hands a node to. Where one of them reported the
    # very node this rule reports (the same tree node, in the same module), the engine drops
    # this rule's finding there: one pitfall, one finding, without this rule copying the other
    # rule's conditions to stay silent (TF202, a Python side effect, defers to TF301 where the
    # value stored outside the trace is a graph tensor: that store is a leak). Only a finding
    # the other rule made counts: where it is not selected (`--select`, `--ignore`,
    # per-file ignores) or not enabled, this rule reports, so that deselecting a rule never
    # makes a problem vanish silently. A finding the other rule made counts even when a
    # suppression comment or the lack of `--preview` then hides it.
    defers_to: ClassVar[frozenset[str]] = frozenset()

    def __init__(self, context: LintContext) -> None:
        self.context = context

    @property
    def model(self) -> ModuleModel:
        return self.context.model

    @classmethod
    def fixtures(cls) -> dict[str, Path]:
        folder = cls.fixture_dir / cls.id
        return {"bad": folder / "bad.py", "good": folder / "good.py"}

    def report(
        self,
        node: cst.CSTNode,
        message: str | None = None,
        *,
        replacement: cst.CSTNode | cst.RemovalSentinel | None = None,
        edits: list[tuple[cst.CSTNode, cst.CSTNode | cst.RemovalSentinel | cst.FlattenSentinel]]
        | None = None,
        fix_description: str = "",
        applicability: str | None = None,
        because: Sequence[tuple[str, cst.CSTNode]] = (),
        gap: str | None = None,
        traced_in: FunctionInfo | None = None,
        through: cst.CSTNode | None = None,
    ) -> None:
        """Report ``node``; ``replacement`` (or several ``edits``) makes the finding fixable.

        The evidence of a finding in traced code (why it is traced) is added by the engine;
        ``because`` adds why the value is what the rule says (a message and the node it points
        at), and ``gap`` what the rule could not prove: the finding then needs ``--preview``
        (and carries no fix). ``traced_in``: the traced function the finding is in, for a rule
        that reports after the traversal has left it. ``through``: a node after ``node`` where
        the finding's span ends (see ``def_head``)."""
        replacement_text = None
        if replacement is not None:
            edits = [(node, replacement)]
            if isinstance(replacement, cst.CSTNode):
                replacement_text = cst.Module(body=[]).code_for_node(replacement)
        fix = None
        if edits:
            fix = Fix(
                applicability=applicability or self.fix_applicability,
                description=fix_description or "apply the suggested change",
                edits=tuple(edits),
                replacement_text=replacement_text,
            )
        context = self.context
        gap = gap or self.preview
        self.context.add_report(
            Report(
                type(self),
                node,
                message or self.message,
                None if gap else fix,
                traced_in or (context.function if context.in_traced_code else None),
                tuple(because),
                gap,
                through,
            )
        )
