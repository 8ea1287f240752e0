"""Readable placeholders in every command's help: ``Usage: gavel-agent run [OPTIONS] CASE`` and
``--out PATH`` rather than typer's ``{case}``, ``case <str>`` and ``<list[Path]>``."""

from __future__ import annotations

from pathlib import Path

import click
from typer.core import TyperArgument, TyperOption

# Placeholder by the option's value type; other types are named after the option (--items ITEMS).
TYPE_PLACEHOLDERS: dict[type, str] = {Path: "PATH", int: "N", float: "NUMBER"}


class ReadableArgument(TyperArgument):
    """An argument named by its placeholder alone, in the usage line and in the help's list."""

    def _usage_display_name(self) -> str:
        return self._rich_display_name() if self.required else f"[{self._rich_display_name()}]"

    def _rich_display_name(self) -> str:
        name = self.display_name_raw
        # A placeholder of several words ("RUN_A RUN_B [RUN ...]") already says how many it takes.
        return name + "..." if self.nargs != 1 and " " not in name else name

    def display_type_rich(self, ctx) -> str | None:  # the placeholder says it; no "<str>" beside it
        return None


def readable(command: click.Command) -> click.Command:
    """``command`` with a placeholder for every argument and every option that takes a value."""
    for param in command.params:
        if isinstance(param, TyperArgument):
            param.metavar = param.metavar or (param.name or "value").upper()
            # typer builds its own parameter classes; only their help formatting changes here.
            param.__class__ = ReadableArgument
        elif isinstance(param, TyperOption) and not (param.is_flag or param.count) and param.metavar is None:
            kind = param.type_descriptor.annotation
            param.metavar = TYPE_PLACEHOLDERS.get(kind) or (param.name or "value").upper()
    return command
