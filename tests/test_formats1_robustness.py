"""Damaged files for the CSV, Excel, Chess-JSON, Papi-JSON, SwissPerfect and ICU readers: every
one is read or refused with a PairchkError, never a traceback or a hang (seeded, fast)."""

from __future__ import annotations

import io
import json
import random

import pytest

from pairchk import formats
from pairchk.errors import PairchkError
from test_conversion_matrix import build

_JSON_VALUES = [None, True, 0, -1, 1.5, "", "x", [], {}, [1], {"a": 1}, 10**20, "W", "Z"]


def _paths(o, pre=()):
    yield pre
    if isinstance(o, dict):
        for k, v in o.items():
            yield from _paths(v, pre + (k,))
    elif isinstance(o, list):
        for i, v in enumerate(o):
            yield from _paths(v, pre + (i,))


def _read(mod, data: bytes) -> None:
    try:
        mod.load(data, path="damaged")
    except PairchkError:
        pass


@pytest.mark.parametrize("fmt", ["csv", "chess-json", "papi-json"])
def test_byte_damage(fmt):
    mod = formats.get(fmt)
    base = mod.dump(build()).data
    rng = random.Random(fmt)
    for _ in range(150):
        b = bytearray(base)
        for _ in range(rng.randint(1, 4)):
            pos = rng.randrange(len(b))
            if rng.random() < 0.5:
                b[pos] = rng.choice(b'0123456789;,:"{}[]-+=WBSLDUFHZ\n\tx ')
            else:
                del b[pos:pos + rng.randint(1, 20)]
        _read(mod, bytes(b))


@pytest.mark.parametrize("fmt", ["chess-json", "papi-json"])
def test_json_values_of_the_wrong_type(fmt):
    mod = formats.get(fmt)
    base = json.loads(mod.dump(build()).data)
    paths = [p for p in _paths(base) if p]
    rng = random.Random(fmt)
    for _ in range(200):
        doc = json.loads(json.dumps(base))
        for _ in range(rng.randint(1, 3)):
            path = rng.choice(paths)
            target = doc
            try:
                for k in path[:-1]:
                    target = target[k]
                target[path[-1]] = rng.choice(_JSON_VALUES)
            except (KeyError, IndexError, TypeError):
                pass
        _read(mod, json.dumps(doc).encode())


def test_xlsx_cells_edited_at_random():
    from openpyxl import load_workbook

    mod = formats.get("xlsx")
    base = mod.dump(build()).data
    rng = random.Random(7)
    values = [None, "x", -1, 1.5, "1-0", "+:-", "", "Points: win", "Forbidden pair", "a b", 0,
              10**12, "withdrawn", "none"]
    for _ in range(15):
        wb = load_workbook(io.BytesIO(base))
        for _ in range(rng.randint(1, 3)):
            ws = rng.choice(wb.worksheets)
            ws.cell(row=rng.randint(1, ws.max_row + 1), column=rng.randint(1, ws.max_column + 1),
                    value=rng.choice(values))
        buf = io.BytesIO()
        wb.save(buf)
        _read(mod, buf.getvalue())


def test_a_huge_round_number_is_refused_not_expanded():
    doc = json.loads(formats.get("chess-json").dump(build()).data)
    doc["event"]["tournaments"][0]["gameList"][0]["round"] = 10**20
    with pytest.raises(PairchkError, match="expected a round number 1..999"):
        formats.get("chess-json").load(json.dumps(doc).encode())
    with pytest.raises(PairchkError, match="expected a round number 1..999"):
        formats.get("csv").load(b"Nr;Name;Rd100000 Gegner\n1;A;2\n")
