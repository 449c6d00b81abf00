"""A test plugin that calls sys.exit(0) when imported (tests/test_plugin_isolation.py)."""

import sys

sys.exit(0)
