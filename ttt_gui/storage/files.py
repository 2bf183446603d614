"""Safe file I/O for settings and saved games: bounded reads, atomic writes; no Tk.

A file is written to a temporary file beside it, flushed to disk, then renamed
over the old one, so a crash or a power loss leaves either the old or the new
file, never a mixture. A file that cannot be read is renamed aside, never
overwritten.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

from ttt_gui.words import gettext, ngettext

#: Temporary files older than this (seconds) were left by a writer that died.
STALE_SECONDS = 60.0
#: Seconds to wait before each new try of the rename that ends a write, when it
#: was refused: on Windows a virus scanner, an indexer or a sync client that
#: has the old file open refuses the rename for a moment (a PermissionError).
REPLACE_WAITS = (0.02, 0.05, 0.1, 0.2)
_SUFFIX = ".tmp"
#: The characters of the 8 random ones in ``tempfile.mkstemp`` names.
_RANDOM_CHARACTERS = frozenset("abcdefghijklmnopqrstuvwxyz0123456789_")


class NotAFileError(OSError):
    """A path that exists but is not a regular file (a folder, a pipe, a device)."""


class ReadOnlyFileError(PermissionError):
    """A file its owner made read-only: it is never replaced."""


class LockTimeoutError(OSError):
    """Another process held a file's lock for longer than the wait allowed."""


def read_limited(path: Path, limit: int) -> bytes:
    """The bytes of the regular file ``path``, which must hold at most ``limit``.

    Raises FileNotFoundError, NotAFileError, another OSError if it cannot be
    read, or ValueError if it is larger than ``limit``. Never blocks on a pipe
    and never reads more than ``limit + 1`` bytes.
    """
    if not path.name:
        raise NotAFileError(_names_no_file(path))
    info = path.stat()
    if not stat.S_ISREG(info.st_mode):
        raise NotAFileError(_not_regular(path.name))
    kilobytes = limit // 1024
    # TRANSLATORS: the largest size of file the game reads, in kilobytes.
    message = ngettext(
        "the file is larger than {size} KB", "the file is larger than {size} KB", kilobytes
    )
    too_large = ValueError(message.format(size=kilobytes))
    if info.st_size > limit:
        raise too_large
    with open(path, "rb") as file:
        data = file.read(limit + 1)
    if len(data) > limit:
        raise too_large
    return data


def is_regular_file(path: Path) -> bool:
    """Whether ``path`` itself is a regular file: not a symbolic link (to
    anything), a folder, a pipe or a device; False if it cannot be seen."""
    try:
        return stat.S_ISREG(os.lstat(path).st_mode)
    except (OSError, ValueError):
        return False


def remove_regular_file(path: Path) -> bool:
    """Delete ``path`` if it is a regular file of its own (never a symbolic
    link, which is left with what it points to); whether it was deleted.
    Raises nothing for a missing file; another OSError if it cannot be deleted."""
    if not is_regular_file(path):
        return False
    try:
        path.unlink()
    except FileNotFoundError:
        return False
    return True


def set_aside(path: Path) -> Path | None:
    """Rename an unusable file so it is kept but not read again; None if that
    fails, or if ``path`` is a symbolic link (a link is never moved: it and
    the file it points to are the person's)."""
    if not is_regular_file(path):
        return None
    aside = path.with_name(f"{path.name}.corrupt-{time.strftime('%Y%m%d-%H%M%S')}")
    counter = 1
    while aside.exists():
        aside = aside.with_name(f"{path.name}.corrupt-{time.strftime('%Y%m%d-%H%M%S')}-{counter}")
        counter += 1
    try:
        path.rename(aside)
    except OSError:
        return None
    return aside


