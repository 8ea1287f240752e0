"""Errors a user sees as one line (bad input, a missing key ...), shared by the CLI, the
public API and the backends, so that no library module has to import the CLI."""

from __future__ import annotations


class UserError(Exception):
    """An expected failure (bad input, missing key ...): printed as one line, exit code 2."""

    exit_code = 2


class RunFailed(UserError):
    """A run that stopped before finishing (its model server failed, too many malformed calls): one line
    saying how to continue it, exit code 1 as for any failure that is not the input's fault."""

    exit_code = 1
