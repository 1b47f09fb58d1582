#!/usr/bin/env python3
"""Writes Org.json, Owner.json and Item.json for bench/query into DIR: N items with a category
(100 values), a score (0..1e6), a name (random letters) and an owner pointer; owners point to orgs."""
import json, random, sys

def oid(prefix, n):
    return f"{prefix}{n:016x}"

def main(directory, count):
    rng = random.Random(42)
    orgs = [{"objectId": oid("0a0a0a0a", i), "name": f"org{i}"} for i in range(10)]
    owners = [{"objectId": oid("0b0b0b0b", i), "name": f"owner{i}",
               "org": {"__type": "Pointer", "className": "Org", "objectId": orgs[i % 10]["objectId"]}}
              for i in range(1000)]
    letters = "abcdefghijklmnopqrstuvwxyz"
    items = []
    for i in range(count):
        items.append({
            "objectId": oid("0c0c0c0c", i),
            "category": f"c{rng.randrange(100)}",
            "score": rng.randrange(1_000_000),
            "name": "".join(rng.choice(letters) for _ in range(8)),
            "owner": {"__type": "Pointer", "className": "Owner", "objectId": owners[rng.randrange(1000)]["objectId"]},
        })
    for name, data in (("Org", orgs), ("Owner", owners), ("Item", items)):
        with open(f"{directory}/{name}.json", "w") as f:
            json.dump(data, f)

if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]))
