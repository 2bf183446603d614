"""Shared fixtures and helpers: a real Tk window (under Xvfb via pytest-xvfb) per test,
real pointer and key events (xdotool) and screenshots (ImageMagick)."""

from __future__ import annotations

import gc
import os
import random
import re
import shutil
import subprocess
import sys
import time
import tkinter as tk
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import TypeVar

import pytest
from fakes import FakeDialogs, FakeStore
from variant_reference import forget_values

from ttt_gui.app.actions import Item, all_items
from ttt_gui.app.commands import Commands, Handler
from ttt_gui.app.ports import SaveSettings
from ttt_gui.app.presenter import Presenter
from ttt_gui.cli.main import prepare_process
from ttt_gui.cli.smoke import pump_until
from ttt_gui.engine import COMPILED
from ttt_gui.gui.tk_dialogs import TkDialogs
from ttt_gui.gui.window import Window
from ttt_gui.storage.settings import Settings, save
from ttt_gui.storage.unfinished import UnfinishedGame

TITLE_PATTERN = "^Noxo"
#: Seconds any single xdotool or ImageMagick command may take.
COMMAND_TIMEOUT = 20
#: Whether this run is --slow (set by pytest_configure; see :func:`examples`).
_SLOW_RUN = False
#: Set (CI sets it), a command a test needs that is not installed fails the
#: test; unset, the test is skipped (as from an unpacked sdist on a machine
#: without the X tools).
REQUIRE_TOOLS_VARIABLE = "TTT_GUI_REQUIRE_TOOLS"
# No test is heard, nor starts a sound player: the windows of the program run
# by a test (which inherit this) are silent too.
os.environ["TTT_GUI_SOUND"] = "off"


def need_tools(*commands: str) -> None:
    """Skip the calling test unless every one of ``commands`` is installed
    (on the PATH); fail it instead where TTT_GUI_REQUIRE_TOOLS is set."""
    missing = [command for command in commands if shutil.which(command) is None]
    if not missing:
        return
    reason = f"needs {', '.join(missing)}, not installed"
    if os.environ.get(REQUIRE_TOOLS_VARIABLE):
        pytest.fail(f"{reason} ({REQUIRE_TOOLS_VARIABLE} is set)", pytrace=False)
    pytest.skip(reason)


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--slow",
        action="store_true",
        help="also run the tests marked slow: exhaustive checks, whole processes, storms",
    )


