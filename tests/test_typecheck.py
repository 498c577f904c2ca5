"""The package type-checks: ``python -m mypy`` from the repository root, with the configuration
in pyproject.toml ([tool.mypy]: the package, mypy's default strictness), reports nothing."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _mypy_installed() -> bool:
    try:
        import mypy  # noqa: F401  (the test extra installs it)
    except ImportError:
        return False
    return True


def test_mypy_clean():
    if not _mypy_installed():
        pytest.skip("mypy is not installed (pip install -e '.[test]')")
    # mypy's cache (.mypy_cache, ignored by git) makes a second run fast; a first run without
    # it takes a few seconds
    run = subprocess.run([sys.executable, "-m", "mypy"], cwd=ROOT, capture_output=True,
                         text=True, timeout=600)
    assert run.returncode == 0, run.stdout + run.stderr
