"""The offline model's rule extractors, one module per item or family of items.

A module registers its extractors, settlers and completers with ``offline.registry`` when it is
imported; importing this package imports every module in it, so a new rule module needs no list
to be kept anywhere: adding the file is enough.
"""

from __future__ import annotations

import importlib
import pkgutil

for _module in pkgutil.iter_modules(__path__, prefix=f"{__name__}."):
    importlib.import_module(_module.name)
