"""Files through the SDK: upload (fileTokens → PUT to upload_url → fileCallback), a chosen
`key`, metadata, external URLs, fetch, query and delete."""

import io
from urllib.parse import urlparse

import leancloud
import requests
from leancloud import File, Object


def test_upload_serves_the_bytes_at_its_url():
    f = File("hello.txt", io.BytesIO(b"hello, lcemu"))
    f.metadata["purpose"] = "greeting"
    f.save()
    assert f.id and f.url and f.key
    assert f.mime_type == "text/plain"
    assert requests.get(f.url, timeout=10).content == b"hello, lcemu"
    fetched = File.create_without_data(f.id)
    fetched.fetch()
    assert fetched.name == "hello.txt"
    assert fetched.metadata["size"] == 12
    assert fetched.metadata["purpose"] == "greeting"
    assert fetched.metadata["_checksum"] == f.metadata["_checksum"]


def test_bytes_from_a_buffer_and_a_chosen_key(master):
    f = File("data.bin", b"\x00\x01\x02", mime_type="application/octet-stream")
    f.key = "chosen/path/data.bin"
    f.save()
    assert f.key == "chosen/path/data.bin"
    # The SDK's own tests check that a chosen key is the whole path of the URL.
    assert urlparse(f.url).path == "/" + f.key
    assert requests.get(f.url, timeout=10).content == b"\x00\x01\x02"


def test_external_file_and_file_fields_on_objects():
    external = File.create_with_url("logo.png", "https://example.com/logo.png", meta_data={"width": 10})
    external.save()
    uploaded = File("a.txt", b"a")
    holder = Object.create("Holder", attachment=uploaded, links=[external])
    holder.save()
    found = Object.extend("Holder").query.get(holder.id)
    assert found.get("attachment").url == uploaded.url
    assert found.get("links")[0].url == "https://example.com/logo.png"


def test_query_files_and_destroy(master):
    f = File("gone.txt", b"bye")
    f.save()
    assert File.query.equal_to("name", "gone.txt").count() == 1
    url = f.url
    f.destroy()
    assert requests.get(url, timeout=10).status_code == 404
    assert File.query.equal_to("name", "gone.txt").count() == 0


def test_destroy_without_master_key_is_refused():
    f = File("kept.txt", b"kept")
    f.save()
    try:
        f.destroy()
        raise AssertionError("the app key may not delete files")
    except leancloud.LeanCloudError as error:
        assert error.code == 403


def test_saved_file_reads_back_as_saved(master):
    # What the SDK's own tests/test_file.py checks against LeanCloud: createdAt equals updatedAt
    # (the upload does not count as an update), the metadata round-trips exactly, and every
    # uploaded file has a key, found by query and by scan.
    f = File("Lenna2.jpg", io.BytesIO(b"\xff\xd8\xff\xe0 not really a jpeg"))
    f.metadata["foo"] = "bar"
    f.save()
    assert f.created_at == f.updated_at
    fetched = File.create_without_data(f.id)
    fetched.fetch()
    assert fetched.metadata == f.metadata
    assert fetched.name == f.name and fetched.size == f.size and fetched.url == f.url
    assert fetched.mime_type == "image/jpeg"
    for found in list(File.query.find()) + list(leancloud.Query("File").scan()):
        assert isinstance(found, File)
        assert found.created_at == found.updated_at
        assert found.key and found.url and found.name and found.metadata
    assert f.get_thumbnail_url(100, 100).endswith("?imageView/2/w/100/h/100/q/100/format/png")
    assert requests.get(f.get_thumbnail_url(100, 100), timeout=10).status_code == 200
