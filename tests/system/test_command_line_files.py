"""build/command_line.py's manual page and shell completions: a valid manual
page naming every command and option, and completions that complete what
the parsers take, in bash, zsh and fish."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest
from conftest import by_default, need_tools
from scripts import load_script

from ttt_gui.cli.main import main

MANUAL = "man/man6/ttt-gui.6"
BASH = "bash-completion/completions/ttt-gui"
ZSH = "zsh/site-functions/_ttt-gui"
FISH = "fish/vendor_completions.d/ttt-gui.fish"
#: Each command's first words, and the heading of its part of the manual page.
COMMANDS = {"": ".SH OPTIONS", "analyse": '.SS "ttt-gui analyse', "review": '.SS "ttt-gui review'}
COMMANDS["pbrain"] = '.SS "ttt-gui pbrain'


@pytest.fixture(scope="module")
def share(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The files as a release build writes them, under a share folder."""
    folder = tmp_path_factory.mktemp("share")
    load_script("build/command_line.py", "command_line").write_all(folder)
    return folder


def options_of(capsys: pytest.CaptureFixture[str], command: str) -> set[str]:
    """The options ``--help`` of ``command`` ('' for the window) lists."""
    with pytest.raises(SystemExit):
        main([command, "--help"] if command else ["--help"])
    return set(re.findall(r"(?<![\w-])--?[a-z][a-z-]*", capsys.readouterr().out))


def manual_part(text: str, command: str) -> str:
    """The part of the manual page (roff) that lists ``command``'s options."""
    start = text.index(COMMANDS[command])
    ends = [text.find(heading, start + 1) for heading in (".SS ", ".SH ")]
    return text[start : min(end for end in ends if end > 0)]


