"""Verdicts: does a bad fixture show its symptom while its good twin does not? Pure Python."""

from __future__ import annotations

from dataclasses import dataclass

OBSERVE_KINDS = ("output", "effects", "error", "import-error", "traces", "value", "graph")
GRAPH_GROWTH = 1.2  # "the graph grows with the data": 20% more nodes or bytes at scale 10 than 1

CONFIRMED = "confirmed"
NOT_CONFIRMED = "not confirmed"
NOT_CHECKABLE = "not runtime-checkable"
SKIPPED = "skipped"

# The bad fixture after the rule's own fix (``tf2lint check --fix``, ``--unsafe-fixes`` for an
# unsafe fix), run like the other two.
FIX_GONE = "symptom gone"
FIX_STILL = "symptom still there"
FIX_FAILS = "fixed code fails"  # the symptom changed into an error the bad fixture did not have
FIX_NOT_APPLICABLE = "fix not applicable"  # the fix changed nothing in the bad fixture
FIX_FAILURES = (FIX_STILL, FIX_FAILS)

# Slowdown is the point only where the symptom is a cost (retracing, a graph that grows); for
# the others it compares two tiny runs and reads as noise (0.668 vs 0.672 ms "0.4x").
COST_KINDS = ("traces", "graph")


@dataclass
class FixCheck:
    """What the rule's fix did to its bad fixture."""

    applicability: str  # "safe" or "unsafe"
    status: str = FIX_NOT_APPLICABLE
    reason: str = ""
    diff: str = ""  # the fix, as a unified diff of the bad fixture

    def to_dict(self) -> dict:
        return {
            "applicability": self.applicability,
            "status": self.status,
            "reason": self.reason,
            "diff": self.diff,
        }


@dataclass
class Verdict:
    rule: str
    name: str
    category: str
    device: str
    status: str
    reason: str = ""
    observe: str | None = None
    bad: dict | None = None
    good: dict | None = None
    seconds: float = 0.0  # wall time of the worker process
    fix: FixCheck | None = None  # None: the rule has no fix, or is not runtime-checkable
    fixed: dict | None = None  # the fixed bad fixture's measurements

    @property
    def slowdown(self) -> float | None:
        """Seconds per call of the bad fixture over its good twin (tracing included), for the
        rules whose symptom is a cost."""
        if self.observe not in COST_KINDS:
            return None
        if not self.bad or not self.good or self.bad.get("error") or self.good.get("error"):
            return None
        bad, good = self.bad.get("seconds_per_call"), self.good.get("seconds_per_call")
        if not bad or not good:
            return None
        return bad / good

    def to_dict(self) -> dict:
        return {
            "rule": self.rule,
            "name": self.name,
            "category": self.category,
            "device": self.device,
            "status": self.status,
            "reason": self.reason,
            "observe": self.observe,
            "slowdown": self.slowdown,
            "seconds": self.seconds,
            "bad": self.bad,
            "good": self.good,
            "fix": self.fix.to_dict() if self.fix else None,
            "fixed": self.fixed,
        }


def _calls(result: dict) -> int:
    return int(result.get("steps") or 0)


def retrace_causes(result: dict) -> str:
    """`` (retraced for: epoch: Python int 0 -> 1, and 18 more)``: why a fixture retraced."""
    texts = [
        "; ".join(c["text"] for c in event["cause"])
        for f in result.get("functions", [])
        for event in f.get("events", [])
        if event["kind"] == "retrace"
    ]
    if not texts:
        return ""
    more = f", and {len(texts) - 1} more" if len(texts) > 1 else ""
    return f" (retraced for {texts[0]}{more})"


def symptom(kind: str, result: dict) -> tuple[bool, str]:
    """Whether one fixture's run shows the symptom of ``kind``, and the evidence in words.

    ``traces`` is relative (bad traced more than good) and is judged in :func:`judge`.
    """
    steps = _calls(result)
    if kind == "output":
        n = result.get("output_lines") or 0
        return n < steps, f"{result.get('marker')!r} printed {n}x in {steps} calls"
    if kind == "effects":
        n = result.get("effects")
        if not isinstance(n, int | float) or isinstance(n, bool):
            raise ValueError(f"exercise() returned effects={n!r}, not a number")
        return n < steps, f"effect ran {n:g}x in {steps} calls"
    if kind == "error":
        error = result.get("error")
        if error:
            return True, f"raised {error['type']}: {error['message']}"
        return False, "ran without error"
    if kind == "value":
        if "value_matches" not in result:
            raise ValueError("exercise() returned no {'value': ..., 'expected': ...}")
        if result["value_matches"]:
            return False, f"returned {result['value']} as expected"
        return True, f"returned {result['value']}, expected {result['expected']}"
    if kind == "graph":
        # Unrolled loops add nodes; Python data folded into the graph adds bytes (one constant).
        nodes = result.get("graph_nodes_by_scale") or {}
        sizes = result.get("graph_bytes_by_scale") or {}
        small, large = nodes.get("1", 0), nodes.get("10", 0)
        small_bytes, large_bytes = sizes.get("1", 0), sizes.get("10", 0)
        if not small:
            raise ValueError("no function traced at scale 1")
        grew = large > GRAPH_GROWTH * small or large_bytes > GRAPH_GROWTH * small_bytes
        return grew, (
            f"{small}->{large} graph nodes, {small_bytes}->{large_bytes} graph bytes at scale 1->10"
        )
    raise ValueError(f"unknown observe kind {kind!r}")


