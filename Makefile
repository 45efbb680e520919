# Two commands for a newcomer: `make demo` and `make test`.
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
# The test suite talks to the real services (see scripts/ensure-services).
TEST_DATABASE_URL ?= postgres://postgres@127.0.0.1:5432/crosstable
TEST_REDIS_URL ?= redis://127.0.0.1:6379/0

.PHONY: install demo test test-fast lint bench

install: $(VENV)/.installed

$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $@

# Embedded: SQLite, in-memory channel layer, in-process worker, demo tournament.
demo: install
	env -u DATABASE_URL -u REDIS_URL DEBUG=1 $(PY) manage.py demo

test: lint
	bash scripts/ensure-services
	DATABASE_URL=$(TEST_DATABASE_URL) REDIS_URL=$(TEST_REDIS_URL) $(PY) -m pytest

# While developing: no browser, no real Celery worker (the pytest markers), same services.
test-fast: lint
	bash scripts/ensure-services
	DATABASE_URL=$(TEST_DATABASE_URL) REDIS_URL=$(TEST_REDIS_URL) $(PY) -m pytest -m "not browser and not worker"

# Run by `make test` (so by CI) before the suite.
lint: install
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .

bench: install
	$(PY) bench/tiebreaks_bench.py
