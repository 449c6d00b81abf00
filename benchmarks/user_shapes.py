"""One module of the shapes that made small application files slow: a functional builder that
rebinds ``x = Layer(...)(x)`` down a function, a ``Sequential`` filled by ``model.add``, long
literal lists and dict literals, a long ``if``/``elif`` chain, many small layer classes and
deep nesting.

python benchmarks/user_shapes.py [N ...]

For each N (default 100, 200 and 400) prints the module's size, libcst's parse time and
``lint_module``'s CPU time with every rule, so that growth faster than the parse's shows.
Prints figures only. (The rebinding builder was exponential in ``keras_tensor``: 42 s of CPU
for a 322-line GAN utility.)
"""

from __future__ import annotations

import sys
import time

import libcst as cst

from tf2lint.linting.engine import lint_module
from tf2lint.linting.plugins import all_rules


def module(n: int) -> str:
    lines = ["import tensorflow as tf", "from tensorflow import keras", "", "def build(shape):"]
    lines += ["    x = keras.Input(shape=shape)", "    inputs = x"]
    for i in range(n):
        lines += [f"    x = keras.layers.Dense({i + 1})(x)", "    x = keras.layers.LeakyReLU()(x)"]
    lines += ["    return keras.Model(inputs, x)", "", "def sequential():"]
    lines += ["    model = keras.Sequential()"]
    lines += [f"    model.add(keras.layers.Dense({i + 1}))" for i in range(n)]
    lines += ["    return model", ""]
    lines.append("TABLE = [" + ", ".join(str(i) for i in range(n * 20)) + "]")
    lines.append("NAMES = {" + ", ".join(f"'k{i}': {i}" for i in range(n * 10)) + "}")
    lines.append("def pick(name):")
    for i in range(n):
        lines += [f"    {'if' if i == 0 else 'elif'} name == 'k{i}':", f"        v = {i}"]
    lines += ["    else:", "        v = None", "    return tf.constant(v)", ""]
    for i in range(n):
        lines += [f"class Block{i}(keras.layers.Layer):", "    def call(self, x):"]
        lines += [
            "        for _ in range(2):",
            "            if x is not None:",
            "                x = x * 2",
        ]
        lines += ["        return x", ""]
    lines.append("def nested(x):")
    indent = "    "
    for i in range(min(n, 40)):
        lines.append(f"{indent}if x > {i}:")
        indent += "    "
    lines += [f"{indent}x = x + 1", "    return x"]
    return "\n".join(lines) + "\n"


def main() -> None:
    rules = all_rules()
    for n in [int(a) for a in sys.argv[1:]] or [100, 200, 400]:
        source = module(n)
        start = time.process_time()
        cst.parse_module(source)
        parse = time.process_time() - start
        start = time.process_time()
        lint_module(source, "shapes.py", rules)
        lint = time.process_time() - start
        print(f"N={n}: {len(source) // 1024} KiB, parse {parse:.2f} s, lint {lint:.2f} s CPU")


if __name__ == "__main__":
    main()
