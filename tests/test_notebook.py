"""Jupyter notebooks: cells linted as one module, magics skipped, fixes written back byte for byte."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest

from conftest import ROOT, json_findings, run_cli
from tf2lint.run.notebook import _magic_lines, notebook_from_cells, read_notebook, split_back

NOTEBOOKS = ROOT / "tests" / "data" / "notebooks"


def _copy(project: Path, name: str) -> Path:
    target = project / name
    shutil.copyfile(NOTEBOOKS / name, target)
    return target


def _check_json(project: Path, *args: str) -> tuple[int, list[dict]]:
    result = run_cli("check", "--format", "json", *args, cwd=project)
    return result.returncode, json_findings(result.stdout, project)


@pytest.mark.parametrize("name", ["one_space_lists.ipynb", "two_space_strings.ipynb"])
def test_diagnostics_name_the_cell_and_line_within_it(project, name):
    _copy(project, name)
    code, diagnostics = _check_json(project)
    assert code == 1
    # Cell 2 imports tf; cell 4 (the bash cell is cell 3) uses it: the cells are one module.
    # Cells are numbered as ruff numbers them: every cell, the markdown cell 1 too.
    ((d),) = diagnostics
    assert (d["path"], d["rule"], d["cell"], d["line"], d["column"]) == (name, "TF201", 4, 4, 5)
    assert (d["end_line"], d["end_column"]) == (4, 13)


def test_text_output_prints_cell_location_and_the_cells_line(project):
    _copy(project, "one_space_lists.ipynb")
    result = run_cli("check", cwd=project)
    assert " --> one_space_lists.ipynb:cell 4:4:5\n" in result.stdout
    assert "4 |     print(x)\n  |     ^^^^^^^^\n" in result.stdout


@pytest.mark.parametrize("name", ["one_space_lists.ipynb", "two_space_strings.ipynb"])
def test_fix_changes_only_the_fixed_cells_source_byte_for_byte(project, name):
    path = _copy(project, name)
    before = path.read_bytes()
    assert before.count(b"    print(x)") == 1
    result = run_cli("check", "--fix", "--unsafe-fixes", cwd=project)
    assert result.returncode == 0, result.stdout
    assert "Found 1 error (1 fixed, 0 remaining)." in result.stdout
    assert path.read_bytes() == before.replace(b"    print(x)", b"    tf.print(x)")


def test_fix_of_a_multi_line_cell_keeps_outputs_ids_metadata_and_layout(project):
    notebook = {
        "cells": [
            {
                "cell_type": "code",
                "execution_count": 7,
                "id": "x1",
                "metadata": {"z": 1, "a": 2},
                "outputs": [{"output_type": "stream", "name": "stdout", "text": "hi\n"}],
                "source": [
                    "import tensorflow as tf\n",
                    "@tf.function\n",
                    "def f(x):\n",
                    "    print(\n",
                    '        "é",\n',
                    "        x)\n",
                    "    return x",
                ],
            }
        ],
        "metadata": {},
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    path = project / "multi.ipynb"
    text = json.dumps(notebook, indent=1, ensure_ascii=False) + "\n"
    path.write_text(text, encoding="utf-8")
    assert run_cli("check", "--fix", "--unsafe-fixes", cwd=project).returncode == 0
    assert path.read_text(encoding="utf-8") == text.replace('"    print(\\n"', '"    tf.print(\\n"')


def test_diff_shows_the_change_and_writes_nothing(project):
    path = _copy(project, "one_space_lists.ipynb")
    before = path.read_bytes()
    result = run_cli("check", "--diff", "--unsafe-fixes", cwd=project)
    assert result.returncode == 1
    assert result.stdout.startswith("--- one_space_lists.ipynb:cell 4\n")  # the cell's source
    assert "\n-    print(x)\n+    tf.print(x)\n" in result.stdout
    assert path.read_bytes() == before


def test_invalid_json_is_a_read_error_with_its_line_and_the_run_continues(project):
    _copy(project, "not_json.ipynb")
    _copy(project, "one_space_lists.ipynb")
    code, diagnostics = _check_json(project)
    assert code == 1
    found = {(d["path"], d["rule"]): d for d in diagnostics}
    error = found[("not_json.ipynb", "read-error")]
    assert error["line"] == 3 and "invalid JSON" in error["message"]
    assert ("one_space_lists.ipynb", "TF201") in found


def test_json_without_cells_is_a_read_error(project):
    (project / "old.ipynb").write_text('{"worksheets": [], "nbformat": 3}')
    code, diagnostics = _check_json(project)
    assert code == 1
    assert diagnostics[0]["rule"] == "read-error" and "cells" in diagnostics[0]["message"]


def _nb(*sources: str) -> bytes:
    cells = [
        {"cell_type": "code", "metadata": {}, "outputs": [], "source": s, "execution_count": None}
        for s in sources
    ]
    return json.dumps({"cells": cells, "metadata": {}, "nbformat": 4, "nbformat_minor": 5}).encode()


def test_magics_and_shell_escapes_keep_line_numbers(project):
    (project / "m.ipynb").write_bytes(
        _nb(
            "import tensorflow as tf\n%matplotlib inline",
            "%%bash\nfor f in *; do\n    echo $f\ndone",
            "%%time\n@tf.function\ndef f(x):\n    !echo hi\n    out = !ls\n    %time y = 1\n"
            "    print(x)\n    return x",
            "%time \\\n   continued\nlen?\n?len\n@tf.function\ndef g(x):\n    print(x % 2)\n"
            "    return x",
        )
    )
    code, diagnostics = _check_json(project)
    assert code == 1
    assert [(d["rule"], d["cell"], d["line"], d["column"]) for d in diagnostics] == [
        ("TF201", 3, 7, 5),
        ("TF201", 4, 7, 5),
    ]


def test_placeholders_for_ipython_lines():
    lines = [
        "x = 10 % 3\n",
        "files = !ls\n",
        "a, b = %who_ls\n",
        "if x:\n",
        "    !echo hi\n",
        "y = (1,\n",
        "  %2)\n",
        's = """\n',
        "%not a magic inside a string\n",
        '"""\n',
        "x != 3\n",
    ]
    assert _magic_lines(lines) == {1: "files = ...\n", 2: "a, b = ...\n", 4: "    pass\n"}


