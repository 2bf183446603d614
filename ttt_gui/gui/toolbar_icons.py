"""The toolbar's icons, drawn by the program at any size from a few shapes,
smoothed by subsampling, in the palette's colours: no image files.

Shapes are in units of the icon's side (0 to 1; y grows downwards).
"""

from __future__ import annotations

import functools
import math
import tkinter as tk
from typing import NamedTuple

#: Subsamples per pixel side, for smooth edges.
SUBSAMPLES = 4


class Segment(NamedTuple):
    """A straight stroke of ``width`` from (x1, y1) to (x2, y2), round at its ends."""

    x1: float
    y1: float
    x2: float
    y2: float
    width: float

    def covers(self, x: float, y: float) -> bool:
        dx, dy = self.x2 - self.x1, self.y2 - self.y1
        length = dx * dx + dy * dy
        along = ((x - self.x1) * dx + (y - self.y1) * dy) / length if length else 0.0
        t = max(0.0, min(1.0, along))
        distance = math.hypot(x - (self.x1 + t * dx), y - (self.y1 + t * dy))
        return distance <= self.width / 2


class Arc(NamedTuple):
    """A stroke of ``width`` along the circle about (x, y), from ``start`` to
    ``end`` degrees (clockwise on screen, 0 pointing right)."""

    x: float
    y: float
    radius: float
    start: float
    end: float
    width: float

    def covers(self, x: float, y: float) -> bool:
        if abs(math.hypot(x - self.x, y - self.y) - self.radius) > self.width / 2:
            return False
        angle = math.degrees(math.atan2(y - self.y, x - self.x))
        return any(self.start <= angle + turn <= self.end for turn in (-360, 0, 360))


class Triangle(NamedTuple):
    """A filled triangle with corners (x1, y1), (x2, y2), (x3, y3)."""

    x1: float
    y1: float
    x2: float
    y2: float
    x3: float
    y3: float

    def covers(self, x: float, y: float) -> bool:
        corners = ((self.x1, self.y1), (self.x2, self.y2), (self.x3, self.y3))
        sides = [
            (x - bx) * (ay - by) - (ax - bx) * (y - by)
            for (ax, ay), (bx, by) in zip(corners, corners[1:] + corners[:1], strict=True)
        ]
        return all(side >= 0 for side in sides) or all(side <= 0 for side in sides)


IconShape = Segment | Arc | Triangle

ICONS: dict[str, tuple[IconShape, ...]] = {
    "new": (
        Arc(0.5, 0.5, 0.36, 0, 360, 0.1),
        Segment(0.5, 0.3, 0.5, 0.7, 0.11),
        Segment(0.3, 0.5, 0.7, 0.5, 0.11),
    ),
    "undo": (
        Triangle(0.08, 0.33, 0.36, 0.12, 0.36, 0.54),
        Segment(0.3, 0.33, 0.58, 0.33, 0.11),
        Arc(0.58, 0.58, 0.25, -90, 90, 0.11),
        Segment(0.58, 0.83, 0.3, 0.83, 0.11),
    ),
    "redo": (
        Triangle(0.92, 0.33, 0.64, 0.12, 0.64, 0.54),
        Segment(0.7, 0.33, 0.42, 0.33, 0.11),
        Arc(0.42, 0.58, 0.25, 90, 270, 0.11),
        Segment(0.42, 0.83, 0.7, 0.83, 0.11),
    ),
    "hint": (
        Arc(0.5, 0.4, 0.26, 0, 360, 0.1),
        Segment(0.41, 0.62, 0.41, 0.74, 0.09),
        Segment(0.59, 0.62, 0.59, 0.74, 0.09),
        Segment(0.38, 0.77, 0.62, 0.77, 0.09),
        Segment(0.42, 0.9, 0.58, 0.9, 0.09),
    ),
    "menu": (Triangle(0.22, 0.36, 0.78, 0.36, 0.5, 0.68),),
    "analysis": (
        Segment(0.24, 0.86, 0.24, 0.56, 0.15),
        Segment(0.5, 0.86, 0.5, 0.22, 0.15),
        Segment(0.76, 0.86, 0.76, 0.44, 0.15),
        Segment(0.08, 0.93, 0.92, 0.93, 0.06),
    ),
}


def _blend(colour: str, background: str, amount: float) -> str:
    mixed = (
        round(int(colour[i : i + 2], 16) * amount + int(background[i : i + 2], 16) * (1 - amount))
        for i in (1, 3, 5)
    )
    return "#" + "".join(f"{part:02x}" for part in mixed)


@functools.cache
def icon_coverage(name: str, side: int) -> tuple[float, ...]:
    """How much of each pixel of icon ``name`` (``side`` pixels square, row by
    row) its shapes cover, from 0 to 1. Kept: every window and palette reuses it."""
    shapes = ICONS[name]
    step = 1 / (side * SUBSAMPLES)
    offsets = [(index + 0.5) * step for index in range(SUBSAMPLES)]
    coverage = []
    for row in range(side):
        ys = [row / side + offset for offset in offsets]
        for column in range(side):
            xs = [column / side + offset for offset in offsets]
            hits = sum(any(shape.covers(x, y) for shape in shapes) for x in xs for y in ys)
            coverage.append(hits / SUBSAMPLES**2)
    return tuple(coverage)


def draw_icon(
    master: tk.Misc, name: str, side: int, colour: str, background: str
) -> tk.PhotoImage:
    """Icon ``name`` as an image ``side`` pixels square in ``colour`` over ``background``."""
    coverage = icon_coverage(name, side)
    shades = {amount: _blend(colour, background, amount) for amount in set(coverage)}
    rows = (
        "{" + " ".join(shades[amount] for amount in coverage[start : start + side]) + "}"
        for start in range(0, side * side, side)
    )
    image = tk.PhotoImage(master=master, width=side, height=side)
    image.put(" ".join(rows))
    return image
