"""The playground: the real bot against the built-in local Discord-compatible server
(localdiscord), with a web page on 127.0.0.1 where members type slash commands, press
buttons, fill in text boxes and move the daily clock. `puzzlebot playground` (or `make run`
without a token) starts it; runner.py puts the parts together, web.py is the page's server,
composer.py reads what a member types, static/ is the page itself (no build step)."""
