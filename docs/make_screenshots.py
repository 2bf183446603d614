"""Take the README's screenshots of real windows (run under Xvfb).

xvfb-run -a -s "-screen 0 1024x768x24" python docs/make_screenshots.py [NAME ...]

With names (``connect-four``, ``gomoku``, ...) only the screenshots whose
file names contain one of them are taken.
"""

from __future__ import annotations

import subprocess
import sys
import time
import tkinter as tk
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from ttt_gui.app.presenter import Presenter  # noqa: E402
from ttt_gui.board import Player  # noqa: E402
from ttt_gui.cli.main import prepare_process  # noqa: E402
from ttt_gui.config import GameConfig, Mode  # noqa: E402
from ttt_gui.engine import Engine, Limit  # noqa: E402
from ttt_gui.gui.tk_dialogs import TkDialogs  # noqa: E402
from ttt_gui.gui.window import Window, pump_until  # noqa: E402
from ttt_gui.storage.settings import Settings  # noqa: E402
from ttt_gui.words import install_language  # noqa: E402


def shoot(
    settings: Settings,
    moves: list[int],
    out: Path,
    turns: int = 0,
    review: int = 0,
    hover: int | None = None,
    proven: bool = False,
    falling: float = 0.0,
    new_game: bool = False,
    open_menu: int | None = None,
) -> None:
    """Play ``turns`` moves (all of ``moves`` by default), each the first free one
    of ``moves``, wait for the computer and the analysis (until proven with
    ``proven``), review the game and show move ``review`` if given, and take a
    screenshot, the pointer over cell ``hover`` if given (else off the board).
    With ``falling`` the last move is caught that far (0 to 1) into its motion;
    with ``new_game`` the New game page is shown over the board; with
    ``open_menu`` that menu of the menu bar (0 the first) is open, and the
    whole screen is taken."""
    if WANTED and not any(name in out.name for name in WANTED):
        return
    turns = turns or len(moves)  # no moves: the person's moves come from a search
    root = tk.Tk()
    window = Window(root, Presenter(settings, TkDialogs(root), computer_pause=0))
    session = window.presenter.session
    pump_until(root, lambda: window.board.cells[0].winfo_viewable(), 5)
    motion, stopped = window.board.motion, [0.0]
    for turn in range(turns):
        pump_until(root, lambda: not session.is_computer_turn and not motion.is_running, 10)
        if falling and turn == turns - 1:  # the clock stops: the last move stays mid-way
            stopped[0] = motion.clock()
            motion.clock = lambda: stopped[0]
        if moves:
            cell = next(cell for cell in moves if session.board[cell] is None)
        else:  # a sensible move of the person's, from a short search
            engine = Engine(seed=len(session.history.moves))
            cell = engine.search(session.board, Limit(time=0.5)).move
        window.run("play", cell)
    if falling:
        stopped[0] += motion.running[0].duration * falling
    pump_until(root, lambda: not session.is_computer_turn, 10)
    if settings.analysis:
        pump_until(root, lambda: session.analysis is not None, 10)
    if proven:
        pump_until(root, lambda: session.analysis is not None and session.analysis.exact, 120)
    if review:
        window.run("review_game")
        pump_until(root, lambda: not window.presenter.is_working, 30)
        window.run("go_to", review)
    subprocess.run(["xdotool", "mousemove", "--sync", "0", "0"], check=True)  # no hover colour
    if hover is not None:
        canvas = window.board.cells[hover]
        x = canvas.winfo_rootx() + canvas.winfo_width() // 2
        y = canvas.winfo_rooty() + canvas.winfo_height() // 2
        subprocess.run(["xdotool", "mousemove", "--sync", str(x), str(y)], check=True)
    if not falling:  # everything in place: the last mark, the line through a win
        pump_until(root, lambda: not motion.is_running, 5)
    if new_game:
        window.run("show_new_game")
    root.focus_set()  # no focus ring on a cell: it would look like a highlighted move
    settle(root)
    if open_menu is not None:  # as Alt and the menu's underlined letter open it
        title, underline = window.menubar.titles()[open_menu]
        letter = title[underline]
        root.focus_force()
        settle(root)
        root.tk.call("tk::TraverseToMenu", root, letter)
        settle(root)
    # Tk's wrapper window (it holds the menu bar), or the screen with a menu open.
    shown = "root" if open_menu is not None else root.wm_frame()
    subprocess.run(["import", "-window", shown, str(out)], check=True)
    if open_menu is not None:  # the screen's black around the window and its menu goes
        subprocess.run(["convert", str(out), "-trim", "+repage", str(out)], check=True)
    print(out.name, window.turn_field.turn_label.cget("text"))
    if open_menu is not None:
        subprocess.run(["xdotool", "key", "Escape", "Escape"], check=True)
        settle(root)
    window.close()


