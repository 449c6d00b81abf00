"""A crash, a memory blow-up or a hang in one file costs that file only, in `check` and in `lsp`.

Each case lints the bad input next to an ordinary file with a finding: that finding is still
reported, the bad file gets one finding naming it, nothing prints a traceback, and the exit code
is the documented one (1 for findings, 2 when tf2lint itself crashed).
"""

from __future__ import annotations

import asyncio
import os
import signal
import sys
import time
from pathlib import Path

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

from conftest import ROOT, json_findings, run_cli
from tf2lint.linting import syntax
from tf2lint.linting.plugins import all_rules
from tf2lint.linting.rule import Rule
from tf2lint.run import runner
from tf2lint.run.runner import Settings, run

BAD_PRINT = "import tensorflow as tf\n\n@tf.function\ndef step(x):\n    print(x)\n    return x\n"
CHAIN = "import tensorflow as tf\nok = " + " and ".join(["x"] * 8000) + "\n"
# A plugin whose rule kills its process (SIGSEGV) on a module naming `crash_here`: a native crash
# no pre-check foresees (see tests/data/crash_plugin).
CRASH_PLUGIN = ROOT / "tests" / "data" / "crash_plugin"
CRASH_ENV = {**os.environ, "PYTHONPATH": str(CRASH_PLUGIN)}


def _json(result, project: Path) -> dict[tuple[str, str], dict]:
    assert "Traceback" not in result.stderr, result.stderr
    return {(d["path"], d["rule"]): d for d in json_findings(result.stdout, project)}


def _with_ordinary_files(project: Path, count: int = 3) -> None:
    (project / "train.py").write_text(BAD_PRINT)
    for i in range(count):
        (project / f"ok_{i}.py").write_text(f"x = {i}\n")


def _settings(root: Path, **kwargs) -> Settings:
    return Settings(rules=list(all_rules()), root=root, **kwargs)


# --- libcst's native parser --------------------------------------------------------------------


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_chain_of_8000_ands_is_reported_not_parsed(project, jobs):
    """Python accepts it; libcst's parser segfaulted on it (rc 139, no output, with -j 1)."""
    (project / "chain.py").write_text(CHAIN)
    _with_ordinary_files(project)
    started = time.monotonic()
    result = run_cli("check", "--format", "json", "--jobs", jobs, cwd=project)
    found = _json(result, project)
    assert result.returncode == 1
    chain = found[("chain.py", "too-large")]
    assert chain["line"] == 2 and "8,000 `and` operands" in chain["message"]
    assert ("train.py", "TF201") in found
    assert not [k for k in found if k[1] in ("internal-error", "parser-crash")]
    assert time.monotonic() - started < 120


def test_the_segfault_itself_is_contained_when_no_precheck_catches_it(project, monkeypatch):
    """Without the pre-check, libcst really crashes: the worker dies, the file is reported."""
    monkeypatch.setattr(syntax, "MAX_BOOLEAN_OPERANDS", 10**9)  # forked workers inherit it
    (project / "chain.py").write_text(CHAIN)
    _with_ordinary_files(project)
    result = run(sorted(project.glob("*.py")), _settings(project), jobs=2, cache=False)
    found = {(Path(d.path).name, d.rule): d for d in result.diagnostics}
    crash = found[("chain.py", "parser-crash")]
    assert "SIGSEGV" in crash.message and "not linted" in crash.message
    assert ("train.py", "TF201") in found
    assert result.internal_error  # tf2lint failed on a file: exit 2
    assert len(result.outcomes) == 5


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_worker_crash_costs_its_file_only_and_exits_2(project, jobs):
    (project / "crash.py").write_text("crash_here = 1\n")
    (project / "after.py").write_text(BAD_PRINT)  # linted by the worker that replaces it
    _with_ordinary_files(project, count=8)
    result = run_cli(
        "check", "--format", "json", "--verbose", "--jobs", jobs, cwd=project, env=CRASH_ENV
    )
    found = _json(result, project)
    assert result.returncode == 2  # a crash is an internal error, never "findings" (1)
    assert "SIGSEGV" in found[("crash.py", "parser-crash")]["message"]
    assert ("train.py", "TF201") in found and ("after.py", "TF201") in found
    assert "tf2lint: files checked: 11," in result.stderr


