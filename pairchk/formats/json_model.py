"""pairchk's own JSON: the tournament model as it is, described by ``tournament.schema.json``.

Every field of :mod:`pairchk.model` is written under its own name; values equal to the
model's defaults are left out. Points are JSON numbers read back as exact decimals. A round
entry is ``{"result": "win", "opponent": 2, "color": "white"}`` with the results named after
:class:`pairchk.model.Kind`. Files are validated against the schema (JSON Schema 2020-12) on
read; an error names the JSON path.

>>> from pairchk.model import Tournament, Player, RoundEntry, Kind, Color
>>> t = Tournament(name="Club", players=(Player(1, "A", entries=(RoundEntry(Kind.WIN, 2, Color.WHITE),)),
...                                      Player(2, "B", entries=(RoundEntry(Kind.LOSS, 1, Color.BLACK),))))
>>> load(dump(t).data).tournament == t
True
"""

from __future__ import annotations

import dataclasses
import enum
import json
import re
import typing
from decimal import Decimal
from functools import lru_cache
from importlib import resources

from ..errors import FormatError, Warning_
from ..model import Color, Kind, RoundEntry, Tournament
from . import Dumped, Loaded
from .fields import parse_json

NAME = "json"
EXTENSIONS = (".json",)
CAN_READ = True
CAN_WRITE = True
CANNOT_CARRY: list[str] = []
CARRIES_GAMES = True  # a match of two games keeps both (RoundEntry.games)
FORMAT_ID = "pairchk-tournament"
VERSION = 1

_COLOR_NAMES = {Color.WHITE: "white", Color.BLACK: "black"}
_COLORS = {v: k for k, v in _COLOR_NAMES.items()}
_KINDS = {k.name.lower(): k for k in Kind}
_ENTRY = re.compile(r'\{(\n\s*"result": [^{}\[\]]*?)\n\s*\}')


@lru_cache(maxsize=1)
def schema() -> dict:
    """The JSON Schema of this format (shipped as ``pairchk/data/tournament.schema.json``)."""
    text = resources.files("pairchk").joinpath("data/tournament.schema.json").read_text("utf-8")
    return json.loads(text)


def detect(data: bytes) -> bool:
    head = data[:4096].lstrip(b"\xef\xbb\xbf").lstrip()
    return head.startswith(b"{") and FORMAT_ID.encode() in data[:65536]


def _num(d: Decimal):
    return int(d) if d == d.to_integral_value() else float(d)


def _to_json(value, default=None):
    if dataclasses.is_dataclass(value):
        out = {}
        for f in dataclasses.fields(value):
            v = getattr(value, f.name)
            if f.name == "entries":
                out["rounds"] = [_entry(e) for e in v]
                if not out["rounds"]:
                    del out["rounds"]
                continue
            dflt = f.default if f.default is not dataclasses.MISSING else (
                f.default_factory() if f.default_factory is not dataclasses.MISSING else dataclasses.MISSING)
            if dflt is not dataclasses.MISSING and v == dflt:
                continue
            out[f.name] = _to_json(v)
        return out
    if isinstance(value, Decimal):
        return _num(value)
    if isinstance(value, Color):
        return _COLOR_NAMES.get(value)
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, tuple):
        return [_to_json(x) for x in value]
    return value


def _entry(e: RoundEntry) -> dict:
    out: dict = {"result": e.kind.name.lower()}
    if e.opponent is not None:
        out["opponent"] = e.opponent
    if e.color is not Color.NONE:
        out["color"] = _COLOR_NAMES[e.color]
    if e.games:
        out["games"] = [_entry(g) for g in e.games]
    return out


def _read_entry(e: dict) -> RoundEntry:
    colour = _COLORS.get(e.get("color") or "", Color.NONE)
    return RoundEntry(_KINDS[e["result"]], e.get("opponent"), colour,
                      tuple(_read_entry(g) for g in e.get("games", ())))


@lru_cache(maxsize=None)
def _hints(cls) -> dict:
    return typing.get_type_hints(cls)


@lru_cache(maxsize=1)
def _validator():
    import jsonschema

    return jsonschema.Draft202012Validator(schema())


def _from_json(cls, data):
    hints = _hints(cls)
    kwargs = {}
    for f in dataclasses.fields(cls):
        if f.name == "entries":
            if "rounds" in data:
                kwargs["entries"] = tuple(_read_entry(e) for e in data["rounds"])
            continue
        if f.name in data:
            kwargs[f.name] = _convert(hints[f.name], data[f.name])
    return cls(**kwargs)


def _convert(tp, value):
    if value is None:
        return None
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if origin in (typing.Union, getattr(__import__("types"), "UnionType", None)):
        inner = [a for a in args if a is not type(None)]
        return _convert(inner[0], value)
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_convert(args[0], x) for x in value)
        return tuple(_convert(a, x) for a, x in zip(args, value))
    if tp is Decimal:
        return Decimal(str(value))
    if tp is Color:
        return _COLORS.get(value, Color.NONE)
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return tp(value)
    if dataclasses.is_dataclass(tp):
        return _from_json(tp, value)
    return value


def _path(error) -> str:
    out = "$"
    for part in error.absolute_path:
        out += f"[{part}]" if isinstance(part, int) else f".{part}"
    return out


def load(data: bytes, *, path: str | None = None) -> Loaded:
    """Read our JSON (validated against the schema)."""
    doc = parse_json(data, path=path, expected="a JSON document",
                     hint="is this really a pairchk JSON file?")
    errors = sorted(_validator().iter_errors(_plain(doc)), key=lambda e: list(map(str, e.absolute_path)))
    if errors:
        e = errors[0]
        more = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
        raise FormatError(f"{_path(e)}: {e.message}{more}", path=path,
                          expected="a document matching formats/tournament.schema.json",
                          hint="pairchk JSON is written by `pairchk convert FILE OUT.json`")
    t = _from_json(Tournament, doc["tournament"])
    players = tuple(sorted(t.players, key=lambda p: p.number))
    t = t.replace(players=players)
    lines: dict[int, int] = {}
    return Loaded(t, [], lines, {"version": "json"})


def _plain(doc):
    """Decimals as floats for the validator (which knows JSON numbers only)."""
    if isinstance(doc, dict):
        return {k: _plain(v) for k, v in doc.items()}
    if isinstance(doc, list):
        return [_plain(v) for v in doc]
    if isinstance(doc, Decimal):
        return float(doc)
    return doc


def dump(t: Tournament, *, indent: int | None = 1, **unknown) -> Dumped:
    """Write ``t`` as pairchk JSON (nothing is lost: the JSON is the model)."""
    warnings = [Warning_(f"option {k!r} is not used by the json format; ignored") for k in unknown]
    doc = {"format": FORMAT_ID, "version": VERSION, "tournament": _to_json(t)}
    text = json.dumps(doc, ensure_ascii=False, indent=indent)
    if indent is not None:  # one line per round entry keeps files readable
        text = _ENTRY.sub(lambda m: "{" + re.sub(r"\n\s*", " ", m.group(1)).strip() + "}", text)
    return Dumped((text + "\n").encode("utf-8"), warnings)


__all__ = ["NAME", "detect", "load", "dump", "schema"]
