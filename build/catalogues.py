"""The message catalogues: extract the template, compile and check the
translations. Babel does the work; it is needed to build, never to run.

    python build/catalogues.py extract         # ttt_gui/locale/ttt_gui.pot from the code
    python build/catalogues.py extract -o F    # the template into F instead
    python build/catalogues.py init de         # a new language's .po from the template
    python build/catalogues.py update          # every .po merged with the template
    python build/catalogues.py compile         # every .po into its .mo, in place
    python build/catalogues.py check           # the template is up to date; every
                                               # language has every message of the
                                               # template, translated, none fuzzy

Layout: ``ttt_gui/locale/ttt_gui.pot`` (the template, committed),
``ttt_gui/locale/<language>/LC_MESSAGES/ttt_gui.po`` (the translations,
committed) and ``ttt_gui.mo`` beside each (compiled when the package is
built: setup.py's build_py, build/build.sh; never committed).
"""

from __future__ import annotations

import argparse
import io
import re
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "ttt_gui" / "locale"
DOMAIN = "ttt_gui"
TEMPLATE = LOCALE / f"{DOMAIN}.pot"
#: pybabel extract's options: the words door's functions (words.py) as
#: keywords and nothing else, so no other ``gettext`` (the standard
#: library's, argparse's) is taken for ours; file names without line
#: numbers and messages sorted, so moving code does not change the template;
#: ``# TRANSLATORS:`` comments above a message go to the translators.
EXTRACT_OPTIONS = [
    "--mapping-file=babel.cfg",
    "--no-default-keywords",
    "--keyword=gettext",
    "--keyword=ngettext:1,2",
    "--keyword=pgettext:1c,2",
    "--keyword=npgettext:1c,2,3",
    "--keyword=gettext_noop",
    "--keyword=ngettext_noop:1,2",
    "--keyword=_",
    "--add-comments=TRANSLATORS:",
    "--add-location=file",
    "--sort-output",
    "--project=ttt-gui",
    "--copyright-holder=The ttt-gui authors",
    "--msgid-bugs-address=https://github.com/tttgui/ttt-gui/issues",
]
#: Header lines that change with the date or Babel's version alone.
_DATE_HEADER = re.compile(r'^"(POT-Creation-Date|Generated-By): .*"$', re.MULTILINE)
_PLACEHOLDER = re.compile(r"\{(\w*)[^{}]*\}")


def extract(output: Path = TEMPLATE) -> None:
    """Extract the messages of the package's code into ``output``."""
    command = [sys.executable, "-m", "babel.messages.frontend", "--quiet", "extract"]
    subprocess.run(
        [*command, *EXTRACT_OPTIONS, f"--output-file={output}", "ttt_gui"], cwd=ROOT, check=True
    )


def template_is_current(template: Path = TEMPLATE) -> bool:
    """Whether extracting again gives ``template`` (its creation date aside)."""
    with tempfile.TemporaryDirectory() as folder:
        fresh = Path(folder) / "fresh.pot"
        extract(fresh)
        return undated_text(fresh) == undated_text(template) if template.exists() else False


def undated_text(path: Path) -> str:
    """The template without what changes with the date or the tool alone: its
    creation date, the Babel version that wrote it, and the comment above the
    header (the copyright's year)."""
    text = path.read_text(encoding="utf-8")
    return _DATE_HEADER.sub("", text[text.find("msgid") :])


def _babel(*arguments: str) -> None:
    command = [sys.executable, "-m", "babel.messages.frontend", "--quiet", *arguments]
    subprocess.run(command, cwd=ROOT, check=True)


def init(language: str, locale: Path = LOCALE, template: Path = TEMPLATE) -> Path:
    """Start ``language``'s catalogue from the template (its plural forms
    from Babel's locale data); returns the ``.po`` written."""
    _babel(
        "init",
        f"--input-file={template}",
        f"--output-dir={locale}",
        f"--domain={DOMAIN}",
        f"--locale={language}",
        "--width=100",
    )
    return locale / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def update(locale: Path = LOCALE, template: Path = TEMPLATE) -> None:
    """Merge the template into every language's catalogue: new messages come
    in untranslated, changed ones fuzzy (to be checked), gone ones obsolete."""
    if translations(locale):
        _babel(
            "update",
            f"--input-file={template}",
            f"--output-dir={locale}",
            f"--domain={DOMAIN}",
            "--width=100",
            "--ignore-pot-creation-date",
            "--previous",
        )


def translations(locale: Path = LOCALE) -> list[Path]:
    """The ``.po`` files under ``locale``, by language."""
    return sorted(locale.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))


def language_of(po_path: Path) -> str:
    return po_path.parent.parent.name


