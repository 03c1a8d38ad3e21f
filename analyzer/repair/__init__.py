"""From an illegal record to the game that was played: the slips a scorekeeper makes
(:mod:`~muehle.analyzer.repair.slips`), the search for the cheapest ones whose undoing makes
the record legal (:mod:`~muehle.analyzer.repair.search`), and slips put into legal games to
test it (:mod:`~muehle.analyzer.repair.inject`)."""
