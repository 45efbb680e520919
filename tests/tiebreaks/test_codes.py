"""Tie-break codes: TRF26 slash form, the Handbook's hyphen form, case, aliases, errors."""

from __future__ import annotations

import pytest

from tests.tiebreaks.builders import lone_strip
from tiebreaks.codes import Code, parse_code
from tiebreaks.definitions import CATALOGUE, DEFINITIONS
from tiebreaks.errors import TieBreakError
from tiebreaks.standings import compute_standings


@pytest.mark.parametrize("text", ["BH/C1", "BH-C1", "bh/c1", "BH:GP/C1", "bh:mp-c1"])
def test_buchholz_cut_1_spellings(text: str) -> None:
    code = parse_code(text)
    assert (code.acronym, code.cut) == ("BH", "C1")


def test_code_keeps_the_text_as_given() -> None:
    assert parse_code("bh-c1").text == "bh-c1"


@pytest.mark.parametrize(("text", "limit"), [("KS/L-2", -2), ("KS/L+1", 1), ("ks-l-2", -2)])
def test_koya_limit(text: str, limit: int) -> None:
    assert parse_code(text).limit == limit


def test_ge_is_rep() -> None:
    assert parse_code("GE").acronym == "REP"


def test_flags() -> None:
    assert parse_code("SB/C1/P") == Code("SB/C1/P", "SB", cut="C1", forfeits_as_games=True)


@pytest.mark.parametrize("text", ["TPN/R", "RTNG/R", "AOB/F"])
def test_flag_modifiers_accepted(text: str) -> None:
    code = parse_code(text)
    assert code.reverse or code.fore


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("XYZ", "unknown tie-break 'XYZ'"),
        ("SB/M1", "not allowed for SB"),
        ("WIN/C1", "not allowed for WIN"),
        ("BH/C1/C2", "repeats"),
        ("BH/Q", "unknown modifier 'Q'"),
        ("BH//C1", "cannot read"),
        ("", "empty"),
    ],
)
def test_bad_codes_are_named(text: str, message: str) -> None:
    with pytest.raises(TieBreakError, match=message):
        parse_code(text)


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("BH/C1", "Buchholz Cut-1"),
        ("BH-M2", "Buchholz Median-2"),
        ("ARO/C1", "Average Rating of Opponents Cut-1"),
        ("AOB/F", "Average of Opponents' Buchholz of Fore Buchholz"),
        ("ks/l-2", "Koya System limit -2"),
        ("SB/C1/P", "Sonneborn-Berger Cut-1 (forfeits as played)"),
        ("TPN/R", "Tournament Pairing Number (reversed)"),
        ("GE", "Rounds one Elected to Play in"),
    ],
)
def test_code_name(text: str, name: str) -> None:
    assert parse_code(text).name == name


def test_compute_standings_rejects_an_unknown_code() -> None:
    tournament = lone_strip(1, "+W2", {2: 0})
    with pytest.raises(TieBreakError, match="'BHX'"):
        compute_standings(tournament, ["BH", "BHX"])


def test_compute_standings_rejects_an_unknown_rule_edition() -> None:
    tournament = lone_strip(1, "+W2", {2: 0})
    with pytest.raises(TieBreakError, match="fide-1999"):
        compute_standings(tournament, ["BH"], rules="fide-1999")


def test_tie_break_error_is_a_value_error() -> None:
    assert issubclass(TieBreakError, ValueError)


@pytest.mark.parametrize("definition", DEFINITIONS, ids=lambda d: d.acronym)
def test_each_tiebreak_function_cites_its_acronym_and_article(definition) -> None:
    doc = definition.function.__doc__ or ""
    assert doc.split(",")[0].split()[0] == definition.acronym
    assert definition.article in doc


@pytest.mark.parametrize(
    ("definition", "modifier"),
    [(d, m) for d in DEFINITIONS for m in sorted(d.modifiers)],
    ids=lambda x: getattr(x, "acronym", x),
)
def test_each_declared_modifier_is_accepted(definition, modifier) -> None:
    token = "L-1" if modifier == "L" else modifier
    assert parse_code(f"{definition.acronym}/{token}").acronym == definition.acronym


def test_a_modifier_not_declared_is_refused() -> None:
    # KS declares only /L: the catalogue, not a separate table, decides.
    with pytest.raises(TieBreakError, match="not allowed for KS"):
        parse_code("KS/C1")


def test_the_catalogue_names_each_acronym_once() -> None:
    acronyms = [d.acronym for d in DEFINITIONS]
    assert len(acronyms) == len(set(acronyms)) == len(CATALOGUE)
