"""Runs every program here in one interpreter (`tf2lint trace --measure` on this script)."""

import runpy
import sys
from pathlib import Path

here = Path(__file__).resolve().parent
names = sys.argv[1:] or sorted(p.stem for p in here.glob("*.py") if p.name != "run_all.py")
for name in names:
    runpy.run_path(str(here / f"{name}.py"), run_name="__main__")
