"""The unfinished games kept from one run to the next, one per window; no Tk.

Each window saves its game as it is played (as a browser keeps its session) in
a file of its own, in a folder beside the settings (``settings.unfinished/``).
The file is written atomically after every change, so a window that dies (its
display lost, the machine switched off) leaves its game as it last stood. A
finished, abandoned or empty game removes only that window's file; a window
never deletes a file it did not write or take.

A running window holds the lock of its file (see :func:`~ttt_gui.storage.files.locked`)
for as long as it lives. A new window takes back the newest kept game that no
running window holds: it renames the file to its own name, so of two windows
started together only one gets it, and the file is then that window's own.
A kept ``settings.unfinished.ttt`` of earlier versions, which kept one game
beside the settings, is taken the same way. Files that are not saved games
are never touched.

A symbolic link is never moved, deleted or followed to be moved or deleted:
a link in the folder is not a kept game, and where the file of earlier
versions is a link (config files kept as links by a dotfiles tool), the game
it points to is copied into this window's file, once (a marker in the folder
remembers which file was copied), and the link and its file stay as they are.

Where the folder cannot be written (read-only), the newest kept game is
still read, not taken: it stays in its file as it is, and
:attr:`UnfinishedGame.unwritable` says why this window's changes to it
cannot be kept.

The window saves in the background (``background=True``): a writer thread
writes the latest game handed to it, so a move never waits for the disk
(the atomic write's fsync takes about 10 ms); closing waits for the last
write (:meth:`UnfinishedGame.release`).
"""

from __future__ import annotations

import contextlib
import errno
import os
import secrets
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from ttt_gui.storage.files import (
    STALE_SECONDS,
    LockTimeoutError,
    is_regular_file,
    lock_path,
    locked,
    read_limited,
    remove_regular_file,
    write_atomically,
)
from ttt_gui.storage.games import SUFFIX, GameFileError, SavedGame, read_game, write_game


def unfinished_folder(settings_path: Path) -> Path:
    """The folder of the unfinished games of the settings file ``settings_path``.

    >>> unfinished_folder(Path("config/settings.json")).as_posix()
    'config/settings.unfinished'
    """
    return settings_path.with_name(f"{settings_path.stem}.unfinished")


def unfinished_game_path(settings_path: Path) -> Path:
    """Where earlier versions kept the one unfinished game of ``settings_path``.

    >>> unfinished_game_path(Path("config/settings.json")).as_posix()
    'config/settings.unfinished.ttt'
    """
    return settings_path.with_name(f"{settings_path.stem}.unfinished.ttt")


#: Kept games beyond the newest this many are removed, oldest first.
KEEP_AT_MOST = 20
#: Kept games not changed for this many seconds (90 days) are removed, but the newest.
KEEP_SECONDS = 90 * 24 * 3600


@dataclass(frozen=True)
class KeptGame:
    """A kept game no running window holds: its file, the game, and when it
    was last saved (seconds since the epoch)."""

    path: Path
    game: SavedGame
    saved_at: float


def _new_name() -> str:
    """A name no other window picks: the time it was made and random letters."""
    return f"{time.strftime('%Y-%m-%d %H%M%S')} {secrets.token_hex(4)}{SUFFIX}"


class _LatestWriter:
    """Writes, in a thread of its own, the latest value handed to it: a newer
    one replaces one not yet written. A write that fails (OSError) is dropped,
    kept in :attr:`error` until a later write succeeds; the next change writes
    again."""

    def __init__(self, write: Callable[[SavedGame | None], None]) -> None:
        self._write = write
        #: Why the latest write failed (None: it succeeded, or none was made).
        self.error: OSError | None = None
        self._changed = threading.Condition()
        self._pending: tuple[SavedGame | None] | None = None  # (None,): remove the file
        self._busy = False
        self._thread: threading.Thread | None = None

    def put(self, game: SavedGame | None) -> None:
        with self._changed:
            self._pending = (game,)
            if self._thread is None:
                self._thread = threading.Thread(
                    target=self._run, name="unfinished game writer", daemon=True
                )
                self._thread.start()
            self._changed.notify_all()

    def flush(self, timeout: float | None = None) -> bool:
        """Wait until everything handed over is written; whether it is."""
        with self._changed:
            return self._changed.wait_for(
                lambda: self._pending is None and not self._busy, timeout
            )

    def _run(self) -> None:
        while True:
            with self._changed:
                self._changed.wait_for(lambda: self._pending is not None)
                assert self._pending is not None
                (game,), self._pending = self._pending, None
                self._busy = True
            try:
                self._write(game)
                self.error = None
            except OSError as error:
                self.error = error
            finally:
                with self._changed:
                    self._busy = False
                    self._changed.notify_all()