def pytest_configure(config: pytest.Config) -> None:
    """Note whether the run is --slow before the test modules are imported, so
    that their ``@settings(max_examples=examples(...))`` take the run's count."""
    global _SLOW_RUN
    _SLOW_RUN = bool(config.getoption("--slow"))


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Tests marked ``slow`` run only with --slow (as CI always does): the
    exhaustive checks, and the heavier tests whose behaviour a faster test also
    covers in the default run (whole processes, storms, a second variant of a
    real-window test), so the default run stays a quick loop."""
    if config.getoption("--slow"):
        return
    slow = [item for item in items if item.get_closest_marker("slow")]
    if slow:
        config.hook.pytest_deselected(items=slow)
        items[:] = [item for item in items if not item.get_closest_marker("slow")]


def pytest_sessionstart(session: pytest.Session) -> None:
    """With TTT_GUI_REQUIRE_DISPLAY set, a missing display fails the run at once.

    With parallel workers (pytest-xdist) the main process has no display of its
    own: each worker starts its own Xvfb, so there it is enough that Xvfb is
    installed (or a display is set)."""
    if not os.environ.get("TTT_GUI_REQUIRE_DISPLAY") or os.environ.get("DISPLAY"):
        return
    config = session.config
    workers_start_xvfb = (
        is_parallel_controller(config)
        and not config.getoption("--no-xvfb", default=False)
        and shutil.which("Xvfb") is not None
    )
    if not workers_start_xvfb:
        pytest.exit("no display: the GUI tests need Xvfb (install xvfb)", returncode=4)


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int | None:
    """``-n auto`` (the default) means a worker per core only where each gets
    a virtual display of its own (Xvfb installed, pytest-xvfb on); otherwise
    their windows would share the one display and its focus: one process."""
    if config.getoption("--no-xvfb", False) or shutil.which("Xvfb") is None:
        return 0
    return None  # xdist's own count


def is_parallel_controller(config: pytest.Config) -> bool:
    """Whether this process hands the tests to pytest-xdist workers (``-n``)."""
    return config.getoption("dist", "no") != "no" and not os.environ.get("PYTEST_XDIST_WORKER")


# -- exhaustive checks and their samples ------------------------------------------------

Case = TypeVar("Case")


@pytest.fixture
def exhaustive(request: pytest.FixtureRequest) -> bool:
    """True under --slow: a check that samples its cases by default checks them all."""
    return bool(request.config.getoption("--slow"))


def examples(full: int, default: int) -> int:
    """Hypothesis examples of a property: ``full`` under --slow, else ``default``.

    For ``@settings(max_examples=...)``, read as the test module is imported
    (after pytest_configure has seen the options)."""
    return full if _SLOW_RUN else default


def sample(cases: Sequence[Case], size: int, *, exhaustive: bool, seed: int = 0) -> list[Case]:
    """All of ``cases`` under --slow (``exhaustive``), else ``size`` of them
    chosen at random with ``seed`` (always the same ones), in their order."""
    if exhaustive or size >= len(cases):
        return list(cases)
    chosen = sorted(random.Random(seed).sample(range(len(cases)), size))
    return [cases[index] for index in chosen]


#: The plain build's --slow checks of many random positions against the
#: reference minimax take a fifth of them, from this many moves later in the
#: game. Their time goes to the reference's search from the earliest
#: positions; the engine's source is the same on both builds, and the compiled
#: one (CI's exactness step, where native integers could differ) checks all.
PLAIN_BUILD_SHARE = 5
PLAIN_BUILD_LATER = 4


def random_share(count: int, least_marks: int) -> tuple[int, int]:
    """(how many, from how many moves in) of a --slow check's ``count``
    random positions of at least ``least_marks`` moves this build checks:
    all on the compiled engine, fewer and later on the plain one."""
    if COMPILED:
        return count, least_marks
    return max(1, count // PLAIN_BUILD_SHARE), least_marks + PLAIN_BUILD_LATER


def by_default(cases: Iterable[Case], *kept: Case, spread: bool = False) -> list[object]:
    """``cases`` for ``parametrize``: those in ``kept`` run by default, the
    others only with --slow (as CI always does), so the developer's run keeps
    one or two of a family of like cases. ``spread``: each case is a tuple of
    the test's several arguments."""
    params: list[object] = []
    for case in cases:
        values = tuple(case) if spread else (case,)  # type: ignore[call-overload]
        marks = () if case in kept else (pytest.mark.slow,)
        params.append(pytest.param(*values, marks=marks))
    return params


@pytest.fixture(autouse=True, scope="module")
def reference_values_of_this_module_only() -> Iterator[None]:
    """The reference searches' memos are emptied after each module: the window
    tests' full garbage collections would otherwise walk millions of boards."""
    yield
    forget_values()


# -- windows ------------------------------------------------------------------------


@pytest.fixture
def window_process() -> Iterator[None]:
    """The process-wide settings of the app (switch interval, garbage collected
    only on the Tk thread) while a test has windows; restored afterwards.

    What outlives the test is then frozen (:func:`gc.freeze`): the next
    tests' full collections (each window's, at its close) walk only what was
    made since, not the whole heap of a long test process."""
    was_enabled, interval = gc.isenabled(), sys.getswitchinterval()
    prepare_process()
    yield
    gc.collect()
    gc.freeze()
    sys.setswitchinterval(interval)
    if was_enabled:
        gc.enable()


@pytest.fixture
def settings_path(tmp_path: Path) -> Path:
    return tmp_path / "config" / "settings.json"


