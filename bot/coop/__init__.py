"""Co-op puzzles: a server fills in one cryptogram or codeword together in a thread.

fill (the rules of a shared fill-in), store (the games and their letters in the database),
game (the service the cog calls), edits (coalescing the board's redraws within Discord's
rate limits).
"""
