"""The build steps pyproject.toml cannot declare: the message catalogues.

Each translation (``ttt_gui/locale/<language>/LC_MESSAGES/ttt_gui.po``) is
compiled into its ``.mo`` as the package is built (wheels, and so the
sdist's wheel too; in place for an editable install), by
``build/catalogues.py`` with Babel, a build requirement only.
"""

from __future__ import annotations

import sys
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE / "build"))
import catalogues  # noqa: E402 - build/catalogues.py, found through the line above


class BuildWithCatalogues(build_py):
    """build_py, then every ``.po`` compiled into its ``.mo`` in the build (or
    in place beside it for an editable install)."""

    def run(self) -> None:
        super().run()
        if self.dry_run:
            return
        target = None if self.editable_mode else Path(self.build_lib) / "ttt_gui" / "locale"
        for mo_path in catalogues.compile_catalogues(HERE / "ttt_gui" / "locale", target):
            self.announce(f"compiled {mo_path}", level=2)


setup(cmdclass={"build_py": BuildWithCatalogues})
