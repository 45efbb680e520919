"""Django settings for Crosstable.

Everything that differs between a newcomer's laptop and production comes from
the environment.  With neither ``DATABASE_URL`` nor ``REDIS_URL`` set the
project runs embedded: SQLite, the in-memory channel layer and a Celery worker
inside the web process (memory broker).  With them set it uses the real
PostgreSQL and Redis.
"""

import os
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent

DATABASE_URL = os.environ.get("DATABASE_URL", "")
REDIS_URL = os.environ.get("REDIS_URL", "")
# Embedded (neither service configured) is the local demo; anything else is a
# deployment, where DEBUG is off unless asked for.
EMBEDDED_DEMO = not DATABASE_URL and not REDIS_URL
DEBUG = os.environ.get("DEBUG", "1" if EMBEDDED_DEMO else "0") == "1"
SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured("SECRET_KEY must be set when DEBUG is off (DEBUG=1 to develop)")
    SECRET_KEY = "crosstable-insecure-development-key"
ALLOWED_HOSTS = [
    host for host in os.environ.get("ALLOWED_HOSTS", "127.0.0.1,localhost").split(",") if host
]
if "*" in ALLOWED_HOSTS and not DEBUG:
    raise ImproperlyConfigured("ALLOWED_HOSTS must name the hosts served, not '*'")
CSRF_TRUSTED_ORIGINS = [
    origin for origin in os.environ.get("CSRF_TRUSTED_ORIGINS", "").split(",") if origin
]
# Behind HTTPS (a proxy that sets X-Forwarded-Proto) cookies travel over HTTPS only.
# Browsers accept secure cookies from http://localhost too; SECURE_COOKIES=0 for
# a deployment served over plain HTTP elsewhere.
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SESSION_COOKIE_SECURE = CSRF_COOKIE_SECURE = (
    os.environ.get("SECURE_COOKIES", "0" if DEBUG else "1") == "1"
)

INSTALLED_APPS = [
    "daphne",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "drf_spectacular_sidecar",  # Swagger UI served from here: /api/docs/ works offline
    "channels",
    "axes",
    "tournaments",
    "live",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "config.csp.ContentSecurityPolicyMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # The language: the switcher's cookie, else the browser's Accept-Language.
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    # A tournament whose event log cannot be folded: 409 naming the event, logged once.
    "tournaments.middleware.UnreadableLogMiddleware",
    # Last: it turns a locked-out sign-in into the lockout answer (429).
    "axes.middleware.AxesMiddleware",
]

# Scripts, styles, images, fonts and connections (the websocket too) from the
# site only; images may also be data: URLs (the admin's and Swagger UI's icons).
CONTENT_SECURITY_POLICY = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "connect-src 'self'",
        "img-src 'self' data:",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)

ROOT_URLCONF = "config.urls"
ASGI_APPLICATION = "config.asgi.application"
WSGI_APPLICATION = "config.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

# At most this many PostgreSQL connections per process (web or worker): daphne
# runs each request in a thread of its own, and persistent per-thread
# connections piled up until the server refused clients.  Requests beyond it
# wait for a free connection (up to DATABASE_POOL_TIMEOUT s, then 500).
# 0: no pool, a connection per request, closed after it.
DATABASE_POOL_MAX = int(os.environ.get("DATABASE_POOL_MAX", "20"))
DATABASE_POOL_TIMEOUT = float(os.environ.get("DATABASE_POOL_TIMEOUT", "20"))
DATABASES = {
    "default": dj_database_url.parse(DATABASE_URL)
    if DATABASE_URL
    else {
        "ENGINE": "django.db.backends.sqlite3",
        "NAME": os.environ.get("SQLITE_PATH", str(BASE_DIR / "db.sqlite3")),
        # The web process and the in-process worker write concurrently: a deferred
        # transaction that reads then writes fails at once with "database is locked";
        # an immediate one waits for the lock.
        "OPTIONS": {"transaction_mode": "IMMEDIATE", "timeout": 20},
    }
}
if DATABASE_URL and DATABASE_POOL_MAX > 0:
    # Django's backend with a direct first connection: a wrong DATABASE_URL fails at
    # once with PostgreSQL's reason instead of a PoolTimeout after the timeout.
    DATABASES["default"]["ENGINE"] = "config.postgresql"
    DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {
        "min_size": 1,
        "max_size": DATABASE_POOL_MAX,
        "timeout": DATABASE_POOL_TIMEOUT,
    }
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
# The role web and worker processes connect as (DATABASE_URL of theirs): after
# each migration (run as the tables' owner) it is granted SELECT and INSERT only
# on the event table (tournaments.store.db_roles), and created if missing.
DATABASE_APP_ROLE = os.environ.get("DATABASE_APP_ROLE", "")
DATABASE_APP_PASSWORD = os.environ.get("DATABASE_APP_PASSWORD", "")

