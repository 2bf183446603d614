"""A seeded storm of random input through the presenter, without Tk: every
command, scripted dialog answers, clipboard text good and bad, files good and
bad, and a fake clock. After every action the view state, the board, the
history and the scores are checked against what they must be.

The storm is sized for CI: 10,000 actions, 50,000 with --slow. Set
TTT_STORM_ACTIONS and TTT_STORM_SEED to run it longer or with another seed;
a failure prints both, to replay it. The engines are seeded too, so one seed
always plays the same storm.
"""

from __future__ import annotations

import itertools
import json
import os
import random
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from fakes import FakeClock, FakeDialogs, FakeStore, InlineRunner

import ttt_gui.app.engine_pool
from ttt_gui.app.presenter import Presenter
from ttt_gui.app.session import GameHistory
from ttt_gui.app.view_state import ViewState
from ttt_gui.board import Board, Player
from ttt_gui.config import LEVELS, THINK_TIMES, WATCH_SPEEDS, GameConfig, Mode, Shape
from ttt_gui.engine import Engine
from ttt_gui.engine.levels import LevelPlayer
from ttt_gui.storage.games import GameFileError, SavedGame, read_game, write_game
from ttt_gui.storage.settings import Settings
from ttt_gui.theme import THEMES

STORM_ACTIONS = int(os.environ.get("TTT_STORM_ACTIONS", "0"))  # 0: 10,000 (50,000 with --slow)
STORM_SEED = int(os.environ.get("TTT_STORM_SEED", "20261122"))

#: Positions to paste: good ones on 3x3 and 4x4 (kept small so every search
#: is quick and needs no think time), and text that is no position.
PASTES = (
    "x.o/.x./...",
    "x.o/.x./..o",
    "xxx/oo./...",  # already won: never counts
    "xox/xoo/oxx",  # a full board
    "..../.x../..o./....",
    "x.../.o../..x./...o",
    "x.o/.x./... ",
    " x . o / . x . / . . . ",
    "xxx/ooo/...",
    "nonsense",
    "",
    "   ",
    "x../..../...",
    "/".join(["." * 16] * 16),
    "\x00\xff",
)


class StormDialogs(FakeDialogs):
    """Answers every question at random, from the storm's generator."""

    def __init__(self, rng: random.Random, folder: Path) -> None:
        super().__init__()
        self.rng = rng
        self.folder = folder
        self.files = storm_files(folder)
        self.guard: Guard | None = None

    def confirm(self, title: str, text: str, yes: str, no: str) -> bool:
        super().confirm(title, text, yes, no)
        return self.rng.random() < 0.8

    def ask_integer(
        self, title: str, prompt: str, initial: int, minimum: int, maximum: int
    ) -> int | None:
        super().ask_integer(title, prompt, initial, minimum, maximum)
        return self.rng.choice([None, 0, 1, 2, 3, 4, 100, minimum])

    def ask_board(self, shape: Shape) -> Shape | None:
        super().ask_board(shape)
        # Sizes beyond 4x4 would need think time; 4 in a row on 4x4 only when allowed.
        answers: list[Shape | None] = [
            None,
            Shape(0, 0, 3),
            Shape(2, 2, 2),
            Shape(3, 3, 3),
            Shape(4, 4, 3),
            Shape(16, 16, 3),
            Shape(3, 3, 3, misere=True),
            Shape(4, 3, 3, gravity=True),
        ]
        if self.guard is None or self.guard.may_enter_slow():
            answers.append(Shape(4, 4, 4))
        return self.rng.choice(answers)

    def ask_open_path(self, folder: Path) -> Path | None:
        super().ask_open_path(folder)
        files = self.files
        if self.guard is not None:
            files = [path for path in files if self.guard.may_open(path)]
        return self.rng.choice([None, *files])

    def ask_save_path(self, folder: Path, name: str) -> Path | None:
        super().ask_save_path(folder, name)
        return self.rng.choice(
            [None, self.folder / "saved0.ttt", self.folder / "saved1", self.folder / "nowhere/x"]
        )


def is_slow(size: int, win_length: int) -> bool:
    """Whether solving positions of this board takes long (up to half a second)."""
    return (size, win_length) == (4, 4)


