"""The manual page and the shell completions of ``ttt-gui``, made from its
argument parsers when a release is built (the program never needs them to run):

    python build/command_line.py SHARE

writes, under SHARE laid out as a system's or a user's share folder
(``/usr/share``, ``~/.local/share``) is:

    SHARE/man/man6/ttt-gui.6                       the manual page (section 6: games)
    SHARE/bash-completion/completions/ttt-gui      bash
    SHARE/zsh/site-functions/_ttt-gui              zsh
    SHARE/fish/vendor_completions.d/ttt-gui.fish   fish

Every option of the window, of ``analyse``, ``review`` and ``pbrain`` is
there, in English, with its help; an option's values are completed from its
choices, files for a file, and the languages there are catalogues for.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from ttt_gui import __version__  # noqa: E402
from ttt_gui.cli import analyse, language, pbrain  # noqa: E402
from ttt_gui.cli import main as window_cli  # noqa: E402
from ttt_gui.cli.language import OPTION as LANGUAGE_OPTION  # noqa: E402
from ttt_gui.storage.games import SUFFIX  # noqa: E402

PROGRAM = "ttt-gui"
#: Where each file goes under the share folder.
MANUAL = Path("man/man6/ttt-gui.6")
BASH = Path("bash-completion/completions/ttt-gui")
ZSH = Path("zsh/site-functions/_ttt-gui")
FISH = Path("fish/vendor_completions.d/ttt-gui.fish")


@dataclass(frozen=True)
class Option:
    """An option as the files show it: its flags, its value as ``--help``
    shows it (None for a switch), the values completed (empty: any), whether
    a file."""

    flags: tuple[str, ...]
    metavar: str | None
    choices: tuple[str, ...]
    is_file: bool
    help: str

    @property
    def takes_value(self) -> bool:
        return self.metavar is not None


@dataclass(frozen=True)
class Group:
    """A titled list of options, with its description ('' for none)."""

    title: str
    description: str
    options: tuple[Option, ...]


@dataclass(frozen=True)
class Command:
    """The window (name '') or a command without one: its names, summary,
    description, positional arguments (name, help) and options."""

    name: str
    aliases: tuple[str, ...]
    summary: str
    description: str
    epilog: str
    arguments: tuple[tuple[str, str], ...]
    groups: tuple[Group, ...]

    @property
    def options(self) -> tuple[Option, ...]:
        return tuple(option for group in self.groups for option in group.options)

    @property
    def names(self) -> tuple[str, ...]:
        return (self.name, *self.aliases)


def languages() -> tuple[str, ...]:
    """The codes ``--language`` takes: English and every translation's (the
    catalogues' sources: the compiled ones are made as the package is built)."""
    sources = (ROOT / "ttt_gui" / "locale").glob("*/LC_MESSAGES/ttt_gui.po")
    codes = {"en", *(source.parent.parent.name for source in sources)}
    return tuple(sorted(codes))


def _words(text: str | None) -> str:
    """Help text on one line, as argparse shows it (``%%`` is ``%``)."""
    return " ".join((text or "").replace("%%", "%").split())


def _option(action: argparse.Action) -> Option:
    takes_value = action.nargs != 0
    choices = tuple(str(choice) for choice in action.choices or ())
    metavar = action.metavar or action.dest.upper()
    if isinstance(metavar, tuple):
        metavar = " ".join(metavar)
    if choices and action.metavar is None:
        metavar = "{" + ",".join(choices) + "}"
    if not takes_value:
        metavar = None
    if LANGUAGE_OPTION in action.option_strings:
        choices = languages()
    is_file = takes_value and not choices and "FILE" in str(metavar)
    return Option(tuple(action.option_strings), metavar, choices, is_file, _words(action.help))


def _command(
    parser: argparse.ArgumentParser, name: str, aliases: Iterable[str] = (), summary: str = ""
) -> Command:
    arguments: list[tuple[str, str]] = []
    groups: list[Group] = []
    for group in parser._action_groups:  # argparse keeps them nowhere public
        options = []
        for action in group._group_actions:
            if action.help == argparse.SUPPRESS or isinstance(action, argparse._SubParsersAction):
                continue
            if action.option_strings:
                options.append(_option(action))
            else:
                arguments.append((str(action.metavar or action.dest), _words(action.help)))
        if options:
            groups.append(Group(group.title or "", _words(group.description), tuple(options)))
    return Command(
        name,
        tuple(aliases),
        summary,
        _words(parser.description),
        _words(parser.epilog),
        tuple(arguments),
        tuple(groups),
    )


