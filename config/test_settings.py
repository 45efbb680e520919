"""Settings for the test suite: the project's own, as deployed (DEBUG off).

The defaults are put in the environment so that the servers the tests start
(daphne, Celery workers) inherit them too.
"""

import os

os.environ.setdefault("SECRET_KEY", "crosstable-tests-only")
# The tests' servers are plain HTTP on loopback.
os.environ.setdefault("SECURE_COOKIES", "0")

from config.settings import *  # noqa: E402, F403

# The test database is created and migrated by the owner (DATABASE_URL); the
# servers the tests start connect as this role (tests/hardening).
DATABASE_APP_ROLE = "crosstable_app"
