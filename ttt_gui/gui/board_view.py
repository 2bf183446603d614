"""The board: one focusable, clickable canvas per cell, drawn by hand.

Each cell paints its own background, mark, analysis words, focus ring and its
part of the line through a win (see :mod:`~ttt_gui.gui.cell_painter`), so
colours and marks look the same with every Tk windowing system (macOS
ignores the background of ``tk.Button``) and marks scale crisply at any
size. The view forwards clicks and keys to the presenter and paints
:class:`~ttt_gui.app.view_state.CellView` values; a new move moves as its
:class:`~ttt_gui.app.motion.Motion` says, a frame every ``FRAME_MS`` from
``after()``, and any input first jumps what still moves to its end.
"""

from __future__ import annotations

import functools
import math
import tkinter as tk
from collections.abc import Callable
from tkinter import font as tkfont

from ttt_gui.app.motion import FRAME_MS, Motion
from ttt_gui.app.view_state import ViewState
from ttt_gui.gui.cell_painter import CellPainter, CellScene
from ttt_gui.gui.system_look import system_reduces_motion
from ttt_gui.theme import Palette, Role

ARROWS = {"Left": (0, -1), "Right": (0, 1), "Up": (-1, 0), "Down": (1, 0)}


class BoardView:
    """A grid of square cell canvases inside ``parent``.

    ``on_click(cell)`` is called for a click on a cell, ``on_activate(cell)``
    for Enter or Space on it, ``on_step()`` for the Right key when the
    computer plays both sides. Under gravity the pointer over any cell of a
    column shows, on the cell where the mark would land, a faint mark.
    """

    def __init__(
        self,
        parent: tk.Misc,
        on_click: Callable[[int], object],
        on_activate: Callable[[int], object],
        on_step: Callable[[], object],
    ) -> None:
        self.parent = parent
        self.frame = tk.Frame(parent, highlightthickness=0)
        self.on_click = on_click
        self.on_activate = on_activate
        #: The cell that last had the keyboard focus: it gets it back.
        self.last_focused = -1
        self.on_step = on_step
        self.cells: list[tk.Canvas] = []
        self.rows = self.cols = 0
        self.state: ViewState | None = None
        self.palette: Palette = {}
        self._painted: list[tuple[object, ...]] = []
        self._hovered: int | None = None
        self._focused: int | None = None  # the cell with the keyboard focus
        self._board_key: tuple[object, ...] = ()
        self.ui_font = tkfont.nametofont("TkDefaultFont")
        self.note_font = self.ui_font.copy()
        self.painter = CellPainter(self.note_font)
        self.motion = Motion()
        self._frame_id: str | None = None
        #: Row and column labels (a–i above, 1–9 to the left), when shown.
        self.labels: list[tk.Label] = []
        parent.bind("<Configure>", lambda event: self.layout())
        parent.after_idle(self._follow_system)

    # -- building ---------------------------------------------------------------

    def rebuild(self, rows: int, cols: int) -> None:
        """Make one canvas per cell for a board of ``rows`` x ``cols``."""
        for canvas in self.cells:
            canvas.destroy()
        self.rows, self.cols, self.cells, self._painted = rows, cols, [], []
        self.last_focused, self._focused, self._board_key = -1, None, ()
        for cell in range(rows * cols):
            canvas = tk.Canvas(
                self.frame,
                width=1,
                height=1,
                borderwidth=0,
                highlightthickness=0,
                takefocus=True,
                cursor="hand2",
            )
            row, column = divmod(cell, cols)
            canvas.grid(row=row, column=column, sticky="nsew", padx=1, pady=1)
            self._bind_cell(canvas, cell)
            self.cells.append(canvas)
            self._painted.append(())
        for index in range(max(rows, cols, *self.frame.grid_size())):
            for count, configure in (
                (rows, self.frame.rowconfigure),
                (cols, self.frame.columnconfigure),
            ):
                weight = 1 if index < count else 0
                configure(index, weight=weight, uniform="cells" if weight else "")
        self.layout()

    def _bind_cell(self, canvas: tk.Canvas, cell: int) -> None:
        def on(sequence: str, handler: Callable[[], object]) -> None:
            canvas.bind(sequence, lambda event: handler())

        on("<Button-1>", lambda: self._click(cell))
        for key in ("<Return>", "<KP_Enter>", "<space>"):
            on(key, lambda: self._key_activate(cell))
        for key, step in ARROWS.items():
            on(f"<{key}>", functools.partial(self._arrow, cell, step))
        on("<Enter>", lambda: self._hover(cell))
        on("<Leave>", lambda: self._hover(None))
        on("<Configure>", lambda: self._draw(cell, force=True))
        on("<FocusIn>", lambda: self._focus_changed(cell, True))
        on("<FocusOut>", lambda: self._focus_changed(cell, False))

    def _focus_changed(self, cell: int, focused: bool) -> None:
        if focused:
            self.last_focused = self._focused = cell
        elif self._focused == cell:
            self._focused = None
        self._draw(cell, force=True)

    def layout(self) -> None:
        """Centre the board, its cells square, in the space the parent has,
        leaving room for the coordinates when shown; scale the analysis font
        (never below the UI font)."""
        width, height = self.parent.winfo_width(), self.parent.winfo_height()
        rows, cols = max(1, self.rows), max(1, self.cols)
        if width <= 1 or height <= 1:
            return
        margin = self.ui_font.metrics("linespace") + 6 if self.labels else 0
        cell = max(
            60 / max(rows, cols), min((width - margin - 16) / cols, (height - margin - 16) / rows)
        )
        board_width, board_height = int(cell * cols), int(cell * rows)
        left = (width - board_width - margin) // 2 + margin
        top = (height - board_height - margin) // 2 + margin
        self.frame.place(x=left, y=top, width=board_width, height=board_height)
        ui_pixels = int(self.ui_font.metrics("linespace") * 0.75)
        self.note_font.configure(size=-max(ui_pixels, min(22, int(cell * 0.16))))
        for index, label in enumerate(self.labels):
            if index < cols:  # a column letter, above the board
                position = (index + 0.5) * cell
                label.place(x=left + position, y=top - 3, anchor="s")
            else:  # a row number, left of the board
                position = (index - cols + 0.5) * cell
                label.place(x=left - 4, y=top + position, anchor="e")

    def _show_coordinates(self, shown: bool) -> None:
        if shown == bool(self.labels):
            return
        for label in self.labels:
            label.destroy()
        self.labels = []
        if shown:
            texts = [chr(ord("a") + i) for i in range(self.cols)]
            texts += [str(i + 1) for i in range(self.rows)]
            self.labels = [tk.Label(self.parent, text=text, font=self.ui_font) for text in texts]
        self.layout()

    # -- input --------------------------------------------------------------------

    def _click(self, cell: int) -> str:
        self.finish_motion()
        self._focus_landing(cell)
        self.on_click(cell)
        return "break"

    def _key_activate(self, cell: int) -> str:
        self.finish_motion()
        self._focus_landing(cell)
        self.on_activate(cell)
        return "break"

    def _focus_landing(self, cell: int) -> None:
        """The focus goes where a move aimed at ``cell`` lands (under gravity,
        the lowest empty cell of its column), else to ``cell``."""
        target = self._target(cell) if self.state and self.state.cells[cell].playable else None
        self.cells[cell if target is None else target].focus_set()

    def _arrow(self, cell: int, step: tuple[int, int]) -> str:
        if self.state is not None and self.state.is_watch and step == ARROWS["Right"]:
            self.on_step()
            return "break"
        row, column = divmod(cell, self.cols)
        row, column = (row + step[0]) % self.rows, (column + step[1]) % self.cols
        self.cells[row * self.cols + column].focus_set()
        return "break"

    def press(self, keysym: str) -> str | None:
        """A board key (an arrow, Return, KP_Enter or space) pressed while the
        focus is elsewhere in the window: it acts on the cell that had the
        focus last (the centre if none), which takes the focus back; None
        (the key is left to others) for other keys or an empty board."""
        if not self.cells:
            return None
        cell = self.last_focused if 0 <= self.last_focused < len(self.cells) else self._home()
        if keysym in ARROWS:
            self.cells[cell].focus_set()
            return self._arrow(cell, ARROWS[keysym])
        if keysym in ("Return", "KP_Enter", "space"):
            self.cells[cell].focus_set()
            return self._key_activate(cell)
        return None

    def _hover(self, cell: int | None) -> None:
        previous, self._hovered = self._target(self._hovered), cell
        for index in (previous, self._target(cell)):
            if index is not None and index < len(self.cells):
                self._draw(index)

    def _target(self, cell: int | None) -> int | None:
        """The cell a move aimed at ``cell`` would take: under gravity the
        lowest empty cell of its column (None if the column is full)."""
        state = self.state
        if cell is None or state is None or not state.landing or cell >= len(state.landing):
            return cell
        target = state.landing[cell]
        return target if target >= 0 else None

    def _home(self) -> int:
        """The cell the keyboard starts on (see :attr:`ViewState.home_cell`)."""
        state = self.state
        if state is None or len(state.cells) != len(self.cells):
            return len(self.cells) // 2
        return state.home_cell

    def focus_cell(self, cell: int | None = None) -> None:
        """Give the keyboard focus to ``cell``; by default the cell that had it
        last, or the one the keyboard starts on (under gravity, where a move
        in the middle column lands)."""
        if cell is None:
            cell = self.last_focused
        if self.cells:
            index = cell if 0 <= cell < len(self.cells) else self._home()
            self.cells[index].focus_set()

    # -- painting -------------------------------------------------------------------

    def paint(self, state: ViewState, palette: Palette) -> None:
        """Show ``state``: redraw the cells whose look changed, and set moving
        what a move placed."""
        if (state.rows, state.cols) != (self.rows, self.cols):
            self._show_coordinates(False)
            self.rebuild(state.rows, state.cols)
        force = palette is not self.palette
        previous, self.state, self.palette = self.state, state, palette
        self.painter.palette = palette
        # Only what the board shows matters here: a repaint for the status bar
        # alone makes no Tk call (each one waits while a search runs).
        key = (
            state.cells,
            state.winning_line,
            state.is_busy,
            state.show_coordinates,
            state.landing,
            id(palette),
        )
        if key == self._board_key and not force:
            return
        self._board_key = key
        if state.landing and not any(cell.mark for cell in state.cells):
            self._focus_bottom_row(previous)
        self.motion.follow(previous, state)
        self._show_coordinates(state.show_coordinates)
        grid = Role.FRAME if state.landing else Role.GRID
        self.frame.configure(background=palette[grid])
        for label in self.labels:
            label.configure(background=palette[Role.BACKGROUND], foreground=palette[Role.MUTED])
        for cell in range(len(self.cells)):
            self._draw(cell, force)
        self._animate_soon()

    def _focus_bottom_row(self, previous: ViewState | None) -> None:
        """At the start of a game under gravity, the keyboard's cell drops to
        where a move in its column lands (the bottom row), as a disc would."""
        if previous is not None and not any(cell.mark for cell in previous.cells):
            return  # still the start: the person may have moved the focus up
        if not 0 <= self.last_focused < len(self.cells):
            return  # the cell the keyboard starts on is a landing one already
        target = self._target(self.last_focused)
        if target is None or target == self.last_focused:
            return
        had_focus = str(self.frame.tk.call("focus")) == str(self.cells[self.last_focused])
        self.last_focused = target
        if had_focus:
            self.cells[target].focus_set()

    def finish_motion(self) -> None:
        """Jump what still moves to its end (new input never waits for it)."""
        for cell in self.motion.finish():
            self._draw(cell)

    def stop_motion(self) -> None:
        """No more frames (the window closes)."""
        self.motion.finish()
        if self._frame_id is not None:
            self.frame.after_cancel(self._frame_id)
            self._frame_id = None

    def _animate_soon(self) -> None:
        if self._frame_id is None and self.motion.is_running:
            delay = min(FRAME_MS, math.ceil(self.motion.seconds_to_next_end() * 1000))
            self._frame_id = self.frame.after(max(1, delay), self._animate)

    def _animate(self) -> None:
        self._frame_id = None
        for cell in sorted(self.motion.tick()):
            self._draw(cell)
        self._animate_soon()

    def _follow_system(self) -> None:
        self.motion.enabled = not system_reduces_motion()

    def _draw(self, cell: int, force: bool = False) -> None:
        state = self.state
        if state is None or cell >= len(self.cells) or len(state.cells) != len(self.cells):
            return
        canvas = self.cells[cell]
        view = state.cells[cell]
        hovered_cell = self._hovered
        hovered = (
            hovered_cell is not None
            and self._target(hovered_cell) == cell
            and hovered_cell < len(state.cells)
            and state.cells[hovered_cell].playable
        )
        ghost = hovered and bool(state.landing) and view.mark is None
        scene = CellScene(
            view,
            self.motion.look(cell),
            focused=self._focused == cell,
            hovered=hovered,
            ghost=state.next_mark if ghost else "",
            gravity=bool(state.landing),
            line=state.winning_line,
            losing_line=state.losing_line,
            cols=state.cols,
        )
        key = (scene, canvas.winfo_width(), canvas.winfo_height())
        if not force and self._painted[cell] == key:
            return
        self._painted[cell] = key
        canvas.configure(cursor="hand2" if view.playable else ("watch" if state.is_busy else ""))
        self.painter.draw(canvas, cell, scene)
