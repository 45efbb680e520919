"""Signals other apps connect to; tournaments itself never imports them."""

from django.dispatch import Signal

# Sent after a transaction that stored events commits: once per command, once
# for a whole bulk append (a TRF import).  kwargs: tournament_id (int), seq (int,
# the last event stored).
event_appended = Signal()

# Sent when a reader found a paired round without its cached verdict (the pairing
# check, ``store.pairing_check.served_check``): whoever computes verdicts queues
# their task.  kwargs: tournament_id (int).
verdicts_wanted = Signal()
