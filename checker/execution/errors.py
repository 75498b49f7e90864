"""The errors a user's input causes, shared by every layer that can meet them.

* :class:`LoadError` -- the items cannot form a dependency graph, or a module cannot be loaded: one line naming
  what and why (raised while loading; the CLI, the API and the plugin report it);
* :class:`UsageError` -- bad input on the command line or to a run (an option, an address): one line, exit code 2.
"""


class LoadError(Exception):
    """The items cannot form a dependency graph (duplicate, unknown id, cycle, bad module)."""


class UsageError(Exception):
    """Bad input from the user: one line, exit code 2."""
