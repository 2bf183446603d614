"""Robustness: fuzzed settings and saved-game files, bad files opened in the
window, power loss while saving, loaded data never executed, bad command lines.

Case counts come from the environment, so that a long run can be made by hand:

- ``TTT_FUZZ_CASES``: generated inputs per loader on top of the fixed ones (300, 1000
  with --slow);
- ``TTT_FUZZ_EXAMPLES``: hypothesis examples per property (50, 150 with --slow);
- ``TTT_KILL_ROUNDS``: writer processes killed at a random moment (20, 50 with --slow);
- ``TTT_FUZZ_SEED``: seed of the generators and of hypothesis.

For example ``TTT_FUZZ_CASES=20000 TTT_KILL_ROUNDS=300 pytest tests/system/test_robustness.py -rP``
(``-rP`` shows the figures each test prints).
"""

from __future__ import annotations

import contextlib
import dataclasses
import datetime
import io
import json
import os
import pickle
import random
import re
import signal
import subprocess
import sys
import tempfile
import threading
import time
import traceback
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, fields
from pathlib import Path

import pytest
from conftest import examples, invoke, sample
from fakes import FakeDialogs
from hypothesis import HealthCheck, given, seed
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st

import ttt_gui.cli.compose
from ttt_gui.board import Board, Player
from ttt_gui.cli.main import main as cli_main
from ttt_gui.config import ConfigError, GameConfig, Mode
from ttt_gui.storage import games, settings
from ttt_gui.storage.games import GameFileError, SavedGame, parse_game, read_game
from ttt_gui.storage.puzzle_record import Attempt, PuzzleRecord, PuzzleRecordError, Rating
from ttt_gui.storage.settings import Settings, load


def _from_environment(name: str, default: int) -> int:
    return int(os.environ.get(name, default))


FUZZ_CASES = _from_environment("TTT_FUZZ_CASES", 0)  # 0: 300, or 1000 with --slow
FUZZ_EXAMPLES = _from_environment("TTT_FUZZ_EXAMPLES", 0) or examples(150, 50)
KILL_ROUNDS = _from_environment("TTT_KILL_ROUNDS", 0)  # 0: 20, or 50 with --slow
SEED = _from_environment("TTT_FUZZ_SEED", 2024)

#: No single input may take longer than this to load or to be refused.
CASE_SECONDS = 2.0
#: A message for the status bar names the problem in a line, not a dump of the file.
MESSAGE_CHARS = 500
TEN_MB = 10 * 1024 * 1024
ROOT = Path(__file__).resolve().parents[2]

FUZZ = hypothesis_settings(
    max_examples=FUZZ_EXAMPLES,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)

# -- real files, and the ways to spoil them -----------------------------------

REAL_SETTINGS = Settings(
    GameConfig(
        mode=Mode.HOTSEAT,
        human=Player.O,
        level="hard",
        rows=5,
        cols=5,
        win_length=4,
        think_time=2.0,
    ),
    theme="dark",
    zoom=1.5,
    window="640x480",
    watch_delay=100,
    analysis=True,
    scores={"hotseat:5x5:4": {"X": 2, "O": 1, "draw": 3}},
    puzzles=PuzzleRecord().with_attempt(
        Attempt("small-0003", datetime.date(2026, 11, 29), True),
        "small",
        Rating(1620.5, 240.25, 0.06),
    ),
)
REAL_GAME = SavedGame(
    GameConfig(
        mode=Mode.COMPUTER, human=Player.O, level="hard", depth=5, rows=4, cols=4, win_length=3
    ),
    moves=(6, 2, 10),
    start="X.../.O../..../....",
)
#: The keys of a settings file: the game's fields, then the display settings
#: (``extra`` holds the keys of a later version, not a key of its own).
GAME_NAMES = list(GameConfig().to_dict())
SETTING_NAMES = [
    *GAME_NAMES,
    *(field.name for field in fields(Settings) if field.name not in ("game", "extra")),
]

#: JSON values of the wrong type or out of range, for every setting of REAL_SETTINGS.
SETTINGS_WRONG: dict[str, list[str]] = {
    "mode": ["1", "true", "null", "[]", "{}", '"Hotseat"', '""', "1.5"],
    "human": ['"x"', "0", "null", '["X"]', '{"X": 1}', "false"],
    "level": ['"godlike"', "4", "null", '["perfect"]', '{"perfect": 1}', "true"],
    "x_level": ['"godlike"', "1", "null", '["easy"]', "{}"],
    "o_level": ['"Perfect"', "2", "null", '["hard"]', "{}"],
    "depth": ["0", "-1", '"3"', "3.0", "true", "[3]", "{}", "26", "1.5", '"none"'],
    "size": ['"5"', "5.0", "true", "null", "[5]", "{}", "2", "16", "-5"],
    "rows": ['"5"', "5.0", "true", "null", "[5]", "2", "16"],
    "cols": ["4.0", "false", "null", "1", "99"],
    "gravity": ["1", '"yes"', "[]"],
    "misere": ["0", '"no"', "{}"],
    "exact": ["1", '"yes"', "[]"],
    "win_length": ['"4"', "4.0", "true", "null", "[4]", "6", "2"],
    "think_time": ['"1"', "true", "null", "[1]", "0", "61", "0.01", "-1"],
    "theme": ['"neon"', "1", "null", '["dark"]', "true", '""'],
    "zoom": ['"1.5"', "true", "null", "0.4", "3.1", "[1.5]", "{}"],
    "window": ["1", "null", "[]", "{}", "true", json.dumps("x" * 40)],
    "watch_delay": ['"400"', "400.0", "true", "null", "-1", "5001", "[]"],
    "analysis": ["0", "1", '"true"', "null", "[]", '"false"'],
    "history": ["0", '"yes"', "null", "{}"],
    "coordinates": ["0", '"yes"', "[]", "{}"],
    "alternate": ["0", '"no"', "null", "[]"],
    "motion": ["0", '"no"', "null", "[]"],
    "sound": ["0", "1", '"on"', "[]", "{}"],
    "toolbar": ["0", '"no"', "null", "[]"],
    "language": ["1", "null", "[]", "{}", '"de DE"', '"../de"', json.dumps("d" * 40)],
    "folder": ["1", "null", "[]", "{}", json.dumps("x" * 5000)],
    "recent": [
        "{}",
        '"x"',
        "1",
        "null",
        "[1]",
        '[{"mode": "nonsense"}]',
        '[{"rows": 99}]',
        '[{"level": "godlike"}]',
        "[{}, {}, {}, {}]",
    ],
    "puzzles": [
        "[]",
        '"x"',
        "null",
        '{"attempts": "2026-11-29 small-0003 solved"}',
        '{"attempts": ["2026-11-29 small-0003 won"]}',
        '{"ratings": {"small": [1500, -1, 0.06]}}',
        '{"ratings": {"small": [1500, 200, 1.5]}}',
        '{"count": -1}',
    ],
    "scores": [
        "[]",
        '"x"',
        "1",
        "null",
        '{"k": []}',
        '{"k": {"X": -1}}',
        '{"k": {"X": "1"}}',
        '{"k": {"X": true}}',
        '{"k": {"X": 1e9}}',
        '{"k": {"X": 1000000000}}',
        '{"k": null}',
    ],
}

