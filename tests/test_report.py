"""Text, JSON and HTML renderings of a check report; JSON validated against its schema."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import lxml.html
import pytest

from pairchk.check import report
from pairchk.pairing import CheckReport, Pair, RoundPairing, RoundReport

SCHEMA = json.loads(
    (Path(__file__).resolve().parents[1] / "formats" / "check-report.schema.json").read_text())


def sample() -> CheckReport:
    pub = RoundPairing(2, (Pair(4, 1), Pair(2, 5, colored=False)), bye=3)
    ref = RoundPairing(2, (Pair(1, 3), Pair(5, 4)), bye=2)
    return CheckReport(
        path="five.trf", system="dutch", edition="2026",
        edition_reason="system code FIDE_DUTCH_2025 in the file means the 2026 text",
        rounds=[
            RoundReport(1, "ok", published=RoundPairing(1, (Pair(1, 2),), bye=None),
                        expected=RoundPairing(1, (Pair(1, 2),), bye=None)),
            RoundReport(
                2, "deviation", published=pub, expected=ref,
                differences=["pairs only in published: 4-1, 2-5 (no colours)",
                             "pairs only in reference: 1-3, 5-4",
                             "bye: published 3, reference 2"],
                explanation="C5 (2026) score of the PAB assignee: published 2, reference 1",
                details={"only_published": [[4, 1], [2, 5]], "only_reference": [[1, 3], [5, 4]],
                         "bye": {"published": 3, "reference": 2},
                         "criterion": {"criterion": "C5", "edition": "2026",
                                       "published": 2, "reference": 1}}),
            RoundReport(3, "violation", published=RoundPairing(3, (Pair(1, 4),)),
                        expected=RoundPairing(3, (Pair(1, 4),)),
                        violations=["1-4: colour difference +3 for 1 (C.04.1 art. 6)"]),
            RoundReport(4, "unpairable", explanation="no legal pairing exists: x"),
        ],
        notes=["round 5 of 5 is not played yet"],
    )


def test_text_report_one_line_per_round_with_indented_details():
    assert report.to_text(sample()) == "\n".join([
        "five.trf: dutch, edition 2026 (system code FIDE_DUTCH_2025 in the file means the 2026 text)",
        "round 1: ok",
        "round 2: deviation — 2 pairs differ, bye differs",
        "    pairs only in published: 4-1, 2-5 (no colours)",
        "    pairs only in reference: 1-3, 5-4",
        "    bye: published 3, reference 2",
        "    why: C5 (2026) score of the PAB assignee: published 2, reference 1",
        "round 3: violation — 1 absolute-rule violation",
        "    violation: 1-4: colour difference +3 for 1 (C.04.1 art. 6)",
        "round 4: unpairable",
        "    why: no legal pairing exists: x",
        "note: round 5 of 5 is not played yet",
        "summary: 4 rounds checked: 1 ok, 1 deviation, 1 violation, 1 unpairable",
    ])


def test_json_report_validates_against_schema():
    data = json.loads(report.to_json(sample()))
    jsonschema.validate(data, SCHEMA)
    assert [(r["round"], r["status"]) for r in data["rounds"]] == [
        (1, "ok"), (2, "deviation"), (3, "violation"), (4, "unpairable")]
    assert data["ok"] is False
    assert data["summary"] == {"ok": 1, "deviation": 1, "violation": 1, "unpairable": 1}
    assert data["rounds"][1]["published"]["pairs"][1] == {
        "board": 2, "white": 2, "black": 5, "colored": False}


def test_schema_rejects_an_unknown_status():
    data = json.loads(report.to_json(sample()))
    data["rounds"][0]["status"] = "fine"
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(data, SCHEMA)


def test_html_report_has_a_row_per_round_and_escapes_text():
    r = sample()
    r.rounds[1].explanation = "C5 <b>"
    doc = lxml.html.fromstring(report.to_html(r))
    rows = doc.xpath("//tbody/tr")
    assert [row.get("class") for row in rows] == ["ok", "deviation", "violation", "unpairable"]
    assert "why: C5 <b>" in rows[1].text_content()
    assert doc.xpath("string(//h1)") == "pairchk check: five.trf"


def test_render_rejects_unknown_format():
    with pytest.raises(ValueError, match="unknown report format 'xml'; known: text, json, html"):
        report.render(sample(), "xml")
