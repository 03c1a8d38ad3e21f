"""The record of a game as written (tags, plies, comments, variations), and the builders readers tell it to."""
