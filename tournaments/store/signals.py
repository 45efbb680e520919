"""Signals other apps connect to; tournaments itself never imports them."""

from django.dispatch import Signal

# Sent once per stored event, after its transaction commits.
# kwargs: tournament_id (int), seq (int).
event_appended = Signal()
