"""Reading the book's notation and PGN: inputs decoded and cut into games, the grammar, its parser and the fast reader."""
