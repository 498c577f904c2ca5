"""The registry's static table (names and extensions, read without importing every format
module) says what the modules themselves say."""

import importlib

from pairchk import formats


def test_known_table_matches_the_modules():
    for modname in formats._MODULES:
        mod = importlib.import_module(f"pairchk.formats.{modname}")
        assert formats.KNOWN[modname] == (mod.NAME, tuple(mod.EXTENSIONS)), modname


def test_lookup_by_name_and_extension_agree_with_the_full_registry():
    reg = formats._load_registry()
    for name, mod in reg.items():
        assert formats._known_by_name(name) is mod
    for name in ("a.trf", "b.cr.xml", "c.papi.json", "d.json", "E.SWT", "f.html", "g.xyz"):
        best = max(((ext, m) for m in reg.values() for ext in m.EXTENSIONS
                    if name.lower().endswith(ext)), key=lambda x: len(x[0]), default=(None, None))
        assert formats._known_by_extension(name) is best[1], name


def test_lookup_by_name_after_register_module(monkeypatch):
    # register_module empties the registry and makes the static table incomplete: a lookup by
    # name must then load the full registry (it used to call .get on None)
    monkeypatch.setattr(formats, "_MODULES", list(formats._MODULES))
    monkeypatch.setattr(formats, "_registry", None)
    formats.register_module("not_written_yet")  # skipped by the registry, like a missing format
    assert not formats._all_known()
    trf = importlib.import_module("pairchk.formats.trf")
    assert formats._known_by_name("trf") is trf
    assert formats.get("trf") is trf
    assert formats._known_by_name("no-such-format") is None
