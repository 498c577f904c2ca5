"""The layout keeps the architecture ARCHITECTURE.md describes: rooms by concern, no import
cycle, small modules, and each room importing only what is below it.

Imports are read from the source (module-level and function-local alike), so a lazy import
counts: the rules are about what a room may know, not about when it loads it.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PKG = ROOT / "pairchk"


def _modules() -> dict[str, Path]:
    out = {}
    for path in sorted(PKG.rglob("*.py")):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


MODULES = _modules()


def _is_package(name: str) -> bool:
    return MODULES[name].name == "__init__.py"


def _imports(name: str) -> set[str]:
    """Every pairchk module ``name`` imports (``from x import y`` counts y when y is a module)."""
    tree = ast.parse(MODULES[name].read_text(encoding="utf-8"))
    base = name.split(".") if _is_package(name) else name.split(".")[:-1]
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name.startswith("pairchk"))
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                anchor = base[: len(base) - node.level + 1]
                target = ".".join(anchor + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            if not target.startswith("pairchk"):
                continue
            subs = {f"{target}.{a.name}" for a in node.names} & MODULES.keys()
            found.update(subs or {target})
            if subs and len(subs) < len(node.names):
                found.add(target)
    return {m for m in found if m in MODULES and m != name}


GRAPH = {name: _imports(name) for name in MODULES}


def _package_chain(name: str) -> set[str]:
    """The packages a module sits in (importing a module runs its packages' __init__ first)."""
    parts = name.split(".")
    return {".".join(parts[:i]) for i in range(1, len(parts))}


def _cycles() -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan), in the import graph
    where a package's own re-exports from its submodules are not counted as edges back up."""
    edges = {n: {m for m in ms if m not in _package_chain(n)} for n, ms in GRAPH.items()}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in edges[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return out


def test_the_import_graph_has_no_cycle():
    assert _cycles() == []


def test_the_package_root_holds_at_most_15_modules():
    root = sorted(p.name for p in PKG.glob("*.py"))
    assert len(root) <= 15, root


def test_no_module_is_over_1000_lines():
    long = {n: len(p.read_text(encoding="utf-8").splitlines()) for n, p in MODULES.items()}
    assert {n: k for n, k in long.items() if k > 1000} == {}


def test_every_multi_module_system_is_a_package():
    flat = [p.stem for p in (PKG / "systems").glob("*.py") if p.stem != "__init__"]
    prefixes = {stem.split("_")[0] for stem in flat}
    shared = [stem for stem in flat if any(o != stem and o.startswith(stem + "_") for o in flat)]
    assert shared == [], f"systems spread over prefixed modules: {shared} (make them packages)"
    assert prefixes  # the single-module systems are still there


def _room(name: str) -> str:
    parts = name.split(".")
    return parts[1] if len(parts) > 2 or (len(parts) == 2 and _is_package(name)) else "root"


# What each room may import besides itself and the root foundations (ARCHITECTURE.md).
ALLOWED = {
    "formats": set(),
    "systems": set(),
    "standings": set(),
    "check": {"formats", "systems", "standings"},
    "generate": {"formats", "systems", "standings", "check"},  # pairs through check.pair
    "cli": {"formats", "systems", "standings", "check", "generate"},
}


@pytest.mark.parametrize("room", sorted(ALLOWED))
def test_each_room_imports_only_what_is_below_it(room):
    bad = []
    for name, deps in GRAPH.items():
        if _room(name) != room:
            continue
        for dep in deps:
            other = _room(dep)
            if other not in ("root", room) and other not in ALLOWED[room]:
                bad.append(f"{name} -> {dep}")
    assert bad == []


def test_the_root_foundations_import_no_room():
    """model, state, the System contract ... know nothing of formats, systems, checks or the CLI
    (a lazy import of the formats registry by validate and the systems registry by the
    acceleration layer are the two ways down the root may reach, through registries only)."""
    registries = {"pairchk.formats", "pairchk.systems"}
    entry = {"pairchk", "pairchk.__main__"}  # the package's lazy API and ``python -m pairchk``
    bad = [f"{name} -> {dep}" for name, deps in GRAPH.items() if _room(name) == "root"
           and name not in entry for dep in deps
           if _room(dep) != "root" and not (dep in registries or dep.startswith("pairchk.formats."))]
    assert bad == []


def test_the_checker_never_knows_a_system_by_name():
    """check/ reaches systems only through the registry (pairchk.systems), never a system module."""
    bad = [f"{name} -> {dep}" for name, deps in GRAPH.items() if _room(name) == "check"
           for dep in deps if dep.startswith("pairchk.systems.")]
    assert bad == []


_SYS_IO = {"stdin", "stdout", "stderr", "argv", "exit", "__stdout__", "__stderr__"}


def test_systems_do_no_io():
    """A pairing system is pure: no file, process or terminal access in pairchk/systems (``sys``
    only for the interpreter's own settings, never its streams, arguments or exit)."""
    banned_modules = {"os", "subprocess", "pathlib", "shutil", "io", "tempfile"}
    bad = []
    for name, path in MODULES.items():
        if _room(name) != "systems":
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                bad += [f"{name}: import {a.name}" for a in node.names
                        if a.name.split(".")[0] in banned_modules]
            elif isinstance(node, ast.ImportFrom) and not node.level:
                if (node.module or "").split(".")[0] in banned_modules:
                    bad.append(f"{name}: from {node.module}")
            elif (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
                  and node.value.id == "sys" and node.attr in _SYS_IO):
                bad.append(f"{name}:{node.lineno}: sys.{node.attr}")
            elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                if node.func.id in ("open", "print", "input"):
                    bad.append(f"{name}:{node.lineno}: {node.func.id}()")
    assert bad == []


def test_every_room_says_what_it_owns():
    for name in MODULES:
        if _is_package(name) and name.count(".") == 1:
            doc = ast.get_docstring(ast.parse(MODULES[name].read_text(encoding="utf-8")))
            assert doc and len(doc) > 80, f"{name} has no docstring saying what it owns"


def test_architecture_md_names_every_room():
    text = (ROOT / "ARCHITECTURE.md").read_text(encoding="utf-8")
    rooms = {n.split(".")[1] for n in MODULES if n.count(".") == 1 and _is_package(n)}
    missing = [r for r in sorted(rooms) if f"pairchk/{r}/" not in text]
    assert missing == []
    systems = sorted(n.split(".")[2] for n in MODULES if n.count(".") == 2
                     and n.startswith("pairchk.systems.") and _is_package(n))
    assert [s for s in systems if f"systems/{s}/" not in text] == []
