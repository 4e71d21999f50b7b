'''Task files: one plain Python file per task, read by parsing (never imported or executed).

A task file is ordinary Python that an editor highlights, completes and runs. A complete example,
``cancel_declined_review.py`` (two setup/evaluation pairs, one per branch of the query)::

    """Assistant, cancel tomorrow's budget review if Jill declined it."""

    QUERY_ID = "cancel_declined_review"
    CATEGORY = "conditional"
    TAGS = ["calendar", "delete"]

    if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
        from assistworld.paradigms.aspera.tasks.debug import run_file

        raise SystemExit(run_file(__file__))


    def cancel_budget_review_if_declined():
        """Cancel tomorrow's budget review if Jill declined it."""
        # find Jill and tomorrow's budget review
        jill = find_employee("Jill")[0]  # names are unique (RequiresUserInput, note 5)
        tomorrow = parse_date_string(DateExpressions.Tomorrow)
        reviews = find_events(subject="Budget review")
        reviews = [e for e in reviews if e.starts_at.date() == tomorrow]
        if not reviews:
            raise RequiresUserInput("No budget review found tomorrow.")
        if len(reviews) > 1:
            raise RequiresUserInput(f"{len(reviews)} budget reviews found tomorrow, which one?")
        # cancel it only if Jill declined
        if jill in (reviews[0].declined_by or []):
            delete_event(reviews[0])


    def setup_env_cancel_budget_review_if_declined():
        """Jill declined tomorrow's budget review."""
        simulate_org_structure(["Jill", "Omar"])
        jill, omar = find_employee("Jill")[0], find_employee("Omar")[0]
        tomorrow = parse_date_string(DateExpressions.Tomorrow)
        starts_at = combine(tomorrow, time_by_hm(hour=10, minute=0, am_or_pm="am"))
        review = Event(
            subject="Budget review",
            attendees=[jill, omar],
            declined_by=[jill],
            starts_at=starts_at,
            ends_at=starts_at + datetime.timedelta(hours=1),
        )
        simulate_user_calendar([review])


    def evaluate_cancel_budget_review_if_declined(
        query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
    ):
        """The declined review is gone."""
        setup_function()
        executable()
        if find_events(subject="Budget review"):
            raise SolutionError("Incorrect solution")


    def setup_env_cancel_budget_review_if_declined_accepted():
        """Jill accepted tomorrow's budget review."""
        simulate_org_structure(["Jill", "Omar"])
        jill, omar = find_employee("Jill")[0], find_employee("Omar")[0]
        tomorrow = parse_date_string(DateExpressions.Tomorrow)
        starts_at = combine(tomorrow, time_by_hm(hour=10, minute=0, am_or_pm="am"))
        review = Event(subject="Budget review", attendees=[jill, omar], starts_at=starts_at)
        simulate_user_calendar([review])


    def evaluate_cancel_budget_review_if_declined_accepted(
        query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
    ):
        """The accepted review is kept unchanged."""
        setup_function()
        before = find_events(subject="Budget review")
        executable()
        if find_events(subject="Budget review") != before:
            raise SolutionError("Incorrect solution")

The rules:

1. **Query.** The module docstring is the user query (surrounding blank space removed,
   continuation lines dedented). It is required.
2. **Metadata.** Module-level assignments of literal values: ``QUERY_ID`` (required, a one-line
   string, unique in its suite), ``CATEGORY`` (a string), ``TAGS`` (a list of strings), ``KIND``
   (``"information-seeking"`` or ``"state-changing"``; derived from the reference program when
   left out, see :func:`assistworld.paradigms.aspera.tasks.programs.derive_kind`), ``NOW`` (an ISO
   date-time
   string for a world clock other than the default 2024-06-25T09:06) and ``SCENARIO`` (a dict, the
   generation engine's scenario). Any other assigned name is an error.
3. **Reference program.** The one top-level function whose name starts with neither
   ``setup_env_`` nor ``evaluate_``. Its name is the plan name.
4. **Pairs.** ``setup_env_<plan>[_<suffix>]`` pairs with ``evaluate_<plan>[_<suffix>]``: **by
   suffix**, so reordering functions never re-pairs them and every function says which branch it
   covers. Pairs are taken in the order the setup functions are defined. Every setup needs its
   evaluation and vice versa; at least one pair is required; no function name may repeat.
   Setup functions take no arguments; evaluation functions take ``query``, ``executable`` and
   ``setup_function``.
5. **Nothing else at the top level**: no imports (import inside the function that needs it, as
   Asper-Bench programs do), no classes, no other statements. Library names need no import:
   programs receive them in their namespace. One ``if __name__ == "__main__":`` block is allowed
   anywhere; the loader ignores its content. The writer places it before the first ``def`` so
   that running the file never evaluates a function's annotations at module level.
6. **Program text** is exactly what the file holds: the lines from a function's first decorator
   to its last line, comments inside it included, plus comment lines indented under its end.

Every problem is reported as one line ``<file>:<line>: <what is wrong>; <how to fix it>``, and
all problems of a file are reported together.
'''

