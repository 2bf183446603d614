"""The command line: options and ``main``, the analyse and review commands, the smoke test."""
