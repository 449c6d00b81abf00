"""What is linted in a file, and how fixed code goes back into it: one adapter per kind of file.

A ``.py`` file is its own Python code. A notebook's code cells are joined into one module (see
tf2lint.run.notebook). Either way the runner lints and fixes ``source.text`` the same way, then asks
the adapter to render the fixed code as the file's new bytes and to place the findings on the
file's own lines (a notebook's findings name their cell).
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from tf2lint.base.lines import split_lines_keepends
from tf2lint.linting.rule import Diagnostic
from tf2lint.run.files import (
    FixNotWritable,
    SourceText,
    decode_source,
    encode_source,
)
from tf2lint.run.notebook import open_notebook


class Source(Protocol):
    file_text: str  # the file's text as it was read (what --diff compares against)
    text: str  # the Python module that is linted and fixed

    def render(self, fixed: str) -> tuple[str, bytes]:
        """The file's new text and bytes with ``fixed`` as its code; or FixNotWritable."""
        ...

    def place(self, diagnostics: list[Diagnostic], code: str) -> list[Diagnostic]:
        """``diagnostics`` about ``code`` (the text linted last), on the file's own lines."""
        ...

    def frames(self, code: str) -> dict[str, Any]:
        """What source frames need besides the file (FileOutcome fields; notebooks only)."""
        ...

    def diff(self, fixed: str, shown: str) -> str:
        """What ``--diff`` prints once the code became ``fixed`` (``shown``: the file's name)."""
        ...


def unified_diff(before: str, after: str, shown: str) -> str:
    """What ``--diff`` prints for one file (ruff 0.17's headers: the path, no ``a/``/``b/``)."""
    return "".join(
        difflib.unified_diff(
            split_lines_keepends(before), split_lines_keepends(after), fromfile=shown, tofile=shown
        )
    )


@dataclass
class PythonFile:
    source: SourceText

    @property
    def text(self) -> str:
        return self.source.text

    @property
    def file_text(self) -> str:
        return self.source.text

    def render(self, fixed: str) -> tuple[str, bytes]:
        try:
            data = encode_source(self.source, fixed)
            # A codec such as unicode_escape reads the file but writes it back as something
            # else (one line of escapes): only a codec that gives back the file's own bytes for
            # its own text may write a fix.
            same = self.source.original is None or (
                encode_source(self.source, self.source.text) == self.source.original
            )
        except UnicodeEncodeError as error:
            raise FixNotWritable(
                f"the fixed code cannot be written in {self.source.encoding}: {error.reason}"
            ) from error
        if not same:
            raise FixNotWritable(
                f"the file's encoding ({self.source.encoding}) would not write its unchanged "
                "lines back as they are"
            )
        return fixed, data

    def place(self, diagnostics: list[Diagnostic], code: str) -> list[Diagnostic]:
        return diagnostics

    def frames(self, code: str) -> dict[str, Any]:
        return {}

    def diff(self, fixed: str, shown: str) -> str:
        return unified_diff(self.text, fixed, shown)


def open_source(path: Path, data: bytes) -> Source:
    """The adapter for the file ``path`` whose bytes are ``data``; raises ReadError."""
    if path.suffix == ".ipynb":
        return open_notebook(data)
    source = decode_source(data)
    source.original = data
    return PythonFile(source)
