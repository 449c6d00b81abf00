"""The real editor path: Debian's Neovim (0.7, its built-in LSP client), headless, with the
configuration docs/editors.md gives, receives tf2lint's diagnostics and applies a quick fix
through `vim.lsp.buf.code_action()` (the code action menu answered by the test).

Skipped, saying so, where Neovim is not installed: `.ci/run` installs Debian's `neovim` when it
runs as root with apt-get; a test never installs system packages itself.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import ROOT

BAD = "import tensorflow as tf\n\n@tf.function\ndef step(x):\n    print(x)\n    return x\n"

DRIVER = r"""
local out = {}
local function done(status)
  out.status = status
  out.lines = vim.api.nvim_buf_get_lines(0, 0, -1, false)
  local file = io.open(vim.env.TF2LINT_RESULT, "w")
  file:write(vim.fn.json_encode(out))
  file:close()
  vim.cmd("qa!")
end

local function diagnostics()
  local found = {}
  for _, d in ipairs(vim.diagnostic.get(0)) do
    table.insert(found, { lnum = d.lnum, col = d.col, end_col = d.end_col, message = d.message,
                          source = d.source })
  end
  return found
end

if not vim.wait(60000, function() return #vim.diagnostic.get(0) > 0 end, 50) then
  return done("no diagnostics")
end
out.diagnostics = diagnostics()

-- The code action menu: answer it as a user would, picking the quick fix by its title.
vim.ui.select = function(items, opts, on_choice)
  out.offered = {}
  local chosen = nil
  for _, item in ipairs(items) do
    local title = opts.format_item(item)
    table.insert(out.offered, title)
    if title:find("Replace with `tf.print`", 1, true) then chosen = item end
  end
  on_choice(chosen)
end

local first = out.diagnostics[1]
vim.api.nvim_win_set_cursor(0, { first.lnum + 1, first.col })
vim.lsp.buf.code_action()
if not vim.wait(30000, function()
  return vim.api.nvim_buf_get_lines(0, 4, 5, false)[1] == "    tf.print(x)"
end, 50) then
  return done("the quick fix was not applied")
end
-- The edit goes back to the server as a change; the finding goes away.
if not vim.wait(30000, function() return #vim.diagnostic.get(0) == 0 end, 50) then
  out.after = diagnostics()
  return done("diagnostics did not clear")
end
done("ok")
"""


def _neovim_config() -> str:
    """The Lua configuration docs/editors.md gives for Neovim 0.7."""
    text = (ROOT / "docs" / "editors.md").read_text()
    section = text.split("## Neovim (0.7 and later, no plugins)", 1)[1]
    return re.search(r"```lua\n(.*?)```", section, re.DOTALL).group(1)


def _version(nvim: str) -> tuple[int, int]:
    first = subprocess.run([nvim, "--version"], capture_output=True, text=True).stdout
    match = re.search(r"NVIM v(\d+)\.(\d+)", first)
    return (int(match.group(1)), int(match.group(2))) if match else (0, 0)


@pytest.fixture(scope="module")
def nvim() -> str:
    found = shutil.which("nvim")
    if found is None:  # a test never installs system packages; .ci/run installs Neovim
        pytest.skip("Neovim is not installed (Debian: apt-get install neovim; .ci/run does)")
    assert _version(found) >= (0, 7), "the configuration targets Neovim 0.7 and later"
    return found


def test_neovim_gets_diagnostics_and_applies_a_quick_fix(tmp_path, nvim):
    (tmp_path / "pyproject.toml").write_text("[tool.tf2lint]\n")
    (tmp_path / "train.py").write_text(BAD)
    (tmp_path / "init.lua").write_text(_neovim_config())
    (tmp_path / "driver.lua").write_text(DRIVER)
    result = tmp_path / "result.json"
    env = {
        **os.environ,
        # the configuration runs `tf2lint lsp` from PATH, as a user's would
        "PATH": os.pathsep.join([str(Path(sys.executable).parent), os.environ.get("PATH", "")]),
        "TF2LINT_RESULT": str(result),
        "XDG_CONFIG_HOME": str(tmp_path / "config"),
        "XDG_DATA_HOME": str(tmp_path / "data"),
        "XDG_STATE_HOME": str(tmp_path / "state"),
        "XDG_CACHE_HOME": str(tmp_path / "cache"),
    }
    done = subprocess.run(
        [nvim, "--headless", "-u", "init.lua", "train.py", "-c", "luafile driver.lua"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=180,
    )
    assert result.exists(), f"Neovim wrote no result: {done.stdout}\n{done.stderr}"
    outcome = json.loads(result.read_text())
    assert outcome["status"] == "ok", outcome
    (d,) = outcome["diagnostics"]
    assert (d["lnum"], d["col"], d["end_col"]) == (4, 4, 12)
    assert d["message"].startswith("`print` in traced `step` runs only while tracing")
    assert d["source"] == "tf2lint"
    assert "tf2lint: Replace with `tf.print` (unsafe)" in outcome["offered"]
    assert "tf2lint: Disable TF201 for this line" in outcome["offered"]
    assert outcome["lines"] == BAD.replace("    print(x)", "    tf.print(x)").splitlines()
