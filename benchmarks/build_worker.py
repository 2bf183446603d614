"""The worker of a benchmark, run in the environment of the build it measures.

A worker is a Python script (given as a string) that reads its request as
JSON on its standard input and writes its answer on its output. It runs
either from this source tree as plain Python (``python`` None), or by the
Python of another environment, importing the ttt_gui installed there (the
compiled build, say): then from a temporary folder outside this tree, so
that the tree's own package cannot be imported instead.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


@contextmanager
def started_worker(
    worker: str, request: Mapping[str, Any], python: str | None
) -> Iterator[subprocess.Popen[str]]:
    """The process of ``worker`` run by ``python`` (None: this tree, as plain
    Python), ``request`` written to its input, its output to read as it
    comes. The block waits for the process to end (ends it if the block
    fails), then removes the folder it ran in."""
    with tempfile.TemporaryDirectory() as outside:
        command = worker_command(worker, python, outside)
        process = subprocess.Popen(
            command["argv"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            cwd=command["cwd"],
            env=command["env"],
        )
        try:
            assert process.stdin is not None
            process.stdin.write(json.dumps(request))
            process.stdin.close()
            yield process
        except BaseException:
            process.kill()
            raise
        finally:
            process.wait()


def worker_command(worker: str, python: str | None, outside: str) -> dict[str, Any]:
    """How to run ``worker`` by ``python`` (None: this tree, as plain Python):
    its ``argv``, ``cwd`` (``outside``, a folder outside this tree, for
    another environment's Python) and ``env``, as JSON."""
    source = python is None
    return {
        "argv": [python or sys.executable, "-c", worker],
        "cwd": str(ROOT if source else outside),
        "env": {"PATH": "/usr/bin:/bin", **({"PYTHONPATH": str(ROOT)} if source else {})},
    }


def worker_answer(worker: str, request: Mapping[str, Any], python: str | None) -> Any:
    """The answer (JSON) of ``worker`` run as :func:`started_worker` runs
    it; a failed worker ends this program with its status."""
    with started_worker(worker, request, python) as process:
        assert process.stdout is not None
        out = process.stdout.read()
    if process.returncode != 0:
        raise SystemExit(process.returncode)
    return json.loads(out)
