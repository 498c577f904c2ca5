"""The HTML report of ``pairchk check``: one self-contained page per tournament.

The page has the tournament's name, dates and place, the system and rule edition, a summary,
every round as the text report tells it — its first line, then verdict, violations,
differences, where, why, who, rule and notes in the text report's order
(:func:`pairchk.check.report.round_lines`), then its boards, deviating ones highlighted (a
team event's boards show the match's game points) — the report's notes, the crosstable with
names and the standings (by the file's tie-break list when
:mod:`pairchk.standings.ranking` is there, else by points). No script, no web fonts, no outside
links: it works offline, prints on paper (rounds are not split across pages) and fits a
phone (wide tables scroll inside their box). For a batch, :func:`write` also writes an index
page linking every tournament.

>>> from pairchk.pairing import CheckReport, RoundReport
>>> from pairchk.model import Tournament, Player
>>> t = Tournament(name="Club <Open>", players=(Player(1, "Ann"), Player(2, "Bob")))
>>> page_html = page(CheckReport("t.trf", "dutch", "2026", "from --edition", []), t)
>>> "<h1>Club &lt;Open&gt;</h1>" in page_html and "<script" not in page_html
True
"""

from __future__ import annotations

import html
import os
from decimal import Decimal
from typing import TYPE_CHECKING, Any, Callable, Iterable, Sequence

from ..model import Color, Kind, Tournament
from ..pairing import CheckReport, Pair, RoundPairing, RoundReport, published_pairing

if TYPE_CHECKING:
    from ..standings.ranking import Standings

e = html.escape

CSS = """
:root{--ok:#e3f4e3;--dev:#fff3c4;--vio:#fbd5d5;--na:#e8e8e8;--line:#c8c8c8;--ink:#1b1b1b}
*{box-sizing:border-box}
body{font:15px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;
 color:var(--ink);margin:0 auto;padding:1em;max-width:72em}
h1{font-size:1.5em;margin:.2em 0}h2{font-size:1.2em;margin:1.4em 0 .4em;border-bottom:2px solid #333}
h3{font-size:1.05em;margin:0 0 .3em}
.meta{color:#444;margin:.2em 0}.meta b{color:var(--ink)}
.badge{display:inline-block;padding:.05em .5em;border-radius:.8em;font-size:.85em;font-weight:600;
 border:1px solid #0002}
.ok{background:var(--ok)}.deviation,.unpairable{background:var(--dev)}.violation{background:var(--vio)}
.not-checked,.unreadable,.failed{background:var(--na)}
.summary{display:flex;flex-wrap:wrap;gap:.4em;margin:.6em 0;padding:0;list-style:none}
.scroll{overflow-x:auto;-webkit-overflow-scrolling:touch;max-width:100%}
table{border-collapse:collapse;margin:.3em 0}
th,td{border:1px solid var(--line);padding:.2em .45em;text-align:left;vertical-align:top}
th{background:#f2f2f2}td.n,th.n{text-align:right;font-variant-numeric:tabular-nums}
.cross td{white-space:nowrap;font-variant-numeric:tabular-nums}
.cross td.r{text-align:center}.cross td.name,.standings td.name{white-space:nowrap}
.cross td.hl{background:var(--dev)}
.cross td.name,.cross th.name{position:sticky;left:0;background:#fff;box-shadow:1px 0 0 var(--line)}
.cross th.name{background:#f2f2f2}
.round{border:1px solid var(--line);border-left:6px solid #9c9;border-radius:4px;padding:.6em .8em;
 margin:.8em 0;break-inside:avoid;page-break-inside:avoid}
.round.deviation,.round.unpairable{border-left-color:#d9a400;background:#fffdf3}
.round.violation{border-left-color:#c33;background:#fff8f8}
.round.ok{background:#fff;padding:.3em .8em}
details.round summary{cursor:pointer;list-style-position:outside;margin-left:1em}
details.round summary h3{display:inline;margin:0}.count{font-weight:400;color:#555;font-size:.9em}
.round-body{display:flex;flex-wrap:wrap;gap:.4em 1.4em;align-items:flex-start}
.round-body>.scroll{flex:0 1 auto}
.boards tr.dev td{background:var(--dev);font-weight:600}
.boards tr.vio td{background:var(--vio);font-weight:600}
.why{flex:1 1 24em;min-width:15em;margin:0 0 .4em}
.why p{margin:.15em 0;overflow-wrap:anywhere}.why ul{margin:.2em 0;padding-left:1.2em}
.why .verdict{font-weight:600}.why .label{font-weight:600}
.ref{color:#555;font-size:.9em}
.notes li{margin:.2em 0}
footer{margin-top:2em;color:#666;font-size:.85em}
a{color:#0645ad}
@media (max-width:40em){body{font-size:14px;padding:.5em}.why{min-width:0;flex-basis:100%}
 .boards td{padding:.15em .3em}}
@media print{body{max-width:none;font-size:10pt;padding:0}a{color:inherit;text-decoration:none}
 .scroll{overflow:visible}h2{break-after:avoid;page-break-after:avoid}
 .why{min-width:0;flex-basis:12em}.round{margin-right:1px}
 *{-webkit-print-color-adjust:exact;print-color-adjust:exact}}
"""

