"""The folder shows the pipeline: tournaments/domain is pure Python (no Django, and
nothing from the store or the API above it)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

DOMAIN = Path(__file__).resolve().parents[2] / "tournaments" / "domain"
FORBIDDEN = ("django", "rest_framework", "channels", "celery", "tournaments.", "live")


def imported_modules(path: Path) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.add(node.module)
        elif isinstance(node, ast.ImportFrom) and node.level > 1:
            found.add("tournaments." + (node.module or ""))  # reaching above domain/
    return found


@pytest.mark.parametrize("path", sorted(DOMAIN.glob("*.py")), ids=lambda p: p.name)
def test_the_domain_imports_no_framework_and_nothing_above_it(path: Path) -> None:
    bad = sorted(m for m in imported_modules(path) if m.startswith(FORBIDDEN))
    assert bad == []


def test_the_layout_check_sees_the_domain_modules() -> None:
    assert {p.name for p in DOMAIN.glob("*.py")} >= {"state.py", "berger.py", "errors.py"}
    assert "django.db" in imported_modules(DOMAIN.parent / "models.py")