def commands() -> tuple[Command, ...]:
    """The window's command line, then ``analyse``, ``review`` and ``pbrain``;
    ``--language``'s help names the languages of the catalogues' sources,
    whether or not they are compiled yet (a build compiles them elsewhere)."""
    compiled_languages = language.available_languages
    language.available_languages = lambda: list(languages())
    try:
        window = window_cli.build_parser()
        analysis = analyse.build_parser()
        brain = pbrain.build_parser()
    finally:
        language.available_languages = compiled_languages
    summaries = {}
    for action in analysis._actions:
        if isinstance(action, argparse._SubParsersAction):
            summaries = {choice.dest: _words(choice.help) for choice in action._choices_actions}
    return (
        _command(window, "", summary=_words(window.description)),
        _command(
            analysis.commands["analyse"], "analyse", ["analyze"], summaries.get("analyse", "")
        ),
        _command(analysis.commands["review"], "review", (), summaries.get("review", "")),
        _command(brain, pbrain.COMMAND, (), _words(brain.description).split(":")[0]),
    )


# -- the manual page ----------------------------------------------------------------------


def _roff(text: str) -> str:
    """``text`` as roff: backslashes and hyphens escaped, any other character
    than ASCII named by its code point, a line's first dot or quote guarded."""
    text = text.replace("\\", "\\e").replace("-", "\\-")
    text = "".join(char if ord(char) < 128 else f"\\[u{ord(char):04X}]" for char in text)
    return "\\&" + text if text[:1] in (".", "'") else text


def _roff_option(option: Option) -> str:
    flags = ", ".join(f"\\fB{_roff(flag)}\\fR" for flag in option.flags)
    if not option.takes_value:
        return flags
    return f"{flags} \\fI{_roff(str(option.metavar))}\\fR"


def _roff_groups(command: Command) -> list[str]:
    lines = []
    for index, group in enumerate(command.groups):
        if index or group.description:
            lines += [".PP", f"\\fI{_roff(group.title.capitalize())}\\fR"]
        if group.description:
            lines += [".br", _roff(group.description)]
        for option in group.options:
            lines += [".TP", _roff_option(option), _roff(option.help)]
    return lines


def _synopsis(command: Command) -> str:
    name = " ".join(part for part in (PROGRAM, command.name) if part)
    arguments = " ".join(
        f"[\\fI{_roff(argument)}\\fR]" if command.name == "" else f"\\fI{_roff(argument)}\\fR"
        for argument, _ in command.arguments
    )
    return f".B {_roff(name)}\n[\\fIOPTION\\fR]... {arguments}".rstrip()


def manual_page(all_commands: tuple[Command, ...]) -> str:
    """The manual page (roff, man macros) of every command."""
    window, *others = all_commands
    lines = [
        f'.TH TTT\\-GUI 6 "" "{_roff(PROGRAM)} {_roff(__version__)}" "Games"',
        ".SH NAME",
        f"{_roff(PROGRAM)} \\- {_roff(window.summary.rstrip('.').lower())}",
        ".SH SYNOPSIS",
    ]
    for index, command in enumerate(all_commands):
        if index:
            lines.append(".br")
        lines.append(_synopsis(command))
    lines += [".SH DESCRIPTION", _roff(window.description)]
    for argument, words in window.arguments:
        lines += [".TP", f"\\fI{_roff(argument)}\\fR", _roff(words)]
    lines += [".PP", _roff(window.epilog), ".SH OPTIONS", *_roff_groups(window)]
    lines += [".SH COMMANDS"]
    for command in others:
        names = " | ".join(command.names)
        lines += [f'.SS "{PROGRAM} {_roff(names)}"', _roff(command.description)]
        for argument, words in command.arguments:
            lines += [".TP", f"\\fI{_roff(argument)}\\fR", _roff(words)]
        lines += _roff_groups(command)
    lines += [
        ".SH EXIT STATUS",
        _roff("0 when done; 2 for a bad option or value, with a usage message."),
        ".SH FILES",
        _roff(
            f"Saved games are files ending in {SUFFIX}. The settings, the scores and the "
            "unfinished games are kept in the user's configuration folder "
            "(on Linux $XDG_CONFIG_HOME/ttt-gui, ~/.config/ttt-gui by default)."
        ),
    ]
    return "\n".join(line for line in lines if line) + "\n"


