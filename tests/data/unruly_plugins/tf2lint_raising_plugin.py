"""A test plugin whose hook raises (tests/test_plugin_isolation.py)."""

import tf2lint


@tf2lint.hookimpl
def tf2lint_rules():
    raise RuntimeError("the raising plugin's hook failed")
