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

BASE_DIR = Path(__file__).resolve().parent.parent

SECRET_KEY = os.environ.get("SECRET_KEY", "crosstable-insecure-development-key")
DEBUG = os.environ.get("DEBUG", "1") == "1"
ALLOWED_HOSTS = os.environ.get("ALLOWED_HOSTS", "127.0.0.1,localhost,testserver,*").split(",")
CSRF_TRUSTED_ORIGINS = [
    origin for origin in os.environ.get("CSRF_TRUSTED_ORIGINS", "").split(",") if origin
]

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
    "channels",
    "tournaments",
    "live",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]

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

DATABASE_URL = os.environ.get("DATABASE_URL", "")
REDIS_URL = os.environ.get("REDIS_URL", "")

DATABASES = {
    "default": dj_database_url.parse(DATABASE_URL, conn_max_age=60)
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
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

if REDIS_URL:
    CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.core.RedisChannelLayer",
            "CONFIG": {
                "hosts": [REDIS_URL],
                # Hall screens stay connected for a whole round or more.
                "group_expiry": 3 * 60 * 60,
                "capacity": 1000,
            },
        }
    }
else:
    CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}

# Celery: Redis when configured; otherwise the memory transport, served by a
# worker thread inside the web process (see live.apps).  The memory transport
# ignores the host, but kombu warns on every connection when the URL has none.
CELERY_BROKER_URL = REDIS_URL or "memory://localhost/"
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
CELERY_IN_PROCESS_WORKER = os.environ.get(
    "CELERY_IN_PROCESS_WORKER", "1" if not REDIS_URL else "0"
) == "1"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
]

LANGUAGE_CODE = "en-us"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
LOGIN_URL = "live:login"

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.TokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "DEFAULT_PAGINATION_CLASS": "rest_framework.pagination.PageNumberPagination",
    "PAGE_SIZE": 100,
}

SPECTACULAR_SETTINGS = {
    "TITLE": "Crosstable API",
    "DESCRIPTION": "Event-sourced chess tournaments with live FIDE (C.07) standings.",
    "VERSION": "0.1.0",
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
    # daphne's request log reached both Django's "django" console handler and the
    # root's, printing every request twice: it is printed here, once.
    "loggers": {
        "django.channels.server": {"handlers": ["console"], "level": "INFO", "propagate": False}
    },
}

# Swiss pairings (pairings/): a JaVaFo-compatible executable to pair through instead
# of the built-in Dutch engine, and the initial colour before round 1 shows one.
PAIRING_ENGINE = os.environ.get("PAIRING_ENGINE", "")
PAIRING_INITIAL_COLOUR = os.environ.get("PAIRING_INITIAL_COLOUR", "white1")
