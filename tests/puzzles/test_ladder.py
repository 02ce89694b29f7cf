from __future__ import annotations

import itertools
import json
import pickle
import random
import string
import subprocess
import sys

import pytest

from puzzles import PuzzleError, get_kind
from puzzles.ladder import (
    KIND,
    Ladder,
    LadderHint,
    LadderSolution,
    LongestChain,
    WordGraph,
    check,
    generate,
    graph_for,
    hint,
    parse,
    solve,
)
from puzzles.ladder.generate import STEPS
from puzzles.ladder.graph import STORED_TIERS, built_graph, contains, tier_of
from puzzles.ladder.longest import longest_chain
from puzzles.lexicon import Lexicon, Tier, lexicon
from tests.conftest import corpus_path

# --- independent referees, written from the rules --------------------------------------------


def one_letter_apart(a: str, b: str) -> bool:
    return len(a) == len(b) and sum(x != y for x, y in zip(a, b, strict=True)) == 1


def is_ladder(words, allowed) -> bool:
    return all(w in allowed for w in words) and all(
        one_letter_apart(a, b) for a, b in itertools.pairwise(words)
    )


def referee_neighbours(words) -> dict[str, set[str]]:
    """Neighbours by trying every letter in every position (not by wildcard buckets)."""
    known = set(words)
    return {
        word: {
            word[:i] + letter + word[i + 1 :]
            for i in range(len(word))
            for letter in string.ascii_lowercase
            if letter != word[i] and word[:i] + letter + word[i + 1 :] in known
        }
        for word in known
    }


def referee_bfs(neighbours, start) -> tuple[dict[str, int], dict[str, int]]:
    """One-sided breadth first: each word's distance and number of shortest ladders to it."""
    distance, ways = {start: 0}, {start: 1}
    frontier = [start]
    while frontier:
        following = []
        for u in frontier:
            for v in neighbours[u]:
                if v not in distance:
                    distance[v], ways[v] = distance[u] + 1, 0
                    following.append(v)
                if distance[v] == distance[u] + 1:
                    ways[v] += ways[u]
        frontier = following
    return distance, ways


def all_shortest_ladders(neighbours, start, goal) -> list[tuple[str, ...]]:
    to_goal, _ = referee_bfs(neighbours, goal)
    ladders = [(start,)]
    while ladders[0][-1] != goal:
        ladders = [
            (*ladder, v)
            for ladder in ladders
            for v in neighbours[ladder[-1]]
            if to_goal.get(v) == to_goal[ladder[-1]] - 1
        ]
    return ladders


def longest_simple_path(neighbours, start) -> int:
    """Words in the longest chain from start, by trying every chain (small groups only)."""
    best = 0

    def extend(word, used):
        nonlocal best
        best = max(best, len(used))
        for v in neighbours[word]:
            if v not in used:
                used.add(v)
                extend(v, used)
                used.remove(v)

    extend(start, {start})
    return best


def commonness_key(ladder, rank):
    return (max(rank[w] for w in ladder), sum(rank[w] for w in ladder))


# --- the Stanford GraphBase words ------------------------------------------------------------


@pytest.fixture(scope="module")
def sgb_words() -> list[str]:
    lines = corpus_path("wordladder", "sgb_words.dat").read_text().splitlines()
    return [line[:5] for line in lines if line and not line.startswith("*")]


@pytest.fixture(scope="module")
def sgb_facts() -> dict:
    return json.loads(corpus_path("wordladder", "sgb_ladder_facts.json").read_text())


@pytest.fixture(scope="module")
def sgb(sgb_words) -> WordGraph:
    return WordGraph.build(sgb_words, lambda word: -lexicon().zipf(word))


@pytest.fixture(scope="module")
def sgb_referee(sgb_words) -> dict[str, set[str]]:
    return referee_neighbours(sgb_words)


