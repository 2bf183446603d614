"""What kind of game to play: modes, levels, board choices and :class:`GameConfig`; no Tk.

Everything a player can choose is declared here once, as data: the levels
(their lookahead, search budget and temperature), the board shapes of the Board menu,
the think times and the computer-vs-computer speeds. :class:`GameConfig` is
the one frozen description of a game; settings and saved games hold one, and
its :meth:`GameConfig.from_dict` is the only place its fields are checked.

>>> config = GameConfig.from_dict({"size": 5})
>>> config.win_length, config.level_name(), (config.rows, config.cols)
(4, 'Medium', (5, 5))
>>> GameConfig.from_dict(config.to_dict()) == config
True
>>> connect_four = GameConfig().with_shape(Shape(6, 7, 4, gravity=True))
>>> connect_four.board_label, connect_four.score_key
('Connect Four (7×6, 4 in a row)', 'computer:7x6:4:gravity')
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, NamedTuple

from ttt_gui.board import (
    MIN_SIZE,
    Board,
    InvalidShapeError,
    Player,
    check_shape,
    default_win_length,
    shape_name,
)
from ttt_gui.config.checks import is_int as is_int
from ttt_gui.config.checks import is_number as is_number
from ttt_gui.config.checks import short_repr as short_repr
from ttt_gui.config.checks import shorten as shorten
from ttt_gui.config.labels import level_label, shape_label
from ttt_gui.words import gettext, gettext_noop

# -- tunable data ---------------------------------------------------------------


class Mode(enum.Enum):
    """Who plays: two people, a person against the computer, or the computer alone."""

    HOTSEAT = "hotseat"
    COMPUTER = "computer"
    WATCH = "watch"  # computer vs computer

    @property
    def label(self) -> str:
        """The mode in the player's language (``mode.value`` is its saved id)."""
        return gettext(_MODE_LABELS[self])


_MODE_LABELS = {
    Mode.HOTSEAT: gettext_noop("Two players"),
    Mode.COMPUTER: gettext_noop("Against the computer"),
    Mode.WATCH: gettext_noop("Computer vs computer"),
}


@dataclass(frozen=True)
class Level:
    """A named strength (see :mod:`ttt_gui.engine.levels` for how it plays).

    ``lookahead``: plies searched where the board is solved (None: to the
    end; 0: only its own move on every board, so it sees a win in one but a
    threat only as a line worth blocking). ``nodes``: the search budget in
    positions where the board is not solved, which then sets the depth
    (None: the lookahead alone, and for the top level, whose lookahead is
    the whole game, the think time; the think time bounds every search).
    ``temperature``: how freely, in heuristic points, it strays from its
    best-looking move (0: never).
    """

    name: str
    lookahead: int | None
    nodes: int | None
    temperature: float

    def label(self, solved: bool = True) -> str:
        """``'Hard'`` in the player's language (``name`` is the saved id); the
        top level is ``'Perfect'`` only where the board is solved, and
        ``'Strongest'`` elsewhere."""
        return level_label(self.name, perfect=solved and self.name == TOP_LEVEL)


#: The top of the ladder: exact play where the board is solved.
TOP_LEVEL = "strongest"
#: The difficulty ladder, weakest first.
LEVELS: dict[str, Level] = {
    level.name: level
    for level in (
        Level("easy", lookahead=0, nodes=None, temperature=1.0),
        Level("medium", lookahead=1, nodes=150, temperature=1.0),
        Level("hard", lookahead=3, nodes=1_500, temperature=0.75),
        Level(TOP_LEVEL, lookahead=None, nodes=None, temperature=0.0),
    )
}
#: Names that older settings and games used: old name -> level.
LEVEL_ALIASES = {"perfect": TOP_LEVEL}
#: The level of a first run.
DEFAULT_LEVEL = "medium"


