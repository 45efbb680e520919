"""Date formats that differ from Django's for a language (FORMAT_MODULE_PATH)."""
