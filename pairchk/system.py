"""The System contract: the one way the checker, the CLI and the generator reach a pairing system.

Every pairing system — Swiss engines (Dutch, Dubov, Burstein, Lim, the club Swiss of the
sources, the FIDE team Swiss) and fixed schedules (Berger, Rutsch, travel-partner, knockout) —
is an object satisfying :class:`System`, registered in :mod:`pairchk.systems` under its CLI name
and its TRF 192 codes. The checker compares and explains through this protocol only:

* ``pair(state)`` gives the reference :class:`~pairchk.pairing.RoundPairing` (or raises
  :class:`UnpairableError`);
* ``evaluate(state, pairing)`` gives the system's own *quality record*: a frozen dataclass whose
  fields are the system's criteria in priority order, each value "lower is better" and compared
  field by field (tuples lexicographically). The field names are the criterion keys of
  ``criteria(edition)``, so the explanation of a deviation names the first field on which the
  published pairing is worse, with its :class:`Criterion` wording and article;
  A system whose quality depends on where two pairings part (Dutch: the first score bracket in
  which they differ) may accept a keyword-only ``against`` (the other pairing) and give the
  record of that part; :func:`quality_records` passes it when ``evaluate`` declares it;
* ``violations(state, pairing)`` lists the breaches of the absolute rules as :class:`Violation`
  records naming the rule, the players and the round to blame.
* optionally ``where(state, published, reference) -> str``: where the two pairings part, in
  the system's own words (Lim: the first scoregroup in its median-last order); without it the
  checker names the highest score bracket holding a player paired differently.
* optionally ``colour_note(state, number) -> str``: what the system's colour rules read of a
  player, in words, for explanations of colours (Double-Swiss: Whites of its matches); without
  it the checker words the colour preference of the shared state (C.04.3 art. 1.7).
* optionally ``games_per_round: int``: games in a round of the system (2 for Double-Swiss,
  whose rounds are matches, :attr:`pairchk.model.RoundEntry.games`); 1 when absent.
* optionally ``citations(edition) -> Citations``: the articles of the system's text that
  explanations cite for its colour allocation and generation order; without it the registry
  gives them (:func:`pairchk.systems.citations`).

A system may declare ``options``: a tuple of :class:`SystemOption` (a choice the text leaves to
the organiser, e.g. Lim's Maxi-tournament), and ``with_options(values)`` returning a copy of
itself configured with them. :func:`configure` is the one way callers apply options: it checks
every name and value against the declared ones and refuses an option the system does not have,
so the checker and the CLI stay generic (they never know which system takes which option).

State is built by ``state(t, rnd, edition=...)``; Swiss systems build it from
:func:`pairchk.state.round_state` (the one place derived state is computed) and may extend it,
never recompute it elsewhere.

>>> c = Criterion("C12", "C.04.3 art. 2.4.2 C12 (2026)", "players not getting their colour preference")
>>> c.label
'C12 players not getting their colour preference'
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from .errors import PairchkError, UnknownEditionError
from .model import Tournament
from .pairing import RoundPairing


class UnpairableError(PairchkError):
    """No legal pairing exists for the round under the system's absolute rules."""


@dataclass(frozen=True)
class Criterion:
    """One criterion of a system's rule text, defined once and used by the engine, the
    evaluation of a published pairing and the wording of explanations.

    ``key`` is the field name in the system's quality record (``C12``, ``C_5`` ...),
    ``article`` the citation an arbiter can look up, ``words`` what it minimises in plain words.
    ``absolute`` marks the rules no pairing may break (they become :class:`Violation`).
    """

    key: str
    article: str
    words: str
    absolute: bool = False

    @property
    def label(self) -> str:
        return f"{self.key} {self.words}"


@dataclass(frozen=True)
class Violation:
    """A breach of an absolute rule, blamed on the round that caused it."""

    rule: str  # article, e.g. "C.04.1 art. 6 (2026)"
    text: str  # in words, naming the players, e.g. "12 Meier: colour difference +3"
    players: tuple[int, ...] = ()
    round: int | None = None


