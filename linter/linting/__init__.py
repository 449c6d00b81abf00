"""The rule API and the engine: what a rule is and reports (``rule``: ``Rule``,
``Diagnostic``, ``Fix``, ``Evidence``), the one traversal per module that runs every rule
(``engine``), what Python accepts and libcst's parser does not take as it is (``syntax``), fixes
applied in verified rounds (``fixes``), incremental re-parsing (``incremental``), suppression
comments (``suppress``) and their application to a module's findings (``suppressing``), the
plugin registry and its hooks
(``plugins``, ``hookspecs``), rule selection (``selection``) and the docs generated from rules'
metadata (``docs``).

May import ``analysis`` and ``base``; the built-in rules (``tf2lint.rules``) only through the
plugin registry.
"""
