"""The source and data files of a package whose code computes a run's results: tf2lint itself
(every floor package under it) and each plugin's package. The per-file cache keys its entries
on their sizes and mtimes (an edit in a checkout misses the cache), and a recorded run is
replayed only while none of them, nor their folders, changed. Imports nothing of tf2lint."""

from __future__ import annotations

import os
from typing import NamedTuple


class PackageFiles(NamedTuple):
    folders: list[str]  # the package's folder, its sub-packages' and its data/ folders
    files: list[str]  # their modules (*.py) and every file in data/


def package_files(folder: str) -> PackageFiles:
    """The modules of ``folder`` and the files of its ``data/``; when ``folder`` is a package
    (it has an ``__init__.py``), those of its sub-packages too, all sorted. A folder that is
    no package (site-packages, for a plugin that is one module) is not searched below."""
    folders: list[str] = []
    files: list[str] = []
    pending = [folder]
    while pending:
        current = pending.pop()
        folders.append(current)
        try:
            names = sorted(os.listdir(current))
        except OSError:
            continue
        package = "__init__.py" in names
        for name in names:
            path = os.path.join(current, name)
            if name.endswith(".py"):
                files.append(path)
            elif name == "data" and os.path.isdir(path):
                folders.append(path)
                files.extend(_data_files(path))
            elif package and os.path.isfile(os.path.join(path, "__init__.py")):
                pending.append(path)
    return PackageFiles(sorted(folders), sorted(files))


def _data_files(folder: str) -> list[str]:
    try:
        names = sorted(os.listdir(folder))
    except OSError:
        return []
    return [os.path.join(folder, n) for n in names if os.path.isfile(os.path.join(folder, n))]
