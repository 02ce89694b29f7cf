from __future__ import annotations

import itertools
import pickle
import random

import pytest

from puzzles import PuzzleError, get_kind
from puzzles.letterboxed import Board, check, generate, hint, parse, solve
from puzzles.letterboxed.rules import LetterBoxedHint
from puzzles.letterboxed.words import playable_words
from puzzles.lexicon import Lexicon, Tier, lexicon

# --- an independent referee, written from the rules, to check the solver against -----------


def follows_rules(board: Board, words: tuple[str, ...]) -> bool:
    side = board.side_of
    for word in words:
        if len(word) < 3 or any(ch not in side for ch in word):
            return False
        if any(side[a] == side[b] for a, b in itertools.pairwise(word)):
            return False
    chained = all(a[-1] == b[0] for a, b in itertools.pairwise(words))
    return chained and set("".join(words)) == set(board.letters)


def brute_force_two_word_solutions(board: Board, words: list[str]) -> set[tuple[str, str]]:
    return {
        (a, b)
        for a in words
        for b in words
        if a != b and a[-1] == b[0] and follows_rules(board, (a, b))
    }


def brute_force_fewest(board: Board, words: list[str], limit: int) -> int | None:
    """Breadth-first over (last letter, letters used) with every word; no pruning at all.
    Letter sets are bits of an int (bit i: the board's i-th letter)."""
    bit = {letter: 1 << index for index, letter in enumerate(board.letters)}
    everything = (1 << len(bit)) - 1
    steps: dict[str, set[tuple[str, int]]] = {}  # first letter -> (last letter, letters)
    for word in words:
        if follows_rules_word(board, word):
            steps.setdefault(word[0], set()).add((word[-1], sum({bit[ch] for ch in word})))
    layer = {step for group in steps.values() for step in group}
    for count in range(1, limit + 1):
        if any(used == everything for _, used in layer):
            return count
        layer = {(end, used | more) for last, used in layer for end, more in steps.get(last, ())}
    return None


def follows_rules_word(board: Board, word: str) -> bool:
    side = board.side_of
    return (
        len(word) >= 3
        and all(ch in side for ch in word)
        and all(side[a] != side[b] for a, b in itertools.pairwise(word))
    )


def fixture_board(puzzle: dict) -> Board:
    if "sides" in puzzle:
        return parse(" ".join(puzzle["sides"]))
    letters = puzzle["letters_ccw_from_top_left"]
    return parse(" ".join(letters[i : i + 3] for i in range(0, 12, 3)))


# --- parsing --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text", ["vro wal eth bdi", "VRO/WAL/ETH/BDI", "vro,wal,eth,bdi", "  Vro, Wal / eth  bdi "]
)
def test_parse_accepts_the_ways_people_type_a_box(text):
    assert parse(text).sides == ("vro", "wal", "eth", "bdi")


def test_parse_accepts_any_number_of_sides_and_uneven_sides():
    assert parse("ab cd ef").shape == "3x2"
    assert parse("abcd efgh ijkl mnop qrst uvwx").shape == "6x4"
    assert parse("abc de f").shape == "3-2-1"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("vro wal eth bdo", "the letter O appears twice (sides 1 and 4)"),
        ("vro wal et4 bdi", "side 3 (ET4) contains '4'"),
        ("vro", "at least 3 sides, but I found 1"),
        ("vro wal", "at least 3 sides, but I found 2"),
        ("", "type the letters of each side"),
        ("vro waa eth bdi", "the letter A appears twice (side 2)"),
        ("vro wal eth bd!", "contains '!'"),
        ("vrowalk ethbdi xyzq", "side 1 (VROWALK) has 7 letters; at most 6 fit on a side"),
    ],
)
def test_parse_rejects_bad_boxes_with_a_message_a_player_can_act_on(text, expected):
    with pytest.raises(PuzzleError) as caught:
        parse(text)
    assert expected in caught.value.message
    assert "Example: vro wal eth bdi" in caught.value.message


def test_values_cross_a_process_boundary_unchanged():
    board = parse("vro wal eth bdi")
    assert board.side_of["v"] == 0  # fills the cached property: it must not leak into the pickle
    solution = solve(board)
    assert pickle.loads(pickle.dumps(board)) == board
    assert pickle.loads(pickle.dumps(solution)) == solution


# --- solving ----------------------------------------------------------------------------------


