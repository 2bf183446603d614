"""The command line and ``main``: options, settings for this run, the window.

Process-wide settings live here, not in a widget: the interpreter's switch
interval, where cyclic garbage is collected, and DPI awareness on Windows.
"""

from __future__ import annotations

import argparse
import codecs
import contextlib
import dataclasses
import gc
import io
import os
import signal
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

from ttt_gui import __version__
from ttt_gui.app.ports import CLIPBOARD_READER_OPTION
from ttt_gui.app.problem_report import engine_build
from ttt_gui.board import MIN_SIZE, Player, default_win_length
from ttt_gui.cli import analyse as analysis_cli
from ttt_gui.cli import argparse_words, pbrain
from ttt_gui.cli import puzzle as puzzle_cli
from ttt_gui.cli.language import add_language_option, check_language, install_run_language
from ttt_gui.cli.quit_signals import QUIT_SIGNALS, usual_signals
from ttt_gui.config import (
    LEVEL_ALIASES,
    LEVELS,
    MAX_WINDOW_SIZE,
    TOP_LEVEL,
    ConfigError,
    GameConfig,
    Mode,
    Shape,
    shorten,
)
from ttt_gui.config.labels import level_label
from ttt_gui.storage import crash_log
from ttt_gui.storage.files import remove_stale_temporaries, remove_stale_temporaries_in
from ttt_gui.storage.games import SUFFIX
from ttt_gui.storage.settings import Settings, SettingsError, default_path, load
from ttt_gui.storage.settings_store import SettingsStore
from ttt_gui.storage.unfinished import (
    UnfinishedGame,
    unfinished_folder,
    unfinished_game_path,
)
from ttt_gui.theme import THEMES
from ttt_gui.words import gettext, pgettext

#: Seconds between the interpreter's thread switches: a search thread holds the
#: interpreter between switches, so switch often and the window never waits long.
SWITCH_INTERVAL = 0.001


def version_text() -> str:
    """What ``--version`` prints: the version, then which engine runs."""
    return f"ttt-gui {__version__}\nengine: {engine_build()}\n"


class VersionAction(argparse.Action):
    """``--version``: prints :func:`version_text` to standard output and exits 0."""

    def __init__(self, option_strings: list[str], dest: str, help: str | None = None) -> None:
        super().__init__(option_strings, argparse.SUPPRESS, nargs=0, help=help)

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: object,
        option_string: str | None = None,
    ) -> None:
        sys.stdout.write(version_text())
        parser.exit()


def _int_in(low: int, high: int) -> Callable[[str], int]:
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(
                gettext("{text!r} is not a whole number").format(text=text)
            ) from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(
                gettext("{value} is out of range ({low} to {high})").format(
                    value=value, low=low, high=high
                )
            )
        return value

    return parse


def _probe(text: str, test: Callable[[Path], bool]) -> bool:
    """``test`` of the path ``text``; a usage error if the system cannot tell."""
    try:
        return test(Path(text))
    except OSError as error:  # a name too long, a folder that cannot be searched
        reason = error.strerror or str(error)
        raise argparse.ArgumentTypeError(
            gettext("{name!r} cannot be used: {reason}").format(name=shorten(text), reason=reason)
        ) from None


def _settings_file(text: str) -> Path:
    if not text.strip() or _probe(text, Path.is_dir):
        raise argparse.ArgumentTypeError(
            gettext("{name!r} is not a file name").format(name=shorten(text))
        )
    return Path(text)


def _check_game_file(parser: argparse.ArgumentParser, path: Path | None) -> None:
    """A usage error unless ``path`` (if any) is a file."""
    try:
        if path is None or _probe(str(path), Path.is_file):
            return
        message = gettext("{name!r} is not a file").format(name=shorten(str(path)))
    except argparse.ArgumentTypeError as error:
        message = str(error)
    parser.error(gettext("argument FILE: {message}").format(message=message))


def level_help() -> str:
    """``--level``'s help: each value as it is typed, with the name the
    Difficulty menu gives it where that name is not the value itself."""
    shown = []
    for name in LEVELS:
        label = level_label(name, perfect=False)
        if label.casefold() == name:
            shown.append(name)
        else:
            # TRANSLATORS: a value typed on the command line and the menus' name for it.
            shown.append(
                pgettext("typed value and its name", "{value} ({name})").format(
                    value=name, name=label
                )
            )
    # TRANSLATORS: {levels} lists the values as typed; keep "strongest" as it is,
    # in English: it is what the user types.
    return gettext(
        "the computer's strength: {levels}; on boards small enough to solve,"
        " strongest plays as {perfect}"
    ).format(
        levels=pgettext("list separator", ", ").join(shown),
        perfect=level_label(TOP_LEVEL, perfect=True),
    )


