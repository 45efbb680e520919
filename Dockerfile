FROM python:3.11-slim
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1
WORKDIR /app
COPY pyproject.toml README.md ./
COPY config ./config
COPY tiebreaks ./tiebreaks
COPY tournaments ./tournaments
COPY live ./live
COPY manage.py ./
RUN pip install --no-cache-dir . && python manage.py collectstatic --noinput
EXPOSE 8000
CMD ["daphne", "-b", "0.0.0.0", "-p", "8000", "--websocket_timeout", "86400", "config.asgi:application"]