class UnfinishedGame:
    """One window's unfinished game, kept in ``folder`` under a name of its
    own; ``legacy`` is the single file of earlier versions, taken once.

    :meth:`hold` marks the file as this window's while it runs, :meth:`save`
    writes the game as it is played, :meth:`take` claims a kept game,
    :meth:`release` ends the hold when the window closes. :meth:`kept_games`
    only reads; :meth:`prune` and :meth:`discard` are the only ones that
    remove other files. Methods that touch files raise OSError if they cannot."""

    def __init__(
        self, folder: Path, legacy: Path | None = None, *, background: bool = False
    ) -> None:
        self.folder = folder
        self.legacy = legacy
        #: With ``background``, :meth:`save` hands the game to a writer thread.
        self._writer = _LatestWriter(self._write) if background else None
        #: This window's own file (it exists only while a game is kept there).
        self.path = folder / _new_name()
        self._hold: contextlib.ExitStack | None = None
        self._error: OSError | None = None
        #: Why the folder cannot be written, once :meth:`take` read a game it
        #: could not take (the game stays in its file; None: taken, or none).
        self.unwritable: OSError | None = None

    def hold(self) -> None:
        """Hold the lock of this window's file until :meth:`release`, so that
        no other window takes the game while this one plays it."""
        if self._hold is not None:
            return
        self.folder.mkdir(parents=True, exist_ok=True)
        stack = contextlib.ExitStack()
        stack.enter_context(locked(self.path, timeout=0))
        self._hold = stack

    def release(self) -> None:
        """Write what is still to be written, then end the hold: a game kept in
        the file may now be taken. The file is dated now, so that of the kept
        games the one last on screen comes back first (not the one whose
        last move is the newest)."""
        self.flush()
        stack, self._hold = self._hold, None
        if stack is None:
            return
        with contextlib.suppress(OSError):
            if is_regular_file(self.path):
                _date_now(self.path)
        with stack:
            # Removed while held, so that a window taking the game later finds
            # no lock left behind (it makes its own).
            with contextlib.suppress(OSError):
                remove_regular_file(lock_path(self.path))

    def save(self, game: SavedGame | None) -> None:
        """Write ``game`` to this window's file; None removes the file (only
        this window's: no other is touched). In the background, the write
        happens soon after and a failure is only noted in :attr:`last_error`
        (the next save tries again)."""
        if self._writer is not None:
            self._writer.put(game)
            return
        try:
            self._write(game)
        except OSError as error:
            self._error = error
            raise
        self._error = None

    def flush(self, timeout: float | None = None) -> bool:
        """Wait until every game saved in the background is written; whether it is."""
        return self._writer is None or self._writer.flush(timeout)

    @property
    def last_error(self) -> OSError | None:
        """Why the latest save failed, None if it succeeded (or none was made);
        in the background, of the latest write done (:meth:`flush` first)."""
        return self._error if self._writer is None else self._writer.error

    def _write(self, game: SavedGame | None) -> None:
        if game is None:
            remove_regular_file(self.path)
        else:
            write_game(self.path, game)

    def take(self, path: Path | None = None) -> SavedGame | None:
        """Claim the newest kept game no running window holds (or the one in
        ``path``, chosen from :meth:`kept_games`), which becomes this window's
        own file; None if there is none (or ``path`` is held, taken or not a
        game). A game this window kept is not lost to one chosen by ``path``:
        it moves to a file of its own, free for any window to take (and
        listed by :meth:`kept_games`). Taking the newest prunes first (see
        :meth:`prune`)."""
        if path is not None:
            self.flush()
            mine = path.parent == self.folder and path != self.path
            return self._claim_chosen(path) if mine else None
        self.prune()
        for candidate in self._kept_files():  # each read once, as it is claimed
            game = self._claim_or_read(candidate)
            if game is not None:
                return game
        if self.legacy is not None:
            return self._claim_or_read(self.legacy)
        return None

    def _claim_chosen(self, path: Path) -> SavedGame | None:
        """The game in ``path``, claimed as by :meth:`_claim_or_read`, with
        this window's own game (if it kept one) moved aside first and back
        where ``path`` cannot be claimed."""
        aside = None
        if is_regular_file(self.path):
            aside = self.folder / _new_name()
            os.replace(self.path, aside)
        try:
            game = self._claim_or_read(path)
        finally:
            if aside is not None and not is_regular_file(self.path):
                os.replace(aside, self.path)  # nothing claimed: the game stays this window's
        if game is not None and is_regular_file(self.path):
            _date_now(self.path)  # on screen now
        return game

    def _claim_or_read(self, candidate: Path) -> SavedGame | None:
        """The game in ``candidate``, claimed (see :meth:`_claim`; a linked file
        of earlier versions is copied), or only read where the folder cannot
        be written (:attr:`unwritable` then says why); None if it is held,
        taken or not a game."""
        try:
            if candidate == self.legacy and candidate.is_symlink():
                return self._copy_linked_legacy(candidate)
            return self._claim(candidate)
        except OSError as error:
            if not is_unwritable(error):
                raise
            try:
                game = read_game(candidate)
            except GameFileError:
                return None
            self.unwritable = error
            return game

    def kept_games(self) -> list[KeptGame]:
        """The kept games no running window holds, newest first. Only reads:
        a folder that cannot be written is read as it is."""
        kept: list[KeptGame] = []
        for candidate in self._kept_files():
            entry = self._read_unheld(candidate)
            if entry is not None:
                kept.append(entry)
        return kept

    def prune(self) -> int:
        """Remove the old kept games: past the newest :data:`KEEP_AT_MOST`, or
        older than :data:`KEEP_SECONDS` (never the newest); and the lock files
        of windows that died with no game. Held files, links, files that are
        not games and folders that cannot be written stay. Returns how many
        games were removed."""
        self._remove_stale_locks()
        kept = removed = 0
        for candidate in self._kept_files():
            try:
                with _unheld(candidate):
                    entry = _read_kept(candidate)
                    too_old = time.time() - entry.saved_at > KEEP_SECONDS
                    if kept and (kept >= KEEP_AT_MOST or too_old):
                        if remove_regular_file(candidate):
                            removed += 1
                        continue
            except GameFileError:
                continue
            except OSError as error:
                if not is_unwritable(error) or self._read_unheld(candidate) is None:
                    continue  # held by a running window, or gone
            kept += 1
        return removed

    def discard(self, path: Path) -> bool:
        """Remove the kept game in ``path`` if no running window holds it and
        it is a game; whether it was removed."""
        try:
            with _unheld(path):
                read_game(path)
                return remove_regular_file(path)
        except (OSError, GameFileError):
            return False

    def _read_unheld(self, candidate: Path) -> KeptGame | None:
        """The kept game in ``candidate`` if no running window holds it (in a
        folder that cannot be written, where none can, read as it is); None
        if it is held, gone or not a game."""
        try:
            with _unheld(candidate):
                return _read_kept(candidate)
        except GameFileError:
            return None
        except OSError as error:
            if not is_unwritable(error):
                return None
        try:
            return _read_kept(candidate)
        except (OSError, GameFileError):
            return None

    def _remove_stale_locks(self) -> None:
        """Remove the lock files that windows which died with no game left,
        unless one is so new that its window is yet to lock it."""
        try:
            entries = list(os.scandir(self.folder))
        except (FileNotFoundError, NotADirectoryError):
            return
        names = {entry.name for entry in entries}
        for entry in entries:
            if entry.name.startswith(".") and entry.name.endswith(f"{SUFFIX}.lock"):
                game_name = entry.name[1 : -len(".lock")]
                with contextlib.suppress(OSError):
                    if game_name not in names and _age(entry.stat()) > STALE_SECONDS:
                        with _unheld(self.folder / game_name):
                            pass

    def _kept_files(self) -> list[Path]:
        """The saved-game files in the folder but this window's, newest first."""
        try:
            entries = list(os.scandir(self.folder))
        except (FileNotFoundError, NotADirectoryError):
            return []
        dated: list[tuple[float, Path]] = []
        for entry in entries:
            if entry.name.startswith(".") or not entry.name.endswith(SUFFIX):
                continue
            with contextlib.suppress(OSError):
                if entry.is_file(follow_symlinks=False) and entry.path != str(self.path):
                    dated.append((entry.stat(follow_symlinks=False).st_mtime, Path(entry.path)))
        return [path for _, path in sorted(dated, key=lambda item: item[0], reverse=True)]

    def _claim(self, candidate: Path) -> SavedGame | None:
        """The game in ``candidate`` if no window holds it and it is a saved
        game, renamed to this window's file; else None, the file left alone."""
        try:
            with _unheld(candidate):
                if not is_regular_file(candidate):
                    return None  # a link is never moved, nor what it points to
                try:
                    game = read_game(candidate)
                except GameFileError:
                    return None
                # The rename is the claim: of two windows only one can move it.
                self.folder.mkdir(parents=True, exist_ok=True)
                os.replace(candidate, self.path)
        except (LockTimeoutError, FileNotFoundError):
            return None  # held by a running window, or taken by another
        return game

    def _copy_linked_legacy(self, link: Path) -> SavedGame | None:
        """The game in the file the link ``link`` points to, copied into this
        window's file, if that file was not copied before (as it is now: the
        marker beside it in the folder says); else None. The link and its
        file are only read, never moved or deleted."""
        marker = self.folder / f".{link.name}.copied"
        try:
            with _unheld(link):
                status = os.stat(link)
                identity = (
                    f"{status.st_dev} {status.st_ino} {status.st_size} {status.st_mtime_ns}\n"
                )
                with contextlib.suppress(FileNotFoundError):
                    if read_limited(marker, 1024).decode("utf-8", "replace") == identity:
                        return None
                try:
                    game = read_game(link)
                except GameFileError:
                    return None
                self.folder.mkdir(parents=True, exist_ok=True)
                write_game(self.path, game)
                write_atomically(marker, identity)
        except (LockTimeoutError, FileNotFoundError, ValueError):
            return None
        return game


