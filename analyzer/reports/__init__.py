"""What a replay says about a game: the verdict of ``validate``, the analysis, claims of a draw or a win."""
