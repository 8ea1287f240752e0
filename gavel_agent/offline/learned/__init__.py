"""The offline model's learned part: how it chooses among its rules' candidates (``selection``, read at
run time, with the candidates' ``features``), and how those choices are fitted (``corpus`` runs the
offline agent over coded records, ``train`` fits and writes ``fitted/<spec>.<item>.json``).

The rules (``offline.rules``) never import this package: a rule may be fixed without refitting, and
the choice reads what the rules found, not how.
"""
