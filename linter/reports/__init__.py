"""What a run's findings look like to a reader: text as ruff prints it, JSON,
SARIF, JUnit and the CI formats (``output``), and ``explain FILE:LINE``'s chain of evidence
(``explain``).

May import ``run`` (a run's result), ``linting`` (the rules' metadata), ``analysis`` and
``base``.
"""