#: The commands that open no window, as the usage line shows them.
COMMANDS_USAGE = "{analyse,review,pbrain,puzzle} ..."


def build_parser() -> argparse.ArgumentParser:
    """The window's options; its usage line names the commands without a
    window too (``analyse``, ``review``, ``pbrain``, ``puzzle``), which have parsers of
    their own."""
    parser = argparse.ArgumentParser(
        prog="ttt-gui",
        formatter_class=argparse_words.HelpFormatter,
        description=gettext("Tic-tac-toe and m,n,k games against a friend or the computer."),
        epilog=gettext(
            "Options override the saved settings for this run only. "
            "Without a window: 'ttt-gui analyse POSITION' and 'ttt-gui review FILE.ttt' "
            "(see 'ttt-gui analyse --help'), and 'ttt-gui pbrain', a Gomocup brain."
        ),
    )
    parser.add_argument(
        "game",
        nargs="?",
        type=Path,
        metavar="FILE",
        help=gettext("a saved game ({suffix}) to open").format(suffix=SUFFIX),
    )
    parser.add_argument(
        "--mode",
        choices=[mode.value for mode in Mode],
        # TRANSLATORS: hotseat, computer and watch are the values as typed: keep them.
        help=gettext(
            "hotseat: two players at one screen; computer: against the computer;"
            " watch: the computer against itself"
        ),
    )
    parser.add_argument(
        "--play",
        choices=["x", "o"],
        type=str.lower,
        help=gettext("your side against the computer"),
    )
    parser.add_argument(
        "--level",
        choices=list(LEVELS),
        type=lambda name: LEVEL_ALIASES.get(name, name),
        help=level_help(),
    )
    parser.add_argument(
        "--depth",
        type=_int_in(1, MAX_WINDOW_SIZE * MAX_WINDOW_SIZE),
        metavar="N",
        help=gettext("custom search depth"),
    )
    add_board_options(parser)
    parser.add_argument("--theme", choices=list(THEMES), help=gettext("colour theme"))
    add_language_option(parser, of_window=True)
    parser.add_argument(
        "--settings",
        metavar="FILE",
        type=_settings_file,
        help=gettext("settings file (default: user config folder)"),
    )
    parser.add_argument(
        "--reset-settings",
        action="store_true",
        help=gettext("start this run from the default settings (scores are kept)"),
    )
    parser.add_argument(
        "--smoke-test",
        action="store_true",
        help=gettext("play a scripted game in the window and exit"),
    )
    desktop = parser.add_mutually_exclusive_group()
    desktop.add_argument(
        "--install-desktop-entry",
        action="store_true",
        help=gettext(
            "add the game to the desktop's menus with its icon, and open .ttt files with it "
            "(Linux; under $XDG_DATA_HOME, ~/.local/share by default), then exit"
        ),
    )
    desktop.add_argument(
        "--uninstall-desktop-entry",
        action="store_true",
        help=gettext("remove what --install-desktop-entry added, then exit"),
    )
    parser.add_argument(
        "--version",
        action=VersionAction,
        help=gettext("show the version and the engine build, then exit"),
    )
    # The usage argparse writes, and under it the commands' (argparse's own
    # "usage: " stays in front, so the second line is indented to match).
    prefix, prog, options = parser.format_usage().partition(parser.prog)
    indent = " " * argparse_words.columns(prefix)
    parser.usage = f"%(prog)s{options.rstrip()}\n{indent}%(prog)s {COMMANDS_USAGE}"
    return parser


