"""Queries through the SDK: every condition leancloud.Query exposes, include, select, count,
order, skip/limit, or/and, inner queries, scan and CQL with placeholders."""

import datetime

import leancloud
import pytest
from leancloud import GeoPoint, Object, Query


class Score(Object):
    pass


class Player(Object):
    pass


@pytest.fixture
def scores():
    players = [Player(name=n, level=i) for i, n in enumerate(["ann", "bob", "cy"])]
    Object.save_all(players)
    rows = [
        Score(points=10, name="Alpha", tags=["x", "y"], player=players[0], geo=GeoPoint(10, 10),
              at=datetime.datetime(2024, 1, 1, tzinfo=datetime.timezone.utc)),
        Score(points=20, name="beta", tags=["y"], player=players[1], geo=GeoPoint(20, 20),
              at=datetime.datetime(2024, 6, 1, tzinfo=datetime.timezone.utc)),
        Score(points=30, name="Gamma\nline", tags=[], player=players[2], geo=GeoPoint(60, 60), extra=True),
    ]
    Object.save_all(rows)
    return rows


def points(query):
    return sorted(s.get("points") for s in query.find())


def test_comparisons(scores):
    assert points(Score.query.equal_to("points", 20)) == [20]
    assert points(Score.query.not_equal_to("points", 20)) == [10, 30]
    assert points(Score.query.less_than("points", 20)) == [10]
    assert points(Score.query.less_than_or_equal_to("points", 20)) == [10, 20]
    assert points(Score.query.greater_than("points", 20)) == [30]
    assert points(Score.query.greater_than_or_equal_to("points", 20)) == [20, 30]
    after = datetime.datetime(2024, 3, 1, tzinfo=datetime.timezone.utc)
    assert points(Score.query.greater_than("at", after)) == [20]


def test_membership_and_arrays(scores):
    assert points(Score.query.contained_in("points", [10, 30])) == [10, 30]
    assert points(Score.query.not_contained_in("points", [10, 30])) == [20]
    assert points(Score.query.contains_all("tags", ["x", "y"])) == [10]
    assert points(Score.query.equal_to("tags", "y")) == [10, 20]
    assert points(Score.query.size_equal_to("tags", 0)) == [30]


def test_contains_all_over_a_scalar_field(scores):
    assert points(Score.query.contains_all("points", [20])) == [20]


def test_exists_and_regex(scores):
    assert points(Score.query.exists("extra")) == [30]
    assert points(Score.query.does_not_exist("extra")) == [10, 20]
    assert points(Score.query.startswith("name", "Al")) == [10]
    assert points(Score.query.endswith("name", "ta")) == [20]
    assert points(Score.query.contains("name", "amm")) == [30]
    assert points(Score.query.matched("name", "^a", ignore_case=True)) == [10]
    assert points(Score.query.matched("name", "^line$", multi_line=True)) == [30]


def test_geo(scores):
    origin = GeoPoint(10, 10)
    assert points(Score.query.near("geo", origin).limit(2)) == [10, 20]
    assert points(Score.query.within_kilometers("geo", origin, 2000)) == [10, 20]
    assert points(Score.query.within_miles("geo", origin, 10)) == [10]
    assert points(Score.query.within_radians("geo", origin, 1.0, 0.1)) == [20]
    assert points(Score.query.within_geo_box("geo", GeoPoint(5, 5), GeoPoint(25, 25))) == [10, 20]


def test_inner_queries(scores):
    low = Player.query.less_than("level", 2)
    assert points(Score.query.matches_query("player", low)) == [10, 20]
    assert points(Score.query.does_not_match_query("player", low)) == [30]
    names = Player.query.equal_to("name", "ann")
    players = Player.query.find()
    for player in players:
        player.set("title", "Alpha" if player.get("name") == "ann" else "x")
    Object.save_all(players)
    assert points(Score.query.matches_key_in_query("name", "title", names)) == [10]
    assert points(Score.query.does_not_match_key_in_query("name", "title", names)) == [20, 30]


