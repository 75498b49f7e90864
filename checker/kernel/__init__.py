"""The trusted kernel: what must be right for a ``proved`` to be right.

Read in this order (the "how to audit a proved" page of the documentation walks through it):

* :mod:`.assumptions`, :mod:`.items` -- items and the assumptions they rest on;
* :mod:`.checks` -- what a verifier records (claim and supporting checks) and :mod:`.constant_facts` (a fact
  written as a constant is no evidence);
* :mod:`.evidence` -- check records and the rules that derive a verdict from them; :mod:`.analysis` -- which
  hypotheses are necessary;
* :mod:`.proof` -- checked proofs (each step and its rule); :mod:`.deduction` -- checked deductions (first-order
  steps over formulas, cited formulas, lemmas from proofs); :mod:`.decision` -- decision results;
* :mod:`.engine` -- the identity engine (instances, pointwise and exact zero tests, relations, shrinking, matrix
  shapes).

It imports the standard library, sympy, mpmath and hypothesis, and nothing of :mod:`checker` outside this
package (not the runner, the cache, the reports, the CLI, the API or the plugin): a test reads every import.
"""