def judge(kind: str | None, bad: dict, good: dict) -> tuple[str, str]:
    """(status, reason) of a rule from its bad and good fixtures' measurements."""
    kind = kind or bad.get("observe")
    for variant, result in (("bad", bad), ("good", good)):
        if result.get("timeout"):
            return NOT_CONFIRMED, f"{variant} fixture timed out ({result['error']['message']})"
        expected = kind == "import-error" and variant == "bad"
        if result.get("phase") == "import" and result.get("error") and not expected:
            e = result["error"]
            return NOT_CONFIRMED, f"{variant} fixture failed to load: {e['type']}: {e['message']}"
    if kind not in OBSERVE_KINDS:
        return NOT_CONFIRMED, f"unknown RUNTIME_CHECK observe kind {kind!r}"
    if kind == "import-error":  # module-level TF1 code: TF2 rejects it as the module loads
        e = bad.get("error")
        if not (bad.get("phase") == "import" and e):
            return NOT_CONFIRMED, "no symptom: the bad fixture imported without error"
        if good.get("error"):
            g = good["error"]
            return NOT_CONFIRMED, f"good fixture raised {g['type']}: {g['message']}"
        return CONFIRMED, f"bad failed to import: {e['type']}: {e['message']}; good ran"
    if good.get("observe") != bad.get("observe"):
        return NOT_CONFIRMED, "bad and good fixtures observe different things"
    if kind != "error":
        for variant, result in (("bad", bad), ("good", good)):
            if result.get("error"):
                e = result["error"]
                return NOT_CONFIRMED, f"{variant} fixture raised {e['type']}: {e['message']}"
    if kind == "traces":
        b, g = bad.get("traces", 0), good.get("traces", 0)
        evidence = f"bad traced {b}x in {_calls(bad)} calls{retrace_causes(bad)}, good {g}x"
        return (CONFIRMED if b > g else NOT_CONFIRMED), evidence
    try:
        bad_shows, bad_evidence = symptom(kind, bad)
        good_shows, good_evidence = symptom(kind, good)
    except ValueError as error:
        return NOT_CONFIRMED, str(error)
    evidence = f"bad {bad_evidence}; good {good_evidence}"
    if bad_shows and not good_shows:
        return CONFIRMED, evidence
    if not bad_shows:
        return NOT_CONFIRMED, f"no symptom: {evidence}"
    return NOT_CONFIRMED, f"good twin shows it too: {evidence}"


def judge_fix(kind: str | None, good: dict, fixed: dict) -> tuple[str, str]:
    """(status, reason) of the fixed bad fixture, judged like the bad one was."""
    error = fixed.get("error")
    said = f"{error['type']}: {error['message']}" if error else ""
    if fixed.get("timeout"):
        return FIX_FAILS, f"the fixed fixture timed out ({error['message']})"
    if kind == "import-error":
        if error and fixed.get("phase") == "import":
            return FIX_STILL, f"the fixed fixture still fails to import: {said}"
        if error:
            return FIX_FAILS, f"the fixed fixture imports, then raises {said}"
        return FIX_GONE, "the fixed fixture imports and runs"
    if error and fixed.get("phase") == "import":
        return FIX_FAILS, f"the fixed fixture failed to load: {said}"
    if kind == "error":
        if error:
            return FIX_STILL, f"the fixed fixture still raises {said}"
        return FIX_GONE, "the fixed fixture ran without error"
    if error:
        return FIX_FAILS, f"the fixed fixture raised {said}"
    if kind == "traces":
        f, g = fixed.get("traces", 0), good.get("traces", 0)
        evidence = f"the fixed fixture traced {f}x in {_calls(fixed)} calls, good {g}x"
        return (FIX_GONE if f <= g else FIX_STILL), evidence
    try:
        shows, evidence = symptom(kind, fixed)
    except ValueError as problem:
        return FIX_FAILS, str(problem)
    return (FIX_STILL if shows else FIX_GONE), f"the fixed fixture {evidence}"