@pytest.mark.parametrize("tier", STORED_TIERS)
def test_stored_graphs_are_the_graphs_the_word_lists_give(tier):
    """The graphs in data/ (scripts/build_ladder_graphs.py) hold every word of the tier,
    each length apart, and for everyday lengths the same edges, groups and ranks as a
    graph built now: a rebuilt word list without a rebuilt graph file fails here."""
    dictionary = lexicon()
    for n in range(1, 1 + max(map(len, dictionary.words(tier)))):
        assert graph_for(n, tier).words == dictionary.words_of_length(n, tier), n
    for n in (3, 4, 5):
        assert graph_for(n, tier).parts() == built_graph(n, tier, dictionary).parts(), n


def test_tiers_read_from_the_stored_graphs_agree_with_the_word_lists():
    dictionary = lexicon()
    for word in ("cold", "warm", "quinoa", "syzygy", "zzzz", "bold", "aa"):
        assert tier_of(word, dictionary) == dictionary.tier_of(word), word
        for tier in Tier:
            assert contains(word, tier, dictionary) == dictionary.contains(word, tier)


def test_sgb_graph_has_knuths_counts(sgb, sgb_facts, sgb_referee):
    assert len(sgb) == sgb_facts["words"]
    assert sgb.edge_count == sgb_facts["edges"]
    assert sum(map(len, sgb_referee.values())) // 2 == sgb_facts["edges"]
    assert all(set(sgb.neighbours_of(w)) == sgb_referee[w] for w in sgb.words)
    sizes = sorted(sgb.component_sizes, reverse=True)
    assert len(sizes) == sgb_facts["components"]
    assert sizes[0] == sgb_facts["giant_component"]
    assert (
        sizes[1 : 1 + len(sgb_facts["next_largest_components"])]
        == (sgb_facts["next_largest_components"])
    )
    assert sizes.count(1) == sgb_facts["isolated_words"]
    assert (sgb.group_size("aloof") == 1) == sgb_facts["aloof_is_isolated"]


def test_sgb_longest_shortest_ladder(sgb, sgb_facts, sgb_referee):
    """The diameter, proven with a few searches (the iFUB bound): a search from a middle
    word u reaches everything within e steps, so no two words are more than 2e apart;
    the words at the last levels around u are checked one by one until the bound closes."""
    a, b = sgb_facts["example_diameter_pair"]
    diameter = sgb_facts["giant_component_diameter_edges"]
    assert sgb.shortest_ladders(a, b).steps == diameter
    from_a, _ = referee_bfs(sgb_referee, a)
    from_b, _ = referee_bfs(sgb_referee, b)
    assert max(from_a.values()) == diameter
    middle = next(
        w for w in from_a if from_a[w] == diameter // 2 and from_b[w] == diameter - diameter // 2
    )
    from_middle, _ = referee_bfs(sgb_referee, middle)
    levels: dict[int, list[str]] = {}
    for word, steps in from_middle.items():
        levels.setdefault(steps, []).append(word)
    longest_known, level = diameter, max(levels)
    while longest_known <= 2 * (level - 1):
        for word in levels[level]:
            longest_known = max(longest_known, max(referee_bfs(sgb_referee, word)[0].values()))
        level -= 1
    assert longest_known == diameter


def test_sgb_sample_ladders_have_the_published_lengths(sgb, sgb_facts, sgb_referee):
    for pair, steps in sgb_facts["shortest_ladders_(edges)"].items():
        start, goal = pair.split("->")
        found = sgb.shortest_ladders(start, goal)
        if steps is None:
            assert found is None, pair
            continue
        assert found.steps == steps, pair
        assert len(found.words) == steps + 1
        assert found.words[0] == start and found.words[-1] == goal
        assert is_ladder(found.words, sgb_referee), pair
    for pair, path in sgb_facts["example_paths"].items():
        assert is_ladder(path, sgb_referee)
        assert sgb.shortest_ladders(*pair.split("->")).steps == len(path) - 1


