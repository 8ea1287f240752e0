"""The ground floor: text facts every other part reads the same way.

Value parsing (dates, numbers, durations), page maps, the court-paper patterns (CM/ECF stamps, captions,
docket numbers) and the text-in/text-out LLM interface. This package imports only the standard library,
third-party packages and the data packages; everything else in gavel_agent may import it.
"""