#: The same for every field of REAL_GAME (a 4x4 game with a start position).
GAME_WRONG: dict[str, list[str]] = {
    "format": ['"chess"', "1", "null", "[]", '"TTT-GUI GAME"', '""'],
    "version": ["2", '"1"', "true", "null", "[1]", "0", "-1"],
    "size": ['"4"', "4.0", "true", "null", "2", "16", "[4]", "3", "5"],
    "rows": ["2", "16", '"4"', "true", "3"],
    "gravity": ["1", '"yes"', "true"],
    "win_length": ['"3"', "3.0", "true", "null", "5", "2", "[3]"],
    "moves": [
        '"c2"',
        "{}",
        "null",
        "1",
        '["z9"]',
        "[1]",
        '["a1"]',
        "[null]",
        '[["c2"]]',
        '["c2", "c2"]',
        '["e1"]',
        '["a5"]',
        '[""]',
    ],
    "start": [
        "1",
        "[]",
        "true",
        '"xxx"',
        '"X.../...."',
        '""',
        '"XX../..../..../...."',
        '"O.../..../..../...."',
    ],
    "mode": ['"online"', "1", "null", "[]", "true", '"Hotseat"'],
    "human": ['"x"', "1", "null", "[]", '"XO"'],
    "level": ['"godlike"', "1", "null", "[]", "{}", '"Perfect"'],
    "x_level": ['"godlike"', "null", '["easy"]'],
    "o_level": ['"godlike"', "true", "{}"],
    "depth": ["0", "-1", '"3"', "3.0", "true", "17", "[3]"],
    "think_time": ['"1"', "true", "[1]", "{}", "0", "61", "0.01", "-1"],
}
#: Words one of which a message about each field of a game must contain.
GAME_WORDS: dict[str, tuple[str, ...]] = {
    "format": ("not a saved game", "format"),
    "version": ("version",),
    "size": ("size",),
    "rows": ("rows", "start position", "win length", "size"),
    "gravity": ("gravity", "start", "impossible"),
    "win_length": ("win_length", "win length"),
    "moves": ("move",),
    "start": ("start",),
    "mode": ("mode",),
    "human": ("human", "side"),
    "level": ("level",),
    "x_level": ("level",),
    "o_level": ("level",),
    "depth": ("depth",),
    "think_time": ("think",),
}

HUGE_NUMBERS = [
    "1" + "0" * 400,
    "-1" + "0" * 400,
    "1e999",
    "-1e999",
    "1E+400",
    "1e-999",
    "NaN",
    "Infinity",
    "-Infinity",
    "9" * 4000,
    "1" + "0" * 5000,
    "0." + "0" * 400 + "1",
    "1" + "0" * 400 + ".5",
]
NUMBER_WORDS = ("json", "number", "digit", "large")
ENCODING_WORDS = ("utf-8", "json", "decode", "encod")
NESTING_WORDS = ("json", "nest", "deep")
BAD_UTF8 = [
    b"\xff",
    b"\xc3\x28",
    b"\xed\xa0\x80",
    b"\xc0\xaf",
    b"\xf4\x90\x80\x80",
    b"\xe2\x82",
    b"\x80",
    b"\xfe\xfe\xff\xff",
]
CONTROL_BYTES = [b"\x00", b"\x01", b"\x0b", b"\x0c", b"\x1b", b"\x7f\x00"]


@dataclass(frozen=True)
class Case:
    """One input for a loader: ``expect`` is "bad" (must be refused) or "either"
    (refused, or loaded and equal to ``value`` when that is given)."""

    category: str
    label: str
    content: bytes
    expect: str = "bad"
    words: tuple[str, ...] = ()
    value: object = None


def _with_field(base: dict, name: str, snippet: str) -> str:
    """``base`` as indented JSON with the raw JSON ``snippet`` as the value of ``name``."""
    text = json.dumps({**base, name: "@@VALUE@@"}, indent=2)
    return text.replace('"@@VALUE@@"', snippet, 1)


def _nested(depth: int, style: str) -> str:
    if style == "list":
        return "[" * depth + "]" * depth
    return '{"a": ' * depth + "1" + "}" * depth


def _prefixes(text: str, value: object) -> Iterator[Case]:
    data = text.encode()
    complete = text.rstrip()
    for end in range(len(data)):
        prefix = data[:end]
        if prefix.decode().rstrip() == complete:
            yield Case("truncated", f"prefix of {end} bytes", prefix, "either", value=value)
        else:
            yield Case("truncated", f"prefix of {end} bytes", prefix, "bad", ("json",))


def _mutate(data: bytes, rng: random.Random) -> bytes:
    """One to five random byte edits: flip, delete, insert, duplicate or swap."""
    data = bytearray(data)
    for _ in range(rng.randint(1, 5)):
        if not data:
            data.append(rng.randrange(256))
            continue
        where = rng.randrange(len(data))
        kind = rng.randrange(5)
        if kind == 0:
            data[where] = rng.randrange(256)
        elif kind == 1:
            del data[where : where + rng.randint(1, 8)]
        elif kind == 2:
            data[where:where] = bytes([rng.choice(b'{}[]",:0123456789.eE-tnfu \n\\')])
        elif kind == 3:
            end = min(len(data), where + rng.randint(1, 40))
            data[where:where] = data[where:end]
        else:
            other = rng.randrange(len(data))
            data[where], data[other] = data[other], data[where]
    return bytes(data)


