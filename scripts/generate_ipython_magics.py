"""Generate the IPython line magics a notebook line may call without ``%`` (automagic), from the
installed IPython.

    python scripts/generate_ipython_magics.py            # write linter/data/ipython_magics.json
    python scripts/generate_ipython_magics.py --check    # exit 1 if the committed data is stale

Needs ``ipython`` (it is not one of tf2lint's dependencies: install it in a separate virtual
environment and run this script there). IPython's automagic (on by default) runs a line whose
first word names a line magic (``pip install x``, ``cd data``, ``ls``) as that magic, unless the
name is bound in the user's namespace, a builtin or a keyword, or the rest of the line starts
with ``=`` or ``,`` (``IPython.core.prefilter.AutoMagicChecker``, ``AssignmentChecker``). The
names are the line magics of a fresh ``InteractiveShell`` (its aliases ``ls``, ``cp``, ``mkdir``
... are line magics too), less builtins and keywords.
"""

from __future__ import annotations

import builtins
import json
import keyword
import sys
from pathlib import Path

from generated_data import write_or_check

DATA = Path(__file__).resolve().parent.parent / "linter" / "data" / "ipython_magics.json"


def build() -> dict:
    import IPython
    from IPython.core.interactiveshell import InteractiveShell

    shell = InteractiveShell.instance()
    line_magics = shell.magics_manager.lsmagic()["line"]
    shadowed = set(dir(builtins)) | set(keyword.kwlist)
    return {
        "ipython_version": IPython.__version__,
        "automagics": sorted(name for name in line_magics if name not in shadowed),
    }


def dump(data: dict) -> str:
    return json.dumps(data, indent=0) + "\n"


def main() -> int:
    return write_or_check(__doc__, build, dump, DATA)


if __name__ == "__main__":
    sys.exit(main())