from __future__ import annotations

import ast
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

from assistworld.core.parsing import parse_in_turn
from assistworld.paradigms.aspera.tasks.errors import TaskError
from assistworld.paradigms.aspera.tasks.file_metadata import (
    METADATA_FIELDS,
    TASK_FIELD_OF,
    MetadataProblem,
    read_metadata_value,
    unknown_field_message,
)
from assistworld.paradigms.aspera.tasks.model import Task, build_task
from assistworld.paradigms.aspera.tasks.programs import (
    EVALUATION_PREFIX,
    SETUP_PREFIX,
    FunctionNode,
    clean_query,
    evaluation_signature_problem,
    first_line,
    function_source,
    normalise_program,
    setup_signature_problem,
    variant_suffix,
)

_LAYOUT_HINT = (
    "a task file holds only the query docstring, metadata assignments, functions and an "
    '`if __name__ == "__main__":` block'
)


class ParsedTaskFile(NamedTuple):
    """A task read from a file, with the line of its ``QUERY_ID`` (for duplicate-id messages)."""

    task: Task
    query_id_line: int


@dataclass
class _Collected:
    """What the top level of a task file holds, and the problems found on the way."""

    problems: list[tuple[int, str]] = field(default_factory=list)
    metadata: dict[str, Any] = field(default_factory=dict)
    metadata_lines: dict[str, int] = field(default_factory=dict)
    references: list[FunctionNode] = field(default_factory=list)
    setups: list[FunctionNode] = field(default_factory=list)
    evaluations: list[FunctionNode] = field(default_factory=list)
    main_guard_line: int | None = None

    def problem(self, line: int, message: str) -> None:
        self.problems.append((line, message))


def load_task_file(path: str | Path) -> Task:
    """Read one task file; raise :class:`TaskError` listing every problem in it."""
    return read_task_file(path).task


def read_task_file(path: str | Path) -> ParsedTaskFile:
    """Like :func:`load_task_file`, also returning where ``QUERY_ID`` is assigned."""
    return parse_task_bytes(read_task_bytes(path), str(path))


def read_task_bytes(path: str | Path) -> bytes:
    """The bytes of a task file; :class:`TaskError` naming it when it cannot be read."""
    try:
        with open(path, "rb") as handle:
            return handle.read()
    except OSError as error:
        raise TaskError([f"{path}: cannot read the file ({error.strerror})"]) from None


