"""The project's scripts (``build/``, ``benchmarks/``), which are no package,
loaded as modules for their tests."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent


def load_script(relative_path: str, name: str) -> ModuleType:
    """The script at ``relative_path`` (from the project's root), run as the
    module ``name`` and registered under it in ``sys.modules`` (where
    dataclasses look their module up). As when it runs as a script, its own
    folder comes first on the path while it loads (for the helper modules
    beside it)."""
    path = ROOT / relative_path
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    sys.path.insert(0, str(path.parent))
    try:
        spec.loader.exec_module(module)
    finally:
        sys.path.remove(str(path.parent))
    return module
