"""Safe XML parsing shared by the XML formats: no external entities, no network, no DTD.

Documents that declare entities are refused outright (none of our formats uses a DTD), so
neither XXE nor entity-expansion bombs can reach the readers.

>>> parse(b"<a x='1'/>").get("x")
'1'
>>> parse(b'<!DOCTYPE a SYSTEM "a.dtd"><a>&e;</a>', path="t.xml")
Traceback (most recent call last):
...
pairchk.errors.FormatError: t.xml:1: XML DOCTYPE naming an external DTD ('a.dtd') is refused (expected a document without an external DTD; hint: remove the DOCTYPE; pairchk never loads DTDs)
>>> parse(b'<!DOCTYPE a [<!ENTITY e SYSTEM "file:///etc/passwd">]><a>&e;</a>', path="t.xml")
Traceback (most recent call last):
...
pairchk.errors.FormatError: t.xml:1: XML entity declarations are refused (expected a document without <!ENTITY ...>; hint: remove the DOCTYPE; pairchk never resolves external entities)
"""

from __future__ import annotations

import re

from lxml import etree

from ..errors import FormatError


def parser() -> etree.XMLParser:
    """An lxml parser that never resolves entities, loads DTDs or touches the network."""
    return etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False,
                           dtd_validation=False, huge_tree=False, remove_blank_text=False)


def parse(data: bytes, *, path: str | None = None) -> etree._Element:
    """Parse ``data`` into its root element; malformed XML is a :class:`FormatError` with line:column."""
    try:
        root = etree.fromstring(data, parser())
    except etree.XMLSyntaxError as exc:
        line, col = exc.position if exc.position else (None, None)
        msg = exc.msg if hasattr(exc, "msg") and exc.msg else str(exc)
        raise FormatError(f"malformed XML: {msg}", path=path, line=line, column=col,
                          expected="well-formed XML", hint="check the file is complete and not HTML") from None
    docinfo = root.getroottree().docinfo
    dtd = docinfo.internalDTD
    if dtd is not None and any(True for _ in dtd.iterentities()):
        raise FormatError("XML entity declarations are refused", path=path, line=1,
                          expected="a document without <!ENTITY ...>",
                          hint="remove the DOCTYPE; pairchk never resolves external entities")
    if docinfo.system_url or docinfo.public_id:
        raise FormatError(f"XML DOCTYPE naming an external DTD ({docinfo.system_url or docinfo.public_id!r})"
                          " is refused", path=path, line=1, expected="a document without an external DTD",
                          hint="remove the DOCTYPE; pairchk never loads DTDs")
    for ent in root.iter(etree.Entity):
        raise FormatError(f"XML entity reference {ent.text} is refused", path=path, line=ent.sourceline,
                          expected="text without entity references other than &lt; &gt; &amp; &quot; &apos;",
                          hint="no entity is declared; pairchk never resolves entities")
    return root


def root_and_child(data: bytes, path: str | None, tag: str, child: str, *, missing: str,
                   expected_child: str, hint: str):
    """The root of ``data`` (which must be ``<tag>``) and its element at ``child``; a located
    error when either is not there."""
    root = parse(data, path=path)
    if root.tag != tag:
        raise FormatError(f"root element is <{root.tag}>", path=path, line=root.sourceline,
                          expected=f"<{tag}>", hint=hint)
    el = root.find(child)
    if el is None:
        raise FormatError(missing, path=path, line=root.sourceline, expected=expected_child, hint=hint)
    return root, el


_CONTROL = re.compile(r"[\000-\010\013\014\016-\037\ufffe\uffff]")  # not allowed in XML 1.0


def require_xml_text(t, fmt: str) -> None:
    """Refuse to write a text field XML cannot hold (control characters), naming it.

    >>> from pairchk.model import Tournament, Player
    >>> require_xml_text(Tournament(players=(Player(1, "A" + chr(25)),)), "dsb-xml")
    Traceback (most recent call last):
    ...
    pairchk.errors.PairchkError: player 1 name 'A\\x19' holds control characters, which dsb-xml (XML) cannot store (hint: correct the source file)
    """
    import dataclasses

    from ..errors import PairchkError

    def scan(obj, where: str) -> None:
        for f in dataclasses.fields(obj):
            v = getattr(obj, f.name)
            values = v if isinstance(v, tuple) else (v,)
            for x in values:
                if isinstance(x, str) and _CONTROL.search(x):
                    raise PairchkError(f"{where}{f.name} {x!r} holds control characters, which {fmt}"
                                       " (XML) cannot store (hint: correct the source file)")
                if isinstance(x, tuple):  # (key, value) pairs of Player.extra
                    scan_pair(x, where + f.name)

    def scan_pair(pair, where: str) -> None:
        for x in pair:
            if isinstance(x, str) and _CONTROL.search(x):
                raise PairchkError(f"{where} {x!r} holds control characters, which {fmt}"
                                   " (XML) cannot store (hint: correct the source file)")

    scan(t, "tournament ")
    for p in t.players:
        scan(p, f"player {p.number} ")
    for tm in t.teams:
        scan(tm, f"team {tm.number} ")


def localname(el: etree._Element) -> str:
    return etree.QName(el).localname if isinstance(el.tag, str) else ""


def sniff_root(data: bytes, limit: int = 4096) -> tuple[str, str] | None:
    """(namespace, local name) of the first element of ``data``, read from its first bytes only."""
    head = data[:limit]
    try:
        for _, el in etree.iterparse(_Bytes(head), events=("start",), resolve_entities=False,
                                     no_network=True, load_dtd=False, recover=True):
            q = etree.QName(el)
            return q.namespace or "", q.localname
    except etree.XMLSyntaxError:
        return None
    return None


class _Bytes:
    def __init__(self, data: bytes) -> None:
        self._data = data
        self._pos = 0

    def read(self, n: int = -1) -> bytes:
        if n < 0:
            n = len(self._data) - self._pos
        chunk = self._data[self._pos:self._pos + n]
        self._pos += len(chunk)
        return chunk
