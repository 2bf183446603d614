"""The New game page, Tk-free: the game to start next, chosen on one page.

:class:`NewGamePage` is a part the presenter owns. :meth:`NewGamePage.open`
copies the game's configuration into a draft; each choice on the page
changes one field of the draft (:meth:`NewGamePage.choose`), and
:meth:`NewGamePage.start` starts a game with it through the host's
``change_config`` (which asks first if a game in progress would be
abandoned). The page's values are part of the view state
(:class:`NewGameView`); the Tk page only paints them and forwards choices.

The page is worked by keyboard alone (:meth:`NewGamePage.press`): Tab and
Shift+Tab go round its controls (:func:`tab_order`, one stop per row of
segments: the chosen one) and never leave it; Left and Right move within a
row of segments; Space or Enter choose the focused segment; Enter starts
(Back, focused, goes back) and Escape goes back, wherever the focus is.
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

from ttt_gui.app.commands import Handler
from ttt_gui.board import MIN_SIZE, Board, InvalidShapeError, Player
from ttt_gui.config import (
    BOARD_CHOICES,
    LEVELS,
    MAX_WINDOW_SIZE,
    GameConfig,
    Mode,
    Shape,
    check_window_shape,
)
from ttt_gui.words import gettext, gettext_noop

#: The board choice that shows the custom shape's fields.
CUSTOM = "custom"
#: The sides a custom board may have, for the page's spin boxes.
SIDES = (MIN_SIZE, MAX_WINDOW_SIZE)


class NewGameHost(Protocol):
    """What the page needs of the presenter's game setup."""

    def change_config(
        self,
        change: Callable[[GameConfig], GameConfig],
        start: Board | None = None,
        force_new: bool = False,
    ) -> bool: ...

    @property
    def quick_starts(self) -> tuple[str, ...]:
        """The recent setups in words, the most recent first."""

    def quick_start(self, index: int) -> bool:
        """Start the recent setup ``index``; whether it started."""

    def new_game(self) -> None:
        """Start again with the game's configuration."""


class ConfigSource(Protocol):
    """Where the page reads the configuration of the game in play."""

    @property
    def config(self) -> GameConfig: ...


@dataclass(frozen=True)
class Draft:
    """The game the page would start: who plays and at which levels as in
    ``config`` (a valid configuration), on the board ``shape`` as edited
    (which may not be playable yet: the view's ``problem`` says why)."""

    config: GameConfig
    shape: Shape

    @classmethod
    def of(cls, config: GameConfig) -> Draft:
        return cls(config, config.shape)

    def applied_to(self, config: GameConfig) -> GameConfig:
        """``config`` set to start this draft's game: its players, levels and
        board, ``config``'s think time. Raises ConfigError for a board that
        cannot be played."""
        return dataclasses.replace(
            self.config.with_shape(self.shape), think_time=config.think_time
        )


@dataclass(frozen=True)
class NewGameView:
    """What the page shows: the draft's values (``mode``, ``human``, the
    levels, ``board``: a key of ``boards`` or :data:`CUSTOM`, and the shape's
    fields), the choices offered as (value, label) pairs with labels for the
    draft's board ("Perfect" only where it is solved), which rows apply
    (``shows_side``, ``shows_level``, ``shows_sides_levels``: the two
    levels of computer vs computer), and ``problem``: why Start would be
    refused ("" when it can start)."""

    mode: str
    human: str
    level: str
    x_level: str
    o_level: str
    board: str
    rows: int
    cols: int
    win_length: int
    gravity: bool
    misere: bool
    exact: bool
    modes: tuple[tuple[str, str], ...]
    sides: tuple[tuple[str, str], ...]
    levels: tuple[tuple[str, str], ...]
    boards: tuple[tuple[str, str], ...]
    shows_side: bool
    shows_level: bool
    shows_sides_levels: bool
    problem: str = ""
    #: The recent setups in words, started in one click (:meth:`NewGamePage.quick_start`).
    quick_starts: tuple[str, ...] = ()

    @property
    def can_start(self) -> bool:
        return not self.problem

    def row_of(self, section: str) -> tuple[tuple[str, str], ...]:
        """The choices of a row of segments (``mode``, ``human`` or a level);
        () for a section that is no such row."""
        rows = {
            "mode": self.modes,
            "human": self.sides,
            "level": self.levels,
            "x_level": self.levels,
            "o_level": self.levels,
        }
        return rows.get(section, ())

    def chosen(self, section: str) -> str:
        """The value chosen in a row of segments ("" for another section)."""
        return str(getattr(self, section)) if self.row_of(section) else ""


