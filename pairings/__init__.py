"""FIDE Swiss pairings (Handbook C.04): the Dutch system, pure Python (no Django)."""

from pairings.dutch import Board, NoLegalPairing, RoundPairing, pair_round

__all__ = ["Board", "NoLegalPairing", "RoundPairing", "pair_round"]
