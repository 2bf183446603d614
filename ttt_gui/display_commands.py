"""The commands that change how the window looks, not the game: analysis and
move list, coordinates, theme, zoom, speed; no Tk.

:class:`DisplayCommands` is a part of :class:`~ttt_gui.presenter.Presenter`:
each command changes one display setting and saves the settings.
"""

from __future__ import annotations

from ttt_gui.session import Session
from ttt_gui.settings import MAX_ZOOM, MIN_ZOOM, Settings
from ttt_gui.theme import THEMES
from ttt_gui.view_model import shows_coordinates

ZOOM_STEP = 1.15


class DisplayCommands:
    """Display settings, for a presenter that provides the members below."""

    settings: Settings
    session: Session

    def save_settings(self) -> None:
        raise NotImplementedError

    def _schedule(self) -> None:
        raise NotImplementedError

    def toggle_analysis(self) -> None:
        self.settings.analysis = self.session.analysis_wanted = not self.settings.analysis
        self.save_settings()
        self._schedule()

    def toggle_history(self) -> None:
        self.settings.history = not self.settings.history
        self.save_settings()

    def toggle_coordinates(self) -> None:
        """Show or hide the row and column labels (by default shown from 4x4 up)."""
        self.settings.coordinates = not shows_coordinates(self.settings, self.session.board.size)
        self.save_settings()

    def toggle_alternate(self) -> None:
        """Against the computer, change sides after every finished game, or not."""
        self.settings.alternate = not self.settings.alternate
        self.save_settings()

    def set_theme(self, name: str) -> None:
        if name in THEMES:
            self.settings.theme = name
            self.save_settings()

    def set_speed(self, delay_ms: int) -> None:
        self.settings.watch_delay = int(delay_ms)
        self.save_settings()

    def set_zoom(self, zoom: float) -> None:
        self.settings.zoom = min(MAX_ZOOM, max(MIN_ZOOM, round(zoom, 3)))
        self.save_settings()

    def zoom_in(self) -> None:
        self.set_zoom(self.settings.zoom * ZOOM_STEP)

    def zoom_out(self) -> None:
        self.set_zoom(self.settings.zoom / ZOOM_STEP)

    def zoom_reset(self) -> None:
        self.set_zoom(1.0)

    def set_window_size(self, width: int, height: int) -> None:
        """Remember the window's size (saved with the settings)."""
        if width > 1 and height > 1:
            self.settings.window = f"{width}x{height}"
