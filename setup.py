"""The build steps pyproject.toml cannot declare: the message catalogues,
the manual page and shell completions, and the compiled engine.

Each translation (``ttt_gui/locale/<language>/LC_MESSAGES/ttt_gui.po``) is
compiled into its ``.mo`` as the package is built (wheels, and so the
sdist's wheel too; in place for an editable install), by
``build/catalogues.py`` with Babel, a build requirement only.

The manual page and the bash, zsh and fish completions are made from the
command line's parsers by ``build/command_line.py`` into
``ttt_gui/desktop/share/`` in the build (in place for an editable install),
where ``ttt-gui --install-desktop-entry`` finds them.

``TTT_GUI_COMPILE=1`` compiles the engine's hot modules with mypyc (a C
compiler needed); without it the package is pure Python:

    TTT_GUI_COMPILE=1 pip install .       # or: TTT_GUI_COMPILE=1 python -m build

A compiled build that cannot compile fails; it never falls back to a pure
wheel. The same modules run as plain Python in the pure build. A compiled
build depends on mypyc's runtime library, librt (the Connect Four solver's
table is its native vector), at least the version it was compiled with;
the pure build does not.
"""

from __future__ import annotations

import os
import sys
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE / "build"))
import catalogues  # noqa: E402 - build/catalogues.py, found through the line above

#: The modules mypyc compiles: the engine's hot path.
COMPILED_MODULES = [
    "ttt_gui/engine/connect_four.py",
    "ttt_gui/engine/negamax.py",
    "ttt_gui/engine/state.py",
    "ttt_gui/engine/threats.py",
    "ttt_gui/engine/vct.py",
    "ttt_gui/engine/transposition.py",
    "ttt_gui/engine/pairing.py",
    "ttt_gui/engine/zones.py",
    "ttt_gui/engine/leaf_fours.py",
    "ttt_gui/engine/gomoku_shapes.py",
    "ttt_gui/engine/gomoku_board.py",
    "ttt_gui/engine/gomoku_search.py",
]
#: Commands that only gather metadata or build requirements (no compiler).
METADATA_COMMANDS = {"egg_info", "dist_info", "sdist", "--version", "--name"}


class BuildWithCatalogues(build_py):
    """build_py, then every ``.po`` compiled into its ``.mo`` in the build (or
    in place beside it for an editable install), and the manual page and
    completions written under the desktop files' ``share/``, likewise."""

    def run(self) -> None:
        super().run()
        if self.dry_run:
            return
        target = None if self.editable_mode else Path(self.build_lib) / "ttt_gui" / "locale"
        for mo_path in catalogues.compile_catalogues(HERE / "ttt_gui" / "locale", target):
            self.announce(f"compiled {mo_path}", level=2)
        # build/command_line.py imports the package: here, not for metadata alone.
        import command_line

        package = HERE if self.editable_mode else Path(self.build_lib)
        for path in command_line.write_all(package / "ttt_gui" / "desktop" / "share"):
            self.announce(f"wrote {path}", level=2)


#: What every build needs at run time.
DEPENDENCIES = ["platformdirs>=3", "mypy_extensions>=1.0"]

compile_requested = os.environ.get("TTT_GUI_COMPILE", "") == "1"
extensions = []
dependencies = list(DEPENDENCIES)
if compile_requested:
    # Also for the metadata alone (pip reads the dependencies from it before
    # building), in the build environment, where mypy has brought librt;
    # when asked for the build's own requirements, before mypy is there, any.
    try:
        dependencies.append(f"librt>={version('librt')}")
    except PackageNotFoundError:
        dependencies.append("librt")
if compile_requested and not METADATA_COMMANDS.intersection(sys.argv[1:]):
    try:
        from mypyc.build import mypycify
    except ImportError as error:
        raise SystemExit(f"TTT_GUI_COMPILE=1 needs mypy (mypyc) to build: {error}") from error
    # C sources go under setuptools' work folder (setup.cfg), which git
    # ignores; separate: each module's shared library beside it, inside the
    # package (where PyInstaller's collect_submodules finds it).
    extensions = mypycify(
        COMPILED_MODULES, opt_level="3", separate=True, target_dir="build/setuptools/mypyc"
    )

setup(
    cmdclass={"build_py": BuildWithCatalogues},
    ext_modules=extensions,
    install_requires=dependencies,
    # A compiled build needs mypyc in its (isolated) build environment, one
    # whose native vectors (librt.vecs) are no longer experimental.
    setup_requires=["mypy>=2.4"] if compile_requested else [],
)