def add_board_options(parser: argparse.ArgumentParser) -> None:
    """The options that describe the board, as the New game page's do: any
    board the window plays (see :func:`board_shape`)."""
    board = parser.add_argument_group(
        gettext("board options"),
        gettext(
            "Any of these describes the board of this run: the sides not given "
            "are the saved board's, and a rule not given is off."
        ),
    )
    side = _int_in(MIN_SIZE, MAX_WINDOW_SIZE)
    board.add_argument(
        "--size", type=side, metavar="N", help=gettext("a square board of N rows and N columns")
    )
    board.add_argument("--rows", type=side, metavar="N", help=gettext("rows, down"))
    board.add_argument("--cols", type=side, metavar="N", help=gettext("columns, across"))
    board.add_argument(
        "--win-length",
        type=side,
        metavar="K",
        help=gettext("marks in a row to win (default: by size)"),
    )
    analysis_cli.add_rule_options(board)


def board_shape(args: argparse.Namespace, game: GameConfig) -> Shape | None:
    """The board the board options ask for (None without them): the sides
    given, else ``game``'s; the rules given, and no other; the win length
    given, else ``game``'s where the sides stay and the usual one where they
    change. Raises ValueError for a board no window plays."""
    if not names_a_board(args):
        return None
    if args.exact and (args.gravity or args.misere):
        # TRANSLATORS: --exact, --gravity and --misere are options: keep them as they are.
        raise ValueError(gettext("--exact goes with neither --gravity nor --misere"))
    rows, cols = board_sides(args, game)
    if args.win_length:
        if args.win_length > max(rows, cols):
            raise ValueError(
                gettext("--win-length {length} is longer than the board size {size}").format(
                    length=args.win_length, size=max(rows, cols)
                )
            )
        length = args.win_length
    elif (rows, cols) == (game.rows, game.cols):
        length = game.win_length
    else:
        length = default_win_length(rows, cols)
    return Shape(rows, cols, length, args.gravity, args.misere, args.exact)


def board_sides(args: argparse.Namespace, game: GameConfig) -> tuple[int, int]:
    """The rows and columns of this run's board: those given, else ``game``'s."""
    return args.rows or args.size or game.rows, args.cols or args.size or game.cols


def names_a_board(args: argparse.Namespace) -> bool:
    """Whether any board option is given."""
    sides = (args.size, args.rows, args.cols, args.win_length)
    return any(sides) or args.gravity or args.misere or args.exact


def names_a_game(args: argparse.Namespace) -> bool:
    """Whether the options ask for a game (its mode, side, level or board), so
    that the kept unfinished game is not resumed."""
    return any((args.mode, args.play, args.level, args.depth)) or names_a_board(args)


def settings_for_run(args: argparse.Namespace, settings: Settings) -> Settings:
    """``settings`` with the command-line overrides; raises ValueError for
    values that do not fit together (a win length longer than the board)."""
    game = settings.game
    shape = board_shape(args, game)
    if args.depth:
        rows, cols = board_sides(args, game)
        cells = rows * cols
        if args.depth > cells:
            raise ValueError(
                gettext("--depth {depth} is more than the {cells} cells of the board").format(
                    depth=args.depth, cells=cells
                )
            )
    try:
        if args.mode:
            game = dataclasses.replace(game, mode=Mode(args.mode))
        if args.play:
            mode = game.mode if args.mode else Mode.COMPUTER
            game = dataclasses.replace(game, human=Player(args.play.upper()), mode=mode)
        if args.level:
            game = dataclasses.replace(game, level=args.level, depth=None)
            if game.mode is Mode.WATCH:  # both computers'
                game = dataclasses.replace(game, x_level=args.level, o_level=args.level)
        if shape is not None:
            game = game.with_shape(shape)
        if args.depth:
            game = dataclasses.replace(game, depth=args.depth)
    except ConfigError as error:
        raise ValueError(str(error)) from None
    return dataclasses.replace(
        settings, game=game, theme=args.theme or settings.theme, scores=settings.scores
    )


def prepare_process() -> None:
    """Process-wide settings for a Tk window with a search thread."""
    sys.setswitchinterval(SWITCH_INTERVAL)
    # Cyclic garbage is collected on the Tk thread (see gui.window.collect_garbage):
    # a collection that happened to run in a search thread could finalise Tk
    # objects (fonts, variables, closed dialogs) there, which Tk does not allow.
    gc.disable()
    if sys.platform == "win32":
        try:
            import ctypes

            ctypes.windll.shcore.SetProcessDpiAwareness(1)  # type: ignore[attr-defined]
        except (AttributeError, OSError):
            pass


