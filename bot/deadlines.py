"""How long the bot gives a job before stopping it, by default: in one small module so that
the command line, which honours the same deadlines, starts without loading the config code.
bot/config.py makes them settable ([workers] deadline_seconds, generate_deadline_seconds)."""

SOLVE_SECONDS = 10.0  # a solve, check or hint, with its picture
GENERATE_SECONDS = 60.0  # a new puzzle, with its picture
