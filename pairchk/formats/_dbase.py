"""dBase III tables (``.dbf`` and the files that use its layout, such as SwissPerfect's
``.trn`` and ``.sco``), read from bytes with every size checked against the file.

A 32-byte header (version, date, record count, header length, record length), 32-byte field
descriptors ended by ``0x0D``, then fixed-length records, each starting with a deletion flag
(``*`` for a deleted record). Values are returned as text as found (decoded as Windows-1252,
the code page of the programs that write them), stripped; a character field that a program
filled with a C string keeps what precedes its first NUL byte.

This small reader is used instead of a dBase library from PyPI because the files are read from
bytes already in memory, every count in the header must be checked before it sizes anything,
and SwissPerfect's numeric fields hold bytes after a NUL (``b"14\\x00\\x003"``) on which the
usual readers stop with an exception.

>>> hdr = bytes([3, 110, 1, 1]) + (1).to_bytes(4, "little") + (65).to_bytes(2, "little") + (6).to_bytes(2, "little")
>>> field = b"ROUND".ljust(11, b"\\x00") + b"N" + bytes(4) + bytes([5, 0]) + bytes(14)
>>> table = read(hdr + bytes(20) + field + b"\\r" + b" 12   " + b"\\x1a", what="scores")
>>> table.fields[0].name, table.rows
('ROUND', [{'ROUND': '12'}])
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import FormatError
from .limits import check_database_size

_MAX_FIELDS = 255  # dBase III allows 128; later versions 255


@dataclass(frozen=True)
class Field:
    name: str
    type: str
    length: int


@dataclass
class Table:
    fields: list[Field]
    rows: list[dict[str, str]]  # the records not marked deleted
    deleted: int = 0


def looks_like(data: bytes) -> bool:
    """A dBase III header whose lengths agree with each other and with the file size."""
    if len(data) < 65 or data[0] not in (0x03, 0x83):
        return False
    count = int.from_bytes(data[4:8], "little")
    head, size = int.from_bytes(data[8:10], "little"), int.from_bytes(data[10:12], "little")
    return (head >= 65 and (head - 33) % 32 == 0 and size >= 2 and 1 <= data[2] <= 12
            and 1 <= data[3] <= 31 and head + count * size <= len(data) + 1)


def field_names(data: bytes) -> list[str]:
    """The field names of a dBase header (empty when it is none), without reading records."""
    if not looks_like(data):
        return []
    head = int.from_bytes(data[8:10], "little")
    out = []
    for off in range(32, min(head, len(data)) - 1, 32):
        if data[off] == 0x0D:
            break
        out.append(data[off:off + 11].split(b"\x00", 1)[0].decode("latin-1"))
    return out


def _fail(message: str, what: str, path: str | None) -> FormatError:
    return FormatError(f"{what}: {message}", path=path,
                       expected="a dBase III table as the program writes it",
                       hint="the file is truncated or was not written by the program")


def _fields(data: bytes, head: int, size: int, what: str, path: str | None) -> list[Field]:
    fields: list[Field] = []
    off = 32
    while True:
        if off >= head or off >= len(data):
            raise _fail(f"byte {off}: the field list does not end before the records", what, path)
        if data[off] == 0x0D:
            break
        if off + 32 > len(data):
            raise _fail(f"byte {off}: the file ends in its list of fields", what, path)
        if len(fields) >= _MAX_FIELDS:
            raise _fail(f"byte {off}: more than {_MAX_FIELDS} fields", what, path)
        raw = data[off:off + 32]
        name = raw[:11].split(b"\x00", 1)[0].decode("latin-1").strip()
        fields.append(Field(name, chr(raw[11]), raw[16]))
        off += 32
    if 1 + sum(f.length for f in fields) != size:
        raise _fail(f"record length {size} is not 1 + the fields' lengths"
                    f" ({sum(f.length for f in fields)})", what, path)
    return fields


def read(data: bytes, *, what: str, path: str | None = None) -> Table:
    """Every record of the table ``data`` (``what`` names the file in errors)."""
    check_database_size(data, what, path=path)
    if len(data) < 33 or data[0] not in (0x03, 0x83):
        found = f"version byte {data[0]:#04x}" if data else "an empty file"
        raise _fail(f"{found} is not dBase III", what, path)
    count = int.from_bytes(data[4:8], "little")
    head, size = int.from_bytes(data[8:10], "little"), int.from_bytes(data[10:12], "little")
    if size < 2 or head < 33:
        raise _fail(f"header length {head}, record length {size}", what, path)
    fields = _fields(data, head, size, what, path)
    available = max(0, len(data) - head) // size
    if count > available:
        raise _fail(f"the header counts {count} records of {size} bytes, the file holds"
                    f" {available}", what, path)
    rows, deleted = [], 0
    for i in range(count):
        rec = data[head + i * size: head + (i + 1) * size]
        if rec[:1] == b"*":
            deleted += 1
            continue
        row, pos = {}, 1
        for f in fields:
            raw = rec[pos:pos + f.length].split(b"\x00", 1)[0]
            row[f.name] = raw.decode("cp1252", errors="replace").strip()
            pos += f.length
        rows.append(row)
    return Table(fields, rows, deleted)
