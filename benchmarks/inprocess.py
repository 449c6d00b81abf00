"""In-process phases of a lint: where the time of ``lint_module`` goes, file by file.

python benchmarks/inprocess.py SRC_FOLDER

Times, in one process over every file of SRC_FOLDER: the libcst parse floor (``parse_module`` of
every file), then ``lint_module`` of every file as a module of the project (its identity given,
so the project summary is built too), split into its libcst parse, the semantic model
(``ModuleModel``) and the rest (Python's own parser, the rules' one traversal, positions,
suppressions). Prints figures only; ``benchmarks/run.py`` prints its last line per corpus.
"""

import contextlib
import pathlib
import sys
import time

import libcst as cst

from tf2lint.analysis.project import ModuleIdentity
from tf2lint.linting import engine
from tf2lint.linting.plugins import all_rules
from tf2lint.run.runner import collected_once

spent = {"parse": 0.0, "model": 0.0}


def timed(phase, function):
    def wrapper(*args, **kwargs):
        start = time.perf_counter()
        try:
            return function(*args, **kwargs)
        finally:
            spent[phase] += time.perf_counter() - start

    return wrapper


engine.parse_module = timed("parse", engine.parse_module)
engine.ModuleModel = timed("model", engine.ModuleModel)

root = pathlib.Path(sys.argv[1])
files = sorted(p for p in root.rglob("*.py") if p.is_file())
srcs = [(f, f.read_text(encoding="utf-8", errors="replace")) for f in files]
rules = all_rules()
start, cpu = time.perf_counter(), time.process_time()
for _, text in srcs:
    with contextlib.suppress(Exception):
        cst.parse_module(text)
floor, floor_cpu = time.perf_counter() - start, time.process_time() - cpu
start, cpu = time.perf_counter(), time.process_time()
found = 0
for path, text in srcs:
    with collected_once():  # as the runner lints: the cyclic collector once per file
        found += len(
            engine.lint_module(text, str(path), rules, identity=ModuleIdentity.of(path)).diagnostics
        )
lint, lint_cpu = time.perf_counter() - start, time.process_time() - cpu
rest = lint - spent["parse"] - spent["model"]
print(
    f"files={len(srcs)} floor={floor:.2f}s lint={lint:.2f}s ({lint / floor:.2f}x floor): "
    f"libcst parse {spent['parse']:.2f}s, model {spent['model']:.2f}s "
    f"({spent['model'] / lint:.0%} of lint), rules and the rest {rest:.2f}s; {found} findings; "
    f"cpu: floor={floor_cpu:.2f}s lint={lint_cpu:.2f}s ({lint_cpu / floor_cpu:.2f}x floor)"
)
