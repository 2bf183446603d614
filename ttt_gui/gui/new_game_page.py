"""The New game page in Tk: paints a :class:`~ttt_gui.app.new_game.NewGameView`
and forwards each choice; the choices themselves live in
:class:`~ttt_gui.app.new_game.NewGamePage`.

The page covers the board while it is open, so the window keeps its size.
Its keys are the page's (:data:`~ttt_gui.app.new_game.PAGE_KEYS`, done by
:meth:`~ttt_gui.app.new_game.NewGamePage.press`): Tab goes round the page
only, Enter starts and Escape goes back; the keyboard focus stays on the
page while it is shown (a click elsewhere in the window gives it back), so
keys of the board (digits) and of the toolbar do nothing meanwhile.
"""

from __future__ import annotations

import functools
import tkinter as tk
from collections.abc import Callable
from tkinter import font as tkfont
from tkinter import ttk

from ttt_gui.app.new_game import (
    BACK,
    PAGE_KEYS,
    QUICK,
    START,
    NewGameView,
    PageKey,
    Stop,
)
from ttt_gui.gui.board_choice import BoardChoice
from ttt_gui.gui.control_style import (
    ACCENT,
    BUTTON,
    FRAME,
    SEGMENT,
    colour_dropdown,
)
from ttt_gui.gui.menus import control_key_sequences
from ttt_gui.gui.scrolled_frame import ScrolledFrame
from ttt_gui.gui.wrapping_rows import Rows
from ttt_gui.theme import Palette, Role
from ttt_gui.words import gettext, gettext_noop

#: Runs a command of the window (the page's are ``page_choose``, ``page_start``,
#: ``page_back``, ``page_key`` and ``quick_start``) with its arguments, then
#: paints; gives the command's answer.
PageCommand = Callable[..., object]
#: The bind tag every widget of the page carries (keys of the page, before the window's).
PAGE_TAG = "NewGamePage"
#: The page's sections: (the view's field, heading), in order.
SECTIONS = (
    ("mode", gettext_noop("Players")),
    ("human", gettext_noop("You play")),
    ("level", gettext_noop("Level")),
    ("x_level", gettext_noop("X plays at")),
    ("o_level", gettext_noop("O plays at")),
    ("board", gettext_noop("Board")),
)
#: The sections chosen with a row of buttons (the board from a list).
SEGMENTED = ("mode", "human", "level", "x_level", "o_level")