def test_automagic_lines_are_masked_and_the_rest_of_the_notebook_is_linted(project):
    # IPython runs a line whose first word names a line magic as that magic (automagic)
    (project / "auto.ipynb").write_bytes(
        _nb(
            "pip install tensorflow-datasets\ncd ..\nload_ext tensorboard",
            "import tensorflow as tf\nif True:\n    mkdir -p checkpoints\n",
            "@tf.function\ndef step(x):\n    print(x)\n    return x",
        )
    )
    code, diagnostics = _check_json(project)
    assert code == 1
    assert [(d["rule"], d["cell"], d["line"]) for d in diagnostics] == [("TF201", 3, 3)]


def test_automagic_names_used_as_python_stay_python():
    lines = [
        "pip install -q tensorflow==2.21  # quiet\n",
        "ls\n",  # parses: a name read, which IPython would run as %ls; Python either way
        "ls = sorted(files)\n",
        "cd, rest = path.split('/', 1)\n",
        "history = model.fit(x, y)\n",
        'history.history["loss"]\n',
        "time.sleep(1)\n",
        "run(train_step,\n",
        "    steps)\n",
        "pip freeze > requirements.txt\n",
        "print(ls)\n",
    ]
    assert _magic_lines(lines) == {0: "pass\n", 9: "pass\n"}


def test_the_automagic_names_are_ipythons_line_magics():
    committed = json.loads((ROOT / "linter" / "data" / "ipython_magics.json").read_text())
    assert {"pip", "cd", "ls", "load_ext", "matplotlib", "run"} <= set(committed["automagics"])
    pytest.importorskip("IPython")
    sys.path.insert(0, str(ROOT / "scripts"))
    import generate_ipython_magics

    built = generate_ipython_magics.build()
    if built["ipython_version"] == committed["ipython_version"]:
        assert built == committed, "run scripts/generate_ipython_magics.py"
    else:  # another IPython: the names it still has keep their meaning
        assert set(committed["automagics"]) & set(built["automagics"]) >= {"pip", "cd", "ls"}


