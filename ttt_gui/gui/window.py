"""The main window: widgets that paint one view state and forward events.

Every menu item, key and click runs one command, by its action id, through
:meth:`Window.run` (the presenter's :class:`~ttt_gui.app.commands.Commands`
say which part's method handles it), which then paints :meth:`Presenter.view`
in one place.
Searches run in the presenter's worker thread: :meth:`Window._poll` calls
:meth:`Presenter.tick` with ``after()`` (once the command's outcome is
painted) to start them and collect their results, so Tk is only ever touched
from its thread.
"""

from __future__ import annotations

import dataclasses
import functools
import gc
import sys
import time
import tkinter as tk
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from tkinter import font as tkfont
from tkinter import ttk
from types import TracebackType

from ttt_gui import PROGRAM_NAME
from ttt_gui.app.actions import Item
from ttt_gui.app.key_names import KeyNames
from ttt_gui.app.ports import SoundPlayer
from ttt_gui.app.presenter import Presenter
from ttt_gui.app.view_state import ViewState
from ttt_gui.gui.board_view import BoardView
from ttt_gui.gui.dialog_style import style_dialogs
from ttt_gui.gui.file_chooser import find_choosers
from ttt_gui.gui.focus_ring import install_focus_rings
from ttt_gui.gui.icon import set_window_icon
from ttt_gui.gui.menus import MenuBar, is_aqua
from ttt_gui.gui.new_game_page import NewGamePageView
from ttt_gui.gui.placement import WindowSizer
from ttt_gui.gui.portal_chooser import find_portal
from ttt_gui.gui.quick_starts import QuickStartRow
from ttt_gui.gui.sound_player import system_player
from ttt_gui.gui.system_look import SystemLook, probe, system_allows_event_sounds
from ttt_gui.gui.text_zoom import TextZoom
from ttt_gui.gui.tk_dialogs import TkDialogs
from ttt_gui.gui.toolbar import Toolbar
from ttt_gui.gui.turn_field import TurnField
from ttt_gui.theme import SYSTEM_THEME, Palette, Role, palette
from ttt_gui.words import gettext

POLL_MS = 5
#: How often (ms) a signal from the system is looked for.
SIGNAL_CHECK_MS = 100
#: The keypad's digit keys with Num Lock off, 1 to 9.
KEYPAD_KEYSYMS = (
    "KP_End",
    "KP_Down",
    "KP_Next",
    "KP_Left",
    "KP_Begin",
    "KP_Right",
    "KP_Home",
    "KP_Up",
    "KP_Prior",
)
#: The board's keys, for the cell that had the focus last wherever the focus is.
BOARD_KEYSYMS = ("Return", "KP_Enter", "space", "Left", "Right", "Up", "Down")


