"""The palettes: readable, and their analysis colours told apart by players
with red-green colour blindness (deuteranopia, protanopia)."""

from __future__ import annotations

import pytest

from ttt_gui.theme import PALETTES, THEME_LABELS, THEMES, Role

#: Machado, Oliveira and Fernandes (2009), severity 1.0, on linear RGB.
SIMULATIONS = {
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "normal vision": ((1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 1.0)),
}


def linear(colour: str) -> list[float]:
    channels = [int(colour[index : index + 2], 16) / 255 for index in (1, 3, 5)]
    return [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]


def lab(rgb: list[float]) -> tuple[float, float, float]:
    """CIE L*a*b* (D65) of a linear RGB colour."""
    r, g, b = rgb
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def seen(colour: str, vision: str) -> tuple[float, float, float]:
    matrix = SIMULATIONS[vision]
    rgb = linear(colour)
    simulated = [min(1.0, max(0.0, sum(m * c for m, c in zip(row, rgb)))) for row in matrix]
    return lab(simulated)


def difference(first: str, second: str, vision: str) -> float:
    a, b = seen(first, vision), seen(second, vision)
    return sum((p - q) ** 2 for p, q in zip(a, b)) ** 0.5


def contrast(foreground: str, background: str) -> float:
    """The WCAG contrast ratio."""

    def luminance(colour: str) -> float:
        r, g, b = linear(colour)
        return 0.2126 * r + 0.7152 * g + 0.0722 * b

    high, low = sorted((luminance(foreground), luminance(background)), reverse=True)
    return (high + 0.05) / (low + 0.05)


@pytest.mark.parametrize("vision", SIMULATIONS)
@pytest.mark.parametrize("theme", PALETTES)
def test_winning_drawing_and_losing_moves_are_told_apart(theme: str, vision: str) -> None:
    colours = PALETTES[theme]
    good, even, bad = colours[Role.GOOD], colours[Role.EVEN], colours[Role.BAD]
    assert difference(good, bad, vision) >= 40, "win and loss"
    assert difference(good, even, vision) >= 18, "win and draw"
    assert difference(bad, even, vision) >= 18, "loss and draw"


@pytest.mark.parametrize("theme", PALETTES)
def test_text_and_analysis_words_are_readable_on_their_cells(theme: str) -> None:
    colours = PALETTES[theme]
    for role in (Role.GOOD, Role.EVEN, Role.BAD, Role.X, Role.O, Role.TEXT):
        assert contrast(colours[role], colours[Role.CELL]) >= 4.5, role
    assert contrast(colours[Role.TEXT], colours[Role.BACKGROUND]) >= 7


def test_high_contrast_means_at_least_seven_to_one_for_every_mark_and_word() -> None:
    colours = PALETTES["contrast"]
    for role in (Role.GOOD, Role.EVEN, Role.BAD, Role.X, Role.O, Role.TEXT, Role.MUTED):
        assert contrast(colours[role], colours[Role.CELL]) >= 7, role


@pytest.mark.parametrize("theme", PALETTES)
def test_a_disabled_control_is_told_apart_from_an_enabled_one_and_still_seen(theme: str) -> None:
    colours = PALETTES[theme]
    assert contrast(colours[Role.DISABLED], colours[Role.TEXT]) >= 3, "disabled and enabled"
    least = 4.5 if theme == "contrast" else 2
    assert contrast(colours[Role.DISABLED], colours[Role.BACKGROUND]) >= least, "still seen"


def test_every_theme_has_a_label_and_system_comes_first() -> None:
    assert THEMES[0] == "system" and set(THEME_LABELS) == set(THEMES)
