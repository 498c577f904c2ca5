"""Where ../shared lives (beside the checkout in CI, /work/shared here)."""

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
FIX = ROOT / "fixtures"


def shared_dir() -> Path | None:
    for cand in (ROOT / ".." / "shared", Path("/work/shared")):
        if (cand / "corpus").is_dir():
            return cand.resolve()
    return None


SHARED = shared_dir()
needs_shared = pytest.mark.skipif(SHARED is None, reason="../shared (corpus and samples) not found")


def files(sub: str, pattern: str = "*") -> list[Path]:
    if SHARED is None:
        return []
    return sorted(p for p in (SHARED / sub).glob(pattern) if p.is_file() and p.name != "MANIFEST.tsv")
