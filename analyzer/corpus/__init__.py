"""Many games at once: the facts of each, choosing games (muehle select) and counting them (muehle stats)."""