def _common_cases(
    kind: str,
    text: str,
    limit: int,
    value: object,
    wrong_shapes: list[str],
    shape_words: tuple[str, ...],
) -> Iterator[Case]:
    """Fixed cases that do not depend on the fields: prefixes, encodings,
    nesting, sizes and shapes."""
    yield from _prefixes(text, value)
    for encoding in ("utf-16", "utf-16-le", "utf-16-be", "utf-32"):
        yield Case("encoding", encoding, text.encode(encoding), "bad", ENCODING_WORDS)
    yield Case(
        "encoding", "UTF-8 with a BOM", b"\xef\xbb\xbf" + text.encode(), "either", value=value
    )
    yield Case(
        "encoding", "UTF-16 BOM then UTF-8", b"\xff\xfe" + text.encode(), "bad", ENCODING_WORDS
    )
    for bad in BAD_UTF8:
        yield Case("encoding", f"{bad!r} first", bad + text.encode(), "bad", ENCODING_WORDS)
        yield Case("encoding", f"{bad!r} last", text.encode() + bad, "bad", ENCODING_WORDS)
    for depth in (1000, 10_000, 100_000):
        for opener, kind in (("[", "list"), ("{", "dict")):
            yield Case(
                "nesting",
                f"{opener} x {depth}",
                _nested(depth, kind).encode(),
                "bad",
                NESTING_WORDS + shape_words,
            )
        yield Case("nesting", f"unclosed [ x {depth}", b"[" * depth, "bad", NESTING_WORDS)
    padded = text[:-2] + " " * (limit - len(text.encode())) + text[-2:]
    yield Case("huge", "exactly at the limit", padded.encode(), "either", value=value)
    yield Case("huge", "one byte over the limit", padded.encode() + b" ", "bad", ("larger",))
    yield Case(
        "huge",
        "10 MB of JSON",
        (text[:-2] + " " * TEN_MB + text[-2:]).encode(),
        "bad",
        ("larger",),
    )
    yield Case("huge", "10 MB of zero bytes", bytes(TEN_MB), "bad", ("larger",))
    for number in HUGE_NUMBERS:
        yield Case(
            "huge number",
            f"a file that is {number[:12]}",
            number.encode(),
            "bad",
            NUMBER_WORDS + shape_words,
        )
    for shape in wrong_shapes:
        yield Case("wrong shape", shape[:40], shape.encode(), "bad", shape_words)
    yield Case("random bytes", "empty", b"", "bad", ("json",))
    yield Case("random bytes", f"{kind} as pickle", pickle.dumps(json.loads(text)), "bad")


def _field_cases(
    base: dict,
    wrong: dict[str, list[str]],
    words: Callable[[str], tuple[str, ...]],
) -> Iterator[Case]:
    """Fixed cases per field: every wrong value, every huge number, deep nesting."""
    for name, values in wrong.items():
        for snippet in values:
            yield Case(
                "wrong type",
                f"{name} = {snippet}",
                _with_field(base, name, snippet).encode(),
                "bad",
                words(name),
            )
        for number in HUGE_NUMBERS:
            yield Case(
                "huge number",
                f"{name} = {number[:12]}...",
                _with_field(base, name, number).encode(),
                "bad",
                words(name) + NUMBER_WORDS,
            )
        for depth in (2000, 100_000):
            for style in ("list", "dict"):
                yield Case(
                    "nesting",
                    f"{name} nested {style} x {depth}",
                    _with_field(base, name, _nested(depth, style)).encode(),
                    "bad",
                    words(name) + NESTING_WORDS,
                )


def _random_cases(
    rng: random.Random,
    count: int,
    text: str,
    base: dict,
    wrong: dict[str, list[str]],
    words: Callable[[str], tuple[str, ...]],
    limit: int,
    wrong_shapes: list[str],
    shape_words: tuple[str, ...],
    latin1: Callable[[], str],
) -> Iterator[Case]:
    """``count`` seeded cases, a random category each."""
    names = list(wrong)
    for number in range(count):
        category = rng.choice(
            [
                "wrong type",
                "several wrong",
                "huge number",
                "nesting",
                "encoding",
                "huge",
                "random bytes",
                "wrong shape",
                "mutation",
                "mutation",
            ]
        )
        name = rng.choice(names)
        label = f"#{number} {category}"
        if category == "wrong type":
            snippet = rng.choice(wrong[name])
            yield Case(
                category,
                f"{label}: {name} = {snippet}",
                _with_field(base, name, snippet).encode(),
                "bad",
                words(name),
            )
        elif category == "several wrong":
            chosen = rng.sample(names, rng.randint(2, 4))
            document = json.dumps(
                {**base, **{other: f"@@{other}@@" for other in chosen}},
                indent=rng.choice([None, 1, 2, 4]),
            )
            for other in chosen:
                document = document.replace(f'"@@{other}@@"', rng.choice(wrong[other]), 1)
            all_words = tuple(word for other in chosen for word in words(other))
            yield Case(
                category, f"{label}: {', '.join(chosen)}", document.encode(), "bad", all_words
            )
        elif category == "huge number":
            number = rng.choice(HUGE_NUMBERS)
            yield Case(
                category,
                f"{label}: {name} = {number[:12]}",
                _with_field(base, name, number).encode(),
                "bad",
                words(name) + NUMBER_WORDS,
            )
        elif category == "nesting":
            depth = rng.choice([rng.randint(2, 3000), 10_000, 100_000])
            style = rng.choice(["list", "dict"])
            yield Case(
                category,
                f"{label}: {name} {style} x {depth}",
                _with_field(base, name, _nested(depth, style)).encode(),
                "bad",
                words(name) + NESTING_WORDS,
            )
        elif category == "encoding":
            data = text.encode()
            way = rng.randrange(4)
            if way == 0:
                encoded = (
                    _mutate(data, rng)
                    .decode("utf-8", "replace")
                    .encode(rng.choice(["utf-16", "utf-16-be", "utf-32-le"]))
                )
            elif way == 1:
                encoded = latin1().encode("latin-1")
            else:
                where = rng.randrange(len(data) + 1)
                insert = rng.choice(BAD_UTF8 if way == 2 else CONTROL_BYTES)
                encoded = data[:where] + insert + data[where:]
            yield Case(category, f"{label} ({way})", encoded, "bad", ENCODING_WORDS)
        elif category == "huge":
            extra = rng.randint(1, 100_000)
            filler = rng.choice([" ", "\n", "\t"]) * (limit - len(text) + extra)
            yield Case(
                category,
                f"{label}: {extra} bytes over",
                (text[:-2] + filler + text[-2:]).encode(),
                "bad",
                ("larger",),
            )
        elif category == "random bytes":
            size = rng.choice([1, 2, 10, 100, 1000, 10_000])
            yield Case(category, f"{label}: {size} bytes", rng.randbytes(size), "either")
        elif category == "wrong shape":
            yield Case(category, label, rng.choice(wrong_shapes).encode(), "bad", shape_words)
        else:
            yield Case(category, label, _mutate(text.encode(), rng), "either")


SETTINGS_TEXT = REAL_SETTINGS.to_json()
SETTINGS_BASE = json.loads(SETTINGS_TEXT)
SETTINGS_SHAPES = [
    "[]",
    f"[{SETTINGS_TEXT}]",
    '"settings"',
    "0",
    "null",
    "true",
    "3.5",
    json.dumps(SETTINGS_TEXT),
    '[{"size": 3}]',
    "1" + "0" * 400,
]
SETTINGS_SHAPE_WORDS = ("json object", "expected")


def _setting_words(name: str) -> tuple[str, ...]:
    return (f"'{name}'",)