def test_nyt_day_dictionary_gives_exactly_nyts_19_two_word_solutions(nyt_gamedata):
    board = parse(" ".join(nyt_gamedata["sides"]))
    words = [w.lower() for w in nyt_gamedata["dictionary"]]
    day = Lexicon.from_words(words)
    solution = solve(board, max_words=2, dictionary=day)
    referee = brute_force_two_word_solutions(board, words)
    assert len(referee) == 19
    assert solution.fewest_words == 2
    assert solution.two_word_count == 19
    found = {solution.words, *solution.alternatives}
    assert found <= referee
    assert tuple(w.lower() for w in nyt_gamedata["ourSolution"]) in referee


def test_solver_proves_the_same_minimum_as_brute_force_on_random_boxes(nyt_gamedata):
    # The NYT day list is small enough for an unpruned breadth-first referee.
    words = [w.lower() for w in nyt_gamedata["dictionary"]]
    day = Lexicon.from_words(words)
    rng = random.Random(5)
    letters = sorted(set("".join(words)))
    checked = 0
    for _ in range(12):
        chosen = rng.sample(letters, 12)
        board = Board(tuple("".join(chosen[i : i + 3]) for i in range(0, 12, 3)))
        expected = brute_force_fewest(board, words, limit=4)
        solution = solve(board, max_words=4, dictionary=day)
        assert solution.fewest_words == expected, board.text()
        if expected is not None:
            checked += 1
            assert follows_rules(board, solution.words)
            assert len(solution.words) == expected
    assert checked >= 3


def test_seed_puzzle_solves_in_two_common_looking_words():
    board = parse("vro wal eth bdi")
    solution = solve(board)
    assert solution.fewest_words == 2
    assert follows_rules(board, solution.words)
    for words in solution.alternatives:
        assert follows_rules(board, words) and len(words) == 2
    assert solution.solution_count == solution.two_word_count >= 1 + len(solution.alternatives)
    # Ranked most common first: the rarest word of the best answer is at least as common
    # as the rarest word of every alternative.
    zipf = lexicon().zipf
    best = min(zipf(w) for w in solution.words)
    assert all(best >= min(zipf(w) for w in words) for words in solution.alternatives)


def test_nyt_fixtures_solve_no_longer_than_the_published_answers(nyt_fixtures):
    for puzzle in nyt_fixtures:
        board = fixture_board(puzzle)
        known = puzzle.get("nyt_solution") or puzzle.get("known_solution")
        solution = solve(board, max_words=puzzle.get("max_words", 6), tier="large")
        assert solution.fewest_words is not None, puzzle["date"]
        assert follows_rules(board, solution.words), puzzle["date"]
        if known:
            known = tuple(w.lower() for w in known)
            assert follows_rules(board, known), puzzle["date"]
            # SCOWL 2020 predates some NYT words (DOWNVOTING): compare only where we know them.
            if all(w in lexicon() for w in known):
                assert solution.fewest_words <= len(known), puzzle["date"]


def test_three_word_box_ranks_the_commonest_answer_first():
    # With common words only, VRO WAL ETH BDI needs three words; the list is small
    # enough (fewer moves than the first ranking round) for the referee.
    board = parse("vro wal eth bdi")
    playable = sorted(playable_words(board, lexicon(), Tier.COMMON))
    day = Lexicon.from_words(playable, {w: lexicon().zipf(w) for w in playable})
    solution = solve(board, dictionary=day)
    assert solution.fewest_words == brute_force_fewest(board, playable, limit=6) == 3
    assert solution.ranking_complete
    ranked = [solution.words, *solution.alternatives]
    assert len(ranked) == 10
    assert all(follows_rules(board, words) and len(words) == 3 for words in ranked)
    rarest = [min(lexicon().zipf(w) for w in words) for words in ranked]
    assert rarest == sorted(rarest, reverse=True)
    # No three-word answer outside the top ten has a commoner rarest word.
    starting = {letter: [w for w in playable if w[0] == letter] for letter in board.letters}
    everything = set(board.letters)
    referee_best = max(
        min(lexicon().zipf(w) for w in (a, b, c))
        for a in playable
        for b in starting[a[-1]]
        for c in starting[b[-1]]
        if set(a) | set(b) | set(c) == everything
    )
    assert rarest[0] == referee_best


def test_first_one_word_solve_is_found():
    board = fixture_board({"letters_ccw_from_top_left": "GIYERCPOLAHX"})
    solution = solve(board, tier="large")
    assert solution.fewest_words == 1
    assert "lexicography" in {solution.words[0], *(w[0] for w in solution.alternatives)}


