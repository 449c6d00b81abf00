"""The project's class resolution over an inheritance chain across modules.

python benchmarks/class_chain.py [N ...]

Module ``m0`` defines a Keras layer; each ``m{i}`` subclasses ``m{i-1}``'s class, the modules
listed last first. Builds the
project (``second_pass``) from the modules' summaries and prints the time and the number of
``Project.resolve`` calls for each N (default 1000 and 4000). Prints figures only.
"""

import sys
import time

from tf2lint.analysis.project import (
    ClassSummary,
    FunctionSummary,
    ModuleSummary,
    Project,
    second_pass,
)


def chain(n: int) -> dict[int, ModuleSummary]:
    """The chain, listed from its last module to its first (as a walk may list them)."""
    summaries = {}
    for i in reversed(range(n)):
        base = "tf.keras.layers.Layer" if i == 0 else f"m{i - 1}.C{i - 1}"
        summaries[i] = ModuleSummary(
            name=f"m{i}",
            classes={f"C{i}": ClassSummary(bases=[base], keras="layer" if i == 0 else None)},
            functions={f"C{i}.call": FunctionSummary(cls=f"C{i}")},
        )
    return summaries


def main() -> None:
    sizes = [int(a) for a in sys.argv[1:]] or [1000, 4000]
    calls = [0]
    resolve = Project.resolve

    def counted(self, qualified, _depth=0):
        calls[0] += 1
        return resolve(self, qualified, _depth)

    Project.resolve = counted
    for n in sizes:
        summaries = chain(n)
        calls[0] = 0
        start = time.perf_counter()
        again = second_pass(summaries)
        spent = time.perf_counter() - start
        print(f"{n} modules: {spent:.2f} s, {calls[0]} resolve calls, {len(again)} modules learn")


if __name__ == "__main__":
    main()
