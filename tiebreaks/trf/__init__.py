"""Reading and writing FIDE Tournament Report Files (TRF16 and TRF26).

The reader (:mod:`tiebreaks.trf.reader`) turns a file into a
``tiebreaks.model.TournamentResults`` plus the records needed to write the file back byte
for byte (:mod:`tiebreaks.trf.writer`); :mod:`tiebreaks.trf.tables` holds the layout
and codes both use.  The reader checks what the tie-breaks depend on: the column
layout of every ``001`` record, the result codes, and that the two sides of every
game tell the same story.  The first problem found raises one ``TrfError`` naming
the line and column; nothing half-parsed is returned.

Decisions the format leaves open:

- A round cell that is entirely blank is an absence (TRF16: blank is equivalent
  to ``Z``) when anybody has an entry in that round, and "not played yet" (None)
  when nobody has; rounds after the last one with an entry are not played yet.
- An opponent and a colour with a blank result is a game paired but without a
  result yet (``Pending``), as pairing programs write the round being played; the
  writer writes a pending game the same way.
- ``=`` with no opponent is a half-point bye, ``-`` with no opponent an absence (a
  zero-point bye, not a forfeit loss: a forfeit needs a scheduled opponent,
  C.07 16.1.1).
- Result codes ``W``/``D``/``L`` are games played but not rated; a double forfeit
  is ``-`` on both sides.
- Records may go further than the declared number of rounds (142, XXR): the
  tournament has as many rounds as the longest record.
- Declared points (columns 81-84) that disagree with the results are reported in
  ``TrfFile.warnings``; the results count.
- Without a ``092``/``192`` record naming the system, a round robin is recognised
  from its pairings (:func:`round_robin_from_pairings`).
- ``240`` (byes for a round still to be paired) and ``299`` (abnormal points)
  are parsed, checked and kept on ``TrfFile.headers`` but change nobody's points:
  the model scores each round by its kind, and a ``299`` adjustment (a penalty,
  a bonus, an unusual bye value) has no place in it.  They round-trip verbatim.
- Virtual points of an accelerated Swiss (TRF26 ``250``, JaVaFo ``XXA``) are for
  pairing only (C.04.5): the reader changes nobody's points for them and keeps them
  verbatim; ``pairings.trf_input`` reads them.
- The scoring comes from ``162`` and JaVaFo ``XXS``, applied in file order.
"""

from tiebreaks.trf.reader import decode, parse_trf, read_trf, round_robin_from_pairings
from tiebreaks.trf.tables import (
    PLAYER,
    TRF16,
    TRF26,
    AbnormalPoints,
    ByeRecord,
    TrfFile,
    TrfHeaders,
)
from tiebreaks.trf.writer import trf_from_tournament, write_trf

__all__ = [
    "PLAYER",
    "TRF16",
    "TRF26",
    "AbnormalPoints",
    "ByeRecord",
    "TrfFile",
    "TrfHeaders",
    "decode",
    "parse_trf",
    "read_trf",
    "round_robin_from_pairings",
    "trf_from_tournament",
    "write_trf",
]
