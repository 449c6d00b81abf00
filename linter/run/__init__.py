"""One run over files: finding and reading them (``files``, ``gitignore``,
``sources``, ``notebook``), linting them in worker processes that may die (``runner``,
``isolation``), the per-file cache and the replayed run (``cache``, ``replay``), a run's
settings and result (``settings``, ``outcomes``), writing fixes so that no failure loses a byte
(``writes``), and watching for changes (``watch``).

May import ``linting``, ``analysis`` and ``base``. ``replay`` imports nothing but the package's
version: ``tf2lint`` answers an unchanged run with it alone.
"""