#: The stops of the page's two buttons.
BACK, START = "back", "start"
#: The section of the recent setups' buttons (a stop's value is its index).
QUICK = "quick"
#: A custom board's number boxes, in the order of the English sentence
#: (the columns first, as a board's size is written), and its rules.
SHAPE_FIELDS = ("cols", "rows", "win_length")
RULES = ("gravity", "misere", "exact")


class PageKey(enum.StrEnum):
    """What a key does on the page."""

    NEXT = "next"  # the next control, round the page
    PREVIOUS = "previous"
    LEFT = "left"  # the segment before, in its row
    RIGHT = "right"
    START = "start"  # choose the focused segment, then start (Back: go back)
    BACK = "back"


#: The page's keys, in the words of the window's key table (:class:`KeyNames`).
PAGE_KEYS: dict[str, PageKey] = {
    "Tab": PageKey.NEXT,
    "Shift+Tab": PageKey.PREVIOUS,
    "Left": PageKey.LEFT,
    "Right": PageKey.RIGHT,
    "Enter": PageKey.START,
    "Esc": PageKey.BACK,
}


#: The page's keys in the shortcuts help: the actions of a row (their keys
#: are :data:`PAGE_KEYS`'), whether its keys do the same ("Tab or
#: Shift+Tab") or one each ("Enter / Esc"), and what they do, in English.
PAGE_KEY_HELP: tuple[tuple[tuple[PageKey, ...], bool, str], ...] = (
    (
        (PageKey.NEXT, PageKey.PREVIOUS),
        True,
        # TRANSLATORS: the keyboard shortcuts' help: Tab on the New game page.
        gettext_noop("New game page: the next or the previous control"),
    ),
    (
        (PageKey.LEFT, PageKey.RIGHT),
        True,
        # TRANSLATORS: the arrows within a row of choices ("Easy", "Medium"…).
        gettext_noop("New game page: the choice before or after in a row"),
    ),
    (
        (PageKey.START, PageKey.BACK),
        False,
        # TRANSLATORS: Enter / Esc on the New game page; keep the "/" between the two.
        gettext_noop("New game page: start / back to the game"),
    ),
)


def page_key_rows(
    word: Callable[[str], str], either: Callable[[tuple[str, ...]], str]
) -> list[tuple[str, str]]:
    """(keys, what they do) of the page for the shortcuts help, the keys in
    words by ``word`` (one key) and ``either`` (keys that do the same), as
    :class:`~ttt_gui.app.actions.KeyNames` names them."""
    rows = []
    for actions, alike, does in PAGE_KEY_HELP:
        keys = tuple(key for action in actions for key, its in PAGE_KEYS.items() if its is action)
        shown = either(keys) if alike else " / ".join(word(key) for key in keys)
        rows.append((shown, gettext(does)))
    return rows


@dataclass(frozen=True)
class Stop:
    """A control of the page that takes the keyboard focus: a segment
    (``section`` and its ``value``), the board's list (``"board"``), a
    number box (a field of :data:`SHAPE_FIELDS`), a rule (of :data:`RULES`),
    :data:`BACK` or :data:`START` (``value`` "" for all but segments)."""

    section: str
    value: str = ""


def tab_order(view: NewGameView, shape_fields: Sequence[str] = SHAPE_FIELDS) -> tuple[Stop, ...]:
    """The controls Tab visits on the page as ``view`` shows it, in order:
    each recent setup's button, the chosen segment of each row shown, the
    board's list, a custom board's number boxes (in the order of
    ``shape_fields``: the sentence's, in the language shown) and rules,
    Back, and Start unless it is refused."""
    stops = [Stop(QUICK, str(index)) for index in range(len(view.quick_starts))]
    stops.append(Stop("mode", view.mode))
    rows = {
        "human": view.shows_side,
        "level": view.shows_level,
        "x_level": view.shows_sides_levels,
        "o_level": view.shows_sides_levels,
    }
    stops += [Stop(section, view.chosen(section)) for section, shown in rows.items() if shown]
    stops.append(Stop("board"))
    if view.board == CUSTOM:
        stops += [Stop(name) for name in (*shape_fields, *RULES)]
    stops.append(Stop(BACK))
    if view.can_start:
        stops.append(Stop(START))
    return tuple(stops)