STATUS_WORDS = {"ok": "ok", "deviation": "deviation", "violation": "violation",
                "unpairable": "no legal pairing", "not checked": "not checked"}
_RESULT = {Kind.WIN: "1", Kind.DRAW: "½", Kind.LOSS: "0", Kind.WIN_SHORT: "1",
           Kind.DRAW_SHORT: "½", Kind.LOSS_SHORT: "0", Kind.FORFEIT_WIN: "+",
           Kind.FORFEIT_LOSS: "−", Kind.PAB: "bye", Kind.FULL_BYE: "F", Kind.HALF_BYE: "H",
           Kind.ZERO_BYE: "Z", Kind.ABSENT: "–", Kind.NOT_PAIRED: "", Kind.PENDING: "*"}


def _css_class(status: str) -> str:
    return status.replace(" ", "-")


def _points(v: Decimal | None) -> str:
    """``Decimal('2.5')`` -> ``'2½'``; ``0.5`` -> ``'½'``."""
    if v is None:
        return ""
    whole = int(v)
    half = v - whole
    if half == Decimal("0.5"):
        return f"{whole}½" if whole else "½"
    if half == 0:
        return str(whole)
    return format(v.normalize(), "f")


def _who(t: Tournament, number: int | None) -> str:
    """``12 Carlsen, Magnus`` (number and name), as the explanations name players."""
    if number is None:
        return ""
    try:
        name = t.player(number).name
    except KeyError:
        name = ""
    return f"{number} {name}".strip()


# --------------------------------------------------------------------------- sections

def _header(report: CheckReport, t: Tournament) -> str:
    title = t.name or os.path.basename(report.path or "") or "tournament"
    dates = " – ".join(d for d in (t.start_date, t.end_date) if d)
    bits = [f"<b>{e(dates)}</b>" if dates else "", e(t.city),
            e(t.federation) if t.federation and t.federation != t.city else "",
            f"chief arbiter {e(t.chief_arbiter)}" if t.chief_arbiter else ""]
    meta = " · ".join(b for b in bits if b)
    system = f"<b>{e(report.system)}</b>"
    if report.edition:
        system += f", edition <b>{e(report.edition)}</b>"
        if report.edition_reason:
            system += f" ({e(report.edition_reason)})"
    unit = "teams" if report.system in ("team", "team-berger") else "players"
    file_line = (f'<p class="meta">File: {e(report.path)} · {len(t.players)} {unit} · '
                 f"{t.played_rounds} rounds</p>")
    return (f"<header><h1>{e(title)}</h1>" + (f'<p class="meta">{meta}</p>' if meta else "")
            + f'<p class="meta">Checked as {system}</p>{file_line}</header>')