class Shape(NamedTuple):
    """A board and its rules: ``rows`` x ``cols`` cells, ``win_length`` marks in
    a row to win, and the ``gravity``, ``misere`` and ``exact`` rules (exact:
    a longer line does not win). A plain value, not checked (see
    :attr:`is_valid`); :attr:`GameConfig.shape` gives a game's.

    >>> Shape(6, 7, 4, gravity=True).label
    'Connect Four (7×6, 4 in a row)'
    >>> Shape(4, 5, 3, gravity=True, misere=True).label
    '5×4, 3 in a row, gravity, misère'
    """

    rows: int
    cols: int
    win_length: int
    gravity: bool = False
    misere: bool = False
    exact: bool = False

    @classmethod
    def of(cls, board: Board) -> Shape:
        """The shape and rules of ``board``."""
        rules = (board.gravity, board.misere, board.exact)
        return cls(board.rows, board.cols, board.win_length, *rules)

    @property
    def size(self) -> int:
        """The longer side (the side of a square board)."""
        return max(self.rows, self.cols)

    @property
    def cells(self) -> int:
        return self.rows * self.cols

    @property
    def solved(self) -> bool:
        """Whether the computer solves boards this large (else it plays heuristically)."""
        return self.cells <= SOLVABLE_CELLS

    @property
    def is_valid(self) -> bool:
        """Whether the window plays a board of this shape: sides up to
        MAX_WINDOW_SIZE and a win length in range (:func:`check_window_shape`)."""
        try:
            check_window_shape(self.rows, self.cols, self.win_length)
        except InvalidShapeError:
            return False
        return True

    @property
    def label(self) -> str:
        """The shape as the menus name it, in the player's language: ``'3×3 (3
        in a row)'``, ``'Connect Four (7×6, 4 in a row)'``, ``'5×4, 3 in a row,
        gravity, misère'`` (columns × rows)."""
        return shape_label(*self, preset=PRESETS.get(self))


#: The named variants of the Board menu: their names in English, translated
#: where shown (:attr:`Shape.label`).
PRESETS: dict[Shape, str] = {
    # TRANSLATORS: the game of four in a row with gravity: use its name in your
    # language ("Puissance 4", "Vier gewinnt", "Conecta 4", "四子棋").
    Shape(6, 7, 4, gravity=True): gettext_noop("Connect Four"),
    # TRANSLATORS: misère tic-tac-toe on 3×3: whoever makes three in a row loses.
    Shape(3, 3, 3, misere=True): gettext_noop("Avoid three"),
    # TRANSLATORS: five in a row on a 15×15 board: use its name in your language
    # ("五目並べ", "오목", "piškvorky", "五子棋").
    Shape(15, 15, 5): gettext_noop("Gomoku"),
    # TRANSLATORS: Gomoku where exactly five in a row wins (six or more do not).
    Shape(15, 15, 5, exact=True): gettext_noop("Standard Gomoku"),
}
#: The longest side of a board the window plays: the custom board's fields,
#: the settings, saved games and pasted positions hold at most this (the rules
#: go on to MAX_SIZE, 20x20, for Gomocup managers: ``ttt-gui pbrain``).
MAX_WINDOW_SIZE = 15
#: The rules a board may add, by the names files and score keys use.
RULES = ("gravity", "misere", "exact")
#: The shapes offered in the Board menu, squares first.
BOARD_CHOICES: tuple[Shape, ...] = (
    Shape(3, 3, 3),
    Shape(4, 4, 4),
    Shape(5, 5, 4),
    Shape(6, 6, 4),
    Shape(7, 7, 5),
    Shape(9, 9, 5),
    *PRESETS,
)
#: Think times (seconds) offered for boards too large to solve.
THINK_TIMES = (0.5, 1.0, 2.0, 5.0)
MIN_THINK_TIME, MAX_THINK_TIME = 0.05, 60.0
#: Pause between moves when the computer plays itself, in ms: name -> delay
#: (the names in English, translated where shown: :func:`speed_label`).
WATCH_SPEEDS = {
    # TRANSLATORS: how fast the computer plays itself: the Speed menu, slowest first.
    gettext_noop("Slow"): 1000,
    gettext_noop("Normal"): 400,
    gettext_noop("Fast"): 100,
    gettext_noop("Instant"): 0,
}
MAX_WATCH_DELAY = 5000
#: Boards with more cells than this are not solved: the computer uses its think time.
SOLVABLE_CELLS = 16