def compile_catalogues(source: Path = LOCALE, target: Path | None = None) -> list[Path]:
    """Compile every ``.po`` under ``source`` into its ``.mo``, in place or at
    the same place under ``target``; fuzzy entries are left out. Returns the
    ``.mo`` files written."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    written = []
    for po_path in translations(source):
        with po_path.open("rb") as file:
            catalogue = read_po(file, locale=language_of(po_path), domain=DOMAIN)
        mo_path = (target or source) / po_path.relative_to(source).with_suffix(".mo")
        mo_path.parent.mkdir(parents=True, exist_ok=True)
        buffer = io.BytesIO()
        write_mo(buffer, catalogue, use_fuzzy=False)
        mo_path.write_bytes(buffer.getvalue())
        written.append(mo_path)
    return written


@dataclass(frozen=True)
class Counts:
    """One language's catalogue: its messages, those translated (every
    plural form), those fuzzy, and the messages whose placeholders differ
    from the English's."""

    language: str
    messages: int
    translated: int
    fuzzy: int
    placeholders_differ: tuple[str, ...]
    missing: tuple[str, ...] = ()

    @property
    def is_complete(self) -> bool:
        return (
            self.translated == self.messages
            and not self.fuzzy
            and not self.placeholders_differ
            and not self.missing
        )


def _message_keys(po_path: Path) -> set[tuple[str | None, str]]:
    from babel.messages.pofile import read_po

    with po_path.open("rb") as file:
        catalogue = read_po(file, domain=DOMAIN)
    return {
        (message.context, message.id[0] if isinstance(message.id, tuple | list) else message.id)
        for message in catalogue
        if message.id
    }


def count(po_path: Path, template: Path | None = None) -> Counts:
    """The :class:`Counts` of the catalogue ``po_path``; with ``template``,
    also the template's messages the catalogue lacks (it was not updated)."""
    from babel.messages.pofile import read_po

    with po_path.open("rb") as file:
        catalogue = read_po(file, locale=language_of(po_path), domain=DOMAIN)
    missing: tuple[str, ...] = ()
    if template is not None:
        missing = tuple(sorted(key[1] for key in _message_keys(template) - _message_keys(po_path)))
    messages = translated = fuzzy = 0
    differ = []
    for message in catalogue:
        if not message.id:
            continue  # the header
        messages += 1
        fuzzy += message.fuzzy
        ids = message.id if isinstance(message.id, tuple | list) else (message.id,)
        strings = message.string if isinstance(message.string, tuple | list) else (message.string,)
        if all(strings):
            translated += 1
            wanted = set(_PLACEHOLDER.findall(ids[-1])) | set(_PLACEHOLDER.findall(ids[0]))
            if any(not set(_PLACEHOLDER.findall(string)) <= wanted for string in strings):
                differ.append(ids[0])
    return Counts(language_of(po_path), messages, translated, fuzzy, tuple(differ), missing)


def check(locale: Path = LOCALE, template: Path = TEMPLATE) -> int:
    """Print the template's state and each language's counts; 0 if the
    template is current and every language complete, 1 otherwise."""
    status = 0
    if template_is_current(template):
        print(f"template: {template.relative_to(ROOT)} is up to date with the code")
    else:
        print(
            f"template: {template.relative_to(ROOT)} is out of date: run"
            " 'python build/catalogues.py extract'"
        )
        status = 1
    catalogues = translations(locale)
    if not catalogues:
        print("languages: none shipped yet (English only)")
    for po_path in catalogues:
        counts = count(po_path, template)
        print(
            f"{counts.language}: {counts.messages} messages, {counts.translated} translated,"
            f" {counts.fuzzy} fuzzy, {len(counts.missing)} of the template's missing"
        )
        for message in counts.missing[:5]:
            print(f"  missing (run 'python build/catalogues.py update'): {message!r}")
        for message in counts.placeholders_differ:
            print(f"  placeholders differ from the English: {message!r}")
        if not counts.is_complete:
            status = 1
    return status


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    extract_command = commands.add_parser("extract", help="write the template from the code")
    extract_command.add_argument("-o", "--output", type=Path, default=TEMPLATE)
    init_command = commands.add_parser("init", help="start a language's .po from the template")
    init_command.add_argument("language", help="a language code: de, pt_BR, zh_CN…")
    commands.add_parser("update", help="merge the template into every .po")
    commands.add_parser("compile", help="compile every .po into its .mo, in place")
    commands.add_parser("check", help="the template is current, every language complete")
    args = parser.parse_args(argv)
    if args.command == "extract":
        extract(args.output.resolve())
        return 0
    if args.command == "init":
        print(f"wrote {init(args.language).relative_to(ROOT)}")
        return 0
    if args.command == "update":
        update()
        return 0
    if args.command == "compile":
        for mo_path in compile_catalogues():
            print(f"compiled {mo_path.relative_to(ROOT)}")
        return 0
    return check()


if __name__ == "__main__":
    sys.exit(main())