if REDIS_URL:
    # The pub/sub layer: each web process keeps one subscription, which redis-py
    # re-establishes by itself after a Redis restart, and it never blocks on a
    # pop (the list-based layer's 5 s BZPOPMIN equalled redis-py 8's default 5 s
    # socket timeout, so every idle consumer died with "Timeout reading").
    CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
            "CONFIG": {"hosts": [REDIS_URL]},
        }
    }
else:
    CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}

# The cache holds what every process must agree on: the pending-recomputation flags
# (live.pending), the counts of bad API tokens (config.api) and the unreadable
# logs already reported (tournaments.store.unreadable).  Local
# memory only in the embedded demo, where web and worker are one process.
if REDIS_URL:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": "crosstable",
        }
    }
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

# Celery: Redis when configured; otherwise the memory transport, served by a
# worker thread inside the web process (see live.apps).  The memory transport
# ignores the host, but kombu warns on every connection when the URL has none.
CELERY_BROKER_URL = REDIS_URL or "memory://localhost/"
if REDIS_URL:
    CELERY_BROKER_TRANSPORT = "config.broker:Transport"  # survives Redis restarts
CELERY_RESULT_BACKEND = None
# acks_late: a worker node killed mid-task leaves the message to another (the
# broker redelivers it).  A pool child that dies on a task (say, killed for its
# memory) is not redelivered, or the same task would kill every worker in turn;
# the next event or standings request queues the recomputation again.
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = False
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_IGNORE_RESULT = True
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
# The pairing verdicts (seconds of engine per round at 2,000 players) have a queue
# of their own, served by workers of their own (docker-compose's `verdicts`), so
# that no standings recomputation ever waits behind one.
CELERY_TASK_ROUTES = {"live.tasks.compute_pairing_verdicts": {"queue": "verdicts"}}
TASK_QUEUES = ("celery", "verdicts")  # what a worker serving everything consumes
# Celery beat (docker-compose's beat service) queues a recomputation for every
# tournament whose snapshot is behind its events this often.
STANDINGS_SWEEP_SECONDS = float(os.environ.get("STANDINGS_SWEEP_SECONDS", "10"))
CELERY_BEAT_SCHEDULE = {
    "sweep-stale-standings": {
        "task": "live.tasks.sweep_stale_standings",
        "schedule": STANDINGS_SWEEP_SECONDS,
    }
}
CELERY_IN_PROCESS_WORKER = (
    os.environ.get("CELERY_IN_PROCESS_WORKER", "1" if not REDIS_URL else "0") == "1"
)

# Request bodies: daphne refuses larger ones with 413 before reading them
# (config.server); a 9,999-player TRF is about 2 MB.  Without credentials a body
# may not exceed ANONYMOUS_BODY_BYTES (401 before reading it).
MAX_REQUEST_BODY_BYTES = int(os.environ.get("MAX_REQUEST_BODY_BYTES", str(4 * 1024 * 1024)))
ANONYMOUS_BODY_BYTES = 64 * 1024
DATA_UPLOAD_MAX_MEMORY_SIZE = MAX_REQUEST_BODY_BYTES

# FIDE's rating list as downloaded from ratings.fide.com (TXT, XML or zip), searched by
# the registration page when the organiser gives no file (the world list is larger
# than a request may be); empty: none on the server.
FIDE_RATING_LIST = os.environ.get("FIDE_RATING_LIST", "")

