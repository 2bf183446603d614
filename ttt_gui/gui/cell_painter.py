"""What one cell of the board shows, drawn on its canvas.

Without gravity a cell is a square of its background colour with an X or an
O. Under gravity (Connect Four) the board is a frame with round holes, as
the desktop's four-in-a-row games draw it: each cell's canvas is a piece of
the frame, its hole shows the cell's background colour, and a mark is a disc
in the hole; a disc that falls is seen through the holes it passes. Every
colour comes from the palette by :class:`~ttt_gui.theme.Role`.
"""

from __future__ import annotations

import math
import tkinter as tk
from dataclasses import dataclass
from tkinter import font as tkfont

from ttt_gui.app.motion import STILL, CellLook
from ttt_gui.app.view_state import CellView
from ttt_gui.theme import Palette, Role

FOCUS_RING = 3
#: The hole of a gravity board, and the disc in it, as parts of the cell's side.
HOLE_INSET = 0.09
DISC_INSET = 0.12
#: Points on each quarter circle of a hole's edge, drawn over a falling disc.
ARC_POINTS = 8
#: How far the stroke through a finished game reaches beyond its end cells'
#: centres, and beyond a cell's edge so that neighbouring parts meet, in cells.
STRIKE_OVERHANG = 0.3
STRIKE_OVERLAP = 0.03


def circle(
    canvas: tk.Canvas,
    x: float,
    y: float,
    radius: float,
    *,
    outline: str,
    fill: str = "",
    width: float = 1.0,
    stipple: str = "",
) -> None:
    """A circle of ``radius`` centred on (``x``, ``y``); the defaults are Tk's
    (no fill, a line 1 pixel wide, no stipple)."""
    canvas.create_oval(
        x - radius,
        y - radius,
        x + radius,
        y + radius,
        outline=outline,
        fill=fill,
        width=width,
        stipple=stipple,
    )


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


def shade(colour: str, factor: float) -> str:
    """``colour`` (``#rrggbb``) darkened towards black by ``factor`` (0: as is).

    >>> shade("#ff8040", 0.5)
    '#804020'
    """
    channels = (int(colour[index : index + 2], 16) for index in (1, 3, 5))
    return "#" + "".join(f"{round(value * (1 - factor)):02x}" for value in channels)


@dataclass(frozen=True)
class CellScene:
    """Everything a cell's drawing depends on besides its size and the palette:
    its view, the motion's look of it, whether it has the keyboard focus,
    whether the pointer aims at it (hovered) and shows there the faint
    ``ghost`` mark (empty: none) a move would place; under ``gravity`` it is
    a hole in a frame. ``line`` is the line through a finished game (drawn
    in the losing colour for a ``losing_line``) on a board ``cols`` wide."""

    view: CellView
    look: CellLook = STILL
    focused: bool = False
    hovered: bool = False
    ghost: str = ""
    gravity: bool = False
    line: tuple[int, ...] = ()
    losing_line: bool = False
    cols: int = 1