class NewGamePageView:
    """The page in ``parent`` (shown over grid rows ``rows`` there); each choice,
    Start, and Escape or Back run the page's command (``page_choose``,
    ``page_start``, ``page_back``) through ``command``."""

    def __init__(
        self, parent: tk.Misc, rows: tuple[int, int], text_font: tkfont.Font, command: PageCommand
    ) -> None:
        self.parent = parent
        self.rows = rows
        self.command = command
        self._painted: NewGameView | None = None
        self.title_font = tkfont.Font(font=text_font)
        self.title_font.configure(size=round(int(text_font.actual("size")) * 1.4), weight="bold")
        self.heading_font = tkfont.Font(font=text_font)
        self.heading_font.configure(weight="bold")
        # The page scrolls where the window is too short for it.
        self.scrolled = ScrolledFrame(parent, PAGE_TAG, self._reflow, padding=(18, 8))
        self.frame, self.body = self.scrolled.frame, self.scrolled.body
        self.labels: list[tk.Label] = []
        frame = self.body
        frame.columnconfigure(0, weight=1)
        self.title = tk.Label(frame, text=gettext("New game"), font=self.title_font, anchor="w")
        self.title.grid(row=0, column=0, sticky="w", pady=(0, 2))
        # The recent setups, each started by one click, above the choices.
        self.quick_frame = ttk.Frame(frame, style=FRAME)
        self.quick_rows = Rows(self.quick_frame, padx=(0, 6), fill="none")
        self.quick_buttons: list[ttk.Button] = []
        # TRANSLATORS: the New game page's heading over the buttons that start
        # one of the last games set up again, in one click.
        self.quick_section = self._section(1, gettext_noop("Quick start"), self.quick_frame)
        self.variables = {name: tk.StringVar(frame) for name in SEGMENTED}
        self.segments: dict[str, ttk.Frame] = {}
        self.segment_rows: dict[str, Rows] = {}
        self.segment_buttons: dict[str, list[ttk.Radiobutton]] = {name: [] for name in SEGMENTED}
        self.mode_buttons = self.segment_buttons["mode"]
        self.side_buttons = self.segment_buttons["human"]
        self.sections: dict[str, tuple[tk.Label, tk.Widget]] = {}
        for row, (name, words) in enumerate(SECTIONS, start=1):
            if name == "board":
                self.board_choice = BoardChoice(frame, self.choose, self._room)
                control: tk.Widget = self.board_choice.holder
            else:
                control = self.segments[name] = ttk.Frame(frame, style=FRAME)
                self.segment_rows[name] = Rows(control, padx=(0, 1), fill="y")
            self.sections[name] = self._section(2 * row + 1, words, control)
        self.problem = tk.Label(frame, anchor="w", justify="left", font=text_font)
        self.problem.grid(row=20, column=0, sticky="w")
        buttons = ttk.Frame(frame, style=FRAME)
        buttons.grid(row=21, column=0, sticky="e", pady=(6, 0))
        self.back_button = ttk.Button(
            buttons, text=gettext("Back to the game"), command=self.cancel, style=BUTTON
        )
        self.back_button.grid(row=0, column=0, padx=(0, 8))
        self.start_button = ttk.Button(
            buttons, text=gettext("Start"), command=self.start, default="active", style=ACCENT
        )
        self.start_button.grid(row=0, column=1)
        self._choices: dict[str, list[tuple[str, str]]] = {}
        self._tag_all(frame)
        for key in [str(digit) for digit in range(10)] + ["space", "Up", "Down"]:
            # The board's keys: on the page they only do what the widget does.
            parent.bind_class(PAGE_TAG, f"<Key-{key}>", lambda event: "break")
        for words, does in PAGE_KEYS.items():
            for sequence in control_key_sequences(words):
                parent.bind_class(PAGE_TAG, sequence, functools.partial(self._key, does))
        #: The page's control that had the focus last (it gets it back).
        self._last_focused: tk.Misc | None = None
        parent.bind("<FocusIn>", self._focus_moved, add="+")

    def choose(self, name: str, value: object) -> None:
        self.command("page_choose", name, value)

    def start(self) -> None:
        self.command("page_start")

    def cancel(self) -> None:
        self.command("page_back")

    # -- the keyboard --------------------------------------------------------------

    def _controls(self) -> list[tuple[Stop, tk.Widget]]:
        """Every control of the page that takes the focus, with its stop."""
        return [
            *(
                (Stop(QUICK, str(index)), button)
                for index, button in enumerate(self.quick_buttons)
            ),
            *(
                (Stop(name, str(button.cget("value"))), button)
                for name, buttons in self.segment_buttons.items()
                for button in buttons
            ),
            *self.board_choice.stops(),
            (Stop(BACK), self.back_button),
            (Stop(START), self.start_button),
        ]

    def _stop_of(self, widget: object) -> Stop | None:
        """The page's stop of ``widget``; None for a widget not on the page."""
        return next((stop for stop, control in self._controls() if control is widget), None)

    def widget_of(self, stop: Stop) -> tk.Widget | None:
        """The control of ``stop`` on the page; None if there is none."""
        return next((control for each, control in self._controls() if each == stop), None)

    def _key(self, does: PageKey, event: tk.Event[tk.Misc]) -> str:
        """A key of the page: the page does it, the focus goes where it says."""
        going = self.command(
            "page_key", does, self._stop_of(event.widget), list(self.board_choice.spinboxes)
        )
        if isinstance(going, Stop) and self.is_shown:
            widget = self.widget_of(going)
            if widget is not None:
                widget.focus_set()
        return "break"

    def _focus_moved(self, event: tk.Event[tk.Misc]) -> None:
        """Keep the keyboard on the page while it is shown: the focus given to
        a control of the window outside it (a click on the toolbar) comes
        back to the page's control that had it last."""
        widget = event.widget
        if not self.is_shown or not isinstance(widget, tk.Misc):
            return
        if self._stop_of(widget) is not None:
            self._last_focused = widget
            self.scrolled.see(widget)
        elif widget.winfo_toplevel() is self.parent.winfo_toplevel():
            self.frame.after_idle(self._focus_back)

    def _focus_back(self) -> None:
        if not self.is_shown or self._stop_of(self.frame.focus_get()) is not None:
            return
        last = self._last_focused
        if last is None or not last.winfo_exists() or not last.winfo_viewable():
            last = self.start_button
        last.focus_set()

    def _section(self, row: int, words: str, control: tk.Widget) -> tuple[tk.Label, tk.Widget]:
        """A heading on ``row`` and ``control`` under it."""
        heading = tk.Label(self.body, text=gettext(words), anchor="w", font=self.heading_font)
        heading.grid(row=row, column=0, sticky="w", pady=(6, 2))
        control.grid(row=row + 1, column=0, sticky="w")
        self.labels.append(heading)
        return heading, control

    def _radio_chosen(self, name: str, variable: tk.StringVar) -> None:
        self.choose(name, variable.get())

    def _tag_all(self, widget: tk.Misc) -> None:
        """Put the page's tag after each widget's class tag, before the window's."""
        if widget is not self.body:
            tags = list(widget.bindtags())
            if PAGE_TAG not in tags:
                tags.insert(2, PAGE_TAG)
                widget.bindtags(tuple(tags))
        for child in widget.winfo_children():
            self._tag_all(child)

    @property
    def is_shown(self) -> bool:
        return self._painted is not None

    def _segmented(self, name: str) -> None:
        """The choices of ``name`` as a row of buttons, one pressed (made once)."""
        buttons, choices = self.segment_buttons[name], self._choices[name]
        if [button.cget("text") for button in buttons] == [label for _, label in choices]:
            return
        for button in buttons:
            button.destroy()
        buttons.clear()
        variable = self.variables[name]
        for value, label in choices:
            button = ttk.Radiobutton(
                self.segments[name],
                text=label,
                value=value,
                variable=variable,
                style=SEGMENT,
                command=functools.partial(self._radio_chosen, name, variable),
            )
            buttons.append(button)
        self._tag_all(self.segments[name])
        self.segment_rows[name].lay_out(buttons, self._room())

    def _quick(self, labels: tuple[str, ...]) -> None:
        """The recent setups as buttons, each starting its own (made when they change)."""
        if [button.cget("text") for button in self.quick_buttons] != list(labels):
            for button in self.quick_buttons:
                button.destroy()
            self.quick_buttons = [
                ttk.Button(
                    self.quick_frame,
                    text=label,
                    style=BUTTON,
                    command=functools.partial(self.command, "quick_start", index),
                )
                for index, label in enumerate(labels)
            ]
            self._tag_all(self.quick_frame)
            self.quick_rows.lay_out(self.quick_buttons, self._room())
        for widget in self.quick_section:
            if labels:
                widget.grid()
            else:
                widget.grid_remove()

    def _room(self) -> int:
        """The width (pixels) the page's rows have: the window's, within its margins."""
        width = self.scrolled.width() if self.is_shown else 0
        if width <= 1:
            width = self.parent.winfo_width()
        return max(1, width - 2 * int(self.body.cget("padx")))

    def _see_focus(self) -> None:
        """Scroll the page's control with the focus into view (the page
        changed under it: a custom board's boxes came)."""
        if not self.is_shown:
            return
        widget = self.frame.focus_get()
        if widget is not None and self._stop_of(widget) is not None:
            self.body.update_idletasks()
            self.scrolled.see(widget)

    def _reflow(self, event: object = None) -> None:
        """Lay the rows of buttons out again for the page's width (a resize)."""
        room = self._room()
        for name, buttons in self.segment_buttons.items():
            self.segment_rows[name].lay_out(buttons, room)
        self.quick_rows.lay_out(self.quick_buttons, room)
        self.board_choice.reflow(room)

    def paint(self, view: NewGameView | None) -> None:
        """Show the page for ``view``; None hides it."""
        previous, self._painted = self._painted, view
        if view is None:
            if previous is not None:
                self.frame.grid_remove()
            return
        if previous is None:
            first, last = self.rows
            self.frame.grid(row=first, column=0, rowspan=last - first + 1, sticky="nsew")
            self.frame.lift()
            self.frame.update_idletasks()  # mapped first: Tk gives no focus to an unmapped button
            self.start_button.focus_set()
            self._last_focused = self.start_button
        if view == previous:
            return
        self._choices = {
            "mode": list(view.modes),
            "human": list(view.sides),
            "level": list(view.levels),
            "x_level": list(view.levels),
            "o_level": list(view.levels),
        }
        self._quick(view.quick_starts)
        for name in SEGMENTED:
            self._segmented(name)
            self.variables[name].set(str(getattr(view, name)))
        self.board_choice.paint(view, self.frame.focus_get())
        shown_sections = {
            "human": view.shows_side,
            "level": view.shows_level,
            "x_level": view.shows_sides_levels,
            "o_level": view.shows_sides_levels,
        }
        for name, shown in shown_sections.items():
            for widget in self.sections[name]:
                if shown:
                    widget.grid()
                else:
                    widget.grid_remove()
        self.problem.configure(text=view.problem)
        self.start_button.state(["!disabled" if view.can_start else "disabled"])
        self.frame.after_idle(self._see_focus)

    def recolour(self, colours: Palette) -> None:
        """Colour the page for the palette."""
        background, text = colours[Role.BACKGROUND], colours[Role.TEXT]
        self.scrolled.recolour(background)
        self.title.configure(background=background, foreground=text)
        for label in self.labels:
            label.configure(background=background, foreground=colours[Role.MUTED])
        self.problem.configure(background=background, foreground=colours[Role.BAD])
        colour_dropdown(self.board_choice.board, colours)
