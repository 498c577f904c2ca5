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
