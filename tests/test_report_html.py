"""The HTML report (`check --format html`, `--html`): parsed, not string-matched.

fixtures/club_open_2026.trf: round 4 is published as 5-6 and 11-7 where the Dutch system
pairs 5-7 and 11-6 (a deviation); round 5 pairs 4 and 9 again, who met in round 1 (C.04.1
art. 2: "Two players shall not play against each other more than once" - a violation).
"""

from __future__ import annotations

import shutil
import subprocess

import lxml.html
import pytest
from typer.testing import CliRunner

from pairchk.cli import app
from shared_paths import FIX

runner = CliRunner()
CLUB = FIX / "club_open_2026.trf"


@pytest.fixture(scope="module")
def page(tmp_path_factory):
    out = tmp_path_factory.mktemp("html") / "club.html"
    r = runner.invoke(app, ["check", str(CLUB), "--html", str(out)])
    assert r.exit_code == 1  # a deviation and a violation
    assert r.stdout.splitlines()[-1] == "summary: 5 rounds checked: 3 ok, 1 deviation, 1 violation"
    return out


def test_page_is_self_contained(page):
    doc = lxml.html.parse(str(page)).getroot()
    assert doc.xpath("//script") == []
    assert doc.xpath("//link[@rel='stylesheet']") == [] and doc.xpath("//img") == []
    # every link stays inside the page
    assert all(a.get("href").startswith("#") for a in doc.xpath("//a[@href]"))
    assert doc.xpath("//meta[@name='viewport']")  # phone width


def test_header_names_tournament_dates_system_and_edition(page):
    doc = lxml.html.parse(str(page)).getroot()
    assert doc.xpath("string(//h1)") == "Riverside Club Open 2026"
    meta = " ".join(p.text_content() for p in doc.xpath("//header/p"))
    assert "2026-03-01 – 2026-03-29" in meta and "Galway" in meta
    assert "Checked as dutch, edition 2026" in meta


def test_crosstable_has_names_and_highlights_deviating_boards(page):
    doc = lxml.html.parse(str(page)).getroot()
    rows = doc.xpath("//table[@class='cross']/tbody/tr")
    assert len(rows) == 11
    first = [td.text_content() for td in rows[0].xpath("td")]
    assert first[:4] == ["1", "Lindqvist, Erik", "2300", "SWE"]
    assert first[4] == "6b1"  # round 1: player 6, black, won
    # round 4 (column 4+4): players 5, 6, 7 and 11 are on the boards that differ
    marked = {int(r.xpath("td")[0].text) for r in rows if "hl" in r.xpath("td")[7].get("class")}
    assert marked == {5, 6, 7, 11}


def _round(doc, n):
    (sec,) = doc.xpath(f"//*[@id='round-{n}']")
    return sec


def test_deviating_round_highlights_boards_and_explains(page):
    doc = lxml.html.parse(str(page)).getroot()
    sec = _round(doc, 4)
    assert sec.tag == "section" and "deviation" in sec.get("class")
    highlighted = [[td.text_content() for td in tr.xpath("td")]
                   for tr in sec.xpath(".//table[@class='boards']//tr[@class='dev']")]
    assert sorted(b[1] for b in highlighted) == ["11 Hansen, Ingrid", "5 Byrne, Declan"]
    why = sec.xpath("string(.//div[@class='why'])")
    assert "C14 (2026)" in why and "pairs only in reference: 11-6, 5-7" in why


def test_violation_round_marks_the_rematch(page):
    doc = lxml.html.parse(str(page)).getroot()
    sec = _round(doc, 5)
    assert "violation" in sec.get("class")
    (rematch,) = sec.xpath(".//tr[@class='vio']")
    assert [td.text_content() for td in rematch.xpath("td")][1:] == [
        "4 Schneider, Anna", "1–0", "9 Garcia Lopez, Lucia"]
    assert "4-9: players already met (C1, C.04.1 art. 2)" in sec.text_content()
    # the pairing-allocated bye is a row of its own
    assert any("5 Byrne, Declan" in tr.text_content() and "bye" in tr.text_content()
               for tr in sec.xpath(".//tr"))


