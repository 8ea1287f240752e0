"""The ``--verify`` stage: challenge every stored value and decide under asymmetric gates.

stage.py           the stage itself: challenges, gates, decisions and its record
llm_challenger.py  the challenges put to a language model
roles.py           who challenges and who proposes, chosen from the run's model
"""