def test_counts_and_lengths_match_a_one_sided_search_on_random_pairs(sgb, sgb_referee):
    rng = random.Random(11)
    giant = [w for w in sgb.words if sgb.group_size(w) == max(sgb.component_sizes)]
    for _ in range(40):
        start = rng.choice(giant)
        distance, ways = referee_bfs(sgb_referee, start)
        for goal in rng.sample(sorted(distance), 5):
            found = sgb.shortest_ladders(start, goal)
            assert (found.steps, found.count) == (distance[goal], ways[goal]), (start, goal)
            assert is_ladder(found.words, sgb_referee)
            assert (found.words[0], found.words[-1]) == (start, goal)


def test_shown_ladder_is_the_most_common_worded_of_the_shortest(sgb, sgb_referee):
    rank = {word: sgb.rank[node] for node, word in enumerate(sgb.words)}
    rng = random.Random(3)
    checked = 0
    while checked < 25:
        start, goal = rng.sample(sgb.words, 2)
        found = sgb.shortest_ladders(start, goal)
        if found is None or not 2 <= found.count <= 300:
            continue
        ladders = all_shortest_ladders(sgb_referee, start, goal)
        assert len(ladders) == found.count
        best = min(commonness_key(ladder, rank) for ladder in ladders)
        assert commonness_key(found.words, rank) == best, (start, goal)
        checked += 1


def test_words_outside_any_ladder_are_reported_with_the_reason(sgb, sgb_words):
    day = Lexicon.from_words(sgb_words)
    solution = solve(parse("aloof cloud", day), dictionary=day)
    assert solution.words == () and solution.steps is None
    assert "ALOOF is isolated" in solution.text()
    assert "are both isolated" in str(solve(Ladder("first", "final"), dictionary=day).reason)
    # A word of the second largest group and one of the giant group: both have neighbours.
    second = sorted(set(sgb.component_sizes))[-2]
    island = next(w for w in sgb.words if sgb.group_size(w) == second)
    apart = solve(Ladder(island, "tears"), dictionary=day)
    assert apart.words == ()
    assert "separate groups" in str(apart.reason)
    assert f"{island.upper()}'s group has {second} words" in str(apart.reason)


def test_longest_chain_is_proven_on_small_groups_and_matches_trying_every_chain(sgb, sgb_referee):
    small = sorted(w for w in sgb.words if 5 <= sgb.group_size(w) <= 24)
    for start in random.Random(2).sample(small, 12):
        chain = longest_chain(sgb, start, seconds=5)
        words = [sgb.words[node] for node in chain.nodes]
        assert chain.proven, start
        assert words[0] == start and len(set(words)) == len(words)
        assert is_ladder(words, sgb_referee)
        assert len(words) == longest_simple_path(sgb_referee, start), start


def test_longest_chain_in_the_giant_group_is_a_valid_chain_within_its_bound(sgb, sgb_referee):
    chain = longest_chain(sgb, "tears", seconds=1.0)
    words = [sgb.words[node] for node in chain.nodes]
    assert words[0] == "tears" and len(set(words)) == len(words)
    assert is_ladder(words, sgb_referee)
    assert not chain.proven
    assert len(words) <= chain.most_possible <= chain.group_size == max(sgb.component_sizes)
    assert len(words) > 100  # far beyond a greedy walk into the nearest dead end (14 words)


def test_longest_chain_takes_the_long_branch_and_starts_from_a_dead_end():
    # COLT - COLD - CORD - CARD - WARD - WARM: COLT hangs off COLD as a dead end.
    graph = WordGraph.build(["cold", "cord", "card", "ward", "warm", "colt"])
    chain = longest_chain(graph, "cold", seconds=1)
    assert [graph.words[n] for n in chain.nodes] == ["cold", "cord", "card", "ward", "warm"]
    assert chain.proven
    from_colt = longest_chain(graph, "colt", seconds=1)
    assert len(from_colt.nodes) == 6 and from_colt.proven


# --- parsing --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text", ["cold warm", "COLD WARM", "cold -> warm", "cold, warm", "Cold/Warm", " cold  →  warm "]
)
def test_parse_accepts_the_ways_people_type_a_ladder(text):
    assert parse(text) == Ladder("cold", "warm")