def test_max_words_limit_reports_no_solution_within_that_many_words():
    board = parse("vro wal eth bdi")
    solution = solve(board, max_words=1)
    assert solution.fewest_words is None
    assert solution.words == ()
    assert "No solution within 1 word" in solution.text()


def test_box_with_a_letter_no_word_can_use_says_which_letter():
    solution = solve(parse("qxz jvk wfy"))
    assert solution.fewest_words is None
    assert "no standard word can use" in solution.text()


def test_six_sided_box_is_solved_optimally_against_brute_force():
    board = parse("ab ce di lo nr st")
    day_words = sorted(playable_words(board, lexicon(), Tier.COMMON))
    day = Lexicon.from_words(day_words)
    expected = brute_force_fewest(board, day_words, limit=4)
    solution = solve(board, max_words=4, dictionary=day)
    assert solution.fewest_words == expected
    if expected:
        assert follows_rules(board, solution.words)


# --- checking answers ------------------------------------------------------------------------


def test_check_accepts_a_correct_answer():
    board = parse("vro wal eth bdi")
    solution = solve(board)
    verdict = check(board, " ".join(solution.words).upper())
    assert verdict.solved, verdict.text()
    assert verdict.problems == ()


def test_check_reports_every_rule_broken_not_just_the_first():
    board = parse("vro wal eth bdi")
    verdict = check(board, "driveboat tow wow")
    assert not verdict.solved
    text = verdict.text()
    assert "DRIVEBOAT is not in the word list" in text
    assert "WOW must start with W" not in text  # TOW ends in W: that link is fine
    assert "WOW is not" not in text
    verdict = check(board, "bow, tidal")
    text = verdict.text()
    assert "TIDAL must start with W, the last letter of BOW" in text
    assert "letters not used yet:" in text and "R" in text.split("letters not used yet:")[1]
    verdict = check(board, "tea")
    assert "TEA goes from T to E, both on side ETH" in verdict.text()


def test_check_rejects_malformed_answers_clearly():
    board = parse("vro wal eth bdi")
    with pytest.raises(PuzzleError, match="contains '3'"):
        check(board, "bo3t")
    verdict = check(board, "   ")
    assert not verdict.solved and "no words given" in map(str, verdict.problems)


# --- hints -----------------------------------------------------------------------------------


def test_hint_names_the_start_and_length_of_a_useful_next_word():
    board = parse("vro wal eth bdi")
    text = hint(board).text()
    assert text.startswith(("Try a ", "Try an "))
    letter = text.split("starting with ")[1][0]
    assert letter.lower() in board.letters


def test_hint_continues_from_the_players_words_and_points_out_mistakes():
    board = parse("vro wal eth bdi")
    first = solve(board).words[0]
    text = hint(board, first).text()
    assert f"starting with {first[-1].upper()}" in text
    assert "Fix your words first" in str(hint(board, "tea"))


# --- generating ------------------------------------------------------------------------------


def test_generate_is_deterministic_for_a_seed_and_varies_between_seeds():
    first = generate(random.Random(7))
    assert generate(random.Random(7)) == first
    others = {generate(random.Random(seed)).sides for seed in range(8, 12)}
    assert len(others) > 1


@pytest.mark.parametrize("difficulty", ["easy", "medium", "hard"])
def test_generated_box_has_a_two_word_answer_in_common_words(difficulty):
    board = generate(random.Random(11), difficulty)
    assert board.shape == "4x3"
    assert len(set(board.letters)) == 12
    solution = solve(board, max_words=2, tier="common")
    assert solution.fewest_words is not None and solution.fewest_words <= 2
    assert all(lexicon().tier_of(w) == Tier.COMMON for w in solution.words)
    assert board.par in (4, 5, 6)
    assert parse(board.text()).sides == board.sides


def test_generate_rejects_an_unknown_difficulty():
    with pytest.raises(PuzzleError, match="unknown difficulty 'brutal'"):
        generate(random.Random(1), "brutal")


# --- registry --------------------------------------------------------------------------------


def test_registry_finds_letterboxed_by_name_and_alias_and_validates_options():
    kind = get_kind("Letter-Boxed")
    assert kind is get_kind("lb")
    board = kind.parse(kind.example)
    assert kind.solve_with(board, {"max_words": "3"}).fewest_words == 2
    with pytest.raises(PuzzleError, match="max_words must be at most 10"):
        kind.solve_with(board, {"max_words": 11})
    with pytest.raises(PuzzleError, match="tier must be one of"):
        kind.solve_with(board, {"tier": "huge"})
    with pytest.raises(PuzzleError, match="no option 'colour'"):
        kind.solve_with(board, {"colour": "red"})
    with pytest.raises(PuzzleError, match="no puzzle kind called 'chess'"):
        get_kind("chess")


