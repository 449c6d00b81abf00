"""What a rule is, and what it reports: the only API a rule author needs besides the semantic model."""

from __future__ import annotations

from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from tf2lint.lazy import cst

if TYPE_CHECKING:
    from tf2lint.engine import LintContext
    from tf2lint.model import ModuleModel

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
)
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
        )


# Diagnostics the engine itself reports. They are not rules: they cannot be selected away.
# (Here rather than in the engine: a fully cached run reads them and never loads the engine.)
SYNTAX_ERROR = ("syntax-error", "error")
READ_ERROR = ("read-error", "error")
INTERNAL_ERROR = ("internal-error", "error")
WRITE_ERROR = ("write-error", "error")  # a fix that could not be written; the findings stay
# Files tf2lint could not lint (see tf2lint.isolation): too big for its limits, too slow, or its
# parser crashed on them. A crash is an internal error (exit 2); the limits are findings.
TOO_LARGE = ("too-large", "error")
TIMEOUT = ("timeout", "error")
PARSER_CRASH = ("parser-crash", "error")
UNUSED_SUPPRESSION = ("unused-suppression", "warning")
ENGINE_CATEGORY = "engine"


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


BUILTIN_FIXTURES = Path(str(resources.files("tf2lint.fixtures")))


class Rule:
    """Base class of every rule.

    A rule is a libcst-style visitor: it defines ``visit_<NodeType>`` / ``leave_<NodeType>``
    methods, reads the module's semantic model from ``self.model`` and the traversal state from
    ``self.context``, and calls ``self.report(node, ...)``. One instance lints one module; all
    rules of a run share a single traversal of the tree.
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
    fixture_dir: ClassVar[Path] = BUILTIN_FIXTURES  # holds <id>/bad.py and <id>/good.py

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
    ) -> None:
        """Report ``node``; ``replacement`` (or several ``edits``) makes the finding fixable."""
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
        self.context.add_report(Report(type(self), node, message or self.message, fix))