def check_window_shape(rows: int, cols: int, win_length: int) -> None:
    """Raise InvalidShapeError, naming the window's sides (3 to
    MAX_WINDOW_SIZE), unless the window plays a board of this shape."""
    check_shape(rows, cols, win_length, max_size=MAX_WINDOW_SIZE)


def speed_label(name: str) -> str:
    """A name of :data:`WATCH_SPEEDS` in the player's language."""
    return gettext(name)


#: Joins a score key and the opponent in :attr:`GameConfig.statistics_key`.
STATISTICS_SEPARATOR = " vs "
#: Joins a score key and the opponent in :attr:`GameConfig.match_key`.
MATCH_SEPARATOR = " at "
#: Joins X's level and O's in the opponent of computer vs computer.
LEVELS_SEPARATOR = "/"
#: The opponent of two people playing each other, in the score keys.
PEOPLE = "people"


def statistics_labels(key: str) -> tuple[str, str] | None:
    """(board, level) in words for a :attr:`GameConfig.statistics_key`; None
    for any other key.

    >>> statistics_labels("computer:4x4:3 vs hard")
    ('4×4 (3 in a row)', 'Hard')
    >>> [statistics_labels(f"computer:{shape} vs {name}")[1]
    ...  for shape, name in (("9x9:5", "strongest"), ("3x3:3", "perfect"))]
    ['Strongest', 'Perfect']
    >>> statistics_labels("computer:7x6:4:gravity vs easy")
    ('Connect Four (7×6, 4 in a row)', 'Easy')
    >>> statistics_labels("hotseat:3x3:3") is None
    True
    """
    board_key, separator, level = key.partition(STATISTICS_SEPARATOR)
    if not separator:
        return None
    _mode, _, shape_text = board_key.partition(":")
    size_text, _, rest = shape_text.partition(":")
    length_text, *rules = rest.split(":")
    columns, _, rows = size_text.partition("x")
    known = set(rules) <= {"gravity", "misere", "exact"}
    numbers = (rows, columns, length_text)
    # ASCII digits only ("²" is a digit int() refuses), and few: int() refuses thousands.
    if not (all(n.isascii() and n.isdigit() and len(n) <= 4 for n in numbers) and known):
        return board_key, level
    flags = ("gravity" in rules, "misere" in rules, "exact" in rules)
    shape = Shape(int(rows), int(columns), int(length_text), *flags)
    name = LEVEL_ALIASES.get(level, level)
    words = LEVELS[name].label(shape.solved) if name in LEVELS else level
    return shape.label, words


# -- the configuration ----------------------------------------------------------


class ConfigError(ValueError):
    """A game configuration with a field out of range; the message names the
    field, and so do :attr:`field` (its id) and :attr:`value` (its text)."""

    field: str = ""
    value: str = ""

    @classmethod
    def invalid(cls, field: str, value: str) -> ConfigError:
        """The error of ``field`` (its id, as files name it) holding ``value``
        (its text, or what is wrong with it)."""
        # TRANSLATORS: {field} is a field's name as the file writes it ('mode',
        # 'think_time'); {value} is the value found, or what is wrong with it.
        message = gettext("{field} has an invalid value: {value}")
        error = cls(message.format(field=repr(field), value=value))
        error.field, error.value = field, value
        return error


