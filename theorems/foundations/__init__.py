"""What the pages use but do not state: trusted analytic facts (Picard–Lindelöf, the mean value inequality, ...),
linear algebra, Frobenius's theorem and dimensional analysis.
"""
