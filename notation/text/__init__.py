"""The words muehle speaks: its languages and catalogs, and the errors a user can cause, with their places."""