class Guard:
    """Keeps the storm quick: on 4x4 with 4 in a row, every level is depth
    limited and the analysis (which solves positions exactly) stays off."""

    def __init__(self, presenter: Presenter) -> None:
        self.presenter = presenter

    @property
    def on_slow_board(self) -> bool:
        config = self.presenter.session.config
        return is_slow(config.size, config.win_length)

    def may_enter_slow(self, config: GameConfig | None = None) -> bool:
        config = config or self.presenter.session.config
        levels = (config.level, config.x_level, config.o_level)
        return (
            not self.presenter.settings.analysis
            and all(LEVELS[name].lookahead is not None for name in levels)
            and (config.depth is None or config.depth <= 4)
        )

    def may_open(self, path: Path) -> bool:
        try:
            config = read_game(path).config
        except GameFileError:
            return True
        return not is_slow(config.size, config.win_length) or self.may_enter_slow(config)

    def may_paste(self, text: str) -> bool:
        rows = "".join(text.split()).count("/") + 1
        config = self.presenter.session.config
        win_length = config.win_length if rows == config.size else 4
        return not is_slow(rows, win_length) or self.on_slow_board or self.may_enter_slow()


def storm_files(folder: Path) -> list[Path]:
    """Games to open: good ones of every kind, and files that are no game."""
    games = {
        "good.ttt": SavedGame(GameConfig(mode=Mode.HOTSEAT), (4, 0, 8)),
        "won.ttt": SavedGame(GameConfig(mode=Mode.HOTSEAT), (0, 3, 1, 4, 2)),
        "large.ttt": SavedGame(
            GameConfig(mode=Mode.HOTSEAT, rows=4, cols=4, win_length=4), (5, 6)
        ),
        "small k.ttt": SavedGame(
            GameConfig(mode=Mode.COMPUTER, rows=4, cols=4, win_length=3), (5,)
        ),
        "computer.ttt": SavedGame(GameConfig(mode=Mode.COMPUTER, human=Player.O), (4,)),
        "watch.ttt": SavedGame(GameConfig(mode=Mode.WATCH, x_level="easy"), (0,)),
        "start.ttt": SavedGame(GameConfig(mode=Mode.HOTSEAT), (8,), "x../.o./..."),
    }
    for name, game in games.items():
        write_game(folder / name, game)
    (folder / "bad.ttt").write_bytes(
        b'{"format": "ttt-gui game", "version": 1, "size": 3, "moves": ["b2","b2"]}'
    )
    (folder / "junk.ttt").write_bytes(bytes(range(256)))
    (folder / "a folder.ttt").mkdir()
    names = [*games, "bad.ttt", "junk.ttt", "a folder.ttt", "missing.ttt", "saved0.ttt"]
    return [folder / name for name in names]


class TallyModel:
    """An independent account of the scores, from the positions the presenter
    shows: a game counts when a move ends it and is taken back when an undo
    reopens it; games that start (opened or pasted) finished never count, nor
    does a finished game on the board once the scores are reset."""

    def __init__(self, presenter: Presenter) -> None:
        self.expected: dict[str, dict[str, int]] = {
            key: dict(counts) for key, counts in presenter.session.scores.items()
        }
        self.game: GameHistory = presenter.session.history
        self.position = (self.game.cursor, len(self.game.moves))
        self.keys = self.keys_of(presenter)
        self.result: str | None = None  # what this game has counted
        self.counting = not presenter.session.board.is_over
        self.finished = 0  # games counted, over the whole storm

    @staticmethod
    def keys_of(presenter: Presenter) -> list[tuple[str, str | None]]:
        """The match's score key and the statistics key, each with the side
        its results are also counted by (against the computer's statistics:
        the person's), else None."""
        config = presenter.session.config
        board = config.score_key
        if config.mode is Mode.COMPUTER:
            level = config.level if config.depth is None else f"depth {config.depth}"
            return [(f"{board} at {level}", None), (f"{board} vs {level}", config.human.value)]
        if config.mode is Mode.WATCH:
            levels = f"{config.x_level}/{config.o_level}"
            return [(f"{board} at {levels}", None), (f"{board} vs {levels}", None)]
        return [(board, None), (f"{board} vs people", None)]

    @staticmethod
    def result_of(presenter: Presenter) -> str | None:
        board, config = presenter.session.board, presenter.session.config
        if not board.is_over:
            return None
        if board.winner is None:
            return "draw"
        if config.mode is Mode.COMPUTER:
            return "you" if board.winner is config.human else "computer"
        return board.winner.value

    def observe(self, presenter: Presenter) -> None:
        game = presenter.session.history
        position = (game.cursor, len(game.moves))
        if game is not self.game:
            self.result = None
            self.counting = not presenter.session.board.is_over
        elif position != self.position:
            result = self.result_of(presenter) if self.counting else None
            if result != self.result:
                for key, side in self.keys:
                    counts = self.expected.setdefault(key, {})
                    for label, step in ((self.result, -1), (result, 1)):
                        if label is None:
                            continue
                        for name in (label, f"{label}:{side}") if side else (label,):
                            counts[name] = counts.get(name, 0) + step
                self.finished += result is not None
                self.result = result
        self.game, self.position = game, position
        self.keys = self.keys_of(presenter)

    def reset(self, key: str) -> None:
        self.expected.pop(key, None)
        self.result = None

    def differences(self, scores: dict[str, dict[str, int]]) -> list[str]:
        found = []
        for key in set(self.expected) | set(scores):
            expected = {k: v for k, v in self.expected.get(key, {}).items() if v}
            actual = {k: v for k, v in scores.get(key, {}).items() if v}
            if expected != actual:
                found.append(f"{key}: expected {expected}, found {actual}")
        return found


