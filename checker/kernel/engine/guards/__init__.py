"""Guards of the identity engine's evidence (part of the trusted kernel): breakpoints of a claim's conditions sampled
exactly (:mod:`.breakpoints`), and sympy's closed forms cross-checked against the unevaluated objects
(:mod:`.unevaluated`).  May import sympy, mpmath and the engine's own modules (``..symbolic``, ``..instances``,
``..randomized``); nothing outside the kernel."""
