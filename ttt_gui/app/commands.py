"""What each command the window sends calls: the parts' own methods, joined once.

A command is named by its action id: a menu item's (:mod:`ttt_gui.app.actions`),
or one of the board, the toolbar, the New game page and the system (``play``,
``page_choose``, ``open_game_file``). Each part that has commands lists
them in its ``commands()`` method, each id with the bound method that handles
it; the presenter joins the lists at start into one :class:`Commands`, which
the window calls by id. mypy checks every handler named there; a test checks
that every id the window sends has one.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping

#: A part's method that handles one command; it may give an answer (the
#: board's digit keys say whether they played, the page's keys whether they
#: moved the focus).
Handler = Callable[..., object]


class Commands(Mapping[str, Handler]):
    """The handler of each action id, from the parts' tables; an id listed by
    two parts is a ValueError (the table would be ambiguous)."""

    def __init__(self, *tables: Mapping[str, Handler]) -> None:
        self._handlers: dict[str, Handler] = {}
        for table in tables:
            for action, handler in table.items():
                if action in self._handlers:
                    raise ValueError(f"two handlers for the command {action!r}")
                self._handlers[action] = handler

    def __getitem__(self, action: str) -> Handler:
        return self._handlers[action]

    def __iter__(self) -> Iterator[str]:
        return iter(self._handlers)

    def __len__(self) -> int:
        return len(self._handlers)

    def run(self, action: str, *arguments: object) -> object:
        """Call ``action``'s handler with ``arguments``; gives its answer.
        KeyError if no part handles ``action``."""
        return self._handlers[action](*arguments)