@pytest.fixture
def make_window(window_process: None, settings_path: Path) -> Iterator[Callable[..., Window]]:
    """Build a visible Window over a Presenter with FakeDialogs (confirm answers
    yes; ``real_dialogs`` for the Tk ones) and no pause before the computer's moves.

    Settings are saved to ``path`` (the test's settings file by default), or to
    ``store`` if given (e.g. a FakeStore); ``path=None`` without a store keeps
    them in a FakeStore. ``unfinished`` keeps the game as it is played (none
    is taken back at the start). Every window is closed afterwards as by Quit.
    """
    windows: list[Window] = []

    def make(
        settings: Settings | None = None,
        path: Path | None = settings_path,
        store: SaveSettings | None = None,
        dialogs: FakeDialogs | None = None,
        real_dialogs: bool = False,
        unfinished: UnfinishedGame | None = None,
    ) -> Window:
        if store is None:
            store = FakeStore() if path is None else saver(path)
        root = tk.Tk()
        presenter = Presenter(
            settings or Settings(),
            TkDialogs(root) if real_dialogs else (dialogs or FakeDialogs()),
            save_settings=store,
            computer_pause=0,
            unfinished=unfinished,
        )
        window = Window(root, presenter)
        windows.append(window)
        assert pump_until(root, lambda: cells_viewable(window), 5), "the window never appeared"
        return window

    yield make
    for window in windows:
        try:
            if window.root.winfo_exists():
                window.run("quit")
            if window.root.winfo_exists():  # quit was replaced by a test's spy
                window.close()
        except tk.TclError:
            pass
        window.presenter.work.close()  # the search thread ends even if closing failed
    windows.clear()
    gc.collect()  # the windows' garbage goes here, on the Tk thread


def saver(path: Path) -> SaveSettings:
    """A settings store that writes ``path`` as the app does."""
    return lambda settings, *, wait=True: save(settings, path)


def cells_viewable(window: Window) -> bool:
    cells = window.board.cells
    return bool(cells) and all(cell.winfo_viewable() for cell in cells)


def wait(root: tk.Misc, condition: Callable[[], bool], timeout: float = 3.0) -> bool:
    """Process events until ``condition()`` holds; False after ``timeout`` seconds."""
    return pump_until(root, condition, timeout)


def eventually(condition: Callable[[], bool], timeout: float = 10.0) -> bool:
    """Poll ``condition()`` (of another process, or the X server) until it
    holds; False after ``timeout`` seconds."""
    end = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > end:
            return False
        time.sleep(0.02)
    return True


def cpu_seconds(pid: int) -> float:
    """User and system time a process has used so far (Linux /proc)."""
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def sync(root: tk.Misc) -> None:
    """Process every event the X server has sent so far (such as the input of
    an xdotool command that has returned) and have the server draw what they
    changed: a round trip to the server (a pointer query) brings the events
    in, ``update()`` handles them and redraws, and a second round trip
    returns once the server has carried out the drawing (for screenshots)."""
    root.winfo_pointerxy()
    root.update()
    root.winfo_pointerxy()


