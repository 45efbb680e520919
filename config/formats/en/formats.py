"""English dates as chess calendars write them: 14 Mar 2026 (Django's is Mar. 14, 2026)."""

DATE_FORMAT = "j M Y"
