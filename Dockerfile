FROM python:3.11-slim
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1
WORKDIR /app
# The pinned, hash-checked dependencies first: this layer is rebuilt only when the lock changes.
COPY requirements.lock ./
RUN pip install --no-cache-dir --require-hashes -r requirements.lock
COPY pyproject.toml README.md ./
COPY config ./config
COPY tiebreaks ./tiebreaks
COPY tournaments ./tournaments
COPY live ./live
COPY pairings ./pairings
COPY manage.py ./
RUN pip install --no-cache-dir --no-deps --no-build-isolation . \
    && python manage.py collectstatic --noinput \
    && useradd --system --no-create-home crosstable
# Web, worker and beat need to write nothing under /app (beat's schedule is in /tmp).
USER crosstable
EXPOSE 8000
CMD ["daphne", "-b", "0.0.0.0", "-p", "8000", "--websocket_timeout", "86400", "config.asgi:application"]