def test_cells_share_names_in_order(project):
    (project / "s.ipynb").write_bytes(
        _nb(
            "import tensorflow as tf",
            "@tf.function\ndef f(x):\n    print(x)\n    return x",
            "",  # an empty code cell
            "tf.print(1)\nprint(2)",
        )
    )
    _, diagnostics = _check_json(project)
    assert [(d["cell"], d["line"]) for d in diagnostics] == [(2, 3)]


def test_markdown_and_raw_cells_are_not_code():
    data = json.dumps(
        {
            "cells": [
                {"cell_type": "markdown", "metadata": {}, "source": "print(x)"},
                {"cell_type": "raw", "metadata": {}, "source": "def f(:"},
                {"cell_type": "code", "metadata": {}, "outputs": [], "source": ["x = 1"]},
            ],
            "metadata": {},
            "nbformat": 4,
            "nbformat_minor": 5,
        }
    ).encode()
    nb = read_notebook(data)
    assert [(c.number, c.index, c.text) for c in nb.cells] == [(3, 2, "x = 1")]


def test_syntax_error_in_a_cell_names_the_cell(project):
    (project / "bad.ipynb").write_bytes(_nb("x = 1", "y = 2\ndef f(:\n    pass"))
    _, diagnostics = _check_json(project)
    ((d),) = diagnostics
    assert (d["rule"], d["cell"], d["line"]) == ("syntax-error", 2, 2)


def test_check_never_imports_tensorflow_for_notebooks(project):
    _copy(project, "one_space_lists.ipynb")
    probe = (
        "import sys; from tf2lint.commands.cli import main; code = main(['check', '-j', '1', '.']); "
        "assert code == 1; assert 'tensorflow' not in sys.modules; assert 'pygls' not in sys.modules"
    )
    done = subprocess.run([sys.executable, "-c", probe], cwd=project, capture_output=True)
    assert done.returncode == 0, done.stderr


# --- every malformed notebook is a read-error naming the problem; the run goes on -------------

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from tf2lint.linting.plugins import all_rules  # noqa: E402
from tf2lint.run.runner import Settings, lint_file  # noqa: E402

BAD_PRINT = "import tensorflow as tf\n\n@tf.function\ndef step(x):\n    print(x)\n    return x\n"


def _cell(source: str) -> str:
    """A code cell's JSON text, ``source`` the JSON text of its source."""
    return f'{{"cell_type": "code", "metadata": {{}}, "outputs": [], "source": {source}}}'


def _doc(cells: str, extra: str = "") -> bytes:
    body = f'"cells": [{cells}], "metadata": {{}}{extra}, "nbformat": 4, "nbformat_minor": 5'
    return ("{" + body + "}").encode()


MALFORMED = {
    "deeply_nested": (
        b'{"cells": [], "metadata": ' + b"[" * 100_000 + b"]" * 100_000 + b"}",
        "nested too deeply",
    ),
    "duplicate_cells": (_doc(_cell('"x = 1"'), ', "cells": []'), "`cells` appears twice"),
    "duplicate_source": (
        _doc('{"cell_type": "code", "source": "a", "source": "b"}'),
        "`source` appears twice",
    ),
    "not_utf8": (b'{"cells": ["\xff"]}', "not UTF-8"),
    "not_json": (b'{"cells": [', "invalid JSON"),
    "a_list": (b"[1, 2, 3]", "no `cells` list"),
    "cells_not_a_list": (b'{"cells": {"a": 1}}', "no `cells` list"),
    "cell_not_an_object": (_doc('"print(1)"'), "unexpected JSON structure"),
    "source_a_number": (_doc(_cell("42")), "cell 1 has a bad `source`"),
    "source_list_of_numbers": (_doc(_cell("[1, 2]")), "cell 1 has a bad `source`"),
    "lone_surrogate": (_doc(_cell("\"x = '\\ud800'\"")), "lone surrogate"),
    "huge_integer": (b'{"cells": [], "n": ' + b"9" * 5000 + b"}", "not a valid notebook"),
    "empty": (b"", "invalid JSON"),
    "null_bytes": (b"\0" * 10, "invalid JSON"),
}


