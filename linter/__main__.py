import os
import sys

# `python -m tf2lint` puts the working folder first on sys.path, where a linted checkout's own
# modules and plugin entry points (its *.dist-info, *.egg-info) would load as if installed:
# linting a checkout must never run its code. Installed plugins are found as before.
if sys.path and sys.path[0] in ("", os.getcwd()):
    del sys.path[0]

from tf2lint.cli import main  # after the working folder left sys.path

if __name__ == "__main__":  # not when a spawned worker process imports this module
    raise SystemExit(main())
