"""The event store's side: the event registry, the commands that append events,
the state cache and the read queries other apps use."""
