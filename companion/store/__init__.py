"""Persistence: one SQLite file (sqlite-utils) holding games and their append-only, hash-chained logs."""
