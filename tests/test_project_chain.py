"""The project resolves Keras-ness along inheritance chains across modules, in any order the
modules come in, with each base resolved once (it was quadratic: 8M resolutions for 4,000)."""

from __future__ import annotations

import sys

import pytest

from conftest import ROOT
from tf2lint.analysis.project import ClassSummary, ModuleSummary, Project, second_pass

sys.path.insert(0, str(ROOT / "benchmarks"))
from class_chain import chain


@pytest.mark.parametrize("order", ["last-first", "first-first"])
def test_every_class_of_a_chain_learns_it_is_a_keras_layer(order, monkeypatch):
    summaries = chain(600)
    if order == "first-first":
        summaries = dict(sorted(summaries.items()))
    calls = []
    resolve = Project.resolve
    monkeypatch.setattr(
        Project, "resolve", lambda self, q, _depth=0: calls.append(q) or resolve(self, q, _depth)
    )
    again = second_pass(summaries)
    assert sorted(again) == list(range(1, 600))
    for i in range(1, 600):
        assert again[i].classes == {f"C{i}": ("layer", False)}
        assert set(again[i].traced) == {f"C{i}.call"}
    assert len(calls) == 599  # each base once


def test_a_cycle_of_bases_gives_no_kind_and_ends():
    summaries = {
        0: ModuleSummary("a", classes={"A": ClassSummary(bases=["b.B"])}),
        1: ModuleSummary("b", classes={"B": ClassSummary(bases=["a.A"])}),
    }
    assert second_pass(summaries) == {}


def test_the_first_base_with_a_kind_decides():
    summaries = {
        0: ModuleSummary("m", classes={"C": ClassSummary(bases=["x.Plain", "x.Model"])}),
        1: ModuleSummary(
            "x",
            classes={
                "Plain": ClassSummary(bases=["object"]),
                "Model": ClassSummary(keras="model"),
            },
        ),
    }
    assert second_pass(summaries)[0].classes == {"C": ("model", False)}
