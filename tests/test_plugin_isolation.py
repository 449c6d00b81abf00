"""A third-party plugin cannot break a run: what it prints never reaches stdout (the report, or
the language server's protocol), and its exceptions and sys.exit() are contained and reported
naming it, in `check` and in `lsp` alike."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest
import pytest_lsp
from pytest_lsp import ClientServerConfig, LanguageClient
from test_lsp import _diagnostics, _open, _start

from conftest import ROOT, json_findings, run_cli

# noisy: prints at import, in its hook and in a rule; its XNOISY2 calls sys.exit(0) on
# `exit_here`. exiting: sys.exit(0) at import. raising: its hook raises.
PLUGINS = ROOT / "tests" / "data" / "unruly_plugins"
ENV = {**os.environ, "PYTHONPATH": str(PLUGINS)}
BAD = (
    "import tensorflow as tf\n\n@tf.function\ndef step(x):\n    print(x)\n    return x\n"
    "noisy_here = 1\n"
)


@pytest.fixture
def code(project: Path) -> Path:
    (project / "train.py").write_text(BAD)
    (project / "exits.py").write_text("exit_here = 1\n")
    return project


@pytest.mark.parametrize("output", ["json", "sarif"])
def test_unruly_plugins_leave_stdout_parseable_and_are_named(code, output):
    result = run_cli("check", ".", "--no-cache", "--output-format", output, cwd=code, env=ENV)
    json.loads(result.stdout)  # nothing a plugin printed is in it
    assert "noise at import" not in result.stdout and "noise while" not in result.stdout
    stderr = result.stderr
    assert "plugin noisy: printed to stdout while loading" in stderr
    assert "plugin exiting: loading failed (SystemExit: 0); its rules do not run" in stderr
    assert "plugin raising: listing its rules failed (RuntimeError:" in stderr
    assert result.returncode == 2  # rules that should have run did not
    if output == "json":
        found = {(d["path"], d["rule"]): d for d in json_findings(result.stdout, code)}
        assert ("train.py", "TF201") in found and ("train.py", "XNOISY1") in found
        crash = found[("exits.py", "internal-error")]["message"]
        assert "rule XNOISY2 of plugin noisy: SystemExit: 0" in crash


def test_without_the_plugins_nothing_is_reported_about_them(code):
    result = run_cli("check", ".", "--no-cache", cwd=code)
    assert "plugin" not in result.stderr and result.returncode == 1


@pytest_lsp.fixture(
    config=ClientServerConfig(
        server_command=[sys.executable, "-m", "tf2lint", "lsp"], server_env=ENV
    )
)
async def client(lsp_client: LanguageClient, tmp_path: Path):
    (tmp_path / "pyproject.toml").write_text("[tool.tf2lint]\n")
    await _start(lsp_client, tmp_path)
    yield
    await lsp_client.shutdown_session()


@pytest.mark.asyncio
async def test_the_language_server_survives_unruly_plugins_and_names_them(client, tmp_path):
    uri = (tmp_path / "train.py").as_uri()
    _open(client, uri, BAD)
    found = await _diagnostics(client, uri, lambda ds: any(d.code == "TF201" for d in ds))
    codes = {d.code for d in found}
    assert {"TF201", "XNOISY1", "internal-error", "plugin-warning"} <= codes
    messages = " ".join(d.message for d in found)
    assert "plugin exiting: loading failed" in messages
    assert "plugin raising: listing its rules failed" in messages
    exits = (tmp_path / "exits.py").as_uri()
    _open(client, exits, "exit_here = 1\n")
    found = await _diagnostics(client, exits, lambda ds: len(ds) > 0)
    assert any("rule XNOISY2 of plugin noisy: SystemExit" in d.message for d in found)


def test_python_dash_m_never_imports_a_plugin_from_the_linted_folder(project):
    """`python -m tf2lint` puts the working folder on sys.path: a linted checkout that carries
    a plugin's metadata (a *.dist-info with a tf2lint entry point) must not have it run."""
    info = project / "planted_plugin-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: planted-plugin\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text("[tf2lint]\nplanted = planted_plugin\n")
    marker = project / "ran.txt"
    (project / "planted_plugin.py").write_text(
        f"open({str(marker)!r}, 'w').write('the linted folder ran code')\n"
    )
    (project / "train.py").write_text(BAD)
    result = run_cli("check", ".", "--no-cache", cwd=project)
    assert not marker.exists(), result.stderr
    assert "plugin" not in result.stderr and result.returncode == 1