def test_parse_reads_back_its_own_text_and_a_single_start_word():
    for text in ("cold warm", "tears smile", "cold"):
        puzzle = parse(text)
        assert parse(puzzle.text()) == puzzle
    assert parse("cold") == Ladder("cold")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("cold warmer", "COLD has 4 letters but WARMER has 6"),
        ("cold wxrm", "WXRM is not in the word list (word 2)"),
        ("qzxv warm", "QZXV is not in the word list (word 1)"),
        ("qzxv wxrm", "QZXV and WXRM are not in the word list"),
        ("c0ld warm", "C0LD contains '0'"),
        ("cold wa'm", 'contains "\'"'),
        ("cold warm hot", "a ladder joins two words, but I found 3"),
        ("", "type two words"),
        ("cold cold", "both words are COLD"),
        ("a b", "A has 1 letters"),
        ("incomprehensibilities", "has 21 letters"),
    ],
)
def test_parse_rejects_bad_input_with_a_message_a_player_can_act_on(text, expected):
    with pytest.raises(PuzzleError) as caught:
        parse(text)
    assert expected in caught.value.message
    assert "Example: cold warm" in caught.value.message


def test_one_word_without_longest_asks_for_a_second_word():
    with pytest.raises(PuzzleError, match=r"second word.*longest"):
        solve(parse("cold"))
    with pytest.raises(PuzzleError, match="one word"):
        solve(parse("cold warm"), longest=True)


def test_values_cross_a_process_boundary_unchanged():
    puzzle = parse("cold warm")
    solution = solve(puzzle)
    chain = solve(parse("cold"), longest=True, seconds=0.2)
    for value in (puzzle, solution, chain, hint(puzzle, "cord")):
        assert pickle.loads(pickle.dumps(value)) == value


# --- solving with the shipped word lists -------------------------------------------------------


def test_cold_to_warm_is_a_shortest_ladder_of_common_words():
    solution = solve(parse("cold warm"))
    standard = graph_for(4, Tier.STANDARD)
    referee = {w: set(standard.neighbours_of(w)) for w in standard.words}
    distance, ways = referee_bfs(referee, "cold")
    assert isinstance(solution, LadderSolution)
    assert (solution.steps, solution.ladder_count) == (distance["warm"], ways["warm"])
    assert is_ladder(solution.words, lexicon().words(Tier.STANDARD))
    assert all(lexicon().contains(w, Tier.COMMON) for w in solution.words)
    assert solution.common_words == ()
    assert "fewest possible" in solution.text()


def test_common_words_are_preferred_whenever_a_shortest_ladder_has_them():
    rng = random.Random(8)
    common = lexicon().words(Tier.COMMON)
    standard = graph_for(4, Tier.STANDARD)
    referee = {w: set(standard.neighbours_of(w)) for w in standard.words}
    checked = 0
    while checked < 15:
        start, goal = rng.sample(lexicon().words_of_length(4, Tier.COMMON), 2)
        solution = solve(Ladder(start, goal))
        if not solution.words or solution.ladder_count > 500:
            continue
        ladders = all_shortest_ladders(referee, start, goal)
        any_common = any(all(w in common for w in ladder) for ladder in ladders)
        assert all(w in common for w in solution.words) == any_common, (start, goal)
        if not any_common:
            # then the shortest ladder in common words alone is offered too, and it is longer
            assert solution.common_words == () or (
                len(solution.common_words) > len(solution.words)
                and is_ladder(solution.common_words, common)
            )
        checked += 1


def test_a_word_outside_the_chosen_tier_is_an_end_the_ladder_may_take():
    rare = next(
        w
        for w in lexicon().words_of_length(4, Tier.LARGE)
        if lexicon().tier_of(w) == 3 and graph_for(4, Tier.LARGE).group_size(w) > 1000
    )
    solution = solve(Ladder("cold", rare), tier="common")
    assert solution.words[-1] == rare and solution.tier == "common"
    assert is_ladder(solution.words, lexicon().words(Tier.LARGE))
    between = set(solution.words[1:-1]) - set(solution.beyond)
    assert between <= lexicon().words(Tier.COMMON)


