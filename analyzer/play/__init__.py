"""Games played rather than read: random legal games under a ruleset."""
