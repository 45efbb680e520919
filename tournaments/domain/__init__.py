"""The pure domain: a tournament's state, the Berger tables, refusals.  No Django."""