def test_longest_chain_from_the_cli_start_word():
    chain = KIND.solve_with(parse("cold"), {"longest": True, "seconds": 1, "tier": "common"})
    assert isinstance(chain, LongestChain)
    common = lexicon().words(Tier.COMMON)
    assert chain.words[0] == "cold" and len(set(chain.words)) == len(chain.words)
    assert is_ladder(chain.words, common)
    assert chain.steps > 50
    assert ("proven longest" in chain.text()) == chain.proven
    assert len(chain.text()) < 1500  # a long chain's text shows its two ends only


def test_isolated_start_word_has_a_chain_of_no_steps():
    day = Lexicon.from_words(["aloof", "cloud", "clout"])
    chain = solve(parse("aloof", day), longest=True, seconds=1, dictionary=day)
    assert chain.words == ("aloof",) and chain.proven
    assert "isolated" in chain.text()


# --- checking and hints ------------------------------------------------------------------------


def test_check_accepts_a_right_ladder_with_or_without_the_start_word():
    puzzle = parse("cold warm")
    for answer in ("COLD CORD CARD WARD WARM", "cord card ward warm", "cold-cord-card-ward-warm"):
        verdict = check(puzzle, answer)
        assert verdict.solved, verdict.text()
        assert "4 steps" in str(verdict.summary) and "fewest possible" in str(verdict.summary)


def test_check_says_when_a_right_ladder_is_longer_than_needed():
    verdict = check(parse("cold warm"), "cold cord card ward wart warm")
    assert verdict.solved
    summary = str(verdict.summary)
    assert "5 steps" in summary and "shortest ladder takes 4 steps" in summary


def test_check_lists_every_problem():
    verdict = check(parse("cold warm"), "cold cord cxrd wart wxrmer")
    assert not verdict.solved
    problems = "\n".join(map(str, verdict.problems))
    assert "CXRD is not in the word list" in problems
    assert "WXRMER is not in the word list" in problems
    assert "CXRD → WART changes 3 letters" in problems
    assert "WXRMER has 6 letters, not 4" in problems
    assert "ends at WXRMER, not at WARM" in problems
    assert len(verdict.problems) == 5


def test_check_refuses_a_repeated_word_step_and_an_unfinished_ladder():
    verdict = check(parse("cold warm"), "cold cord cord card")
    assert "CORD → CORD: the same word twice" in str(verdict.problems[0])
    assert "ends at CARD, not at WARM" in str(verdict.problems[-1])
    assert tuple(map(str, check(parse("cold warm"), "").problems)) == ("no words given",)
    with pytest.raises(PuzzleError, match="contains '3'"):
        check(parse("cold warm"), "c3ld warm")


def test_hint_gives_the_next_word_of_a_shortest_ladder():
    puzzle = parse("cold warm")
    standard = graph_for(4, Tier.STANDARD)
    to_goal = standard.distances_from("warm")
    for progress in ("", "cold", "colt", "cold colt bolt"):
        given = hint(puzzle, progress)
        assert isinstance(given, LadderHint), given
        last = given.progress[-1]
        assert one_letter_apart(last, given.next_word)
        assert to_goal[given.next_word] == to_goal[last] - 1 == given.steps_left
        assert given.next_word.upper() in given.text()


def test_hint_asks_to_fix_a_broken_ladder_and_notices_a_finished_one():
    puzzle = parse("cold warm")
    assert str(hint(puzzle, "cold card")).startswith("Fix your ladder first: COLD → CARD")
    assert "already" in str(hint(puzzle, "cord card ward warm"))
    assert hint(puzzle, "cord card ward").text().startswith("Next: WARM")


# --- generating ------------------------------------------------------------------------------


