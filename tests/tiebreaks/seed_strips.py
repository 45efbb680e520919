"""The worked examples that seeds 000 (Sonneborn-Berger) and 004 (Buchholz) share:
the same players, strips and opponents' final scores in both documents."""

from __future__ import annotations

from tests.tiebreaks.builders import lone_strip

# 000-1 / 004-2: 9 rounds, 6.5 points, opponents played every game.
GIUSEPPE = lone_strip(
    3,
    "+W27 +W10 =B5 =B28 +W2 =B4 =W9 =B6 +W8",
    {27: 2, 10: 2, 5: 5, 28: 4, 2: 6, 4: 5.5, 9: 5, 6: 6.5, 8: 5.5},
)
# 000-2 / 004-3: 5 rounds, 3.0 points, forfeit win in round 2 against 6 (2.5 points).
FRANCESCA = lone_strip(16, "-W8 +F6 =B29 +B24 =W12", {8: 1.5, 6: 2.5, 29: 2, 24: 3.5, 12: 4})
# 000-3: as 000-2 but round 2 is a pairing-allocated bye.
FRANCESCA_BYE = lone_strip(16, "-W8 +BYE =B29 +B24 =W12", {8: 1.5, 29: 2, 24: 3.5, 12: 4})
# 000-4 / 004-4: 9 rounds, 6.0 points, forfeit loss in round 7 against 5 (8.5 points).
SERGIO = lone_strip(
    6,
    "+B24 +W11 +B10 =W3 =B2 -W1 -F5 +B7 +W4",
    {24: 1.5, 11: 3, 10: 2, 3: 4.5, 2: 5, 1: 5.5, 5: 8.5, 7: 6.5, 4: 5.5},
)