def test_ranking_cut_short_by_its_budget_still_answers_and_says_so(monkeypatch):
    from puzzles.letterboxed import search as solver

    board = parse("vro wal eth bdi")
    playable = sorted(playable_words(board, lexicon(), Tier.COMMON))
    day = Lexicon.from_words(playable, {w: lexicon().zipf(w) for w in playable})
    monkeypatch.setattr(solver, "RANKING_STEPS", 5)
    monkeypatch.setattr(solver, "LISTING_BUDGET", 5)
    solution = solve(board, dictionary=day)
    assert solution.fewest_words == 3  # the minimum is still proven
    assert not solution.ranking_complete
    assert solution.count_is_capped
    assert follows_rules(board, solution.words) and len(solution.words) == 3
    assert "at least" in solution.text()


def test_three_word_proof_agrees_with_brute_force_when_three_words_are_not_enough():
    # Words of at most 5 letters can only just cover 12 letters in three words, so some
    # boxes need four: both answers of the three-word proof's branches are exercised.
    rng = random.Random(3)
    outcomes = set()
    for _ in range(12):
        letters = rng.sample("abcdeghilmnoprstuwy", 12)
        board = Board(tuple("".join(letters[i : i + 3]) for i in range(0, 12, 3)))
        words = [w for w in playable_words(board, lexicon(), Tier.STANDARD) if len(w) <= 5]
        day = Lexicon.from_words(words)
        expected = brute_force_fewest(board, words, limit=4)
        assert solve(board, max_words=4, dictionary=day).fewest_words == expected, board.text()
        outcomes.add(expected)
    assert {3, 4} <= outcomes


# --- the proof's letter-group tables, against brute force -----------------------------------


def brute_force_group_finish(board, moves, group, last, covered, words_left) -> bool:
    """Can `words_left` chained moves from `last` cover every letter of `group` left
    uncovered? Tries every sequence; moves are (first, last, mask) as board bits."""
    needed = sum(1 << index for index in group) & ~covered
    if words_left == 0:
        return needed == 0
    return any(
        brute_force_group_finish(board, moves, group, end, covered | mask, words_left - 1)
        for first, end, mask in moves
        if first == last
    )


def test_group_tables_agree_with_brute_force_on_a_letter_group():
    from puzzles.letterboxed.coverage import GroupCoverage

    board = parse("ab ce di lo nr st")
    search = solver_search(board, Tier.COMMON)
    moves = list({(m.first, m.last, m.mask) for m in search.moves})
    rng = random.Random(8)
    group = sorted(rng.sample(range(12), 5))  # five of the twelve letters, not in board order
    tables = GroupCoverage(group, moves, 12)
    letter_bits = [1 << index for index in range(12)]
    outcomes = set()
    for _ in range(60):
        last = rng.choice(letter_bits)
        covered = rng.getrandbits(12)
        words_left = rng.randint(0, 2)
        expected = brute_force_group_finish(board, moves, group, last, covered, words_left)
        assert tables.may_finish(last, covered, words_left) == expected
        outcomes.add(expected)
    assert outcomes == {True, False}


def test_one_move_covers_lists_exactly_the_letter_sets_one_move_covers():
    from puzzles.letterboxed.coverage import one_move_covers

    board = parse("vro wal eth bdi")
    search = solver_search(board, Tier.COMMON)
    masks: dict[int, set[int]] = {}
    for move in search.moves:
        masks.setdefault(move.first, set()).add(move.mask)
    covers = one_move_covers(masks, 12)
    rng = random.Random(4)
    for start, start_masks in masks.items():
        for letters in rng.sample(range(1 << 12), 300) + list(start_masks):
            expected = any(mask & letters == letters for mask in start_masks)
            assert (covers[start] >> letters & 1 == 1) == expected


def solver_search(board: Board, tier: Tier):
    from puzzles.letterboxed.solver import board_search

    return board_search(board, lexicon(), tier)


