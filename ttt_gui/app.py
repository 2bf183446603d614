"""The Tk window: board of buttons, menus, status bar; and ``main()``.

This is the only module that imports tkinter. Searches run in a worker
thread (:class:`~ttt_gui.controllers.SearchWorker`); their results are read
from a queue polled with ``after()``, so Tk is only touched from its thread.
"""

from __future__ import annotations

import argparse
import dataclasses
import gc
import os
import sys
import threading
import time
import tkinter as tk
from collections.abc import Callable
from pathlib import Path
from tkinter import font as tkfont
from tkinter import ttk
from typing import Any

from ttt_gui import __version__
from ttt_gui.board import DEFAULT_WIN_LENGTH, MAX_SIZE, MIN_SIZE, Board, Player
from ttt_gui.controllers import Controller, GameConfig, Mode, SearchWorker
from ttt_gui.engine import LEVELS, MoveAnalysis, SearchResult, describe_score, is_mate_score
from ttt_gui.games import SUFFIX, GameFileError, SavedGame, read_game, write_game
from ttt_gui.settings import (
    THEMES,
    THINK_TIMES,
    WATCH_SPEEDS,
    WINDOW_SIZE,
    Settings,
    default_path,
    load,
    save,
)

TITLE = "Tic-tac-toe"
BOARD_CHOICES = ((3, 3), (4, 4), (5, 4), (6, 4), (7, 5), (9, 5))
BASE_CELL = 96  # pixels at 96 dpi and zoom 1
PROGRESS_DELAY_MS = 300
POLL_MS = 5
SWITCH_INTERVAL = 0.001  # seconds
ZOOM_STEP = 1.15

PALETTES: dict[str, dict[str, str]] = {
    "light": {
        "background": "#eef1f5",
        "cell": "#ffffff",
        "cell_active": "#e3ecfa",
        "cell_busy": "#f3f4f6",
        "text": "#1f2933",
        "muted": "#52606d",
        "X": "#1d4ed8",
        "O": "#c2410c",
        "last": "#fff7d6",
        "win": "#bbf7d0",
        "hint": "#e9d5ff",
        "grid": "#9aa5b1",
        "good": "#15803d",
        "even": "#6b7280",
        "bad": "#b91c1c",
    },
    "dark": {
        "background": "#1b1f24",
        "cell": "#2a3038",
        "cell_active": "#36404c",
        "cell_busy": "#242a31",
        "text": "#e6e9ef",
        "muted": "#a3acb9",
        "X": "#7cb4ff",
        "O": "#ffaa6e",
        "last": "#3d3a24",
        "win": "#1f5136",
        "hint": "#4a3566",
        "grid": "#4b5563",
        "good": "#4ade80",
        "even": "#9ca3af",
        "bad": "#f87171",
    },
}

HOW_TO_PLAY = (
    "Take turns marking empty cells; X moves first.\n\n"
    "The first player with {k} marks in a row, column or diagonal wins. "
    "A full board with no such line is a draw.\n\n"
    "Play against the computer or a friend (Mode menu). The Difficulty menu "
    "sets how many moves ahead the computer looks; Perfect never loses."
)

SHORTCUTS = (
    "Ctrl+N\tNew game\nCtrl+O / Ctrl+S\tOpen / save a game\nCtrl+Z\tUndo\n"
    "Ctrl+Y, Ctrl+Shift+Z\tRedo\nCtrl+H\tHint\nF5\tShow analysis\n"
    "Ctrl+C / Ctrl+V\tCopy / paste the position\nCtrl+Q\tQuit\n"
    "Ctrl++ / Ctrl+- / Ctrl+0\tLarger / smaller / reset size\nF1\tHow to play\n"
    "Arrow keys\tMove between cells\nEnter or Space\tPlay the focused cell\n"
    "1 to 9\tPlay a cell on 3×3 (1 = top left)\n"
    "Space / Right\tPlay-pause / step, computer vs computer\nAlt+letter\tOpen a menu"
)

# Accelerator label -> Tk event sequences bound on the main window.
KEYS: dict[str, tuple[str, ...]] = {
    "Ctrl+N": ("<Control-n>",),
    "Ctrl+O": ("<Control-o>",),
    "Ctrl+S": ("<Control-s>",),
    "Ctrl+C": ("<Control-c>",),
    "Ctrl+V": ("<Control-v>",),
    "F5": ("<F5>",),
    "Ctrl+Z": ("<Control-z>",),
    "Ctrl+Y": ("<Control-y>", "<Control-Z>"),
    "Ctrl+H": ("<Control-h>",),
    "Ctrl+Q": ("<Control-q>",),
    "Ctrl++": ("<Control-plus>", "<Control-equal>", "<Control-KP_Add>"),
    "Ctrl+-": ("<Control-minus>", "<Control-KP_Subtract>"),
    "Ctrl+0": ("<Control-0>",),
    "F1": ("<F1>",),
}


FILE_TYPES = [("Saved games", f"*{SUFFIX}"), ("All files", "*")]
ARROWS = {"Left": (0, -1), "Right": (0, 1), "Up": (-1, 0), "Down": (1, 0)}


def board_label(size: int, win_length: int) -> str:
    return f"{size}×{size} ({win_length} in a row)"


