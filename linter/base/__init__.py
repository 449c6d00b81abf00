"""Plain data every floor stands on: configuration files (``config``), lines of
text (``lines``), node positions (``positions``), libcst imported on first use (``lazy``) and
its parse (``parsing``).

Imports no other tf2lint package.
"""
