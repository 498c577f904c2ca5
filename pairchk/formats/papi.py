"""Papi ``.papi`` files: the French federation's pairing program's own database, read only.

A Papi file is an MS Access (Jet 4) database (read with :mod:`pairchk.formats._jet`). It is
read exactly as Sharly-Chess's ``papi-converter`` turns it into Papi-JSON, and then by the
Papi-JSON reader, so the same event read from its ``.papi`` file or from its Papi-JSON export is
the same tournament: same players, numbered in Papi's pairing order (rating, then name: see
:func:`pairchk.formats.papi_json._pairing_order`), same opponents, colours and results.

Read:

* table ``INFO`` (columns ``Variable``, ``Value``): the variables ``Nom`` (name), ``Genre``
  (type), ``NbrRondes`` (rounds), ``Pairing``, ``Cadence`` (time control), ``ClassElo``,
  ``EloBase1``/``EloBase2``, ``Dep1``-``Dep3`` (tie-breaks), ``DecomptePoints`` (point system),
  ``Lieu`` (venue), ``DateDebut``/``DateFin`` (DD/MM/YYYY), ``Arbitre``, ``Homologation``, and
  ``DateRd1``-``DateRd24`` (round dates);
* table ``JOUEUR``, one row per player, the row ``Ref`` 1 being Papi's ``EXEMPT`` placeholder
  (a game against it is the pairing-allocated bye): ``Ref``, ``Nom``, ``Prenom``, ``Sexe``,
  ``NeLe`` (birth date), ``Elo`` (the rating the tournament pairs with), ``FideTitre``,
  ``FideCode``, ``Federation``, ``Club``, ``NrFFE``, and per round ``RdNNAdv`` (opponent's
  ``Ref``), ``RdNNCl`` (colour: ``B`` white, ``N`` black, ``F`` forfeit, ``R`` not played) and
  ``RdNNRes`` (Papi's result code 0-14, as in Papi-JSON) for NN = 01..24; the other
  Papi-JSON player keys (``Rapide``, ``Blitz``, ``Fide``, ``RapideFide``, ``BlitzFide``,
  ``RefFFE``, ``Nr``, ``Cat``, ``Ligue``, ``AffType``, ``InscriptionRegle``, ``InscriptionDu``,
  ``Fixe``, ``Pointe``, ``Adresse``, ``CP``, ``Tel``, ``EMail``, ``Commentaire``) are carried
  in ``Player.extra``.

A withdrawn player's ``F`` marks after the event's last round are dropped (Papi writes them
up to round 24); within the event's rounds they are absences.

Not read: the declared totals and places (``Pts``, ``PtA``, ``PtF``, ``Dep1``-``Dep3``,
``Place``, ``Perf`` of ``JOUEUR``: pairchk recomputes them), ``Flotteur``, ``Board``,
``ClubRef``, the prize, club-ranking, FTP and protection variables of ``INFO``, and the
tables ``RES`` (the result labels) and ``MSys*`` (Access's own).

>>> detect(b"\\x00\\x01\\x00\\x00Standard Jet DB\\x00" + "JOUEUR INFO".encode("utf-16-le"))
True
>>> detect(b"\\x00\\x01\\x00\\x00Standard Jet DB\\x00")  # an Access database, not Papi's
False
"""

from __future__ import annotations

import functools
import re

from ..errors import FormatError, Warning_
from . import Loaded, papi_json
from ._jet import is_jet, read_tables
from .limits import check_database_size

NAME = "papi"
EXTENSIONS = (".papi",)
CAN_READ = True
CAN_WRITE = False
DECLARES_SCORING = False  # as Papi-JSON: totals without a point system are not read
CANNOT_CARRY: list[str] = []  # read only

