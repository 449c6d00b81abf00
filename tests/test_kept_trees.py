"""The second pass reuses the first pass's trees: each worker keeps what it parsed (within a
budget), and the pool sends a file linted again to the worker that linted it first."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from tf2lint.linting.plugins import all_rules
from tf2lint.run import runner
from tf2lint.run.isolation import Lost, Pool
from tf2lint.run.runner import Settings, run

PACKAGE = Path(__file__).parent / "data" / "trainpkg"


def _pid(_state, task: str) -> tuple[str, int]:
    if task == "die":
        os._exit(3)
    return task, os.getpid()


def test_a_key_run_before_goes_back_to_the_worker_that_ran_it():
    with Pool(_pid, None, jobs=2, time_limit=60) as pool:
        first = {key: pid for key, (_, pid) in pool.map((k, "x") for k in range(8))}
        workers = sorted(set(first.values()))
        assert len(workers) == 2  # each took two tasks at once
        # Two tasks fill a worker's queue: the worker they prefer takes both, the other none
        # (whichever of the two workers a map hands tasks to first).
        for pid in (*workers, *workers):
            mine = [k for k, p in first.items() if p == pid][:2]
            again = dict(pool.map((k, "x") for k in mine))
            assert {p for _, p in again.values()} == {pid}


def test_a_dead_workers_tasks_go_to_another():
    with Pool(_pid, None, jobs=2, time_limit=60) as pool:
        first = {key: pid for key, (_, pid) in pool.map((k, "x") for k in range(4))}
        doomed = first[0]
        theirs = [k for k, pid in first.items() if pid == doomed]
        again = dict(pool.map([(0, "die"), *((k, "x") for k in theirs[1:]), (9, "x")]))
    assert isinstance(again[0], Lost)
    assert all(again[k][1] != doomed for k in (*theirs[1:], 9))


def test_a_worker_keeps_a_tree_within_its_budget_and_gives_it_once():
    kept = runner._KeptTrees()
    first_pass = kept.parser(keep=40)
    small, big = "x = 1\n", "y = [" + "1, " * 20 + "]\n"
    tree = first_pass(small)
    assert first_pass(big) is not first_pass(big)  # over the budget: parsed each time
    second_pass = kept.parser(keep=0)
    assert second_pass(small) is tree and kept.size == 0  # kept, and given back once
    assert second_pass(small) is not tree


def _parses(log: Path) -> list[str]:
    return log.read_text().splitlines() if log.exists() else []


@pytest.fixture
def counted_parses(tmp_path, monkeypatch):
    """Each file libcst parses in the workers, by its first line, in ``parses.log``."""
    from tf2lint.base import parsing

    log = tmp_path / "parses.log"
    parse = parsing.parse_module

    def counting(text: str):
        with log.open("a") as out:
            out.write(text.partition("\n")[0] + "\n")
        return parse(text)

    monkeypatch.setattr(parsing, "parse_module", counting)
    return log


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_file_linted_again_is_not_parsed_again(tmp_path, counted_parses, monkeypatch, jobs):
    folder = tmp_path / "project"
    shutil.copytree(PACKAGE, folder)
    files = sorted((folder / "trainpkg").glob("*.py"))
    for path in files:  # a first line naming the file, for the parse log
        path.write_text(f"# {path.name}\n" + path.read_text())
    settings = Settings(rules=list(all_rules()), root=folder)

    kept = run(files, settings, jobs=jobs, cache=False)
    parsed = _parses(counted_parses)
    assert {"# model.py", "# run.py", "# losses.py"} <= set(parsed)  # linted twice (test_project)
    if jobs == 1:
        assert len(parsed) == len(set(parsed))  # each once
    # model.py learns from the other modules that its Keras call is traced (tests/test_project)
    assert ("model.py", "TF201", 11) in {
        (Path(d.path).name, d.rule, d.line) for d in kept.diagnostics
    }

    counted_parses.unlink()
    monkeypatch.setattr(runner, "KEPT_SOURCE", 0)
    parsed_twice = run(files, settings, jobs=jobs, cache=False)
    assert len(_parses(counted_parses)) > len(parsed)  # the second pass parsed again
    assert [d.__dict__ for d in parsed_twice.diagnostics] == [d.__dict__ for d in kept.diagnostics]