@pytest.mark.parametrize("difficulty", ["easy", "hard", "fiendish"])
def test_generated_pairs_have_the_chosen_shortest_ladder_length(difficulty):
    puzzle = generate(random.Random(4), difficulty)
    steps = STEPS[difficulty]
    common = lexicon().words(Tier.COMMON)
    assert puzzle.start in common and puzzle.goal in common
    assert puzzle.par == steps
    standard = graph_for(len(puzzle.start), Tier.STANDARD)
    referee = {w: set(standard.neighbours_of(w)) for w in standard.words}
    assert referee_bfs(referee, puzzle.start)[0][puzzle.goal] == steps
    # ... and a ladder of that length exists in common words alone
    common_graph = graph_for(len(puzzle.start), Tier.COMMON)
    assert common_graph.shortest_ladders(puzzle.start, puzzle.goal).steps == steps


def test_generate_is_deterministic_for_a_seed_and_takes_options():
    assert generate(random.Random(9), "medium") == generate(random.Random(9), "medium")
    seen = {generate(random.Random(seed), "medium") for seed in range(4)}
    assert len(seen) > 1
    puzzle = KIND.generate_with(random.Random(1), None, {"steps": 7, "letters": 5})
    assert len(puzzle.start) == 5 and puzzle.par == 7
    with pytest.raises(PuzzleError, match="at most"):
        KIND.generate_with(random.Random(1), None, {"steps": 20})
    with pytest.raises(PuzzleError, match="difficulty must be one of"):
        KIND.generate_with(random.Random(1), "impossible")


# --- the kind ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "name", ["ladder", "wordladder", "Word Changer", "doublets", "word-ladder"]
)
def test_the_kind_is_registered_under_its_names(name):
    assert get_kind(name) is KIND
    assert KIND.check_input_size(KIND.example) is None


# --- issue 29: large-tier words only when no ladder through the chosen list exists -----------


def test_a_ladder_from_a_rare_word_keeps_to_standard_words_between_the_ends():
    standard = lexicon().words(Tier.STANDARD)
    rare = next(
        w
        for w in lexicon().words_of_length(4, Tier.LARGE)
        if lexicon().tier_of(w) == 3
        and any(n in standard for n in graph_for(4, Tier.LARGE).neighbours_of(w))
        and graph_for(4, Tier.LARGE).group_size(w) > 1000
    )
    solution = solve(Ladder("cold", rare))
    assert solution.words[0] == "cold" and solution.words[-1] == rare
    assert all(word in standard for word in solution.words[1:-1]), solution.words
    assert not solution.beyond and "fewest possible" in solution.text()


def test_ohm_to_zzz_takes_only_the_rare_word_it_cannot_avoid():
    # before: OHM → OHS → OIS → BIS → BIZ → ZIZ → ZZZ, through three words of the large tier
    solution = solve(Ladder("ohm", "zzz"))
    standard = lexicon().words(Tier.STANDARD)
    assert set(graph_for(3, Tier.LARGE).neighbours_of("zzz")).isdisjoint(standard)
    assert solution.beyond == ("ziz",)
    assert [w for w in solution.words[1:-1] if w not in standard] == ["ziz"]
    assert "ois" not in solution.words and "ZIZ" in solution.text()
    assert is_ladder(solution.words, lexicon().words(Tier.LARGE))


def test_the_hint_from_ohm_to_zzz_is_a_standard_word():
    found = hint(Ladder("ohm", "zzz"))
    assert found.next_word in lexicon().words(Tier.STANDARD), found.text()
    assert found.steps_left == 7  # the same 8-step ladder as the solution


LONGEST_IN_ITS_SECONDS = """
import time
from puzzles import get_kind
kind = get_kind("ladder")
puzzle = kind.parse("stare")
start = time.perf_counter()
kind.solve_with(puzzle, {"longest": True, "seconds": 1, "tier": "large"})
print(time.perf_counter() - start)
"""


def test_the_longest_chain_keeps_to_its_seconds_building_the_graph_included():
    """--seconds is the time the solve takes: the large tier's word graph, built for the
    solve, once took a third of a second or more past it (8.2 s of processor time for
    --seconds 8). In a fresh process, where the graph is built for this solve; the search
    checks the clock every few microseconds, so 0.2 s is room for a busy machine only."""
    done = subprocess.run(
        [sys.executable, "-c", LONGEST_IN_ITS_SECONDS], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert float(done.stdout) < 1.2
