"""The review workbench: a local web page where a person checks each extracted value against its
evidence and records a verdict (``gavel-agent review``).

runs.py       the run folders being reviewed and the case documents behind them
case_facts.py a run's caption, court and docket number, for the list and the case header
decisions.py  one run's decisions: review.jsonl and checklist_reviewed.json
selection.py  a value added from text a person selected, checked like the agent's quotes
comparing.py  two runs of one case side by side; the person's choices make a reference checklist
export.py     reviewed checklists as JSON and CSV
server.py     the Starlette app (templates/ and static/ hold its pages)
"""
