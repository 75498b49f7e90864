"""What users call: the command line (:mod:`.cli`), the public API (:mod:`.api`, also ``checker.interfaces.api``) and the
pytest plugin (:mod:`.pytest_plugin`, also ``checker.interfaces.pytest_plugin``).

It may import every other layer; none imports it.
"""
