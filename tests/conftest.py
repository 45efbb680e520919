"""Shared pytest configuration.  Engine tests under tests/tiebreaks need no database."""
