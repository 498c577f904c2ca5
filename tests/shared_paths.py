"""Where ../shared lives (beside the checkout in CI, /work/shared here), for every test.

Tests that need a shared sample call ``shared("samples", ...)``, which skips with the missing
path as reason; tests over the corpus use ``SHARED``/``needs_shared``/``files``.
"""

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
FIX = ROOT / "fixtures"
BASES = (ROOT / ".." / "shared", Path("/work/shared"))


def shared_dir() -> Path | None:
    for cand in BASES:
        if (cand / "corpus").is_dir():
            return cand.resolve()
    return None


SHARED = shared_dir()
needs_shared = pytest.mark.skipif(SHARED is None, reason="../shared (corpus and samples) not found")


def shared(*parts: str) -> Path:
    """The shared file ``parts`` (first base that has it), else skip the calling test."""
    for base in BASES:
        p = base.joinpath(*parts)
        if p.exists():
            return p
    pytest.skip(f"shared sample {'/'.join(parts)} not available")


def files(sub: str, pattern: str = "*") -> list[Path]:
    if SHARED is None:
        return []
    return sorted(p for p in (SHARED / sub).glob(pattern) if p.is_file() and p.name != "MANIFEST.tsv")