@pytest.mark.parametrize("name", sorted(MALFORMED))
def test_a_malformed_notebook_is_a_read_error_and_the_run_goes_on(project, name):
    data, words = MALFORMED[name]
    (project / f"{name}.ipynb").write_bytes(data)
    (project / "train.py").write_text(BAD_PRINT)
    result = run_cli("check", "--format", "json", cwd=project)
    assert result.returncode == 1 and "Traceback" not in result.stderr, result.stderr
    found = {(d["path"], d["rule"]): d for d in json_findings(result.stdout, project)}
    assert words in found[(f"{name}.ipynb", "read-error")]["message"]
    assert ("train.py", "TF201") in found
    assert not [k for k in found if k[1] == "internal-error"]


def test_metadata_of_any_shape_is_no_crash(project):
    odd = _doc(_cell(json.dumps(BAD_PRINT))).replace(b'"metadata": {}', b'"metadata": [1]', 1)
    (project / "odd.ipynb").write_bytes(
        odd.replace(b'"metadata": {}, "nbformat"', b'"metadata": "x", "nbformat"')
    )
    code, diagnostics = _check_json(project)
    assert code == 1 and [d["rule"] for d in diagnostics] == ["TF201"]


def test_a_lone_carriage_return_in_a_cell_ends_a_line_as_in_python(project):
    (project / "cr.ipynb").write_bytes(_doc(_cell(json.dumps(BAD_PRINT.replace("\n", "\r")))))
    _, diagnostics = _check_json(project)
    assert [(d["rule"], d["cell"], d["line"], d["column"]) for d in diagnostics] == [
        ("TF201", 1, 5, 5)
    ]


_NOTEBOOK = _doc(",".join([_cell(json.dumps(BAD_PRINT)), _cell('["x = 1\\n", "%time y"]')]))


@settings(
    max_examples=300, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck)
)
@given(
    st.lists(
        st.tuples(st.integers(0, len(_NOTEBOOK) - 1), st.integers(0, 3), st.binary(max_size=4)),
        min_size=1,
        max_size=4,
    )
)
def test_mangled_notebooks_give_findings_or_a_read_error_never_an_internal_error(
    tmp_path_factory, edits
):
    """Random byte edits (deletions, insertions, replacements) of a valid notebook."""
    data = bytearray(_NOTEBOOK)
    for at, cut, insert in edits:
        data[at : at + cut] = insert
    folder = tmp_path_factory.mktemp("nb")
    (folder / "m.ipynb").write_bytes(bytes(data))
    outcome = lint_file(
        folder / "m.ipynb", Settings(rules=list(all_rules()), root=folder, fix=True)
    )
    assert not outcome.internal_error, outcome.diagnostics
    assert all(d.rule != "internal-error" for d in outcome.diagnostics)
    if any(d.rule == "read-error" for d in outcome.diagnostics):
        assert len(outcome.diagnostics) == 1 and outcome.diagnostics[0].message.startswith(
            "not a valid notebook"
        )


