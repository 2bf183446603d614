"""The menu bar and its shortcuts, built from the table in :mod:`ttt_gui.app.actions`.

Accelerator labels and key bindings both come from each item's ``keys``, so
they cannot disagree. Every shortcut is bound in its lower- and upper-case
form, so Caps Lock changes nothing (with Caps Lock on, Ctrl+Z arrives as
``<Control-Z>``: undo, never redo). On macOS (``aqua``) Command takes the
place of Control.
"""

from __future__ import annotations

import functools
import tkinter as tk
import tkinter.font as tkfont
from collections.abc import Callable

from ttt_gui.app.actions import MENUS, Item, ItemKind
from ttt_gui.app.key_names import KeyNames
from ttt_gui.app.view_state import ViewState
from ttt_gui.gui.font_coverage import FontCoverage
from ttt_gui.words import english_language_name, gettext, language_name, mnemonic

#: Called with a menu item when it is chosen or its key pressed.
Dispatch = Callable[[Item], None]

#: Key names of the table that are not a single letter or digit: Tk keysyms.
_KEYSYMS: dict[str, tuple[str, ...]] = {
    "+": ("plus", "equal", "KP_Add"),
    "-": ("minus", "KP_Subtract"),
    "0": ("0", "KP_0"),
}


#: A radio entry's value standing for "": Tk takes an empty value for the
#: entry's label, so the entry for "" (View › Language's System default)
#: would never show as chosen.
NO_VALUE = "\N{EMPTY SET}"


def radio_value(value: object) -> str:
    """A radio entry's value as Tk holds it: the text of ``value``, :data:`NO_VALUE` for ""."""
    return str(value) or NO_VALUE


def is_aqua(root: tk.Misc) -> bool:
    return str(root.tk.call("tk", "windowingsystem")) == "aqua"


def key_sequences(key: str, aqua: bool = False) -> list[str]:
    """Tk event sequences for a key in words; [] for keys of the board.

    >>> key_sequences("Ctrl+Z")
    ['<Control-z>', '<Control-Z>']
    >>> key_sequences("Ctrl+Shift+Z")
    ['<Control-Shift-z>', '<Control-Shift-Z>']
    >>> key_sequences("F5"), key_sequences("Esc"), key_sequences("Space")
    (['<F5>'], ['<Escape>'], [])
    """
    *modifiers, name = key.split("+") if key != "Ctrl++" else ["Ctrl", "+"]
    if not modifiers:
        if name == "Esc":
            return ["<Escape>"]
        return [f"<{name}>"] if name[:1] == "F" and name[1:].isdigit() else []
    prefix = "-".join(
        ("Command" if aqua else "Control") if modifier == "Ctrl" else modifier
        for modifier in modifiers
    )
    if name in _KEYSYMS:
        return [f"<{prefix}-{keysym}>" for keysym in _KEYSYMS[name]]
    if len(name) == 1 and name.isalpha():
        return [f"<{prefix}-{name.lower()}>", f"<{prefix}-{name.upper()}>"]
    return [f"<{prefix}-{name}>"]


#: Keys of a control (the New game page's), in the table's words, as Tk's
#: events: Shift+Tab is Tk's virtual event, which X11's ISO_Left_Tab sends too.
_CONTROL_KEYS: dict[str, tuple[str, ...]] = {
    "Tab": ("<Tab>",),
    "Shift+Tab": ("<<PrevWindow>>",),
    "Left": ("<Left>",),
    "Right": ("<Right>",),
    "Enter": ("<Return>", "<KP_Enter>"),
    "Esc": ("<Escape>",),
}


def control_key_sequences(key: str) -> tuple[str, ...]:
    """Tk event sequences for a key of a control, in words; KeyError for
    another key.

    >>> control_key_sequences("Enter"), control_key_sequences("Shift+Tab")
    (('<Return>', '<KP_Enter>'), ('<<PrevWindow>>',))
    """
    return _CONTROL_KEYS[key]