def is_unwritable(error: OSError) -> bool:
    """Whether ``error`` says a file or folder cannot be written (read-only,
    no permission), rather than held, gone or full."""
    return isinstance(error, PermissionError) or error.errno in (
        errno.EROFS,
        errno.EACCES,
        errno.EPERM,
    )


def _read_kept(path: Path) -> KeptGame:
    """The kept game in ``path``; raises OSError or GameFileError."""
    saved_at = path.stat().st_mtime
    return KeptGame(path, read_game(path), saved_at)


@contextlib.contextmanager
def _unheld(path: Path) -> Iterator[None]:
    """Hold the lock of ``path`` for the block if no running window holds it
    (else LockTimeoutError); its lock file is removed after, as nobody holds it."""
    with locked(path, timeout=0):
        try:
            yield
        finally:
            with contextlib.suppress(OSError):
                remove_regular_file(lock_path(path))


def _date_now(path: Path) -> None:
    """Date ``path`` now, to the nanosecond the clock gives (the kernel's own
    date for a file may be several milliseconds coarse, too coarse to tell
    two windows closed one after the other apart)."""
    now = time.time_ns()
    os.utime(path, ns=(now, now))


def _age(status: os.stat_result) -> float:
    """Seconds since the file of ``status`` was last changed."""
    return time.time() - status.st_mtime
