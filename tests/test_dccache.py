"""pairchk.cli.dccache: the compiled dataclass methods from the cache are the ones exec compiles."""

from __future__ import annotations

import dataclasses
import importlib.util
import marshal
import sys

import pytest

from pairchk.cli import dccache as _dccache
from pairchk import model


def _model_built_with(cache: _dccache.MethodCache):
    """A fresh copy of pairchk.model whose dataclasses compiled through ``cache``."""
    import types

    origin = importlib.util.find_spec("pairchk.model").origin
    module = types.ModuleType("pairchk._model_copy")  # a pairchk module: the cache takes it
    module.__package__ = "pairchk"
    saved = dataclasses.__dict__.get("exec")
    dataclasses.exec = cache.exec
    sys.modules[module.__name__] = module  # dataclasses looks the module up by name
    try:
        with open(origin, encoding="utf-8") as fh:
            exec(compile(fh.read(), origin, "exec"), module.__dict__)
    finally:
        del sys.modules[module.__name__]
        if saved is None:
            del dataclasses.exec
        else:
            dataclasses.exec = saved
    return module


def _methods(cls):
    return {name: getattr(cls, name).__code__ for name in
            ("__init__", "__repr__", "__eq__", "__hash__", "__setattr__", "__delattr__")}


def test_cached_methods_are_the_compiled_ones(tmp_path, monkeypatch):
    monkeypatch.setattr(sys, "dont_write_bytecode", False)  # CI may run with PYTHONDONTWRITEBYTECODE
    path = str(tmp_path / "cache.marshal")
    first = _dccache.MethodCache(path)
    compiled = _model_built_with(first)
    assert first.added >= 6 * 12  # every method of every class of the model was compiled
    first.save()
    second = _dccache.MethodCache(path)  # a later process: every text is in the file
    cached = _model_built_with(second)
    assert second.added == 0
    for name in ("Tournament", "Player", "RoundEntry", "ScoreSystem"):
        a, b, plain = (getattr(m, name) for m in (compiled, cached, model))
        assert _methods(a) == _methods(b)
        assert {k: c.co_code for k, c in _methods(b).items()} == \
               {k: c.co_code for k, c in _methods(plain).items()}
    p = cached.Player(3, "A", entries=(cached.RoundEntry(cached.Kind.WIN, 2, cached.Color.WHITE),))
    assert p == cached.Player(3, "A", entries=(cached.RoundEntry(cached.Kind.WIN, 2,
                                                                 cached.Color.WHITE),))
    assert hash(p) == hash(cached.Player(3, "A", entries=p.entries))
    assert repr(p).startswith("Player(number=3, name='A'")
    with pytest.raises(dataclasses.FrozenInstanceError):
        p.name = "B"


def test_other_code_is_not_cached():
    cache = _dccache.MethodCache(None)
    ns: dict = {"__name__": "somebody_else"}
    cache.exec("def f():\n return 2", ns, ns)
    assert ns["f"]() == 2 and cache.added == 0 and not cache.codes


@pytest.mark.parametrize("content", [b"", b"not marshal", marshal.dumps({"a": 1}),
                                     marshal.dumps((b"\x00\x00\r\n", {}))])
def test_an_unreadable_or_foreign_cache_file_is_ignored(tmp_path, content):
    path = tmp_path / "cache.marshal"
    path.write_bytes(content)
    cache = _dccache.MethodCache(str(path))
    assert cache.codes == {}
    ns: dict = {"__name__": "pairchk.x"}
    cache.exec("def f():\n return 3", ns, ns)
    assert ns["f"]() == 3


def test_nothing_is_written_without_bytecode_writing(tmp_path, monkeypatch):
    path = tmp_path / "sub" / "cache.marshal"
    cache = _dccache.MethodCache(str(path))
    ns: dict = {"__name__": "pairchk.x"}
    cache.exec("def f():\n return 4", ns, ns)
    monkeypatch.setattr(sys, "dont_write_bytecode", True)
    cache.save()
    assert not path.exists()
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    cache.save()
    assert "def f():\n return 4" in _dccache.MethodCache(str(path)).codes