def _summary(report: CheckReport) -> str:
    from .report import summary_line

    line = f'<p class="meta">{e(summary_line(report))}</p>'
    not_checked = (f'<p><span class="badge not-checked">NOT CHECKED</span> '
                   f"{e(report.not_checked)}</p>" if report.not_checked else "")
    return line + not_checked + _badges(report)


def _badges(report: CheckReport) -> str:
    counts: dict[str, int] = {}
    for r in report.rounds:
        counts[r.status] = counts.get(r.status, 0) + 1
    if not report.rounds:
        return '<ul class="summary"><li class="badge not-checked">no round checked</li></ul>'
    items = [f'<li class="badge {_css_class(s)}">{n} {e(STATUS_WORDS.get(s, s))}</li>'
             for s, n in counts.items()]
    links = [f'<a href="#round-{r.round}">round {r.round}</a>' for r in report.rounds
             if r.status != "ok"]
    more = f'<p>Rounds to look at: {", ".join(links)}</p>' if links else (
        "<p>Every checked round agrees with the reference pairing.</p>")
    return f'<ul class="summary">{"".join(items)}</ul>{more}'


def _deviating_players(r: RoundReport) -> set[int]:
    """Players on boards that differ from the reference (pairs, colours or the bye)."""
    if r.published is None or r.expected is None:
        return set()
    ref = {p.players: p for p in r.expected.pairs}
    out: set[int] = set()
    for p in r.published.pairs:
        other = ref.get(p.players)
        if other is None or (p.colored and (other.white, other.black) != (p.white, p.black)):
            out |= p.players
    if r.published.bye != r.expected.bye:
        out |= {n for n in (r.published.bye, r.expected.bye) if n is not None}
    return out


def _mentioned(r: RoundReport, numbers: Iterable[int]) -> set[int]:
    """Players a violation is about: its leading ``7-12:`` or ``7:``."""
    import re

    found: set[int] = set()
    for v in r.violations:
        m = re.match(r"\s*#?(\d+)(?:\s*-\s*#?(\d+))?\s*:", v)
        if m:
            found |= {int(g) for g in m.groups() if g}
    return found & set(numbers)


def _result(t: Tournament, pair: Pair, rnd: int, games: dict | None = None) -> str:
    if games and (rnd, pair.white) in games:  # a team match: its game points
        mine, theirs = games[(rnd, pair.white)]
        return f"{_points(mine) or '0'}–{_points(theirs) or '0'}"
    try:
        w = t.player(pair.white).entry(rnd).kind
        b = t.player(pair.black).entry(rnd).kind
    except KeyError:
        return ""
    if w is Kind.PENDING or b is Kind.PENDING:
        return "–"
    return f"{_RESULT.get(w, '?')}–{_RESULT.get(b, '?')}"


def _board_rows(t: Tournament, r: RoundReport, pairing: RoundPairing,
                games: dict | None = None) -> list[str]:
    dev = _deviating_players(r)
    vio = _mentioned(r, {n for p in pairing.pairs for n in p.players}) if r.violations else set()
    rows = []
    for board, p in enumerate(pairing.pairs, 1):
        cls = "vio" if p.players & vio else "dev" if p.players & dev else ""
        colours = "" if p.colored else ' title="no colours recorded"'
        rows.append(f'<tr class="{cls}"{colours}><td class="n">{board}</td>'
                    f"<td>{e(_who(t, p.white))}</td><td class=\"n\">{e(_result(t, p, pairing.round, games))}</td>"
                    f"<td>{e(_who(t, p.black))}</td></tr>")
    if pairing.bye is not None:
        cls = "dev" if pairing.bye in dev else ""
        rows.append(f'<tr class="{cls}"><td class="n">–</td><td>{e(_who(t, pairing.bye))}</td>'
                    '<td class="n">bye</td><td>(pairing-allocated bye)</td></tr>')
    return rows


