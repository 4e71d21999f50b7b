"""``--limit N``: a sample spread over the suite's groups, the same for a seed everywhere."""

from __future__ import annotations

from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

from assistworld.core.registry import load_suite
from assistworld.core.stratified import quotas, stratified_sample
from assistworld.core.suite import select_tasks


def _sample(items: list[tuple[str, str]], n: int, seed: int = 0) -> list[tuple[str, str]]:
    return stratified_sample(items, n, seed=seed, name=lambda i: i[0], group=lambda i: i[1])


ITEMS = [(f"a{i}", "a") for i in range(60)] + [(f"b{i}", "b") for i in range(30)]
ITEMS += [(f"c{i}", "c") for i in range(10)]


def test_every_group_is_sampled_in_proportion_and_the_order_is_kept() -> None:
    chosen = _sample(ITEMS, 10)
    assert Counter(group for _, group in chosen) == {"a": 6, "b": 3, "c": 1}
    assert chosen == sorted(chosen, key=ITEMS.index)


def test_a_small_group_still_gets_one_when_n_allows() -> None:
    items = [(f"a{i}", "a") for i in range(98)] + [("b0", "b"), ("c0", "c")]
    assert Counter(group for _, group in _sample(items, 3)) == {"a": 1, "b": 1, "c": 1}


def test_fewer_seats_than_groups_go_to_the_largest_groups() -> None:
    assert quotas({"a": 60, "b": 30, "c": 10}, 2, seed=0) == {"a": 1, "b": 1, "c": 0}


def test_a_seed_gives_the_same_sample_and_another_seed_another() -> None:
    assert _sample(ITEMS, 10, seed=3) == _sample(list(ITEMS), 10, seed=3)
    assert _sample(ITEMS, 10, seed=3) != _sample(ITEMS, 10, seed=4)


def test_a_limit_at_or_over_the_size_takes_everything() -> None:
    assert _sample(ITEMS, 100) == ITEMS
    assert _sample(ITEMS, 500) == ITEMS


@given(
    sizes=st.lists(st.integers(min_value=1, max_value=40), min_size=1, max_size=8),
    n=st.integers(min_value=1, max_value=200),
    seed=st.integers(min_value=0, max_value=10),
)
def test_quotas_sum_to_n_and_never_exceed_a_group(sizes: list[int], n: int, seed: int) -> None:
    groups = {f"g{i}": size for i, size in enumerate(sizes)}
    taken = quotas(groups, n, seed)
    assert sum(taken.values()) == min(n, sum(sizes))
    assert all(0 <= taken[g] <= groups[g] for g in groups)
    if len(groups) <= n <= sum(sizes):
        assert all(taken[g] >= 1 for g in groups), "every group is sampled when n allows"


def test_a_limit_on_travelplans_spans_its_categories_and_the_named_tasks_stay_exact() -> None:
    suite = load_suite("travelplans")
    categories = Counter(task.category for task in suite.tasks)
    chosen = select_tasks(suite, None, 50)
    assert {task.category for task in chosen} == set(categories), "the first 50 were all ss"
    assert len(chosen) == 50
    named = [suite.tasks[5].query_id, suite.tasks[1].query_id]
    assert [t.query_id for t in select_tasks(suite, named, 1)] == named[:1]
