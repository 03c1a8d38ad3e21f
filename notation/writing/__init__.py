"""Writing records as text: the book's notation, Sanmill's PGN and PlayOK's numbered points."""
