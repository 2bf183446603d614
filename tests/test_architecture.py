"""The package's shape: layers point one way, only ``gui`` imports tkinter,
and no module or class outgrows what one person can hold in mind."""

from __future__ import annotations

import ast
import warnings
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
#: Hard stops, well above today's sizes: past them a module or class holds
#: more than one idea for certain.
MAX_MODULE_LINES = 800
MAX_CLASS_LINES = 450
#: Sizes worth a second reading: the test prints what is over them, as a
#: list to read when the code is next changed, never as a failure to dodge.
READ_AGAIN_MODULE_LINES = 600
READ_AGAIN_CLASS_LINES = 350


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


def sizes(path: Path) -> tuple[int, dict[str, int]]:
    """A module's line count and the line count of each class in it."""
    text = path.read_text(encoding="utf-8")
    classes = {}
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.ClassDef):
            assert node.end_lineno is not None
            classes[node.name] = node.end_lineno - node.lineno + 1
    return len(text.splitlines()), classes


@pytest.mark.parametrize("path", modules(), ids=lambda path: str(path.relative_to(PACKAGE)))
def test_modules_and_classes_stay_under_the_hard_stop(path: Path) -> None:
    module_lines, classes = sizes(path)
    assert module_lines <= MAX_MODULE_LINES
    for name, length in classes.items():
        assert length <= MAX_CLASS_LINES, f"class {name} has {length} lines"


class ReadAgain(UserWarning):
    """A module or class past the reading sizes: a note, not a failure."""


def past_the_reading_sizes(paths: list[Path]) -> list[str]:
    """One line for each module and class past the reading sizes."""
    notes = []
    for path in paths:
        module_lines, classes = sizes(path)
        name = path.relative_to(PACKAGE) if path.is_relative_to(PACKAGE) else path.name
        if module_lines > READ_AGAIN_MODULE_LINES:
            notes.append(f"{name} has {module_lines} lines")
        notes.extend(
            f"class {class_name} in {name} has {length} lines"
            for class_name, length in classes.items()
            if length > READ_AGAIN_CLASS_LINES
        )
    return notes


def test_the_large_ones_are_listed_to_read_again() -> None:
    """Pytest's warnings summary lists them at the end of every run."""
    for note in past_the_reading_sizes(modules()):
        warnings.warn(note, ReadAgain, stacklevel=1)


def test_the_reading_list_sees_a_large_class(tmp_path: Path) -> None:
    sample = tmp_path / "large.py"
    body = "".join(f"    x{index} = {index}\n" for index in range(READ_AGAIN_CLASS_LINES + 5))
    sample.write_text("class Large:\n" + body + "\n\nclass Small:\n    pass\n")
    assert past_the_reading_sizes([sample]) == [
        f"class Large in large.py has {READ_AGAIN_CLASS_LINES + 6} lines"
    ]


def test_the_checks_see_a_violation(tmp_path: Path) -> None:
    """The import scanner finds imports inside functions too."""
    sample = tmp_path / "sample.py"
    sample.write_text("def f():\n    import tkinter\n    from ttt_gui import app\n")
    assert imported_modules(sample) == ["tkinter", "ttt_gui.app"]


def import_graph(package: Path) -> dict[str, set[str]]:
    """Each module of ``package`` and the modules of it that it imports
    (``from ttt_gui.app import refusals`` imports ``ttt_gui.app.refusals``)."""
    paths = sorted(package.rglob("*.py"))
    names = {".".join(_module_parts(package, path)) for path in paths}
    graph: dict[str, set[str]] = {}
    for path in paths:
        targets = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                targets.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module:
                targets.add(node.module)
                targets.update(f"{node.module}.{alias.name}" for alias in node.names)
        name = ".".join(_module_parts(package, path))
        graph[name] = {target for target in targets if target in names and target != name}
    return graph


def _module_parts(package: Path, path: Path) -> tuple[str, ...]:
    parts = path.relative_to(package.parent).with_suffix("").parts
    return parts[:-1] if parts[-1] == "__init__" else parts


def import_circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The circles of ``graph`` (module -> modules it imports), one per circle,
    each as the modules along it (Tarjan's strongly connected components)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    circles: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(graph.get(node, ())):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1 or node in graph.get(node, ()):
                circles.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return circles


def test_no_module_imports_itself_round_a_circle() -> None:
    """Imports inside functions count too: a circle through them is still one
    idea split in two places."""
    assert import_circles(import_graph(PACKAGE)) == []


def test_the_circle_finder_sees_a_circle() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert import_circles(graph) == [["a", "b", "c"]]


@pytest.mark.parametrize(
    "path", sorted((PACKAGE / "gui").glob("*.py")), ids=lambda path: path.name
)
def test_the_window_reads_no_files_itself(path: Path) -> None:
    """Storage reaches the window through the presenter, which the
    composition root (cli/compose.py) builds: no gui module imports it."""
    storage = [name for name in imported_modules(path) if name.startswith("ttt_gui.storage")]
    assert storage == [], f"{path.name} imports {storage}"
