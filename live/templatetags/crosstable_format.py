"""Numbers as chess players write them: 3½, +12.4."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date
from fractions import Fraction

from django import template

register = template.Library()


@register.filter
def points(value: Fraction | int | None) -> str:
    """3½ for 7/2, ½ for 1/2; other fractions (3-1-0 scoring has none) to two places."""
    if value is None:
        return "–"
    value = Fraction(value)
    whole, rest = divmod(value, 1)
    if rest == 0:
        return str(whole)
    if rest == Fraction(1, 2):
        return f"{whole or ''}½"
    return f"{float(value):.2f}"


@register.filter
def signed(value: Fraction | None, places: int = 1) -> str:
    """+12.4 / −3.0 (a real minus sign); – when there is nothing."""
    if value is None:
        return "–"
    text = f"{float(value):+.{places}f}"
    return text.replace("-", "−")


@register.filter
def day(iso: str | None) -> str:
    """2026-03-14 as 14 Mar 2026; – when unknown."""
    if not iso:
        return "–"
    return date.fromisoformat(iso).strftime("%-d %b %Y")


@register.filter
def of(mapping: dict, key: object) -> object:
    """``mapping[key]``, "" when absent: {{ prizes|of:row.player.start_rank }}."""
    return mapping.get(key, "")


@register.filter
def zip_with(first: Iterable[object], second: Iterable[object]) -> list[tuple[object, object]]:
    """Pairs of the two sequences: {% for a, b in before|zip_with:after %}."""
    return list(zip(first, second, strict=True))
