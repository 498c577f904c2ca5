"""Render a :class:`~pairchk.pairing.CheckReport` as text, JSON or HTML, and wrap long report
lines (:func:`wrap`, also used by the ``--explain N`` table).

The JSON form is described by ``formats/check-report.schema.json``.

>>> from pairchk.pairing import CheckReport, RoundReport
>>> r = CheckReport("t.trf", "dutch", "2026", "chosen with --edition", [RoundReport(1, "ok")])
>>> print(to_text(r))
t.trf: dutch, edition 2026 (chosen with --edition)
round 1: ok
summary: 1 round checked: 1 ok
"""

from __future__ import annotations

from typing import Any

from ..pairing import CheckReport, RoundPairing, RoundReport

STATUSES = ("ok", "deviation", "violation", "unpairable")


def summary_counts(report: CheckReport) -> dict[str, int]:
    counts = {s: 0 for s in STATUSES}
    for r in report.rounds:
        counts[r.status] = counts.get(r.status, 0) + 1
    return counts


def summary_line(report: CheckReport) -> str:
    if report.not_checked:
        bad = sum(1 for r in report.rounds if r.status != "ok")
        return ("summary: not checked" + (f"; {bad} round{'s break' if bad != 1 else ' breaks'} "
                                          "a rule every system shares" if bad else ""))
    n = len(report.rounds)
    counts = summary_counts(report)
    parts = [f"{c} {s}" for s, c in counts.items() if c]
    noun = "round" if n == 1 else "rounds"
    return f"summary: {n} {noun} checked: " + (", ".join(parts) if parts else "nothing to check")


def _headline(r: RoundReport) -> str:
    if r.status == "ok":
        return "ok"
    bits = []
    d = r.details or {}
    npairs = max(len(d.get("only_published", [])), len(d.get("only_reference", [])))
    if npairs:
        bits.append(f"{npairs} pair{'s' if npairs != 1 else ''} differ")
    if d.get("colours_swapped"):
        n = len(d["colours_swapped"])
        bits.append(f"{n} pair{'s' if n != 1 else ''} with colours swapped")
    if "bye" in d:
        bits.append("bye differs")
    if r.violations:
        n = len(r.violations)
        bits.append(f"{n} absolute-rule violation{'s' if n != 1 else ''}")
    return f"{r.status} — " + ", ".join(bits) if bits else r.status


def headline(report: CheckReport) -> str:
    """The first line: the file, the system and where it comes from, the edition and why.

    >>> headline(CheckReport("t.trf", "berger", "C.05 Annex 1", "the only text of the system",
    ...                      system_reason="from the TRF26 192 code BERGER_ROUNDROBIN"))
    't.trf: berger (from the TRF26 192 code BERGER_ROUNDROBIN), edition C.05 Annex 1 (the only text of the system)'
    """
    head = f"{report.path or '<input>'}: {report.system}"
    if report.system_reason:
        head += f" ({report.system_reason})"
    if report.edition:
        head += f", edition {report.edition}"
        if report.edition_reason:
            head += f" ({report.edition_reason})"
    return head


def round_headline(r: RoundReport) -> str:
    """``round 4: deviation — 2 pairs differ``: the first line of a round."""
    return f"round {r.round}: {_headline(r)}"


def round_lines(r: RoundReport) -> list[tuple[str, str]]:
    """What the report says of a round after its first line, in its order, as (label, text):
    verdict, each violation, the differences (label ""), where, why, who, rule, notes. The
    text and HTML reports both say exactly these, so neither can leave one out."""
    out: list[tuple[str, str]] = []
    if r.verdict:
        out.append(("verdict", r.verdict))
    out += [("violation", v) for v in r.violations]
    out += [("", d) for d in r.differences
            if r.status != "ok" or d.startswith("compared on pairs only")]
    if r.where:
        out.append(("where", r.where))
    if r.explanation:
        out.append(("why", r.explanation))
    out += [("who", w) for w in r.who]
    if r.rule:
        out.append(("rule", r.rule))
    out += [("note", n) for n in r.notes]
    return out


def to_text(report: CheckReport) -> str:
    """The system line, "NOT CHECKED" and why when so, one line per round with indented details
    for rounds that are not ok (:func:`round_lines`), the notes, then a summary."""
    lines = [headline(report)]
    if report.not_checked:
        lines.append(f"NOT CHECKED: {report.not_checked}")
    for r in report.rounds:
        lines.append(round_headline(r))
        for label, text in round_lines(r):
            line = f"{label}: {text}" if label else text
            lines.extend([f"    {line}"] if label in ("verdict", "note") else _wrap(line))
    for note in report.notes:
        lines.append(f"note: {note}")
    lines.append(summary_line(report))
    return "\n".join(lines)


def _wrap(text: str) -> list[str]:
    """One report line, wrapped at 100 characters (long pair lists)."""
    return wrap(text)


def wrap(text: str, indent: str = "    ", width: int = 110) -> list[str]:
    """``text`` as lines of at most ``width`` characters, continuation lines indented further.

    >>> wrap("pairs only in published: " + ", ".join(f"{n}-{n + 1}" for n in range(1, 40, 2)), width=60)[1]
    '        11-12, 13-14, 15-16, 17-18, 19-20, 21-22, 23-24,'
    """
    import textwrap  # only a report with a long line needs it (start-up)

    return textwrap.wrap(text, width=width, initial_indent=indent,
                         subsequent_indent=indent + "    ", break_on_hyphens=False) or [indent]