def nonzero(scores: object) -> dict[str, dict[str, int]]:
    assert isinstance(scores, dict)
    return {
        key: {label: count for label, count in counts.items() if count}
        for key, counts in scores.items()
        if any(counts.values())
    }


def word_tone(words: str, mover: str) -> str:
    """The tone the analysis words must have (see view_state.score_tone): good
    where they name the side to move (``mover``), bad where they name the other."""
    if words.startswith(f"{mover} "):
        return "good"
    if words.startswith(("X ", "O ")):
        return "bad"
    assert words in ("draw", "about even"), words
    return "even"


class Checker:
    """The invariants that hold after every action."""

    def __init__(self, presenter: Presenter, store: FakeStore) -> None:
        self.presenter = presenter
        self.store = store
        self.model = TallyModel(presenter)
        self.initial_scores = nonzero(presenter.session.scores)
        self._read = 0
        self._saved_scores: object = None
        self._saved_game: GameConfig | None = None

    def check(self, action: str, before: Board) -> None:
        presenter = self.presenter
        session = presenter.session
        board = session.board
        assert presenter.errors == [], presenter.errors
        view = presenter.view()
        self.check_view(view)
        history = session.history
        replayed = history.start
        for move in history.moves[: history.cursor]:
            replayed = replayed.play(move)
        assert board == replayed, f"the board is not the history replayed: {board} {replayed}"
        position = history.start
        for index, move in enumerate(history.moves):
            position = position.play(move)
            assert history.boards[index + 1] == position
        clicks = ("play", "digit", "hint", "activate cell")
        if before.is_over and action in clicks and session.config.mode is not Mode.WATCH:
            assert board == before, f"{action} changed a finished game"
        self.model.observe(presenter)
        assert self.model.differences(session.scores) == []
        assert all(count >= 0 for counts in session.scores.values() for count in counts.values())
        saved_game = self.saved_game()
        assert saved_game is None or saved_game == session.config, "the saved game lags behind"
        saved = self.saved_scores()
        if saved is None:
            assert nonzero(session.scores) == self.initial_scores, "scores changed unsaved"
        else:
            assert nonzero(saved) == nonzero(session.scores), "the saved scores lag behind"

    def _read_saved(self) -> None:
        if len(self.store.saved) != self._read:
            self._read = len(self.store.saved)
            text = self.store.saved[-1]
            self._saved_scores = json.loads(text)["scores"]
            self._saved_game = Settings.from_json(text).game

    def saved_scores(self) -> object:
        """The scores of the last settings saved (None before the first save)."""
        self._read_saved()
        return self._saved_scores

    def saved_game(self) -> GameConfig | None:
        """The game of the last settings saved (None before the first save)."""
        self._read_saved()
        return self._saved_game

    def check_view(self, view: ViewState) -> None:
        session = self.presenter.session
        board, config = session.board, session.config
        assert (view.size, view.win_length) == (board.size, board.win_length)
        assert len(view.cells) == board.cells and (view.rows, view.cols) == (
            board.rows,
            board.cols,
        )
        history = session.history
        for entry, listed in zip(view.history[1:], session.move_list()):
            assert entry in (listed, f"{listed}  ✓", f"{listed}  ?!", f"{listed}  ?"), entry
        focused = view.status.split("  ")[0].endswith("Esc returns to the game.")
        if focused:
            # A reviewed move is shown: the position before it, nothing playable.
            shown_board = history.boards[view.history_cursor - 1]
            assert [cell.mark for cell in view.cells] == [
                mark.value if (mark := shown_board[cell]) else None for cell in range(board.cells)
            ]
            assert not any(cell.playable for cell in view.cells)
            assert view.history[view.history_cursor][-1] in "✓?!"
            board = shown_board
        for cell, shown in enumerate(view.cells):
            mark = board[cell]
            assert shown.mark == (mark.value if mark else None), f"cell {cell}"
            if shown.playable:  # under gravity, any cell of a column that has room
                assert board.landing(cell) is not None, f"cell {cell}"
            if mark is not None:
                assert shown.note == "" and (board.gravity or not shown.playable)
            elif shown.note:
                assert shown.tone == word_tone(shown.note, board.turn.value), shown
        assert view.winning_line == (board.winning_line or ())
        assert len(view.history) == len(session.history.moves) + 1
        if not focused:
            assert view.history_cursor == session.history.cursor
        assert view.choices["mode"] == config.mode.value
        assert view.choices["human"] == config.human.value
        assert view.choices["level"] == ("custom" if config.depth is not None else config.level)
        assert view.flags["analysis"] is self.presenter.settings.analysis
        assert ("undo" in view.disabled) is not session.can_undo
        assert ("redo" in view.disabled) is not session.can_redo
        assert ("play_pause" in view.disabled) is (config.mode is not Mode.WATCH)
        assert view.is_busy is session.is_computer_turn
        message = self.presenter.message
        if message:
            assert view.status.endswith(message)


