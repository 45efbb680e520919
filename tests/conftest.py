"""Shared pytest configuration.  Engine tests under tests/tiebreaks need no database."""

from config.i18n import compile_catalogues


def pytest_configure(config: object) -> None:
    # The pages render in the reader's language from the compiled catalogues
    # (build output, not in git): a fresh clone's first run compiles them.
    compile_catalogues()