# Sign-in forms (the organisers' and the admin's): after AXES_FAILURE_LIMIT
# failed attempts for one username from one address, that pair is locked out
# (429) for AXES_COOLOFF_TIME hours.  The API's tokens: config.api.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_FAILURE_LIMIT = 5
AXES_COOLOFF_TIME = 0.25
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
# Bad API tokens (config.api): a token refused TOKEN_FAILURE_LIMIT times within the
# window is refused (429) for the rest of it, and so is every token from an address
# that presented TOKEN_FAILURE_LIMIT_PER_ADDRESS bad ones.
TOKEN_FAILURE_LIMIT = 10
TOKEN_FAILURE_LIMIT_PER_ADDRESS = 200
TOKEN_FAILURE_WINDOW_SECONDS = 60

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
]

LANGUAGE_CODE = "en"
# The public pages' languages (docs/spectators.md); catalogues in live/locale/,
# compiled by `python -m config.i18n` (make install, the Docker build, the test run).
LANGUAGES = [
    ("en", "English"),
    ("fr", "Français"),
    ("de", "Deutsch"),
    ("es", "Español"),
    ("it", "Italiano"),
    ("ru", "Русский"),
]
TIME_ZONE = "UTC"
USE_I18N = True
# Dates in each language's own long form (14 mars 2026, 14. März 2026); English's here.
FORMAT_MODULE_PATH = ["config.formats"]
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
LOGIN_URL = "live:login"

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "config.api.ThrottledTokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "DEFAULT_PARSER_CLASSES": [
        "config.api.JSONParser",
        "rest_framework.parsers.FormParser",
        "rest_framework.parsers.MultiPartParser",
    ],
    "DEFAULT_METADATA_CLASS": "config.api.Metadata",
    "DEFAULT_PAGINATION_CLASS": "rest_framework.pagination.PageNumberPagination",
    "PAGE_SIZE": 100,
    # Anyone may ask "what if" (POST, nothing stored): per address.
    # A player's or captain's private link (live.private_pages): per link.
    "DEFAULT_THROTTLE_RATES": {
        "what_if": os.environ.get("WHAT_IF_RATE", "30/min"),
        "private_link": os.environ.get("PRIVATE_LINK_RATE", "30/min"),
    },
}

# The public event feed (live.feed): a stream reads the log when told of new events,
# and after this long without being told (an announcement lost); and how long it
# stays open before the client reconnects (resuming from Last-Event-ID).
FEED_SAFETY_READ_SECONDS = float(os.environ.get("FEED_SAFETY_READ_SECONDS", "30"))
FEED_STREAM_SECONDS = float(os.environ.get("FEED_STREAM_SECONDS", "300"))

SPECTACULAR_SETTINGS = {
    "TITLE": "Crosstable API",
    "DESCRIPTION": "Event-sourced chess tournaments with live FIDE (C.07) standings.",
    "VERSION": "0.1.0",
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    # Two choice sets named "result": a board's result and a whole match's forfeit;
    # a pairing verdict's "status" is named for what it is.
    "ENUM_NAME_OVERRIDES": {
        "BoardResultEnum": "tournaments.domain.state.RESULTS",
        "MatchForfeitEnum": "tournaments.domain.teams.MATCH_FORFEITS",
        "VerdictStatusEnum": "tournaments.api.serializers.VERDICT_STATUSES",
    },
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
    # daphne's request log reached both Django's "django" console handler and the
    # root's, printing every request twice: it is printed here, once.
    "loggers": {
        "django.channels.server": {"handlers": ["console"], "level": "INFO", "propagate": False},
        # A 4xx is in daphne's request log already; django.request logged it a second
        # time ("Not Found: ..."). It still logs every 5xx, with the traceback.
        "django.request": {"level": "ERROR"},
    },
}

# Swiss pairings (pairings/): a JaVaFo-compatible executable to pair through instead
# of the built-in Dutch engine, and the initial colour before round 1 shows one.
PAIRING_ENGINE = os.environ.get("PAIRING_ENGINE", "")
PAIRING_INITIAL_COLOUR = os.environ.get("PAIRING_INITIAL_COLOUR", "white1")
