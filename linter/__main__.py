import os
import sys

# `python -m tf2lint` puts the working folder first on sys.path, where a linted checkout's own
# modules and plugin entry points (its *.dist-info, *.egg-info) would load as if installed:
# linting a checkout must never run its code. Installed plugins are found as before.
if sys.path and sys.path[0] in ("", os.getcwd()):
    del sys.path[0]

from tf2lint.run.replay import replayed  # after the working folder left sys.path


def main() -> int:
    """The `tf2lint` command: an unchanged run printed again (tf2lint.run.replay, which imports
    nothing else), else the command line (tf2lint.commands.cli)."""
    code = replayed(sys.argv[1:])
    if code is not None:
        return code
    from tf2lint.commands.cli import main as run_command

    return run_command()


if __name__ == "__main__":  # not when a spawned worker process imports this module
    raise SystemExit(main())
