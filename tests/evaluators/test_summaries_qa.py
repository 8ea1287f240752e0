"""QA grading of summaries: hand-made summaries with known outcomes, offline and through a fake model."""

import json

import pytest

from gavel_agent import prompts
from gavel_agent.evaluators.summaries.evaluate import model_grader
from gavel_agent.evaluators.summaries.qa_llm import QAReplyError, grade_with_model
from gavel_agent.evaluators.summaries.qa_offline import grade_offline, offline_pairs
from gavel_agent.evaluators.summaries.qa_report import NOT_STATED, QAPair, report
from gavel_agent.evaluators.summaries.qa_roles import role_of
from gavel_agent.text.llm import ReplyCache, cached

REFERENCE = (
    "In March 2019, residents of Marlow County filed a class action against the county sheriff. "
    "The plaintiffs alleged that overcrowding at the county jail violated the Eighth Amendment. "
    "The court found that the plaintiffs were likely to succeed because the jail held twice its rated capacity. "
    "In June 2019, the court granted a preliminary injunction capping the jail population at 400. "
    "The parties settled in 2021 and the court approved a consent decree requiring a new medical unit."
)
ISSUES_AND_REASONS = (
    "Marlow County residents brought a class action in March 2019 against the county sheriff. "
    "They alleged that jail overcrowding violated the Eighth Amendment. "
    "Because the jail held twice its rated capacity, the court found the plaintiffs likely to succeed."
)
CONCLUSIONS = (
    "The court granted a preliminary injunction in June 2019 that capped the jail population at 400. "
    "In 2021 the parties settled, and the court approved a consent decree requiring a new medical unit."
)
FULL = f"{ISSUES_AND_REASONS} {CONCLUSIONS}"
# Mentions the injunction, but only as something asked for: the outcome is still missing.
NO_CONCLUSION = f"{ISSUES_AND_REASONS} The plaintiffs sought a preliminary injunction."


def test_reference_sentences_get_the_roles_their_cues_name():
    assert [p.role for p in offline_pairs(REFERENCE)] == ["issue", "issue", "reason", "conclusion", "conclusion"]
    assert role_of("The weather was mild that spring.") is None


def test_a_faithful_paraphrase_answers_every_question():
    result = grade_offline(REFERENCE, FULL)
    assert result.score == 1.0
    assert all(a.grade >= 8 for a in result.answers)


def test_omitting_the_conclusion_loses_exactly_the_conclusion_questions():
    full, cut = grade_offline(REFERENCE, FULL), grade_offline(REFERENCE, NO_CONCLUSION)
    lost = [a.question for a, b in zip(full.answers, cut.answers) if a.yes and not b.yes]
    assert lost == [a.question for a in cut.answers if a.role == "conclusion"]
    assert cut.by_role["conclusion"].score == 0.0
    assert cut.by_role["issue"].score == cut.by_role["reason"].score == 1.0
    assert cut.score == pytest.approx(3 / 5)


def test_an_unrelated_candidate_answers_nothing_and_every_output_says_it_is_lexical():
    result = grade_offline(REFERENCE, "Zebras graze on savannah grasses.")
    assert {a.candidate_answer for a in result.answers} == {NOT_STATED}
    assert result.score == 0.0 and result.method == "offline"
    assert "lexical approximation" in result.note


def test_threshold_is_inclusive_and_roles_without_questions_have_no_score():
    pairs = [QAPair(role="issue", question="q1", answer="a1"), QAPair(role="issue", question="q2", answer="a2")]
    result = report(pairs, ["x", "y"], [5, 4], method="m", note="n", threshold=5)
    assert [a.yes for a in result.answers] == [True, False]
    assert result.by_role["issue"].score == 0.5
    assert result.by_role["reason"].score is None and result.by_role["reason"].questions == 0


class FakeModel:
    """Writes the offline questions, answers when most of a question's words are in the summary, grades 10 or 0."""

    def __init__(self):
        self.calls = {"qa_questions": 0, "qa_answer": 0, "qa_grade": 0}

    def __call__(self, system: str, user: str) -> str:
        kind = next(name for name in self.calls if system == prompts.load(name))
        self.calls[kind] += 1
        if kind == "qa_questions":
            pairs = [p.model_dump() for p in offline_pairs(user.split("\n\n", 1)[1])]
            return "Here you go:\n```json\n" + json.dumps(pairs) + "\n```"
        if kind == "qa_answer":
            summary = user.split("\n\nQuestions:\n")[0]
            questions = user.split("\n\nQuestions:\n")[1].splitlines()
            answers = []
            for i, line in enumerate(questions, 1):
                words = line.split("about ", 1)[-1].split("regarding ", 1)[-1].split("concerning ", 1)[-1]
                terms = [w.strip(" ?").lower() for w in words.split(",")]
                found = sum(t in summary.lower() for t in terms) > len(terms) / 2
                answers.append({"id": i, "answer": "yes, stated" if found else NOT_STATED})
            return json.dumps(answers)
        items = json.loads(user)
        return json.dumps(
            [{"id": it["id"], "grade": 0 if it["candidate_answer"] == NOT_STATED else 10} for it in items]
        )


def test_model_path_grades_through_the_completer_and_keeps_every_record():
    fake = FakeModel()
    result = grade_with_model(REFERENCE, NO_CONCLUSION, fake, "fake:model")
    assert fake.calls == {"qa_questions": 1, "qa_answer": 1, "qa_grade": 1}
    assert [a.yes for a in result.answers] == [True, True, True, False, False]
    assert [a.candidate_answer for a in result.answers if a.role == "conclusion"] == [NOT_STATED, NOT_STATED]
    assert result.method == "fake:model" and "fake:model" in result.note


def test_model_grader_writes_questions_once_per_reference_and_the_cache_replays_replies(tmp_path):
    fake = FakeModel()
    grader = model_grader(cached(fake, ReplyCache(tmp_path / "cache.json", "fake:model")), "fake:model")
    first = [grader(REFERENCE, c).score for c in (FULL, NO_CONCLUSION)]
    assert fake.calls == {"qa_questions": 1, "qa_answer": 2, "qa_grade": 2}
    replay = model_grader(cached(fake, ReplyCache(tmp_path / "cache.json", "fake:model")), "fake:model")
    assert [replay(REFERENCE, c).score for c in (FULL, NO_CONCLUSION)] == first == [1.0, 0.6]
    assert fake.calls == {"qa_questions": 1, "qa_answer": 2, "qa_grade": 2}


@pytest.mark.parametrize(
    "reply, message",
    [
        ("no json here", "holds no JSON"),
        ('[{"role": "holding", "question": "q", "answer": "a"}]', "unknown role"),
        ("[]", "no questions"),
    ],
)
def test_malformed_question_replies_are_clear_errors(reply, message):
    with pytest.raises(QAReplyError, match=message):
        grade_with_model(REFERENCE, FULL, lambda system, user: reply, "fake:model")


def test_a_grade_reply_that_skips_a_question_is_an_error():
    pairs = [QAPair(role="issue", question="q1", answer="a1"), QAPair(role="reason", question="q2", answer="a2")]
    replies = iter(['[{"id": 1, "answer": "x"}, {"id": 2, "answer": "y"}]', '[{"id": 1, "grade": 7}]'])
    with pytest.raises(QAReplyError, match="no grade for question"):
        grade_with_model(REFERENCE, FULL, lambda s, u: next(replies), "fake:model", pairs=pairs)
