"""The one name the SDK's upstream tests take from nose (unmaintained, and not importable on
current Pythons): `nose.tools.assert_equal`."""
