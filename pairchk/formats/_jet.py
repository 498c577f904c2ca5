"""Bounded reading of MS Access (Jet 3/4, ACE) databases from bytes, for the Papi reader.

The pages and records are decoded by ``access-parser`` (pure Python, PyPI). This module adds
what a reader of untrusted files needs around it:

* the database is read from bytes already in memory (whose size the caller has checked), not
  from a path;
* the two page chains the library follows in a loop (a table definition continued on further
  pages, a long memo value spread over several pages) are followed at most once per page, so a
  chain that loops back on itself is a located error instead of a hang;
* any failure inside the library (it raises whatever the corrupt bytes lead to: ``KeyError``,
  ``struct.error``, ``TypeError``, construct's errors...) becomes a :class:`~pairchk.errors
  .FormatError` naming the table being read;
* its log messages (it logs every record it cannot decode) are not printed.

>>> is_jet(b"\\x00\\x01\\x00\\x00Standard Jet DB\\x00" + bytes(100))
True
>>> read_tables(b"\\x00\\x01\\x00\\x00Standard Jet DB\\x00" + bytes(100), ("INFO",), what="Papi file")
Traceback (most recent call last):
...
pairchk.errors.FormatError: <input>: Papi file: corrupt Access database: cannot read its catalog of tables (expected an MS Access (Jet) database written by the program; hint: open it in the program and save it again, or use its JSON export)
"""

from __future__ import annotations

import logging
from typing import Any

from ..errors import FormatError

_MAGICS = (b"\x00\x01\x00\x00Standard Jet DB\x00", b"\x00\x01\x00\x00Standard ACE DB\x00")

logging.getLogger("access_parser").addHandler(logging.NullHandler())
logging.getLogger("access_parser").propagate = False


def is_jet(data: bytes) -> bool:
    """The file starts with the signature of an Access (Jet or ACE) database."""
    return data[:20] in _MAGICS


class _Loop(Exception):
    """A page chain that comes back to a page it has already visited."""


def _bounded_classes() -> tuple[Any, Any]:
    """``access_parser``'s parser and table classes with the page chains bounded (imported on
    first use: reading any other format does not pay for it)."""
    from access_parser import access_parser as ap
    from access_parser.parsing_primitives import TDEF_HEADER
    from access_parser.utils import categorize_pages

    class Table(ap.AccessTable):  # type: ignore[misc]
        def _merge_table_data(self, first_page):  # a table definition on several pages
            seen = set()
            data, page = b"", first_page
            while page:
                if page in seen:
                    raise _Loop(f"table definition page {page} links back to itself")
                seen.add(page)
                table = self._table_defs.get(page * self.page_size)
                if table is None:
                    raise _Loop(f"table definition continues on page {page}, which is no such page")
                header = TDEF_HEADER.parse(table)
                data += table[header.header_end:]
                page = header.next_page_ptr
            return data

        def _parse_memo(self, relative_obj_data, return_raw=False):
            self._chain: set[int] = set()
            return super()._parse_memo(relative_obj_data, return_raw)

        def _get_overflow_record(self, record_pointer):  # one page of a long value
            chain = getattr(self, "_chain", None)
            if chain is not None:
                if record_pointer in chain:
                    raise _Loop(f"a long value's page chain comes back to record {record_pointer:#x}")
                chain.add(record_pointer)
            return super()._get_overflow_record(record_pointer)

    class Parser(ap.AccessParser):  # type: ignore[misc]
        def __init__(self, data: bytes) -> None:  # from bytes, without the MSysObjects extras
            self.db_data = data
            self._parse_file_header(data)
            self._table_defs, self._data_pages, self._all_pages = categorize_pages(
                data, self.page_size)
            self._tables_with_data = self._link_tables_to_data()
            self.extra_props: dict = {}
            self.catalog = self._parse_catalog()

        def _parse_catalog(self):
            page = self._tables_with_data[2 * self.page_size]
            catalog = Table(page, self.version, self.page_size, self._data_pages,
                            self._table_defs).parse()
            return {name: catalog["Id"][i] for i, name in enumerate(catalog["Name"])
                    if catalog["Type"][i] == 1 and catalog["Flags"][i] not in ap.SYSTEM_TABLE_FLAGS}

        def get_table(self, table_name):
            offset = self.catalog[table_name] * self.page_size
            table = self._tables_with_data.get(offset)
            if table is None:
                table = ap.TableObj(offset=offset, val=self._table_defs[offset])
            return Table(table, self.version, self.page_size, self._data_pages, self._table_defs)

    return Parser, Table


_HINT = "open it in the program and save it again, or use its JSON export"
_EXPECTED = "an MS Access (Jet) database written by the program"


def _corrupt(what: str, where: str, exc: BaseException, path: str | None) -> FormatError:
    detail = str(exc) if isinstance(exc, _Loop) else type(exc).__name__
    return FormatError(f"{what}: corrupt Access database: cannot read {where} ({detail})"
                       if detail else f"{what}: corrupt Access database: cannot read {where}",
                       path=path, expected=_EXPECTED, hint=_HINT)


def read_tables(data: bytes, names: tuple[str, ...], *, what: str, path: str | None = None,
                ) -> dict[str, dict[str, list]]:
    """The tables ``names`` of the database ``data`` as ``{table: {column: [values]}}``.

    A table that is missing is a located error naming the tables the file has.
    """
    parser_class, _ = _bounded_classes()
    try:
        db = parser_class(data)
    except Exception as exc:  # the library raises whatever the corrupt bytes lead to
        raise FormatError(f"{what}: corrupt Access database: cannot read its catalog of tables",
                          path=path, expected=_EXPECTED, hint=_HINT) from exc
    missing = [n for n in names if n not in db.catalog]
    if missing:
        have = ", ".join(sorted(db.catalog)) or "none"
        raise FormatError(f"{what}: the Access database has no table {', '.join(missing)}"
                          f" (its tables: {have})", path=path,
                          expected=f"the tables {', '.join(names)}",
                          hint="is this file from the program named? a Papi file has INFO and JOUEUR")
    out = {}
    for name in names:
        try:
            table = db.get_table(name).parse()
        except Exception as exc:  # the library raises whatever the corrupt bytes lead to
            raise _corrupt(what, f"table {name}", exc, path) from exc
        out[name] = {str(k): list(v) if isinstance(v, list) else [] for k, v in table.items()}
    return out
