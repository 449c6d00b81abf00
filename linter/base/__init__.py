"""Plain data every floor stands on: configuration files (``config``), lines of
text (``lines``), node positions (``positions``), libcst imported on first use (``lazy``) and
its parse (``parsing``), the cyclic collector paused (``collector``).

Imports no other tf2lint package.
"""
