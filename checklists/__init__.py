"""Checklist specifications: the items an extraction fills, kept as data files.

Each spec file (``gavel.json``, ``cato.json``, ``cuad.json`` ...) lists its items
with a key, a display name, a group, a definition, a value shape and a category.
Both the agent and the evaluators read specs from here, so neither has to
import the other.
"""

from __future__ import annotations

import difflib
import json
import re
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, Field

SPEC_DIR = Path(__file__).parent

Category = Literal["temporal", "factual", "obligation", "numeric"]
# What a value's quotes must state besides its dates and figures (gavel_agent.tools.support): enough of
# its words ("text"), the name it gives ("name"), nothing more for a dated event ("date") or for a
# docket number or citation whose figures are quoted ("number"), or one of the item's deciding words
# ("decision", for a yes/no or either/or answer); or no check ("none": the value is a judgement the
# quote illustrates, such as a CATO factor, not something the quote states).
SupportCheck = Literal["text", "name", "date", "number", "decision", "none"]


class UnknownItemError(ValueError):
    """An item, group or spec name that the spec does not define."""


class GroupSpec(BaseModel):
    key: str
    name: str


class ItemSpec(BaseModel):
    key: str
    name: str
    group: str
    definition: str
    shape: Literal["single", "list"] = "list"
    category: Category = "factual"
    # Guidance for a reader (a model or a person): the form a value takes, what counts and what
    # does not, and one example value.
    value_format: str = ""
    include: list[str] = Field(default_factory=list)
    exclude: list[str] = Field(default_factory=list)
    example: str = ""
    # How many values a case summary's checklist holds for a list item where it has any: the median
    # (``typical_count``) and the largest (``max_count``) in the reference checklists the spec names
    # in ``counts_source``. The task message states them; the first-stop review flags items far above.
    typical_count: int | None = None
    max_count: int | None = None
    support: SupportCheck = "text"
    deciding_words: list[str] = Field(default_factory=list)  # for support "decision": word starts, lower case
    # Words of a category the reader assigns to a named organisation rather than quotes ("public interest
    # nonprofit (ACLU)"): the support check asks the quotes for the organisation's name only.
    category_words: list[str] = Field(default_factory=list)
    # Free-form extras some specs need (the CATO factor's side, how CUAD states the answer ...).
    # Where the offline model looks for an item is its own data: gavel_agent/offline/plans/.
    extra: dict = Field(default_factory=dict)

    def prompt_text(self) -> str:
        """The item as a task message shows it: one line, since the task message goes with every request.

        The line starts ``- key (``. The display name is shown only when the key is a code (CATO's ``F1``);
        a key made of words already names the item.
        """
        shape = "one value" if self.shape == "single" else "list"
        coded = not re.fullmatch(r"[a-z]+(?:_[a-z]+)*", self.key)
        parts = [f"- {self.key} ({shape}{'; ' + self.name if coded else ''}): {self.definition}"]
        if self.include:
            parts.append(f"Include: {'; '.join(self.include)}.")
        if self.exclude:
            parts.append(f"Not: {'; '.join(self.exclude)}.")
        if self.value_format:
            parts.append(f"Format: {self.value_format}.")
        if self.typical_count is not None:
            # The largest count seen is for the review's flag only: shown to a model, "max" read as a cap
            # (a hand-played run dropped real rulings to stay under it). The system prompt says it is no limit.
            parts.append(f"Typically {self.typical_count}.")
        if self.example:
            parts.append(f"E.g. {self.example}")
        return " ".join(parts)

    @property
    def underscore_key(self) -> str:
        """The key style GAVEL-Agent uses in its checklist.json (display name with underscores)."""
        return self.name.replace(" ", "_")


class ChecklistSpec(BaseModel):
    name: str
    title: str
    description: str = ""
    counts_source: str = ""  # where the items' typical_count and max_count come from
    groups: list[GroupSpec]
    items: list[ItemSpec]

    def item(self, key: str) -> ItemSpec:
        resolved = self.resolve(key)
        return next(i for i in self.items if i.key == resolved)

    @property
    def keys(self) -> list[str]:
        return [i.key for i in self.items]

    def resolve(self, name: str) -> str:
        """Map a key, display name or GAVEL underscore key to this spec's item key."""
        wanted = _fold(name)
        for item in self.items:
            if wanted in (_fold(item.key), _fold(item.name), _fold(item.underscore_key)):
                return item.key
        raise UnknownItemError(f"unknown item {name!r} in checklist {self.name!r}; valid items: {', '.join(self.keys)}")

    def try_resolve(self, name: str) -> str | None:
        try:
            return self.resolve(name)
        except UnknownItemError:
            return None

    def select(self, selection: str | list[str] | None) -> list[str]:
        """Item keys for ``all``, a group key, or item keys (comma-separated or a list)."""
        if selection is None:
            return self.keys
        parts = selection if isinstance(selection, list) else [selection]
        names = [p.strip() for part in parts for p in part.split(",") if p.strip()]
        if not names or any(n.lower() == "all" for n in names):
            return self.keys
        chosen: list[str] = []
        groups = {g.key: g for g in self.groups}
        for name in names:
            if name in groups:
                chosen += [i.key for i in self.items if i.group == name]
                continue
            try:
                chosen.append(self.resolve(name))
            except UnknownItemError:
                close = difflib.get_close_matches(name, [*groups, *self.keys], n=3)
                if close:
                    raise UnknownItemError(
                        f"unknown item or group {name!r}; did you mean {' or '.join(close)}?"
                    ) from None
                raise UnknownItemError(
                    f"unknown item or group {name!r}; groups: {', '.join(groups)}; items: {', '.join(self.keys)}"
                ) from None
        return list(dict.fromkeys(chosen))


def _fold(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "", name.lower())


def available() -> list[str]:
    return sorted(p.stem for p in SPEC_DIR.glob("*.json"))


_LOADED: dict[str, ChecklistSpec] = {}


def load_spec(name_or_path: str = "gavel") -> ChecklistSpec:
    """Load a bundled spec by name (``gavel``, ``cato``, ``cuad``) or a spec file by path.

    A spec loaded from a file is remembered under its name, so later look-ups by
    name find it too.
    """
    if name_or_path in _LOADED:
        return _LOADED[name_or_path]
    path = Path(name_or_path)
    if not path.suffix:
        path = SPEC_DIR / f"{name_or_path}.json"
    if not path.is_file():
        raise UnknownItemError(f"no checklist spec {name_or_path!r}; bundled specs: {', '.join(available())}")
    try:
        spec = ChecklistSpec.model_validate(json.loads(path.read_text(encoding="utf-8")))
    except (ValueError, UnicodeDecodeError) as e:
        raise UnknownItemError(f"{path}: not a valid checklist spec ({str(e).splitlines()[0]})") from None
    _LOADED[name_or_path] = _LOADED.setdefault(spec.name, spec)
    return spec