# -- bash ------------------------------------------------------------------------------


def _bash_words(words: Iterable[str]) -> str:
    return " ".join(words)


def bash_completion(all_commands: tuple[Command, ...]) -> str:
    """The bash completion: a function ``_ttt_gui`` bound to ``ttt-gui``."""
    window, *others = all_commands
    command_names = [name for command in others for name in command.names]
    offered = [command.name for command in others]  # aliases are accepted, not offered
    option_lists = []
    value_cases = []
    for command in all_commands:
        flags = _bash_words(flag for option in command.options for flag in option.flags)
        pattern = " | ".join(f'"{name}"' for name in command.names)
        option_lists.append(f"        {pattern}) options={shell_quote(flags)} ;;")
        for option in command.options:
            if not option.takes_value:
                continue
            if option.choices:
                reply = f"_ttt_gui_reply compgen -W {shell_quote(' '.join(option.choices))}"
            elif option.is_file:
                reply = "compopt -o filenames 2>/dev/null; _ttt_gui_reply compgen -f"
            else:
                reply = "COMPREPLY=()"  # a number or a text: nothing to offer
            patterns = " | ".join(
                f'"{name} {flag}"' for name in command.names for flag in option.flags
            )
            value_cases.append(f"        {patterns})\n            {reply}\n            return ;;")
    known = " | ".join(command_names)
    return f"""# bash completion for {PROGRAM}: made by build/command_line.py from its options.

# COMPREPLY: the words the command given prints, each a match for the current word.
_ttt_gui_reply() {{
    mapfile -t COMPREPLY < <("$@" -- "$cur")
}}

_ttt_gui() {{
    local cur="${{COMP_WORDS[COMP_CWORD]}}" prev="${{COMP_WORDS[COMP_CWORD - 1]}}"
    local command="" options=""
    if [ "$COMP_CWORD" -gt 1 ]; then
        case "${{COMP_WORDS[1]}}" in
            {known}) command="${{COMP_WORDS[1]}}" ;;
        esac
    fi
    case "$command" in
{chr(10).join(option_lists)}
    esac
    case "$command $prev" in
{chr(10).join(value_cases)}
    esac
    if [[ "$cur" == -* ]]; then
        _ttt_gui_reply compgen -W "$options"
        return
    fi
    case "$command" in
        "" | review)
            # A saved game ({SUFFIX}) or a folder on the way to one; the commands first.
            compopt -o filenames 2>/dev/null
            mapfile -t COMPREPLY < <(
                if [ -z "$command" ] && [ "$COMP_CWORD" -eq 1 ]; then
                    compgen -W {shell_quote(" ".join(offered))} -- "$cur"
                fi
                compgen -d -- "$cur"
                compgen -f -X '!*{SUFFIX}' -- "$cur"
            )
            ;;
        *) COMPREPLY=() ;;
    esac
}}

complete -F _ttt_gui {PROGRAM}
"""


def shell_quote(text: str) -> str:
    """``text`` as one word for sh, bash and zsh (in single quotes)."""
    return "'" + text.replace("'", "'\\''") + "'"


# -- zsh -----------------------------------------------------------------------------


def _zsh_description(text: str) -> str:
    return re.sub(r"([\[\]:\\])", r"\\\1", text)


def _zsh_specs(command: Command) -> list[str]:
    specs = []
    for option in command.options:
        description = _zsh_description(option.help)
        if option.choices:
            action = f"({' '.join(option.choices)})"
        elif option.is_file:
            action = "_files"
        else:
            action = " "
        for flag in option.flags:
            exclusive = "(- *)" if flag in ("-h", "--help") else ""
            if option.takes_value:
                name = _zsh_description(str(option.metavar).strip("{}"))
                spec = f"{exclusive}{flag}=[{description}]:{name}:{action}"
            else:
                spec = f"{exclusive}{flag}[{description}]"
            specs.append(shell_quote(spec))
    for index, (_, words) in enumerate(command.arguments, start=1):
        if command.name == "":
            continue  # the window's FILE shares the first word with the commands: below
        action = f"_files -g '*{SUFFIX}'" if command.name == "review" else " "
        specs.append(shell_quote(f"{index}:{_zsh_description(words)}:{action}"))
    return specs