def test_boxes_of_more_than_twelve_letters_prove_the_same_minimum_as_brute_force():
    # Fifteen letters make two letter groups, so the proof searches, pruned by both
    # groups' tables; a few hundred words keep the unpruned referee quick. Long words
    # give three-word boxes, short ones four- and five-word boxes.
    rng = random.Random(
        13
    )  # 12 before the common list lost 27 words (issue 29): its sample has no 3-word box
    outcomes = set()
    for longest, sample in [(8, 300)] * 4 + [(5, 250)] * 4:
        letters = rng.sample("abcdeghiklmnoprstuwy", 15)
        board = Board(tuple("".join(letters[i : i + 3]) for i in range(0, 15, 3)))
        playable = [w for w in playable_words(board, lexicon(), Tier.COMMON) if len(w) <= longest]
        words = rng.sample(sorted(playable), min(len(playable), sample))
        expected = brute_force_fewest(board, words, limit=5)
        solution = solve(board, max_words=5, dictionary=Lexicon.from_words(words))
        assert solution.fewest_words == expected, board.text()
        if expected is not None:
            assert follows_rules(board, solution.words) and len(solution.words) == expected
        outcomes.add(expected)
    assert {3, 4, 5} <= outcomes


def test_the_box_that_once_took_minutes_is_solved_in_four_words():
    # Q sits beside U, so Q words are rare: the old search spent minutes here without
    # finding a four-word answer, though one exists.
    board = parse("MVLO CGBE NHDA IRWS YFPT UKZQ")
    known = ("burqas", "sympathized", "dragonflies", "shockwave")
    assert follows_rules(board, known) and all(lexicon().contains(w, Tier.STANDARD) for w in known)
    solution = solve(board, max_words=8)
    assert solution.fewest_words is not None and solution.fewest_words <= len(known)
    assert follows_rules(board, solution.words) and len(solution.words) == solution.fewest_words


@pytest.mark.parametrize("text", ["vro wal eth bdi", "mvlo cgbe nhda irws yfpt ukzq", "ae io us"])
def test_playable_words_are_exactly_the_words_that_follow_the_rules(text):
    board = parse(text)
    referee = {w for w in lexicon().words(Tier.STANDARD) if follows_rules_word(board, w)}
    found = playable_words(board, lexicon(), Tier.STANDARD)
    assert len(found) == len(set(found))
    assert set(found) == referee


def test_set_bits_reads_every_bit_of_a_big_int_lowest_first():
    from puzzles.letterboxed.words import _set_bits

    rng = random.Random(6)
    for size, count in [(0, 0), (10, 3), (40_000, 900), (40_000, 40_000)]:
        bits = sorted(rng.sample(range(size), count))
        assert list(_set_bits(sum(1 << bit for bit in bits))) == bits


# --- issue 29: a hint leads to a shortest finish --------------------------------------------


def nyt_boxes(nyt_fixtures, nyt_gamedata) -> list[tuple[Board, tuple[str, ...]]]:
    """Every real NYT box of the corpora with NYT's (or a known) answer."""
    boxes = [
        (
            fixture_board(p),
            tuple(w.lower() for w in p.get("nyt_solution") or p.get("known_solution") or ()),
        )
        for p in nyt_fixtures
    ]
    day = nyt_gamedata
    boxes.append((parse(" ".join(day["sides"])), tuple(w.lower() for w in day["ourSolution"])))
    return boxes


def hinted_route(board: Board, start: tuple[str, ...] = ()) -> tuple[str, ...]:
    """The player's words after taking every hint from `start` until solved."""
    words = list(start)
    while not (words and check(board, " ".join(words)).solved):
        found = hint(board, " ".join(words))
        assert isinstance(found, LetterBoxedHint), found
        words.append(found.next_word)
        assert len(words) <= 8, words
    return tuple(words)


def test_the_hint_for_vro_wal_eth_bdi_leads_to_the_two_word_finish_solve_finds():
    board = parse("vro wal eth bdi")
    assert solve(board).fewest_words == 2
    found = hint(board)
    assert found.finish == 2 and "finish in 1 more" in found.text(), found.text()
    assert found.text().startswith("Try an 8-letter word starting with B"), found.text()
    assert len(hinted_route(board)) == 2


def test_every_nyt_box_is_finished_by_its_hints_in_the_fewest_words(nyt_fixtures, nyt_gamedata):
    boxes = nyt_boxes(nyt_fixtures, nyt_gamedata)
    assert len(boxes) >= 14
    for board, known in boxes:
        fewest = solve(board).fewest_words
        assert hint(board).finish == fewest, board
        assert len(hinted_route(board)) == fewest, board
        # from NYT's first word, the hint finishes as soon as NYT's own answer does
        if len(known) > 1 and all(lexicon().contains(w, Tier.STANDARD) for w in known):
            assert hint(board, known[0]).finish == len(known) - 1, (board, known)
            assert len(hinted_route(board, known[:1])) == len(known), (board, known)