def write_atomically(path: Path, text: str) -> None:
    """Replace the file ``path`` with ``text`` (UTF-8) so that readers see the
    old or the new file; missing folders are created.

    The file keeps its permission bits; a new one gets those of any new file
    (0o666 less the umask). If ``path`` is a symbolic link, the file it points
    to is replaced and the link stays. Raises OSError (UnicodeEncodeError for
    text that UTF-8 cannot hold), leaving no temporary file behind.
    """
    target = resolve_link(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    try:
        mode = stat.S_IMODE(os.stat(target).st_mode)
    except FileNotFoundError:
        mode = _new_file_mode()
    if not mode & stat.S_IWUSR:
        # The owner's write bit, not os.access(): the owner said "read-only",
        # and that holds for an administrator too.
        raise ReadOnlyFileError(errno.EACCES, gettext("the file is read-only"), str(path))
    # mkstemp picks an unpredictable name and creates it exclusively, so a
    # link planted in the folder is never followed.
    try:
        descriptor, name = tempfile.mkstemp(
            dir=target.parent, prefix=f".{target.name}.", suffix=_SUFFIX
        )
    except OSError as error:
        raise _naming(error, path) from None
    try:
        with os.fdopen(descriptor, "w", encoding="utf-8") as file:
            if hasattr(os, "fchmod"):
                os.fchmod(file.fileno(), mode)
            else:  # Windows before Python 3.13
                os.chmod(name, mode)
            file.write(text)
            file.flush()
            os.fsync(file.fileno())
        replace_patiently(name, target)
    except BaseException as error:
        with contextlib.suppress(OSError):
            os.unlink(name)
        if isinstance(error, OSError):
            raise _naming(error, path) from None
        raise
    _sync_folder(target.parent)
    _remove_stale_temporaries(target)


def replace_patiently(source: str | Path, target: str | Path) -> None:
    """``os.replace(source, target)``, tried again after each of
    :data:`REPLACE_WAITS` while it raises PermissionError (another program
    holding ``target`` open on Windows); the last PermissionError is raised.
    """
    for wait in REPLACE_WAITS:
        try:
            os.replace(source, target)
            return
        except PermissionError:
            time.sleep(wait)
    os.replace(source, target)


def _naming(error: OSError, path: Path) -> OSError:
    """``error`` about the file the person knows, ``path``, not the temporary."""
    return type(error)(error.errno, error.strerror or str(error), str(path))


def resolve_link(path: Path) -> Path:
    """The file a write to ``path`` changes: the target of a symbolic link
    (followed to its end), else ``path``. Raises NotAFileError for a path that
    names no file (an empty name, a trailing separator)."""
    target = Path(os.path.realpath(path)) if path.is_symlink() else path
    if not target.name:
        raise NotAFileError(_names_no_file(path))
    return target


def _names_no_file(path: Path) -> str:
    # TRANSLATORS: {path} is a path that ends in a folder separator, or is empty.
    return gettext("{path} names no file").format(path=repr(str(path)))


def _not_regular(name: str) -> str:
    # TRANSLATORS: {name} is a file name that is a folder, a device or a pipe.
    return gettext("{name} is not a regular file").format(name=name)


def lock_path(path: Path) -> Path:
    """The lock file of ``path`` that :func:`locked` uses: ``.<name>.lock`` beside it.

    >>> lock_path(Path("config/settings.json")).as_posix()
    'config/.settings.json.lock'
    """
    return path.with_name(f".{path.name}.lock")


@contextlib.contextmanager
def locked(path: Path, timeout: float = 5.0) -> Iterator[None]:
    """Hold the lock of the file ``path`` for the ``with`` block, so that
    processes that read, change and write it take turns.

    The lock is a lasting file beside ``path`` (:func:`lock_path`, created if
    needed, never removed: removing it would let two holders in), locked with
    ``flock`` (``msvcrt.locking`` on Windows). It is opened without following
    a symbolic link. Raises LockTimeoutError after ``timeout`` seconds, or
    another OSError if the lock file cannot be opened.
    """
    flags = os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
    lock = lock_path(path)
    descriptor = os.open(lock, flags, 0o600)
    try:
        if not stat.S_ISREG(os.fstat(descriptor).st_mode):
            raise NotAFileError(_not_regular(lock.name))
        deadline = time.monotonic() + timeout
        while not _try_lock(descriptor):
            if time.monotonic() >= deadline:
                # TRANSLATORS: another window of this game, saving the same file.
                message = gettext("another window kept the file locked")
                raise LockTimeoutError(errno.EAGAIN, message, str(path))
            time.sleep(0.01)
        try:
            yield
        finally:
            _unlock(descriptor)
    finally:
        os.close(descriptor)


if sys.platform == "win32":
    import msvcrt

    def _try_lock(descriptor: int) -> bool:
        try:
            msvcrt.locking(descriptor, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True

    def _unlock(descriptor: int) -> None:
        os.lseek(descriptor, 0, os.SEEK_SET)
        msvcrt.locking(descriptor, msvcrt.LK_UNLCK, 1)

else:
    import fcntl

    def _try_lock(descriptor: int) -> bool:
        try:
            fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        return True

    def _unlock(descriptor: int) -> None:
        fcntl.flock(descriptor, fcntl.LOCK_UN)


def _new_file_mode() -> int:
    """The permission bits ``open()`` gives a new file: 0o666 less the umask."""
    # The umask can only be read by setting it; a strict value meanwhile keeps
    # a file another thread creates in that instant private, not open.
    umask = os.umask(0o077)
    os.umask(umask)
    return 0o666 & ~umask


def _sync_folder(folder: Path) -> None:
    """Flush the folder, so the rename survives a power loss, where the system
    allows opening a folder (not on Windows)."""
    with contextlib.suppress(OSError):
        descriptor = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
        try:
            os.fsync(descriptor)
        finally:
            os.close(descriptor)


def _is_temporary_of(name: str, target: str) -> bool:
    """Whether ``name`` is a temporary file of :func:`write_atomically` for
    ``target``: ``.<target>.<8 random characters>.tmp``, or the
    ``.<target>.<process>.<thread>.tmp`` of earlier versions. Plain string
    comparisons: a file name is never a pattern."""
    prefix = f".{target}."
    if not (name.startswith(prefix) and name.endswith(_SUFFIX)):
        return False
    middle = name[len(prefix) : len(name) - len(_SUFFIX)]
    if len(middle) == 8 and set(middle) <= _RANDOM_CHARACTERS:
        return True
    process, _, thread = middle.partition(".")
    return process.isascii() and process.isdigit() and thread.isascii() and thread.isdigit()


def remove_stale_temporaries(path: Path) -> None:
    """Delete the temporary files that writes of ``path`` by
    :func:`write_atomically` left when their process died mid-write (a kill
    during a save): regular files named as its temporaries of ``path`` are,
    older than :data:`STALE_SECONDS`; nothing else. Never raises."""
    with contextlib.suppress(OSError, ValueError):
        _remove_stale_temporaries(resolve_link(path))


def remove_stale_temporaries_in(folder: Path) -> None:
    """Delete the temporaries that writes by :func:`write_atomically` left in
    ``folder`` when their process died mid-write, whatever file each was for
    (as :func:`remove_stale_temporaries`: only names of its temporaries,
    older than :data:`STALE_SECONDS`); for a folder of files with names of
    their own. Never raises."""
    targets: set[str] = set()
    with contextlib.suppress(OSError):
        for name in os.listdir(folder):
            if name.startswith(".") and name.endswith(_SUFFIX):
                stem = name[1 : -len(_SUFFIX)]
                targets.update(
                    stem.rsplit(".", cut)[0] for cut in (1, 2) if stem.count(".") >= cut
                )
    for target in targets:
        with contextlib.suppress(OSError, ValueError):
            _remove_stale_temporaries(folder / target)


def _remove_stale_temporaries(target: Path, age: float = STALE_SECONDS) -> None:
    """Delete temporary files of ``target`` left by writers that died mid-write."""
    now = time.time()
    with contextlib.suppress(OSError), os.scandir(target.parent) as entries:
        for entry in entries:
            if _is_temporary_of(entry.name, target.name):
                with contextlib.suppress(OSError):
                    info = entry.stat(follow_symlinks=False)
                    if stat.S_ISREG(info.st_mode) and now - info.st_mtime > age:
                        os.unlink(entry.path)


def describe_file_error(error: BaseException) -> str:
    """``error`` in words for a message, naming its file by its name only
    (the file the person knows: :func:`write_atomically` never reports its
    temporary)."""
    if isinstance(error, OSError):
        reason = error.strerror or str(error)
        return f"{Path(error.filename).name}: {reason}" if error.filename else reason
    return str(error)