def _explanation(t: Tournament, r: RoundReport) -> str:
    """What the text report says of the round, in its order (verdict first), then the
    reference pairing in full."""
    from .report import round_lines

    parts = []
    if r.status == "ok":
        parts.append("<p>Same pairing as the reference.</p>")
    for label, text in round_lines(r):
        cls = ' class="verdict"' if label == "verdict" else ""
        head = f'<span class="label">{e(label)}:</span> ' if label else ""
        parts.append(f"<p{cls}>{head}{e(text)}</p>")
    if r.status != "ok" and r.expected is not None:
        ref = ", ".join(f"{p.white}–{p.black}" for p in r.expected.pairs)
        bye = f"; bye {r.expected.bye}" if r.expected.bye is not None else ""
        parts.append(f'<p class="ref">Reference pairing: {e(ref)}{e(bye)}</p>')
    return '<div class="why">' + "".join(parts) + "</div>"


def _round_section(t: Tournament, r: RoundReport, games: dict | None = None) -> str:
    """A round: the verdict and why, then its boards (beside them on a wide screen, below on
    a phone). An ok round is folded (click to open); the others are open, so that they are
    what the page (and its print) shows."""
    from .report import round_headline

    pairing = r.published if r.published is not None else published_pairing(t, r.round)
    word = STATUS_WORDS.get(r.status, r.status)
    table = ('<div class="scroll"><table class="boards"><thead><tr><th class="n">Bd</th>'
             "<th>White</th><th>Result</th><th>Black</th></tr></thead><tbody>"
             + "".join(_board_rows(t, r, pairing, games)) + "</tbody></table></div>")
    first = round_headline(r).split(": ", 1)[1]
    detail = first.split(" — ", 1)[1] if " — " in first else ""
    heading = (f'Round {r.round} <span class="badge {_css_class(r.status)}">{e(word)}</span>'
               + (f'<span class="count"> {e(detail)}</span>' if detail else ""))
    boards = len(pairing.pairs)
    if r.status == "ok":
        return (f'<details class="round ok" id="round-{r.round}"><summary><h3>{heading}'
                f'<span class="count"> {boards} boards, same as the reference pairing</span>'
                f'</h3></summary><div class="round-body">{table}</div></details>')
    return (f'<section class="round {_css_class(r.status)}" id="round-{r.round}">'
            f"<h3>{heading}</h3>"
            f'<div class="round-body">{_explanation(t, r)}{table}</div></section>')


def _cell(t: Tournament, rnd: int, entry: Any) -> str:
    kind = entry.kind
    if kind.has_opponent and entry.opponent is not None:
        colour = {Color.WHITE: "w", Color.BLACK: "b"}.get(entry.color, "")
        return f"{entry.opponent}{colour}{_RESULT.get(kind, '')}"
    return _RESULT.get(kind, "")


# (rank, player, points, ((tie-break code, value), ...))
_OrderRow = tuple[int, int, Decimal, tuple[tuple[str, Decimal | None], ...]]


def _order(t: Tournament) -> tuple[list[_OrderRow], list[str], str]:
    """``(rank, player, points, tie-break values)`` rows, tie-break codes and where the order
    comes from."""
    standings: Callable[[Tournament], Standings] | None
    try:
        from ..standings.ranking import standings as standings_of
        standings = standings_of
    except ImportError:
        standings = None
    if standings is not None and t.players:
        try:
            s = standings(t)
            where = (f"tie-breaks {', '.join(s.codes)} from {s.source}" if s.codes
                     else s.source)
            return ([(row.rank, row.player, row.points, row.values) for row in s.rows],
                    list(s.codes), where)
        except Exception:  # standings are extra: a failure must not cost the report
            pass
    scored = sorted(t.players, key=lambda p: (-t.score(p.number), p.number))
    rows: list[_OrderRow] = []
    rank, last = 0, None
    for i, p in enumerate(scored, 1):
        pts = t.score(p.number)
        if pts != last:
            rank, last = i, pts
        rows.append((rank, p.number, pts, ()))
    return rows, [], "by points only (equal points share a rank)"


