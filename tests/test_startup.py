"""Issue 13 start-up: ``check`` on a small file imports only what that file needs."""

import subprocess
import sys

from pairchk import systems

_MODULES_AFTER = """
import sys
from pairchk import batch
batch.check_file(batch.Task("check", {path!r}))
print(' '.join(sorted(m for m in sys.modules if m.startswith('pairchk'))))
"""


def _modules_after_check(path: str) -> set[str]:
    out = subprocess.run([sys.executable, "-c", _MODULES_AFTER.format(path=path)],
                         capture_output=True, text=True, check=True).stdout
    return set(out.split())


def test_every_table_system_code_has_the_shape_for_code_relies_on():
    for name in systems.MODULES:
        for code in systems.get(name).codes:
            assert systems._CODE.fullmatch(code), (name, code)


def test_free_text_selects_no_code_and_imports_no_engine():
    loaded = _modules_after_check("fixtures/club_open_2026.trf")  # 092 "FIDE Dutch System (2026)"
    assert "pairchk.systems.dutch_system" in loaded
    assert not loaded & {"pairchk.systems.dubov", "pairchk.systems.berger",
                         "pairchk.systems.team_swiss", "pairchk.systems.club"}


def test_a_file_without_published_ranks_does_not_load_the_tie_breaks(tmp_path):
    # ranks equal to the starting numbers are no standings (pairchk.standings._check_ranks)
    lines = open("fixtures/dutch_p008_r06.trf", encoding="latin-1").read().splitlines()
    fixed = [ln[:85] + f"{int(ln[4:8]):>4}" + ln[89:] if ln.startswith("001") else ln
             for ln in lines]
    path = tmp_path / "noranks.trf"
    path.write_text("\n".join(fixed) + "\n", encoding="latin-1")
    loaded = _modules_after_check(str(path))
    assert "pairchk.systems.dutch" in loaded
    assert "pairchk.standings" not in loaded and "pairchk.tiebreak" not in loaded