def parse_task_bytes(data: bytes, source: str) -> ParsedTaskFile:
    """Decode (UTF-8) and parse the bytes of a task file named ``source``."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise TaskError(
            [f"{source}:1: not UTF-8 text ({error.reason}); save it as UTF-8"]
        ) from None
    return parse_task_source(text, source)


def parse_task_source(text: str, source: str) -> ParsedTaskFile:
    """Parse task-file text; ``source`` (a path) names it in messages and in ``Task.source``."""
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    try:
        tree = parse_in_turn(text, source)
    except SyntaxError as error:
        line = error.lineno or 1
        raise TaskError(
            [f"{source}:{line}: syntax error: {error.msg}; fix the Python syntax"]
        ) from None
    except ValueError as error:  # e.g. a NUL byte
        raise TaskError([f"{source}:1: not Python source ({error}); fix the file"]) from None
    found = _collect(tree)
    query = clean_query(ast.get_docstring(tree, clean=False) or "")
    if not query:
        found.problem(
            1,
            'missing query docstring; start the file with the user query, e.g. """Assistant, '
            'cancel my lunch with Jill."""',
        )
    if "QUERY_ID" not in found.metadata_lines:
        found.problem(1, 'QUERY_ID is missing; add QUERY_ID = "<unique id>" after the docstring')
    pairs = _pairs(found)
    if found.problems:
        raise TaskError(_format(source, found.problems))
    lines = text.split("\n")  # not splitlines(): it also splits on form feeds and U+2028
    # each program is one function of this file: its tree is that function's (the same tree
    # parsing the program's text would give, but for line numbers, which no check reads)
    parsed: dict[str, ast.Module] = {}

    def program(node: FunctionNode) -> str:
        text = function_source(lines, node)
        parsed[normalise_program(text)] = ast.Module(body=[node], type_ignores=[])
        return text

    fields: dict[str, Any] = {TASK_FIELD_OF[name]: value for name, value in found.metadata.items()}
    fields.update(
        query=query,
        program=program(found.references[0]),
        state_generation_programs=[program(setup) for setup, _ in pairs],
        evaluation_programs=[program(evaluation) for _, evaluation in pairs],
        source=source,
    )
    return ParsedTaskFile(build_task(fields, parsed), found.metadata_lines["QUERY_ID"])


def _format(source: str, problems: list[tuple[int, str]]) -> list[str]:
    ordered = sorted(enumerate(problems), key=lambda item: (item[1][0], item[0]))
    return [f"{source}:{line}: {message}" for _, (line, message) in ordered]


def _is_main_guard(node: ast.stmt) -> bool:
    if not isinstance(node, ast.If) or not isinstance(node.test, ast.Compare):
        return False
    test = node.test
    if len(test.ops) != 1 or not isinstance(test.ops[0], ast.Eq):
        return False
    sides = [test.left, test.comparators[0]]
    names = [s.id for s in sides if isinstance(s, ast.Name)]
    constants = [s.value for s in sides if isinstance(s, ast.Constant)]
    return names == ["__name__"] and constants == ["__main__"]


def _metadata_target(node: ast.stmt) -> tuple[str, ast.expr] | None:
    if isinstance(node, ast.Assign) and len(node.targets) == 1:
        target = node.targets[0]
        if isinstance(target, ast.Name):
            return target.id, node.value
    if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) and node.value:
        return node.target.id, node.value
    return None


def _collect(tree: ast.Module) -> _Collected:
    found = _Collected()
    body = tree.body
    if ast.get_docstring(tree, clean=False) is not None:
        body = body[1:]
    seen_functions: dict[str, int] = {}
    for node in body:
        if isinstance(node, FunctionNode):
            _collect_function(found, node, seen_functions)
        elif (assignment := _metadata_target(node)) is not None:
            _collect_metadata(found, node.lineno, *assignment)
        elif _is_main_guard(node):
            if found.main_guard_line is not None:
                found.problem(
                    node.lineno,
                    f'second `if __name__ == "__main__":` block (first at line '
                    f"{found.main_guard_line}); keep one",
                )
            found.main_guard_line = found.main_guard_line or node.lineno
        else:
            found.problem(node.lineno, _unexpected(node))
    return found


def _unexpected(node: ast.stmt) -> str:
    if isinstance(node, ast.Import | ast.ImportFrom):
        return (
            "top-level import is not part of any program; import inside the function that "
            "needs it (library names need no import)"
        )
    if isinstance(node, ast.ClassDef):
        return (
            f"top-level class {node.name} is not part of any program; define it inside the "
            "function that uses it"
        )
    if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
        return (
            "stray string or constant; the query goes in the first statement (the docstring); "
            + _LAYOUT_HINT
        )
    return f"unexpected top-level statement ({type(node).__name__}); {_LAYOUT_HINT}"