def test_a_worker_crash_in_text_output_names_the_file(project):
    (project / "crash.py").write_text("crash_here = 1\n")
    _with_ordinary_files(project)
    result = run_cli("check", "--jobs", "1", cwd=project, env=CRASH_ENV)
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert "parser-crash tf2lint crashed on this file (SIGSEGV)" in result.stdout
    assert " --> crash.py:1:1\n" in result.stdout
    assert " --> train.py:5:5\n" in result.stdout


# --- time and memory ---------------------------------------------------------------------------


class _SleepsOnMarker(Rule):
    id = "XSLEEP"
    name = "sleeps"
    category = "api-misuse"
    message = "never reported"
    rationale = "test"
    requires_tensorflow = False

    def visit_Name(self, node):
        if node.value == "sleep_here":
            time.sleep(600)


def test_a_file_over_the_time_limit_is_stopped_and_reported(project):
    (project / "slow.py").write_text("sleep_here = 1\n")
    _with_ordinary_files(project)
    rules = [*all_rules(), _SleepsOnMarker]
    settings = Settings(rules=rules, root=project, time_limit=2.0)
    started = time.monotonic()
    result = run(sorted(project.glob("*.py")), settings, jobs=2, cache=False)
    assert time.monotonic() - started < 60
    found = {(Path(d.path).name, d.rule): d for d in result.diagnostics}
    assert "more than 2 s" in found[("slow.py", "timeout")].message
    assert ("train.py", "TF201") in found
    assert not result.internal_error  # a limit, reported like a finding (exit 1)


class _LostWhileFlagged(Rule):
    """While a flag file exists, its worker sleeps past the time limit (a loaded machine) or
    is killed with SIGKILL (the out-of-memory killer acting for another process)."""

    id = "XLOST"
    name = "lost-once"
    category = "api-misuse"
    message = "never reported"
    rationale = "test"
    requires_tensorflow = False
    flag: Path
    how = "timeout"

    def visit_Module(self, node):
        if self.flag.exists():
            if self.how == "timeout":
                time.sleep(600)
            os.kill(os.getpid(), signal.SIGKILL)


@pytest.mark.parametrize(("how", "reported"), [("timeout", "timeout"), ("kill", "too-large")])
def test_a_file_lost_to_time_or_a_kill_is_linted_again_next_run(project, how, reported):
    """A timeout or a worker killed from outside says nothing about the file: never cached."""
    (project / "train.py").write_text(BAD_PRINT)
    _LostWhileFlagged.flag, _LostWhileFlagged.how = project.parent / "loaded", how
    _LostWhileFlagged.flag.write_text("")
    settings = Settings(rules=[*all_rules(), _LostWhileFlagged], root=project, time_limit=2.0)
    first = run([project / "train.py"], settings, jobs=1, cache=True)
    assert {d.rule for d in first.diagnostics} == {reported}
    _LostWhileFlagged.flag.unlink()
    second = run([project / "train.py"], settings, jobs=1, cache=True)
    assert {d.rule for d in second.diagnostics} == {"TF201"}


def test_a_file_needing_more_memory_than_a_worker_may_use_is_too_large(project):
    lines = [BAD_PRINT] + [f"x{i} = tf.constant([{i}, {i + 1}])\n" for i in range(30_000)]
    (project / "generated.py").write_text("".join(lines))  # about 1 MB, 900 MB to lint
    _with_ordinary_files(project)
    settings = _settings(project, memory_limit=300 * 2**20, max_file_size=10 * 2**20)
    result = run(sorted(project.glob("*.py")), settings, jobs=2, cache=False)
    found = {(Path(d.path).name, d.rule): d for d in result.diagnostics}
    assert "needs more memory" in found[("generated.py", "too-large")].message
    assert ("train.py", "TF201") in found
    assert not [d for d in result.diagnostics if d.rule == "internal-error"]


