"""Hardening in a real window: a storm of random input, cancellation, a soak of
computer-vs-computer games.

The storm and the soak are sized for CI; set TTT_STORM_ACTIONS, TTT_STORM_SEED
and TTT_SOAK_GAMES for the long runs (e.g. 5000 actions, 1000 games).
"""

from __future__ import annotations

import gc
import os
import random
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from conftest import press, real_click, wait

from ttt_gui.app import App
from ttt_gui.board import Board
from ttt_gui.controllers import Mode
from ttt_gui.games import SavedGame, write_game
from ttt_gui.settings import Settings

STORM_ACTIONS = int(os.environ.get("TTT_STORM_ACTIONS", "800"))
STORM_SEED = int(os.environ.get("TTT_STORM_SEED", "20261122"))
SOAK_GAMES = int(os.environ.get("TTT_SOAK_GAMES", "120"))


def pending_afters(app: App) -> int:
    return len(app.root.tk.splitlist(app.root.tk.call("after", "info")))


class TallyModel:
    """An independent account of the scores, from what the window shows: a game
    counts when a move ends it and is taken back when an undo reopens it; games
    that start (or are opened) finished never count, nor does a finished game
    on the board after the scores are reset."""

    def __init__(self, app: App) -> None:
        self.expected: dict[str, dict[str, int]] = {}
        self.game = app.controller.history
        self.position = (self.game.cursor, len(self.game.moves))
        self.key = app.controller.config.score_key
        self.result: str | None = None  # what this game has counted
        self.counting = True

    @staticmethod
    def result_of(app: App) -> str | None:
        board = app.controller.board
        if not board.is_over:
            return None
        if board.winner is None:
            return "draw"
        if app.controller.config.mode is Mode.COMPUTER:
            return "you" if board.winner is app.controller.config.human else "computer"
        return board.winner.value

    def observe(self, app: App) -> None:
        game = app.controller.history
        position = (game.cursor, len(game.moves))
        if game is not self.game:
            self.result = None
            self.counting = not app.controller.board.is_over
        elif position != self.position:
            result = self.result_of(app) if self.counting else None
            if result != self.result:
                counts = self.expected.setdefault(self.key, {})
                if self.result is not None:
                    counts[self.result] = counts.get(self.result, 0) - 1
                if result is not None:
                    counts[result] = counts.get(result, 0) + 1
                self.result = result
        self.game, self.position = game, position
        self.key = app.controller.config.score_key

    def reset(self, key: str) -> None:
        self.expected.pop(key, None)
        self.result = None

    def matches(self, scores: dict[str, dict[str, int]]) -> bool:
        keys = set(self.expected) | set(scores)
        return all(
            {k: v for k, v in self.expected.get(key, {}).items() if v}
            == {k: v for k, v in scores.get(key, {}).items() if v}
            for key in keys
        )


def check_invariants(app: App, before: Board, action: str, model: TallyModel) -> None:
    controller = app.controller
    board = controller.board
    x, o = board.x_bits.bit_count(), board.o_bits.bit_count()
    assert 0 <= x - o <= 1, f"after {action}: {x} X and {o} O"
    assert board.turn.value == ("X" if x == o else "O")
    if before.is_over and action in ("click", "real click", "digit", "wait", "hint"):
        assert board == before, f"{action} changed a finished game"
    shown = [cell.cget("text") for cell in app.cells]
    for cell, text in enumerate(shown):
        mark = board[cell]
        if mark is not None:
            assert text == mark.value, f"after {action}: cell {cell} shows {text!r}"
        else:
            assert text not in ("X", "O"), f"after {action}: empty cell {cell} shows {text!r}"
    expected_status = app._message or app._status_text()
    assert app.status_label.cget("text") == expected_status
    model.observe(app)
    assert model.matches(controller.scores), (action, model.expected, controller.scores)
    assert all(count >= 0 for counts in controller.scores.values() for count in counts.values())


def storm_files(folder: Path) -> list[Path]:
    good = folder / "good.ttt"
    write_game(good, SavedGame(3, 3, (4, 0, 8)))
    bad = folder / "bad.ttt"
    bad.write_bytes(b'{"format": "ttt-gui game", "version": 1, "size": 3, "moves": ["b2","b2"]}')
    junk = folder / "junk.ttt"
    junk.write_bytes(bytes(range(256)))
    return [good, bad, junk, folder / "missing.ttt"]


