"""Perfect play in small endgames after the placing phase (needs numpy: ``pip install 'muehle[endgames]'``).

Tables of the value of every position with no stones in hand and three to four
stones a side, solved by retrograde analysis under the rule settings that change
values (:mod:`~muehle.analyzer.endgames.settings`). See ``docs/endgames.md``.
"""