@dataclass(frozen=True)
class SystemOption:
    """A choice a system's text leaves open to the organiser, settable from the command line
    as ``--<name> <choice>``; without it the system decides from the file (and says how)."""

    name: str  # "maxi"
    choices: tuple[str, ...]  # ("yes", "no")
    help: str


class SystemOptionError(PairchkError):
    """An option the system does not have, or a value it does not take."""


def configure(system: Any, values: dict[str, str | None]) -> Any:
    """``system`` configured with ``values`` (unset ones, None, are left to the system);
    refused when the system has no such option or the value is not one of its choices.

    >>> class Plain:
    ...     name = "plain"
    >>> configure(Plain(), {"maxi": None}).name
    'plain'
    >>> configure(Plain(), {"maxi": "yes"})
    Traceback (most recent call last):
    ...
    pairchk.system.SystemOptionError: --maxi does not apply to the plain system (it has no such option)
    """
    given = {k: v for k, v in values.items() if v is not None}
    if not given:
        return system
    declared = {o.name: o for o in getattr(system, "options", ())}
    for name, value in given.items():
        option = declared.get(name)
        if option is None:
            raise SystemOptionError(f"--{name} does not apply to the {system.name} system "
                                    "(it has no such option)")
        if value not in option.choices:
            raise SystemOptionError(f"--{name} {value!r}: expected one of "
                                    f"{', '.join(option.choices)}")
    return system.with_options(given)


@dataclass(frozen=True)
class Citations:
    """Where a system's text states the rules an explanation cites when two pairings are equally
    good on every criterion (the optional ``citations(edition)`` of :class:`System`).

    ``colour_allocation`` follows "colours differ from the colour allocation rules";
    ``generation_order`` names the order in which the reference comes first; ``initial_colour``
    the rule by which the initial colour decides a pair whose players have no colour
    preference. ``pairing_numbers``, when set, is the article under which that rule gives the
    higher-ranked player's colour by the parity of his pairing number, and explanations show
    the computation.
    """

    colour_allocation: str
    generation_order: str
    initial_colour: str = "the system's colour rules"
    pairing_numbers: str = ""


def swiss_absolute_criteria(edition: str) -> tuple[Criterion, ...]:
    """[C1]-[C4] as the 2026 texts of the Dubov and Burstein systems word them (arts. 2.1.1-2.2.1),
    cited under ``edition`` (e.g. ``"C.04.4.2 (2026)"``): one wording for both systems.

    >>> [c.key for c in swiss_absolute_criteria("C.04.4.1 (2026)")]
    ['C1', 'C2', 'C3', 'C4']
    """
    return (
        Criterion("C1", f"{edition} art. 2.1.1 [C1]", "players meeting a second time "
                  "(C.04.1 art. 2)", True),
        Criterion("C2", f"{edition} art. 2.1.2 [C2]", "PAB to a player who already had one or "
                  "scored a win without playing (C.04.1 art. 4)", True),
        Criterion("C3", f"{edition} art. 2.1.3 [C3]", "pairs of players with the same absolute "
                  "colour preference", True),
        Criterion("C4", f"{edition} art. 2.2.1 [C4]", "players left without a game or a PAB, or "
                  "paired although not to be paired", True),
    )


def completion_faults(order: Any, pairing: RoundPairing) -> int:
    """[C4] of a published round, counted once for every Swiss system: each player seated
    twice, each player to be paired who has neither a game nor the PAB, and each seated player
    who was not to be paired.

    >>> from pairchk.pairing import Pair
    >>> completion_faults([1, 2, 3], RoundPairing(1, (Pair(1, 2), Pair(2, 4))))
    3
    """
    seen: dict[int, int] = {}
    for p in pairing.pairs:
        for n in (p.white, p.black):
            seen[n] = seen.get(n, 0) + 1
    if pairing.bye is not None:
        seen[pairing.bye] = seen.get(pairing.bye, 0) + 1
    to_pair = set(order)
    return (sum(c - 1 for c in seen.values()) + len(to_pair - set(seen))
            + sum(1 for n in seen if n not in to_pair))