@contextlib.contextmanager
def quit_signals_noted() -> Iterator[Callable[[], int | None]]:
    """While in the block, SIGINT (Ctrl+C in the terminal), SIGTERM and SIGHUP
    (the terminal closed) are only noted, never raised as KeyboardInterrupt
    in the middle of a callback; the function given gives the first one's
    number (None before any), for the window to quit as Quit does. The
    earlier handlers come back after."""
    received: list[int] = []

    def note(number: int, frame: object) -> None:
        received.append(number)

    numbers = QUIT_SIGNALS
    earlier = [signal.signal(number, note) for number in numbers]
    try:
        yield lambda: received[0] if received else None
    finally:
        for number, handler in zip(numbers, earlier, strict=True):
            signal.signal(number, handler)


def attach_parent_console(argv: list[str]) -> None:
    """Let a Windows build without a console print to the terminal it was started
    from, when started with arguments (--help, --version, --smoke-test, a usage
    error); elsewhere, or without arguments, do nothing."""
    if sys.platform != "win32" or not getattr(sys, "frozen", False) or not argv:
        return
    if sys.stdout is not None and sys.stderr is not None:  # output already goes somewhere
        return
    import ctypes

    attach_parent_process = -1
    if not ctypes.windll.kernel32.AttachConsole(attach_parent_process):
        return  # started from Explorer or a shortcut: no console to attach to
    if sys.stdout is None:
        sys.stdout = open("CONOUT$", "w")  # noqa: SIM115
    if sys.stderr is None:
        sys.stderr = open("CONOUT$", "w")  # noqa: SIM115


def tolerant_streams() -> None:
    """Let standard output and error print what their encoding cannot hold
    as backslash escapes (``\\u65e5``) instead of raising
    UnicodeEncodeError: an ASCII-only terminal (``LC_ALL=C``) never ends a
    run. Bytes a file name carried undecoded still go out as they came
    (``surrogateescape``). Streams that are not the interpreter's own are
    left alone."""
    codecs.register_error(_TOLERANT, _escape_what_cannot_be_encoded)
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper) and stream.errors in ("strict", "surrogateescape"):
            with contextlib.suppress(OSError, ValueError):
                stream.reconfigure(errors=_TOLERANT)


#: The name of :func:`tolerant_streams`'s error handler.
_TOLERANT = "ttt_gui.surrogateescape_or_backslashreplace"


def _escape_what_cannot_be_encoded(error: UnicodeError) -> tuple[str | bytes, int]:
    """Undecoded bytes of a file name as they came, anything else escaped."""
    if not isinstance(error, UnicodeEncodeError):
        raise error
    try:
        return _SURROGATE_ESCAPE(error)
    except UnicodeError:
        return codecs.backslashreplace_errors(error)


_SURROGATE_ESCAPE: Callable[[UnicodeError], tuple[str | bytes, int]] = codecs.lookup_error(
    "surrogateescape"
)


def prints_words(argv: list[str]) -> bool:
    """Whether the run ``argv`` asks for is words printed on the terminal
    (a command, ``--help``, ``--version``) rather than a window."""
    return (
        analysis_cli.is_command(argv)
        or pbrain.is_command(argv)
        or puzzle_cli.is_command(argv)
        or any(word in ("-h", "--help", "--version") for word in argv)
    )


def is_missing_tk(error: ImportError) -> bool:
    """Whether ``error`` says this Python has no Tk: no ``tkinter`` module
    (a Python built without it) or no ``_tkinter`` library (Tk not installed)."""
    name = error.name or ""
    return name.split(".")[0] in ("tkinter", "_tkinter") or "tkinter" in str(error)


def missing_tk_words() -> str:
    """What to say when this Python has no Tk: that the window needs it, and
    the package that brings it on the systems people use most."""
    # TRANSLATORS: package names (python3-tk, python3-tkinter, tk) and command names
    # (analyse, review, pbrain) stay as they are.
    return gettext(
        "ttt-gui: the window needs Tk (Python's tkinter module), which this Python does "
        "not have. Install it, then start ttt-gui again: on Debian and Ubuntu the package "
        "python3-tk, on Fedora python3-tkinter, on Arch tk. The commands analyse, review "
        "and pbrain work without it."
    )


