"""Running verifiers (outside the trusted kernel: it may make a run slower or stop it, never change a verdict).

* :mod:`.loader`, :mod:`.graph`, :mod:`.errors` -- finding item modules, the dependency graph, load and usage
  errors;
* :mod:`.runner`, :mod:`.pool`, :mod:`.forking`, :mod:`.interrupts` -- each verifier in a forked process with a time
  limit, clean Ctrl-C/SIGTERM, and propagation of verdicts along the graph;
* :mod:`.cache`, :mod:`.fingerprint`, :mod:`.dependencies`, :mod:`.replay` -- the results cache and its keys;
* :mod:`.dask_executor` -- verifiers on a Dask cluster; :mod:`.ablation` -- what rests on a dropped assumption.

It imports :mod:`checker.kernel`, never the reports or the interfaces.
"""