def single_edition(system: Any, label: str, t: Tournament,
                   override: str | None) -> tuple[str, str]:
    """``select_edition`` of a system whose one edition is the 2026 text: ``--edition`` first,
    else that text; ``label`` names the system in the wording (e.g. ``"Lim"``)."""
    if override is not None:
        if override not in system.editions:
            raise UnknownEditionError(f"unknown {label} edition {override!r}; "
                               f"known editions: {', '.join(system.editions)}")
        return override, "chosen with --edition"
    text = f"the {label} text of {system.editions[0]}"
    code = (t.system or "").strip().upper()
    if code in system.codes:
        return system.editions[0], f"system code {code}: {text}"
    return system.editions[0], text


def first_worse(published: Any, reference: Any) -> tuple[str, Any, Any, int] | None:
    """The first field of two quality records on which they differ: (key, published,
    reference, +1 if published is worse / -1 if better); None when equal on every field.

    >>> @dataclass(frozen=True)
    ... class Q:
    ...     C5: int
    ...     C6: tuple
    >>> first_worse(Q(0, (1, 2)), Q(0, (1, 1)))
    ('C6', (1, 2), (1, 1), 1)
    >>> first_worse(Q(0, ()), Q(0, ())) is None
    True
    """
    for f in dataclasses.fields(published):
        a, b = getattr(published, f.name), getattr(reference, f.name)
        if a != b:
            try:
                return f.name, a, b, 1 if a > b else -1
            except TypeError:
                return f.name, a, b, 1
    return None


def quality_records(system: Any, state: Any, published: RoundPairing,
                    reference: RoundPairing) -> tuple[Any, Any]:
    """The quality records of ``published`` and ``reference``, each evaluated against the other
    when the system's ``evaluate`` takes the keyword-only ``against`` (see the module docstring).
    """
    import inspect

    try:
        takes_against = "against" in inspect.signature(system.evaluate).parameters
    except (TypeError, ValueError):
        takes_against = False
    if takes_against:
        return (system.evaluate(state, published, against=reference),
                system.evaluate(state, reference, against=published))
    return system.evaluate(state, published), system.evaluate(state, reference)


@runtime_checkable
class System(Protocol):
    """What every pairing system provides (see the module docstring)."""

    name: str  # CLI name: "dutch", "dubov", "berger" ...
    title: str  # "FIDE Dutch system (C.04.3)"
    codes: tuple[str, ...]  # TRF26 192 / TRF16 092 codes that select it (upper case)
    editions: tuple[str, ...]  # rule editions, newest first; ("",) when there is only one
    fixed: bool  # a fixed schedule: every round known in advance
    teams: bool  # pairs teams, not players

    def select_edition(self, t: Tournament, override: str | None = None) -> tuple[str, str]:
        """The edition to apply to ``t`` and why (``--edition`` first)."""
        ...

    def criteria(self, edition: str) -> tuple[Criterion, ...]:
        """The criteria of ``edition`` in priority order (absolute ones first)."""
        ...

    def published(self, t: Tournament, rnd: int) -> RoundPairing:
        """The pairing of round ``rnd`` as the file records it, in the system's own units
        (players; teams for a team system). Individual systems return
        :func:`pairchk.pairing.published_pairing`."""
        ...

    def state(self, t: Tournament, rnd: int, *, edition: str) -> Any:
        """The derived state before round ``rnd``."""
        ...

    def pair(self, state: Any) -> RoundPairing:
        """The reference pairing of the round (raises :class:`UnpairableError`)."""
        ...

    def evaluate(self, state: Any, pairing: RoundPairing) -> Any:
        """The quality record of ``pairing``: a frozen dataclass, one field per criterion."""
        ...

    def violations(self, state: Any, pairing: RoundPairing) -> list[Violation]:
        """Breaches of the absolute rules by ``pairing``."""
        ...