class CellPainter:
    """Draws scenes on cell canvases with the colours of ``palette`` and the
    analysis words in ``note_font``."""

    def __init__(self, note_font: tkfont.Font) -> None:
        self.note_font = note_font
        self.palette: Palette = {}

    def draw(self, canvas: tk.Canvas, cell: int, scene: CellScene) -> None:
        """Draw ``scene`` on ``canvas``, the canvas of ``cell``."""
        palette, view = self.palette, scene.view
        background = palette[Role.CELL_ACTIVE] if scene.hovered else palette[view.background]
        canvas.configure(background=palette[Role.FRAME] if scene.gravity else background)
        canvas.delete("all")
        width, height = canvas.winfo_width(), canvas.winfo_height()
        if width <= 1 or height <= 1:
            return
        mark = None if scene.look.hides_mark else view.mark
        if scene.gravity:
            self._draw_hole(canvas, width, height, background, scene, mark)
        elif mark is not None:
            self._draw_mark(canvas, mark, width, height, scale=scene.look.scale)
        elif scene.ghost:
            self._draw_mark(canvas, scene.ghost, width, height, colour=palette[Role.MUTED])
        if mark is None and not scene.ghost and not scene.look.falling and view.note:
            self._draw_note(canvas, view, width, height)
        if cell in scene.line and scene.look.strike > 0:
            self._draw_strike(canvas, cell, scene, width, height)
        if scene.focused:  # drawn, not a border: the stroke through a win stays whole
            inset = FOCUS_RING / 2
            colour = palette[Role.FRAME_FOCUS] if scene.gravity else palette[Role.FOCUS]
            canvas.create_rectangle(
                inset, inset, width - inset, height - inset, outline=colour, width=FOCUS_RING
            )

    # -- X and O ------------------------------------------------------------------------

    def _draw_mark(
        self,
        canvas: tk.Canvas,
        mark: str,
        width: int,
        height: int,
        colour: str | None = None,
        scale: float = 1.0,
    ) -> None:
        side = min(width, height)
        half = side * (0.5 - 0.24) * scale
        line = max(2.0, side * 0.09 * scale)
        left, top, right, bottom = (
            width / 2 - half,
            height / 2 - half,
            width / 2 + half,
            height / 2 + half,
        )
        colour = colour or self.palette[Role(mark)]
        if mark == "X":
            for x0, x1 in ((left, right), (right, left)):
                canvas.create_line(x0, top, x1, bottom, fill=colour, width=line, capstyle="round")
        else:
            canvas.create_oval(left, top, right, bottom, outline=colour, width=line)

    # -- discs in a frame ---------------------------------------------------------------

    def _draw_hole(
        self,
        canvas: tk.Canvas,
        width: int,
        height: int,
        background: str,
        scene: CellScene,
        mark: str | None,
    ) -> None:
        """The hole in the frame, its disc at rest or the ghost of the next one,
        and any disc falling past, seen through the hole."""
        side = min(width, height)
        centre_x, centre_y = width / 2, height / 2
        radius = side * (0.5 - HOLE_INSET)
        circle(
            canvas,
            centre_x,
            centre_y,
            radius,
            fill=background,
            outline=shade(self.palette[Role.FRAME], 0.25),
            width=max(1.0, side * 0.02),
        )
        if mark is not None:
            last = scene.view.background is Role.LAST
            self._draw_disc(canvas, mark, centre_x, centre_y, side, is_last=last)
        elif scene.ghost:
            self._draw_ghost(canvas, scene.ghost, centre_x, centre_y, side)
        for falling, offset in scene.look.falling:
            self._draw_disc(canvas, falling, centre_x, centre_y + offset * height, side)
        if scene.look.falling:  # the frame around the hole hides the disc beyond it
            self._draw_frame_corners(canvas, width, height, radius)

    def _draw_disc(
        self,
        canvas: tk.Canvas,
        mark: str,
        centre_x: float,
        centre_y: float,
        side: int,
        *,
        is_last: bool = False,
    ) -> None:
        colour = self.palette[Role.DISC_X if mark == "X" else Role.DISC_O]
        radius = side * (0.5 - DISC_INSET)
        edge = shade(colour, 0.3)
        circle(
            canvas,
            centre_x,
            centre_y,
            radius,
            fill=colour,
            outline=edge,
            width=max(1.0, side * 0.03),
        )
        # Each disc bears its side's mark, raised, so the discs differ by more
        # than colour and match the X and O the game's words name.
        emboss, inner = shade(colour, 0.18), radius * 0.55
        stroke = max(1.0, side * 0.035)
        if mark == "X":
            for sign in (-1, 1):
                canvas.create_line(
                    centre_x - inner * 0.75,
                    centre_y - sign * inner * 0.75,
                    centre_x + inner * 0.75,
                    centre_y + sign * inner * 0.75,
                    fill=emboss,
                    width=stroke,
                    capstyle="round",
                )
        else:
            circle(
                canvas,
                centre_x,
                centre_y,
                inner,
                outline=emboss,
                width=stroke,
            )
        if is_last:  # the last move stays marked: a dot in its disc
            dot = radius * 0.22
            circle(
                canvas,
                centre_x,
                centre_y,
                dot,
                fill=shade(colour, 0.55),
                outline="",
            )

    def _draw_ghost(
        self, canvas: tk.Canvas, mark: str, centre_x: float, centre_y: float, side: int
    ) -> None:
        """Where the next disc would land: a faint disc ringed in its colour."""
        colour = self.palette[Role.DISC_X if mark == "X" else Role.DISC_O]
        radius = side * (0.5 - DISC_INSET)
        circle(
            canvas,
            centre_x,
            centre_y,
            radius,
            fill=self.palette[Role.MUTED],
            stipple="gray25",
            outline=colour,
            width=max(2.0, side * 0.05),
        )

    def _draw_frame_corners(
        self, canvas: tk.Canvas, width: int, height: int, radius: float
    ) -> None:
        """The frame outside the hole, over a falling disc: four pieces, each
        between a quarter of the hole's edge and the canvas's corner."""
        centre_x, centre_y = width / 2, height / 2
        frame = self.palette[Role.FRAME]
        for quarter in range(4):
            angles = [
                (quarter + step / ARC_POINTS) * math.pi / 2 for step in range(ARC_POINTS + 1)
            ]
            (x0, y0), (x1, y1) = (
                (round(math.cos(angle)), -round(math.sin(angle)))
                for angle in (angles[0], angles[-1])
            )
            points: list[float] = [
                centre_x * (1 + x0),  # the middle of the edge the quarter starts at,
                centre_y * (1 + y0),
                centre_x * (1 + x0 + x1),  # the corner,
                centre_y * (1 + y0 + y1),
                centre_x * (1 + x1),  # the middle of the edge it ends at,
                centre_y * (1 + y1),
            ]
            for angle in reversed(angles):  # and back along the hole's edge
                points += [
                    centre_x + radius * math.cos(angle),
                    centre_y - radius * math.sin(angle),
                ]
            canvas.create_polygon(points, fill=frame, outline=frame)

    # -- words and lines -----------------------------------------------------------------

    def _draw_note(self, canvas: tk.Canvas, view: CellView, width: int, height: int) -> None:
        """The analysis words, on two lines where they fit, else in short form."""
        words = two_lines(view.note)
        lines = words.split("\n")
        fits = (
            max(self.note_font.measure(line) for line in lines) <= width - 8
            and len(lines) * self.note_font.metrics("linespace") <= height - 8
        )
        if not fits:
            words = view.short_note
        canvas.create_text(
            width / 2,
            height / 2,
            text=words,
            fill=self.palette[view.tone],
            font=self.note_font,
            justify="center",
        )

    def _draw_strike(
        self, canvas: tk.Canvas, cell: int, scene: CellScene, width: int, height: int
    ) -> None:
        """This cell's part of the stroke through the line, as far as it is
        drawn yet: along the line, 0 is the first cell's centre and each cell
        one further; the stroke runs from -overhang to its drawn end."""
        line, cols = scene.line, scene.cols
        (row0, col0), (row1, col1) = divmod(line[0], cols), divmod(line[1], cols)
        step_x, step_y = (col1 - col0) * width, (row1 - row0) * height
        index = line.index(cell)
        length = len(line) - 1 + 2 * STRIKE_OVERHANG
        drawn_to = -STRIKE_OVERHANG + length * scene.look.strike
        start = max(-STRIKE_OVERHANG, index - 0.5 - STRIKE_OVERLAP)
        end = min(drawn_to, index + 0.5 + STRIKE_OVERLAP, len(line) - 1 + STRIKE_OVERHANG)
        if end <= start:
            return
        points = [
            coordinate
            for along in (start, end)
            for coordinate in (
                width / 2 + (along - index) * step_x,
                height / 2 + (along - index) * step_y,
            )
        ]
        role = Role.BAD if scene.losing_line else Role.TEXT
        canvas.create_line(
            *points,
            fill=self.palette[role],
            width=max(3.0, min(width, height) * 0.06),
            capstyle="round",
        )
