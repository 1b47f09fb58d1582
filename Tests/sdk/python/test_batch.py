"""Batch through the SDK: Object.save_all and Object.destroy_all (POST /1.1/batch)."""

import leancloud
from leancloud import Object


class Item(Object):
    pass


def test_save_all_then_destroy_all():
    items = [Item(n=i) for i in range(5)]
    Object.save_all(items)
    assert all(item.id for item in items)
    for item in items:
        item.increment("n", 10)
    Object.save_all(items)
    assert sorted(i.get("n") for i in Item.query.find()) == [10, 11, 12, 13, 14]
    Object.destroy_all(items)
    assert Item.query.count() == 0


def test_batch_errors_surface_as_lean_cloud_error():
    item = Item(n=1)
    item.save()
    ghost = Item.create_without_data(item.id)
    item.destroy()
    ghost.set("n", 2)
    try:
        Object.save_all([ghost])
        raise AssertionError("saving a deleted object should fail")
    except leancloud.LeanCloudError as error:
        assert error.code == 101
