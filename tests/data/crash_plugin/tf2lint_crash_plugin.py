"""A test plugin whose rule kills the process linting a module that names `crash_here`.

It stands for a native crash (libcst's parser overflowing its stack, say) that no pre-check
foresaw: tests put this folder on PYTHONPATH and check that only that file is lost.
"""

import os
import signal

import tf2lint


class CrashOnMarker(tf2lint.Rule):
    id = "XCRASH1"
    name = "crash-on-marker"
    category = "api-misuse"
    message = "never reported"
    rationale = "Kills the process linting a module that names `crash_here` (a test plugin)."
    requires_tensorflow = False

    def visit_Name(self, node):
        if node.value == "crash_here":
            os.kill(os.getpid(), signal.SIGSEGV)


@tf2lint.hookimpl
def tf2lint_rules():
    return [CrashOnMarker]
