"""Proof that the recipe isolates: every test signs up the same user name and saves one Post, so
under `-n 4` any two tests sharing data would fail (202 "username taken", or a query seeing
another test's Post)."""

import os

import leancloud
import pytest

Post = leancloud.Object.extend("Post")


def sign_up_and_post(n):
    user = leancloud.User()
    user.set_username("ada")
    user.set_password("secret")
    user.sign_up()
    post = Post()
    post.set("n", n)
    post.set("worker", os.environ.get("PYTEST_XDIST_WORKER", "none"))
    post.save()
    return [(found.get("n"), found.get("worker")) for found in leancloud.Query(Post).find()]


@pytest.mark.parametrize("n", range(24))
def test_each_test_has_an_app_of_its_own(app, n):
    assert sign_up_and_post(n) == [(n, os.environ.get("PYTEST_XDIST_WORKER", "none"))]


@pytest.mark.parametrize("n", range(8))
def test_each_worker_has_an_app_of_its_own(fresh_worker_app, n):
    assert fresh_worker_app.endswith(os.environ.get("PYTEST_XDIST_WORKER", "master"))
    assert sign_up_and_post(n) == [(n, os.environ.get("PYTEST_XDIST_WORKER", "none"))]


def test_the_tests_ran_in_parallel_workers():
    # `-n 4`: four worker processes, each named by xdist.
    assert os.environ.get("PYTEST_XDIST_WORKER", "").startswith("gw")
    assert os.environ.get("PYTEST_XDIST_WORKER_COUNT") == "4"
