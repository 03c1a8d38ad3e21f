"""The terminals of ``grammars/muehle.lark``, written out by ``python -m muehle.notation.reading.write_terminals``.

Generated: do not edit. ``tests/notation/test_terminals.py`` checks it against the grammar.
"""

from muehle.notation.reading.terminals import Terminal

#: The regular expression flags of the grammar.
FLAGS = 0

#: The terminals, in the order of lark's basic lexer.
TERMINALS = [
    Terminal(name='PLY', regexp='(?:(?:[0-9]+[ \t]*(?:\\.\\.\\.|…|\\.(?:[ \t]*(?:\\.\\.\\.|…|-))?)[ \t]*)?(?:[agAG][147]|[bfBF][246]|[ceCE][345]|[dD][123567])(?:[-–—](?:[agAG][147]|[bfBF][246]|[ceCE][345]|[dD][123567]))?|[0-9]+[ \t]*(?:\\.\\.\\.|…|\\.(?:[ \t]*(?:\\.\\.\\.|…|-))?)[ \t]*[xX](?:[agAG][147]|[bfBF][246]|[ceCE][345]|[dD][123567]))(?:(?:\\/|[ \t]+|[!?][!?]?[ \t]*)?[xX×:][ \t]*(?:[agAG][147]|[bfBF][246]|[ceCE][345]|[dD][123567]))*', priority=0, max_width=None, length=386),
    Terminal(name='TAG', regexp='\\[[ \t]*[A-Za-z0-9_]+[ \t]+"[^"\\\\\r\n]*(?:(?=(?P<tag_escapes>(?:\\\\["\\\\][^"\\\\\r\n]*){1,1000}))(?P=tag_escapes))*"[ \t]*\\]', priority=0, max_width=None, length=113),
    Terminal(name='NUMBER', regexp='[0-9]+[ \t]*(?:\\.\\.\\.|…|\\.(?:[ \t]*(?:\\.\\.\\.|…|-))?)', priority=0, max_width=None, length=50),
    Terminal(name='COMMENT', regexp='\\{[^}]*\\}|;[^\n]*', priority=0, max_width=None, length=16),
    Terminal(name='NAG', regexp='\\$[0-9]+', priority=0, max_width=None, length=8),
    Terminal(name='WS', regexp='\\s+', priority=0, max_width=None, length=3),
    Terminal(name='RESULT', regexp='1-0|0-1|1\\/2-1\\/2|½-½|\\*', priority=0, max_width=7, length=24),
    Terminal(name='OFFER', regexp='\\(=\\)', priority=0, max_width=3, length=3),
    Terminal(name='ANNOTATION', regexp='[!?][!?]?', priority=0, max_width=2, length=9),
    Terminal(name='COMMA', regexp=',', priority=0, max_width=1, length=1),
    Terminal(name='LPAR', regexp='\\(', priority=0, max_width=1, length=1),
    Terminal(name='RPAR', regexp='\\)', priority=0, max_width=1, length=1),
]
