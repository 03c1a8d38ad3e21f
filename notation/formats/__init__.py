"""The other forms of a record: JSON and YAML data, PlayOK's numbered points, Sanmill's numbering of a set-up game."""
