"""A stand-in for nose, just the part the SDK's upstream tests import (`nose.tools`).

The SDK's tests (leancloud 3.0.2, tests/) were written for nose, which does not install on the
Python versions the tier runs; pytest runs them through lcemu_upstream.py, which also calls the
`setup`/`teardown` functions nose would have called.
"""