def test_input_storm(make_app, tmp_path: Path) -> None:
    rng = random.Random(STORM_SEED)
    app = make_app(Settings(mode="computer", think_time=0.2))
    app.confirm = lambda title, text: rng.random() < 0.8
    app.ask_integer = lambda title, prompt, **limits: rng.choice(
        [None, 0, 1, 2, 3, 5, 9, 100, limits.get("minvalue", 1), limits.get("maxvalue", 9)]
    )
    files = storm_files(tmp_path)
    app.ask_open_path = lambda: rng.choice(files)
    app.ask_save_path = lambda: tmp_path / f"saved{rng.randrange(3)}.ttt"
    pastes = ["x.o/.x./...", "xxx/ooo/...", "nonsense", "..../..../..../...x", ""]
    menus = app.menus

    def menu(name: str, label: str) -> None:
        menus[name].invoke(menus[name].index(label))

    def submenu(name: str, cascade: str, label: str) -> None:
        parent = menus[name]
        child = app.root.nametowidget(parent.entrycget(parent.index(cascade), "menu"))
        child.invoke(child.index(label))

    def paste() -> None:
        app.root.clipboard_clear()
        app.root.clipboard_append(rng.choice(pastes))
        press(app.root, "<Control-v>")

    def click() -> None:
        rng.choice(app.cells).invoke()

    def pump() -> None:
        end = time.monotonic() + rng.choice([0.0, 0.01, 0.05])
        while True:
            app.root.update()
            if time.monotonic() >= end:
                break
            time.sleep(0.002)

    actions = [
        (30, "click", click),
        (4, "real click", lambda: real_click(rng.choice(app.cells))),
        (5, "digit", lambda: press(app.root, f"<KeyPress-{rng.randint(1, 9)}>")),
        (12, "wait", pump),
        (4, "new game", lambda: press(app.root, "<Control-n>")),
        (5, "undo", lambda: press(app.root, "<Control-z>")),
        (3, "redo", lambda: menu("Game", "Redo")),
        (3, "hint", lambda: press(app.root, "<Control-h>")),
        (1, "reset scores", lambda: menu("Game", "Reset scores")),
        (
            3,
            "mode",
            lambda: menu(
                "Mode", rng.choice(["Two players", "Against the computer", "Computer vs computer"])
            ),
        ),
        (2, "side", lambda: menu("Mode", rng.choice(["You play X", "You play O"]))),
        (
            2,
            "level",
            lambda: menu("Difficulty", rng.choice(["Easy", "Medium", "Hard", "Perfect"])),
        ),
        (1, "custom depth", lambda: menu("Difficulty", "Custom depth…")),
        (
            2,
            "board",
            lambda: menu(
                "Board",
                rng.choice(["3×3 (3 in a row)"] * 4 + ["4×4 (4 in a row)", "9×9 (5 in a row)"]),
            ),
        ),
        (2, "analysis", lambda: press(app.root, "<F5>")),
        (1, "history", lambda: menu("View", "Move history")),
        (1, "theme", lambda: menu("View", rng.choice(["Light theme", "Dark theme"]))),
        (1, "zoom", lambda: press(app.root, rng.choice(["<Control-plus>", "<Control-minus>"]))),
        (1, "copy", lambda: press(app.root, "<Control-c>")),
        (1, "paste", paste),
        (1, "open", lambda: press(app.root, "<Control-o>")),
        (1, "save", lambda: press(app.root, "<Control-s>")),
        (2, "play/pause", lambda: press(app.root, "<space>")),
        (2, "step", lambda: press(app.root, "<Right>")),
        (
            1,
            "watch level",
            lambda: submenu("Mode", rng.choice(["X plays at", "O plays at"]), "Easy"),
        ),
    ]
    weights = [weight for weight, _, _ in actions]
    model = TallyModel(app)
    after_change = app.after_change

    def observed_after_change() -> None:  # see every position, even mid-action ones
        model.observe(app)
        after_change()

    app.after_change = observed_after_change  # type: ignore[method-assign]
    counts: dict[str, int] = {}
    for _ in range(STORM_ACTIONS):
        _, name, action = rng.choices(actions, weights)[0]
        before = app.controller.board
        action()
        if name == "reset scores":  # before a pending computer move can end a game
            model.reset(app.controller.config.score_key)
        app.root.update()
        counts[name] = counts.get(name, 0) + 1
        check_invariants(app, before, name, model)
    assert app.callback_errors == [], app.callback_errors
    assert app.errors == []
    assert len(counts) == len(actions), f"some actions never ran: {counts}"
    print(f"storm: {STORM_ACTIONS} actions, seed {STORM_SEED}: {sorted(counts.items())}")


