"""``tf2lint.rule``, kept for plugins written against it: the module is now
``tf2lint.linting.rule``, and the plugin API's documented home is ``tf2lint.api``.
(written by /work/floors/split.py)
"""

from tf2lint.linting.rule import (
    APPLICABILITIES,
    BUILTIN_FIXTURES,
    CATEGORIES,
    ENGINE_CATEGORY,
    INTERNAL_ERROR,
    PARSER_CRASH,
    READ_ERROR,
    SEVERITIES,
    SUPPRESSION_CATEGORY,
    SYNTAX_ERROR,
    TIMEOUT,
    TOO_LARGE,
    WRITE_ERROR,
    Diagnostic,
    Evidence,
    Fix,
    Report,
    Rule,
    Step,
    engine_diagnostic,
    suppressible,
)

__all__ = [
    "APPLICABILITIES",
    "BUILTIN_FIXTURES",
    "CATEGORIES",
    "ENGINE_CATEGORY",
    "INTERNAL_ERROR",
    "PARSER_CRASH",
    "READ_ERROR",
    "SEVERITIES",
    "SUPPRESSION_CATEGORY",
    "SYNTAX_ERROR",
    "TIMEOUT",
    "TOO_LARGE",
    "WRITE_ERROR",
    "Diagnostic",
    "Evidence",
    "Fix",
    "Report",
    "Rule",
    "Step",
    "engine_diagnostic",
    "suppressible",
]
