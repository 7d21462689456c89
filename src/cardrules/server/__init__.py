"""A game server for cardrules: rooms that people join from a browser, kept in a store (extra ``server``)."""