def actions_for(
    presenter: Presenter,
    dialogs: StormDialogs,
    clock: FakeClock,
    rng: random.Random,
    checker: Checker,
) -> list[tuple[int, str, Callable[[], None]]]:
    """(weight, name, action) for every kind of input."""
    guard = Guard(presenter)
    dialogs.guard = guard

    def cells() -> int:
        return presenter.session.board.cells

    def play() -> None:
        """Mostly an empty cell; sometimes a taken one or one off the board."""
        empty = presenter.session.board.legal_moves()
        if empty and rng.random() < 0.7:
            presenter.moves.play(rng.choice(empty))
        else:
            presenter.moves.play(rng.randrange(-1, cells() + 1))

    def advance() -> None:
        clock.advance(rng.choice([0.0, 0.05, 0.125, 0.3, 0.5, 1.0, 5.0]))
        presenter.tick()

    def paste() -> None:
        dialogs.clipboard = rng.choice([text for text in PASTES if guard.may_paste(text)])
        presenter.transfer.paste_position()

    def reset_scores() -> None:
        version = presenter.session.scores_version
        presenter.setup.reset_scores()
        if presenter.session.scores_version != version:  # not declined
            checker.model.reset(TallyModel.keys_of(presenter)[0][0])

    def levels() -> list[str]:
        return [
            name
            for name, level in LEVELS.items()
            if level.lookahead is not None or not guard.on_slow_board
        ]

    def board() -> None:
        shapes = [Shape(3, 3, 3), Shape(3, 3, 3), Shape(4, 4, 3)]
        if guard.may_enter_slow():
            shapes.append(Shape(4, 4, 4))
        presenter.setup.set_board(rng.choice(shapes))

    def analysis() -> None:
        if presenter.settings.analysis or not guard.on_slow_board:
            presenter.display.toggle_analysis()

    def hint() -> None:
        if not guard.on_slow_board or presenter.session.board.move_count >= 6:
            presenter.coach.hint()

    def digit() -> None:
        presenter.moves.play_digit(rng.randint(0, 10))

    def go_to() -> None:
        presenter.moves.go_to(rng.randint(-1, len(presenter.session.history.moves) + 1))

    def review() -> None:
        if not guard.on_slow_board:
            presenter.coach.review_game()

    def zoom() -> None:
        rng.choice(
            [presenter.display.zoom_in, presenter.display.zoom_out, presenter.display.zoom_reset]
        )()

    def help_text() -> None:
        rng.choice(
            [
                presenter.display.how_to_play,
                presenter.display.show_shortcuts,
                presenter.display.about,
            ]
        )()

    return [
        (30, "play", play),
        (4, "activate cell", lambda: presenter.moves.activate(rng.randrange(cells()))),
        (5, "digit", digit),
        (10, "tick", presenter.tick),
        (14, "advance clock", advance),
        (3, "new game", presenter.new_game_page.play_again),
        (5, "undo", presenter.moves.undo),
        (3, "redo", presenter.moves.redo),
        (3, "go to", go_to),
        (3, "hint", hint),
        (2, "analysis", analysis),
        (1, "history", presenter.display.toggle_history),
        (2, "review", review),
        (1, "stop review", presenter.coach.stop_review),
        (1, "reset scores", reset_scores),
        (3, "mode", lambda: presenter.setup.set_mode(rng.choice([m.value for m in Mode]))),
        (2, "side", lambda: presenter.setup.set_human(rng.choice("XO"))),
        (2, "level", lambda: presenter.setup.set_level(rng.choice(levels()))),
        (1, "custom depth", presenter.setup.ask_custom_depth),
        (2, "board", board),
        (1, "custom board", presenter.setup.ask_custom_board),
        (1, "think time", lambda: presenter.setup.set_think_time(rng.choice([*THINK_TIMES, 0.0]))),
        (1, "x level", lambda: presenter.setup.set_x_level(rng.choice(levels()))),
        (1, "o level", lambda: presenter.setup.set_o_level(rng.choice(levels()))),
        (1, "speed", lambda: presenter.display.set_speed(rng.choice(list(WATCH_SPEEDS.values())))),
        (3, "play/pause", presenter.moves.play_pause),
        (3, "step", presenter.moves.step),
        (1, "copy", presenter.transfer.copy_position),
        (2, "paste", paste),
        (1, "save", presenter.transfer.save_game),
        (1, "open", presenter.transfer.open_game),
        (1, "zoom", zoom),
        (1, "theme", lambda: presenter.display.set_theme(rng.choice([*THEMES, "no such theme"]))),
        (1, "help", help_text),
        (1, "window size", lambda: presenter.display.set_window_size(rng.randint(0, 2000), 700)),
    ]