_ROUNDS = 24  # Papi's JOUEUR table has the columns of 24 rounds
_EXEMPT = 1  # JOUEUR.Ref of Papi's bye placeholder
_VARIABLES = {"Nom": "name", "Genre": "type", "NbrRondes": "rounds", "Pairing": "pairing",
              "Cadence": "timeControl", "ClassElo": "ratingClass", "EloBase1": "ratingThreshold1",
              "EloBase2": "ratingThreshold2", "Dep1": "tiebreak1", "Dep2": "tiebreak2",
              "Dep3": "tiebreak3", "DecomptePoints": "pointSystem", "Lieu": "venue",
              "DateDebut": "startDate", "DateFin": "endDate", "Arbitre": "arbiter",
              "Homologation": "homologation"}
# JOUEUR column -> Papi-JSON player key (papi-converter's PlayerConverter)
_PLAYER_KEYS = {"RefFFE": "refFFE", "Nr": "nr", "NrFFE": "nrFFE", "Nom": "lastName",
                "Prenom": "firstName", "Sexe": "gender", "Cat": "category", "Elo": "elo",
                "Rapide": "rapidElo", "Blitz": "blitzElo", "Federation": "federation",
                "Club": "club", "Ligue": "league", "Fide": "fideElo", "RapideFide": "fideRapidElo",
                "BlitzFide": "fideBlitzElo", "FideCode": "fideCode", "FideTitre": "fideTitle",
                "AffType": "licenceType", "InscriptionRegle": "paid", "InscriptionDu": "owed",
                "Fixe": "fixedBoard", "Adresse": "address", "CP": "postalCode", "Tel": "phone",
                "EMail": "email", "Commentaire": "comment"}
_DATE = re.compile(r"^(\d{4})-(\d{2})-(\d{2})")


def detect(data: bytes) -> bool:
    """An Access database naming the tables ``JOUEUR`` and ``INFO`` (table names are stored
    as UTF-16 text in its catalog)."""
    return (is_jet(data) and "JOUEUR".encode("utf-16-le") in data
            and "INFO".encode("utf-16-le") in data)


def _fail(path: str | None, where: str, message: str, expected: str) -> FormatError:
    return FormatError(f"{where}: {message}", path=path, expected=expected,
                       hint="a Papi file as Papi 3.3 writes it")


def _variables(info: dict[str, list]) -> tuple[dict, tuple[str, ...]]:
    """``INFO`` as Papi-JSON ``variables``, and the round dates ``DateRd1..24`` (ISO or "")."""
    pairs = {str(k): "" if v is None else str(v)
             for k, v in zip(info.get("Variable", []), info.get("Value", [])) if k is not None}
    variables = {_VARIABLES[k]: v for k, v in pairs.items() if k in _VARIABLES}
    dates = tuple(papi_json._iso(pairs.get(f"DateRd{r}", "")) for r in range(1, _ROUNDS + 1))
    while dates and not dates[-1]:
        dates = dates[:-1]
    return variables, dates


def _int(value, where: str, fail, *, low: int = 0, high: int = 1 << 31) -> int:
    if value is None:
        return 0
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise fail(where, f"found {value!r}", f"a whole number from {low} to {high}")
    return value


def _rounds(row: dict, ref: int, index: dict[int, int], fail) -> dict[str, dict]:
    """The ``RdNN*`` columns of one ``JOUEUR`` row as Papi-JSON ``rounds``: a round appears
    when it has a colour other than ``R``, an opponent or a result (as papi-converter does);
    an opponent of ``Ref`` 1 (``EXEMPT``) is left out, so that result 6 reads as the bye."""
    rounds: dict[str, dict] = {}
    for r in range(1, _ROUNDS + 1):
        col = f"Rd{r:02d}"
        where = f"JOUEUR Ref {ref}, column {col}"
        color = row.get(col + "Cl")
        color = "" if color is None else str(color).strip().upper()
        if color not in ("", "R", "B", "N", "F"):
            raise fail(where + "Cl", f"colour {color!r}", "B, N, F or R")
        opp = _int(row.get(col + "Adv"), where + "Adv", fail)
        result = _int(row.get(col + "Res"), where + "Res", fail, high=14)
        if color in ("", "R") and opp <= 0 and result <= 0:
            continue
        rec: dict = {}
        if color not in ("", "R"):
            rec["color"] = color
        if opp > _EXEMPT:
            if opp not in index or opp == ref:
                raise fail(where + "Adv", f"opponent Ref {opp}",
                           "the Ref of another player in table JOUEUR")
            rec["opponent"] = index[opp]
        if result:
            rec["result"] = result
        rounds[str(r)] = rec
    return rounds