class App:
    """The game window for one :class:`Controller`.

    ``settings_path`` None means nothing is saved. ``computer_pause_ms`` is the
    least time between the human's move and the computer's on 3x3.
    Dialogs go through the methods ``confirm``, ``ask_integer``, ``show_info``,
    ``show_error``, ``ask_open_path`` and ``ask_save_path``, which tests
    replace on the instance.
    """

    def __init__(
        self,
        root: tk.Tk,
        settings: Settings | None = None,
        settings_path: Path | None = None,
        computer_pause_ms: int = 300,
        message: str | None = None,
    ) -> None:
        self.root = root
        self.settings = settings or Settings()
        self.settings_path = settings_path
        self.computer_pause_ms = computer_pause_ms
        self.controller = Controller(config_from_settings(self.settings), self.settings.scores)
        self.worker = SearchWorker()
        self.callback_errors: list[BaseException] = []
        self.cells: list[tk.Button] = []
        self.hint: list[int] = []
        self.analysis: MoveAnalysis | None = None  # of the current position, when known
        self._analysis_generation = -1
        self._hint_wanted = False
        self.watch_running = False
        self._step_wanted = False
        self._message: str | None = message
        self._poll_id: str | None = None
        self._progress_id: str | None = None
        self._apply_id: str | None = None
        self._think_started = 0.0
        self._saved_scores_version = 0
        self._cell_font_px = 0
        self.dpi_scale = max(1.0, root.winfo_fpixels("1i") / 96)
        # A search thread holds the interpreter between switches: switch often
        # so that the Tk thread never waits long for it.
        sys.setswitchinterval(SWITCH_INTERVAL)
        # Cyclic garbage is collected here, on the Tk thread: a collection that
        # happened to run in a search thread could finalise Tk objects (fonts,
        # variables, closed dialogs) there, which Tk does not allow.
        gc.disable()

        root.title(TITLE)
        root.report_callback_exception = self.on_callback_error
        root.protocol("WM_DELETE_WINDOW", self.on_quit)
        self.cell_font = tkfont.Font(root=root, family="Helvetica", size=-40, weight="bold")
        self.note_font = tkfont.Font(root=root, family="Helvetica", size=-12)
        self.vars = {
            "mode": tk.StringVar(root),
            "human": tk.StringVar(root),
            "level": tk.StringVar(root),
            "board": tk.StringVar(root),
            "think": tk.DoubleVar(root),
            "theme": tk.StringVar(root),
            "x_level": tk.StringVar(root),
            "o_level": tk.StringVar(root),
            "speed": tk.IntVar(root),
            "analysis": tk.BooleanVar(root, self.settings.analysis),
            "history": tk.BooleanVar(root, self.settings.history),
        }
        self._build_widgets()
        self.menus = self._build_menus()
        self._bind_keys()
        self._show_history_panel(resize=False)
        self._apply_window_size()
        self.rebuild_board()
        self.after_change()

    # -- building ----------------------------------------------------------

    def _build_widgets(self) -> None:
        root = self.root
        root.minsize(int(260 * self.dpi_scale), int(300 * self.dpi_scale))
        root.columnconfigure(0, weight=1)
        root.rowconfigure(1, weight=1)
        self.score_label = tk.Label(root, anchor="center", padx=8, pady=4)
        self.score_label.grid(row=0, column=0, sticky="ew")
        self.board_area = tk.Frame(root, highlightthickness=0)
        self.board_area.grid(row=1, column=0, sticky="nsew")
        self.board_area.bind("<Configure>", self.on_resize)
        self.board_frame = tk.Frame(self.board_area, highlightthickness=0)
        status_bar = tk.Frame(root)
        status_bar.grid(row=2, column=0, sticky="ew")
        status_bar.columnconfigure(0, weight=1)
        self.status_bar = status_bar
        self.status_label = tk.Label(status_bar, anchor="w", padx=8, pady=4)
        self.status_label.grid(row=0, column=0, sticky="ew")
        self.progress = ttk.Progressbar(status_bar, mode="indeterminate", length=80)
        panel = tk.Frame(root, padx=6, pady=4)
        self.history_panel = panel
        self.history_title = tk.Label(panel, text="Moves", anchor="w")
        self.history_title.pack(fill="x")
        self.history_list = tk.Listbox(
            panel, width=12, activestyle="none", exportselection=False, relief="flat"
        )
        self.history_list.pack(fill="both", expand=True)
        self.history_list.bind("<<ListboxSelect>>", self.on_history_select)

    def _build_menus(self) -> dict[str, tk.Menu]:
        """Fill the menu bar from data: (label, accelerator, handler) rows."""
        v = self.vars
        levels = [
            ("radio", name.capitalize(), v["level"], name, self.on_level) for name in LEVELS
        ]
        boards = [
            ("radio", board_label(size, k), v["board"], f"{size}x{k}", self.on_board)
            for size, k in BOARD_CHOICES
        ]
        think = [
            ("radio", f"{seconds:g} s", v["think"], seconds, self.on_think_time)
            for seconds in THINK_TIMES
        ]
        speeds = [
            ("radio", name, v["speed"], delay, self.on_speed)
            for name, delay in WATCH_SPEEDS.items()
        ]

        def watch_levels(side: str) -> list[tuple]:
            return [
                ("radio", name.capitalize(), v[side], name, self.on_watch_level)
                for name in LEVELS
            ]

        spec: list[tuple[str, list[tuple]]] = [
            (
                "Game",
                [
                    ("command", "New game", "Ctrl+N", self.on_new_game),
                    ("command", "Open…", "Ctrl+O", self.on_open),
                    ("command", "Save…", "Ctrl+S", self.on_save),
                    ("separator",),
                    ("command", "Undo", "Ctrl+Z", self.on_undo),
                    ("command", "Redo", "Ctrl+Y", self.on_redo),
                    ("command", "Hint", "Ctrl+H", self.on_hint),
                    ("separator",),
                    ("command", "Reset scores", None, self.on_reset_scores),
                    ("separator",),
                    ("command", "Quit", "Ctrl+Q", self.on_quit),
                ],
            ),
            (
                "Edit",
                [
                    ("command", "Copy position", "Ctrl+C", self.on_copy),
                    ("command", "Paste position", "Ctrl+V", self.on_paste),
                ],
            ),
            (
                "Mode",
                [
                    ("radio", "Two players", v["mode"], "hotseat", self.on_mode),
                    ("radio", "Against the computer", v["mode"], "computer", self.on_mode),
                    ("radio", "Computer vs computer", v["mode"], "watch", self.on_mode),
                    ("separator",),
                    ("radio", "You play X", v["human"], "X", self.on_human),
                    ("radio", "You play O", v["human"], "O", self.on_human),
                    ("separator",),
                    ("cascade", "X plays at", watch_levels("x_level")),
                    ("cascade", "O plays at", watch_levels("o_level")),
                    ("command", "Play/Pause", "Space", self.on_play_pause),
                    ("command", "Step", "Right", self.on_step),
                    ("cascade", "Speed", speeds),
                ],
            ),
            (
                "Difficulty",
                [
                    *levels,
                    ("radio", "Custom depth…", v["level"], "custom", self.on_custom_depth),
                    ("separator",),
                    ("cascade", "Think time for large boards", think),
                ],
            ),
            (
                "Board",
                [*boards, ("radio", "Custom…", v["board"], "custom", self.on_custom_board)],
            ),
            (
                "View",
                [
                    ("check", "Show analysis", "F5", v["analysis"], self.on_analysis),
                    ("check", "Move history", None, v["history"], self.on_history),
                    ("separator",),
                    ("radio", "Light theme", v["theme"], "light", self.on_theme),
                    ("radio", "Dark theme", v["theme"], "dark", self.on_theme),
                    ("separator",),
                    ("command", "Larger", "Ctrl++", self.on_zoom_in),
                    ("command", "Smaller", "Ctrl+-", self.on_zoom_out),
                    ("command", "Reset size", "Ctrl+0", self.on_zoom_reset),
                ],
            ),
            (
                "Help",
                [
                    ("command", "How to play", "F1", self.on_how_to_play),
                    ("command", "Keyboard shortcuts", None, self.on_shortcuts),
                    ("command", "About", None, self.on_about),
                ],
            ),
        ]
        menubar = tk.Menu(self.root)
        menus: dict[str, tk.Menu] = {}
        for label, items in spec:
            menu = tk.Menu(menubar, tearoff=False)
            self._fill_menu(menu, items)
            menubar.add_cascade(label=label, menu=menu, underline=0)
            menus[label] = menu
        self.root.configure(menu=menubar)
        self.menubar = menubar
        self._handlers = {
            item[2]: item[-1]
            for _, items in spec
            for item in items
            if item[0] in ("command", "check") and item[2]
        }
        return menus

    def _fill_menu(self, menu: tk.Menu, items: list[tuple]) -> None:
        for item in items:
            kind = item[0]
            if kind == "separator":
                menu.add_separator()
            elif kind == "command":
                _, label, accelerator, handler = item
                menu.add_command(label=label, accelerator=accelerator or "", command=handler)
            elif kind == "radio":
                _, label, variable, value, handler = item
                menu.add_radiobutton(label=label, variable=variable, value=value, command=handler)
            elif kind == "check":
                _, label, accelerator, variable, handler = item
                menu.add_checkbutton(
                    label=label, accelerator=accelerator or "", variable=variable, command=handler
                )
            elif kind == "cascade":
                submenu = tk.Menu(menu, tearoff=False)
                self._fill_menu(submenu, item[2])
                menu.add_cascade(label=item[1], menu=submenu)

    def _bind_keys(self) -> None:
        for accelerator, sequences in KEYS.items():
            handler = self._handlers[accelerator]
            if accelerator == "F5":  # a key press must flip the check item too
                handler = self.on_toggle_analysis
            for sequence in sequences:
                self.root.bind(sequence, lambda event, h=handler: (h(), "break")[1])
        self.root.bind("<space>", self.on_space_key)
        self.root.bind("<Right>", self.on_right_key)
        for digit in range(1, 10):
            self.root.bind(str(digit), self.on_digit)

    def rebuild_board(self) -> None:
        """Make one button per cell for the current board size."""
        for button in self.cells:
            button.destroy()
        size = self.controller.board.size
        self.cells = []
        for cell in range(size * size):
            button = tk.Button(
                self.board_frame,
                font=self.cell_font,
                relief="flat",
                borderwidth=0,
                highlightthickness=2,
                width=1,
                height=1,
                command=lambda c=cell: self.on_cell(c),
                takefocus=True,
            )
            row, col = divmod(cell, size)
            button.grid(row=row, column=col, sticky="nsew", padx=1, pady=1)
            for key, step in ARROWS.items():
                button.bind(f"<{key}>", lambda event, c=cell, s=step: self.on_arrow(c, s))
            button.bind("<Return>", lambda event, c=cell: self.on_cell(c))
            button.bind("<space>", self.on_space_key)  # in watch mode: play/pause only
            button.bind("<KP_Enter>", lambda event, c=cell: self.on_cell(c))
            self.cells.append(button)
        for index in range(MAX_SIZE):
            weight = 1 if index < size else 0
            self.board_frame.rowconfigure(index, weight=weight, uniform="cells" if weight else "")
            self.board_frame.columnconfigure(
                index, weight=weight, uniform="cells" if weight else ""
            )
        self.board_frame.grid_propagate(False)
        self.apply_theme()
        self.layout_board()

    # -- layout and look ---------------------------------------------------

    def on_resize(self, event: tk.Event | None = None) -> None:
        self.layout_board()

    def layout_board(self) -> None:
        """Centre a square board in the available space; scale the glyphs."""
        width = self.board_area.winfo_width()
        height = self.board_area.winfo_height()
        if width <= 1 or height <= 1:
            width = height = int(BASE_CELL * self.dpi_scale * self.settings.zoom * 3)
        pad = int(10 * self.dpi_scale)
        side = max(60, min(width, height) - 2 * pad)
        self.board_frame.place(relx=0.5, rely=0.5, anchor="center", width=side, height=side)
        size = self.controller.board.size
        font_px = max(8, int(side / size * 0.55))
        if font_px != self._cell_font_px:
            self._cell_font_px = font_px
            self.cell_font.configure(size=-font_px)
            self.note_font.configure(size=-max(8, font_px * 7 // 24))

    def _preferred_size(self) -> tuple[int, int]:
        size = self.controller.board.size
        cell = BASE_CELL * self.dpi_scale * self.settings.zoom * (3 / size) ** 0.5
        side = int(cell * size + 20 * self.dpi_scale)
        width = max(side, int(420 * self.dpi_scale))
        if self.vars["history"].get():
            width += self._panel_width()
        return width, side + int(90 * self.dpi_scale)

    def _apply_window_size(self) -> None:
        geometry = self.settings.window
        if WINDOW_SIZE.fullmatch(geometry):
            self.root.geometry(geometry)
        else:
            self.root.geometry("{}x{}".format(*self._preferred_size()))

    def apply_theme(self) -> None:
        palette = PALETTES[self.settings.theme]
        self.root.configure(background=palette["background"])
        for widget in (self.board_area, self.status_bar, self.history_panel):
            widget.configure(background=palette["background"])
        self.history_title.configure(background=palette["background"], foreground=palette["muted"])
        self.history_list.configure(
            background=palette["cell"],
            foreground=palette["text"],
            selectbackground=palette["hint"],
            selectforeground=palette["text"],
            highlightthickness=0,
        )
        self.board_frame.configure(background=palette["grid"])
        menu_colours = {
            "background": palette["background"],
            "foreground": palette["text"],
            "activebackground": palette["cell_active"],
            "activeforeground": palette["text"],
        }
        for menu in (self.menubar, *self.menus.values()):
            menu.configure(**menu_colours)
        for label in (self.score_label, self.status_label):
            label.configure(background=palette["background"], foreground=palette["text"])
        self.score_label.configure(foreground=palette["muted"])
        for button in self.cells:
            button.configure(
                activebackground=palette["cell_active"],
                highlightbackground=palette["cell"],
                highlightcolor=palette["muted"],
            )
        self.render()

    # -- rendering ---------------------------------------------------------

    def render(self) -> None:
        """Show the controller's state: marks, last move, winning line, analysis, status."""
        palette = PALETTES[self.settings.theme]
        controller = self.controller
        board = controller.board
        winning = set(board.winning_line or ())
        last = controller.history.last_move
        busy = controller.is_computer_turn
        notes = self._analysis_notes()
        for cell, button in enumerate(self.cells):
            mark = board[cell]
            if cell in winning:
                background = palette["win"]
            elif cell in self.hint:
                background = palette["hint"]
            elif cell == last:
                background = palette["last"]
            elif busy or board.is_over:
                background = palette["cell_busy"]
            else:
                background = palette["cell"]
            if mark is not None:
                text, font, colour = mark.value, self.cell_font, palette[mark.value]
            elif cell in notes:
                text, tone = notes[cell]
                font, colour = self.note_font, palette[tone]
            else:
                text, font, colour = "", self.cell_font, palette["text"]
            button.configure(
                text=text,
                font=font,
                foreground=colour,
                activeforeground=colour,
                background=background,
                highlightbackground=background,
                cursor="watch" if busy else ("" if mark or board.is_over else "hand2"),
            )
        self.status_label.configure(text=self._message or self._status_text())
        self.score_label.configure(text=controller.score_text())
        game = self.menus["Game"]
        game.entryconfigure("Undo", state="normal" if controller.can_undo else "disabled")
        game.entryconfigure("Redo", state="normal" if controller.can_redo else "disabled")
        self._render_history()
        config = controller.config
        where = board_label(config.size, config.win_length)
        if config.mode is Mode.COMPUTER:
            who = f"you play {config.human.value} vs computer ({config.level_name()})"
        elif config.mode is Mode.WATCH:
            who = "computer vs computer"
        else:
            who = "two players"
        self.root.title(f"{TITLE} — {where}, {who}")

    def _status_text(self) -> str:
        text = self.controller.status()
        if self.controller.config.mode is Mode.WATCH and not self.controller.board.is_over:
            text += "" if self.watch_running else " — paused (Space plays, Right steps)"
        analysis = self.analysis if self.vars["analysis"].get() else None
        if analysis is not None and not analysis.exact:
            text += f"   Analysis: approximate, depth {analysis.depth}"
        return text

    def _analysis_notes(self) -> dict[int, tuple[str, str]]:
        """Cell -> (words, palette tone) of the analysis overlay, when it is shown."""
        analysis = self.analysis
        if not self.vars["analysis"].get() or analysis is None:
            return {}
        compact = self._cell_font_px < 40
        notes = {}
        for cell, score in analysis.scores.items():
            words = describe_score(score, analysis.exact)
            if compact:
                words = words.replace("win in ", "W").replace("loss in ", "L")
                words = words.replace("draw", "=").replace("about even", "≈0")
                words = words.replace("ahead (", "").replace("behind (", "").rstrip(")")
            elif is_mate_score(score):
                words = words.replace(" in ", "\nin ")
            elif not analysis.exact:
                words = words.replace(" (", "\n(")
            tone = "good" if score > 0 else "bad" if score < 0 else "even"
            notes[cell] = (words, tone)
        return notes

    def _render_history(self) -> None:
        if not self.vars["history"].get():
            return
        palette = PALETTES[self.settings.theme]
        lines = ["Start", *self.controller.move_list()]
        listbox = self.history_list
        if list(listbox.get(0, "end")) != lines:
            listbox.delete(0, "end")
            listbox.insert("end", *lines)
        cursor = self.controller.history.cursor
        for index in range(len(lines)):
            listbox.itemconfigure(
                index, foreground=palette["text"] if index <= cursor else palette["even"]
            )
        listbox.selection_clear(0, "end")
        listbox.selection_set(cursor)
        listbox.see(cursor)

    def _show_history_panel(self, resize: bool = True) -> None:
        """Show or hide the move list, widening or narrowing the window to match."""
        show = bool(self.vars["history"].get())
        if show:
            self.history_panel.grid(row=0, column=1, rowspan=3, sticky="ns")
        else:
            self.history_panel.grid_remove()
        if resize:
            width, height = self.root.winfo_width(), self.root.winfo_height()
            panel = self._panel_width() if show else -self._panel_width()
            self.root.geometry(f"{max(width + panel, 1)}x{height}")

    def _panel_width(self) -> int:
        return int(150 * self.dpi_scale)

    def show_message(self, text: str) -> None:
        """Put ``text`` in the status bar until the next change of position."""
        self._message = text
        self.render()

    @staticmethod
    def collect_garbage() -> None:
        """Collect cyclic garbage on the Tk thread, about as often as Python would."""
        if gc.get_count()[0] > gc.get_threshold()[0]:
            gc.collect()

    def after_change(self) -> None:
        """After any change of position or configuration: sync, render, start work."""
        self.collect_garbage()
        if self._analysis_generation != self.controller.generation:
            self.analysis = None
            self.hint = []
        self._sync_menu_vars()
        self.render()
        self.schedule_work()

    def _sync_menu_vars(self) -> None:
        config = self.controller.config
        self.vars["mode"].set(config.mode.value)
        self.vars["human"].set(config.human.value)
        self.vars["level"].set("custom" if config.depth is not None else config.level)
        shape = (config.size, config.win_length)
        self.vars["board"].set(f"{shape[0]}x{shape[1]}" if shape in BOARD_CHOICES else "custom")
        self.vars["think"].set(config.think_time)
        self.vars["theme"].set(self.settings.theme)
        self.vars["x_level"].set(config.x_level)
        self.vars["o_level"].set(config.o_level)
        self.vars["speed"].set(self.settings.watch_delay)

    # -- background work: the computer's moves, hints, analysis ------------

    def schedule_work(self) -> None:
        """Start the search the position needs next, if any (one at a time).

        The computer's move comes first; otherwise the analysis of the
        position, when shown or asked for by a hint.
        """
        controller = self.controller
        generation = controller.generation
        paused = controller.config.mode is Mode.WATCH and not (
            self.watch_running or self._step_wanted
        )
        if controller.is_computer_turn and not paused:
            if self._apply_id is not None:
                return  # a move is already on its way
            tag = ("move", generation)
            if self.worker.tag == tag:
                return  # running, or its result waits to be polled
            engine = controller.engine()
            board = controller.board
            self._start_job(tag, engine, lambda: engine.search(board))
            return
        wanted = self.vars["analysis"].get() or self._hint_wanted
        if not wanted or controller.board.is_over or self._analysis_generation == generation:
            return
        tag = ("analysis", generation)
        if self.worker.tag == tag:
            return  # running, or its result waits to be polled
        engine = controller.analysis_engine()
        board = controller.board
        self._start_job(tag, engine, lambda: engine.evaluate_moves(board))

    def _start_job(self, tag: tuple[str, int], engine: Any, job: Callable[[], Any]) -> None:
        self._hide_progress()
        self.worker.start(engine, job, tag)
        self._think_started = time.monotonic()
        self._progress_id = self.root.after(PROGRESS_DELAY_MS, self._show_progress)
        self._ensure_polling()

    def _ensure_polling(self) -> None:
        if self._poll_id is None:
            self._poll_id = self.root.after(POLL_MS, self._poll)

    def _poll(self) -> None:
        self._poll_id = None
        self.collect_garbage()
        busy = self.worker.is_busy  # before reading: a job may finish in between
        for (kind, generation), result in self.worker.poll():
            self._finish_job(kind, generation, result)
        if busy:
            self._ensure_polling()

    def _finish_job(self, kind: str, generation: int, result: Any) -> None:
        self._hide_progress()
        if generation != self.controller.generation:
            return  # an answer for an older position: dropped
        if isinstance(result, BaseException):
            self.report_error(result)
            return
        if kind == "move":
            assert isinstance(result, SearchResult)
            if self.controller.config.mode is Mode.WATCH:
                wait = 0 if self._step_wanted else self.settings.watch_delay
                self._step_wanted = False
            elif self.controller.board.size == 3:
                elapsed_ms = (time.monotonic() - self._think_started) * 1000
                wait = max(0, int(self.computer_pause_ms - elapsed_ms))
            else:
                wait = 0
            if wait:
                self._apply_id = self.root.after(
                    wait, lambda: self._apply_computer_move(generation, result.move)
                )
            else:
                self._apply_computer_move(generation, result.move)
        elif kind == "analysis":
            assert isinstance(result, MoveAnalysis)
            self.analysis = result
            self._analysis_generation = generation
            if self._hint_wanted:
                self._hint_wanted = False
                self.hint = list(result.best)
                self._message = self.controller.hint_text(result)
            self.render()

    def _apply_computer_move(self, generation: int, move: int) -> None:
        self._apply_id = None
        if self.controller.apply_computer_move(generation, move):
            self._message = None
            if self.controller.board.is_over:
                self.watch_running = False
            self.save_scores()
            self.after_change()

    def _show_progress(self) -> None:
        self._progress_id = None
        if self.worker.is_busy:
            self.progress.grid(row=0, column=1, padx=8)
            self.progress.start(15)

    def _hide_progress(self) -> None:
        if self._progress_id is not None:
            self.root.after_cancel(self._progress_id)
            self._progress_id = None
        self.progress.stop()
        self.progress.grid_remove()

    def cancel_search(self) -> None:
        """Stop any search and drop its pending result."""
        self.worker.cancel()
        self._hide_progress()
        if self._apply_id is not None:
            self.root.after_cancel(self._apply_id)
            self._apply_id = None
        self._hint_wanted = self._step_wanted = False

    # -- handlers ----------------------------------------------------------

    def on_cell(self, cell: int) -> None:
        controller = self.controller
        if controller.play(cell):
            self._message = None
            self.cancel_search()  # an analysis of the old position is of no use
            self.save_scores()
            self.after_change()
        elif controller.board.is_over:
            self.show_message("The game is over: Ctrl+N starts a new one.")
        elif controller.config.mode is Mode.WATCH:
            self.show_message("The computer plays both sides: Space plays or pauses.")
        elif controller.is_computer_turn:
            self.show_message("Wait for the computer's move.")
        else:
            self.show_message("That cell is taken.")

    def on_digit(self, event: tk.Event) -> str | None:
        if self.controller.board.size != 3 or not event.char.isdigit():
            return None
        self.on_cell(int(event.char) - 1)
        return "break"

    def on_arrow(self, cell: int, step: tuple[int, int]) -> str:
        if self.controller.config.mode is Mode.WATCH and step == ARROWS["Right"]:
            self.on_step()
            return "break"
        size = self.controller.board.size
        row, col = divmod(cell, size)
        row = (row + step[0]) % size
        col = (col + step[1]) % size
        self.cells[row * size + col].focus_set()
        return "break"

    def on_space_key(self, event: tk.Event) -> str | None:
        if self.controller.config.mode is not Mode.WATCH:
            return None
        self.on_play_pause()
        return "break"

    def on_right_key(self, event: tk.Event) -> str | None:
        if self.controller.config.mode is not Mode.WATCH:
            return None
        self.on_step()
        return "break"

    def _set_position(self, change: Callable[[], bool]) -> None:
        """Run a controller change (undo, redo, go to a move) and show its result."""
        self.cancel_search()
        self.watch_running = False
        if change():
            self._message = None
            self.save_scores()
        self.after_change()

    def on_new_game(self) -> None:
        self.cancel_search()
        self.controller.new_game()
        self._message = None
        self.after_change()

    def on_undo(self) -> None:
        self._set_position(self.controller.undo)

    def on_redo(self) -> None:
        self._set_position(self.controller.redo)

    def on_history_select(self, event: tk.Event | None = None) -> None:
        selection = self.history_list.curselection()
        if selection and selection[0] != self.controller.history.cursor:
            self._set_position(lambda: self.controller.go_to(selection[0]))

    def on_hint(self) -> None:
        controller = self.controller
        if controller.board.is_over:
            self.show_message("The game is over: no hint to give.")
            return
        if controller.is_computer_turn:
            self.show_message("Wait for the computer's move.")
            return
        if self.analysis is not None and self._analysis_generation == controller.generation:
            self.hint = list(self.analysis.best)
            self.show_message(controller.hint_text(self.analysis))
            return
        self._hint_wanted = True
        self.show_message("Looking for a hint…")
        self.schedule_work()

    def on_analysis(self) -> None:
        self.settings.analysis = bool(self.vars["analysis"].get())
        self.save_settings()
        self.render()
        self.schedule_work()

    def on_toggle_analysis(self) -> None:
        self.vars["analysis"].set(not self.vars["analysis"].get())
        self.on_analysis()

    def on_history(self) -> None:
        self.settings.history = bool(self.vars["history"].get())
        self._show_history_panel()
        self.save_settings()
        self.render()

    def on_play_pause(self) -> None:
        if self.controller.config.mode is not Mode.WATCH and not self.change_config(
            mode=Mode.WATCH
        ):
            return
        if self.controller.board.is_over:
            self.on_new_game()
            self.watch_running = True
        else:
            self.watch_running = not self.watch_running
            if not self.watch_running:
                self.cancel_search()
        self.after_change()

    def on_step(self) -> None:
        if self.controller.config.mode is not Mode.WATCH:
            self.show_message("Step plays one move in computer-vs-computer mode.")
            return
        self.watch_running = False
        if self._apply_id is None:  # else the move on its way is the step
            self._step_wanted = True
        self.after_change()

    def on_speed(self) -> None:
        self.settings.watch_delay = int(self.vars["speed"].get())
        self.save_settings()

    def on_watch_level(self) -> None:
        self.change_config(
            x_level=self.vars["x_level"].get(), o_level=self.vars["o_level"].get()
        )

    def on_reset_scores(self) -> None:
        self.controller.reset_scores()
        self.save_settings()
        self.show_message("Scores reset.")

    def change_config(self, start: Board | None = None, **changes: Any) -> bool:
        """Apply ``changes`` to the configuration; start a new game (from ``start``)
        when they change the game being played.

        Changes that do not (think time, levels of a mode not in play) apply at
        once. Otherwise asks first if a game is in progress; returns False if
        the user declines. A custom depth deeper than the new board is dropped.
        """
        config = dataclasses.replace(self.controller.config, **changes)
        if config.depth is not None and config.depth > config.size * config.size:
            config = dataclasses.replace(config, depth=None)
        if start is None and not self.controller.changes_game(config):
            self.controller.config = config
            settings_from_config(self.settings, config)
            self.save_settings()
            self._sync_menu_vars()
            return True
        if self.controller.is_in_progress and not self.confirm(
            "New game", "This starts a new game. Abandon the game in progress?"
        ):
            self._sync_menu_vars()
            return False
        self.cancel_search()
        self.watch_running = False
        self._start(lambda: self.controller.new_game(config, start))
        return True

    def _start(self, begin: Callable[[], None]) -> None:
        """Begin a game (new, pasted or opened) and rebuild what its shape needs."""
        shape = (self.controller.config.size, self.controller.config.win_length)
        begin()
        config = self.controller.config
        settings_from_config(self.settings, config)
        self.save_settings()
        self._message = None
        if (config.size, config.win_length) != shape:
            self.rebuild_board()
            self.root.geometry("{}x{}".format(*self._preferred_size()))
        self.after_change()

    def on_copy(self) -> None:
        text = str(self.controller.board)
        self.root.clipboard_clear()
        self.root.clipboard_append(text)
        self.show_message(f"Copied the position: {text}")

    def on_paste(self) -> None:
        try:
            text = self.root.clipboard_get().strip()
        except tk.TclError:
            self.show_message("The clipboard holds no text to read a position from.")
            return
        config = self.controller.config
        rows = text.count("/") + 1
        win_length = config.win_length if rows == config.size else None
        try:
            board = Board.parse(text, win_length=win_length)
        except ValueError as error:
            self.show_message(f"Not a position: {error}.")
            return
        self.change_config(start=board, size=board.size, win_length=board.win_length)

    def on_save(self) -> None:
        path = self.ask_save_path()
        if path is None:
            return
        if not path.suffix:
            path = path.with_suffix(SUFFIX)
        config = self.controller.config
        start = self.controller.history.boards[0]
        game = SavedGame(
            size=config.size,
            win_length=config.win_length,
            moves=tuple(self.controller.history.moves[: self.controller.history.cursor]),
            start=None if start.move_count == 0 else str(start),
            mode=config.mode.value,
            human=config.human.value,
            level=config.level,
            depth=config.depth,
            x_level=config.x_level,
            o_level=config.o_level,
        )
        try:
            write_game(path, game)
        except OSError as error:
            self.show_message(f"Could not save the game: {error.strerror or error}.")
            return
        self.show_message(f"Saved the game as {path.name}.")

    def on_open(self) -> None:
        path = self.ask_open_path()
        if path is None:
            return
        try:
            game = read_game(path)
        except GameFileError as error:
            self.show_message(f"Could not open {path.name}: {error}.")
            return
        if self.controller.is_in_progress and not self.confirm(
            "Open game", "Opening a game ends the game in progress. Go on?"
        ):
            return
        config = dataclasses.replace(
            self.controller.config,
            mode=Mode(game.mode),
            human=Player(game.human),
            level=game.level,
            depth=game.depth,
            size=game.size,
            win_length=game.win_length,
            x_level=game.x_level,
            o_level=game.o_level,
        )
        self.cancel_search()
        self.watch_running = False
        self._start(lambda: self.controller.replay(config, game.start_board(), list(game.moves)))
        self.show_message(f"Opened {path.name}: {len(game.moves)} moves.")

    def on_mode(self) -> None:
        self.change_config(mode=Mode(self.vars["mode"].get()))

    def on_human(self) -> None:
        self.change_config(human=Player(self.vars["human"].get()), mode=Mode.COMPUTER)

    def on_level(self) -> None:
        self.change_config(level=self.vars["level"].get(), depth=None)

    def on_custom_depth(self) -> None:
        config = self.controller.config
        cells = config.size * config.size
        depth = self.ask_integer(
            "Custom depth",
            f"How many moves ahead should the computer look (1 to {cells})?",
            initialvalue=config.max_depth or cells,
            minvalue=1,
            maxvalue=cells,
        )
        if depth is None or not 1 <= depth <= cells:
            self._sync_menu_vars()
            return
        self.change_config(depth=depth)

    def on_think_time(self) -> None:
        self.change_config(think_time=float(self.vars["think"].get()))

    def on_board(self) -> None:
        size, win_length = (int(part) for part in self.vars["board"].get().split("x"))
        self.change_config(size=size, win_length=win_length, depth=None)

    def on_custom_board(self) -> None:
        config = self.controller.config
        size = self.ask_integer(
            "Custom board",
            f"Board size ({MIN_SIZE} to {MAX_SIZE}):",
            initialvalue=config.size,
            minvalue=MIN_SIZE,
            maxvalue=MAX_SIZE,
        )
        if size is None or not MIN_SIZE <= size <= MAX_SIZE:
            self._sync_menu_vars()
            return
        win_length = self.ask_integer(
            "Custom board",
            f"Marks in a row to win ({MIN_SIZE} to {size}):",
            initialvalue=min(size, DEFAULT_WIN_LENGTH[size]),
            minvalue=MIN_SIZE,
            maxvalue=size,
        )
        if win_length is None or not MIN_SIZE <= win_length <= size:
            self._sync_menu_vars()
            return
        self.change_config(size=size, win_length=win_length, depth=None)

    def on_theme(self) -> None:
        theme = self.vars["theme"].get()
        if theme in THEMES:
            self.settings.theme = theme
            self.apply_theme()
            self.save_settings()

    def set_zoom(self, zoom: float) -> None:
        self.settings.zoom = min(3.0, max(0.5, round(zoom, 3)))
        self.root.geometry("{}x{}".format(*self._preferred_size()))
        self.save_settings()

    def on_zoom_in(self) -> None:
        self.set_zoom(self.settings.zoom * ZOOM_STEP)

    def on_zoom_out(self) -> None:
        self.set_zoom(self.settings.zoom / ZOOM_STEP)

    def on_zoom_reset(self) -> None:
        self.set_zoom(1.0)

    def on_how_to_play(self) -> None:
        self.show_info("How to play", HOW_TO_PLAY.format(k=self.controller.config.win_length))

    def on_shortcuts(self) -> None:
        self.show_info("Keyboard shortcuts", SHORTCUTS)

    def on_about(self) -> None:
        self.show_info(
            "About",
            f"ttt_gui {__version__}\n\nTic-tac-toe and m,n,k games.\n\n"
            "The computer plays by negamax search with alpha-beta pruning and a "
            "transposition table shared by the board's 8 symmetries. At Perfect "
            "it solves the game exactly where it can; on large boards it "
            "deepens its search until its think time runs out.",
        )

    def on_quit(self) -> None:
        """Stop any search, save settings and the window size, close the window."""
        self.cancel_search()
        if self._poll_id is not None:
            self.root.after_cancel(self._poll_id)
            self._poll_id = None
        self.settings.window = f"{self.root.winfo_width()}x{self.root.winfo_height()}"
        self.save_settings()
        self.root.destroy()
        gc.collect()  # the window's garbage goes here, on the Tk thread
        gc.enable()

    # -- dialogs (imported when first needed: start-up stays fast) ----------

    def confirm(self, title: str, text: str) -> bool:
        from tkinter import messagebox

        return bool(messagebox.askyesno(title, text, parent=self.root))

    def ask_integer(self, title: str, prompt: str, **limits: Any) -> int | None:
        from tkinter import simpledialog

        return simpledialog.askinteger(title, prompt, parent=self.root, **limits)

    def show_info(self, title: str, text: str) -> None:
        from tkinter import messagebox

        messagebox.showinfo(title, text, parent=self.root)

    def show_error(self, title: str, text: str) -> None:
        from tkinter import messagebox

        messagebox.showerror(title, text, parent=self.root)

    def ask_open_path(self) -> Path | None:
        from tkinter import filedialog

        name = filedialog.askopenfilename(
            parent=self.root, title="Open game", filetypes=FILE_TYPES
        )
        return Path(name) if name else None

    def ask_save_path(self) -> Path | None:
        from tkinter import filedialog

        name = filedialog.asksaveasfilename(
            parent=self.root, title="Save game", filetypes=FILE_TYPES, defaultextension=SUFFIX
        )
        return Path(name) if name else None

    # -- errors and persistence --------------------------------------------

    def on_callback_error(self, kind: type, error: BaseException, tb: Any) -> None:
        """Tk's hook for exceptions in callbacks: log, count, tell, keep running."""
        import logging

        self.callback_errors.append(error)
        logging.getLogger("ttt_gui").error("error in a callback", exc_info=(kind, error, tb))
        self.report_error(error)

    def report_error(self, error: BaseException) -> None:
        text = f"{type(error).__name__}: {error}"
        self._message = f"Something went wrong: {text}"
        self.render()
        try:
            self.show_error("Unexpected error", f"{text}\n\nThe game goes on.")
        except tk.TclError:
            pass

    def save_scores(self) -> None:
        """Persist the settings if the tally changed since they were last saved."""
        if self.controller.scores_version != self._saved_scores_version:
            self.save_settings()

    def save_settings(self) -> None:
        """Persist settings and scores; a failure is shown, never raised."""
        self._saved_scores_version = self.controller.scores_version
        if self.settings_path is None:
            return
        try:
            save(self.settings, self.settings_path)
        except OSError as error:
            self._message = f"Could not save settings: {error}"


def config_from_settings(settings: Settings) -> GameConfig:
    return GameConfig(
        mode=Mode(settings.mode),
        human=Player(settings.human),
        level=settings.level,
        depth=settings.depth,
        size=settings.size,
        win_length=settings.win_length,
        think_time=float(settings.think_time),
        x_level=settings.x_level,
        o_level=settings.o_level,
    )


def settings_from_config(settings: Settings, config: GameConfig) -> None:
    settings.mode = config.mode.value
    settings.human = config.human.value
    settings.level = config.level
    settings.depth = config.depth
    settings.size = config.size
    settings.win_length = config.win_length
    settings.think_time = config.think_time
    settings.x_level = config.x_level
    settings.o_level = config.o_level


# -- command line -------------------------------------------------------------


def _int_in(low: int, high: int) -> Callable[[str], int]:
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"{value} is out of range ({low} to {high})")
        return value

    return parse


def _settings_file(text: str) -> Path:
    path = Path(text)
    if not text.strip() or path.is_dir():
        raise argparse.ArgumentTypeError(f"{text!r} is not a file name")
    return path


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="ttt-gui",
        description="Tic-tac-toe and m,n,k games against a friend or the computer.",
        epilog="Options override the saved settings for this run only.",
    )
    parser.add_argument(
        "--mode",
        choices=[mode.value for mode in Mode],
        help="two players, against the computer, or computer vs computer (watch)",
    )
    parser.add_argument(
        "--play", choices=["x", "o"], type=str.lower, help="your side against the computer"
    )
    parser.add_argument("--level", choices=list(LEVELS), help="the computer's strength")
    parser.add_argument(
        "--depth", type=_int_in(1, MAX_SIZE * MAX_SIZE), metavar="N", help="custom search depth"
    )
    parser.add_argument("--size", type=_int_in(MIN_SIZE, MAX_SIZE), metavar="N", help="board size")
    parser.add_argument(
        "--win-length", type=_int_in(MIN_SIZE, MAX_SIZE), metavar="K", help="marks in a row to win"
    )
    parser.add_argument("--theme", choices=list(THEMES), help="colour theme")
    parser.add_argument(
        "--settings",
        metavar="FILE",
        type=_settings_file,
        help="settings file (default: user config folder)",
    )
    parser.add_argument(
        "--reset-settings", action="store_true", help="start from default settings"
    )
    parser.add_argument(
        "--smoke-test", action="store_true", help="play a scripted game in the window and exit"
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    return parser


def settings_for_run(args: argparse.Namespace, settings: Settings) -> Settings:
    """Apply command-line overrides; raises ValueError for inconsistent values."""
    updated = dataclasses.replace(settings, scores=settings.scores)
    if args.mode:
        updated.mode = args.mode
    if args.play:
        updated.human = args.play.upper()
        if not args.mode:
            updated.mode = "computer"
    if args.level:
        updated.level, updated.depth = args.level, None
    if args.size:
        updated.size = args.size
        if not args.win_length:
            updated.win_length = DEFAULT_WIN_LENGTH[args.size]
        if updated.depth is not None and not args.depth:
            updated.depth = None
    if args.win_length:
        if args.win_length > updated.size:
            raise ValueError(
                f"--win-length {args.win_length} is longer than the board size {updated.size}"
            )
        updated.win_length = args.win_length
    if args.depth:
        cells = updated.size * updated.size
        if args.depth > cells:
            raise ValueError(f"--depth {args.depth} is more than the {cells} cells of the board")
        updated.depth = args.depth
    if args.theme:
        updated.theme = args.theme
    return updated


def main(argv: list[str] | None = None) -> int:
    """Run the game; returns the process exit status (2 for bad options)."""
    if sys.stderr is None:  # a windowed build on Windows has no console
        sys.stderr = open(os.devnull, "w")  # noqa: SIM115
    if sys.stdout is None:
        sys.stdout = open(os.devnull, "w")  # noqa: SIM115
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.smoke_test:
        path, (settings, message, can_save) = None, (Settings(), None, False)
    else:
        path = args.settings or default_path()
        if args.reset_settings:
            settings, message, can_save = Settings(), None, True
        else:
            settings, message, can_save = load(path)
    try:
        settings = settings_for_run(args, settings)
    except ValueError as error:
        parser.error(str(error))
    if sys.platform == "win32":
        _enable_dpi_awareness()
    try:
        root = tk.Tk()
    except tk.TclError as error:
        print(f"ttt-gui: cannot open a window: {error}", file=sys.stderr)
        return 1
    app = App(root, settings, path if can_save else None, message=message)
    if args.smoke_test:
        return run_smoke_test(app)
    root.mainloop()
    return 0


def _enable_dpi_awareness() -> None:
    try:
        import ctypes

        ctypes.windll.shcore.SetProcessDpiAwareness(1)  # type: ignore[attr-defined]
    except (AttributeError, OSError):
        pass


def pump_until(root: tk.Misc, condition: Callable[[], bool], timeout: float) -> bool:
    """Process Tk events until ``condition()`` holds or ``timeout`` seconds pass."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        root.update()
        if condition():
            return True
        time.sleep(0.005)
    return False


SMOKE_TEST_DEADLINE = 20.0


def run_smoke_test(app: App) -> int:
    """Play scripted games through the window's own buttons; 0 if all went right.

    A watchdog ends the process with status 1 if the test ever hangs.
    """

    def give_up() -> None:
        sys.stdout.write("smoke test failed: deadline exceeded\n")
        sys.stdout.flush()
        os._exit(1)

    watchdog = threading.Timer(SMOKE_TEST_DEADLINE, give_up)
    watchdog.daemon = True
    watchdog.start()
    root = app.root
    try:
        if not pump_until(root, lambda: app.cells[0].winfo_viewable(), 5):
            raise AssertionError("the window never appeared")
        app.computer_pause_ms = 0
        app.change_config(mode=Mode.HOTSEAT, size=3, win_length=3)
        for cell in (0, 3, 1, 4, 2):
            app.cells[cell].invoke()
        status = app.status_label.cget("text")
        if status != "X wins!" or str(app.controller.board) != "XXX/OO./...":
            raise AssertionError(f"expected X to win, the window says {status!r}")
        app.change_config(mode=Mode.COMPUTER, human=Player.X, level="perfect")
        app.cells[4].invoke()
        if not pump_until(root, lambda: app.controller.board.move_count == 2, 5):
            raise AssertionError("the computer did not answer the opening move")
        reply = app.controller.history.moves[1]
        print(
            "smoke test passed: X wins; the computer answered "
            f"{app.controller.board.coordinate(reply)}"
        )
        code = 0
    except Exception as error:  # any failure is reported, not raised
        print(f"smoke test failed: {error}")
        code = 1
    finally:
        watchdog.cancel()
    app.on_quit()
    return code
