"""Italian dates with the month in lower case and the day unpadded: 1 maggio 2026, as
Italian writes them (Django's are 01 Maggio 2026).  ``E`` is the month name in the
"alt. month" context, which live/locale/it gives in lower case; Django's own Italian
catalogue capitalises both that and ``F``, and no format character lowers a name."""

DATE_FORMAT = "j E Y"
DATETIME_FORMAT = "j E Y, H:i"
