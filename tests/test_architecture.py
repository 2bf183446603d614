"""The package's shape: layers point one way, only ``gui`` imports tkinter,
and no module or class outgrows what one person can hold in mind."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "ttt_gui"

#: Each module's layer: a module may import only modules of lower layers
#: (and, inside the gui package, its siblings).
LAYERS: dict[str, int] = {
    "board": 0,
    "engine_tables": 1,
    "engine_pairing": 1,
    "transposition": 1,
    "engine_threats": 1,
    "engine_vct": 2,
    "engine_state": 2,
    "engine_search": 3,
    "engine_zones": 3,
    "engine": 4,
    "ladder": 5,
    "config": 5,
    "theme": 5,
    "review": 5,
    "files": 5,
    "settings": 6,
    "proving": 6,
    "settings_store": 7,
    "games": 6,
    "resume": 7,
    "session": 7,
    "jobs": 7,
    "commands": 8,
    "dialogs": 8,
    "view_model": 8,
    "file_commands": 9,
    "display_commands": 9,
    "coach_commands": 9,
    "presenter": 10,
    "gui": 11,
    "smoke": 12,
    "analysis_cli": 12,
    "cli": 13,
    "__main__": 14,
    "__init__": -1,  # the version only
}
MAX_MODULE_LINES = 600
MAX_CLASS_LINES = 350


def modules() -> list[Path]:
    return sorted(PACKAGE.rglob("*.py"))


def layer_name(path: Path) -> str:
    relative = path.relative_to(PACKAGE)
    return "gui" if relative.parts[0] == "gui" else relative.stem


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
        target = "gui" if parts[1] == "gui" else parts[1]
        if own == "gui" and target == "gui":
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
    sample.write_text("def f():\n    import tkinter\n    from ttt_gui import presenter\n")
    assert imported_modules(sample) == ["tkinter", "ttt_gui.presenter"]
