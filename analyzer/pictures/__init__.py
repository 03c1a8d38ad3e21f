"""Positions shown: FEN strings, text diagrams, SVG boards and the HTML viewer."""
