"""Crosstable's tie-break engine: pure Python, no Django.

FIDE Handbook C.07 (editions 2026, 2023/2024 and pre-2023), scores, ranking,
the TRF format and a command line (``python -m tiebreaks``).
"""