def zsh_completion(all_commands: tuple[Command, ...]) -> str:
    """The zsh completion function ``_ttt-gui``, for a folder on ``$fpath``."""
    window, *others = all_commands
    arms = []
    for command in others:
        specs = " \\\n                ".join(_zsh_specs(command))
        arms.append(
            f"            {'|'.join(command.names)})\n"
            '                words=("${(@)words[2,-1]}")\n'
            "                (( CURRENT-- ))\n"
            f"                _arguments -S : \\\n                {specs}\n"
            "                return ;;"
        )
    window_specs = " \\\n        ".join(_zsh_specs(window))
    offered = " ".join(
        f"{shell_quote(command.name + ':' + _zsh_description(command.summary))}"
        for command in others
    )
    return f"""#compdef {PROGRAM}
# zsh completion for {PROGRAM}: made by build/command_line.py from its options.

_ttt-gui() {{
    local context state state_descr line
    local -A opt_args
    if (( CURRENT > 2 )); then
        local command=$words[2]
        case $command in
{chr(10).join(arms)}
        esac
    fi
    _arguments -S : \\
        {window_specs} \\
        '1: :->first'
    if [[ $state == first ]]; then
        local -a commands=({offered})
        _alternative \\
            'commands:command:(( $commands ))' \\
            'files:saved game:_files -g "*{SUFFIX}"'
    fi
}}

_ttt-gui "$@"
"""


# -- fish ----------------------------------------------------------------------------


def _fish_quote(text: str) -> str:
    return "'" + text.replace("\\", "\\\\").replace("'", "\\'") + "'"


def fish_completion(all_commands: tuple[Command, ...]) -> str:
    """The fish completions of ``ttt-gui``."""
    window, *others = all_commands
    names = " ".join(name for command in others for name in command.names)
    lines = [
        f"# fish completion for {PROGRAM}: made by build/command_line.py from its options.",
        "",
        f"complete -c {PROGRAM} -f",
    ]
    for command in all_commands:
        if command.name:
            condition = f"__fish_seen_subcommand_from {' '.join(command.names)}"
        else:
            condition = f"not __fish_seen_subcommand_from {names}"
        start = f"complete -c {PROGRAM} -n {_fish_quote(condition)}"
        for option in command.options:
            flags = []
            for flag in option.flags:
                if flag.startswith("--"):
                    flags.append(f"-l {flag[2:]}")
                else:
                    flags.append(f"-s {flag[1:]}")
            value = ""
            if option.choices:
                value = f" -x -a {_fish_quote(' '.join(option.choices))}"
            elif option.is_file:
                value = " -r -F"
            elif option.takes_value:
                value = " -x"
            lines.append(f"{start} {' '.join(flags)}{value} -d {_fish_quote(option.help)}")
        if command.name == "" or command.name == "review":
            lines.append(f"{start} -k -a {_fish_quote(f'(__fish_complete_suffix {SUFFIX})')}")
    window_condition = f"not __fish_seen_subcommand_from {names}"
    for command in others:
        lines.append(
            f"complete -c {PROGRAM} -n {_fish_quote(window_condition)} "
            f"-a {command.name} -d {_fish_quote(command.summary)}"
        )
    return "\n".join(lines) + "\n"


# -----------------------------------------------------------------------------------


def write_all(share: Path) -> list[Path]:
    """Write the manual page and the completions under ``share``; returns their paths."""
    all_commands = commands()
    written = []
    for relative, text in (
        (MANUAL, manual_page(all_commands)),
        (BASH, bash_completion(all_commands)),
        (ZSH, zsh_completion(all_commands)),
        (FISH, fish_completion(all_commands)),
    ):
        path = share / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        written.append(path)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="Write ttt-gui's manual page and shell completions under a share folder."
    )
    parser.add_argument("share", type=Path, help="the share folder (/usr/share, ~/.local/share)")
    args = parser.parse_args(argv)
    for path in write_all(args.share):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
