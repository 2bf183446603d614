"""The XDG desktop portal's file chooser, with a fake session bus: what it
is asked, how its Response is read, closing it, and giving way to the next
chooser when the bus or the portal fails."""

from __future__ import annotations

import sys
import threading
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

from ttt_gui.gui.file_chooser import CANCELLED, FAILED, ChooserAnswer, FileQuestion
from ttt_gui.gui.portal_chooser import (
    Options,
    PortalChooser,
    find_portal,
    portal_options,
    read_response,
)

FILTERS = [("Saved games", "*.ttt"), ("All files", "*")]
SAVE = FileQuestion(True, "Save game", Path("/home/a/Games"), "Game 1.ttt", FILTERS, parent=77)
OPEN = FileQuestion(False, "Open game", Path("/home/a/Games"), "", FILTERS)
Response = tuple[int, Mapping[str, tuple[str, Any]]]


class FakeBus:
    """Records each question; answers ``response`` (or raises ``error``, or
    waits until stopped when ``response`` is None)."""

    def __init__(self, response: Response | None, error: Exception | None = None) -> None:
        self.response, self.error = response, error
        self.asked: list[tuple[str, str, str, Options]] = []

    def ask(
        self, method: str, parent: str, title: str, options: Options, stop: threading.Event
    ) -> Response | None:
        self.asked.append((method, parent, title, options))
        if self.error is not None:
            raise self.error
        if self.response is None:
            stop.wait(10)
            return None
        return self.response


def answer_of(bus: FakeBus, question: FileQuestion) -> ChooserAnswer:
    running = PortalChooser(lambda: bus).start(question)
    end = time.monotonic() + 5
    while (answer := running.poll()) is None:
        assert time.monotonic() < end, "the portal's thread never answered"
        time.sleep(0.01)
    return answer


def test_save_asks_savefile_with_the_name_folder_filters_and_window() -> None:
    bus = FakeBus((0, {"uris": ("as", ["file:///home/a/Games/Mine%201.ttt"])}))
    assert answer_of(bus, SAVE) == ChooserAnswer(Path("/home/a/Games/Mine 1.ttt"))
    [(method, parent, title, options)] = bus.asked
    assert (method, parent, title) == ("SaveFile", "x11:4d", "Save game")
    assert options["current_name"] == ("s", "Game 1.ttt")
    assert options["current_folder"] == ("ay", b"/home/a/Games\0")
    assert options["current_filter"] == ("(sa(us))", ("Saved games", [(0, "*.ttt")]))
    assert options["modal"] == ("b", True) and options["handle_token"][1].startswith("ttt_gui_")


def test_open_asks_openfile_without_a_name() -> None:
    bus = FakeBus((0, {"uris": ("as", ["file:///tmp/a.ttt"])}))
    assert answer_of(bus, OPEN) == ChooserAnswer(Path("/tmp/a.ttt"))
    method, parent, _, options = bus.asked[0]
    assert method == "OpenFile" and parent == "" and "current_name" not in options


def test_each_question_has_a_token_of_its_own() -> None:
    bus = FakeBus((1, {}))
    answer_of(bus, OPEN), answer_of(bus, OPEN)
    assert bus.asked[0][3]["handle_token"] != bus.asked[1][3]["handle_token"]


def test_the_response_is_read_as_chosen_cancelled_or_failed() -> None:
    assert read_response(1, {}) == CANCELLED
    assert read_response(2, {}) == FAILED, "ended otherwise: the next chooser is asked"
    assert read_response(0, {}) == FAILED
    assert read_response(0, {"uris": ("as", ["https://example.org/a.ttt"])}) == FAILED
    assert portal_options(OPEN, "t")["current_folder"] == ("ay", b"/home/a/Games\0")


def test_a_bus_or_portal_that_fails_answers_failed() -> None:
    assert answer_of(FakeBus(None, error=ConnectionRefusedError("no bus")), OPEN) == FAILED
    assert answer_of(FakeBus(None, error=TimeoutError()), SAVE) == FAILED


def test_closing_stops_the_wait_and_closes_the_chooser() -> None:
    bus = FakeBus(None)
    running = PortalChooser(lambda: bus).start(OPEN)
    time.sleep(0.05)
    assert running.poll() is None, "open until the person answers"
    running.cancel()
    end = time.monotonic() + 5
    while (answer := running.poll()) is None:
        assert time.monotonic() < end
        time.sleep(0.01)
    assert answer == FAILED


def test_without_jeepney_the_portal_is_not_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "jeepney", None)
    assert find_portal() is None


class FakePortal:
    """A portal on a session bus of the test's own: answers every FileChooser
    question with its Request's path, then that Request's Response choosing
    ``chosen``; records what it was asked."""

    def __init__(self, chosen: str) -> None:
        from jeepney.bus_messages import message_bus
        from jeepney.io.blocking import Proxy, open_dbus_connection

        self.chosen = chosen
        self.asked: list[tuple[str, str, str, list[str]]] = []
        self.connection = open_dbus_connection(bus="SESSION")
        Proxy(message_bus, self.connection).RequestName("org.freedesktop.portal.Desktop")
        self.thread = threading.Thread(target=self.serve, daemon=True)
        self.thread.start()

    def serve(self) -> None:
        from jeepney import DBusAddress, HeaderFields, MessageType, new_method_return, new_signal

        while True:
            try:
                message = self.connection.receive()
            except OSError:  # closed at the end of the test
                return
            if message.header.message_type != MessageType.method_call:
                continue
            fields = message.header.fields
            parent, title, options = message.body
            sender = str(fields[HeaderFields.sender])
            token = options["handle_token"][1]
            path = (
                f"/org/freedesktop/portal/desktop/request/{sender[1:].replace('.', '_')}/{token}"
            )
            self.asked.append((str(fields[HeaderFields.member]), parent, title, sorted(options)))
            self.connection.send(new_method_return(message, "o", (path,)))
            request = DBusAddress(path, interface="org.freedesktop.portal.Request")
            uris = {"uris": ("as", [self.chosen])}
            signal = new_signal(request, "Response", "ua{sv}", (0, uris))
            signal.header.fields[HeaderFields.destination] = sender
            self.connection.send(signal)


def test_the_portal_is_asked_over_a_real_session_bus(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """jeepney's side for real: a private dbus-daemon and a fake portal on it."""
    import subprocess

    from conftest import need_tools

    need_tools("dbus-daemon")
    daemon = subprocess.Popen(
        ["dbus-daemon", "--session", "--nofork", "--print-address"],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    try:
        assert daemon.stdout is not None
        monkeypatch.setenv("DBUS_SESSION_BUS_ADDRESS", daemon.stdout.readline().strip())
        portal = FakePortal("file:///tmp/picked%20one.ttt")
        chooser = find_portal()
        assert chooser is not None
        running = chooser.start(SAVE)
        end = time.monotonic() + 10
        while (answer := running.poll()) is None:
            assert time.monotonic() < end, "no answer from the portal"
            time.sleep(0.02)
        assert answer == ChooserAnswer(Path("/tmp/picked one.ttt"))
        method, parent, title, options = portal.asked[0]
        assert (method, parent, title) == ("SaveFile", "x11:4d", "Save game")
        assert "current_name" in options and "filters" in options
        portal.connection.close()
    finally:
        daemon.terminate()
        daemon.wait(10)
