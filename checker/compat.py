"""Old module names that still import: each is an alias of the module it moved to (one module object, two names).

``ModuleAliases.install({"checker.execution.runner": "checker.execution.runner"})`` puts a finder on ``sys.meta_path``:
``import checker.execution.runner`` then imports ``checker.execution.runner`` and binds the same module object to the old
name too, so ``from checker.execution.runner import run`` and a patch of ``checker.execution.runner.run`` reach the one module.
"""
import importlib
import importlib.abc
import importlib.util
import sys


class ModuleAliases(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Imports an old module name as the module it moved to (one finder on ``sys.meta_path`` for every alias)."""

    def __init__(self):
        self.moved: dict = {}

    @classmethod
    def install(cls, moved: dict) -> "ModuleAliases":
        """Add the aliases ``moved`` (old name -> new name) to the one finder on ``sys.meta_path``."""
        finder = next((f for f in sys.meta_path if isinstance(f, cls)), None)
        if finder is None:
            finder = cls()
            sys.meta_path.append(finder)
        finder.moved.update(moved)
        return finder

    def find_spec(self, fullname, path=None, target=None):
        if fullname not in self.moved:
            return None
        return importlib.util.spec_from_loader(fullname, self)

    def create_module(self, spec):
        module = importlib.import_module(self.moved[spec.name])
        spec.loader_state = module.__spec__  # the import system now sets the alias's spec on the module ...
        return module

    def exec_module(self, module):
        module.__spec__ = module.__spec__.loader_state  # ... which gets its own back
