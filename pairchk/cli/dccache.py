"""Start-up: the methods ``@dataclass`` writes for pairchk, compiled once and kept like bytecode.

On Python 3.11 the ``dataclasses`` module compiles every method it generates (``__init__``,
``__repr__``, ``__eq__``, ``__hash__``, the frozen ``__setattr__``/``__delattr__``) from
source text with ``exec`` each time a module is imported. For the ~50 dataclasses a
``pairchk check`` imports that is the largest part of its start-up (about 35 ms of CPU on the
benchmark machine; ``benchmarks/bench_startup.py``). :func:`install` makes ``dataclasses``
look the compiled code up by that exact text in a cache file next to pairchk's bytecode
(``__pycache__/dataclass-methods.<tag>.marshal``, written as ``.pyc`` files are: not when
``sys.dont_write_bytecode``, under ``sys.pycache_prefix`` when set). The text determines the
code, so an entry is either exactly the code ``exec`` would compile or absent; the file is
keyed by the interpreter's bytecode magic number, and one that cannot be read is ignored (it
is trusted as the ``.pyc`` files beside it are). Only the methods of classes defined in pairchk
modules go through the cache.

The console script installs it (:func:`pairchk.cli.main`); ``import pairchk`` does not.

>>> cache = MethodCache(None)
>>> ns = {"__name__": "pairchk.example"}
>>> cache.exec("def f():\\n return 1", ns, ns)
>>> ns["f"](), cache.added
(1, 1)
>>> cache.exec("def f():\\n return 1", ns, ns); cache.added  # the second time: from the cache
1
"""

from __future__ import annotations

import builtins
import marshal
import os
import sys
from typing import Any, Optional

_PLAIN_EXEC = builtins.exec
_NAME = f"dataclass-methods.{sys.implementation.cache_tag}.marshal"
_LIMIT = 5000  # entries: more means stale texts of edited classes piled up; start afresh


def _magic() -> bytes:
    from importlib.util import MAGIC_NUMBER

    return MAGIC_NUMBER


def default_path() -> Optional[str]:
    """Where the cache of this installation lives (as ``importlib`` places bytecode)."""
    if sys.implementation.cache_tag is None:
        return None
    folder = os.path.dirname(os.path.abspath(__file__))
    prefix = getattr(sys, "pycache_prefix", None)
    if prefix:
        return os.path.join(prefix, folder.lstrip(os.sep), _NAME)
    return os.path.join(folder, "__pycache__", _NAME)


class MethodCache:
    """Compiled code by source text; :meth:`exec` stands in for ``exec`` in ``dataclasses``."""

    def __init__(self, path: Optional[str]) -> None:
        self.path = path
        self.codes: dict[str, Any] = self._read() if path else {}
        self.added = 0

    def _read(self) -> dict[str, Any]:
        try:
            with open(self.path, "rb") as fh:  # type: ignore[arg-type]
                data = marshal.loads(fh.read())
        except (OSError, ValueError, EOFError, TypeError):
            return {}
        if not isinstance(data, tuple) or len(data) != 2 or data[0] != _magic() \
                or not isinstance(data[1], dict):
            return {}
        return data[1]

    def exec(self, source: Any, globals: Optional[dict] = None, locals: Any = None) -> None:
        """``exec(source, globals, locals)``, with the code of pairchk's methods cached."""
        if type(source) is not str or not isinstance(globals, dict) \
                or not str(globals.get("__name__", "")).startswith("pairchk"):
            return _PLAIN_EXEC(source, globals, locals)
        code = self.codes.get(source)
        if code is None:
            code = compile(source, "<string>", "exec", dont_inherit=True)
            self.codes[source] = code
            self.added += 1
        return _PLAIN_EXEC(code, globals, locals)

    def save(self) -> None:
        """Write the cache when this process compiled something new (atomically)."""
        if not self.added or not self.path or sys.dont_write_bytecode:
            return
        codes = self.codes if len(self.codes) <= _LIMIT else {}
        tmp = f"{self.path}.{os.getpid()}.tmp"
        try:
            os.makedirs(os.path.dirname(self.path), exist_ok=True)
            with open(tmp, "wb") as fh:
                fh.write(marshal.dumps((_magic(), codes)))
            os.replace(tmp, self.path)
        except OSError:
            try:
                os.remove(tmp)
            except OSError:
                pass


_installed: Optional[MethodCache] = None


def install(path: Optional[str] = None) -> Optional[MethodCache]:
    """Route ``dataclasses``' compilation through the cache for the rest of this process (once);
    the cache is saved at exit. Does nothing where ``dataclasses`` does not compile that way."""
    global _installed
    if _installed is not None:
        return _installed
    import dataclasses

    if not hasattr(dataclasses, "_create_fn"):  # another implementation: leave it alone
        return None
    import atexit

    _installed = MethodCache(path or default_path())
    # the name _create_fn calls (a module global the stubs do not declare); builtins.exec is
    # untouched
    setattr(dataclasses, "exec", _installed.exec)
    atexit.register(_installed.save)
    return _installed
