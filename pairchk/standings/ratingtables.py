"""The two conversion tables of the FIDE Rating Regulations (B.02 8.1.a and 8.1.b).

C.07 Art. 10 uses them: TPR = ARO + dp(p) (8.1.a, p = fractional score rounded to two
decimals) and PTP searches the rating whose expected score (8.1.b) reaches the score.

>>> dp_for(Decimal("0.75"))
193
>>> expected_score(1800, 1700)
Decimal('0.64')
>>> expected_score(1700, 1800)
Decimal('0.36')
"""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal

# 8.1.a: dp for p = 0.50, 0.51, ..., 1.00 (symmetric below 0.50).
_DP_UPPER = (
    0, 7, 14, 21, 29, 36, 43, 50, 57, 65, 72, 80, 87, 95, 102, 110, 117, 125, 133, 141, 149,
    158, 166, 175, 184, 193, 202, 211, 220, 230, 240, 251, 262, 273, 284, 296, 309, 322, 336,
    351, 366, 383, 401, 422, 444, 470, 501, 538, 589, 677, 800,
)

# 8.1.b: the highest rating difference for each expected score 0.50 ... 0.99
# (differences above 735 give 1.00).
_PD_UPPER_BOUNDS = (
    3, 10, 17, 25, 32, 39, 46, 53, 61, 68, 76, 83, 91, 98, 106, 113, 121, 129, 137, 145, 153,
    162, 170, 179, 188, 197, 206, 215, 225, 235, 245, 256, 267, 278, 290, 302, 315, 328, 344,
    357, 374, 391, 411, 432, 456, 484, 517, 559, 619, 735,
)


def dp_for(p: Decimal) -> int:
    """dp of table 8.1.a for the fractional score ``p`` (rounded to two decimals, half up)."""
    hundredths = int((p * 100).quantize(Decimal(1), rounding=ROUND_HALF_UP))
    hundredths = max(0, min(100, hundredths))
    if hundredths >= 50:
        return _DP_UPPER[hundredths - 50]
    return -_DP_UPPER[50 - hundredths]


def expected_score(own: int, opponent: int) -> Decimal:
    """Expected score of a player rated ``own`` against ``opponent`` (table 8.1.b)."""
    diff = own - opponent
    hundredths = 100
    for i, bound in enumerate(_PD_UPPER_BOUNDS):
        if abs(diff) <= bound:
            hundredths = 50 + i
            break
    if diff < 0:
        hundredths = 100 - hundredths
    return Decimal(hundredths) / 100