def sleep_pumping(root: tk.Misc, seconds: float) -> None:
    """Process events for ``seconds``: only where the time passing is what a
    test checks (nothing happens meanwhile); otherwise wait for a condition."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        root.update()
        time.sleep(0.005)


def wait_for_computer(window: Window, timeout: float = 10.0) -> None:
    """Process events until the computer has moved (or the game is over)."""
    presenter = window.presenter
    assert wait(
        window.root,
        lambda: not presenter.session.is_computer_turn and not presenter.is_working,
        timeout,
    ), "the computer did not move in time"


def marks(window: Window) -> str:
    """The position the presenter holds, as text (``"X../.O./..."``)."""
    return str(window.presenter.session.board)


def invoke(window: Window, action: str, argument: object = None) -> None:
    """Choose the menu entry of ``action`` (with ``argument``), as a click on it would."""
    menu, index = window.menubar.find(action, argument)
    menu.invoke(index)
    window.root.update()


def spy_on_actions(window: Window) -> list[tuple[str, tuple[object, ...]]]:
    """Record every run of a command named in the menus; they still run,
    except ``quit``, which is only recorded."""
    calls: list[tuple[str, tuple[object, ...]]] = []
    presenter = window.presenter
    menu_actions = {item.action for item in all_items() if item.action}

    def spy(action: str, handler: Handler) -> Handler:
        if action not in menu_actions:
            return handler

        def run(*arguments: object) -> object:
            calls.append((action, arguments))
            return None if action == "quit" else handler(*arguments)

        return run

    presenter.commands = Commands(
        {action: spy(action, handler) for action, handler in presenter.commands.items()}
    )
    return calls


def expected_call(item: Item) -> tuple[str, tuple[object, ...]]:
    return item.action, () if item.argument is None else (item.argument,)


# -- real input ------------------------------------------------------------------------


def xdotool(*arguments: str) -> str:
    need_tools("xdotool")
    return subprocess.run(
        ["xdotool", *arguments],
        check=True,
        capture_output=True,
        text=True,
        timeout=COMMAND_TIMEOUT,
    ).stdout


def move_pointer(x: int, y: int) -> None:
    """Move the pointer and wait until it is there (``--sync`` alone would wait
    forever for a pointer that is already in place)."""
    where = xdotool("getmouselocation", "--shell")
    if f"X={x}\n" in where and f"Y={y}\n" in where:
        return
    xdotool("mousemove", "--sync", str(x), str(y))


def move_pointer_away() -> None:
    move_pointer(0, 0)


def click_at(x: int, y: int) -> None:
    move_pointer(x, y)
    xdotool("click", "1")


def real_click(widget: tk.Misc) -> None:
    """Click the widget's centre with a real pointer event (xdotool)."""
    root = widget.winfo_toplevel()
    assert pump_until(root, widget.winfo_viewable, 3), "widget never became viewable"
    click_at(
        widget.winfo_rootx() + widget.winfo_width() // 2,
        widget.winfo_rooty() + widget.winfo_height() // 2,
    )


def window_id(root: tk.Misc) -> str:
    """The X window named after the title: Tk's wrapper, which holds the menu bar."""
    found = xdotool("search", "--sync", "--onlyvisible", "--name", TITLE_PATTERN).split()
    assert len(found) == 1, f"expected one game window, found {found}"
    return found[0]


def give_focus(root: tk.Misc) -> None:
    """Give the window the X input focus (there is no window manager to do it)."""
    xdotool("windowfocus", "--sync", window_id(root))


def keys(root: tk.Misc, *names: str) -> None:
    """Type keys (xdotool names: ``ctrl+z``, ``Right``, ``5``) into the window
    as a person would, processing each key's events before the next."""
    wrapper = window_id(root)
    for name in names:
        xdotool("windowfocus", "--sync", wrapper, "key", name)
        sync(root)


def press(widget: tk.Misc, sequence: str) -> None:
    """Send a key event as Tk would: to ``widget``, given the focus first."""
    widget.focus_force()
    widget.update()
    widget.event_generate(sequence)
    widget.update()


# -- screenshots --------------------------------------------------------------------------


def screenshot(window_or_widget: str | tk.Misc, path: Path) -> Path:
    """Save a PNG of an X window (an id) or of a widget's window."""
    target = window_or_widget if isinstance(window_or_widget, str) else window_or_widget.winfo_id()
    need_tools("import")
    subprocess.run(
        ["import", "-window", str(target), str(path)], check=True, timeout=COMMAND_TIMEOUT
    )
    return path


def image_facts(path: Path) -> tuple[int, int, int]:
    """Width, height and number of distinct colours of an image (identify)."""
    need_tools("identify")
    width, height, colours = subprocess.check_output(
        ["identify", "-format", "%w %h %k", str(path)], text=True, timeout=COMMAND_TIMEOUT
    ).split()
    return int(width), int(height), int(colours)


def window_pixels(window: str) -> tuple[int, int, bytes]:
    """Width, height and RGB bytes (row by row) of what the X window ``window``
    (an id) shows on screen."""
    need_tools("import")
    data = subprocess.run(
        ["import", "-window", window, "-depth", "8", "ppm:-"],
        check=True,
        capture_output=True,
        timeout=COMMAND_TIMEOUT,
    ).stdout
    header = re.match(rb"P6\s+(\d+)\s+(\d+)\s+255\s", data)
    assert header is not None, data[:20]
    width, height = int(header[1]), int(header[2])
    return width, height, data[header.end() : header.end() + width * height * 3]


