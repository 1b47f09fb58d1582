def assert_equal(first, second, message=None):
    assert first == second, message or "%r != %r" % (first, second)
