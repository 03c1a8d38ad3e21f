"""Validation over many files (in a pool of worker processes) and its progress line."""
