"""The bench's bot processes are started with the local server's token on their command line."""

from bench.bot_process import launch_arguments, parse_arguments


def test_a_token_that_begins_with_a_dash_is_not_taken_for_an_option():
    # secrets.token_urlsafe begins with "-" once in 64 tokens
    argv = launch_arguments("http://127.0.0.1:1", "-x9Tq", "db.sqlite3", "--workers", "2")
    args = parse_arguments(argv)
    assert (args.url, args.token, args.database, args.workers) == (
        "http://127.0.0.1:1",
        "-x9Tq",
        "db.sqlite3",
        2,
    )