CANCEL_SETTINGS = dict(mode="computer", human="O", size=9, win_length=5, think_time=30.0)


@pytest.mark.parametrize("action", ["new game", "undo", "mode", "board"])
def test_actions_cancel_a_9x9_search_and_no_stale_move_lands(make_app, action: str) -> None:
    app = make_app(Settings(**CANCEL_SETTINGS))
    if action == "undo":
        assert wait(app.root, lambda: app.controller.board.move_count == 0 and app.worker.is_busy)
        app.cancel_search()
        app.controller.apply_computer_move(app.controller.generation, 40)
        app.cells[0].invoke()  # the computer now thinks about its second move
    assert wait(app.root, lambda: app.worker.is_busy, 5)
    generation = app.controller.generation
    thread = app.worker._thread
    started = time.monotonic()
    if action == "new game":
        press(app.root, "<Control-n>")
    elif action == "undo":
        press(app.root, "<Control-z>")
    elif action == "mode":
        app.menus["Mode"].invoke(app.menus["Mode"].index("Two players"))
    else:
        app.menus["Board"].invoke(app.menus["Board"].index("9×9 (5 in a row)"))
        app.menus["Board"].invoke(app.menus["Board"].index("7×7 (5 in a row)"))
    stopped = time.monotonic() - started
    assert thread is not None and not thread.is_alive(), "the old search still runs"
    assert stopped < 5.0  # a hang detector; benchmarks/ui.py measures the real time
    assert app.controller.generation != generation
    board = app.controller.board
    end = time.monotonic() + 0.3
    while time.monotonic() < end:
        app.root.update()
        time.sleep(0.005)
    if action == "mode":
        assert app.controller.board == board, "a stale move landed"
    assert not (app.controller.board.move_count > 1 and action != "undo")


CLOSE_DURING_SEARCH = """
import sys, time, tkinter as tk
from ttt_gui.app import App, pump_until
from ttt_gui.settings import Settings
root = tk.Tk()
app = App(root, Settings(mode="computer", human="O", size=9, win_length=5, think_time=30.0), None)
pump_until(root, lambda: app.worker.is_busy, 5)
root.after(300, app.on_quit)
root.mainloop()
"""


def test_closing_during_a_9x9_search_exits_cleanly() -> None:
    result = subprocess.run(
        [sys.executable, "-c", CLOSE_DURING_SEARCH], capture_output=True, text=True, timeout=30
    )
    assert result.returncode == 0
    assert result.stderr == ""


def rss_mb() -> float:
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20


def test_soak_of_computer_vs_computer_games(make_app) -> None:
    app = make_app(Settings(mode="watch", watch_delay=0, x_level="medium", o_level="easy"))
    threads_before = threading.active_count()
    afters_before = pending_afters(app)
    plan = []
    for game in range(SOAK_GAMES):
        if game % 25 == 24:
            plan.append(((7, 5), ("easy", "easy"), 0.05))
        elif game % 2:
            plan.append(((4, 4), ("medium", "easy"), 1.0))
        else:
            plan.append(((3, 3), ("hard", "medium"), 1.0))
    finished = 0
    samples = []
    for index, ((size, win_length), (x_level, o_level), think) in enumerate(plan):
        app.change_config(
            size=size, win_length=win_length, x_level=x_level, o_level=o_level, think_time=think
        )
        app.on_play_pause()
        assert wait(app.root, lambda: app.controller.board.is_over, 60), f"game {index} stuck"
        finished += 1
        if index % max(1, SOAK_GAMES // 10) == 0:
            gc.collect()
            samples.append(rss_mb())
    gc.collect()
    samples.append(rss_mb())
    assert finished == SOAK_GAMES
    assert app.callback_errors == [] and app.errors == []
    assert wait(app.root, lambda: not app.worker.is_busy, 5)
    assert threading.active_count() == threads_before, "a search thread leaked"
    assert pending_afters(app) <= afters_before, "after() callbacks leaked"
    tallies = sum(sum(counts.values()) for counts in app.controller.scores.values())
    assert tallies == SOAK_GAMES
    half = samples[len(samples) // 2 :]
    growth = max(half) - min(half)
    print(f"soak: {SOAK_GAMES} games, RSS samples {[round(s, 1) for s in samples]} MB")
    assert growth < 20, f"memory still grows in the second half: {samples}"