def test_ok_rounds_are_folded_and_standings_follow(page):
    doc = lxml.html.parse(str(page)).getroot()
    assert _round(doc, 1).tag == "details" and _round(doc, 1).get("open") is None
    ranks = doc.xpath("//table[@class='standings']/tbody/tr")
    assert len(ranks) == 11
    assert ranks[0].xpath("string(td[2])") == "1 Lindqvist, Erik"


def test_format_html_on_stdout_and_batch_index(tmp_path):
    r = runner.invoke(app, ["check", str(CLUB), "--format", "html"])
    assert lxml.html.fromstring(r.stdout).xpath("string(//h1)") == "Riverside Club Open 2026"
    r = runner.invoke(app, ["check", str(CLUB), str(FIX / "dutch_p008_r06.trf"), "-q",
                            "--html", str(tmp_path / "site")])
    assert r.exit_code == 1
    index = lxml.html.parse(str(tmp_path / "site" / "index.html")).getroot()
    links = index.xpath("//a/@href")
    assert links == ["club_open_2026.trf.html", "dutch_p008_r06.trf.html"]
    assert all((tmp_path / "site" / link).exists() for link in links)
    r = runner.invoke(app, ["check", str(CLUB), str(CLUB) + "x", "--format", "html"])
    assert r.exit_code == 2 and "needs --html DIR" in r.stderr


def _browser() -> str | None:
    return next((b for b in ("chromium", "chromium-browser", "google-chrome")
                 if shutil.which(b)), None)


@pytest.mark.skipif(_browser() is None, reason="no headless Chromium installed")
@pytest.mark.parametrize("width", [1280, pytest.param(390, marks=pytest.mark.slow)])
def test_screenshot_in_chromium(page, tmp_path, width):
    """The page renders in a real browser, on a desktop and on a phone's width."""
    shot = tmp_path / f"shot-{width}.png"
    subprocess.run([_browser(), "--headless", "--no-sandbox", "--disable-gpu",
                    "--hide-scrollbars", f"--window-size={width},1600",
                    f"--screenshot={shot}", page.as_uri()],
                   capture_output=True, timeout=120, check=False)
    data = shot.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    w, h = int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
    assert (w, h) == (width, 1600)
    assert len(data) > 20_000  # a blank page compresses to a few hundred bytes


def test_html_says_everything_the_text_says_in_its_order_verdict_before_boards():
    import html as html_lib
    from pathlib import Path

    from pairchk import formats
    from pairchk.check import check
    from pairchk.check import html as report_html
    from pairchk.check.report import round_headline, round_lines, summary_line

    path = Path(__file__).resolve().parents[1] / "fixtures" / "club_open_2026.trf"
    t = formats.load(path.read_bytes(), path=str(path)).tournament
    report = check(t, path=str(path))
    page = html_lib.unescape(report_html.page(report, t))
    assert summary_line(report) in page
    for r in report.rounds:
        if r.status == "ok":
            continue
        start = page.index(f'id="round-{r.round}"')
        end = page.index("</section>", start)
        section = page[start:end]
        assert round_headline(r).split(" — ")[1] in section
        at = 0
        for label, text in round_lines(r):
            shown = f"{label}: {text}" if label else text
            found = section.find(text, at)
            assert found >= 0, shown  # every line, in the text report's order
            at = found
        assert section.index("verdict:") < section.index('class="boards"')
        assert section.index("why:") < section.index('class="boards"')
    # the rounds come before the crosstable, as in the text report
    assert page.index('id="round-4"') < page.index('id="crosstable"')


def test_team_html_shows_game_points():
    from pathlib import Path

    from pairchk import formats
    from pairchk.check import check
    from pairchk.check import html as report_html

    path = Path(__file__).resolve().parents[1] / "fixtures" / "team_t06_r04.trf"
    t = formats.load(path.read_bytes(), path=str(path)).tournament
    page = report_html.page(check(t, path=str(path)), t)
    assert '<th class="n">GP</th>' in page
    assert "4w½ 2–2" in page  # team 1 drew team 4 on 2-2 game points in round 1
