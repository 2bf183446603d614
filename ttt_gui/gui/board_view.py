"""The board: one focusable, clickable canvas per cell, drawn by hand.

Each cell paints its own background, mark, analysis words, focus ring and its
part of the line through a win, so colours and marks look the same with
every Tk windowing system (macOS ignores the background of ``tk.Button``)
and marks scale crisply at any size. The view forwards clicks and keys to
the presenter and paints :class:`~ttt_gui.app.view_state.CellView` values.
"""

from __future__ import annotations

import functools
import tkinter as tk
from collections.abc import Callable
from tkinter import font as tkfont

from ttt_gui.app.view_state import CellView, ViewState, compact_words
from ttt_gui.theme import Palette, Role

ARROWS = {"Left": (0, -1), "Right": (0, 1), "Up": (-1, 0), "Down": (1, 0)}
FOCUS_RING = 3


def two_lines(words: str) -> str:
    r"""``words`` broken at the space that makes the longer line shortest.

    >>> two_lines("X slightly better"), two_lines("win in 5"), two_lines("draw")
    ('X slightly\nbetter', 'win\nin 5', 'draw')
    """
    spaces = [index for index, character in enumerate(words) if character == " "]
    if not spaces:
        return words
    best = min(spaces, key=lambda index: max(index, len(words) - index - 1))
    return f"{words[:best]}\n{words[best + 1 :]}"


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
        on_click: Callable[[int], None],
        on_activate: Callable[[int], None],
        on_step: Callable[[], None],
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
        #: Row and column labels (a–i above, 1–9 to the left), when shown.
        self.labels: list[tk.Label] = []
        parent.bind("<Configure>", lambda event: self.layout())

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
        self.cells[cell].focus_set()
        self.on_click(cell)
        return "break"

    def _key_activate(self, cell: int) -> str:
        self.on_activate(cell)
        return "break"

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
        cell = (
            self.last_focused if 0 <= self.last_focused < len(self.cells) else len(self.cells) // 2
        )
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

    def focus_cell(self, cell: int | None = None) -> None:
        """Give the keyboard focus to ``cell``; by default the cell that had it
        last, or the centre."""
        if cell is None:
            cell = self.last_focused
        if self.cells:
            index = cell if 0 <= cell < len(self.cells) else len(self.cells) // 2
            self.cells[index].focus_set()

    # -- painting -------------------------------------------------------------------

    def paint(self, state: ViewState, palette: Palette) -> None:
        """Show ``state``: redraw the cells whose look changed."""
        if (state.rows, state.cols) != (self.rows, self.cols):
            self._show_coordinates(False)
            self.rebuild(state.rows, state.cols)
        force = palette is not self.palette
        self.state, self.palette = state, palette
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
        self._show_coordinates(state.show_coordinates)
        self.frame.configure(background=palette[Role.GRID])
        for label in self.labels:
            label.configure(background=palette[Role.BACKGROUND], foreground=palette[Role.MUTED])
        for cell in range(len(self.cells)):
            self._draw(cell, force)

    def _draw(self, cell: int, force: bool = False) -> None:
        state = self.state
        if state is None or cell >= len(self.cells) or len(state.cells) != len(self.cells):
            return
        canvas = self.cells[cell]
        view = state.cells[cell]
        width, height = canvas.winfo_width(), canvas.winfo_height()
        focused = self._focused == cell
        hovered_cell = self._hovered
        hovered = (
            hovered_cell is not None
            and self._target(hovered_cell) == cell
            and hovered_cell < len(state.cells)
            and state.cells[hovered_cell].playable
        )
        ghost = hovered and bool(state.landing) and view.mark is None
        key = (view, width, height, focused, hovered, ghost, state.winning_line, state.cols)
        if not force and self._painted[cell] == key:
            return
        self._painted[cell] = key
        palette = self.palette
        background = palette[Role.CELL_ACTIVE] if hovered else palette[view.background]
        canvas.configure(
            background=background,
            cursor="hand2" if view.playable else ("watch" if state.is_busy else ""),
        )
        canvas.delete("all")
        if width <= 1 or height <= 1:
            return
        if view.mark is not None:
            self._draw_mark(canvas, view.mark, width, height)
        elif ghost:  # where the mark would land
            self._draw_mark(canvas, state.next_mark, width, height, colour=palette[Role.MUTED])
        elif view.note:
            self._draw_note(canvas, view, width, height)
        if cell in state.winning_line:
            self._draw_strike(canvas, cell, state.winning_line, width, height)
        if focused:  # drawn, not a border: the stroke through a win stays whole
            inset = FOCUS_RING / 2
            canvas.create_rectangle(
                inset,
                inset,
                width - inset,
                height - inset,
                outline=palette[Role.FOCUS],
                width=FOCUS_RING,
            )

    def _draw_mark(
        self, canvas: tk.Canvas, mark: str, width: int, height: int, colour: str | None = None
    ) -> None:
        side = min(width, height)
        inset = side * 0.24
        line = max(2.0, side * 0.09)
        left, top = (width - side) / 2 + inset, (height - side) / 2 + inset
        right, bottom = left + side - 2 * inset, top + side - 2 * inset
        colour = colour or self.palette[Role(mark)]
        if mark == "X":
            for x0, x1 in ((left, right), (right, left)):
                canvas.create_line(x0, top, x1, bottom, fill=colour, width=line, capstyle="round")
        else:
            canvas.create_oval(left, top, right, bottom, outline=colour, width=line)

    def _draw_note(self, canvas: tk.Canvas, view: CellView, width: int, height: int) -> None:
        """The analysis words, on two lines where they fit, else in short form."""
        words = two_lines(view.note)
        lines = words.split("\n")
        fits = (
            max(self.note_font.measure(line) for line in lines) <= width - 8
            and len(lines) * self.note_font.metrics("linespace") <= height - 8
        )
        if not fits:
            words = compact_words(view.note)
        canvas.create_text(
            width / 2,
            height / 2,
            text=words,
            fill=self.palette[view.tone],
            font=self.note_font,
            justify="center",
        )

    def _draw_strike(
        self, canvas: tk.Canvas, cell: int, line: tuple[int, ...], width: int, height: int
    ) -> None:
        """This cell's part of the stroke through the winning line."""
        (row0, col0), (row1, col1) = divmod(line[0], self.cols), divmod(line[1], self.cols)
        d_row, d_col = row1 - row0, col1 - col0
        # Extend beyond the cell edges so neighbouring segments meet over the grid lines.
        reach_x, reach_y = (width / 2 + 2) * d_col, (height / 2 + 2) * d_row
        centre_x, centre_y = width / 2, height / 2
        start = (centre_x - reach_x, centre_y - reach_y)
        end = (centre_x + reach_x, centre_y + reach_y)
        if cell == line[0]:
            start = (centre_x - reach_x * 0.6, centre_y - reach_y * 0.6)
        if cell == line[-1]:
            end = (centre_x + reach_x * 0.6, centre_y + reach_y * 0.6)
        canvas.create_line(
            *start,
            *end,
            fill=self.palette[Role.TEXT],
            width=max(3.0, min(width, height) * 0.06),
            capstyle="round",
        )