def settings_cases(count: int, rng: random.Random) -> Iterator[Case]:
    yield from _common_cases(
        "settings",
        SETTINGS_TEXT,
        settings.MAX_FILE_BYTES,
        REAL_SETTINGS,
        SETTINGS_SHAPES,
        SETTINGS_SHAPE_WORDS,
    )
    yield from _field_cases(SETTINGS_BASE, SETTINGS_WRONG, _setting_words)

    def latin1() -> str:
        return _with_field(SETTINGS_BASE, rng.choice(["window", "mode"]), '"caf\u00e9"')

    yield from _random_cases(
        rng,
        count,
        SETTINGS_TEXT,
        SETTINGS_BASE,
        SETTINGS_WRONG,
        _setting_words,
        settings.MAX_FILE_BYTES,
        SETTINGS_SHAPES,
        SETTINGS_SHAPE_WORDS,
        latin1,
    )


GAME_TEXT = REAL_GAME.to_json()
GAME_BASE = json.loads(GAME_TEXT)
GAME_SHAPES = [
    "[]",
    f"[{GAME_TEXT}]",
    '"game"',
    "0",
    "null",
    "true",
    "{}",
    SETTINGS_TEXT,
    json.dumps({"game": GAME_BASE}),
    json.dumps(GAME_TEXT),
    "1" + "0" * 400,
]
GAME_SHAPE_WORDS = ("not a saved game", "json")


def _game_words(name: str) -> tuple[str, ...]:
    return GAME_WORDS[name]


def game_cases(count: int, rng: random.Random) -> Iterator[Case]:
    yield from _common_cases(
        "game", GAME_TEXT, games.MAX_FILE_BYTES, REAL_GAME, GAME_SHAPES, GAME_SHAPE_WORDS
    )
    yield from _field_cases(GAME_BASE, GAME_WRONG, _game_words)

    def latin1() -> str:
        return _with_field(GAME_BASE, rng.choice(["mode", "start", "level"]), '"\u00e9t\u00e9"')

    yield from _random_cases(
        rng,
        count,
        GAME_TEXT,
        GAME_BASE,
        GAME_WRONG,
        _game_words,
        games.MAX_FILE_BYTES,
        GAME_SHAPES,
        GAME_SHAPE_WORDS,
        latin1,
    )


# -- checking one case ---------------------------------------------------------

Problem = tuple[str, str]  # (kind of problem, which input and what was seen)


def check_settings_case(case: Case, folder: Path) -> Problem | None:
    """Load ``case`` from a file in the empty ``folder``; the problem, if any."""
    path = folder / "settings.json"
    path.write_bytes(case.content)
    what = f"{case.category}: {case.label}"
    started = time.monotonic()
    try:
        loaded, message, can_save = load(path)
    except Exception as error:
        return f"load() raised {type(error).__name__}", f"{what}: {str(error)[:100]}"
    finally:
        elapsed = time.monotonic() - started
    if elapsed > CASE_SECONDS:
        return "too slow", f"{what}: {elapsed:.2f} s"
    names = sorted(os.listdir(folder))
    if message is None:
        if case.expect == "bad":
            return "a bad file was accepted", what
        if names != ["settings.json"] or path.read_bytes() != case.content:
            return "an accepted file was changed", what
        if not can_save:
            return "an accepted file may not be saved", what
        try:
            loaded.validate()
        except settings.SettingsError as error:
            return "accepted settings do not validate", f"{what}: {error}"
        if Settings.from_json(loaded.to_json()) != loaded:
            return "accepted settings do not round-trip", what
        if case.value is not None and loaded != case.value:
            return "a valid file loaded wrong", what
        return None
    if loaded != Settings():
        return "refused file did not give defaults", what
    if not isinstance(message, str) or not message.strip():
        return "empty message", what
    if len(message) > MESSAGE_CHARS:
        return f"message longer than {MESSAGE_CHARS} characters", f"{what}: {len(message)}"
    reason = re.match(
        r"The settings file settings\.json could not be read \((.+)\); it was kept as "
        r"(settings\.json\.corrupt-[0-9-]+)\. Using defaults\.$",
        message,
        re.S,
    )
    if reason is None:
        return "message not in the usual form", f"{what}: {message[:150]}"
    words = ("larger",) if len(case.content) > settings.MAX_FILE_BYTES else case.words
    if words and not any(word.lower() in reason[1].lower() for word in words):
        return (
            "message does not say what was wrong",
            f"{what}: {reason[1][:150]!r} (expected one of {words[:3]})",
        )
    if names != [reason[2]] or (folder / reason[2]).read_bytes() != case.content:
        return "the bad file was not kept byte for byte", f"{what}: {names[:3]}"
    if not can_save:
        return "can_save is False although the bad file was set aside", what
    return None


#: Kinds of broken files that are no saved game at all.
NOT_A_GAME = (
    "truncated",
    "encoding",
    "nesting",
    "random bytes",
    "numbers",
    "shape",
    "huge number",
)


def check_game_case(case: Case, folder: Path) -> Problem | None:
    """Read ``case`` as a file, as bytes and (if UTF-8) as text; the problem, if any."""
    path = folder / "game.ttt"
    path.write_bytes(case.content)
    what = f"{case.category}: {case.label}"
    calls: list[tuple[str, Callable[[], SavedGame]]] = [
        ("read_game", lambda: read_game(path)),
        ("parse_game(bytes)", lambda: parse_game(case.content)),
    ]
    try:
        text = case.content.decode()
        calls.append(("parse_game(str)", lambda: parse_game(text)))
    except UnicodeDecodeError:
        pass
    results: list[SavedGame | GameFileError] = []
    for name, call in calls:
        started = time.monotonic()
        try:
            results.append(call())
        except GameFileError as error:
            results.append(error)
        except Exception as error:
            return f"{name} raised {type(error).__name__}", f"{what}: {str(error)[:100]}"
        finally:
            elapsed = time.monotonic() - started
        if elapsed > CASE_SECONDS:
            return "too slow", f"{what}: {name} took {elapsed:.2f} s"
    if path.read_bytes() != case.content or os.listdir(folder) != ["game.ttt"]:
        return "reading changed the folder", what
    outcome = results[0]
    if isinstance(outcome, GameFileError):
        message = str(outcome)
        if case.expect == "good":
            return "a valid game was refused", f"{what}: {message}"
        if not message.strip():
            return "empty message", what
        if len(message) > MESSAGE_CHARS:
            return f"message longer than {MESSAGE_CHARS} characters", f"{what}: {len(message)}"
        words = ("larger",) if len(case.content) > games.MAX_FILE_BYTES else case.words
        # A file that is not JSON text at all is "not a saved game", in the
        # person's words, whatever its bytes were.
        words = (*words, "not a saved game") if words and case.category in NOT_A_GAME else words
        if words and not any(word.lower() in message.lower() for word in words):
            return (
                "message does not say what was wrong",
                f"{what}: {message[:150]!r} (expected one of {words[:3]})",
            )
        if not isinstance(results[1], GameFileError) or str(results[1]) != message:
            return "read_game and parse_game disagree", what
        return None
    if case.expect == "bad":
        return "a bad game was accepted", f"{what}: {outcome}"[:200]
    if any(result != outcome for result in results):
        return "read_game and parse_game disagree", what
    if parse_game(outcome.to_json()) != outcome:
        return "an accepted game does not round-trip", what
    if case.value is not None and outcome != case.value:
        return "a valid game loaded wrong", what
    return None


