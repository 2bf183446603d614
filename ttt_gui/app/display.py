"""The commands that change how the window looks, not the game: analysis and
move list, coordinates, theme, zoom, speed; and the help; no Tk.

:class:`Display` is a part the presenter owns: each display command changes
one display setting and saves the settings.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable, Mapping

from ttt_gui import PROGRAM_NAME, __version__
from ttt_gui.analysis.values import legend, unmeasured_short
from ttt_gui.app.commands import Handler
from ttt_gui.app.language_choice import choose_language
from ttt_gui.app.ports import Dialogs
from ttt_gui.app.session import Session
from ttt_gui.app.statistics import puzzle_rows, statistics_rows
from ttt_gui.app.view_state import shows_coordinates
from ttt_gui.engine.connect_four_book import book_applies
from ttt_gui.storage.settings import MAX_ZOOM, MIN_ZOOM, WINDOW_SIZE, Settings
from ttt_gui.theme import THEMES
from ttt_gui.words import gettext, gettext_noop, ngettext

ZOOM_STEP = 1.15

#: How to play's first paragraph; the second (how many marks make a line) is
#: counted where shown, the third says how to choose who and how the computer plays.
HOW_TO_PLAY = gettext_noop("Take turns marking empty cells; X moves first.")
HOW_TO_CHOOSE = gettext_noop(
    "Play against the computer or a friend (Game › New game…). The Difficulty menu "
    "sets how the computer plays: Easy sees one move ahead, Medium always "
    "wins and blocks but misses forks, Hard sees forks and slips rarely. The "
    "top level is Perfect where the board is solved (3×3 and 4×4): it never "
    "loses there; on larger boards it is Strongest, its best within its search."
)
#: Added to How to play under gravity (misère's note is counted where shown).
GRAVITY_NOTE = gettext_noop(
    "Gravity: a mark drops to the lowest empty cell of its column; click "
    "any cell of a column to play there."
)
#: How to play's note on 7x6 Connect Four, where the analysis reads the opening book.
# TRANSLATORS: How to play, on Connect Four: {win} and {loss} are your
# short forms of a win and a loss ("W", "L") as a cell shows them without a number.
SOLVED_NOTE = gettext_noop(
    "Solved: from the first move, the analysis shows the values that the "
    "computer's opening book proves; {win} or {loss} without a number: a win "
    "or a loss proven, though not how soon it comes."
)
#: How to play's last paragraph: the analysis words and their short forms.
ANALYSIS_NOTE = gettext_noop(
    "Show analysis (F5) writes each move's value on its cell, the distance to "
    "a win or a loss counted in the mover's own moves. Where a cell is too "
    "small for the words: {legend}."
)
# TRANSLATORS: Help › About; {name} is the program's name, Noxo, as it is.
ABOUT = gettext_noop(
    "{name} {version}\n\nTic-tac-toe and m,n,k games.\n\n"
    "The computer plays by negamax search with alpha-beta pruning and a "
    "transposition table shared by the board's symmetries. At the top "
    "level it solves the game exactly where it can; on large boards it "
    "deepens its search within a budget of positions and its think time.\n\n"
    "Free software under the MIT licence: you may use, copy, change and share "
    "it; it comes without warranty.\n\n"
    "Website: {website}\n"
    "Report a problem: {issues}"
)
WEBSITE = "https://github.com/tttgui/ttt-gui"
#: Where problems are reported.
ISSUES = f"{WEBSITE}/issues"


class Display:
    """Display settings and help: changes ``settings`` (calling ``save_settings``
    after each change, and ``schedule`` when the analysis is shown or hidden),
    shows help by ``dialogs``, about the game of ``session``; About ends with
    ``about_note()``, if it says something; news of the language chosen is
    told by ``say``."""

    def __init__(
        self,
        session: Session,
        settings: Settings,
        dialogs: Dialogs,
        *,
        save_settings: Callable[[], None],
        schedule: Callable[[], None],
        about_note: Callable[[], str | None] = lambda: None,
        say: Callable[[str], None] = lambda news: None,
        today: Callable[[], datetime.date] = datetime.date.today,
    ) -> None:
        self.session = session
        self.today = today
        self.settings = settings
        self.dialogs = dialogs
        self.save_settings = save_settings
        self.schedule = schedule
        self.about_note = about_note
        self.say = say

    def commands(self) -> Mapping[str, Handler]:
        """This part's commands by action id (see :mod:`~ttt_gui.app.commands`)."""
        return {
            "toggle_analysis": self.toggle_analysis,
            "toggle_history": self.toggle_history,
            "toggle_coordinates": self.toggle_coordinates,
            "toggle_toolbar": self.toggle_toolbar,
            "toggle_alternate": self.toggle_alternate,
            "toggle_motion": self.toggle_motion,
            "set_theme": self.set_theme,
            "set_speed": self.set_speed,
            "set_zoom": self.set_zoom,
            "zoom_in": self.zoom_in,
            "zoom_out": self.zoom_out,
            "zoom_reset": self.zoom_reset,
            "set_window_size": self.set_window_size,
            "set_language": self.set_language,
            "how_to_play": self.how_to_play,
            "show_shortcuts": self.show_shortcuts,
            "about": self.about,
            "show_statistics": self.show_statistics,
        }

    def toggle_analysis(self) -> None:
        """Show or hide the analysis; hidden, it lets go of proving's memory."""
        self.settings.analysis = not self.settings.analysis
        if not self.settings.analysis:
            self.session.engines.prover.release()
        self.save_settings()
        self.schedule()

    def toggle_history(self) -> None:
        self.settings.history = not self.settings.history
        self.save_settings()

    def toggle_toolbar(self) -> None:
        self.settings.toolbar = not self.settings.toolbar
        self.save_settings()

    def toggle_coordinates(self) -> None:
        """Show or hide the row and column labels (by default shown from 4x4 up)."""
        self.settings.coordinates = not shows_coordinates(self.settings, self.session.board.size)
        self.save_settings()

    def toggle_alternate(self) -> None:
        """Against the computer, change sides after every finished game, or not."""
        self.settings.alternate = not self.settings.alternate
        self.save_settings()

    def toggle_motion(self) -> None:
        """Animate moves and the line through a finished game, or draw them at once."""
        self.settings.motion = not self.settings.motion
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
        """The usual zoom, and the window's size is the board's again (the
        person's size is forgotten)."""
        self.settings.window = ""
        self.set_zoom(1.0)

    def set_window_size(self, width: int, height: int) -> None:
        """Remember the size the person gave the window (saved with the settings)."""
        if width > 1 and height > 1:
            self.settings.window = f"{width}x{height}"

    def set_language(self, code: str) -> None:
        """The language of the next start, said in it (see
        :mod:`~ttt_gui.app.language_choice`)."""
        if (news := choose_language(self.settings, code, save=self.save_settings)) is not None:
            self.say(news)

    def window_size(self) -> tuple[int, int] | None:
        """The size the person gave the window, as (width, height); None if
        none was given (or the saved one is not a size)."""
        saved = self.settings.window
        if not WINDOW_SIZE.fullmatch(saved):
            return None
        width, height = saved.split("x")
        return int(width), int(height)

    # -- help -------------------------------------------------------------------------

    def how_to_play(self) -> None:
        config = self.session.config
        length = config.win_length
        notes = [gettext(GRAVITY_NOTE)] if config.gravity else []
        if config.misere:
            notes.append(
                ngettext(
                    "Misère: whoever completes {count} in a row loses.",
                    "Misère: whoever completes {count} in a row loses.",
                    length,
                ).format(count=length)
            )
        if book_applies(self.session.board.geometry):
            shorts = {"win": unmeasured_short(1), "loss": unmeasured_short(-1)}
            notes.append(gettext(SOLVED_NOTE).format(**shorts))
        if config.exact:
            notes.append(
                ngettext(
                    "Exact: only exactly {count} in a row wins; a longer line does not.",
                    "Exact: only exactly {count} in a row wins; a longer line does not.",
                    length,
                ).format(count=length)
            )
        paragraphs = [
            gettext(HOW_TO_PLAY),
            ngettext(
                "The first player with {count} mark in a row, column or diagonal wins. "
                "A full board with no such line is a draw.",
                "The first player with {count} marks in a row, column or diagonal wins. "
                "A full board with no such line is a draw.",
                length,
            ).format(count=length),
            gettext(HOW_TO_CHOOSE),
            *notes,
            gettext(ANALYSIS_NOTE).format(legend=legend()),
        ]
        self.dialogs.show_text(gettext("How to play"), "\n\n".join(paragraphs))

    def show_shortcuts(self) -> None:
        self.dialogs.show_table(gettext("Keyboard shortcuts"), self.session.keys.shortcut_rows())

    def about(self) -> None:
        """Help › About, the about note (if any) as its last paragraph."""
        text = gettext(ABOUT).format(
            name=PROGRAM_NAME, version=__version__, website=WEBSITE, issues=ISSUES
        )
        note = self.about_note()
        self.dialogs.show_text(gettext("About"), f"{text}\n\n{note}" if note else text)

    def show_statistics(self) -> None:
        """Results against each level on each board (the score line shows the
        current match only), then the puzzle ratings and streak."""
        rows = statistics_rows(self.session.scores)
        rows += puzzle_rows(self.settings.puzzles, self.today())
        if rows:
            self.dialogs.show_table(gettext("Statistics"), rows)
        else:
            self.dialogs.show_info(gettext("Statistics"), gettext("No games finished yet."))
