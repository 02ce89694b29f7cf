"""Daily puzzles for a server: the calendar, the scoring, the store and the scheduler."""
