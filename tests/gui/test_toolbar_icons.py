"""The toolbar's drawn icons: each shape covers what it says, and each icon
has ink where its picture is and none in its corners."""

from __future__ import annotations

import pytest

from ttt_gui.gui.toolbar_icons import ICONS, Arc, Segment, Triangle, icon_coverage


def test_each_shape_covers_its_own_points_only() -> None:
    stroke = Segment(0.2, 0.5, 0.8, 0.5, 0.1)
    assert stroke.covers(0.5, 0.5) and stroke.covers(0.8, 0.54)
    assert not stroke.covers(0.5, 0.6) and not stroke.covers(0.9, 0.5)
    half_ring = Arc(0.5, 0.5, 0.3, -90, 90, 0.1)  # the right half, on screen
    assert half_ring.covers(0.8, 0.5) and not half_ring.covers(0.2, 0.5)
    assert not half_ring.covers(0.5, 0.5), "a ring, not a disc"
    corner = Triangle(0.0, 0.0, 1.0, 0.0, 0.0, 1.0)
    assert corner.covers(0.2, 0.2) and not corner.covers(0.8, 0.8)


@pytest.mark.parametrize("name", sorted(ICONS))
def test_every_icon_has_ink_and_clear_corners(name: str) -> None:
    side = 24
    coverage = icon_coverage(name, side)
    assert len(coverage) == side * side and all(0 <= amount <= 1 for amount in coverage)
    assert sum(amount == 1 for amount in coverage) >= side, "solid strokes"
    corners = (0, side - 1, side * (side - 1), side * side - 1)
    assert [coverage[index] for index in corners] == [0, 0, 0, 0]
