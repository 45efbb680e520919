"""Compile the translation catalogues (live/locale/*/LC_MESSAGES/*.po) into the .mo
files Django reads, in pure Python (Babel), so a fresh clone needs no GNU gettext:
`python -m config.i18n`, run by `make install`, the Docker build and the test run.

The .po files are the source, kept in git; the .mo files are build output.
A .mo newer than its .po is left alone.
"""

from __future__ import annotations

import sys
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

PROJECT = Path(__file__).resolve().parent.parent
LOCALE_DIR = PROJECT / "live" / "locale"


def compile_catalogues(locale_dir: Path = LOCALE_DIR) -> list[Path]:
    """Write each stale .mo beside its .po; the ones written."""
    written = []
    for po in sorted(locale_dir.glob("*/LC_MESSAGES/*.po")):
        mo = po.with_suffix(".mo")
        if mo.exists() and mo.stat().st_mtime >= po.stat().st_mtime:
            continue
        with po.open("rb") as source:
            catalog = read_po(source, locale=po.parent.parent.name)
        with mo.open("wb") as target:
            write_mo(target, catalog)
        written.append(mo)
    return written


if __name__ == "__main__":
    for path in compile_catalogues():
        print(f"compiled {path.relative_to(PROJECT)}", file=sys.stderr)