@pytest.mark.skipif(shutil.which("ruff") is None, reason="ruff is not installed")
def test_cells_are_numbered_as_ruff_numbers_them(project):
    """On one notebook (markdown cells before the code), ruff's cell number of an unused import
    and tf2lint's of a print, both in the same cell."""
    import subprocess

    def cell(kind: str, source: str) -> dict:
        extra = {"outputs": [], "execution_count": None} if kind == "code" else {}
        return {"cell_type": kind, "metadata": {}, "source": source, **extra}

    notebook = {
        "cells": [
            cell("markdown", "# Training"),
            cell("code", "import tensorflow as tf"),
            cell("markdown", "The step:"),
            cell("code", "import os\n\n@tf.function\ndef step(x):\n    print(x)\n    return x"),
        ],
        "metadata": {"language_info": {"name": "python"}},
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    (project / "nb.ipynb").write_text(json.dumps(notebook))
    ruff = subprocess.run(
        ["ruff", "check", "--isolated", "--select", "F401", "--output-format", "json", "nb.ipynb"],
        cwd=project,
        capture_output=True,
        text=True,
    )
    (theirs,) = json.loads(ruff.stdout)
    _, (ours,) = _check_json(project)
    assert theirs["cell"] == ours["cell"] == 4
    text = run_cli("check", "--output-format", "concise", cwd=project).stdout
    assert "nb.ipynb:cell 4:5:5: TF201" in text


def test_diff_on_a_notebook_is_a_source_diff_per_cell_as_ruffs(project):
    def cell(kind: str, source: str) -> dict:
        extra = {"outputs": [], "execution_count": None} if kind == "code" else {}
        return {"cell_type": kind, "metadata": {}, "source": source, **extra}

    step = "@tf.function\ndef step(x):\n    print(x)\n    return x"
    notebook = {
        "cells": [
            cell("markdown", "# Training"),
            cell("code", "import tensorflow as tf"),
            cell("code", step),
        ],
        "metadata": {},
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    (project / "nb.ipynb").write_text(json.dumps(notebook, indent=1))
    before = (project / "nb.ipynb").read_text()
    result = run_cli("check", "--diff", "--unsafe-fixes", cwd=project)
    assert result.returncode == 1
    assert result.stdout == (
        "--- nb.ipynb:cell 3\n"
        "+++ nb.ipynb:cell 3\n"
        "@@ -1,4 +1,4 @@\n"
        " @tf.function\n"
        " def step(x):\n"
        "-    print(x)\n"
        "+    tf.print(x)\n"
        "     return x\n"
        "\n"
        "Would fix 1 error.\n"
    )
    assert (project / "nb.ipynb").read_text() == before


# --- cells run top to bottom: a name bound again in a later cell ----------------------------
# Shaped on the TF guide's notebook (https://github.com/tensorflow/docs/blob/master/site/en/
# guide/function.ipynb), which binds `f`, `iterator` and `recursive_fn` again in later cells.

REBOUND_IN_LATER_CELLS = {
    # `iterator` is a Python list iterator in cell 2, a dataset iterator from cell 3 on: only
    # cell 2's `next()` is frozen at trace time.
    "iterator": (
        [
            "import tensorflow as tf",
            "@tf.function\ndef buggy_consume_next(iterator):\n  tf.print(next(iterator))\n\n"
            "iterator = iter([1, 2, 3])\nbuggy_consume_next(iterator)",
            "@tf.function\ndef good_consume_next(iterator):\n  tf.print(next(iterator))\n\n"
            "iterator = iter(tf.data.Dataset.from_tensor_slices([1, 2, 3]))\n"
            "good_consume_next(iterator)",
        ],
        [("TF203", 2, 3)],
    ),
    # Cell 2's `f` is a tf.function called in a loop with a new Python number each time (a
    # trace per call); cell 3's plain `f`, called the same way, does not hide it.
    "f": (
        [
            "import tensorflow as tf",
            "@tf.function\ndef f(x):\n  return x + 1\n\nfor step in range(10):\n  f(step)",
            "def f(x):\n  return x\n\nfor step in range(10):\n  f(step)",
        ],
        [("TF501", 2, 6)],
    ),
    # Cell 2's `recursive_fn` calls itself while cell 2 runs it; cell 3's plain one is not it.
    "recursive_fn": (
        [
            "import tensorflow as tf",
            "@tf.function\ndef recursive_fn(n):\n  if n > 0:\n    return recursive_fn(n - 1)\n"
            "  return 1\n\nrecursive_fn(tf.constant(5))",
            "def recursive_fn(n):\n  return recursive_fn(n - 1) if n > 0 else 1\n\nrecursive_fn(3)",
        ],
        [("TF505", 2, 4)],
    ),
}


@pytest.mark.parametrize("name", sorted(REBOUND_IN_LATER_CELLS))
def test_a_name_bound_again_in_a_later_cell_means_the_later_one_only_from_there(project, name):
    cells, expected = REBOUND_IN_LATER_CELLS[name]
    (project / "later.ipynb").write_bytes(_nb(*cells))
    _, diagnostics = _check_json(project)
    assert [(d["rule"], d["cell"], d["line"]) for d in diagnostics] == expected


def test_a_cell_with_a_leading_indent_runs_as_ipython_dedents_it(project):
    # IPython strips the first line's indentation from the cell: ` x = 1` is no syntax error.
    (project / "indented.ipynb").write_bytes(
        _nb("import tensorflow as tf", "  @tf.function\n  def f(x):\n    print(x)\n    return x")
    )
    _, diagnostics = _check_json(project)
    assert [(d["rule"], d["cell"], d["line"], d["column"]) for d in diagnostics] == [
        ("TF201", 2, 3, 5)
    ]
    result = run_cli("check", "--fix", "--unsafe-fixes", "indented.ipynb", cwd=project)
    assert result.returncode == 0, result.stdout
    fixed = json.loads((project / "indented.ipynb").read_text())["cells"][1]["source"]
    assert fixed == "  @tf.function\n  def f(x):\n    tf.print(x)\n    return x"


def test_evidence_steps_name_their_cell_and_the_line_within_it(project):
    (project / "ev.ipynb").write_bytes(
        _nb(
            "import tensorflow as tf",
            "def log_step(x):\n    print('step', x)\n    return x",
            "@tf.function\ndef train_step(x):\n    return log_step(x)",
        )
    )
    result = run_cli("check", "--format", "json", "ev.ipynb", cwd=project)
    schema = json.loads((ROOT / "docs" / "json-output.schema.json").read_text())
    jsonschema.validate(json.loads(result.stdout), schema)
    [finding] = json_findings(result.stdout, project)
    steps = finding["evidence"]["traced"]
    assert [(s["cell"], s["location"]["row"]) for s in steps] == [(2, 1), (3, 2)]
    explained = run_cli("explain", "ev.ipynb:cell 2:2", cwd=project).stdout
    assert "  2. ev.ipynb:cell 3:2:1  `train_step` is decorated with @tf.function" in explained


def test_a_fix_on_a_cells_first_line_stays_in_its_cell_when_the_cell_before_loses_a_line(
    project,
):
    """TF000 deletes a comment line that ends one code cell; the next code cell (after a
    markdown cell) starts with a line that TF101 fixes: that line stays in its own cell."""
    cells = [
        {"cell_type": "code", "metadata": {}, "outputs": [], "execution_count": None,
         "source": "import tensorflow as tf\nx = 1\n# tf2lint: disable=TF999"},
        {"cell_type": "markdown", "metadata": {}, "source": "# Training"},
        {"cell_type": "code", "metadata": {}, "outputs": [], "execution_count": None,
         "source": "y = tf.log(1.0)\nz = 2"},
    ]  # fmt: skip
    document = {"cells": cells, "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
    (project / "m.ipynb").write_text(json.dumps(document))
    code, _ = _check_json(project, "--fix")
    assert code == 0
    sources = [c["source"] for c in json.loads((project / "m.ipynb").read_text())["cells"]]
    assert sources == [
        "import tensorflow as tf\nx = 1",
        "# Training",
        "y = tf.math.log(1.0)\nz = 2",
    ]
    # The language server's notebooks take the same way back into cells.
    nb = notebook_from_cells([cells[0]["source"], cells[2]["source"]])
    old, _ = nb.module()
    new = old.replace("# tf2lint: disable=TF999\n", "").replace("tf.log", "tf.math.log")
    assert split_back(nb, old, new) == {1: sources[0], 2: sources[2]}


def _notebook(code: str, output_bytes: int) -> str:
    output = {"output_type": "display_data", "data": {"image/png": "A" * output_bytes}}
    cell = {
        "cell_type": "code",
        "metadata": {},
        "execution_count": 1,
        "source": code,
        "outputs": [output],
    }
    return json.dumps({"cells": [cell], "metadata": {}, "nbformat": 4, "nbformat_minor": 5})


def test_max_file_size_counts_a_notebooks_code_not_its_stored_outputs(project):
    (project / "pyproject.toml").write_text('[tool.tf2lint]\nmax-file-size = "2 KiB"\n')
    code = "import tensorflow as tf\n\n@tf.function\ndef step(x):\n    print(x)\n    return x\n"
    # a plot stored beside the code makes the file 20 times the limit: its code is still linted
    (project / "plots.ipynb").write_text(_notebook(code, 40_000))
    # code over the limit is not, whatever the outputs
    (project / "long.ipynb").write_text(_notebook(code + "y = 1\n" * 400, 10))
    (project / "long.py").write_text(code + "y = 1\n" * 400)
    _, found = _check_json(project)
    by_file = {(d["path"], d["rule"]): d for d in found}
    assert ("plots.ipynb", "TF201") in by_file
    assert "its code is" in by_file[("long.ipynb", "too-large")]["message"]
    assert ("long.py", "too-large") in by_file
