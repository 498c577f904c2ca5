"""Small conversions shared by the CSV, Excel and JSON formats: text, names, dates, points.

>>> split_name("Carlsen, Magnus")
('Carlsen', 'Magnus')
>>> birth_to_german("1990/11/30"), birth_from_german("30.11.1990")
('30.11.1990', '1990/11/30')
"""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation


def decode_text(data: bytes) -> str:
    """Text of a file written by a Windows program: UTF-8 (a BOM is dropped), else Windows-1252.

    A BOM declares UTF-8, so bad bytes after one become U+FFFD rather than switching code page;
    without a BOM, bytes that are not UTF-8 mean the Windows default code page (cp1252), where
    the few undefined bytes also become U+FFFD. Never raises.

    >>> decode_text(b"\\xef\\xbb\\xbfM\\xc3\\xbcller"), decode_text(b"M\\xfcller")
    ('Müller', 'Müller')
    """
    if data.startswith(b"\xef\xbb\xbf"):
        return data[3:].decode("utf-8", errors="replace")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("cp1252", errors="replace")


def split_name(name: str) -> tuple[str, str]:
    """``"Last, First"`` -> ``("Last", "First")``; no comma -> ``(name, "")``."""
    last, sep, first = name.partition(",")
    return (last.strip(), first.strip()) if sep else (name.strip(), "")


def join_name(last: str, first: str) -> str:
    """The model's spelling of a name: ``"Last, First"`` (TRF style)."""
    last, first = (last or "").strip(), (first or "").strip()
    return f"{last}, {first}" if first else last


_SLASH = re.compile(r"^(\d{4})/(\d{2})/(\d{2})$")  # the model's (TRF's) spelling
_GERMAN = re.compile(r"^(\d{1,2})\.(\d{1,2})\.(\d{4})$")
_ISO = re.compile(r"^(\d{4})-(\d{2})-(\d{2})$")


def birth_to_german(birth: str) -> str:
    """TRF ``YYYY/MM/DD`` -> ``dd.mm.yyyy``; a year or anything else stays as it is."""
    m = _SLASH.match(birth.strip())
    return f"{m.group(3)}.{m.group(2)}.{m.group(1)}" if m else birth.strip()


def birth_from_german(text: str) -> str:
    """``dd.mm.yyyy`` -> ``YYYY/MM/DD``; ISO dates too; a year or anything else as found."""
    text = text.strip()
    m = _GERMAN.match(text)
    if m:
        return f"{m.group(3)}/{int(m.group(2)):02d}/{int(m.group(1)):02d}"
    m = _ISO.match(text)
    if m:
        return f"{m.group(1)}/{m.group(2)}/{m.group(3)}"
    return text


def birth_to_iso(birth: str) -> str:
    m = _SLASH.match(birth.strip())
    return f"{m.group(1)}-{m.group(2)}-{m.group(3)}" if m else birth.strip()


MAX_POINTS = Decimal(99999)  # 999 rounds of the richest scoring stay far below


def parse_points(text: str) -> Decimal:
    """Points as written by people: ``1.5``, ``1,5``, ``½``, ``2½``. A magnitude no tournament
    can reach (``1e400``) is refused like a non-number: every writer must be able to format it.

    >>> parse_points("2½"), parse_points("1,5")
    (Decimal('2.5'), Decimal('1.5'))
    >>> parse_points("1e400")
    Traceback (most recent call last):
    ...
    ValueError: points '1e400' out of range (expected at most 99999)
    """
    t = str(text).strip().replace(",", ".")
    half = t.endswith("½")
    if half:
        t = t[:-1] or "0"
    try:
        value = Decimal(t)
    except InvalidOperation:
        raise ValueError(f"not a number: {text!r}") from None
    if not value.is_finite():
        raise ValueError(f"not a number: {text!r}")
    if abs(value) > MAX_POINTS:
        raise ValueError(f"points {text!r} out of range (expected at most {MAX_POINTS})")
    return value + Decimal("0.5") if half else value


def format_points(value: Decimal) -> str:
    """Points without trailing zeros: ``Decimal('1.50')`` -> ``'1.5'``, ``Decimal(3)`` -> ``'3'``."""
    text = format(value.normalize(), "f")
    return text


def iso_round_dates(dates) -> tuple[str, ...]:
    """ISO round dates derived from dates as written: the ISO ones kept, others "".

    >>> iso_round_dates(("2026-03-01", "02.03.2026")), iso_round_dates(("26/03/01",))
    (('2026-03-01', ''), ())
    """
    out = tuple(d if _ISO.match(d.strip()) else "" for d in dates)
    return out if any(out) else ()


def parse_json(data: bytes, *, path: str | None, expected: str, hint: str | None = None,
               parse_float=Decimal):
    """Parse JSON bytes (BOM allowed) or raise a located FormatError; never a traceback.

    >>> parse_json(b'{"a": 1.5}', path=None, expected="an object")
    {'a': Decimal('1.5')}
    >>> parse_json(b'[' * 100000, path="x.json", expected="an object")
    Traceback (most recent call last):
    pairchk.errors.FormatError: x.json:1:1: JSON nested too deeply (expected an object)
    """
    import json

    from ..errors import FormatError
    from .limits import check_depth

    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        doc = json.loads(data.decode("utf-8"), parse_float=parse_float,
                         parse_constant=_refuse_constant, parse_int=_bounded_int)
    except UnicodeDecodeError as exc:
        raise FormatError(f"JSON is not UTF-8 (byte {exc.start})", path=path, line=1, column=1,
                          expected="UTF-8 text") from None
    except json.JSONDecodeError as exc:
        raise FormatError(f"not valid JSON: {exc.msg}", path=path, line=exc.lineno,
                          column=exc.colno, expected=expected, hint=hint) from None
    except _BadNumber as exc:
        raise FormatError(f"{exc} is not a number pairchk reads", path=path, line=1, column=1,
                          expected=expected or "a finite number",
                          hint="JSON numbers are finite; NaN and Infinity are not JSON") from None
    except RecursionError:
        raise FormatError("JSON nested too deeply", path=path, line=1, column=1,
                          expected=expected) from None
    check_depth(doc, path=path, expected=expected or "a JSON document")
    return doc


class _BadNumber(ValueError):
    pass


def _refuse_constant(name: str):
    raise _BadNumber(name)


def _bounded_int(text: str) -> int:
    if len(text.lstrip("-")) > 30:  # no field of any format needs more digits
        raise _BadNumber(f"{text[:20]}... ({len(text)} digits)")
    return int(text)


def sniff_json(data: bytes):
    """The parsed JSON object for a format's ``detect``, or None when it is not JSON at all."""
    if data.lstrip(b"\xef\xbb\xbf \t\r\n")[:1] != b"{":
        return None
    try:
        return parse_json(data, path=None, expected="")
    except ValueError:
        return None
