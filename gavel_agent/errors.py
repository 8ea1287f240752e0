"""Errors a user sees as one line (bad input, a missing key ...), shared by the CLI, the
public API and the backends, so that no library module has to import the CLI."""

from __future__ import annotations


class UserError(Exception):
    """An expected failure (bad input, missing key ...): printed as one line, exit code 2."""