def _player(row: dict, ref: int, index: dict[int, int], fail) -> dict:
    """One ``JOUEUR`` row as a Papi-JSON player object."""
    out: dict = {}
    for column, key in _PLAYER_KEYS.items():
        value = row.get(column)
        if value is not None and value != "":
            out[key] = value.strip() if isinstance(value, str) else value
    if isinstance(row.get("Pointe"), bool):
        out["checkedIn"] = row["Pointe"]
    m = _DATE.match(str(row.get("NeLe") or ""))
    if m:
        out["birthDate"] = f"{m.group(3)}/{m.group(2)}/{m.group(1)}"
    if "elo" in out and not isinstance(out["elo"], int):
        raise fail(f"JOUEUR Ref {ref}, column Elo", f"found {out['elo']!r}", "a whole number")
    rounds = _rounds(row, ref, index, fail)
    if rounds:
        out["rounds"] = rounds
    return out


def document(data: bytes, *, path: str | None = None) -> tuple[dict, tuple[str, ...]]:
    """The Papi-JSON document papi-converter writes for this Papi file, and the round dates."""
    fail = functools.partial(_fail, path)
    check_database_size(data, "Papi file", path=path)
    if not is_jet(data):
        raise FormatError("not an MS Access database", path=path, line=None,
                          expected="a Papi file (an Access database starting 'Standard Jet DB')",
                          hint="a Papi-JSON export is read as papi-json")
    tables = read_tables(data, ("INFO", "JOUEUR"), what="Papi file", path=path)
    variables, dates = _variables(tables["INFO"])
    joueur = tables["JOUEUR"]
    columns = list(joueur)
    count = max((len(v) for v in joueur.values()), default=0)
    rows = [{c: joueur[c][i] if i < len(joueur[c]) else None for c in columns} for i in range(count)]
    refs = [_int(row.get("Ref"), f"JOUEUR row {i + 1}, column Ref", fail) for i, row in enumerate(rows)]
    players = sorted((ref, row) for ref, row in zip(refs, rows) if ref > _EXEMPT)
    index: dict[int, int] = {}
    for ref, _ in players:
        if ref in index:
            raise fail(f"JOUEUR Ref {ref}", "appears twice", "a unique Ref per player")
        index[ref] = len(index)
    doc = {"variables": variables, "players": [_player(row, ref, index, fail) for ref, row in players]}
    return doc, dates


def load(data: bytes, *, path: str | None = None) -> Loaded:
    """Read a Papi file: its Papi-JSON document read by the Papi-JSON reader."""
    doc, dates = document(data, path=path)
    fail = functools.partial(papi_json._fail, path)
    players = papi_json._pairing_order(papi_json._read_players(doc["players"], fail))
    players = papi_json.withdrawn_tail(players, papi_json._tournament(doc["variables"], []).rounds)
    t = papi_json._tournament(doc["variables"], players)
    if any(dates):
        t = t.replace(round_dates=tuple(papi_json._papi_date(d) for d in dates),
                      round_dates_iso=dates)
    warnings: list[Warning_] = []
    point_system = doc["variables"].get("pointSystem")
    if point_system not in (None, "", "1", "NON"):
        warnings.append(Warning_(f"Papi point system {point_system!r} not interpreted;"
                                 " points are counted 1/½/0", path=path))
    return Loaded(t, warnings)
