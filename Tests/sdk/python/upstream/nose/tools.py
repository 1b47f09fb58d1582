"""`nose.tools` as the SDK's upstream tests use it: assertions, `raises`, `with_setup`."""

import functools
import unittest

_case = unittest.TestCase()
_case.maxDiff = None

assert_equal = _case.assertEqual
assert_raises = _case.assertRaises
assert_true = _case.assertTrue


def ok_(expression, msg=None):
    assert expression, msg


def eq_(a, b, msg=None):
    assert a == b, msg or "%r != %r" % (a, b)


def raises(*exceptions):
    """The test passes only when it raises one of `exceptions` (nose.tools.raises)."""
    def decorate(test):
        @functools.wraps(test)
        def wrapper(*args, **kwargs):
            try:
                test(*args, **kwargs)
            except exceptions:
                return
            raise AssertionError("%s did not raise %s" % (test.__name__, " or ".join(e.__name__ for e in exceptions)))
        return wrapper
    return decorate


def with_setup(setup=None, teardown=None):
    """Marks a test with functions to call before and after it (nose.tools.with_setup);
    lcemu_upstream.py calls them."""
    def decorate(test):
        if setup:
            test.setup = setup
        if teardown:
            test.teardown = teardown
        return test
    return decorate