def settle(root: tk.Tk, seconds: float = 0.3) -> None:
    """Let the window draw for ``seconds``."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        root.update()


WANTED = sys.argv[1:]
#: The languages shown with a menu open and the analysis on: one that runs
#: long, one in Cyrillic, one in CJK.
LANGUAGES = ("de", "ru", "ja")


def main() -> None:
    prepare_process()
    for language in LANGUAGES:  # before the others: each installs its language
        install_language([language])
        shoot(
            Settings(GameConfig(mode=Mode.HOTSEAT), analysis=True, history=True),
            [4, 1],
            HERE / f"screenshot-{language}.png",
            open_menu=5,  # View: the analysis, the languages
        )
    install_language([])
    hotseat = GameConfig(mode=Mode.HOTSEAT)
    shoot(Settings(hotseat), [4, 1, 0, 2, 8], HERE / "screenshot-light.png")
    shoot(Settings(hotseat, theme="dark"), [4, 1, 0, 2, 8], HERE / "screenshot-dark.png")
    shoot(
        Settings(hotseat, analysis=True, history=True),
        [4, 1],
        HERE / "screenshot-analysis.png",
    )
    shoot(
        Settings(GameConfig(mode=Mode.COMPUTER, human=Player.X, level="hard")),
        [],
        HERE / "screenshot-new-game.png",
        new_game=True,
    )
    shoot(
        Settings(
            GameConfig(
                mode=Mode.COMPUTER, human=Player.X, level="strongest", rows=5, cols=5, win_length=4
            ),
            theme="dark",
        ),
        [12, 6, 18, 8, 16, 7],
        HERE / "screenshot-5x5.png",
        turns=3,
    )
    shoot(
        Settings(hotseat, history=True), [0, 1, 4, 7, 8], HERE / "screenshot-review.png", review=2
    )
    seven = GameConfig(mode=Mode.HOTSEAT, rows=7, cols=7, win_length=5, think_time=0.5)
    shoot(  # X's open three on row 4: O's three blocks are draws, the rest lose
        Settings(seven, analysis=True, history=True),
        [22, 15, 23, 17, 24, 37, 48],
        HERE / "screenshot-proving.png",
        proven=True,
    )
    four = GameConfig(
        mode=Mode.COMPUTER,
        human=Player.X,
        level="hard",
        rows=6,
        cols=7,
        win_length=4,
        gravity=True,
    )
    for theme in ("light", "dark"):
        shoot(
            Settings(four, theme=theme),
            [],
            HERE / f"screenshot-connect-four-{theme}.png",
            turns=4,
            hover=5,  # the top of column f: the mark would land at its foot
        )
    shoot(  # X's disc falls into the empty column g
        Settings(GameConfig(mode=Mode.HOTSEAT, rows=6, cols=7, win_length=4, gravity=True)),
        [38, 37, 39, 31, 24, 32, 30, 40, 6],
        HERE / "screenshot-connect-four-falling.png",
        falling=0.75,
    )
    shoot(  # the person completes three in a row, and so loses
        Settings(GameConfig(mode=Mode.COMPUTER, human=Player.X, level="strongest", misere=True)),
        [0, 4, 8, 1, 2, 3, 5, 6, 7],
        HERE / "screenshot-misere-loss.png",
        turns=3,
    )
    gomoku = GameConfig(
        mode=Mode.COMPUTER, human=Player.X, level="strongest", rows=15, cols=15, win_length=5
    )
    for theme in ("light", "dark"):
        shoot(
            Settings(gomoku, theme=theme),
            [],
            HERE / f"screenshot-gomoku-{theme}.png",
            turns=6,
        )


if __name__ == "__main__":
    main()
