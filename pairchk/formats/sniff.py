"""Files that are recognisably no tournament file, by their content: what a batch over a
folder meets beside the tournaments and reports as skipped instead of unreadable.

>>> not_a_tournament(b"3\\n1 2\\n4 3\\n5 0\\n")
'a bbpPairings pairing output (a count, then one pair per line)'
>>> not_a_tournament(b"# pairchk\\n\\nRead, convert and check chess tournament files.\\n")
'a text document (Markdown or prose, no tournament records)'
>>> not_a_tournament(b'{"file": "a.trf", "system": "dutch", "verdict": "ok", "rounds": []}')
"pairchk's own check report (JSON)"
>>> not_a_tournament(b"012 Open\\n001    1 m    Aubry, Pascal") is None
True
"""

from __future__ import annotations

import json
import re

_PAIR = re.compile(r"^\s*\d+\s+\d+\s*$")
_WORD = re.compile(r"[^\W\d_]{2,}")
_REPORT_KEYS = {"file", "system", "verdict", "rounds"}
_SUMMARY_KEYS = {"files", "rounds", "status", "results"}


def _text(data: bytes) -> str | None:
    if b"\x00" in data[:4096]:
        return None
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("cp1252", errors="replace")


def _bbp_output(lines: list[str]) -> bool:
    """bbpPairings' ``-p`` output: the number of pairs, then that many ``white black`` lines
    (0 for the bye)."""
    if not lines or not lines[0].strip().isdecimal():
        return False
    n = int(lines[0])
    return n == len(lines) - 1 and n > 0 and all(_PAIR.match(line) for line in lines[1:])


def _pairchk_json(text: str) -> str | None:
    head = text.lstrip()[:1]
    if head not in ("{", "["):
        return None
    try:
        doc = json.loads(text)
    except ValueError:
        return None
    docs = doc if isinstance(doc, list) else [doc]
    if docs and all(isinstance(d, dict) and _REPORT_KEYS <= d.keys() for d in docs):
        return "pairchk's own check report (JSON)"
    if isinstance(doc, dict) and _SUMMARY_KEYS <= doc.keys():
        return "pairchk's own batch summary (JSON)"
    return None


def _prose(lines: list[str]) -> bool:
    """Markdown or prose: a heading first, or most lines are sentences of words."""
    if lines[0].lstrip().startswith("#") and not lines[0].startswith(("###", "#!")):
        return True
    wordy = sum(1 for line in lines if len(_WORD.findall(line)) >= 4 and not line[:1].isdigit()
                and "\t" not in line)
    return len(lines) >= 2 and wordy * 3 >= len(lines) * 2


def not_a_tournament(data: bytes) -> str | None:
    """Why ``data`` is no tournament file, or None when it may be one."""
    text = _text(data[:1 << 20])
    if text is None:
        return None
    lines = [line.rstrip() for line in text.splitlines() if line.strip()]
    if not lines:
        return None
    if _bbp_output(lines):
        return "a bbpPairings pairing output (a count, then one pair per line)"
    found = _pairchk_json(text) if len(data) <= 1 << 20 else None
    if found:
        return found
    if _prose(lines[:200]):
        return "a text document (Markdown or prose, no tournament records)"
    return None
