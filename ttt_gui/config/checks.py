"""Checks shared by the loaders of settings and saved games: numbers that are
not booleans, and values cut short for a message."""

from __future__ import annotations

from typing import TypeGuard

from ttt_gui.words import gettext


def shorten(text: str, limit: int = 60) -> str:
    """``text``, cut to ``limit`` characters for a message."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def short_repr(value: object) -> str:
    """``repr(value)``, short enough for a message."""
    try:
        return shorten(repr(value))
    except ValueError:  # an integer too long to print
        # TRANSLATORS: {kind} is a Python type name such as "int".
        return gettext("a {kind} too long to show").format(kind=type(value).__name__)


def is_int(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def is_number(value: object) -> TypeGuard[int | float]:
    return isinstance(value, (int, float)) and not isinstance(value, bool)