def next_stop(order: Sequence[Stop], focused: Stop | None, backwards: bool = False) -> Stop:
    """Where Tab (Shift+Tab: ``backwards``) takes the focus from ``focused``
    in ``order``, round the page: any segment of a row stands for its row;
    from outside the page (None, or a control not in ``order``) to the first
    stop (the last, backwards)."""
    sections = [stop.section for stop in order]
    if focused is None or focused.section not in sections:
        return order[-1] if backwards else order[0]
    step = -1 if backwards else 1
    place = order.index(focused) if focused in order else sections.index(focused.section)
    return order[(place + step) % len(order)]


def step_in_row(row: Sequence[tuple[str, str]], value: str, step: int) -> str:
    """The value ``step`` places from ``value`` in a row of (value, label)
    segments, staying at its ends; ``value`` itself if it is not in the row.

    >>> row = (("easy", "Easy"), ("medium", "Medium"), ("hard", "Hard"))
    >>> step_in_row(row, "easy", 1), step_in_row(row, "easy", -1), step_in_row(row, "hard", 1)
    ('medium', 'easy', 'hard')
    """
    values = [choice for choice, _ in row]
    if value not in values:
        return value
    return values[max(0, min(len(values) - 1, values.index(value) + step))]


def board_key(shape: Shape) -> str:
    """The page's key of a listed board (its index in the Board menu's order),
    else :data:`CUSTOM`."""
    return str(BOARD_CHOICES.index(shape)) if shape in BOARD_CHOICES else CUSTOM


#: The sides as the page offers them: X moves first.
SIDE_LABELS = (("X", gettext_noop("X, moving first")), ("O", gettext_noop("O, moving second")))