def screen_pixels(widget: tk.Misc) -> tuple[int, int, bytes]:
    """Width, height and RGB bytes (row by row) of what the widget shows on screen."""
    return window_pixels(str(widget.winfo_id()))


def pixel(image: tuple[int, int, bytes], x: int, y: int) -> str:
    """The colour (``"#rrggbb"``) at ``x``, ``y`` of a :func:`screen_pixels` image."""
    width, _, pixels = image
    start = (y * width + x) * 3
    return "#" + pixels[start : start + 3].hex()


def shows_colour(window: str, colour: str) -> bool:
    """Whether the X window ``window`` (an id) shows ``colour`` (``"#rrggbb"``) now."""
    _, _, pixels = window_pixels(window)
    wanted = bytes.fromhex(colour[1:])
    return any(pixels[start : start + 3] == wanted for start in range(0, len(pixels), 3))


def pixel_colours(widget: tk.Misc) -> dict[str, int]:
    """How many pixels of each colour (``"#rrggbb"``) the widget shows on screen."""
    _, _, pixels = screen_pixels(widget)
    counts: dict[str, int] = {}
    for start in range(0, len(pixels), 3):
        colour = "#" + pixels[start : start + 3].hex()
        counts[colour] = counts.get(colour, 0) + 1
    return counts


@pytest.fixture
def window_manager() -> Iterator[None]:
    """Openbox on the test display, ended by its process id afterwards.

    A new openbox can exit at once while the display still counts the last
    test's one as running: it is then started again, for up to 10 s."""
    need_tools("openbox", "wmctrl")

    def start() -> subprocess.Popen[bytes]:
        return subprocess.Popen(
            ["openbox", "--sm-disable", "--replace"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )

    manager = start()
    try:
        end = time.monotonic() + 10
        while subprocess.run(["wmctrl", "-m"], capture_output=True).returncode != 0:
            assert time.monotonic() < end, "openbox did not start"
            if manager.poll() is not None:
                manager = start()
            time.sleep(0.05)
        yield
    finally:
        manager.terminate()
        manager.wait(timeout=10)


def game_windows() -> set[str]:
    """The X ids of the visible game windows."""
    need_tools("xdotool")
    found = subprocess.run(
        ["xdotool", "search", "--onlyvisible", "--name", "^Noxo"],
        capture_output=True,
        text=True,
        timeout=COMMAND_TIMEOUT,
    )
    return set(found.stdout.split())


def launch_game(path: Path, *arguments: str) -> tuple[subprocess.Popen[str], str]:
    """``python -m ttt_gui --settings path`` once its window is visible:
    (process, the new window's X id), also while other game windows are open."""
    before = game_windows()
    process = subprocess.Popen(
        [sys.executable, "-m", "ttt_gui", "--settings", str(path), *arguments],
        cwd=Path(__file__).resolve().parent.parent,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    end = time.monotonic() + COMMAND_TIMEOUT
    while not (new := game_windows() - before):
        if process.poll() is not None or time.monotonic() > end:
            process.kill()
            raise AssertionError(f"no window appeared: {process.communicate()}")
        time.sleep(0.05)
    return process, new.pop()


def start_game(
    tmp_path: Path, settings: Settings, *arguments: str
) -> tuple[subprocess.Popen[str], str, Path]:
    """``python -m ttt_gui`` on a settings file of its own (and ``arguments``),
    once its window is visible: (process, the window's X id, the settings path)."""
    path = tmp_path / "settings.json"
    save(settings, path)
    process, window = launch_game(path, *arguments)
    return process, window, path


def finish(process: subprocess.Popen[str]) -> tuple[str, str]:
    """The process's output once it has ended (killed after 15 s)."""
    try:
        return process.communicate(timeout=15)
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate()
