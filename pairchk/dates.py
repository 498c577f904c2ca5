"""Dates as tournament files write them, normalised to ISO only when the reading is unambiguous.

A root foundation: the formats read dates with it and the systems choose an edition by the
event's dates with it, so neither has to import the other.

TRF16 writes round dates as ``YY/MM/DD`` and leaves 042/052 free; real files use
``YYYY/MM/DD``, ``DD/MM/YYYY``, ``28. 07. 2005``, ``May 29, 2020`` and ICU's ``YY.DD.MM``.

>>> iso_date("2026/03/01"), iso_date("28. 07. 2005"), iso_date("May 29, 2020"), iso_date("03/04/2020")
('2026-03-01', '2005-07-28', '2020-05-29', '')
>>> iso_round_dates(("11.25.02", "11.26.02"))
('2011-02-25', '2011-02-26')
"""

from __future__ import annotations

import datetime as _dt
import re

_MONTHS = {m: i for i, m in enumerate(
    "jan feb mar apr may jun jul aug sep oct nov dec".split(), 1)}


def _valid(y: int, m: int, d: int) -> str:
    try:
        return _dt.date(y, m, d).isoformat()
    except (ValueError, OverflowError):
        return ""


def _year(y: str) -> int:
    n = int(y)
    if len(y) <= 2:
        return 2000 + n if n < 70 else 1900 + n
    return n


def _candidates(s: str) -> set[str]:
    s = s.strip()
    out: set[str] = set()
    m = re.fullmatch(r"([A-Za-z]{3})[a-z]*\.? (\d{1,2}),? (\d{4})", s)
    if m and m.group(1).lower() in _MONTHS:
        return {_valid(int(m.group(3)), _MONTHS[m.group(1).lower()], int(m.group(2)))} - {""}
    parts = re.split(r"[./\- ]+", s)
    if len(parts) != 3 or not all(p.isdecimal() for p in parts):
        return out
    a, b, c = parts
    if len(a) == 4:  # YYYY MM DD (YYYY DD MM never seen)
        out.add(_valid(int(a), int(b), int(c)))
    elif len(c) == 4:  # DD MM YYYY or MM DD YYYY
        out.add(_valid(int(c), int(b), int(a)))
        out.add(_valid(int(c), int(a), int(b)))
    else:  # two-digit groups: YY MM DD (TRF16), YY DD MM (ICU), DD MM YY
        out.add(_valid(_year(a), int(b), int(c)))
        out.add(_valid(_year(a), int(c), int(b)))
        out.add(_valid(_year(c), int(b), int(a)))
    out.discard("")
    return out


def iso_date(s: str) -> str:
    """ISO ``YYYY-MM-DD`` for ``s`` when exactly one reading is a valid date, else ``""``."""
    c = _candidates(s)
    return c.pop() if len(c) == 1 else ""


def iso_round_dates(dates: tuple[str, ...], start: str = "", end: str = "") -> tuple[str, ...]:
    """ISO dates for a whole 132 record: the one reading under which every date is valid.

    All dates of a record share one layout; a layout is kept when every non-empty date
    parses under it and the dates do not go backwards; if exactly one layout survives,
    its dates are returned, else each date is normalised on its own.
    """
    layouts = []
    for order in ("ymd", "ydm", "dmy", "mdy"):
        out = []
        for s in dates:
            if not s.strip():
                out.append("")
                continue
            out.append(_by_layout(s, order))
            if not out[-1]:
                break
        else:
            filled = [d for d in out if d]
            if filled == sorted(filled):
                if order == "ymd" and _two_digit(dates):
                    # TRF16 defines 132 as YY/MM/DD: when that reading works, it is the one
                    return tuple(out)
                layouts.append(tuple(out))
    layouts = list(dict.fromkeys(layouts))
    if len(layouts) == 1:
        return layouts[0]
    return tuple(iso_date(s) for s in dates)


def _two_digit(dates) -> bool:
    return all(len(re.split(r"[./\- ]+", s.strip())[0]) == 2 for s in dates if s.strip())


def iso_event_dates(start: str, end: str, round_iso: tuple[str, ...] = ()) -> tuple[str, str]:
    """ISO start and end dates; ambiguous ones (``08/04/2018``) settled by the round dates.

    >>> iso_event_dates("08/04/2018", "10/06/2018", ("2018-04-08", "2018-06-10"))
    ('2018-04-08', '2018-06-10')
    """
    known = sorted(d for d in round_iso if d)
    out = []
    for s in (start, end):
        c = _candidates(s) if s else set()
        if len(c) > 1 and known:
            # the reading closest to the rounds' period (0 days when inside it)
            lo, hi = _dt.date.fromisoformat(known[0]), _dt.date.fromisoformat(known[-1])

            def dist(d: str) -> int:
                x = _dt.date.fromisoformat(d)
                return max((lo - x).days, (x - hi).days, 0)

            best = min(dist(d) for d in c)
            c = {d for d in c if dist(d) == best}
        out.append(c.pop() if len(c) == 1 else "")
    return out[0], out[1]


def _by_layout(s: str, order: str) -> str:
    parts = re.split(r"[./\- ]+", s.strip())
    if len(parts) != 3 or not all(p.isdecimal() for p in parts):
        return iso_date(s)
    vals = dict(zip(order, parts))
    if len(parts[0]) == 4 and order[0] != "y":
        return ""
    if len(parts[2]) == 4 and order[2] != "y":
        return ""
    if order == "mdy" and len(parts[2]) != 4:  # American order only with a 4-digit year
        return ""
    return _valid(_year(vals["y"]), int(vals["m"]), int(vals["d"]))
