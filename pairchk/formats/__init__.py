"""Registry of file formats, each a module with ``detect``, ``load`` and ``dump``.

A format module defines ``NAME``, ``EXTENSIONS``, ``CAN_READ``, ``CAN_WRITE``, ``CANNOT_CARRY``
(a list of model fields the format cannot express) and the functions::

    detect(data: bytes) -> bool
    load(data: bytes, *, path: str | None = None) -> Loaded
    dump(tournament: Tournament, **options) -> Dumped

>>> from pairchk import formats
>>> "trf" in formats.names()
True
"""

from __future__ import annotations

import importlib
import os
from dataclasses import dataclass, field
from types import ModuleType

from ..errors import UnknownFormatError, Warning_
from ..model import Tournament

# Order matters for content detection: the most specific formats first.
_MODULES = [
    "json_model",
    "elobase",  # before trf: a tournament name such as "XXX Open" looks like a TRF XX? record
    "trf26",
    "trf",
    "swt",
    "chess_results_xml",
    "dsb_xml",
    "chess_results_html",
    "dewis_xml",
    "chess_json",
    "papi_json",
    "csv_swiss",
    "xlsx",
    "swissperfect",
    "icu_csv",
]


@dataclass
class Loaded:
    """A tournament read from a file, with warnings about anything not carried exactly."""

    tournament: Tournament
    warnings: list[Warning_] = field(default_factory=list)
    # source line of each player (for findings): player number -> line number
    lines: dict[int, int] = field(default_factory=dict)
    # any extra per-format location info the validator may use
    meta: dict = field(default_factory=dict)


@dataclass
class Dumped:
    """A tournament written to bytes, with warnings about what the target could not carry."""

    data: bytes
    warnings: list[Warning_] = field(default_factory=list)


_registry: dict[str, ModuleType] | None = None


def register_module(name: str) -> None:
    """Add a format module (``pairchk.formats.<name>``) to the registry."""
    if name not in _MODULES:
        _MODULES.append(name)
    global _registry
    _registry = None


def _load_registry() -> dict[str, ModuleType]:
    global _registry
    if _registry is None:
        reg: dict[str, ModuleType] = {}
        for modname in _MODULES:
            try:
                mod = importlib.import_module(f"{__name__}.{modname}")
            except ModuleNotFoundError as exc:  # a format not written yet
                if exc.name == f"{__name__}.{modname}":
                    continue
                raise
            reg[mod.NAME] = mod
        _registry = reg
    return _registry


def names() -> list[str]:
    return list(_load_registry())


def get(name: str) -> ModuleType:
    reg = _load_registry()
    try:
        return reg[name]
    except KeyError:
        raise UnknownFormatError(
            f"unknown format {name!r}; known formats: {', '.join(reg)}"
        ) from None


def by_extension(path: str) -> ModuleType | None:
    lower = path.lower()
    best = None
    best_len = 0
    for mod in _load_registry().values():
        for ext in getattr(mod, "EXTENSIONS", ()):
            if lower.endswith(ext) and len(ext) > best_len:
                best, best_len = mod, len(ext)
    return best


def detect(data: bytes, path: str | None = None) -> ModuleType:
    """Find the format of ``data``: content first, the file extension as a tie-breaker."""
    reg = _load_registry()
    matches = [mod for mod in reg.values() if getattr(mod, "CAN_READ", True) and mod.detect(data)]
    if path:
        ext_mod = by_extension(path)
        if ext_mod is not None and ext_mod in matches:
            return ext_mod
    if matches:
        return matches[0]
    if path:
        ext_mod = by_extension(path)
        if ext_mod is not None:
            return ext_mod
    raise UnknownFormatError(
        f"{path or '<input>'}: cannot tell the file format from its content"
        f" (hint: name it with --from; known formats: {', '.join(reg)})"
    )


def load(data: bytes, *, path: str | None = None, fmt: str | None = None) -> Loaded:
    """Read ``data`` (bytes of a file) with the named format or the detected one."""
    mod = get(fmt) if fmt else detect(data, path)
    return checked(mod.load, data, path)


def checked(reader, data: bytes, path: str | None, **kwargs) -> Loaded:
    """``reader(data, path=path, **kwargs)`` with the path on its errors and the bounds checked."""
    from ..errors import FormatError
    from .limits import check_tournament

    try:
        loaded = reader(data, path=path, **kwargs)
    except FormatError as exc:
        raise exc.with_path(path) if path else exc
    check_tournament(loaded.tournament, path=path, lines=loaded.lines)
    return loaded


def load_path(path: str, fmt: str | None = None) -> Loaded:
    with open(path, "rb") as fh:
        data = fh.read()
    return load(data, path=path, fmt=fmt)


def dump(tournament: Tournament, fmt: str, *, settings: dict[str, str] | None = None, **options) -> Dumped:
    """Write ``tournament`` in format ``fmt``.

    ``settings`` are supplied metadata (``convert --set KEY=VALUE``, see
    :mod:`pairchk.formats.settings`): keys naming model fields are applied to the tournament;
    the others must be options the format declares in its ``OPTIONS`` and are passed to ``dump``.
    """
    mod = get(fmt)
    if not getattr(mod, "CAN_WRITE", True):
        raise UnknownFormatError(f"format {fmt!r} can be read but not written")
    if settings:
        from .settings import apply_settings, check_options

        tournament, rest = apply_settings(tournament, settings)
        check_options(rest, fmt, getattr(mod, "OPTIONS", {}))
        options.update(rest)
    return mod.dump(tournament, **options)


def format_for_output(path: str) -> ModuleType | None:
    if path == "-":
        return None
    return by_extension(os.path.basename(path))
