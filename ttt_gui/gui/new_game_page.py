"""The New game page in Tk: paints a :class:`~ttt_gui.app.new_game.NewGameView`
and forwards each choice; the choices themselves live in
:class:`~ttt_gui.app.new_game.NewGamePage`.

The page covers the board while it is open, so the window keeps its size.
Enter starts, Escape goes back to the game; keys of the board (digits) do
nothing while the focus is on the page.
"""

from __future__ import annotations

import functools
import tkinter as tk
from collections.abc import Callable
from tkinter import font as tkfont
from tkinter import ttk

from ttt_gui.app.new_game import CUSTOM, SIDES, NewGameView
from ttt_gui.theme import Palette, Role

#: Runs a command of the presenter's New game page with its arguments, then paints.
PageCommand = Callable[..., None]
#: The bind tag every widget of the page carries (keys of the page, before the window's).
PAGE_TAG = "NewGamePage"


class NewGamePageView:
    """The page in ``parent`` (shown over grid rows ``rows`` there); each choice,
    Start, and Escape or Back call the page's command (``choose``, ``start``,
    ``close``) through ``command``."""

    def __init__(
        self, parent: tk.Misc, rows: tuple[int, int], text_font: tkfont.Font, command: PageCommand
    ) -> None:
        self.parent = parent
        self.rows = rows
        self.command = command
        self._painted: NewGameView | None = None
        self.title_font = tkfont.Font(font=text_font)
        self.title_font.configure(size=round(int(text_font.actual("size")) * 1.4), weight="bold")
        self.frame = tk.Frame(parent, padx=16, pady=10, highlightthickness=0)
        self.labels: list[tk.Label] = []
        frame = self.frame
        frame.columnconfigure(1, weight=1)
        self.title = tk.Label(frame, text="New game", font=self.title_font, anchor="w")
        self.title.grid(row=0, column=0, columnspan=2, sticky="w", pady=(0, 8))
        self.mode = tk.StringVar(frame)
        self.human = tk.StringVar(frame)
        self.gravity = tk.BooleanVar(frame)
        self.misere = tk.BooleanVar(frame)
        modes = ttk.Frame(frame, style="Page.TFrame")
        self.mode_buttons: list[ttk.Radiobutton] = []
        self._row(1, "Players", modes)
        sides = ttk.Frame(frame, style="Page.TFrame")
        self.side_buttons: list[ttk.Radiobutton] = []
        self.side_row = self._row(2, "You play", sides)
        self.level = self._combobox("level")
        self.level_row = self._row(3, "Level", self.level)
        self.x_level = self._combobox("x_level")
        self.x_level_row = self._row(4, "X plays at", self.x_level)
        self.o_level = self._combobox("o_level")
        self.o_level_row = self._row(5, "O plays at", self.o_level)
        self.board = self._combobox("board", width=30)
        self._row(6, "Board", self.board)
        shape = ttk.Frame(frame, style="Page.TFrame")
        self.spinboxes: dict[str, ttk.Spinbox] = {}
        for column, (name, words) in enumerate(
            (("rows", "rows ×"), ("cols", "columns,"), ("win_length", "in a row"))
        ):
            spinbox = ttk.Spinbox(shape, from_=SIDES[0], to=SIDES[1], width=3)
            spinbox.configure(command=functools.partial(self._spun, name))
            spinbox.bind("<KeyRelease>", functools.partial(self._spun, name))
            spinbox.grid(row=0, column=2 * column)
            label = ttk.Label(shape, text=words, style="Page.TLabel")
            label.grid(row=0, column=2 * column + 1, padx=(3, 8))
            self.spinboxes[name] = spinbox
        self.shape_row = self._row(7, "Size", shape)
        rules = ttk.Frame(frame, style="Page.TFrame")
        for column, (name, words, variable) in enumerate(
            (
                ("gravity", "Gravity (marks drop down)", self.gravity),
                ("misere", "Misère (a line loses)", self.misere),
            )
        ):
            check = ttk.Checkbutton(
                rules,
                text=words,
                variable=variable,
                style="Page.TCheckbutton",
                command=functools.partial(self._checked, name, variable),
            )
            check.grid(row=0, column=column, sticky="w", padx=(0, 12))
        self.rules_row = self._row(8, "Rules", rules)
        self.problem = tk.Label(frame, anchor="w", justify="left", font=text_font)
        self.problem.grid(row=9, column=0, columnspan=2, sticky="w", pady=(4, 0))
        buttons = ttk.Frame(frame, style="Page.TFrame")
        buttons.grid(row=10, column=0, columnspan=2, sticky="e", pady=(8, 0))
        self.back_button = ttk.Button(buttons, text="Back to the game", command=self.cancel)
        self.back_button.grid(row=0, column=0, padx=(0, 8))
        self.start_button = ttk.Button(buttons, text="Start", command=self.start, default="active")
        self.start_button.grid(row=0, column=1)
        self._modes, self._sides = modes, sides
        self._choices: dict[str, list[tuple[str, str]]] = {}
        self._tag_all(frame)
        parent.bind_class(PAGE_TAG, "<Return>", self._on_return)
        parent.bind_class(PAGE_TAG, "<KP_Enter>", self._on_return)
        parent.bind_class(PAGE_TAG, "<Escape>", lambda event: self._stop(self.cancel))
        for key in [str(digit) for digit in range(10)] + ["space"]:
            # Digits and Space are the board's keys: on the page they only do what the widget does.
            parent.bind_class(PAGE_TAG, f"<Key-{key}>", lambda event: "break")

    def choose(self, name: str, value: object) -> None:
        self.command("choose", name, value)

    def start(self) -> None:
        self.command("start")

    def cancel(self) -> None:
        self.command("close")

    def _on_return(self, event: object = None) -> str:
        if "disabled" not in self.start_button.state():
            self.start()
        return "break"

    @staticmethod
    def _stop(action: Callable[[], None]) -> str:
        action()
        return "break"

    def _row(self, row: int, words: str, control: tk.Widget) -> tuple[tk.Label, tk.Widget]:
        label = tk.Label(self.frame, text=words, anchor="w")
        label.grid(row=row, column=0, sticky="nw", padx=(0, 12), pady=2)
        control.grid(row=row, column=1, sticky="w", pady=2)
        self.labels.append(label)
        return label, control

    def _combobox(self, name: str, width: int = 18) -> ttk.Combobox:
        box = ttk.Combobox(self.frame, state="readonly", width=width)
        box.bind("<<ComboboxSelected>>", lambda event: self._picked(name, box))
        return box

    def _picked(self, name: str, box: ttk.Combobox) -> None:
        index = box.current()
        box.selection_clear()
        values = self._choices.get(name, [])
        if 0 <= index < len(values):
            self.choose(name, values[index][0])

    def _radio_chosen(self, name: str, variable: tk.StringVar) -> None:
        self.choose(name, variable.get())

    def _checked(self, name: str, variable: tk.BooleanVar) -> None:
        self.choose(name, variable.get())

    def _spun(self, name: str, event: object = None) -> None:
        self.choose(name, self.spinboxes[name].get())

    def _tag_all(self, widget: tk.Misc) -> None:
        """Put the page's tag after each widget's class tag, before the window's."""
        if widget is not self.frame:
            tags = list(widget.bindtags())
            if PAGE_TAG not in tags:
                tags.insert(2, PAGE_TAG)
                widget.bindtags(tuple(tags))
        for child in widget.winfo_children():
            self._tag_all(child)

    @property
    def is_shown(self) -> bool:
        return self._painted is not None

    def _radios(
        self, holder: ttk.Frame, buttons: list[ttk.Radiobutton], name: str, variable: tk.StringVar
    ) -> None:
        choices = self._choices[name]
        if len(buttons) == len(choices):
            return
        for button in buttons:
            button.destroy()
        buttons.clear()
        for index, (value, label) in enumerate(choices):
            button = ttk.Radiobutton(
                holder,
                text=label,
                value=value,
                variable=variable,
                style="Page.TRadiobutton",
                command=functools.partial(self._radio_chosen, name, variable),
            )
            if name == "mode":
                button.grid(row=index, column=0, sticky="w")
            else:
                button.grid(row=0, column=index, sticky="w", padx=(0, 12))
            buttons.append(button)
        self._tag_all(holder)

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
            self.start_button.focus_set()
        if view == previous:
            return
        self._choices = {
            "mode": list(view.modes),
            "human": list(view.sides),
            "level": list(view.levels),
            "x_level": list(view.levels),
            "o_level": list(view.levels),
            "board": list(view.boards),
        }
        self._radios(self._modes, self.mode_buttons, "mode", self.mode)
        self._radios(self._sides, self.side_buttons, "human", self.human)
        self.mode.set(view.mode)
        self.human.set(view.human)
        for name, box, value in (
            ("level", self.level, view.level),
            ("x_level", self.x_level, view.x_level),
            ("o_level", self.o_level, view.o_level),
            ("board", self.board, view.board),
        ):
            labels = [label for _, label in self._choices[name]]
            if list(box.cget("values")) != labels:
                box.configure(values=labels)
            keys = [key for key, _ in self._choices[name]]
            if value in keys and box.current() != keys.index(value):
                box.current(keys.index(value))
        custom = view.board == CUSTOM
        for name in ("rows", "cols", "win_length"):
            spinbox, value = self.spinboxes[name], str(getattr(view, name))
            if spinbox.get() != value and self.frame.focus_get() is not spinbox:
                spinbox.set(value)
        self.gravity.set(view.gravity)
        self.misere.set(view.misere)
        for shown, row in (
            (view.shows_side, self.side_row),
            (view.shows_level, self.level_row),
            (view.shows_sides_levels, self.x_level_row),
            (view.shows_sides_levels, self.o_level_row),
            (custom, self.shape_row),
            (custom, self.rules_row),
        ):
            for widget in row:
                if shown:
                    widget.grid()
                else:
                    widget.grid_remove()
        self.problem.configure(text=view.problem)
        self.start_button.state(["!disabled" if view.can_start else "disabled"])

    def recolour(self, colours: Palette) -> None:
        """Colour the page for the palette."""
        background, text = colours[Role.BACKGROUND], colours[Role.TEXT]
        self.frame.configure(background=background)
        self.title.configure(background=background, foreground=text)
        for label in self.labels:
            label.configure(background=background, foreground=colours[Role.MUTED])
        self.problem.configure(background=background, foreground=colours[Role.BAD])
        style = ttk.Style(self.frame)
        style.configure("Page.TFrame", background=background)
        for name in ("Page.TLabel", "Page.TRadiobutton", "Page.TCheckbutton"):
            style.configure(name, background=background, foreground=text)
            style.map(name, background=[("active", colours[Role.CELL_ACTIVE])])
