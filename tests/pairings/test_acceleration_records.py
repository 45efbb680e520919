"""TRF26 250 records written for an individual tournament: compact ranges."""

from __future__ import annotations

from fractions import Fraction
from types import MappingProxyType

from pairings.acceleration import Acceleration
from pairings.acceleration_records import player_records

ONE, HALF = Fraction(1), Fraction(1, 2)


def test_consecutive_players_with_equal_points_share_one_record_per_value():
    virtual = Acceleration(MappingProxyType(dict.fromkeys((1, 2, 3), (ONE, ONE, HALF))))
    assert player_records(virtual) == [
        "250  0.0  1.0 001 002 0001 0003",
        "250  0.0  0.5 003 003 0001 0003",
    ]


def test_a_gap_in_the_pairing_numbers_starts_another_record():
    virtual = Acceleration(MappingProxyType(dict.fromkeys((1, 2, 4), (ONE,))))
    assert player_records(virtual) == [
        "250  0.0  1.0 001 001 0001 0002",
        "250  0.0  1.0 001 001 0004 0004",
    ]


def test_rounds_without_virtual_points_have_no_record():
    virtual = Acceleration(MappingProxyType({5: (Fraction(0), ONE)}))
    assert player_records(virtual) == ["250  0.0  1.0 002 002 0005 0005"]
