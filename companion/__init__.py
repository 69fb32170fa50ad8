"""The companion: a table-state tracker for the Shadows mechanic of A Game of Thrones: The Card Game."""

__version__ = "0.1.0"
