"""The ``tf2lint`` command line: its sub-commands (``check``, ``rule``, ``rules``,
``explain``, ``lsp``, ``verify``/``trace`` handed to the harness) in ``cli``, and ``check``'s flags
laid over the configuration nearest each file (which files, rules and fixes) in ``resolve``.

May import every package below it: ``server`` (only ``tf2lint lsp``), ``reports``, ``run``,
``linting``, ``analysis``, ``base``; ``tf2lint.runtime_check.cli`` for ``verify`` and ``trace``.
Nothing inside tf2lint imports it but ``tf2lint.__main__``.
"""
