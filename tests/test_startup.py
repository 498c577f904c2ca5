"""Issue 13 start-up: ``check`` on a small file imports only what that file needs."""

import subprocess
import sys

from pairchk import systems

_MODULES_AFTER = """
import sys
from pairchk.check import batch
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
    assert "pairchk.systems.dutch.system" in loaded
    assert not loaded & {"pairchk.systems.dubov.system", "pairchk.systems.berger",
                         "pairchk.systems.team.swiss", "pairchk.systems.club"}


def test_a_file_without_published_ranks_does_not_load_the_tie_breaks(tmp_path):
    # ranks equal to the starting numbers are no standings (pairchk.standings.ranking._check_ranks)
    lines = open("fixtures/dutch_p008_r06.trf", encoding="latin-1").read().splitlines()
    fixed = [ln[:85] + f"{int(ln[4:8]):>4}" + ln[89:] if ln.startswith("001") else ln
             for ln in lines]
    path = tmp_path / "noranks.trf"
    path.write_text("\n".join(fixed) + "\n", encoding="latin-1")
    loaded = _modules_after_check(str(path))
    assert "pairchk.systems.dutch.round" in loaded
    assert "pairchk.standings.ranking" not in loaded and "pairchk.standings.tiebreak" not in loaded


# --------------------------------------------------------------------------- the fast path
# `pairchk check/validate FILE...` runs without typer (pairchk.cli); the same words given to the
# typer app must print the same and exit the same.

import pytest  # noqa: E402
from typer.testing import CliRunner  # noqa: E402

from pairchk import cli  # noqa: E402
from pairchk.cli import core as cli_core  # noqa: E402

CLUB = "fixtures/club_open_2026.trf"
TYPO = "fixtures/club_open_2026_typo.trf"
DUTCH = "fixtures/dutch_p008_r06.trf"

FAST_INVOCATIONS = [
    ["check", CLUB],  # deviation and violation: exit 1
    ["check", DUTCH],
    ["check", CLUB, "--format", "json"],
    ["check", CLUB, "--format=html"],
    ["check", CLUB, "--edition", "2017", "-q"],
    ["check", CLUB, "--explain", "4"],
    ["check", CLUB, DUTCH, "-j", "1"],  # a batch: summary table
    ["check", "fixtures/no_such.trf"],  # unreadable: exit 3
    ["check", CLUB, "--system", "monrad"],  # usage errors: exit 2
    ["check", CLUB, "--edition", "1997", "--system", "dutch"],
    ["check", CLUB, "--format", "xml"],
    ["check", CLUB, "--quiet", "--verbose"],
    ["check", CLUB, "--acceleration", "fast"],
    ["check", CLUB, "--summary", "out.txt"],
    ["check", CLUB, DUTCH, "--explain", "2"],
    ["validate", TYPO],  # findings: exit 1
    ["validate", DUTCH, "fixtures/no_such.trf", "--verbose"],
]


def _typer_run(argv):
    r = CliRunner().invoke(cli_core_app(), argv)
    assert r.exception is None or isinstance(r.exception, SystemExit), r.exception
    return r.exit_code, r.stdout, r.stderr


def cli_core_app():
    from pairchk.cli.commands import app

    return app


def _fast_run(argv):
    args = cli.fast_args(argv)
    assert args is not None, argv  # these invocations take the fast path
    runner = CliRunner()
    with runner.isolation() as (out, err, _):
        code = cli.run_fast(args)
        sys.stdout.flush(), sys.stderr.flush()  # as at the end of a process
        printed = out.getvalue().decode(), err.getvalue().decode()
    return (code, *printed)


@pytest.mark.parametrize("argv", FAST_INVOCATIONS, ids=lambda a: " ".join(a[1:]))
def test_fast_path_prints_and_exits_as_the_typer_app(argv):
    assert _fast_run(argv) == _typer_run(argv)


@pytest.mark.parametrize("argv", [
    ["check"], ["check", "--help"], ["check", CLUB, "--help"], ["check", CLUB, "--jobs", "0"],
    ["check", CLUB, "-j2"], ["check", CLUB, "--jobs", "x"], ["check", CLUB, "--explain", "-1"],
    ["check", CLUB, "--quiet=yes"], ["check", CLUB, "-q", "-q"], ["check", CLUB, "--html"],
    ["check", CLUB, "--", "-x.trf"], ["check", CLUB, "--no-such-option"], ["check", CLUB, "-qv"],
    ["validate", CLUB, "--format", "json"], ["pair", CLUB], ["--version"], [],
])
def test_what_the_fast_path_does_not_fully_understand_goes_to_typer(argv):
    assert cli.fast_args(argv) is None


def _declared_type(param):
    """The Python type typer reads a parameter as (typer >= 0.2x keeps the annotation; older
    typer versions hand click a param type)."""
    descriptor = getattr(param, "type_descriptor", None)
    if descriptor is not None:
        return descriptor.annotation
    return {"text": str, "boolean": bool, "integer": int, "integer range": int}.get(
        param.type.name, param.type.name)


def test_the_typer_app_declares_check_and_validate_from_the_shared_table():
    from typer.main import get_command

    group = get_command(cli_core_app())
    for name, table in cli_core.OPTIONS.items():
        params = {p.name: p for p in group.commands[name].params}
        assert set(params) == set(table), name  # no option the fast path does not know
        for o in table.values():
            p = params[o.name]
            if not o.flags:
                assert (p.param_type_name, p.required, p.nargs) == ("argument", True, -1)
                assert _declared_type(p) in (list[str], str) and p.metavar == o.metavar
                continue
            assert tuple(p.opts) + tuple(p.secondary_opts) == o.flags, o.name
            assert (p.default, p.multiple, p.nargs, p.is_flag) == (o.default, False, 1,
                                                                   o.kind is bool), o.name
            assert (_declared_type(p), getattr(p, "min", None)) == (o.kind, o.min), o.name


def test_the_console_script_checks_without_importing_typer():
    probe = ("import atexit, sys\n"
             "atexit.register(lambda: print(sorted(m for m in sys.modules if m.split('.')[0] in"
             " ('typer', 'click', 'rich', 'pydantic')), file=sys.stderr))\n"
             f"sys.argv = ['pairchk', 'check', {CLUB!r}]\n"
             "from pairchk.cli import main\nmain()\n")
    proc = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True)
    assert proc.returncode == 1
    assert proc.stderr.splitlines()[-1] == "[]"
    assert (1, proc.stdout) == _typer_run(["check", CLUB])[:2]