@pytest.fixture
def seeded_engines(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Engines that break ties and make mistakes reproducibly, so that a seed
    replays the same storm."""
    seeds = itertools.count(STORM_SEED)

    class SeededEngine(Engine):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            kwargs.setdefault("seed", next(seeds))
            super().__init__(*args, **kwargs)

    class SeededPlayer(LevelPlayer):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            if kwargs.get("seed") is None:
                kwargs["seed"] = next(seeds)
            super().__init__(*args, **kwargs)

    monkeypatch.setattr(ttt_gui.app.engine_pool, "Engine", SeededEngine)
    monkeypatch.setattr(ttt_gui.app.engine_pool, "LevelPlayer", SeededPlayer)
    yield


@pytest.mark.slow
def test_input_storm(tmp_path: Path, seeded_engines: None, exhaustive: bool) -> None:
    total = STORM_ACTIONS or (50_000 if exhaustive else 10_000)
    rng = random.Random(STORM_SEED)
    dialogs = StormDialogs(rng, tmp_path)
    clock, store = FakeClock(), FakeStore()
    settings = Settings(
        game=GameConfig(mode=Mode.COMPUTER, level="strongest", think_time=0.5),
        scores={"hotseat:3x3:3": {"X": 2, "draw": 1}},
    )
    presenter = Presenter(
        settings, dialogs, save_settings=store, clock=clock, runner=InlineRunner()
    )
    checker = Checker(presenter, store)
    actions = actions_for(presenter, dialogs, clock, rng, checker)
    weights = [weight for weight, _, _ in actions]
    counts: dict[str, int] = {}
    recent: list[str] = []
    number = 0
    try:
        for number in range(1, total + 1):
            _, name, action = rng.choices(actions, weights)[0]
            before = presenter.session.board
            recent = [*recent[-11:], f"{number}. {name} on {before}"]
            action()
            counts[name] = counts.get(name, 0) + 1
            checker.check(name, before)
    except BaseException:
        print(
            f"storm failed at action {number} of {total}; replay it with "
            f"TTT_STORM_SEED={STORM_SEED} TTT_STORM_ACTIONS={number}. "
            f"The last actions: {recent}"
        )
        raise
    if total >= 5000:  # long enough for every kind of action and many games
        assert len(counts) == len(actions), f"some actions never ran: {counts}"
        assert checker.model.finished > total // 250, "few games were finished"
    presenter.quit()
    assert presenter.is_closed
    assert nonzero(json.loads(store.saved[-1])["scores"]) == nonzero(presenter.session.scores)
    print(
        f"storm: {total} actions, seed {STORM_SEED}, "
        f"{checker.model.finished} games counted: {sorted(counts.items())}"
    )