def _crosstable(t: Tournament, report: CheckReport, games: dict | None = None) -> str:
    """Players (teams) and their rounds; a team event adds each match's game points after
    the match result and the game-point total."""
    rounds = t.played_rounds
    bad = {(n, r.round) for r in report.rounds for n in _deviating_players(r)}
    head = ("<tr><th class=\"n\">No</th><th class=\"name\">Name</th><th class=\"n\">Rtg</th><th>Fed</th>"
            + "".join(f'<th class="n"><a href="#round-{i}">{i}</a></th>'
                      for i in range(1, rounds + 1))
            + '<th class="n">Pts</th>' + ('<th class="n">GP</th>' if games else "") + "</tr>")
    body = []
    for p in t.players:
        cells = []
        for i in range(1, rounds + 1):
            hl = ' hl' if (p.number, i) in bad else ""
            gp = games.get((i, p.number)) if games else None
            extra = f" {_points(gp[0]) or '0'}–{_points(gp[1]) or '0'}" if gp else ""
            cells.append(f'<td class="r{hl}">{e(_cell(t, i, p.entry(i)) + extra)}</td>')
        body.append(f'<tr><td class="n">{p.number}</td><td class="name">{e(p.name)}</td>'
                    f'<td class="n">{p.rating or ""}</td><td>{e(p.federation)}</td>'
                    + "".join(cells) + f'<td class="n">{_points(t.score(p.number))}</td>'
                    + (f'<td class="n">{_points(_total(games, p.number)) or "0"}</td>'
                       if games else "") + "</tr>")
    legend = ("Opponent, colour (w/b), result" + ("; game points of the match; GP the game"
              " points in all" if games else "") + "; highlighted: a board that differs from"
              " the reference pairing.")
    return (f'<h2 id="crosstable">Crosstable</h2><p class="meta">{e(legend)}</p>'
            f'<div class="scroll"><table class="cross"><thead>{head}</thead>'
            f'<tbody>{"".join(body)}</tbody></table></div>')


def _total(games: dict, team: int) -> Decimal:
    return sum((mine for (_, who), (mine, _) in games.items() if who == team), Decimal(0))


def _standings(t: Tournament, shown: Tournament | None = None) -> str:
    """The standings of ``t``, competitors named from ``shown`` (the teams of a team event)."""
    rows, codes, source = _order(t)
    names = t if shown is None or shown is t or not t.teams else shown
    if not rows:
        return ""
    head = ('<tr><th class="n">Rk</th><th>Name</th><th class="n">Pts</th>'
            + "".join(f'<th class="n">{e(c)}</th>' for c in codes) + "</tr>")
    body = []
    for rank, number, pts, values in rows:
        tb = "".join(f'<td class="n">{e(_points(v) if isinstance(v, Decimal) else str(v or ""))}</td>'
                     for _, v in values)
        body.append(f'<tr><td class="n">{rank}</td><td class="name">{e(_who(names, number))}</td>'
                    f'<td class="n">{_points(pts)}</td>{tb}</tr>')
    return (f'<h2 id="standings">Standings</h2><p class="meta">{e(source)}</p>'
            f'<div class="scroll"><table class="standings"><thead>{head}</thead>'
            f'<tbody>{"".join(body)}</tbody></table></div>')


def _shell(title: str, body: str) -> str:
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>{e(title)}</title><style>{CSS}</style></head><body>{body}"
            "<footer>Report written by pairchk. Works offline; print with your browser.</footer>"
            "</body></html>\n")


def _view(report: CheckReport, t: Tournament) -> Tournament:
    """What the page shows: for a team system the event at team level (teams, their board-1
    colours and match results, scored in match points), else the file's players."""
    from .. import systems

    try:
        team = systems.get(report.system).teams
    except Exception:  # an unknown or unloadable system: show the players
        team = False
    if not team:
        return t
    from ..teams import as_team_tournament

    return as_team_tournament(t)


