# Two commands for a newcomer: `make demo` and `make test`.
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
# The test suite talks to the real services (see scripts/ensure-services).
TEST_DATABASE_URL ?= postgres://postgres@127.0.0.1:5432/crosstable
TEST_REDIS_URL ?= redis://127.0.0.1:6379/0

.PHONY: install lock demo test test-fast lint bench docs-screenshots

install: $(VENV)/.installed

# The exact versions of requirements-dev.lock (hash-checked), then the project itself.
$(VENV)/.installed: requirements-dev.lock pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --require-hashes -r requirements-dev.lock
	$(PY) -m pip install --quiet --no-deps --no-build-isolation -e .
	$(PY) -m pip check  # a dependency added to pyproject.toml but not locked fails here
	$(PY) -m config.i18n  # the translations' .mo files (docs/spectators.md, Languages)
	touch $@

# After changing a range in pyproject.toml: pin it again (add LOCK_ARGS=--upgrade to
# move every pin to the newest release the ranges allow).  requirements.lock (the
# image's) is compiled from the dev pins, so both files agree on every version.
PIP_COMPILE = $(VENV)/bin/pip-compile --quiet --generate-hashes --allow-unsafe \
	--all-build-deps --strip-extras --no-emit-find-links --no-emit-index-url $(LOCK_ARGS)
lock: install
	$(PIP_COMPILE) --extra dev -o requirements-dev.lock pyproject.toml
	cp requirements-dev.lock requirements.lock
	$(PIP_COMPILE) -o requirements.lock pyproject.toml

# Embedded: SQLite, in-memory channel layer, in-process worker, demo tournament.
# The catalogues are compiled again here too: a pull may bring new translations.
demo: install
	$(PY) -m config.i18n
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
	$(VENV)/bin/mypy
	$(VENV)/bin/lint-imports

# docs/console.md's pictures: the organiser walks in Chromium (a desktop window in
# tests/live/test_browser_organiser.py, a phone in test_browser_phone_walk.py) save
# them in tests/artifacts/console-walk/.
docs-screenshots: install
	bash scripts/ensure-services
	DATABASE_URL=$(TEST_DATABASE_URL) REDIS_URL=$(TEST_REDIS_URL) $(PY) -m pytest -m browser tests/live/test_browser_organiser.py tests/live/test_browser_phone_walk.py
	mkdir -p docs/img && cp tests/artifacts/console-walk/*.png docs/img/

bench: install
	$(PY) bench/tiebreaks_bench.py