def pump_until(root: tk.Misc, condition: Callable[[], bool], timeout: float) -> bool:
    """Process Tk events until ``condition()`` holds or ``timeout`` seconds pass."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        root.update()
        if condition():
            return True
        time.sleep(0.005)
    return False


@dataclass(frozen=True)
class Desktop:
    """What the desktop gives one window: its Tk ``root``, what it asks for
    (``look``), the dialogs, the key names, the sound player (None: silent)
    and whether the desktop allows event sounds; ``probe_colours`` asks its
    colours when the System theme is chosen later (None: ``look`` has them)."""

    root: tk.Tk
    look: SystemLook
    dialogs: TkDialogs
    keys: KeyNames
    sound_player: SoundPlayer | None
    desktop_sounds: bool
    probe_colours: Callable[[], SystemLook] | None


def open_desktop(theme: str, *, sound: bool = True) -> Desktop | None:
    """Open Tk and read the desktop for a window of ``theme``; None (after
    saying why on stderr) if there is no display. Without ``sound`` the
    window is never heard (the smoke test)."""
    try:
        root = tk.Tk(className="ttt-gui")
    except tk.TclError as error:
        print(
            gettext("ttt-gui: cannot open a window: {error}").format(error=error), file=sys.stderr
        )
        return None
    set_window_icon(root)
    windowing = str(root.tk.call("tk", "windowingsystem"))
    look = probe(windowing=windowing, tk_version=tk.TkVersion, chosen_theme=theme)
    scale_fonts(root, look.scale)
    colours_later = None
    if theme != SYSTEM_THEME:  # asked for only if System is chosen later
        colours_later = functools.partial(
            probe, windowing=windowing, tk_version=tk.TkVersion, chosen_theme=SYSTEM_THEME
        )
    return Desktop(
        root=root,
        look=look,
        dialogs=TkDialogs(root, find_choosers(portal=find_portal) if windowing == "x11" else []),
        keys=KeyNames(aqua=is_aqua(root)),
        sound_player=system_player() if sound else None,
        desktop_sounds=sound and system_allows_event_sounds(),
        probe_colours=colours_later,
    )


def scale_fonts(root: tk.Misc, scale: float | None) -> None:
    """Draw text ``scale`` times as large as at 96 dpi (None: as Tk would):
    Tk's scaling for sizes in points, and the named fonts sized in pixels
    (Tk 8.6's own under X11) grown alike."""
    if scale is None:
        return
    root.tk.call("tk", "scaling", scale * 96 / 72)
    for name in tkfont.names(root):
        font = tkfont.nametofont(name, root)
        size = int(font.cget("size"))
        if size < 0:
            font.configure(size=round(size * scale))


def collect_garbage() -> None:
    """Collect cyclic garbage here, on the Tk thread, as Python would (the oldest
    generation over its threshold): a collection in a search thread could
    finalise Tk objects there."""
    counts, thresholds = gc.get_count(), gc.get_threshold()
    over = [generation for generation in range(3) if counts[generation] > thresholds[generation]]
    if over:
        gc.collect(over[-1])


def _changed_fields(previous: ViewState | None, state: ViewState) -> set[str]:
    """The names of the view state's fields that differ from ``previous``."""
    names = {field.name for field in dataclasses.fields(state)}
    if previous is None:
        return names
    return {name for name in names if getattr(previous, name) != getattr(state, name)}


class Window:
    """The game window of one presenter, in ``root``."""

    def __init__(
        self,
        root: tk.Tk,
        presenter: Presenter,
        *,
        look: SystemLook | None = None,
        probe_colours: Callable[[], SystemLook] | None = None,
    ) -> None:
        """``look`` is what the desktop asks for (nothing by default);
        ``probe_colours`` asks the desktop's colours when the System theme is
        chosen later (None: ``look`` holds them already)."""
        self.root = root
        self.presenter = presenter
        self.look = look if look is not None else SystemLook()
        self._probe_colours = probe_colours
        self.callback_errors: list[BaseException] = []
        #: The process's exit status: 0, or 128 plus a signal's number.
        self.exit_status = 0
        self.is_destroyed = False
        self.dpi_scale = self.look.scale or max(1.0, root.winfo_fpixels("1i") / 96)
        self._poll_id: str | None = None
        self._painted: ViewState | None = None
        root.title(PROGRAM_NAME)
        root.report_callback_exception = self.on_callback_error
        root.protocol("WM_DELETE_WINDOW", self.request_close)
        if isinstance(presenter.dialogs, TkDialogs):
            presenter.dialogs.after_late_answer = self.refresh
        root.columnconfigure(0, weight=1)
        root.rowconfigure(2, weight=1)
        #: The one owner of the window's font sizes (View › Zoom).
        self.zoom = TextZoom(root)
        self.text_font = self.zoom.follow(tkfont.nametofont("TkDefaultFont").copy())
        install_focus_rings(root)  # before the controls: their sizes count the ring
        self.toolbar = Toolbar(root, self.run, self.dpi_scale)
        self.board_area = tk.Frame(root, highlightthickness=0)
        self.board_area.grid(row=2, column=0, sticky="nsew")
        self.board = BoardView(
            self.board_area,
            on_click=lambda cell: self.run("play", cell),
            on_activate=lambda cell: self.run("activate", cell),
            on_step=lambda: self.run("step"),
        )
        motion = self.board.motion  # a disc is heard landing when it is seen to
        presenter.sounds.system_motion = lambda: motion.enabled
        self.turn_field = TurnField(
            root,
            3,
            self.text_font,
            lambda: self.run("new_game"),
            lambda: self.run("puzzles"),
        )
        self.zoom.follow(self.turn_field.turn_font)
        self.score_label = self.turn_field.score_label
        self.quick_row = QuickStartRow(root, 5, self.text_font, self.run)
        self.new_game_page = NewGamePageView(root, (2, 4), self.text_font, self.run)
        self.zoom.follow(self.new_game_page.title_font)
        self.zoom.follow(self.new_game_page.heading_font)
        self.history_panel = tk.Frame(root, padx=6, pady=4)
        # TRANSLATORS: the heading of the list of the moves played (View › Move history).
        heading = gettext("Moves")
        self.history_title = tk.Label(self.history_panel, text=heading, anchor="w")
        self.history_title.pack(fill="x")
        self.history_list = tk.Listbox(
            self.history_panel, width=12, activestyle="none", exportselection=False
        )
        self.history_list.pack(fill="both", expand=True)
        self.history_list.bind("<<ListboxSelect>>", self.on_history_select)
        self.menubar = MenuBar(root, self.dispatch, presenter.keys)
        root.after_idle(lambda: self.sizer.fit_minimum_size(self._painted))
        for digit in range(1, 10):
            root.bind(str(digit), functools.partial(self._digit, digit, False))
            for keysym in (f"KP_{digit}", KEYPAD_KEYSYMS[digit - 1]):
                root.bind(f"<{keysym}>", functools.partial(self._digit, digit, True))
        # The board's keys work wherever the focus is in the window (a cell's
        # own binding comes first and stops them there; a dialog is another
        # toplevel, with bindings of its own).
        for keysym in BOARD_KEYSYMS:
            root.bind(f"<{keysym}>", functools.partial(self._board_key, keysym))
        root.bind("<Configure>", self._on_configure)
        if is_aqua(root):
            root.createcommand("::tk::mac::Quit", self.request_close)
            # A saved game opened from the Finder arrives as an Apple event, not in argv.
            root.createcommand(
                "::tk::mac::OpenDocument",
                lambda *paths: self.run("open_game_file", Path(paths[0])),
            )
            root.createcommand("tkAboutDialog", lambda: self.run("about"))
        self.sizer: WindowSizer = WindowSizer(
            root, self._bars_size, self.dpi_scale, presenter.display.window_size()
        )
        self.paint(presenter.view())
        self.sizer.resize(self._painted)
        self.board.focus_cell()
        self._ensure_polling()

    # -- events -------------------------------------------------------------------

    def dispatch(self, item: Item) -> None:
        """A menu item was chosen or its key pressed."""
        if item.argument is None:
            self.run(item.action)
        else:
            self.run(item.action, item.argument)

    def run(self, action: str, *arguments: object) -> object:
        """Call the command ``action`` (see :mod:`~ttt_gui.app.commands`), then
        show its outcome; gives the command's answer."""
        answer = self.presenter.commands.run(action, *arguments)
        if action == "zoom_reset":
            self.sizer.forget_person_size(self.presenter.view())
        self.refresh()
        return answer

    def refresh(self) -> None:
        """Paint the presenter's state, close if it quit, keep polling if busy."""
        if self.presenter.is_closed:
            self.close()
            return
        self.paint(self.presenter.view())
        self.menubar.show_choices(self._painted)  # undo a radio tick the state refused
        self._ensure_polling()

    def request_close(self) -> None:
        """The window manager (or Cmd+Q) asks to close: quit as Game > Quit does.
        While a dialog is open, the dialog is closed without its action
        running, and the window closes without asking anything, keeping the
        game in progress for the next start."""
        dialogs = self.presenter.dialogs
        if isinstance(dialogs, TkDialogs) and dialogs.open_count:
            dialogs.on_all_closed = self._end_now
            dialogs.close_all()
            return
        self.run("quit")

    def _end_now(self) -> None:
        if not self.presenter.is_closed:
            self.presenter.end()
        self.close()

    def _digit(self, digit: int, keypad: bool, event: object = None) -> str | None:
        return "break" if self.run("play_digit", digit, keypad) else None

    def _board_key(self, keysym: str, event: object = None) -> str | None:
        return self.board.press(keysym)

    def on_history_select(self, event: object = None) -> None:
        selection: tuple[int, ...] = self.history_list.curselection()  # type: ignore[no-untyped-call]
        if selection:
            self.run("go_to", int(selection[0]))
        # After the list's own click handling, which takes the focus.
        self.root.after_idle(self.board.focus_cell)

    def _on_configure(self, event: tk.Event[tk.Misc]) -> None:
        if event.widget is self.root and self.sizer.keeper.observed((event.width, event.height)):
            self.presenter.display.set_window_size(event.width, event.height)

    def on_callback_error(
        self, kind: type[BaseException], error: BaseException, trace: TracebackType | None
    ) -> None:
        """Tk's hook for exceptions in callbacks: log, count, tell, keep running.

        A Tk error after the window was destroyed (a message box that was open
        when a signal closed the window finds its parent gone) is expected and
        dropped."""
        if self.is_destroyed and isinstance(error, tk.TclError):
            return
        self.callback_errors.append(error)
        if self.presenter.is_closed:
            self.presenter.problems.write_down(error, "error in a callback")
            return
        self.presenter.report_error(error)  # written down in the crash log
        self.refresh()

    # -- background work ------------------------------------------------------------

    def _ensure_polling(self) -> None:
        if self._poll_id is None and self.presenter.is_working:
            self._poll_id = self.root.after(POLL_MS, self._poll)

    def _poll(self) -> None:
        self._poll_id = None
        collect_garbage()
        if self.presenter.work.is_wanted:
            self.root.update_idletasks()  # the person's move is drawn before a search starts
        if self.presenter.tick() or self.presenter.is_closed:
            self.refresh()
        else:
            self._ensure_polling()

    def mainloop(self) -> None:
        """Run Tk's event loop until the window closes."""
        self.root.mainloop()

    def quit_on_signal(self, received: Callable[[], int | None]) -> None:
        """Close as Quit does, without asking, once ``received()`` gives a
        signal's number (it is asked every :data:`SIGNAL_CHECK_MS`, which
        also wakes Tk's event loop so that Python's signal handlers run);
        :attr:`exit_status` becomes 128 plus that number."""
        number = received()
        if number is None:
            self.root.after(SIGNAL_CHECK_MS, self.quit_on_signal, received)
            return
        self.exit_status = 128 + number
        if not self.presenter.is_closed:
            self.presenter.end()
        self.close()

    def close(self) -> None:
        """Stop polling and searching, destroy the window (once)."""
        if self.is_destroyed:
            return
        self.is_destroyed = True
        if self._poll_id is not None:
            self.root.after_cancel(self._poll_id)
            self._poll_id = None
        self.presenter.work.close()
        self.turn_field.stop()  # the progress bar's timer must not outlive the window
        self.board.stop_motion()  # the board's timers neither
        self.root.destroy()
        gc.collect()  # the window's garbage goes here, on the Tk thread

    # -- painting ---------------------------------------------------------------------

    def paint(self, state: ViewState) -> None:
        """Show ``state`` in every widget (unchanged parts are left alone)."""
        previous = self._painted
        if state == previous:
            return
        self._painted = state
        colours = palette(self.theme_name(state.theme))
        if previous is None or previous.theme != state.theme:
            self._apply_theme(colours)
        if previous is None or previous.zoom != state.zoom:
            self.zoom.apply(state.zoom)
            self.turn_field.fit()  # its heights, for the fonts at this zoom
        self.board.paint(state, colours)
        changed = _changed_fields(previous, state)
        self.turn_field.paint(state, previous)
        self.quick_row.paint(state)
        self.toolbar.paint(state)
        if "new_game" in changed:
            self.new_game_page.paint(state.new_game)
            if state.new_game is None:
                self.board.focus_cell()
        if "scores" in changed:
            self.score_label.configure(text=state.scores)
        if "title" in changed:
            self.root.title(state.title)
        if changed & {"choices", "flags", "disabled", "labels"}:
            self.menubar.paint(state)
        if changed & {"show_history", "history", "history_cursor", "history_tones", "theme"}:
            self._paint_history(state, colours)
        if previous is not None:
            if previous.zoom != state.zoom:
                # The bars' sizes follow their fonts once Tk has measured them again.
                self.root.update_idletasks()
            self.sizer.follow(previous, state)

    def theme_name(self, chosen: str | None = None) -> str:
        """The palette's name for the theme ``chosen`` (by default the one
        shown): the System theme is the desktop's."""
        if chosen is None:
            chosen = self._painted.theme if self._painted is not None else SYSTEM_THEME
        if chosen == SYSTEM_THEME and self._probe_colours is not None:
            found, self._probe_colours = self._probe_colours(), None
            self.look = dataclasses.replace(
                self.look, dark=found.dark, high_contrast=found.high_contrast
            )
        return self.look.theme(chosen)

    def _paint_history(self, state: ViewState, colours: Palette) -> None:
        if not state.show_history:
            had_focus = self.root.focus_get() is self.history_list
            self.history_panel.grid_remove()
            if had_focus:
                self.board.focus_cell()
            return
        self.history_panel.grid(row=1, column=1, rowspan=4, sticky="ns")
        listbox = self.history_list
        if tuple(listbox.get(0, "end")) != state.history:
            listbox.delete(0, "end")
            listbox.insert("end", *state.history)
        tones = state.history_tones or (None,) * len(state.history)
        for index, tone in enumerate(tones):
            colour = colours[Role.TEXT] if index <= state.history_cursor else colours[Role.EVEN]
            listbox.itemconfigure(index, foreground=colours[tone] if tone else colour)
        listbox.selection_clear(0, "end")
        listbox.selection_set(state.history_cursor)
        listbox.see(state.history_cursor)

    def _apply_theme(self, colours: Palette) -> None:
        background = colours[Role.BACKGROUND]
        for widget in (self.root, self.board_area, self.history_panel):
            widget.configure(background=background)
        self.history_title.configure(background=background, foreground=colours[Role.MUTED])
        self.history_list.configure(
            background=colours[Role.CELL],
            foreground=colours[Role.TEXT],
            selectbackground=colours[Role.HINT],
            selectforeground=colours[Role.TEXT],
            highlightthickness=0,
            relief="flat",
        )
        self.turn_field.recolour(colours)
        self.quick_row.recolour(colours)
        self.toolbar.recolour(colours)
        self.new_game_page.recolour(colours)
        self.menubar.recolour(
            {
                "background": background,
                "foreground": colours[Role.TEXT],
                "activebackground": colours[Role.CELL_ACTIVE],
                "activeforeground": colours[Role.TEXT],
                "selectcolor": colours[Role.TEXT],
                "disabledforeground": colours[Role.DISABLED],
            }
        )
        style_dialogs(self.root, colours)
        if isinstance(self.presenter.dialogs, TkDialogs):
            self.presenter.dialogs.colours = colours
        style = ttk.Style(self.root)
        style.configure(
            "Horizontal.TProgressbar",
            background=colours[Role.FOCUS],
            troughcolor=colours[Role.CELL],
        )

    # -- size -----------------------------------------------------------------------------

    def _bars_size(self) -> tuple[int, int]:
        """The least width of the menu bar and toolbar (each on one line), and
        the height of everything around the board."""
        toolbar_width, toolbar_height = self.toolbar.size()
        width = max(self.menubar.bar.winfo_reqwidth(), toolbar_width)
        return width, toolbar_height + self.turn_field.height

    def preferred_size(self) -> tuple[int, int]:
        """The window size that fits the board at the current zoom."""
        return self.sizer.preferred_size(self._painted)
