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


def test_hook_flags_in_saves_deletes_and_batches(master):
    # disable_before_hook / ignore_hook put __ignore_hooks in every body, DELETE bodies and batch
    # DELETE bodies included (leancloud/object_.py); LCEmu runs no hooks and drops the flag.
    a = Object.create("Hooked", n=1)
    a.disable_before_hook()
    a.disable_after_hook()
    a.save()
    a.set("n", 2)
    a.save()
    b = Object.create("Hooked", n=3)
    b.save()
    b.ignore_hook("beforeDelete")
    a.ignore_hook("afterDelete")
    Object.destroy_all([a, b])
    assert Object.extend("Hooked").query.count() == 0
    c = Object.create("Hooked", n=4)
    c.save()
    c.disable_before_hook()
    c.destroy()
    assert Object.extend("Hooked").query.count() == 0