def _collect_function(found: _Collected, node: FunctionNode, seen: dict[str, int]) -> None:
    line = first_line(node)
    if node.name in seen:
        found.problem(
            line,
            f"function {node.name} is defined again (first at line {seen[node.name]}); "
            "rename or remove one",
        )
        return
    seen[node.name] = line
    if node.name.startswith(SETUP_PREFIX):
        found.setups.append(node)
    elif node.name.startswith(EVALUATION_PREFIX):
        found.evaluations.append(node)
    else:
        found.references.append(node)


def _collect_metadata(found: _Collected, line: int, name: str, value: ast.expr) -> None:
    if name not in METADATA_FIELDS:
        found.problem(line, unknown_field_message(name))
        return
    if name in found.metadata_lines:
        found.problem(
            line, f"{name} is assigned twice (first at line {found.metadata_lines[name]}); keep one"
        )
        return
    found.metadata_lines[name] = line
    try:
        found.metadata[name] = read_metadata_value(name, value)
    except MetadataProblem as problem:
        found.problem(line, str(problem))


def _pairs(found: _Collected) -> list[tuple[FunctionNode, FunctionNode]]:
    """Match setup and evaluation functions by suffix, recording every mismatch."""
    if not found.references:
        found.problem(
            1,
            "no reference function; define the action program as a top-level function named "
            "after the plan (not starting with setup_env_ or evaluate_)",
        )
        return []
    if len(found.references) > 1:
        first, *others = found.references
        for other in others:
            found.problem(
                first_line(other),
                f"two candidate reference functions, {first.name} (line {first_line(first)}) and "
                f"{other.name}; keep one (helpers belong inside the reference function, and "
                "setup/evaluation functions start with setup_env_ / evaluate_)",
            )
        return []
    plan = found.references[0].name
    setups = _by_suffix(found, found.setups, SETUP_PREFIX, plan, "setup")
    evaluations = _by_suffix(found, found.evaluations, EVALUATION_PREFIX, plan, "evaluation")
    for suffix, setup in setups.items():
        if suffix not in evaluations:
            wanted = EVALUATION_PREFIX + plan + (f"_{suffix}" if suffix else "")
            found.problem(
                first_line(setup),
                f"setup function {setup.name} has no matching {wanted}; add it or remove the setup",
            )
    for suffix, evaluation in evaluations.items():
        if suffix not in setups:
            wanted = SETUP_PREFIX + plan + (f"_{suffix}" if suffix else "")
            found.problem(
                first_line(evaluation),
                f"evaluation function {evaluation.name} has no matching {wanted}; add it or "
                "remove the evaluation",
            )
    if not found.setups and not found.evaluations:
        found.problem(
            first_line(found.references[0]),
            f"no setup/evaluation pair; add def {SETUP_PREFIX}{plan}(): ... and def "
            f"{EVALUATION_PREFIX}{plan}(query, executable, setup_function): ...",
        )
    return [(setup, evaluations[s]) for s, setup in setups.items() if s in evaluations]


def _by_suffix(
    found: _Collected, functions: list[FunctionNode], prefix: str, plan: str, role: str
) -> dict[str, FunctionNode]:
    matched: dict[str, FunctionNode] = {}
    for function in functions:
        suffix = variant_suffix(function.name, prefix, plan)
        if suffix is None:
            found.problem(
                first_line(function),
                f"{role} function {function.name} does not match the plan name {plan}; name it "
                f"{prefix}{plan} or {prefix}{plan}_<suffix>",
            )
            continue
        if role == "setup":
            signature = setup_signature_problem(function)
        else:
            signature = evaluation_signature_problem(function)
        if signature:
            found.problem(first_line(function), f"{signature}; fix its parameters")
        matched[suffix] = function
    return matched