def _tree_rss(pid: int) -> int:
    """Bytes resident in ``pid`` and its descendants, now: the benchmark's own sampler."""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        from rss import tree_rss
    finally:
        sys.path.pop(0)
    return tree_rss(pid)


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs Linux /proc")
def test_a_5mb_generated_file_is_reported_and_the_run_stays_small(project):
    """It took 8.4 GB and 111 s; a 50 MB one was killed by the kernel with every result lost."""
    import subprocess

    row = "x{0} = tf.constant([{0}, {0}, {0}, {0}], name='generated_constant_{0}')\n"
    with open(project / "generated.py", "w") as handle:
        handle.write("import tensorflow as tf\n")
        handle.writelines(row.format(i) for i in range(70_000))
    assert (project / "generated.py").stat().st_size > 5_000_000
    with open(project / "huge.py", "wb") as handle:  # 50 MB, sparse: never read
        handle.truncate(50 * 2**20)
    _with_ordinary_files(project)
    started = time.monotonic()
    command = [sys.executable, "-m", "tf2lint", "check", "--format", "json", "--jobs", "2"]
    process = subprocess.Popen(
        command, cwd=project, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    peak = 0
    while process.poll() is None:
        peak = max(peak, _tree_rss(process.pid))
        time.sleep(0.02)
    out, err = process.communicate()
    elapsed = time.monotonic() - started
    result = subprocess.CompletedProcess(command, process.returncode, out, err)
    found = _json(result, project)
    assert result.returncode == 1
    assert "more than max-file-size" in found[("generated.py", "too-large")]["message"]
    assert "50.0 MiB" in found[("huge.py", "too-large")]["message"]
    assert ("train.py", "TF201") in found
    print(f"\n5 MB + 50 MB files: peak RSS {peak / 2**20:.0f} MiB, {elapsed:.1f} s")
    assert 0 < peak < 1.5 * 2**30  # 0: the sampler saw nothing


def test_max_file_size_comes_from_the_configuration(project):
    (project / "pyproject.toml").write_text('[tool.tf2lint]\nmax-file-size = "1 KiB"\n')
    (project / "big.py").write_text(BAD_PRINT + "#" * 2000 + "\n")
    (project / "train.py").write_text(BAD_PRINT)
    found = _json(run_cli("check", "--format", "json", cwd=project), project)
    message = found[("big.py", "too-large")]["message"]
    assert "more than max-file-size (1.0 KiB)" in message and "raise `max-file-size`" in message
    assert ("train.py", "TF201") in found


@pytest.mark.parametrize("value", ['"lots"', "0", "-1", '"1 parsec"', "true"])
def test_a_bad_max_file_size_is_a_configuration_error(project, value):
    (project / "pyproject.toml").write_text(f"[tool.tf2lint]\nmax-file-size = {value}\n")
    (project / "train.py").write_text(BAD_PRINT)
    result = run_cli("check", cwd=project)
    assert result.returncode == 2 and "`max-file-size` must be a size" in result.stderr


# --- the language server -----------------------------------------------------------------------


@pytest.fixture
def lsp_folder(tmp_path: Path) -> Path:
    (tmp_path / "pyproject.toml").write_text("[tool.tf2lint]\n")
    return tmp_path


@pytest_lsp.fixture(
    config=ClientServerConfig(
        server_command=[sys.executable, "-m", "tf2lint", "lsp"], server_env=CRASH_ENV
    )
)
async def client(lsp_client: LanguageClient, lsp_folder: Path):
    """A language server with the crashing plugin installed (the fixture's value is the client)."""
    await lsp_client.initialize_session(
        types.InitializeParams(
            capabilities=types.ClientCapabilities(), root_uri=lsp_folder.as_uri()
        )
    )
    yield
    await lsp_client.shutdown_session()


async def _published(client: LanguageClient, uri: str, check, timeout: float = 60.0):
    deadline = time.monotonic() + timeout
    while True:
        found = client.diagnostics.get(uri)
        if found is not None and check(found):
            return found
        assert time.monotonic() < deadline, f"diagnostics for {uri}: {found}"
        await asyncio.sleep(0.02)


def _open(client: LanguageClient, uri: str, text: str) -> None:
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(
                uri=uri, language_id="python", version=1, text=text
            )
        )
    )


@pytest.mark.asyncio
async def test_the_language_server_outlives_a_worker_crash(client, lsp_folder):
    crash = (lsp_folder / "crash.py").as_uri()
    _open(client, crash, "crash_here = 1\n")
    (d,) = await _published(client, crash, lambda ds: len(ds) == 1)
    assert d.code == "parser-crash" and "SIGSEGV" in d.message
    chain = (lsp_folder / "chain.py").as_uri()
    _open(client, chain, CHAIN)
    (d,) = await _published(client, chain, lambda ds: len(ds) == 1)
    assert d.code == "too-large" and d.range.start.line == 1
    train = (lsp_folder / "train.py").as_uri()  # a fresh worker lints the next document
    _open(client, train, BAD_PRINT)
    (d,) = await _published(client, train, lambda ds: len(ds) == 1)
    assert d.code == "TF201"


