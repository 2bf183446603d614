"""The package's shape: layers point one way, only ``gui`` imports tkinter,
and no module or class outgrows what one person can hold in mind."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "ttt_gui"

#: Each package's layer (top-level modules count as their own package): a
#: module may import its own package and packages of lower layers only.
LAYERS: dict[str, int] = {
    "board": 0,  # rules
    "theme": 0,  # palettes
    "words": -1,  # the words the player reads (gettext catalogues): every layer speaks
    "system_languages": 0,  # the languages the system prefers
    "config": 1,  # modes, levels, board choices, GameConfig
    "engine": 2,  # search and proofs
    "analysis": 3,  # what the engine says about a position or a game
    "storage": 3,  # files, settings, saved and unfinished games
    "app": 4,  # one window's logic, Tk-free
    "gui": 5,  # the only tkinter importer
    "cli": 6,  # options, main, analyse/review, the smoke test
    "__main__": 7,
    "__init__": -1,  # the version only
}
MAX_MODULE_LINES = 600
MAX_CLASS_LINES = 350


def modules() -> list[Path]:
    return sorted(PACKAGE.rglob("*.py"))


def layer_name(path: Path) -> str:
    """The package a module belongs to: its folder, or its own name at the top."""
    relative = path.relative_to(PACKAGE)
    return relative.parts[0] if len(relative.parts) > 1 else relative.stem


def imported_modules(path: Path) -> list[str]:
    """Every module ``path`` imports, at the top or inside functions."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            if node.module != "ttt_gui":
                found.append(node.module)
                continue
            for alias in node.names:  # a submodule, or a name of the package itself
                is_module = (PACKAGE / f"{alias.name}.py").exists() or (
                    PACKAGE / alias.name
                ).is_dir()
                found.append(f"ttt_gui.{alias.name}" if is_module else "ttt_gui.__init__")
    return found


def test_every_module_has_a_layer() -> None:
    assert {layer_name(path) for path in modules()} <= set(LAYERS)


@pytest.mark.parametrize("path", modules(), ids=lambda path: str(path.relative_to(PACKAGE)))
def test_only_the_gui_package_imports_tkinter(path: Path) -> None:
    tk_imports = [name for name in imported_modules(path) if name.split(".")[0] == "tkinter"]
    if layer_name(path) != "gui":
        assert tk_imports == [], f"{path.name} imports {tk_imports}"


@pytest.mark.parametrize("path", modules(), ids=lambda path: str(path.relative_to(PACKAGE)))
def test_imports_point_down_the_layers(path: Path) -> None:
    own = layer_name(path)
    for name in imported_modules(path):
        parts = name.split(".")
        if parts[0] != "ttt_gui" or len(parts) < 2:
            continue
        target = parts[1]
        if target == own:
            continue
        assert LAYERS[target] < LAYERS[own], f"{path.name} ({own}) imports {name}"


@pytest.mark.parametrize("path", modules(), ids=lambda path: str(path.relative_to(PACKAGE)))
def test_modules_and_classes_stay_small(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert len(text.splitlines()) <= MAX_MODULE_LINES
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.ClassDef):
            assert node.end_lineno is not None
            length = node.end_lineno - node.lineno + 1
            assert length <= MAX_CLASS_LINES, f"class {node.name} has {length} lines"


def test_the_checks_see_a_violation(tmp_path: Path) -> None:
    """The import scanner finds imports inside functions too."""
    sample = tmp_path / "sample.py"
    sample.write_text("def f():\n    import tkinter\n    from ttt_gui import app\n")
    assert imported_modules(sample) == ["tkinter", "ttt_gui.app"]
