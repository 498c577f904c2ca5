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

from ..errors import PairchkError, UnknownFormatError, Warning_
from ..model import Tournament

# Order matters for content detection: the most specific formats first.
_MODULES = [
    "json_model",
    "elobase",  # before trf: a tournament name such as "XXX Open" looks like a TRF XX? record
    "trf26",
    "trf",
    "swt",
    "papi",  # an Access database naming Papi's tables (before any text format)
    "sharly",  # an SQLite database with Sharly-Chess's tables
    "swissperfect_native",  # dBase tables with SwissPerfect's fields, or its .ini
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

# module -> (NAME, EXTENSIONS) of the formats above, so that a file whose extension names its
# format is read without importing the other modules (lxml, openpyxl: a quarter of the
# start-up time). tests/test_formats_registry_table.py keeps it equal to the modules' own.
KNOWN: dict[str, tuple[str, tuple[str, ...]]] = {
    "json_model": ("json", (".json",)),
    "elobase": ("elobase", (".swi",)),
    "trf26": ("trf26", (".trf26",)),
    "trf": ("trf", (".trf", ".trfx", ".txt", ".tab")),
    "swt": ("swt", (".swt",)),
    "papi": ("papi", (".papi",)),
    "sharly": ("sharly", (".sce",)),
    "swissperfect_native": ("swissperfect-native", (".trn", ".sco", ".ini")),
    "chess_results_xml": ("chess-results-xml", (".cr.xml",)),
    "dsb_xml": ("dsb-xml", (".dsb.xml",)),
    "chess_results_html": ("chess-results-html", (".html", ".htm")),
    "dewis_xml": ("dewis-xml", (".dewis.xml",)),
    "chess_json": ("chess-json", (".jch", ".chess.json", ".chessjson")),
    "papi_json": ("papi-json", (".papi.json",)),
    "csv_swiss": ("csv", (".csv",)),
    "xlsx": ("xlsx", (".xlsx",)),
    "swissperfect": ("swissperfect", (".spx",)),
    "icu_csv": ("icu-csv", (".fcsv",)),
}


@dataclass
class Loaded:
    """A tournament read from a file, with warnings about anything not carried exactly."""

    tournament: Tournament
    warnings: list[Warning_] = field(default_factory=list)
    # source line of each player (for findings): player number -> line number
    lines: dict[int, int] = field(default_factory=dict)
    # any extra per-format location info the validator may use
    meta: dict = field(default_factory=dict)


class TournamentChoiceError(PairchkError):
    """A file holding several tournaments read where one is wanted (or a choice naming none
    of them); ``choices`` are the file's ``(id, name)`` pairs.

    >>> print(TournamentChoiceError.of([("1", "Open A"), ("2", "Open B")], "event.sce"))
    event.sce: the file holds 2 tournaments: 1 'Open A', 2 'Open B' (hint: choose one with --tournament ID or --tournament NAME)
    >>> print(TournamentChoiceError.of([("1", "Open A")], "event.sce", "C"))
    event.sce: the file has no tournament 'C'; its tournaments: 1 'Open A' (hint: --tournament takes a tournament's id in the file or its name)
    """

    def __init__(self, message: str, choices: list[tuple[str, str]]) -> None:
        super().__init__(message)
        self.choices = choices

    @classmethod
    def of(cls, choices: list[tuple[str, str]], path: str | None,
           wanted: str | None = None) -> "TournamentChoiceError":
        listed = ", ".join(f"{i} {n!r}" if n else i for i, n in choices)
        where = path or "<input>"
        if wanted is None:
            return cls(f"{where}: the file holds {len(choices)} tournaments: {listed} (hint: choose"
                       " one with --tournament ID or --tournament NAME)", choices)
        return cls(f"{where}: the file has no tournament {wanted!r}; its tournaments: {listed}"
                   " (hint: --tournament takes a tournament's id in the file or its name)", choices)


@dataclass
class Part:
    """One tournament of a file: its id in the file, its name, and what was read of it, or
    the error that stops it (the other tournaments of the file still read)."""

    id: str
    name: str
    loaded: Loaded | None = None
    error: PairchkError | None = None

    @property
    def label(self) -> str:
        """``id 'name'``, as messages name a tournament of a file."""
        return f"{self.id} {self.name!r}" if self.name else self.id


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


def _import(modname: str) -> ModuleType | None:
    """One format module, or None when it is not written yet."""
    try:
        return importlib.import_module(f"{__name__}.{modname}")
    except ModuleNotFoundError as exc:
        if exc.name == f"{__name__}.{modname}":
            return None
        raise


def _all_known() -> bool:
    """True when every registered module is in :data:`KNOWN` (none added by register_module)."""
    return all(m in KNOWN for m in _MODULES)


def _known_by_name(name: str) -> ModuleType | None:
    if _registry is not None or not _all_known():
        return _load_registry().get(name)  # (a module added by register_module: not yet loaded)
    for modname, (fmt, _) in KNOWN.items():
        if fmt == name and modname in _MODULES:
            return _import(modname)
    return None


def _known_by_extension(path: str) -> ModuleType | None:
    """The module of the longest extension of ``path`` in :data:`KNOWN` (imports only it)."""
    if not _all_known():
        return by_extension(path)
    lower = path.lower()
    best, best_len = None, 0
    for modname, (_, exts) in KNOWN.items():
        for ext in exts:
            if modname in _MODULES and lower.endswith(ext) and len(ext) > best_len:
                best, best_len = modname, len(ext)
    return _import(best) if best else None


def get(name: str) -> ModuleType:
    mod = _known_by_name(name)
    if mod is not None:
        return mod
    reg = _load_registry()
    try:
        return reg[name]
    except KeyError:
        raise UnknownFormatError(
            f"unknown format {name!r}; known formats: {', '.join(reg)}"
        ) from None


def by_extension(path: str) -> ModuleType | None:
    if _all_known():
        return _known_by_extension(path)
    lower = path.lower()
    best = None
    best_len = 0
    for mod in _load_registry().values():
        for ext in getattr(mod, "EXTENSIONS", ()):
            if lower.endswith(ext) and len(ext) > best_len:
                best, best_len = mod, len(ext)
    return best


# Formats sharing an extension with another's: a TRF-2026 file is often named ``.trf``.
_SIBLINGS = {"trf": "trf26", "trf26": "trf"}


def detect(data: bytes, path: str | None = None) -> ModuleType:
    """Find the format of ``data``: content first, the file extension as a tie-breaker."""
    if path:  # the extension's format, when the content agrees, wins anyway: try it alone first
        ext_mod = _known_by_extension(os.path.basename(path))
        if ext_mod is not None and getattr(ext_mod, "CAN_READ", True) and ext_mod.detect(data):
            return ext_mod
        sibling = _SIBLINGS.get(ext_mod.__name__.rsplit(".", 1)[1]) if ext_mod else None
        if sibling and sibling in _MODULES and _all_known():
            mod = _import(sibling)
            if mod is not None and mod.detect(data):
                return mod
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


def load(data: bytes, *, path: str | None = None, fmt: str | None = None,
         tournament: str | None = None) -> Loaded:
    """Read ``data`` (bytes of a file) with the named format or the detected one; from a file
    with several tournaments, the one ``tournament`` names (its id in the file or its name)."""
    mod = get(fmt) if fmt else detect(data, path)
    return checked(mod, data, path, tournament=tournament)


def load_all(data: bytes, *, path: str | None = None, fmt: str | None = None) -> list[Part]:
    """Every tournament of ``data``: one :class:`Part` for most formats, one per tournament
    for a file that holds several (a Sharly-Chess event)."""
    mod = get(fmt) if fmt else detect(data, path)
    return parts(mod, data, path)


def tournaments(data: bytes, *, path: str | None = None, fmt: str | None = None
                ) -> list[tuple[str, str]]:
    """The ``(id, name)`` of each tournament of a file that holds several (cheap: the players
    are not read); ``[]`` for a format with one tournament per file."""
    from ..errors import FormatError

    mod = get(fmt) if fmt else detect(data, path)
    if not hasattr(mod, "list_tournaments"):
        return []
    try:
        return mod.list_tournaments(data, path=path)
    except FormatError as exc:
        raise exc.with_path(path) if path else exc


def parts(mod: ModuleType, data: bytes, path: str | None) -> list[Part]:
    """The tournaments of ``data`` read with ``mod`` (see :func:`load_all`)."""
    from ..errors import FormatError

    if not hasattr(mod, "load_all"):
        loaded = checked(mod, data, path)
        return [Part("1", loaded.tournament.name, loaded)]
    try:
        found = mod.load_all(data, path=path)
    except FormatError as exc:
        raise exc.with_path(path) if path else exc
    out = []
    for ident, name, loaded in found:
        if isinstance(loaded, PairchkError):
            out.append(Part(ident, name, error=loaded))
            continue
        try:
            out.append(Part(ident, name, _finish(mod, loaded, path)))
        except PairchkError as exc:
            out.append(Part(ident, name, error=exc))
    return out


def select(found: list[Part], wanted: str | None, path: str | None) -> Part:
    """The part ``wanted`` names (its id, else its name, case-insensitive); the only one when
    ``wanted`` is None; else a :class:`TournamentChoiceError` naming the choices."""
    if wanted is None and len(found) == 1:
        return found[0]
    if wanted is not None:
        for match in (lambda p: p.id == wanted.strip(),
                      lambda p: p.name.casefold() == wanted.strip().casefold()):
            hits = [p for p in found if match(p)]
            if len(hits) == 1:
                return hits[0]
    raise TournamentChoiceError.of([(p.id, p.name) for p in found], path, wanted)


def checked(mod: ModuleType, data: bytes, path: str | None, *, tournament: str | None = None,
            **kwargs) -> Loaded:
    """``mod.load(data, path=path, **kwargs)`` with the path on its errors, the bounds checked
    and, for a file that does not declare its point system, the one its totals imply; from a
    file with several tournaments, the one ``tournament`` names."""
    from ..errors import FormatError

    if hasattr(mod, "load_all"):
        part = select(parts(mod, data, path), tournament, path)
        if part.error is not None:
            raise part.error
        assert part.loaded is not None
        return part.loaded
    try:
        loaded = mod.load(data, path=path, **kwargs)
    except FormatError as exc:
        raise exc.with_path(path) if path else exc
    loaded = _finish(mod, loaded, path)
    if tournament is not None:
        select([Part("1", loaded.tournament.name, loaded)], tournament, path)
    return loaded


def _finish(mod: ModuleType, loaded: Loaded, path: str | None) -> Loaded:
    """The bounds checked, players required, the point system its totals imply (when the
    format does not declare one)."""
    from ..errors import FormatError
    from .declared import declares_scoring, infer_scoring
    from .limits import check_tournament

    check_tournament(loaded.tournament, path=path, lines=loaded.lines)
    if not loaded.tournament.players:
        what = {"trf": "player records (001 lines)", "trf26": "player records (001 lines)"}.get(
            mod.NAME, "players")
        raise FormatError(f"the file has no {what}", path=path,
                          expected="a tournament with at least one player",
                          hint="a header alone is not a tournament file; was the export cut short?")
    if not declares_scoring(mod, loaded):
        # a format with no place for the point system warns when no standard one fits; a TRF
        # without 162/XXS/BB* (it could have said) leaves the differences to validate
        loaded.tournament, warnings = infer_scoring(
            loaded.tournament, path=path, warn_none=not getattr(mod, "DECLARES_SCORING", True),
            pab=loaded.meta.get("pab_points"))
        loaded.warnings.extend(warnings)
    return loaded


def load_path(path: str, fmt: str | None = None, tournament: str | None = None) -> Loaded:
    with open(path, "rb") as fh:
        data = fh.read()
    return load(data, path=path, fmt=fmt, tournament=tournament)


def skip_reason(data: bytes) -> str | None:
    """Why ``data`` is recognisably not a tournament file (a README, a bbpPairings output,
    pairchk's own report or summary), or None; never for content a format claims."""
    from .sniff import not_a_tournament

    reason = not_a_tournament(data)
    if reason is None:
        return None
    if any(getattr(m, "CAN_READ", True) and m.detect(data) for m in _load_registry().values()):
        return None
    return reason


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
    out = mod.dump(tournament, **options)
    if tournament.games_per_round > 1 and not getattr(mod, "CARRIES_GAMES", False):
        out.warnings.append(Warning_(
            f"format {fmt!r} has one result per round: each match of "
            f"{tournament.games_per_round} games is written as its match result (win, draw, "
            "loss or forfeit); trf26 and json keep every game"))
    return out


def format_for_output(path: str) -> ModuleType | None:
    if path == "-":
        return None
    return by_extension(os.path.basename(path))
