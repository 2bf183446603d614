"""The XDG desktop portal's file chooser (``org.freedesktop.portal.FileChooser``).

The portal shows the desktop's own chooser, even inside a sandbox (Flatpak).
``OpenFile`` and ``SaveFile`` answer at once with a Request object's path;
the chooser's answer comes later as that Request's ``Response`` signal:
0 and the chosen ``uris``, 1 if cancelled, 2 if it ended otherwise. The
signal goes to the caller's own connection, so the question and the wait
share one connection: that is why this uses the small pure-Python
``jeepney`` library (an optional dependency, the ``desktop`` extra, bundled
in the packaged builds) rather than ``gdbus`` processes, which would each
have their own. Without ``jeepney`` the portal is not asked.

The connection runs on a thread of its own; :class:`RunningPortal` is polled
from the window's thread (see :mod:`ttt_gui.gui.file_chooser`). Any error
(no session bus, no portal, a portal without a FileChooser) answers
:data:`~ttt_gui.gui.file_chooser.FAILED`, and the next chooser is asked.
"""

from __future__ import annotations

import secrets
import threading
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, Protocol
from urllib.parse import unquote, urlsplit

from ttt_gui.gui.file_chooser import CANCELLED, FAILED, ChooserAnswer, FileQuestion

PORTAL_NAME = "org.freedesktop.portal.Desktop"
PORTAL_PATH = "/org/freedesktop/portal/desktop"
FILE_CHOOSER = "org.freedesktop.portal.FileChooser"
REQUEST = "org.freedesktop.portal.Request"
#: How long the portal may take to answer the question itself (not the person), in seconds.
CALL_TIMEOUT = 10.0
#: How often the waiting thread looks whether the chooser is to be closed, in seconds.
WAKE_UP = 0.2

#: D-Bus options: name to (signature, value), as jeepney writes a variant.
Options = dict[str, tuple[str, Any]]


class PortalBus(Protocol):
    """What the chooser needs of the session bus (a fake in the tests)."""

    def ask(
        self, method: str, parent: str, title: str, options: Options, stop: threading.Event
    ) -> tuple[int, Mapping[str, tuple[str, Any]]] | None:
        """Call the FileChooser's ``method`` and wait for its Response: its
        code and results; None once ``stop`` is set (the chooser is then
        closed). Raises on any error of the bus or the portal."""


def portal_options(question: FileQuestion, token: str) -> Options:
    """The options of ``OpenFile`` or ``SaveFile`` for ``question``.

    >>> q = FileQuestion(True, "Save", Path("/g"), "a.ttt", [("Games", "*.ttt")])
    >>> options = portal_options(q, "t1")
    >>> options["current_name"], options["current_folder"], options["filters"]
    (('s', 'a.ttt'), ('ay', b'/g\\x00'), ('a(sa(us))', [('Games', [(0, '*.ttt')])]))
    """
    filters = [(name, [(0, pattern)]) for name, pattern in question.filters]
    options: Options = {
        "handle_token": ("s", token),
        "modal": ("b", True),
        "current_folder": ("ay", bytes(question.folder) + b"\0"),
    }
    if filters:
        options["filters"] = ("a(sa(us))", filters)
        options["current_filter"] = ("(sa(us))", filters[0])
    if question.saving:
        options["current_name"] = ("s", question.name)
    return options


def uri_path(uri: str) -> Path | None:
    """The local path of a ``file://`` URI; None for any other.

    >>> uri_path("file:///home/a/My%20game.ttt"), uri_path("https://x/y")
    (PosixPath('/home/a/My game.ttt'), None)
    """
    parts = urlsplit(uri)
    if parts.scheme != "file" or parts.netloc not in ("", "localhost"):
        return None
    return Path(unquote(parts.path))


def read_response(code: int, results: Mapping[str, tuple[str, Any]]) -> ChooserAnswer:
    """The answer in a Response signal: 0 and a local file is that file, 1
    is cancelled, anything else failed."""
    if code == 1:
        return CANCELLED
    uris = results.get("uris", ("as", []))[1]
    path = uri_path(str(uris[0])) if code == 0 and uris else None
    return ChooserAnswer(path) if path is not None else FAILED


class RunningPortal:
    """A portal chooser on screen, its bus on a thread of its own."""

    def __init__(self, connect: Callable[[], PortalBus], question: FileQuestion) -> None:
        self._answer: ChooserAnswer | None = None
        self._stop = threading.Event()
        self._thread = threading.Thread(
            target=self._ask, args=(connect, question), name="file chooser", daemon=True
        )
        self._thread.start()

    def _ask(self, connect: Callable[[], PortalBus], question: FileQuestion) -> None:
        method = "SaveFile" if question.saving else "OpenFile"
        parent = f"x11:{question.parent:x}" if question.parent else ""
        token = f"ttt_gui_{secrets.token_hex(8)}"
        try:
            response = connect().ask(
                method, parent, question.title, portal_options(question, token), self._stop
            )
            answer = FAILED if response is None else read_response(*response)
        except Exception:  # noqa: BLE001 - any failure of the bus: the next chooser is asked
            answer = FAILED
        self._answer = answer

    def poll(self) -> ChooserAnswer | None:
        return None if self._thread.is_alive() else (self._answer or FAILED)

    def cancel(self) -> None:
        self._stop.set()


class PortalChooser:
    """The portal's chooser; ``connect`` opens the session bus."""

    name = "portal"

    def __init__(self, connect: Callable[[], PortalBus]) -> None:
        self.connect = connect

    def start(self, question: FileQuestion) -> RunningPortal:
        return RunningPortal(self.connect, question)


class JeepneyBus:
    """The session bus through ``jeepney``'s blocking connection."""

    def __init__(self) -> None:
        from jeepney.io.blocking import open_dbus_connection

        self.connection = open_dbus_connection(bus="SESSION")

    def ask(
        self, method: str, parent: str, title: str, options: Options, stop: threading.Event
    ) -> tuple[int, Mapping[str, tuple[str, Any]]] | None:
        from jeepney import DBusAddress, MatchRule, message_bus, new_method_call
        from jeepney.io.blocking import Proxy

        connection = self.connection
        try:
            sender = str(connection.unique_name).lstrip(":").replace(".", "_")
            request = f"{PORTAL_PATH}/request/{sender}/{options['handle_token'][1]}"
            rule = MatchRule(type="signal", interface=REQUEST, member="Response", path=request)
            Proxy(message_bus, connection, timeout=CALL_TIMEOUT).AddMatch(rule)
            portal = DBusAddress(PORTAL_PATH, bus_name=PORTAL_NAME, interface=FILE_CHOOSER)
            with connection.filter(rule, bufsize=4) as queue:
                call = new_method_call(portal, method, "ssa{sv}", (parent, title, options))
                reply = connection.send_and_get_reply(call, timeout=CALL_TIMEOUT)
                if reply.header.message_type.name == "error":
                    raise OSError(f"the portal refused: {reply.body}")
                while not stop.is_set():
                    try:
                        signal = connection.recv_until_filtered(queue, timeout=WAKE_UP)
                    except TimeoutError:
                        continue
                    code, results = signal.body
                    return int(code), results
                closing = DBusAddress(request, bus_name=PORTAL_NAME, interface=REQUEST)
                connection.send(new_method_call(closing, "Close"))
                return None
        finally:
            connection.close()


def find_portal() -> PortalChooser | None:
    """The portal's chooser where ``jeepney`` is installed; None otherwise.
    Whether the portal answers is found when it is first asked."""
    try:
        import jeepney  # noqa: F401
    except ImportError:
        return None
    return PortalChooser(JeepneyBus)
