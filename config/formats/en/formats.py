"""English dates as chess calendars write them: 14 Mar 2026, 14 Mar 2026, 18:05 (Django's
are Mar. 14, 2026 and Mar. 14, 2026, 6:05 p.m.)."""

DATE_FORMAT = "j M Y"
DATETIME_FORMAT = "j M Y, H:i"
