"""The language server (``tf2lint lsp``): the LSP session over pygls (``lsp``), its
transport (``lsp_transport``), and the worker process that lints for it (``lsp_worker``).

May import ``run``, ``linting``, ``analysis`` and ``base``; pygls only here, and only when the
server starts.
"""
