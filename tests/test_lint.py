"""The code base is kept ruff-clean (the rules chosen in pyproject.toml, [tool.ruff.lint]):
no unused or undefined names, no syntax or statement errors, in the package, the tests and
the benchmarks."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _ruff() -> list[str] | None:
    try:
        import ruff  # noqa: F401  (the test extra installs it)
    except ImportError:
        exe = shutil.which("ruff")
        return [exe] if exe else None
    return [sys.executable, "-m", "ruff"]


def test_ruff_clean():
    cmd = _ruff()
    if cmd is None:
        pytest.skip("ruff is not installed (pip install -e '.[test]')")
    run = subprocess.run(cmd + ["check", "--no-cache", "--output-format", "concise", "."],
                         cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stdout + run.stderr