class CheckBoxes:
    """The two images of a check item's box, empty and ticked, in the menu's
    text colour (:meth:`paint`). Tk 8.6 on X11 draws a check item's tick
    when it is on and nothing at all when it is off, so an item that is off
    looked like a command; the images show a box either way."""

    def __init__(self, root: tk.Misc) -> None:
        linespace = int(tkfont.nametofont("TkMenuFont", root).metrics("linespace"))
        self.size = max(9, linespace * 2 // 3) | 1  # odd: the tick has a middle
        width = self.size + max(3, self.size // 3)  # a gap before the label
        self.off = tk.PhotoImage(master=root, width=width, height=self.size)
        self.on = tk.PhotoImage(master=root, width=width, height=self.size)
        self.paint("#000000")

    def paint(self, colour: str) -> None:
        """Draw both boxes in ``colour`` (the rest stays transparent)."""
        size = self.size
        for image in (self.off, self.on):
            image.blank()
            for edge in ((0, 0, size, 1), (0, size - 1, size, size)):
                image.put(colour, to=edge)
            for edge in ((0, 0, 1, size), (size - 1, 0, size, size)):
                image.put(colour, to=edge)
        # The tick: down from the left third to the bottom third, then up to the right.
        inner = size - 4
        for step in range(inner):
            x = 2 + step
            if step <= inner // 3:
                y = size // 2 + step - 1
            else:
                y = size // 2 + inner // 3 - 1 - (step - inner // 3)
            y = min(max(y, 2), size - 4)
            self.on.put(colour, to=(x, y, x + 1, y + 2))


def accelerator(item: Item, keys: KeyNames | None = None) -> str:
    """The label shown beside a menu item for its first key, in ``keys``' words."""
    if not item.keys:
        return ""
    return (keys if keys is not None else KeyNames()).word(item.keys[0])


class MenuBar:
    """The window's menu bar, its keys named and bound as ``keys`` says (Ctrl,
    or Command on macOS); :meth:`paint` shows a view state's selections."""

    def __init__(
        self,
        root: tk.Tk,
        dispatch: Dispatch,
        keys: KeyNames,
        fonts: FontCoverage | None = None,
    ) -> None:
        """``fonts`` says which languages' own names the system can draw
        (by default fontconfig is asked)."""
        self.root = root
        self.fonts = fonts if fonts is not None else FontCoverage()
        self.keys = keys
        self.dispatch = dispatch
        self.bar = tk.Menu(root, name="menubar")
        self.menus: dict[str, tk.Menu] = {}
        self.variables: dict[str, tk.Variable] = {}
        #: The boxes of check items where Tk draws none when off (X11).
        self.boxes = (
            CheckBoxes(root) if str(root.tk.call("tk", "windowingsystem")) == "x11" else None
        )
        #: (menu, index, item) of every entry that can be disabled or selected.
        self.entries: list[tuple[tk.Menu, int, Item]] = []
        #: (menu, index, item) of the submenus that can be disabled.
        self.cascades: list[tuple[tk.Menu, int, Item]] = []
        for marked, items in MENUS:
            label, underline = mnemonic(gettext(marked))
            english = mnemonic(marked)[0]  # the widget's name stays the same in every language
            name = "help" if english == "Help" else english.lower()
            menu = tk.Menu(self.bar, tearoff=False, name=name)
            self._fill(menu, items)
            self.bar.add_cascade(label=label, menu=menu, underline=underline)
            self.menus[label] = menu
        root.configure(menu=self.bar)
        self._bind_keys()

    def titles(self) -> list[tuple[str, int]]:
        """The menus' titles as the bar shows them, in order, each with the
        index of its underlined (access) letter."""
        last = self.bar.index("end")
        return [
            (str(self.bar.entrycget(index, "label")), int(self.bar.entrycget(index, "underline")))
            for index in range(0 if last is None else last + 1)
            if self.bar.type(index) == "cascade"
        ]

    def _variable(self, group: str, kind: ItemKind) -> tk.Variable:
        if group not in self.variables:
            make = tk.BooleanVar if kind is ItemKind.CHECK else tk.StringVar
            self.variables[group] = make(self.root)
        return self.variables[group]

    def _fill(self, menu: tk.Menu, items: tuple[Item, ...]) -> None:
        for item in items:
            if item.kind is ItemKind.SEPARATOR:
                menu.add_separator()
                continue
            if item.kind is ItemKind.CASCADE:
                submenu = tk.Menu(menu, tearoff=False)
                self._fill(submenu, item.submenu)
                menu.add_cascade(label=item.text, underline=item.underline, menu=submenu)
                self.menus[item.text] = submenu
                if item.enabled is not None:
                    self.cascades.append((menu, int(menu.index("end") or 0), item))
                continue
            chosen = functools.partial(self.dispatch, item)
            label, keys = item.text, accelerator(item, self.keys)
            if item.kind is ItemKind.RADIO:
                variable = self._variable(item.group, item.kind)
                label, underline = self._drawable(item, label, item.underline)
                menu.add_radiobutton(
                    label=label,
                    underline=underline,
                    accelerator=keys,
                    command=chosen,
                    variable=variable,
                    value=radio_value(item.value),
                )
            elif item.kind is ItemKind.CHECK:
                variable = self._variable(item.group, item.kind)
                menu.add_checkbutton(
                    label=label,
                    underline=item.underline,
                    accelerator=keys,
                    command=chosen,
                    variable=variable,
                )
                if self.boxes is not None:
                    menu.entryconfigure(
                        "end",
                        image=self.boxes.off,
                        selectimage=self.boxes.on,
                        compound="left",
                        indicatoron=False,
                    )
            else:
                menu.add_command(
                    label=label, underline=item.underline, accelerator=keys, command=chosen
                )
            self.entries.append((menu, int(menu.index("end") or 0), item))

    def _drawable(self, item: Item, label: str, underline: int) -> tuple[str, int]:
        """A language's label and access letter as the menu can draw them:
        its own name, or its English name where no font has its script."""
        if item.group != "language" or not item.value:
            return label, underline
        code = str(item.value)
        if self.fonts.can_draw(code, language_name(code)):
            return label, underline
        english = english_language_name(code)
        return english, -1

    def _bind_keys(self) -> None:
        for _, _, item in self.entries:
            for key in item.keys:
                for sequence in key_sequences(key, self.keys.aqua):
                    self.root.bind(sequence, functools.partial(self._on_key, item))

    def _on_key(self, item: Item, event: object = None) -> str:
        self.dispatch(item)
        return "break"

    def show_choices(self, state: ViewState | None) -> None:
        """Tick the state's radio choices and check flags (Tk moves a tick on a
        click, even one the presenter then declined)."""
        if state is None:
            return
        wanted = {group: radio_value(value) for group, value in state.choices.items()}
        wanted.update((group, "1" if flag else "0") for group, flag in state.flags.items())
        for group, value in wanted.items():
            variable = self.variables[group]
            if str(self.root.getvar(str(variable))) != value:
                variable.set(value)

    def paint(self, state: ViewState) -> None:
        """Show the state's choices, flags, disabled actions and labels."""
        self.show_choices(state)
        for menu, index, item in self.cascades:
            wanted = "disabled" if item.action in state.disabled else "normal"
            if menu.entrycget(index, "state") != wanted:
                menu.entryconfigure(index, state=wanted)
        for menu, index, item in self.entries:
            wanted = "disabled" if item.action in state.disabled else "normal"
            if menu.entrycget(index, "state") != wanted:
                menu.entryconfigure(index, state=wanted)
            label, underline = mnemonic(state.labels.get(item.label_key, item.label))
            label, underline = self._drawable(item, label, underline)
            if menu.entrycget(index, "label") != label:
                menu.entryconfigure(index, label=label, underline=underline)

    def recolour(self, colours: dict[str, str]) -> None:
        """Colour every menu (background, foreground, active, selector colours)."""
        for menu in {str(m): m for m in (self.bar, *self.menus.values())}.values():
            menu.configure(**colours)
        if self.boxes is not None and "foreground" in colours:
            self.boxes.paint(colours["foreground"])

    def find(self, action: str, argument: object = None) -> tuple[tk.Menu, int]:
        """The menu and index of the entry for ``action`` (tests use this)."""
        for menu, index, item in self.entries:
            if item.action == action and (argument is None or item.value == argument):
                return menu, index
        raise KeyError(f"no menu item for {action!r}")
