"""The rule API and the engine: what a rule is and reports (``rule``: ``Rule``,
``Diagnostic``, ``Fix``, ``Evidence``), the one traversal per module that runs every rule
(``engine``), fixes applied in verified rounds (``fixes``), incremental re-parsing
(``incremental``), suppression comments (``suppress``), the plugin registry and its hooks
(``plugins``, ``hookspecs``), rule selection (``selection``) and the docs generated from rules'
metadata (``docs``).

May import ``analysis`` and ``base``; the built-in rules (``tf2lint.rules``) only through the
plugin registry.
"""