def test_or_and(scores):
    either = Query.or_(Score.query.equal_to("points", 10), Score.query.equal_to("points", 30))
    assert points(either) == [10, 30]
    both = Query.and_(Score.query.greater_than("points", 10), Score.query.less_than("points", 30))
    assert points(both) == [20]


def test_include_select_order_skip_limit_count_first(scores):
    found = Score.query.include("player").select("points", "player").ascending("points").find()
    assert [s.get("player").get("name") for s in found] == ["ann", "bob", "cy"]
    assert not found[0].has("name")
    ordered = Score.query.descending("points").skip(1).limit(1).find()
    assert [s.get("points") for s in ordered] == [20]
    assert [s.get("points") for s in Score.query.ascending("name").add_descending("points").find()] == [10, 30, 20]
    assert Score.query.greater_than("points", 10).count() == 2
    assert Score.query.ascending("points").first().get("points") == 10
    assert Score.query.get(scores[0].id).get("points") == 10


def test_include_acl_needs_the_app_option(scores):
    # returnACL=true counts only when the app enables "include ACL in query results", off by
    # default as on LeanCloud (docs/access-control.md); the SDK says the same (query.py, include_acl).
    found = Score.query.include_acl().find()
    assert all(s.get_acl() is None for s in found)


def test_scan(master, scores):
    assert sorted(s.get("points") for s in Score.query.scan(batch_size=1)) == [10, 20, 30]
    # The where of a scan may not name its scan_key (docs/queries.md, "Scan").
    by_points = Score.query.exists("player").scan(batch_size=1, scan_key="-points")
    assert [s.get("points") for s in by_points] == [30, 20, 10]


def test_cql_with_and_without_placeholders(scores):
    result = Query.do_cloud_query("select * from Score where points > ? order by points", 15)
    assert [s.get("points") for s in result.results] == [20, 30]
    assert result.class_name == "Score"
    listed = Query.do_cloud_query("select * from Score where points in (?, ?)", [10, 30])
    assert sorted(s.get("points") for s in listed.results) == [10, 30]
    counted = Query.do_cloud_query("select count(*) from Score where points >= ?", 20)
    assert counted.count == 2
    plain = Query.do_cloud_query("select * from Score")
    assert len(plain.results) == 3
    # An empty list is still sent, as the JSON string "[]" (leancloud/query.py, do_cloud_query).
    empty = Query.do_cloud_query("select * from Score where points = 10", [])
    assert [s.get("points") for s in empty.results] == [10]


def test_query_errors_are_lean_cloud_errors(scores):
    with pytest.raises(leancloud.LeanCloudError) as error:
        Query("Score").greater_than("points", {"$bad": 1}).find()
    assert error.value.code != 0


# Cases of the SDK's own tests/test_query.py, which pass against LeanCloud.

def test_cql_with_a_list_and_no_placeholder(scores):
    result = Query.do_cloud_query("select count(*), * from Score where points < 100", ["points"])
    assert result.count == 3 and result.class_name == "Score" and len(result.results) == 3


def test_get_of_an_unknown_id_is_not_existed(scores):
    assert Score.query.get("NonexistentID").is_existed() is False


def test_include_of_a_field_that_is_no_pointer(scores):
    assert len(Score.query.include(["points"]).find()) == 3


def test_scan_over_a_key_with_equal_values(master):
    Object.save_all([Score(random=v) for v in [5, 1, 5, 3, 1, 9, 5]])
    seen = [s.get("random") for s in Score.query.scan(batch_size=2, scan_key="random")]
    assert seen == sorted(seen) and seen


def test_within_geo_box_with_coordinate_pairs(scores):
    # within_geo_box((0, 0), (11, 11)) sends {"$box": [[0, 0], [11, 11]]} ([lng, lat]), as in
    # the SDK's own test_within_geobox.
    assert points(Score.query.within_geo_box("geo", (0, 0), (15, 15))) == [10]