def summarise(problems: list[Problem], tried: int) -> str:
    """Problems grouped by kind, with an example from each category of input."""
    kinds: dict[str, dict[str, list[str]]] = {}
    for kind, detail in problems:
        category = detail.split(":", 1)[0]
        kinds.setdefault(kind, {}).setdefault(category, []).append(detail)
    lines = [f"{len(problems)} of {tried} inputs went wrong:"]
    for kind, categories in sorted(kinds.items(), key=lambda item: -len(item[1])):
        count = sum(len(details) for details in categories.values())
        lines.append(f"  {kind}: {count}")
        lines.extend(f"      e.g. {details[0]}" for details in list(categories.values())[:4])
    return "\n".join(lines)


def run_cases(
    cases: Iterator[Case], check: Callable[[Case, Path], Problem | None], root: Path
) -> tuple[int, list[Problem], dict[str, int]]:
    """Check every case in a fresh folder; also prints the figures of the run."""
    tried, problems, per_category = 0, [], {}
    slowest, started = (0.0, ""), time.monotonic()
    for case in cases:
        folder = root / str(tried)
        folder.mkdir()
        case_started = time.monotonic()
        problem = check(case, folder)
        slowest = max(slowest, (time.monotonic() - case_started, case.label))
        if problem:
            problems.append(problem)
        for child in folder.iterdir():
            child.unlink()
        folder.rmdir()
        tried += 1
        per_category[case.category] = per_category.get(case.category, 0) + 1
    print(
        f"{tried} inputs in {time.monotonic() - started:.1f} s, {len(problems)} went wrong; "
        f"slowest {slowest[0]:.3f} s ({slowest[1]}); by category {per_category}"
    )
    return tried, problems, per_category


# -- 1. fuzzing the loaders ----------------------------------------------------


def test_the_real_files_load() -> None:
    """The files every case spoils are valid to begin with."""
    assert Settings.from_json(SETTINGS_TEXT) == REAL_SETTINGS
    assert parse_game(GAME_TEXT) == REAL_GAME
    for name, values in GAME_WRONG.items():
        assert name in GAME_BASE, name
        assert values
    assert set(SETTINGS_WRONG) == set(SETTING_NAMES)


def test_settings_loader_survives_bad_files(tmp_path: Path, exhaustive: bool) -> None:
    """Every bad settings file gives defaults, a message naming the problem, and
    is kept aside byte for byte; nothing raises, nothing takes long."""
    count = FUZZ_CASES or (1000 if exhaustive else 100)
    tried, problems, _ = run_cases(
        settings_cases(count, random.Random(SEED)), check_settings_case, tmp_path
    )
    assert tried >= count
    assert not problems, summarise(problems, tried)


def test_game_loader_survives_bad_files(tmp_path: Path, exhaustive: bool) -> None:
    """Every bad saved game raises GameFileError naming the problem, nothing else."""
    count = FUZZ_CASES or (1000 if exhaustive else 100)
    tried, problems, _ = run_cases(
        game_cases(count, random.Random(SEED + 1)), check_game_case, tmp_path
    )
    assert tried >= count
    assert not problems, summarise(problems, tried)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=30),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4)
    ),
    max_leaves=12,
)


def _settings_with(changes: dict) -> Settings | None:
    """REAL_SETTINGS with the given values (those that are not settings kept
    as a later version's); None if the game's values do not make a configuration."""
    game = {name: value for name, value in changes.items() if name in GAME_NAMES}
    display = {
        name: value
        for name, value in changes.items()
        if name in SETTING_NAMES and name not in GAME_NAMES
    }
    try:
        config = GameConfig.from_dict(game, base=REAL_SETTINGS.game)
        if "puzzles" in display:
            display["puzzles"] = PuzzleRecord.from_json_value(display["puzzles"])
    except (ConfigError, OverflowError, PuzzleRecordError):
        return None
    extra = {name: value for name, value in changes.items() if name not in SETTING_NAMES}
    return dataclasses.replace(REAL_SETTINGS, game=config, **display, extra=extra)


@seed(SEED)
@FUZZ
@given(
    changes=st.dictionaries(
        st.sampled_from([*SETTING_NAMES, "other"]), json_values, min_size=1, max_size=4
    )
)
def test_settings_with_any_json_values(tmp_path: Path, changes: dict) -> None:
    """Real settings with some values replaced by any JSON: loaded as given, or
    refused with a message that names a setting."""
    text = json.dumps({**SETTINGS_BASE, **changes}, indent=2)
    case = Case(
        "any JSON",
        f"{changes!r:.150}",
        text.encode(),
        "either",
        tuple(f"'{name}'" for name in SETTING_NAMES),
        _settings_with(changes),
    )
    problem = check_settings_case(case, Path(tempfile.mkdtemp(dir=tmp_path)))
    assert problem is None, problem


@seed(SEED)
@FUZZ
@given(content=st.binary(max_size=3000))
def test_settings_from_any_bytes(tmp_path: Path, content: bytes) -> None:
    problem = check_settings_case(
        Case("any bytes", f"{content[:60]!r}", content, "either"),
        Path(tempfile.mkdtemp(dir=tmp_path)),
    )
    assert problem is None, problem


@seed(SEED)
@FUZZ
@given(
    changes=st.dictionaries(
        st.sampled_from([*GAME_BASE, "other"]), json_values, min_size=1, max_size=4
    )
)
def test_games_with_any_json_values(tmp_path: Path, changes: dict) -> None:
    text = json.dumps({**GAME_BASE, **changes}, indent=2)
    case = Case("any JSON", f"{changes!r:.150}", text.encode(), "either")
    problem = check_game_case(case, Path(tempfile.mkdtemp(dir=tmp_path)))
    assert problem is None, problem


@seed(SEED)
@FUZZ
@given(content=st.binary(max_size=3000) | st.text(max_size=3000).map(str.encode))
def test_games_from_any_bytes(tmp_path: Path, content: bytes) -> None:
    problem = check_game_case(
        Case("any bytes", f"{content[:60]!r}", content, "either"),
        Path(tempfile.mkdtemp(dir=tmp_path)),
    )
    assert problem is None, problem


def test_bad_settings_set_aside_in_the_same_second_are_all_kept(tmp_path: Path) -> None:
    """Several bad files in a row (the same second): each kept, none overwritten."""
    path = tmp_path / "settings.json"
    contents = [b"{", b"[]", b'{"size": 16}', b"\xff", b"", b"null"]
    for content in contents:
        path.write_bytes(content)
        _, message, _ = load(path)
        assert message and "kept as" in message
    kept = sorted(tmp_path.glob("settings.json.corrupt-*"))
    assert sorted(p.read_bytes() for p in kept) == sorted(contents)


