"""Runs every bad.py here in one interpreter, one after the other: `tf2lint trace --fix` on this
script fixes and verifies them all in two runs instead of twenty."""

import runpy
import sys
from pathlib import Path

here = Path(__file__).resolve().parent
names = sys.argv[1:] or sorted(p.parent.name for p in here.glob("*/bad.py"))
for name in names:
    runpy.run_path(str(here / name / "bad.py"), run_name="__main__")
