"""``tf2lint verify --suite DIR [--record FILE]``: run a real-world suite and check its symptoms."""

from __future__ import annotations

import argparse
import datetime
import platform
from collections.abc import Callable

from tf2lint.runtime_check import harness, realworld


def verify_suite_command(args: argparse.Namespace, say: Callable[[str], None]) -> int:
    try:
        found = harness.probe()
    except harness.TensorFlowMissing as error:
        say(f"error: TensorFlow cannot be imported ({error}): {harness.INSTALL_HINT}")
        return 2
    names = list(args.rules) if args.rules else None  # --rules picks programs by folder name here
    jobs = getattr(args, "jobs", None) or 2
    say(f"TensorFlow {found.version}: running the suite {args.suite} with {jobs} workers")
    verdicts = realworld.verify_suite(args.suite, names, jobs=jobs, progress=say)
    print(realworld.render_table(verdicts), end="")
    if args.record:
        meta = {
            "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d"),
            "tensorflow": found.version,
            "python": platform.python_version(),
            "platform": f"{platform.system()} {platform.machine()}",
        }
        if names and args.record.is_file():  # a partial run updates those programs' entries
            verdicts = realworld.merge(
                args.record.read_text(), verdicts, realworld.load_suite(args.suite)
            )
        args.record.write_text(realworld.record(verdicts, meta) + "\n")
    return 0 if all(v.status == realworld.CONFIRMED for v in verdicts) else 1