def _game_points(t: Tournament, shown: Tournament) -> dict:
    """(round, team) -> (its game points, the opponent's) of a team event shown at team level."""
    if shown is t:
        return {}
    from ..teams import team_rounds

    return {(r.round, team): (r.game_points, r.opponent_game_points)
            for team, rs in team_rounds(t).items() for r in rs if r.opponent is not None}


def page(report: CheckReport, t: Tournament) -> str:
    """The whole page for one tournament, in the text report's order: the system line, the
    rounds (verdict and why before the boards), the notes, the summary; then the crosstable
    and the standings."""
    notes = ("<h2>Notes</h2><ul class=\"notes\">"
             + "".join(f"<li>{e(n)}</li>" for n in report.notes) + "</ul>") if report.notes else ""
    shown = _view(report, t)
    games = _game_points(t, shown)
    rounds = "".join(_round_section(shown, r, games) for r in report.rounds)
    body = (_header(report, shown) + _summary(report)
            + (f'<h2 id="rounds">Rounds</h2>{rounds}' if rounds else "") + notes
            + _crosstable(shown, report, games) + _standings(t, shown))
    title = f"{t.name or os.path.basename(report.path or '') or 'tournament'} — pairchk check"
    return _shell(title, body)


# --------------------------------------------------------------------------- files

def index(entries: Sequence[tuple[str, str, str, int, str]]) -> str:
    """An index page: ``(link, file, status, rounds, message)`` per tournament (or file)."""
    rows = []
    for link, name, status, rounds, message in entries:
        label = f'<a href="{e(link)}">{e(name)}</a>' if link else e(name)
        rows.append(f'<tr><td>{label}</td><td><span class="badge {_css_class(status)}">'
                    f'{e(status)}</span></td><td class="n">{rounds}</td>'
                    f"<td>{e(message)}</td></tr>")
    counts: dict[str, int] = {}
    for entry in entries:
        counts[entry[2]] = counts.get(entry[2], 0) + 1
    badges = "".join(f'<li class="badge {_css_class(st)}">{n} {e(st)}</li>'
                     for st, n in counts.items())
    body = ("<h1>pairchk check</h1>"
            f'<p class="meta">{len(entries)} files</p><ul class="summary">{badges}</ul>'
            '<div class="scroll"><table class="index">'
            "<thead><tr><th>File</th><th>Status</th><th class=\"n\">Rounds</th><th>Message</th>"
            f"</tr></thead><tbody>{''.join(rows)}</tbody></table></div>")
    return _shell("pairchk check — index", body)


def _page_name(path: str, used: set[str]) -> str:
    stem = "".join(c if c.isalnum() or c in "-_." else "_" for c in os.path.basename(path))
    name, i = f"{stem}.html", 2
    while name in used:
        name, i = f"{stem}-{i}.html", i + 1
    used.add(name)
    return name


def write(target: str, results: Sequence[Any], *, single: bool, force: bool = False,
          inputs: Sequence[str] = ()) -> str:
    """Write the pages of ``results`` (batch FileResults) through the one output writer
    (:func:`pairchk.output.write_output`: no existing file replaced without ``force``, an OS
    error raised as a located :class:`~pairchk.output.OutputError`); returns the path to open.

    One input: ``target`` is the page. Several: ``target`` is a folder holding one page per
    tournament and ``index.html``.
    """
    from ..output import prepare_folder, write_output

    if single:
        write_output(target, results[0].html if results and results[0].html else _shell(
            "pairchk check", f"<p>{e(results[0].message if results else '')}</p>"),
            force=force, inputs=inputs)
        return target
    prepare_folder(target)
    used: set[str] = {"index.html"}
    entries = []
    for r in results:
        link = ""
        if r.html:
            link = _page_name(r.path, used)
            write_output(os.path.join(target, link), r.html, force=force, inputs=inputs)
        label = f"{r.title} ({r.path})" if r.title else r.path
        entries.append((link, label, r.status, r.rounds, r.message))
    path = os.path.join(target, "index.html")
    write_output(path, index(entries), force=force, inputs=inputs)
    return path
