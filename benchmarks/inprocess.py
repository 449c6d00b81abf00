"""In-process floor check: libcst.parse_module of every file, then lint_module of every file.

python benchmarks/inprocess.py SRC_FOLDER
"""

import contextlib
import pathlib
import sys
import time

import libcst as cst

from tf2lint.engine import lint_module
from tf2lint.plugins import all_rules

root = pathlib.Path(sys.argv[1])
files = sorted(root.rglob("*.py"))
srcs = [(str(f), f.read_text(encoding="utf-8", errors="replace")) for f in files]
rules = all_rules()
start = time.perf_counter()
for _, text in srcs:
    with contextlib.suppress(Exception):
        cst.parse_module(text)
parse = time.perf_counter() - start
start = time.perf_counter()
found = sum(len(lint_module(text, path, rules).diagnostics) for path, text in srcs)
lint = time.perf_counter() - start
tf_files = sum(1 for _, text in srcs if "tensorflow" in text or "keras" in text)
print(
    f"files={len(srcs)} tf_files={tf_files} parse={parse:.2f} lint={lint:.2f} "
    f"ratio={lint / parse:.2f} diags={found}"
)
