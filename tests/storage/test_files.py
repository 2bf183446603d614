"""Safe file I/O: atomic writes that keep modes and links, never follow a
planted link, clean up after themselves; bounded reads."""

from __future__ import annotations

import os
import stat
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from ttt_gui.config import GameConfig
from ttt_gui.storage.files import (
    REPLACE_WAITS,
    NotAFileError,
    read_limited,
    remove_stale_temporaries,
    remove_stale_temporaries_in,
    set_aside,
    write_atomically,
)
from ttt_gui.storage.settings import Settings, load, save

HOUR_AGO = time.time() - 3600


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def _age(path: Path, when: float = HOUR_AGO) -> None:
    os.utime(path, (when, when), follow_symlinks=False)


@pytest.fixture
def umask_027() -> Iterator[None]:
    previous = os.umask(0o027)
    yield
    os.umask(previous)


def test_an_existing_file_keeps_its_mode(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text("{}")
    path.chmod(0o600)
    save(Settings(theme="dark"), path)
    assert _mode(path) == 0o600
    assert load(path)[0].theme == "dark"
    path.chmod(0o644)
    write_atomically(path, "again")
    assert _mode(path) == 0o644 and path.read_text() == "again"


def test_a_new_file_gets_the_mode_the_umask_allows(tmp_path: Path, umask_027: None) -> None:
    path = tmp_path / "new" / "settings.json"
    save(Settings(), path)
    assert _mode(path) == 0o640


def test_a_symlinked_settings_path_writes_the_target_and_stays_a_link(tmp_path: Path) -> None:
    real = tmp_path / "dotfiles" / "settings.json"
    real.parent.mkdir()
    real.write_text("{}")
    real.chmod(0o600)
    link = tmp_path / "config" / "settings.json"
    link.parent.mkdir()
    link.symlink_to(real)
    settings = Settings(GameConfig(rows=5, cols=5), zoom=2.0)
    save(settings, link)
    assert link.is_symlink() and os.readlink(link) == str(real)
    assert load(real)[0] == settings and load(link)[0] == settings
    assert _mode(real) == 0o600
    assert sorted(os.listdir(real.parent)) == ["settings.json"], "no temporary left"
    assert sorted(os.listdir(link.parent)) == ["settings.json"]


def test_relative_chained_and_dangling_links_stay_links(tmp_path: Path) -> None:
    (tmp_path / "real").mkdir()
    relative = tmp_path / "relative.json"
    relative.symlink_to(Path("real") / "file.json")  # dangling until written
    chained = tmp_path / "chained.json"
    chained.symlink_to(relative)
    write_atomically(relative, "first")
    write_atomically(chained, "second")
    assert relative.is_symlink() and chained.is_symlink()
    assert (tmp_path / "real" / "file.json").read_text() == "second"
    assert sorted(os.listdir(tmp_path / "real")) == ["file.json"]


def test_a_link_planted_at_a_predictable_temporary_name_is_not_followed(
    tmp_path: Path,
) -> None:
    """Earlier versions wrote to ``.<name>.<process>.<thread>.tmp``; a link
    planted there must neither be written through nor be replaced."""
    victim = tmp_path / "victim.txt"
    victim.write_text("precious")
    path = tmp_path / "settings.json"
    planted = [
        tmp_path / f".settings.json.{os.getpid()}.{threading.get_ident()}.tmp",
        tmp_path / ".settings.json.tmp",
        tmp_path / "settings.json.tmp",
    ]
    for name in planted:
        name.symlink_to(victim)
    save(Settings(theme="dark"), path)
    save(Settings(theme="light"), path)
    assert victim.read_text() == "precious"
    assert all(name.is_symlink() and os.readlink(name) == str(victim) for name in planted)
    assert load(path)[0] == Settings(theme="light")


@pytest.mark.parametrize("name", ["a**b.json", "[settings].json", "what?.json", "*", "[!a]*?"])
def test_names_with_pattern_characters_save_and_clean_up(tmp_path: Path, name: str) -> None:
    others = [tmp_path / ".other.json.abcd1234.tmp", tmp_path / ".a.b.c.tmp"]
    for other in others:
        other.write_text("not ours")
        _age(other)
    stale = tmp_path / f".{name}.abcd1234.tmp"
    stale.write_text("left by a writer that died")
    _age(stale)
    path = tmp_path / name
    save(Settings(zoom=1.5), path)
    assert load(path) == (Settings(zoom=1.5), None, True)
    assert not stale.exists()
    assert all(other.read_text() == "not ours" for other in others)
    assert sorted(os.listdir(tmp_path)) == sorted([name, *(other.name for other in others)])


def test_only_stale_temporaries_of_the_same_file_are_removed(tmp_path: Path) -> None:
    removed = [".settings.json.abcd_123.tmp", ".settings.json.4242.139823.tmp"]
    kept = [
        ".settings.json.young123.tmp",  # a writer may be using it right now
        ".settings.json.backup.tmp",
        ".settings.json.old.abcd1234.tmp",
        ".settings.json.ABCD1234.tmp",
        ".settings.json.abcd1234.tmp.keep",
        "settings.json.abcd1234.tmp",
        ".game.ttt.abcd1234.tmp",
        ".settings.json.1.2.3.tmp",
        "notes.txt",
    ]
    for name in removed + kept:
        (tmp_path / name).write_text(name)
        if name != ".settings.json.young123.tmp":
            _age(tmp_path / name)
    folder = tmp_path / ".settings.json.folder12.tmp"
    folder.mkdir()
    _age(folder)
    link = tmp_path / ".settings.json.link1234.tmp"
    link.symlink_to(tmp_path / "notes.txt")
    _age(link)
    write_atomically(tmp_path / "settings.json", "{}")
    names = set(os.listdir(tmp_path))
    assert names.isdisjoint(removed)
    assert names == {*kept, folder.name, link.name, "settings.json"}
    assert all((tmp_path / name).read_text() == name for name in kept)


def test_stale_temporaries_are_removed_without_a_write_beside_a_linked_file(
    tmp_path: Path,
) -> None:
    """At start, before anything is written: the temporaries sit beside the
    file a link points to (where writes go); a missing folder is no error."""
    real = tmp_path / "real"
    real.mkdir()
    (real / "file.json").write_text("{}")
    link = tmp_path / "settings.json"
    link.symlink_to(real / "file.json")
    stale, young = real / ".file.json.abcd1234.tmp", real / ".file.json.young123.tmp"
    beside_link = tmp_path / ".settings.json.abcd1234.tmp"
    for name in (stale, young, beside_link):
        name.write_text("left")
    _age(stale)
    _age(beside_link)
    remove_stale_temporaries(link)
    remove_stale_temporaries(tmp_path / "missing" / "settings.json")
    assert sorted(os.listdir(real)) == sorted(["file.json", young.name])
    assert beside_link.exists(), "not a temporary of the file written"
    assert (real / "file.json").read_text() == "{}"


def test_stale_temporaries_in_a_folder_are_removed_whatever_file_they_were_for(
    tmp_path: Path,
) -> None:
    """The folder of unfinished games: files with names of their own."""
    game = tmp_path / "2026-11-25 101500 0a1b2c3d.ttt"
    game.write_text("kept")
    stale = tmp_path / ".2026-11-25 101500 0a1b2c3d.ttt.abcd1234.tmp"
    stale_of_a_removed_file = tmp_path / ".gone.ttt.zz99yy88.tmp"
    stale_old_style = tmp_path / ".gone.ttt.4242.17.tmp"
    young = tmp_path / ".2026-11-25 101500 0a1b2c3d.ttt.young123.tmp"
    look_alikes = [tmp_path / ".notes.tmp", tmp_path / ".gone.ttt.TOOLONG123.tmp"]
    for path in (stale, stale_of_a_removed_file, stale_old_style, young, *look_alikes):
        path.write_text("left")
    for path in (stale, stale_of_a_removed_file, stale_old_style, *look_alikes):
        _age(path)
    remove_stale_temporaries_in(tmp_path)
    remove_stale_temporaries_in(tmp_path / "missing")
    left = sorted(os.listdir(tmp_path))
    assert left == sorted([game.name, young.name, *(path.name for path in look_alikes)])


def test_a_failed_replace_leaves_the_old_file_and_no_temporary(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "settings.json"
    save(Settings(theme="dark"), path)
    before = path.read_bytes()

    def fail(source: object, destination: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(os, "replace", fail)
    with pytest.raises(PermissionError):
        save(Settings(theme="light"), path)
    assert os.listdir(tmp_path) == ["settings.json"]
    assert path.read_bytes() == before


def test_a_file_held_open_for_a_moment_is_replaced_when_it_is_let_go(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """As on Windows while a virus scanner or an indexer has the file open:
    the rename is refused a few times, then allowed."""
    path = tmp_path / "settings.json"
    save(Settings(theme="dark"), path)
    refusals = len(REPLACE_WAITS)
    attempts: list[object] = []
    real_replace = os.replace

    def held_for_a_moment(source: str, destination: str) -> None:
        attempts.append(destination)
        if len(attempts) <= refusals:
            raise PermissionError(13, "The process cannot access the file")
        real_replace(source, destination)

    monkeypatch.setattr(os, "replace", held_for_a_moment)
    started = time.monotonic()
    save(Settings(theme="light"), path)
    waited = time.monotonic() - started
    assert len(attempts) == refusals + 1
    assert load(path)[0].theme == "light"
    assert os.listdir(tmp_path) == ["settings.json"]
    assert sum(REPLACE_WAITS) <= waited < 1.0 + sum(REPLACE_WAITS)


def test_a_file_held_open_for_good_fails_after_the_short_retry(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "game.ttt"
    path.write_text("old")
    attempts: list[object] = []

    def held(source: str, destination: str) -> None:
        attempts.append(destination)
        raise PermissionError(13, "The process cannot access the file")

    monkeypatch.setattr(os, "replace", held)
    with pytest.raises(PermissionError) as raised:
        write_atomically(path, "new")
    assert raised.value.filename == str(path)
    assert len(attempts) == len(REPLACE_WAITS) + 1
    assert os.listdir(tmp_path) == ["game.ttt"] and path.read_text() == "old"


def test_text_that_cannot_be_written_leaves_no_temporary(tmp_path: Path) -> None:
    path = tmp_path / "game.ttt"
    path.write_text("old")
    with pytest.raises(UnicodeEncodeError):
        write_atomically(path, "a lone surrogate \ud800")
    assert os.listdir(tmp_path) == ["game.ttt"] and path.read_text() == "old"


def test_a_folder_in_the_way_is_not_replaced(tmp_path: Path) -> None:
    folder = tmp_path / "settings.json"
    folder.mkdir()
    with pytest.raises(OSError):
        write_atomically(folder, "{}")
    assert folder.is_dir() and os.listdir(tmp_path) == ["settings.json"]
    with pytest.raises(NotAFileError):
        write_atomically(Path("/"), "{}")


def test_writers_in_several_threads_never_mix_their_files(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    texts = [f"{number}\n" * 20_000 for number in range(8)]
    threads = [threading.Thread(target=write_atomically, args=(path, text)) for text in texts]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert path.read_text() in texts
    assert os.listdir(tmp_path) == ["settings.json"]


def test_read_limited_reads_regular_files_up_to_the_limit(tmp_path: Path) -> None:
    path = tmp_path / "file"
    path.write_bytes(b"x" * 2048)
    assert read_limited(path, 2048) == b"x" * 2048
    with pytest.raises(ValueError, match="larger than 1 KB"):
        read_limited(path, 1024)
    with pytest.raises(NotAFileError):
        read_limited(tmp_path, 1024)
    with pytest.raises(FileNotFoundError):
        read_limited(tmp_path / "missing", 1024)
    assert issubclass(NotAFileError, OSError)


def test_set_aside_keeps_every_unusable_file(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    asides = []
    for content in (b"one", b"two"):
        path.write_bytes(content)
        aside = set_aside(path)
        assert aside is not None and aside.name.startswith("settings.json.corrupt-")
        asides.append(aside)
    assert not path.exists()
    assert [aside.read_bytes() for aside in asides] == [b"one", b"two"]
    assert set_aside(tmp_path / "missing") is None


def test_a_failed_write_names_the_file_never_its_temporary(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    (path / "in the way").mkdir(parents=True)  # a folder that is not empty
    with pytest.raises(OSError) as raised:
        write_atomically(path, "text")
    assert raised.value.filename == str(path) and ".tmp" not in str(raised.value)
    assert [entry.name for entry in tmp_path.iterdir()] == ["settings.json"]
