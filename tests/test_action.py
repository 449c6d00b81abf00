"""The GitHub Action (action.yml), its steps run by a script as the Actions runner would run them:
`${{ inputs.* }}` filled in, `GITHUB_ACTION_PATH` the action's checkout (a copy of this
repository), `GITHUB_PATH` honoured between steps. The upload step (a `uses:` step, GitHub's own
action) cannot run here: the test checks that it is given the SARIF file the action wrote, and
that this file is valid SARIF 2.1.0. Installing tf2lint needs PyPI (skipped without it).
"""

from __future__ import annotations

import json
import os
import re
import subprocess
from pathlib import Path

import jsonschema
import pytest
import yaml

from conftest import ROOT, copy_repository, pypi_reachable

BAD = "import tensorflow as tf\n\n@tf.function\ndef step(x):\n    print(x)\n    return x\n"
ACTION = yaml.safe_load((ROOT / "action.yml").read_text())


def _expand(text: str, inputs: dict[str, str]) -> str:
    """The `${{ inputs.NAME }}` and `${{ inputs.NAME == 'V' }}` expressions this action uses."""

    def value(match: re.Match) -> str:
        name, compared = match.group(1), match.group(2)
        if compared is not None:
            return "true" if inputs[name] == compared else "false"
        return inputs[name]

    return re.sub(r"\$\{\{\s*inputs\.([\w-]+)(?:\s*==\s*'([^']*)')?\s*\}\}", value, text)


def run_action(workspace: Path, action_path: Path, runner_temp: Path, **given: str):
    """Run the action's steps in order; return the shell steps' results and the `uses:` steps'
    inputs."""
    inputs = {name: spec.get("default", "") for name, spec in ACTION["inputs"].items()}
    inputs.update(given)
    github_path = runner_temp / "github_path"
    github_path.write_text("")
    ran, used = [], []
    for step in ACTION["runs"]["steps"]:
        condition = _expand(str(step.get("if", "true")), inputs)
        if condition not in ("true", "True"):
            continue
        if "uses" in step:
            used.append(
                (step["uses"], {k: _expand(str(v), inputs) for k, v in step["with"].items()})
            )
            continue
        assert step["shell"] == "bash"
        env = {
            **os.environ,
            **{k: _expand(str(v), inputs) for k, v in step.get("env", {}).items()},
            "GITHUB_ACTION_PATH": str(action_path),
            "GITHUB_PATH": str(github_path),
            "RUNNER_TEMP": str(runner_temp),
        }
        env.pop("VIRTUAL_ENV", None)
        added = [line for line in github_path.read_text().splitlines() if line]
        env["PATH"] = os.pathsep.join([*reversed(added), env["PATH"]])
        done = subprocess.run(
            ["bash", "-e", "-c", _expand(step["run"], inputs)],
            cwd=workspace,
            env=env,
            capture_output=True,
            text=True,
            timeout=600,
        )
        ran.append((step["name"], done))
        if done.returncode != 0:
            break  # as a runner does: a failing step ends the job
    return ran, used


@pytest.fixture(scope="module")
def action_path(tmp_path_factory) -> Path:
    if not pypi_reachable():
        pytest.skip("the action pip-installs tf2lint's dependencies from PyPI; it is unreachable")
    return copy_repository(tmp_path_factory.mktemp("action"))


def test_action_installs_from_the_repository_annotates_and_writes_sarif(tmp_path, action_path):
    workspace = tmp_path / "workspace"
    (workspace / "src").mkdir(parents=True)
    (workspace / "pyproject.toml").write_text("[tool.tf2lint]\n")
    (workspace / "src" / "train.py").write_text(BAD)
    runner_temp = tmp_path / "runner-temp"
    runner_temp.mkdir()
    ran, used = run_action(workspace, action_path, runner_temp)

    names = [name for name, _ in ran]
    assert names == ["Install tf2lint", "tf2lint (SARIF)", "tf2lint (annotations)"]
    install, sarif, annotations = (done for _, done in ran)
    assert install.returncode == 0, install.stderr
    assert sarif.returncode == 0, sarif.stderr  # --exit-zero: the upload step still runs
    assert annotations.returncode == 1  # findings fail the job
    assert annotations.stdout.startswith(
        "::warning file=src/train.py,line=5,col=5,endLine=5,endColumn=13,title=TF201::"
    )
    # tf2lint came from the action's own checkout, into an environment of its own
    tf2lint = runner_temp / "tf2lint-venv" / "bin" / "tf2lint"
    assert tf2lint.exists()

    (upload, given) = used[0]
    assert upload.startswith("github/codeql-action/upload-sarif@")
    report = workspace / given["sarif_file"]
    log = json.loads(report.read_text())
    schema = json.loads((ROOT / "tests" / "data" / "sarif-schema-2.1.0.json").read_text())
    jsonschema.validate(log, schema)
    (result,) = log["runs"][0]["results"]
    assert result["ruleId"] == "TF201"
    location = result["locations"][0]["physicalLocation"]["artifactLocation"]
    assert (location["uri"], location["uriBaseId"]) == ("src/train.py", "%SRCROOT%")

    # the inputs: paths and flags reach tf2lint; upload-sarif "false" skips the upload
    ran, used = run_action(
        workspace,
        action_path,
        runner_temp,
        args="--ignore TF201",
        paths="src",
        **{"upload-sarif": "false"},
    )
    assert used == []
    assert [done.returncode for _, done in ran] == [0, 0, 0]
