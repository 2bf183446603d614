"""The clipboard reader process (gui/clipboard.py): the system's tool where
there is one, else this program's reader mode, which answers before the game
loads."""

from __future__ import annotations

import os
import subprocess
import sys
import time
import tkinter as tk
from collections.abc import Iterator
from pathlib import Path

import pytest

from ttt_gui.gui.clipboard import ClipboardReader, reader_command, system_reader

ROOT = Path(__file__).resolve().parents[2]

#: Takes the clipboard and answers requests for it until killed.
OWNER = """
import tkinter
root = tkinter.Tk()
root.withdraw()
root.clipboard_clear()
root.clipboard_append("x../.o./... gravity")
root.update()
print("owner ready", flush=True)
root.after(30000, root.destroy)
root.mainloop()
"""

#: The reader mode through the entry point; reports the game's modules it loaded.
READER = """
import sys
sys.argv = ["ttt-gui", "--print-clipboard"]
from ttt_gui.cli.start import main
status = main()
loaded = sorted(name for name in sys.modules if name.startswith("ttt_gui."))
print("\\nloaded:", " ".join(loaded), file=sys.stderr)
sys.exit(status)
"""


@pytest.fixture
def clipboard_owner() -> Iterator[subprocess.Popen[str]]:
    owner = subprocess.Popen([sys.executable, "-c", OWNER], stdout=subprocess.PIPE, text=True)
    assert owner.stdout is not None and owner.stdout.readline() == "owner ready\n"
    yield owner
    owner.kill()
    owner.wait()


def test_the_reader_mode_prints_the_clipboard_without_loading_the_game(
    clipboard_owner: subprocess.Popen[str],
) -> None:
    environment = {**os.environ, "PYTHONPATH": str(ROOT)}
    started = time.monotonic()
    done = subprocess.run(
        [sys.executable, "-c", READER], capture_output=True, timeout=30, env=environment
    )
    elapsed = time.monotonic() - started
    assert done.returncode == 0, done.stderr
    assert done.stdout.decode() == "x../.o./... gravity"
    loaded = done.stderr.decode().rpartition("loaded:")[2].split()
    assert "ttt_gui.gui.clipboard" in loaded
    for heavy in ("ttt_gui.cli.main", "ttt_gui.engine", "ttt_gui.gui.window", "ttt_gui.analysis"):
        assert heavy not in loaded
    assert elapsed < 5.0


def test_a_system_reader_is_preferred_and_prints_the_same_text(
    clipboard_owner: subprocess.Popen[str],
) -> None:
    command = system_reader()
    if command is None:
        pytest.skip("no xclip, xsel or wl-paste here")
    assert reader_command() == command
    done = subprocess.run(command, capture_output=True, timeout=30)
    assert (done.returncode, done.stdout.decode()) == (0, "x../.o./... gravity")


def test_without_a_system_reader_the_program_reads_itself(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("PATH", "")
    assert system_reader() is None
    assert reader_command() == [sys.executable, "-m", "ttt_gui", "--print-clipboard"]


def test_a_window_reads_through_its_own_reader_without_a_system_one(
    clipboard_owner: subprocess.Popen[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PATH", "")
    monkeypatch.setenv("PYTHONPATH", str(ROOT))
    root = tk.Tk()
    root.withdraw()
    delivered: list[tuple[str | None, bool]] = []
    try:
        ClipboardReader(root).read(
            lambda text, answered: delivered.append((text, answered)), lambda: None
        )
        deadline = time.monotonic() + 20
        while not delivered and time.monotonic() < deadline:
            root.update()
            time.sleep(0.01)
    finally:
        root.destroy()
    assert delivered == [("x../.o./... gravity", True)]
