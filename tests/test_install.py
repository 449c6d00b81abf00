"""Every install line in README.md and docs/ works on a fresh machine exactly as written.

The lines are read from the documents themselves. Each must be one of the forms that work from
this repository today (a clone's path, one of pyproject's extras, a wheel built from it, or a
package from PyPI that exists there); none may name a tf2lint release on PyPI. Then the README's
quick start, the language server's install line and the wheel line run verbatim, each in a fresh
virtual environment inside a copy of the repository (skipped when PyPI cannot be reached).
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from importlib import metadata
from pathlib import Path

import pytest

from conftest import ROOT, copy_repository, pypi_reachable
from tf2lint.base.config import read_toml

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
EXTRAS = set(
    tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]
)
BAD = "import tensorflow as tf\n\n@tf.function\ndef step(x):\n    print(x)\n    return x\n"


def install_lines() -> list[tuple[str, str]]:
    """(document, command) for each `pip install` / `pip wheel` in a code block or code span."""
    found = []
    for document in DOCUMENTS:
        if document.name == "rules.md":  # generated from the rules; no install lines
            continue
        text = document.read_text()
        fence = re.compile(r"^\s*```(\w*)\n(.*?)^\s*```", re.DOTALL | re.MULTILINE)
        blocks = [body for language, body in fence.findall(text) if language in ("", "sh")]
        spans = re.findall(r"`([^`\n]+)`", fence.sub("", text))
        for chunk in [*"\n".join(blocks).splitlines(), *spans]:
            for command in re.split(r"\s*(?:&&|;)\s*", chunk.split("  #")[0]):
                if re.search(r"\bpip (install|wheel)\b", command):
                    found.append((document.name, command.strip()))
    return found


# What `pip install` may be given: this repository (a clone's path, with an extra of pyproject's),
# a wheel built from it, or a PyPI package that exists (the lsp extra's one dependency).
_TARGET = re.compile(
    r"""(?x)
    (?P<local>\.|/tmp/tf2lint)
  | (?P<q>["']) \. \[ (?P<extra>[\w-]+) \] (?P=q)
  | dist/tf2lint-\*\.whl
  | "pygls>=2,<3"
    """
)


def test_the_documents_have_install_lines():
    documents = {document for document, _ in install_lines()}
    assert {"README.md", "editors.md", "ci.md"} <= documents


@pytest.mark.parametrize("document, command", install_lines())
def test_each_install_line_names_what_exists_today(document, command):
    words = command.split()
    tool = next(i for i, w in enumerate(words) if w == "pip" or w.endswith("/pip")) + 1
    if words[tool] == "wheel":
        assert command.endswith("pip wheel --no-deps --wheel-dir dist ."), command
        return
    targets = [w for w in words[tool + 1 :] if not w.startswith("-")]
    assert targets, command
    for target in targets:
        match = _TARGET.fullmatch(target)
        assert match, f"{document}: `{command}`: {target} is not installable from here today"
        if match.group("extra"):
            assert match.group("extra") in EXTRAS, f"{document}: no extra {target}"


def test_no_document_names_a_release_that_does_not_exist():
    for document in [*DOCUMENTS, ROOT / ".pre-commit-hooks.yaml", ROOT / "action.yml"]:
        text = document.read_text()
        assert "tf2lint[" not in text, document  # `pip install "tf2lint[lsp]"`: not on PyPI
        assert not re.search(r"pip install\s+tf2lint\b", text), document
        assert "rev: v0" not in text, document  # the repository has no release tags


# --- the lines, run ------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def clone(tmp_path_factory) -> Path:
    if not pypi_reachable():
        pytest.skip("installing tf2lint's dependencies needs PyPI; it is unreachable")
    return copy_repository(tmp_path_factory.mktemp("clone"), with_tests=True)


def _fresh_venv(folder: Path) -> dict[str, str]:
    subprocess.run([sys.executable, "-m", "venv", str(folder)], check=True, timeout=300)
    env = {**os.environ, "VIRTUAL_ENV": str(folder)}
    env["PATH"] = os.pathsep.join([str(folder / "bin"), os.environ.get("PATH", "")])
    env.pop("PYTHONPATH", None)
    return env


def _run(command: str, cwd: Path, env: dict[str, str], stdin: bytes | None = None):
    return subprocess.run(
        ["bash", "-e", "-c", command],
        cwd=cwd,
        env=env,
        capture_output=True,
        input=stdin,
        timeout=900,
    )


def _line(document: Path, pattern: str) -> str:
    """The one line of a code block in ``document`` that matches ``pattern``, verbatim."""
    (line,) = [
        line.strip()
        for line in document.read_text().splitlines()
        if re.search(pattern, line) and not line.lstrip().startswith(("-", "`", "("))
    ]
    return line


def _readme_quick_start() -> str:
    text = (ROOT / "README.md").read_text()
    section = text.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```sh\n(.+?)\n```", section)[0]


def _lsp_handshake() -> bytes:
    messages = [
        {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}},
        {"jsonrpc": "2.0", "method": "initialized", "params": {}},
        {"jsonrpc": "2.0", "id": 2, "method": "shutdown"},
        {"jsonrpc": "2.0", "method": "exit"},
    ]
    out = b""
    for message in messages:
        body = json.dumps(message).encode()
        out += f"Content-Length: {len(body)}\r\n\r\n".encode() + body
    return out


def test_quick_start_and_the_lsp_extra_in_a_fresh_environment(clone, tmp_path):
    env = _fresh_venv(tmp_path / "venv")
    quick_start = _readme_quick_start()
    assert quick_start == "pip install . && tf2lint check fixtures --exit-zero"
    done = _run(quick_start, clone, env)
    assert done.returncode == 0, done.stderr.decode()[-3000:]
    assert b"TF201" in done.stdout and re.search(rb"Found \d+ errors\.", done.stdout)

    # Without the lsp extra, the language server says what to install.
    hint = _run("tf2lint lsp", clone, env)
    assert hint.returncode == 2 and b'pip install "pygls>=2,<3"' in hint.stderr
    done = _run(_line(ROOT / "docs" / "editors.md", r"pip install \"\.\[lsp\]\""), clone, env)
    assert done.returncode == 0, done.stderr.decode()[-3000:]
    served = _run("tf2lint lsp", clone, env, stdin=_lsp_handshake())
    assert served.returncode == 0 and b'"id": 2' in served.stdout


def test_the_wheel_line_installs_everything_tf2lint_needs(clone, tmp_path):
    env = _fresh_venv(tmp_path / "venv")
    wheel_line = _line(ROOT / "README.md", r"pip wheel")
    assert "pip install dist/tf2lint-*.whl" in wheel_line
    done = _run(wheel_line, clone, env)
    assert done.returncode == 0, done.stderr.decode()[-3000:]
    # Elsewhere than the clone: the rules' data and the fixtures came with the wheel.
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "train.py").write_text(BAD)
    linted = _run("tf2lint check train.py", elsewhere, env)
    assert linted.returncode == 1 and b" --> train.py:5:5" in linted.stdout
    explained = _run("tf2lint explain TF101", elsewhere, env)
    assert explained.returncode == 0 and b"tf.gfile" in explained.stdout
    where = _run("python -c 'import tf2lint; print(tf2lint.__file__)'", elsewhere, env)
    assert str(tmp_path / "venv").encode() in where.stdout  # the wheel's, not the clone's


def test_the_test_extra_installs_one_tensorflow():
    """tf-keras requires the `tensorflow` distribution: naming `tensorflow-cpu` beside it
    installed two TensorFlows into one folder. The extra names the one tf-keras asks for."""
    extra = read_toml(ROOT / "pyproject.toml")["project"]["optional-dependencies"]
    names = {re.split(r"[<>=!~ ;\[]", r, maxsplit=1)[0].lower() for r in extra["test"]}
    tensorflows = {n for n in names if n in ("tensorflow", "tensorflow-cpu", "tensorflow-gpu")}
    wanted = {
        re.split(r"[<>=!~ ;\[]", r, maxsplit=1)[0].lower()
        for r in metadata.requires("tf_keras") or []
        if r.lower().startswith("tensorflow")
    }
    assert tensorflows == wanted == {"tensorflow"}
