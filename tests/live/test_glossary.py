"""The catalogues use the reviewed chess terms (live/translation_glossary.py), and
docs/translations.md shows the same glossary."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from live.translation_glossary import (
    INFORMAL,
    LANGUAGES,
    SOURCE_OF,
    SOURCES,
    TERMS,
    Term,
    excepted,
    source,
    sources,
    table,
)

from .test_i18n import catalogue

DOCS = Path(__file__).resolve().parents[2] / "docs" / "translations.md"


def strays(language: str) -> list[str]:
    """'msgid -> msgstr (term)' for each msgstr missing the glossary's word for a term
    its msgid has."""
    found = []
    for domain in ("django", "djangojs"):
        for msgid, msgstr in catalogue(language, domain).items():
            strings = [msgstr] if isinstance(msgstr, str) else list(msgstr)  # type: ignore[call-overload]
            for term in TERMS:
                if not term.in_msgid(msgid) or excepted(language, term, msgid):
                    continue
                if any(not term.in_msgstr(language, string) for string in strings):
                    found.append(f"{msgid!r} -> {strings!r} ({term.english})")
    return found


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_msgstr_uses_the_glossary_word_for_the_terms_of_its_msgid(language: str) -> None:
    assert strays(language) == []


def test_a_msgstr_without_the_glossary_word_is_found() -> None:
    bye = next(term for term in TERMS if term.english == "bye")
    assert bye.in_msgid("Bye for %(name)s in round")
    assert not bye.in_msgstr("fr", "Bye pour %(name)s à la ronde")


def test_a_placeholder_named_like_a_term_is_no_term() -> None:
    result = next(term for term in TERMS if term.english == "result")
    assert not result.in_msgid("forfeited %(result)s")


def test_a_russian_declined_form_matches_by_its_stem() -> None:
    round_ = next(term for term in TERMS if term.english == "round")
    assert round_.in_msgstr("ru", "выбыл с 3-го тура")
    assert not round_.in_msgstr("ru", "турнир")


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_msgstr_addresses_the_reader_familiarly(language: str) -> None:
    familiar = [
        string
        for domain in ("django", "djangojs")
        for msgstr in catalogue(language, domain).values()
        for string in ([msgstr] if isinstance(msgstr, str) else list(msgstr))  # type: ignore[call-overload]
        if re.search(INFORMAL[language], string, re.IGNORECASE)
    ]
    assert familiar == []


def test_the_familiar_forms_are_found() -> None:
    assert re.search(INFORMAL["it"], "Scegli il file della lista Elo.", re.IGNORECASE)
    assert re.search(INFORMAL["ru"], "Найди свою доску, ты", re.IGNORECASE)
    assert not re.search(INFORMAL["it"], "Scelga il file della lista Elo.", re.IGNORECASE)


@pytest.mark.parametrize("term", TERMS, ids=lambda term: term.english)
def test_every_term_is_found_in_some_msgid(term: Term) -> None:
    """A pattern that matches nothing would check nothing."""
    msgids = [msgid for domain in ("django", "djangojs") for msgid in catalogue("fr", domain)]
    assert any(term.in_msgid(msgid) for msgid in msgids)


def test_the_docs_show_the_glossary_and_its_sources() -> None:
    docs = DOCS.read_text(encoding="utf-8")
    assert table() in docs
    assert sources() in docs


def test_every_word_names_a_listed_source_or_says_it_has_none() -> None:
    named = {source(language, term) for term in TERMS for language in LANGUAGES}
    assert named <= set(SOURCES) | {"?", "general"}
    assert {english for _, english in SOURCE_OF} <= {term.english for term in TERMS}