class _RustOutOfMemoryWithBacktrace(Rule):
    """What libcst's parser does when an allocation fails under RUST_BACKTRACE=1: the
    out-of-memory line, a long backtrace, then abort."""

    id = "XOOM"
    name = "rust-out-of-memory"
    category = "api-misuse"
    message = "never reported"
    rationale = "test"
    requires_tensorflow = False

    def visit_Name(self, node):
        if node.value == "out_of_memory_here":
            os.write(2, b"memory allocation of 1073741824 bytes failed\n")
            frame = b"   7: libcst_native::tokenizer::core::TokState::next\n      at src/x.rs:1\n"
            os.write(2, b"stack backtrace:\n" + frame * 2000)  # 150 KB
            os.abort()


def test_an_out_of_memory_abort_followed_by_a_backtrace_is_too_large(project):
    (project / "oom.py").write_text("out_of_memory_here = 1\n")
    _with_ordinary_files(project)
    settings = Settings(rules=[*all_rules(), _RustOutOfMemoryWithBacktrace], root=project)
    result = run(sorted(project.glob("*.py")), settings, jobs=2, cache=False)
    found = {(Path(d.path).name, d.rule): d for d in result.diagnostics}
    assert "needs more memory" in found[("oom.py", "too-large")].message
    assert ("train.py", "TF201") in found and not result.internal_error


def _says_out_of_memory_then_aborts(_state, task: str) -> str:
    if task == "says":
        os.write(2, b"memory allocation of 1073741824 bytes failed\n")
        return "answered"
    os.abort()


def test_out_of_memory_already_copied_to_stderr_still_means_too_large():
    """The worker runs its next task while the parent copies the last one's output, so Rust's
    out-of-memory line can reach our stderr before the worker is seen to die (a CI flake)."""
    from tf2lint.run.isolation import Lost, Pool

    with Pool(_says_out_of_memory_then_aborts, None, jobs=1, time_limit=60) as pool:
        results = dict(pool.map([(1, "says"), (2, "aborts")]))
    assert results[1] == "answered"
    assert isinstance(results[2], Lost) and results[2].kind[0] == "too-large"


def _answers_or_sleeps(_state, task: str) -> int:
    if task == "slow":
        time.sleep(120)
    return os.getpid()


def test_closing_the_pool_stops_the_workers_of_a_map_its_caller_left():
    """Ctrl-C raised while the run handles one result leaves the map suspended, its workers on
    their next tasks: closing the pool must stop them (a fix run's workers went on writing,
    one file every 120 s in test_writes' hook, and the interpreter's exit waited for them)."""
    from tf2lint.run.isolation import Pool

    pool = Pool(_answers_or_sleeps, None, jobs=2, time_limit=600)
    results = pool.map([(0, "fast"), (1, "slow"), (2, "slow"), (3, "slow")])
    assert next(results)[0] == 0  # the caller takes a result and goes no further
    workers = [w.process for busy in pool.busy for w in busy]
    assert len(workers) == 2 and all(p.is_alive() for p in workers)
    pool.close()
    assert not any(p.is_alive() for p in workers)
    results.close()  # the map's own cleanup finds nothing left to stop


def test_jobs_never_exceed_the_cpus_this_process_may_use(project, monkeypatch):
    """`jobs = 100000` in a linted repository's configuration would fork a worker per file."""
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {0, 1}, raising=False)
    settings = _settings(project)
    assert runner._Workers(settings, 100000).jobs == 2
    assert runner._Workers(settings, None).jobs == 2
    assert runner._Workers(settings, 1).jobs == 1
    (project / "pyproject.toml").write_text("[tool.tf2lint]\njobs = 100000\n")
    _with_ordinary_files(project, count=30)
    result = run_cli("check", ".", "--no-cache", "--output-format", "json", cwd=project)
    assert result.returncode == 1 and ("train.py", "TF201") in _json(result, project)