def main(argv: list[str] | None = None) -> int:
    """Run the game; returns the process exit status (2 for bad options, 128
    plus the number of a signal that ended it)."""
    arguments = sys.argv[1:] if argv is None else argv
    attach_parent_console(arguments)
    if sys.stderr is None:  # a windowed build on Windows has no console
        sys.stderr = open(os.devnull, "w")  # noqa: SIM115
    if sys.stdout is None:
        sys.stdout = open(os.devnull, "w")  # noqa: SIM115
    tolerant_streams()
    if arguments == [CLIPBOARD_READER_OPTION]:  # the window's clipboard reader
        usual_signals()  # a signal ends it even while Tk waits for the clipboard
        from ttt_gui.gui.clipboard import print_clipboard

        return print_clipboard()
    install_run_language(arguments, terminal=sys.stdout if prints_words(arguments) else None)
    argparse_words.install()
    if analysis_cli.is_command(arguments):  # no window: Ctrl+C interrupts as usual
        usual_signals()
        return analysis_cli.main(arguments)
    if puzzle_cli.is_command(arguments):  # no window, no settings: the shipped puzzles
        usual_signals()
        return puzzle_cli.main(arguments)
    if pbrain.is_command(arguments):  # no window, no settings: a Gomocup manager's brain
        usual_signals()
        return pbrain.main(arguments)
    with quit_signals_noted() as received_signal:
        return _run(arguments, received_signal)


def _run(argv: list[str], received_signal: Callable[[], int | None]) -> int:
    parser = build_parser()
    args, extra = parser.parse_known_args(argv)
    check_language(parser, args.language)
    # An unknown option is the error to report before a FILE that is not one
    # ("--größe 3" reads 3 as FILE), a FILE that is not one before an extra
    # word ("—size 3" reads the option mistyped with a dash as FILE).
    if not any(word.startswith("-") for word in extra):
        _check_game_file(parser, args.game)
    if extra:
        parser.error(
            gettext("unrecognized arguments: {arguments}").format(arguments=" ".join(extra))
        )
    if args.install_desktop_entry or args.uninstall_desktop_entry:
        from ttt_gui.cli import desktop_entry

        return desktop_entry.run(remove=args.uninstall_desktop_entry)
    path: Path | None
    if args.smoke_test:
        path, stored, message, can_save = None, Settings(), None, False
    else:
        path = args.settings or default_path()
        try:
            # A file the person named is never set aside: only the app's own is.
            stored, message, can_save = load(path, set_aside_bad=args.settings is None)
        except SettingsError as error:
            parser.error(
                gettext("--settings {name}: {error}; the file was left as it is").format(
                    name=shorten(path.name), error=error
                )
            )
    start = Settings(scores=stored.scores) if args.reset_settings else stored
    if args.language is None and start.language:  # the saved language, for the window
        install_run_language(argv, saved=start.language)
    try:
        settings = settings_for_run(args, start)
    except ValueError as error:
        parser.error(str(error))
    if path is not None and can_save:  # what a kill during a save left behind
        for written in (path, unfinished_game_path(path)):
            remove_stale_temporaries(written)
        remove_stale_temporaries_in(unfinished_folder(path))
    try:
        from ttt_gui.cli.compose import launch  # here, so --help and --version never load Tk
    except ImportError as error:
        if not is_missing_tk(error):
            raise
        print(missing_tk_words(), file=sys.stderr)
        return 1
    log = crash_log.installed()
    if log is not None and not args.smoke_test:
        log.start(faults=True)  # a fatal crash of the window (of Tk) is written down
    prepare_process()

    # The baseline is this run's settings: options and --reset-settings are
    # never saved, only what the person changes (merged with other windows).
    save_settings = SettingsStore(path, settings, can_write=can_save)
    number = received_signal()
    if number is not None:  # before the window opened: nothing to save yet
        return 128 + number
    # The game the person was playing when a window closed is played on,
    # unless the command line asks for another game (or names a saved one).
    unfinished = None
    if path and can_save:
        unfinished = UnfinishedGame(
            unfinished_folder(path), legacy=unfinished_game_path(path), background=True
        )
    resume = not args.reset_settings and not names_a_game(args) and args.game is None
    window = launch(
        settings,
        save_settings,
        message,
        unfinished,
        resume,
        crash_log.installed(),
        sound=not args.smoke_test,
    )
    if window is None:
        return 1
    if args.smoke_test:
        from ttt_gui.cli.smoke import run_smoke_test

        return run_smoke_test(window)
    if args.game is not None:
        window.run("open_game_file", args.game)
    window.quit_on_signal(received_signal)
    window.mainloop()
    return window.exit_status