class NewGamePage:
    """The New game page over the game of ``source``; a game starts through
    ``host``. Closed until :meth:`open`."""

    def __init__(self, source: ConfigSource, host: NewGameHost) -> None:
        self.source = source
        self.host = host
        self.draft: Draft | None = None
        self._custom = False  # the custom fields shown for a listed board
        self._opened_on: GameConfig | None = None  # the configuration the draft copied

    def commands(self) -> Mapping[str, Handler]:
        """This part's commands by action id (see :mod:`~ttt_gui.app.commands`):
        the menu's, and the page's own (``page_…``)."""
        return {
            "show_new_game": self.open,
            "new_game": self.play_again,
            "quick_start": self.quick_start,
            "page_choose": self.choose,
            "page_start": self.start,
            "page_back": self.close,
            "page_key": self.press,
        }

    @property
    def is_open(self) -> bool:
        return self.draft is not None

    def play_again(self) -> None:
        """Game › Play again: a new game with the same settings (see
        :meth:`~ttt_gui.app.game_setup.GameSetup.new_game`); the page, if
        open, closes."""
        self.host.new_game()
        self.close()

    def open(self) -> None:
        """Show the page, its draft the game in play (left as it is if already
        open on the same game)."""
        if self.draft is None or self._opened_on != self.source.config:
            self._opened_on = self.source.config
            self.draft = Draft.of(self._opened_on)
            self._custom = self.draft.shape not in BOARD_CHOICES

    def close(self) -> None:
        """Leave the page without starting anything."""
        self.draft = None

    def choose(self, name: str, value: object) -> None:
        """Set one field of the draft from the page: ``mode``, ``human``,
        ``level``, ``x_level``, ``o_level``, ``board`` (a key of the boards
        or :data:`CUSTOM`), or a custom shape's ``rows``, ``cols``,
        ``win_length``, ``gravity``, ``misere``, ``exact`` (which goes with
        neither of the two before it: each turns the other off). Values out of range are kept
        and named by the view's ``problem``; unknown names raise KeyError."""
        if self.draft is None:
            return
        config, shape = self.draft.config, self.draft.shape
        if name == "mode":
            config = dataclasses.replace(config, mode=Mode(str(value)))
        elif name == "human":
            config = dataclasses.replace(config, human=Player(str(value)))
        elif name == "level":
            config = dataclasses.replace(config, level=str(value), depth=None)
        elif name == "x_level":
            config = dataclasses.replace(config, x_level=str(value))
        elif name == "o_level":
            config = dataclasses.replace(config, o_level=str(value))
        elif name == "board":
            self._custom = value == CUSTOM
            if not self._custom:
                shape = BOARD_CHOICES[int(str(value))]
        elif name in ("rows", "cols", "win_length"):
            number = _as_int(value)
            if number is None:
                return
            if name == "win_length":
                shape = shape._replace(win_length=number)
            else:  # a shorter side takes the win length with it
                rows, cols = (number, shape.cols) if name == "rows" else (shape.rows, number)
                win_length = min(shape.win_length, max(rows, cols))
                shape = shape._replace(rows=rows, cols=cols, win_length=win_length)
        elif name == "gravity":
            shape = shape._replace(gravity=bool(value), exact=shape.exact and not value)
        elif name == "misere":
            shape = shape._replace(misere=bool(value), exact=shape.exact and not value)
        elif name == "exact":
            shape = shape._replace(exact=bool(value))
            if value:
                shape = shape._replace(gravity=False, misere=False)
        else:
            raise KeyError(name)
        if config.depth is not None and config.depth > shape.cells:
            config = dataclasses.replace(config, depth=None)
        self.draft = Draft(config, shape)

    def press(
        self, key: PageKey, focused: Stop | None, shape_fields: Sequence[str] = SHAPE_FIELDS
    ) -> Stop | None:
        """Do what ``key`` does with the focus on ``focused`` (None: outside
        the page): the stop the focus goes to, None where it stays (or the
        page is closed). ``shape_fields`` is the number boxes' order on the
        page (see :func:`tab_order`)."""
        view = self.view()
        if view is None:
            return None
        if key is PageKey.BACK or (key is PageKey.START and focused == Stop(BACK)):
            self.close()
            return None
        if key is PageKey.START and focused is not None and focused.section == QUICK:
            self.quick_start(int(focused.value))
            return None
        if key is PageKey.START:
            if focused is not None and focused.value != view.chosen(focused.section):
                self.choose(focused.section, focused.value)
            self.start()
            return None
        if key in (PageKey.NEXT, PageKey.PREVIOUS):
            return next_stop(tab_order(view, shape_fields), focused, key is PageKey.PREVIOUS)
        row = view.row_of(focused.section) if focused is not None else ()
        if focused is None or not row:
            return None
        step = -1 if key is PageKey.LEFT else 1
        return Stop(focused.section, step_in_row(row, focused.value, step))

    def start(self) -> bool:
        """Start the draft's game and close the page; False (the page stays
        open) if the draft is not a valid game or the person kept the game
        in progress."""
        if self.draft is None or self.view_problem(self.draft):
            return False
        draft = self.draft
        if not self.host.change_config(draft.applied_to, force_new=True):
            return False
        self.close()
        return True

    def quick_start(self, index: int) -> bool:
        """Start the recent setup ``index`` at once (the page, if open, closes);
        False (nothing changes) if the person kept the game in progress or
        there is no such setup."""
        if not self.host.quick_start(index):
            return False
        self.close()
        return True

    @staticmethod
    def view_problem(draft: Draft) -> str:
        """Why ``draft`` cannot start, in a sentence; "" if it can."""
        rows, cols, win_length = draft.shape[:3]
        try:
            check_window_shape(rows, cols, win_length)
        except InvalidShapeError as error:
            return gettext("This board cannot be played: {reason}.").format(reason=error)
        return ""

    def view(self) -> NewGameView | None:
        """The page as it shows now; None while it is closed. A game chosen
        elsewhere meanwhile (the menus, a game opened) shows as the draft."""
        if self.draft is not None and self._opened_on != self.source.config:
            self.open()
        draft = self.draft
        if draft is None:
            return None
        shape = draft.shape
        solved = shape.is_valid and shape.solved
        custom = self._custom or shape not in BOARD_CHOICES
        config = draft.config
        return NewGameView(
            mode=config.mode.value,
            human=config.human.value,
            level=config.level,
            x_level=config.x_level,
            o_level=config.o_level,
            board=CUSTOM if custom else board_key(shape),
            rows=shape.rows,
            cols=shape.cols,
            win_length=shape.win_length,
            gravity=shape.gravity,
            misere=shape.misere,
            exact=shape.exact,
            modes=tuple((mode.value, mode.label) for mode in Mode),
            sides=tuple((side, gettext(label)) for side, label in SIDE_LABELS),
            levels=tuple((name, level.label(solved)) for name, level in LEVELS.items()),
            boards=(
                *((str(index), choice.label) for index, choice in enumerate(BOARD_CHOICES)),
                # TRANSLATORS: the New game page: a board whose size the player
                # chooses (its boxes show when it is chosen).
                (CUSTOM, gettext("Custom…")),
            ),
            shows_side=config.mode is Mode.COMPUTER,
            shows_level=config.mode is Mode.COMPUTER,
            shows_sides_levels=config.mode is Mode.WATCH,
            problem=self.view_problem(draft),
            quick_starts=self.host.quick_starts,
        )


def _as_int(value: object) -> int | None:
    """An integer from a spin box's text or number; None for anything else."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    try:
        return int(str(value).strip())
    except ValueError:
        return None