@pytest.mark.parametrize("name", ["", "/", "a folder"])
def test_settings_path_that_is_not_a_file(tmp_path: Path, name: str, monkeypatch) -> None:
    """A settings path naming a folder (or nothing) gives defaults and a message;
    the folder is neither renamed nor written, and load() does not raise."""
    monkeypatch.chdir(tmp_path)
    folder = tmp_path / "a folder"
    folder.mkdir()
    (folder / "inside.txt").write_text("keep me")
    path = Path(name)
    before = sorted(os.listdir(tmp_path))
    loaded, message, can_save = load(path)
    assert loaded == Settings()
    assert message and "could not be read" in message
    assert not can_save, "a folder cannot be replaced by a settings file"
    assert sorted(os.listdir(tmp_path)) == before, "nothing renamed"
    assert (folder / "inside.txt").read_text() == "keep me"


@pytest.mark.parametrize("loader", ["settings", "game"])
def test_a_named_pipe_does_not_hang_the_loader(tmp_path: Path, loader: str) -> None:
    """A path that is not a regular file (here a FIFO with no writer) is refused
    at once instead of blocking the window forever."""
    fifo = tmp_path / ("settings.json" if loader == "settings" else "game.ttt")
    os.mkfifo(fifo)
    outcome: list[object] = []

    def run() -> None:
        try:
            outcome.append(load(fifo) if loader == "settings" else read_game(fifo))
        except Exception as error:
            outcome.append(error)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(CASE_SECONDS)
    hung = thread.is_alive()
    if hung:  # let the reader go: open the other end and close it
        descriptor = os.open(fifo, os.O_WRONLY | os.O_NONBLOCK)
        os.close(descriptor)
        thread.join(5)
    assert not hung, f"the {loader} loader blocked on a named pipe"
    if loader == "settings":
        assert outcome[0][1], "a message"  # type: ignore[index]
    else:
        assert isinstance(outcome[0], GameFileError)


# -- 2. the window keeps its game when a bad file is opened --------------------


def _game_with(name: str, snippet: str) -> bytes:
    return _with_field(GAME_BASE, name, snippet).encode()