@dataclass(frozen=True)
class GameConfig:
    """What kind of game to play; checked when built, so every instance is valid.

    The board has ``rows`` x ``cols`` cells, ``win_length`` in a row, and the
    ``gravity``, ``misere`` and ``exact`` rules (together its :attr:`shape`;
    exact goes with neither of the others). ``depth``
    overrides ``level`` against the computer (a custom depth in plies, at most
    the number of cells); ``think_time`` (seconds) bounds the computer's search
    on boards too large to solve. In computer-vs-computer games X plays at
    ``x_level`` and O at ``o_level``. Raises ConfigError.
    """

    mode: Mode = Mode.COMPUTER
    human: Player = Player.X
    level: str = DEFAULT_LEVEL
    depth: int | None = None
    win_length: int = 3
    think_time: float = 1.0
    x_level: str = DEFAULT_LEVEL
    o_level: str = DEFAULT_LEVEL
    rows: int = 3
    cols: int = 3
    gravity: bool = False
    misere: bool = False
    exact: bool = False

    def __post_init__(self) -> None:
        sides_valid = _is_side(self.rows) and _is_side(self.cols)
        checks: tuple[tuple[str, bool], ...] = (
            ("mode", isinstance(self.mode, Mode)),
            ("human", isinstance(self.human, Player)),
            ("level", _is_level(self.level)),
            ("x_level", _is_level(self.x_level)),
            ("o_level", _is_level(self.o_level)),
            ("rows", _is_side(self.rows)),
            ("cols", _is_side(self.cols)),
            ("gravity", isinstance(self.gravity, bool)),
            ("misere", isinstance(self.misere, bool)),
            ("exact", self.exact is False or (self.exact is True and not self.has_drop_or_loss)),
            ("win_length", is_int(self.win_length) and sides_valid and self.shape.is_valid),
            (
                "depth",
                self.depth is None
                or (is_int(self.depth) and sides_valid and 1 <= self.depth <= self.cells),
            ),
            (
                "think_time",
                is_number(self.think_time) and MIN_THINK_TIME <= self.think_time <= MAX_THINK_TIME,
            ),
        )
        for name, is_valid in checks:
            if not is_valid:
                raise ConfigError.invalid(name, short_repr(getattr(self, name)))

    # -- conversions --------------------------------------------------------

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], base: GameConfig | None = None) -> GameConfig:
        """The configuration described by ``data`` (as written by :meth:`to_dict`).

        Unknown keys are ignored; missing ones come from ``base`` (defaults if
        None), except that a missing win length follows the sides. ``size`` gives
        the sides not given, and a square's; a size without rows and columns (as
        older files hold) is a square board of the usual rules. Raises
        ConfigError naming the first bad field.

        >>> sides = ({"size": 5}, {"size": 5, "rows": 4}, {"size": 7, "rows": 6, "cols": 7})
        >>> [GameConfig.from_dict(data).shape[:2] for data in sides]
        [(5, 5), (4, 5), (6, 7)]
        """
        base = base or cls()
        values: dict[str, Any] = {}
        for field in dataclasses.fields(cls):
            if field.name in data:
                values[field.name] = data[field.name]
        try:
            if "mode" in values:
                values["mode"] = Mode(values["mode"])
            if "human" in values:
                values["human"] = Player(values["human"])
        except (ValueError, TypeError):
            bad = "mode" if "mode" in values and not isinstance(values["mode"], Mode) else "human"
            raise ConfigError.invalid(bad, short_repr(data[bad])) from None
        if "think_time" in values and is_number(values["think_time"]):
            try:
                values["think_time"] = float(values["think_time"])
            except OverflowError:  # an integer too large for a float
                # TRANSLATORS: what is wrong with a number in a file.
                raise ConfigError.invalid("think_time", gettext("too large")) from None
        for name in ("level", "x_level", "o_level"):
            if isinstance(values.get(name), str):
                values[name] = LEVEL_ALIASES.get(values[name], values[name])
        if "size" in data:
            for side in ("rows", "cols"):
                values.setdefault(side, data["size"])
            if "rows" not in data and "cols" not in data:
                values.update({rule: values.get(rule, False) for rule in RULES})
        if "win_length" not in values and "rows" in values:
            values["win_length"] = _default_win_length(values.get("rows"), values.get("cols"))
        if "size" in data:
            _apply_size(data["size"], values)
        return dataclasses.replace(base, **values)

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON values, read back by :meth:`from_dict`; with the
        :attr:`size`, which files have always held (older versions read it)."""
        data: dict[str, Any] = {}
        for name, value in dataclasses.asdict(self).items():
            if name == "win_length":
                data["size"] = self.size
            data[name] = value
        data["mode"] = self.mode.value
        data["human"] = self.human.value
        return data

    def with_shape(self, shape: Shape) -> GameConfig:
        """This configuration on the board ``shape`` (its rules too); a custom
        depth deeper than its cells is dropped. Raises ConfigError for a shape
        out of range."""
        depth = self.depth if self.depth is None or self.depth <= shape.cells else None
        return dataclasses.replace(
            self,
            rows=shape.rows,
            cols=shape.cols,
            win_length=shape.win_length,
            gravity=shape.gravity,
            misere=shape.misere,
            exact=shape.exact,
            depth=depth,
        )

    # -- derived values -----------------------------------------------------

    def level_for(self, player: Player) -> Level | None:
        """The level the computer plays ``player`` at; None for a custom depth."""
        if self.mode is Mode.WATCH:
            return LEVELS[self.x_level if player is Player.X else self.o_level]
        if self.depth is not None:
            return None
        return LEVELS[self.level]

    def strength_for(self, player: Player) -> Level:
        """How the computer plays ``player`` on this board: its level with its
        lookahead where the board is solved, else with its node budget (see
        :class:`Level`). A custom depth is a level of that lookahead that never
        strays from its best move."""
        level = self.level_for(player)
        if level is None:
            return Level("custom", self.depth, None, 0.0)
        if self.solved:
            return dataclasses.replace(level, nodes=None)
        if level.nodes is not None:
            return dataclasses.replace(level, lookahead=None)
        return level

    @property
    def max_depth(self) -> int | None:
        """The computer's lookahead against a person (None: to the end)."""
        return self.depth if self.depth is not None else LEVELS[self.level].lookahead

    def level_label(self, name: str) -> str:
        """The label of level ``name`` on this board (``'Perfect'`` or ``'Strongest'``)."""
        return LEVELS[name].label(self.solved)

    def player_name(self, player: Player) -> str:
        """``'X'``, or ``'X (Hard)'`` when the computer plays both sides."""
        if self.mode is Mode.WATCH:
            name = self.x_level if player is Player.X else self.o_level
            # TRANSLATORS: a player (X or O) and the level the computer plays it at.
            message = gettext("{player} ({level})")
            return message.format(player=player.value, level=self.level_label(name))
        return player.value

    @property
    def solved(self) -> bool:
        """Whether the computer solves this board (else it plays heuristically)."""
        return self.shape.solved

    @property
    def size(self) -> int:
        """The longer side (the side of a square board)."""
        return self.shape.size

    @property
    def cells(self) -> int:
        return self.shape.cells

    @property
    def shape(self) -> Shape:
        """The board and its rules."""
        rules = (self.gravity, self.misere, self.exact)
        return Shape(self.rows, self.cols, self.win_length, *rules)

    @property
    def has_drop_or_loss(self) -> bool:
        """Whether the gravity or the misère rule holds (the exact rule goes with neither)."""
        return self.gravity is not False or self.misere is not False

    def empty_board(self) -> Board:
        """The empty board of this configuration."""
        rules = {rule: getattr(self, rule) for rule in RULES}
        return Board.empty(rows=self.rows, cols=self.cols, win_length=self.win_length, **rules)

    def fits(self, board: Board) -> bool:
        """Whether ``board`` has this configuration's shape and rules."""
        return Shape.of(board) == self.shape

    @property
    def score_key(self) -> str:
        """Scores are kept per mode, board shape and rules (``'computer:3x3:3'``,
        ``'computer:7x6:4:gravity'``: columns first)."""
        rules = "".join(f":{rule}" for rule in RULES if getattr(self, rule))
        return f"{self.mode.value}:{shape_name(self.rows, self.cols)}:{self.win_length}{rules}"

    @property
    def opponent(self) -> str:
        """Whom the results are against, as the score keys name it: the level
        against the computer (``'hard'``, ``'depth 5'``), X's level and O's
        computer vs computer (``'hard/easy'``), ``'people'`` for two players."""
        if self.mode is Mode.COMPUTER:
            return self.level if self.depth is None else f"depth {self.depth}"
        if self.mode is Mode.WATCH:
            return f"{self.x_level}{LEVELS_SEPARATOR}{self.o_level}"
        return PEOPLE

    @property
    def match_key(self) -> str:
        """The score line's match, which a reset zeroes: per mode, board and
        opponent (``'computer:3x3:3 at hard'``); for two players the score key."""
        if self.mode is Mode.HOTSEAT:
            return self.score_key
        return f"{self.score_key}{MATCH_SEPARATOR}{self.opponent}"

    @property
    def statistics_key(self) -> str:
        """Every finished game also counts for good (a reset leaves it) per
        mode, board and opponent: ``'computer:3x3:3 vs hard'``,
        ``'watch:3x3:3 vs hard/easy'``, ``'hotseat:3x3:3 vs people'``."""
        return f"{self.score_key}{STATISTICS_SEPARATOR}{self.opponent}"

    @property
    def board_label(self) -> str:
        return self.shape.label

    def level_name(self) -> str:
        """The strength against a person in words: ``'Hard'`` or ``'depth 5'``."""
        if self.depth is not None:
            # TRANSLATORS: a custom strength: the computer looks {depth} moves ahead.
            return gettext("depth {depth}").format(depth=self.depth)
        return self.level_label(self.level)

    def changes_game(self, other: GameConfig) -> bool:
        """Whether switching to ``other`` changes the game being played (and so
        needs a new game): mode, board, the person's side or the computer's
        strength. Think time and levels of a mode not in play do not."""
        if self.mode != other.mode or self.shape != other.shape:
            return True
        if other.mode is Mode.COMPUTER:
            computer = other.human.other
            return (self.human, self.strength_for(self.human.other)) != (
                other.human,
                other.strength_for(computer),
            )
        if other.mode is Mode.WATCH:
            return any(self.strength_for(p) != other.strength_for(p) for p in Player)
        return False


# -- checks shared by the loaders (see :mod:`ttt_gui.config.checks`) -----------------


def _is_level(value: object) -> bool:
    return isinstance(value, str) and value in LEVELS


def _is_side(value: object) -> bool:
    """Whether ``value`` is a number of rows or columns a board in the window may have."""
    return is_int(value) and MIN_SIZE <= value <= MAX_WINDOW_SIZE


def _apply_size(size: object, values: dict[str, Any]) -> None:
    """Read a file's ``size`` as files have always been read: a square (its
    sides in ``values``, filled in) takes the side the size names, a rectangle
    keeps its own sides whatever the size (but null). Raises ConfigError for a
    bad size that names the board."""
    rows, cols = values["rows"], values["cols"]
    sides_valid = _is_side(rows) and _is_side(cols)
    if sides_valid and rows != cols and size is not None:
        return
    if not _is_side(size):
        raise ConfigError.invalid("size", short_repr(size))
    if sides_valid:
        values["rows"] = values["cols"] = size


def _default_win_length(rows: object, cols: object) -> int:
    """The usual win length of a board (3 for bad sides)."""
    if is_int(rows) and is_int(cols):
        return default_win_length(rows, cols)
    return MIN_SIZE
