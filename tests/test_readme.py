"""The README documents every command and option, and its examples run as shown.

Like sqlite-utils' documentation test: a command or an option added without a word in the
README fails here. Every ``$ pairchk ...`` line of a ``console`` block is run from a folder
holding ``fixtures/`` and its output compared with the lines under it (``...`` ends the
comparison; stdout first, then stderr).
"""

from __future__ import annotations

import re
import shlex

import pytest
import typer.main
from typer.testing import CliRunner

from pairchk.cli import app
from shared_paths import ROOT

README = (ROOT / "README.md").read_text(encoding="utf-8")
GROUP = typer.main.get_command(app)
runner = CliRunner()


def _options() -> list[tuple[str, str]]:
    return [(name, opt) for name, cmd in sorted(GROUP.commands.items()) for p in cmd.params
            for opt in getattr(p, "opts", ()) if opt.startswith("--") and opt != "--help"]


@pytest.mark.parametrize("name", sorted(GROUP.commands))
def test_every_command_is_in_the_readme(name):
    assert f"pairchk {name}" in README, f"README says nothing about `pairchk {name}`"


@pytest.mark.parametrize("name, option", _options())
def test_every_option_is_in_the_readme(name, option):
    assert re.search(re.escape(option) + r"(?![\w-])", README), (
        f"README does not mention `pairchk {name} {option}`")


def _examples() -> list[tuple[str, list[str]]]:
    """``(command line, expected output lines)`` of every console block."""
    out = []
    for block in re.findall(r"```console\n(.*?)```", README, re.S):
        lines = block.replace("\\\n", " ").splitlines()
        i = 0
        while i < len(lines):
            if lines[i].startswith("$ "):
                cmd, expected = lines[i][2:], []
                i += 1
                while i < len(lines) and not lines[i].startswith("$ "):
                    expected.append(lines[i])
                    i += 1
                out.append((cmd, expected))
            else:
                i += 1
    return out


EXAMPLES = _examples()


def test_examples_name_files_in_the_repository():
    for cmd, _ in EXAMPLES:
        for word in shlex.split(cmd):
            if word.startswith("fixtures/"):
                assert (ROOT / word).exists() or "*" in word, f"{cmd}: {word} is not in the repo"


@pytest.mark.parametrize("cmd, expected", EXAMPLES, ids=[c for c, _ in EXAMPLES])
def test_readme_example_runs_as_shown(cmd, expected, tmp_path, monkeypatch):
    if "../shared" in cmd:
        pytest.skip("uses the shared samples beside the checkout")
    (tmp_path / "fixtures").symlink_to(ROOT / "fixtures")
    monkeypatch.chdir(tmp_path)
    words = shlex.split(cmd)
    quiet_stdout = False
    if ">" in words:  # `> /dev/null`: only stderr is shown
        words, quiet_stdout = words[: words.index(">")], True
    assert words[0] == "pairchk"
    r = runner.invoke(app, words[1:])
    got = ([] if quiet_stdout else r.stdout.splitlines()) + r.stderr.splitlines()
    if "..." in expected:
        expected = expected[: expected.index("...")]
        got = got[: len(expected)]
    assert got == expected
