"""The package's generated data files (``data/*.json``), each parsed once per process: the one
loader the knowledge base, the Keras and TF1 tables, the API tables and the rules' own tables share."""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any


@cache
def load_json(name: str, package: str = "tf2lint") -> Any:
    """``data/<name>`` of ``package`` (``tf2lint``, or ``tf2lint.rules`` for the rules' own
    tables), parsed on first use and kept for the process."""
    return json.loads(resources.files(package).joinpath(f"data/{name}").read_text("utf-8"))
