"""Events: an organiser's tournament around ordinary games (issue 15)."""