GUI_BAD_FILES: dict[str, bytes] = {
    "truncated": GAME_TEXT.encode()[: len(GAME_TEXT) // 2],
    "wrong type": _game_with("moves", '[["c2"]]'),
    "bad start position": _game_with("start", '"XX../..../..../...."'),
    "10**400": _game_with("size", "1" + "0" * 400),
    "5000 digits": _game_with("depth", "1" + "0" * 5000),
    "NaN": _game_with("win_length", "NaN"),
    "1e999": _game_with("size", "1e999"),
    "100k deep": b"[" * 100_000 + b"]" * 100_000,
    "UTF-16": GAME_TEXT.encode("utf-16"),
    "Latin-1": _game_with("mode", '"\u00e9t\u00e9"').decode().encode("latin-1"),
    "invalid UTF-8": GAME_TEXT.encode()[:40] + b"\xed\xa0\x80" + GAME_TEXT.encode()[40:],
    "10 MB": GAME_TEXT.encode() + b" " * TEN_MB,
    "random bytes": random.Random(SEED).randbytes(2000),
    "settings file": SETTINGS_TEXT.encode(),
    "list": f"[{GAME_TEXT}]".encode(),
}


#: The window's part is the same for every kind (the loader's is checked
#: without windows above): by default every eighth kind, all under --slow.
GUI_BAD_KINDS = [
    kind if index % 8 == 0 else pytest.param(kind, marks=pytest.mark.slow)
    for index, kind in enumerate(GUI_BAD_FILES)
]


@pytest.mark.parametrize("kind", GUI_BAD_KINDS)
def test_opening_a_bad_file_keeps_the_current_game(make_window, tmp_path: Path, kind: str) -> None:
    content = GUI_BAD_FILES[kind]
    dialogs = FakeDialogs()
    window = make_window(
        Settings(GameConfig(mode=Mode.HOTSEAT, rows=4, cols=4, win_length=3, depth=7)),
        dialogs=dialogs,
    )
    session = window.presenter.session
    for cell in (5, 0, 10):
        window.run("play", cell)
    before = (session.board, list(session.history.moves), session.config)
    path = tmp_path / "bad.ttt"
    path.write_bytes(content)
    dialogs.open_paths.append(path)
    invoke(window, "open_game")
    assert dialogs.names() == ["ask_open_path"]
    after = (session.board, list(session.history.moves), session.config)
    assert after == before
    status = window.turn_field.message_label.cget("text")
    assert status.startswith("Could not open bad.ttt: "), status[:200]
    assert len(status) <= MESSAGE_CHARS + 40
    assert not window.callback_errors and not window.presenter.errors
    assert path.read_bytes() == content


# -- 3. power loss while saving --------------------------------------------------

WRITER = """
import json, sys
from pathlib import Path
from ttt_gui.storage.games import parse_game, write_game
from ttt_gui.storage.settings import Settings, save
folder, turn = Path(sys.argv[1]), int(sys.argv[2])
versions = json.loads(Path(sys.argv[3]).read_text())
settings = [Settings.from_json(text) for text in versions["settings"]]
games = [parse_game(text) for text in versions["games"]]
print("ready", flush=True)
while True:
    save(settings[turn % 2], folder / "settings.json")
    write_game(folder / "game.ttt", games[turn % 2])
    turn += 1
"""
TEMPORARY_NAME = re.compile(r"\.(settings\.json|game\.ttt)\.[a-z0-9_]{8}\.tmp")


def _many_scores(count: int) -> dict[str, dict[str, int]]:
    return {
        f"hotseat:{n}x{n}:{k}#{i}": {"X": i, "O": 2 * i, "draw": 3}
        for i in range(count)
        for n, k in [(3 + i % 7, 3)]
    }


def _long_game(length: int) -> SavedGame:
    """A 9x9 game of ``length`` random moves that is not over."""
    board, moves, rng = Board.empty(9, 5), [], random.Random(SEED)
    for _ in range(10 * length):
        move = rng.choice(board.legal_moves())
        if not board.play(move).is_over:
            board = board.play(move)
            moves.append(move)
        if len(moves) == length:
            break
    return SavedGame(
        GameConfig(mode=Mode.WATCH, depth=12, rows=9, cols=9, win_length=5), tuple(moves)
    )


def _child_environment() -> dict[str, str]:
    environment = dict(os.environ)
    environment["PYTHONPATH"] = os.pathsep.join(
        [str(ROOT), *filter(None, [environment.get("PYTHONPATH")])]
    )
    environment.pop("DISPLAY", None)
    return environment


@pytest.mark.slow
def test_killed_writer_leaves_the_old_or_the_new_file(tmp_path: Path, exhaustive: bool) -> None:
    """SIGKILL a process that keeps saving settings and games, at random moments:
    each file is then absent (never written yet) or exactly one of the versions,
    and load() reads it without a message. Temporary files left by the killed
    writer are never read as the real file."""
    old_settings = Settings(scores=_many_scores(300))
    new_settings = dataclasses.replace(REAL_SETTINGS, scores=_many_scores(200))
    old_game = REAL_GAME
    new_game = _long_game(30)
    versions = tmp_path / "versions.json"
    versions.write_text(
        json.dumps(
            {
                "settings": [old_settings.to_json(), new_settings.to_json()],
                "games": [old_game.to_json(), new_game.to_json()],
            }
        )
    )
    settings_texts = {old_settings.to_json().encode(), new_settings.to_json().encode()}
    game_texts = {old_game.to_json().encode(), new_game.to_json().encode()}
    folder = tmp_path / "data"
    folder.mkdir()
    rng = random.Random(SEED)
    seen: set[str] = set()
    kills_mid_write = 0
    started = time.monotonic()
    rounds = KILL_ROUNDS or (50 if exhaustive else 20)
    for round_number in range(rounds):
        writer = subprocess.Popen(
            [sys.executable, "-c", WRITER, str(folder), str(rng.randrange(2)), str(versions)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=_child_environment(),
        )
        try:
            assert writer.stdout is not None
            ready = writer.stdout.readline()
            assert ready == b"ready\n", writer.stderr.read() if writer.stderr else ready
            time.sleep(rng.uniform(0, 0.03))  # what is varied: the moment of the kill
            assert writer.poll() is None, "the writer stopped by itself"
        finally:
            writer.send_signal(signal.SIGKILL)
            writer.wait(10)
            for stream in (writer.stdout, writer.stderr):
                if stream:
                    stream.close()
        names = set(os.listdir(folder))
        leftovers = names - {"settings.json", "game.ttt"}
        assert all(TEMPORARY_NAME.fullmatch(name) for name in leftovers), leftovers
        kills_mid_write = len(leftovers)
        for name, texts in (("settings.json", settings_texts), ("game.ttt", game_texts)):
            path = folder / name
            if name not in names:
                assert name not in seen, f"round {round_number}: {name} disappeared"
                continue
            seen.add(name)
            assert path.read_bytes() in texts, f"round {round_number}: {name} is corrupt"
        if "settings.json" in names:
            loaded, message, can_save = load(folder / "settings.json")
            assert message is None and can_save
            assert loaded in (old_settings, new_settings)
        if "game.ttt" in names:
            assert read_game(folder / "game.ttt") in (old_game, new_game)
        assert set(os.listdir(folder)) == names, "loading changed the folder"
    print(
        f"power loss: {rounds} kills survived in {time.monotonic() - started:.1f} s; "
        f"{kills_mid_write} temporary files left behind by killed writers"
    )
    assert seen == {"settings.json", "game.ttt"}, "the writer never finished a write"


# -- 4. loaded data is data ------------------------------------------------------

PAYLOADS = [
    "__import__('os').system('touch PWNED')",
    "../../PWNED",
    "../PWNED",
    "PWNED",
    "~/PWNED",
    "$(touch PWNED)",
    "`touch PWNED`",
    "{0.__class__}",
    "%(PWNED)s",
    "file:PWNED",
]


class _Exploit:
    """Unpickling this creates a file named PWNED."""

    def __reduce__(self) -> tuple:
        return (open, ("PWNED", "w"))


def _created(top: Path, allowed: Callable[[Path], bool]) -> list[str]:
    return sorted(
        str(path.relative_to(top))
        for path in top.rglob("*")
        if path.is_file() and not allowed(path)
    )


def test_loaded_strings_are_never_run_or_used_as_paths(tmp_path: Path, monkeypatch) -> None:
    """Settings and games whose strings hold code, shell syntax or paths, and
    pickles that would create a file: loading creates nothing, runs nothing."""
    work = tmp_path / "a" / "b"
    work.mkdir(parents=True)
    monkeypatch.chdir(work)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    settings_path = work / "settings.json"
    game_path = work / "game.ttt"
    exploits = [pickle.dumps(_Exploit(), protocol) for protocol in (0, 2, 5)]
    for payload in [*PAYLOADS, str(tmp_path / "PWNED")]:
        quoted = json.dumps(payload)
        for name in ("window", "mode", "level", "theme", "human"):
            settings_path.write_text(_with_field(SETTINGS_BASE, name, quoted))
            loaded, message, _ = load(settings_path)
            if message is None:  # only "window" takes any short text
                assert name == "window" and loaded.window == payload
        for scores in ({payload: {"X": 1}}, {"k": {payload: 1}}):
            settings_path.write_text(_with_field(SETTINGS_BASE, "scores", json.dumps(scores)))
            loaded, message, _ = load(settings_path)
            assert message is None and loaded.scores == scores
        for name in ("format", "mode", "human", "level", "x_level", "o_level", "start"):
            game_path.write_text(_with_field(GAME_BASE, name, quoted))
            with pytest.raises(GameFileError):
                read_game(game_path)
        game_path.write_text(_with_field(GAME_BASE, "moves", json.dumps([payload])))
        with pytest.raises(GameFileError):
            read_game(game_path)
        game_path.write_text(_with_field(GAME_BASE, "note", quoted))
        assert read_game(game_path) == REAL_GAME, "unknown keys are ignored"
    for exploit in exploits:
        settings_path.write_bytes(exploit)
        _, message, _ = load(settings_path)
        assert message
        game_path.write_bytes(exploit)
        with pytest.raises(GameFileError):
            read_game(game_path)
    created = _created(
        tmp_path,
        lambda path: (
            path.parent == work
            and (path.name in ("settings.json", "game.ttt") or ".corrupt-" in path.name)
        ),
    )
    assert created == []
    assert not list(tmp_path.rglob("PWNED*"))


@pytest.mark.parametrize(
    "window",
    # By default code, a path and digits of another script; all under --slow.
    [
        "__import__('os').system('touch PWNED')",
        "../../PWNED",
        pytest.param("\u00b2x\u00b2", marks=pytest.mark.slow),
        "\u0663\u0660\u0660x\u0663\u0660\u0660",
        pytest.param("640x480x1", marks=pytest.mark.slow),
    ],
)
def test_the_window_opens_with_any_window_setting(
    make_window, tmp_path: Path, monkeypatch, window: str
) -> None:
    """A ``window`` text that is not a plain WIDTHxHEIGHT is refused by load() or
    ignored by the window: either way the window opens at a usable size, and
    nothing is run or created."""
    work = tmp_path / "a" / "b"
    work.mkdir(parents=True)
    monkeypatch.chdir(work)
    path = work / "settings.json"
    path.write_text(_with_field(SETTINGS_BASE, "window", json.dumps(window)))
    loaded, message, _ = load(path)
    if message is None:
        assert loaded.window == window
    else:
        assert "'window'" in message and loaded == Settings()
    opened = make_window(loaded, path=None)
    root = opened.root
    assert root.winfo_width() > 100 and root.winfo_height() > 100
    opened.run("quit")
    assert _created(tmp_path, lambda p: p == path or ".corrupt-" in p.name) == []


def test_the_package_never_evaluates_or_unpickles() -> None:
    """No eval, exec, pickle, marshal, shelve or yaml.load in the package source."""
    forbidden = re.compile(r"\beval\(|\bexec\(|\b__import__\(|pickle|marshal|shelve|yaml\.load")
    sources = sorted((ROOT / "ttt_gui").rglob("*.py"))
    assert len(sources) >= 5
    found = [
        f"{source.name}:{number}: {line.strip()}"
        for source in sources
        for number, line in enumerate(source.read_text(encoding="utf-8").splitlines(), 1)
        if forbidden.search(line)
    ]
    assert found == []


# -- 5. bad command lines ---------------------------------------------------------

NUMERIC_OPTIONS = {"--size": (3, 15), "--win-length": (3, 15), "--depth": (1, 225)}
NUMERIC_JUNK = ["", " ", "three", "3.5", "1e1", "0x5", "\u2162", "3 4", "-3", "1" + "0" * 30]
CHOICE_JUNK = {
    "--mode": ["", "online", "Hotseat", "hotseat "],
    "--play": ["", "z", "xo", "\u2717"],
    "--level": ["", "godlike", "PERFECT"],
    "--theme": ["", "neon", "Dark"],
}


def bad_command_lines(folder: Path) -> list[tuple[list[str | bytes], str]]:
    """Invalid arguments, each with a text its error line must contain."""
    cases: list[tuple[list[str | bytes], str]] = [
        (["--bogus"], "--bogus"),
        (["-x"], "-x"),
        (["game.ttt"], "game.ttt"),
        (["--s", "3"], "--s"),
        (["--reset-settings=yes"], "--reset-settings"),
        (["--smoke-test=1"], "--smoke-test"),
        (["--gr\u00f6\u00dfe", "3"], "--gr\u00f6\u00dfe"),
        (["\u2014size", "3"], "\u2014size"),
        (["--SIZE", "3"], "--SIZE"),
        (["--size", "3", "extra"], "extra"),
        (["--size", "--depth", "3"], "--size"),
        ([b"--size", b"\xff"], "--size"),
    ]
    for option in ["--mode", "--play", "--level", "--theme", "--settings", *NUMERIC_OPTIONS]:
        cases.append(([option], option))
    for option, (low, high) in NUMERIC_OPTIONS.items():
        for value in [*NUMERIC_JUNK, str(low - 1), str(high + 1)]:
            cases.append(([option, value], option))
    for option, values in CHOICE_JUNK.items():
        cases.extend(([option, value], option) for value in values)
    cases += [
        (["--win-length", "4"], "--win-length"),
        (["--size", "4", "--win-length", "5"], "--win-length"),
        (["--size", "9", "--win-length", "9", "--size", "3"], "--win-length"),
        (["--depth", "10"], "--depth"),
        (["--size", "4", "--depth", "17"], "--depth"),
        (["--size", "5", "--depth", "26", "--level", "easy"], "--depth"),
        (["--size", "\uff14", "--win-length", "\uff15"], "--win-length"),
        (["--smoke-test", "--size", "16"], "--size"),
        (["--reset-settings", "--depth", "0"], "--depth"),
        (["--settings", ""], "--settings"),
        (["--settings", str(folder / "a folder")], "--settings"),
    ]
    return cases


@pytest.mark.slow  # whole processes; each command's own tests check a bad option
def test_bad_command_lines_exit_2_with_one_error_line(
    tmp_path: Path, exhaustive: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each invalid command line: status 2, usage, then one ``ttt-gui: error:``
    line naming the option; no traceback, no window, no settings written.

    Every case is run through ``main()`` in this process, and as a real
    process too: all of them with --slow, else a sample of 8."""
    folder = tmp_path / "cli"
    (folder / "a folder").mkdir(parents=True)
    settings_path = folder / "settings.json"
    environment = _child_environment()
    environment["XDG_CONFIG_HOME"] = str(folder / "config")
    environment["HOME"] = str(folder / "home")
    cases = bad_command_lines(folder)
    assert len(cases) >= 40

    def judge(
        arguments: list[str | bytes], expected: str, status: object, out: str, err: str
    ) -> str | None:
        errors = [line for line in err.splitlines() if line.startswith("ttt-gui: error: ")]
        shown = f"{arguments!r}: status {status}, {err.strip()[-200:]!r}"
        if status != 2 or "Traceback" in err or out:
            return shown
        if len(errors) != 1 or err.strip().splitlines()[-1] != errors[0]:
            return shown
        if not err.startswith("usage: ttt-gui") or expected not in errors[0]:
            return shown
        return None

    def run(case: tuple[list[str | bytes], str]) -> str | None:
        arguments, expected = case
        command = [sys.executable, "-m", "ttt_gui", "--settings", str(settings_path), *arguments]
        result = subprocess.run(
            command, capture_output=True, timeout=30, env=environment, cwd=folder
        )
        stderr = result.stderr.decode("utf-8", "replace")
        return judge(arguments, expected, result.returncode, result.stdout.decode(), stderr)

    def refuse_window(*arguments: object) -> None:
        raise AssertionError("a bad command line opened a window")

    for name in ("XDG_CONFIG_HOME", "HOME"):
        monkeypatch.setenv(name, environment[name])
    monkeypatch.setattr(ttt_gui.cli.compose, "launch", refuse_window)

    def run_here(case: tuple[list[str | bytes], str]) -> str | None:
        arguments, expected = case
        words = [os.fsdecode(word) for word in arguments]
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                status: object = cli_main(["--settings", str(settings_path), *words])
            except SystemExit as exit:
                status = exit.code
            except Exception:
                traceback.print_exc()
                status = None
        return judge(arguments, expected, status, out.getvalue(), err.getvalue())

    failures = [failure for failure in map(run_here, cases) if failure]
    assert not failures, f"{len(failures)} of {len(cases)} command lines:\n" + "\n".join(failures)
    processes = sample(cases, 8, exhaustive=exhaustive, seed=SEED)
    with ThreadPoolExecutor(max_workers=2) as pool:
        failures = [failure for failure in pool.map(run, processes) if failure]
    assert not failures, f"{len(failures)} of {len(processes)} processes:\n" + "\n".join(failures)
    assert not settings_path.exists()
    assert not (folder / "config").exists() and not (folder / "home").exists()
    assert (folder / "a folder").is_dir()