def _pairing_json(p: RoundPairing | None) -> dict | None:
    if p is None:
        return None
    out = p.as_json()
    for item, pair in zip(out["pairs"], p.pairs):
        if not pair.colored:
            item["colored"] = False
    return out


def to_dict(report: CheckReport) -> dict[str, Any]:
    """The report as plain data (see ``formats/check-report.schema.json``)."""
    return {
        "file": report.path,
        "system": report.system,
        "edition": report.edition or None,
        "edition_reason": report.edition_reason,
        "system_reason": report.system_reason,
        "checked": not report.not_checked,
        "not_checked": report.not_checked or None,
        "verdict": report.verdict,
        "ok": report.ok,
        "summary": summary_counts(report),
        "rounds": [
            {
                "round": r.round,
                "status": r.status,
                "differences": list(r.differences),
                "explanation": r.explanation,
                "violations": list(r.violations),
                "notes": list(r.notes),
                "verdict": r.verdict or None,
                "where": r.where or None,
                "who": list(r.who),
                "rule": r.rule or None,
                "details": r.details or {},
                "published": _pairing_json(r.published),
                "reference": _pairing_json(r.expected),
            }
            for r in report.rounds
        ],
        "notes": list(report.notes),
    }


def to_json(report: CheckReport) -> str:
    import json  # only this format needs it (start-up)

    return json.dumps(to_dict(report), indent=2, ensure_ascii=False)


_CSS = """body{font-family:sans-serif;margin:2em}table{border-collapse:collapse}
td,th{border:1px solid #999;padding:.2em .6em;vertical-align:top;text-align:left}
.ok{background:#dfd}.deviation{background:#ffd}.violation{background:#fdd}
.unpairable{background:#ddd}ul{margin:0;padding-left:1.2em}"""


def to_html(report: CheckReport) -> str:
    """A standalone HTML page: a header, one table row per round, the summary."""
    import html
    e = html.escape
    title = f"pairchk check: {report.path or '<input>'}"
    rows = []
    for r in report.rounds:
        items = ["<b>verdict:</b> " + e(r.verdict)] if r.verdict else []
        items += ["<b>violation:</b> " + e(v) for v in r.violations]
        items += [e(d) for d in r.differences]
        if r.where:
            items.append("<b>where:</b> " + e(r.where))
        if r.explanation:
            items.append("<b>why:</b> " + e(r.explanation))
        items += ["<b>who:</b> " + e(w) for w in r.who]
        if r.rule:
            items.append("<b>rule:</b> " + e(r.rule))
        items += ["<b>note:</b> " + e(n) for n in r.notes]
        detail = "<ul>" + "".join(f"<li>{i}</li>" for i in items) + "</ul>" if items else ""
        rows.append(f'<tr class="{e(r.status)}"><td>{r.round}</td><td>{e(r.status)}</td>'
                    f"<td>{detail}</td></tr>")
    edition = (f"<p>Edition {e(report.edition)} ({e(report.edition_reason)})</p>"
               if report.edition else "")
    notes = "".join(f"<p>Note: {e(n)}</p>" for n in report.notes)
    return (
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
        f"<title>{e(title)}</title><style>{_CSS}</style></head><body>"
        f"<h1>{e(title)}</h1><p>System: {e(report.system)} {e(report.system_reason)}</p>"
        + (f"<p><b>Not checked:</b> {e(report.not_checked)}</p>" if report.not_checked else "")
        + f"{edition}"
        "<table><thead><tr><th>Round</th><th>Status</th><th>Details</th></tr></thead><tbody>"
        + "".join(rows)
        + f"</tbody></table>{notes}<p>{e(summary_line(report))}</p></body></html>\n"
    )


RENDERERS = {"text": to_text, "json": to_json, "html": to_html}


def render(report: CheckReport, fmt: str = "text",
           tournament: tuple[str, str] | None = None) -> str:
    """Render ``report`` as ``text``, ``json`` or ``html``; ``tournament`` = ``(id, name)``
    names which tournament of a file holding several the report is about (the text and HTML
    say it after the file name, the JSON in ``tournament``).

    >>> r = CheckReport("event.sce", "dutch")
    >>> render(r, tournament=("2", "Open B")).splitlines()[0]
    "event.sce [tournament 2 'Open B']: dutch"
    >>> import json; json.loads(render(r, "json", ("2", "Open B")))["tournament"]
    {'id': '2', 'name': 'Open B'}
    """
    if fmt not in RENDERERS:
        raise ValueError(f"unknown report format {fmt!r}; known: {', '.join(RENDERERS)}")
    if tournament is None:
        return RENDERERS[fmt](report)
    ident, name = tournament
    if fmt == "json":
        import json  # only this format needs it (start-up)

        doc = to_dict(report)
        doc["tournament"] = {"id": ident, "name": name}
        return json.dumps(doc, indent=2, ensure_ascii=False)
    import dataclasses

    labelled = dataclasses.replace(report, path=f"{report.path or '<input>'} [tournament {ident} {name!r}]")
    return RENDERERS[fmt](labelled)