def test_the_manual_page_is_valid(share: Path) -> None:
    need_tools("groff")
    checked = subprocess.run(
        ["groff", "-man", "-ww", "-z", str(share / MANUAL)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert (checked.returncode, checked.stdout, checked.stderr) == (0, "", "")


@pytest.mark.parametrize("command", list(COMMANDS))
def test_the_manual_page_lists_every_option_of_every_command(
    share: Path, capsys: pytest.CaptureFixture[str], command: str
) -> None:
    text = (share / MANUAL).read_text(encoding="utf-8")
    assert f"ttt\\-gui {command}" in text.split(".SH DESCRIPTION")[0], "in the synopsis"
    listed = manual_part(text, command).replace("\\-", "-")
    options = options_of(capsys, command)
    assert "--help" in options and len(options) > 4
    for option in options:
        assert re.search(rf"\\fB{option}\\fR", listed), f"{option} of {command or 'the window'}"


def complete_in_bash(share: Path, folder: Path, *words: str) -> list[str]:
    """What bash's completion offers for the command line ``words`` (the last
    one being completed), in ``folder``."""
    need_tools("bash")
    script = (
        'source "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); '
        "_ttt_gui; printf '%s\\n' \"${COMPREPLY[@]}\""
    )
    done = subprocess.run(
        ["bash", "--norc", "-c", script, "bash", str(share / BASH), "ttt-gui", *words],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=folder,
        check=True,
    )
    assert done.stderr == ""
    return [line for line in done.stdout.splitlines() if line]


@pytest.mark.parametrize(
    ("words", "offered"),
    [
        (["ana"], ["analyse"]),
        (["rev"], ["review"]),
        (["pb"], ["pbrain"]),
        (["--gr"], ["--gravity"]),
        (["--level", ""], ["easy", "medium", "hard", "strongest"]),
        (["--mode", "w"], ["watch"]),
        (["--rows", "6", "--col"], ["--cols"]),
        (["analyse", "--mis"], ["--misere"]),
        (["analyze", "--js"], ["--json"]),
        (["review", "--th"], ["--think-time"]),
        (["pbrain", "--no"], ["--nodes"]),
        (["pbrain", "--gr"], []),  # no such option there
        (["--language", "en"], ["en", "en_GB"]),
    ],
)
def test_bash_completes_the_commands_options_and_values(
    share: Path, tmp_path: Path, words: list[str], offered: list[str]
) -> None:
    assert complete_in_bash(share, tmp_path, *words) == offered


def test_bash_completes_saved_games_and_folders_for_the_window_and_review(
    share: Path, tmp_path: Path
) -> None:
    for name in ("won.ttt", "notes.txt", "games/"):
        (tmp_path / name).mkdir() if name.endswith("/") else (tmp_path / name).touch()
    assert complete_in_bash(share, tmp_path, "") == [
        "analyse",
        "review",
        "pbrain",
        "games",
        "won.ttt",
    ]
    assert complete_in_bash(share, tmp_path, "review", "") == ["games", "won.ttt"]
    assert complete_in_bash(share, tmp_path, "--settings", "n") == ["notes.txt"]


def test_the_zsh_completion_is_valid_zsh(share: Path) -> None:
    need_tools("zsh")
    checked = subprocess.run(
        ["zsh", "-n", str(share / ZSH)], capture_output=True, text=True, timeout=60
    )
    assert (checked.returncode, checked.stderr) == (0, "")
    assert (share / ZSH).read_text(encoding="utf-8").startswith("#compdef ttt-gui\n")


#: Runs an interactive zsh in a pseudo-terminal (zsh/zpty), types a command
#: line and Tab, and writes every word the completion offers to a file:
#: ``zsh -f SCRIPT FOLDER LINE OUT``, FOLDER holding the completion function.
#: It types only once the line editor has started (``zle-line-init`` says so):
#: typed before, the line would wait in the terminal's own line editing, whose
#: Ctrl+U erases it, and no completion would run.
ZSH_PROBE = r"""
zmodload zsh/zpty
out=$3
await() {  # until $out holds the line $1, for at most a minute (a hang's guard)
    local tries
    for tries in {1..1200}; do
        grep -qxF -- $1 $out 2>/dev/null && return 0
        sleep 0.05
    done
    return 1
}
zpty -b shell zsh -f -i
zpty -w shell "PS1='' RPROMPT=''; fpath=($1 \$fpath)"
zpty -w shell "autoload -Uz compinit; compinit -u -d $out.dump"
zpty -w shell "compadd() { builtin compadd -O hits \"\$@\"; print -rl -- \${^hits} >>$out;"\
" builtin compadd \"\$@\" }"
zpty -w shell "zle-line-init() { print '<ready>' >>$out }; zle -N zle-line-init"
await '<ready>' || exit 1
zpty -w -n shell "$2"$'\t'
zpty -w shell $'\C-u'"print '<done>' >>$out"
await '<done>' || exit 1
zpty -d shell
"""


ZSH_CASES = [
    ("ttt-gui ana", {"analyse"}),
    ("ttt-gui r", {"review"}),
    ("ttt-gui --lev", {"--level"}),
    ("ttt-gui --level s", {"strongest"}),
    ("ttt-gui --rows 6 --co", {"--cols"}),
    ("ttt-gui analyze --ex", {"--exact"}),
    ("ttt-gui pbrain --se", {"--seed"}),
    ("ttt-gui pbrain --gr", set()),
]


@pytest.mark.parametrize(
    ("line", "offered"),
    by_default(ZSH_CASES, ZSH_CASES[3], ZSH_CASES[7], spread=True),
)
def test_zsh_completes_the_commands_options_and_values(
    share: Path, tmp_path: Path, line: str, offered: set[str]
) -> None:
    need_tools("zsh")
    probe, out = tmp_path / "probe.zsh", tmp_path / "offered.txt"
    probe.write_text(ZSH_PROBE, encoding="utf-8")
    folder = share / ZSH
    done = subprocess.run(
        ["zsh", "-f", str(probe), str(folder.parent), line, str(out)],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stderr
    words = {word.strip() for word in out.read_text(encoding="utf-8").splitlines()}
    assert words - {"", "<ready>", "<done>"} == offered


@pytest.mark.parametrize(
    ("line", "offered"),
    [
        ("ttt-gui ana", ["analyse"]),
        ("ttt-gui --gra", ["--gravity"]),
        ("ttt-gui --level s", ["strongest"]),
        ("ttt-gui analyse --ex", ["--exact"]),
        ("ttt-gui pbrain --se", ["--seed"]),
    ],
)
def test_fish_completes_the_commands_and_options(
    share: Path, tmp_path: Path, line: str, offered: list[str]
) -> None:
    need_tools("fish")
    done = subprocess.run(
        ["fish", "--no-config", "-c", f"source {share / FISH}; complete -C '{line}'"],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=tmp_path,
        check=True,
    )
    assert done.stderr == ""
    assert [entry.split("\t")[0] for entry in done.stdout.splitlines()] == offered
