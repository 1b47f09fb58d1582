"""docs/cloud-code.md's Python recipe, run as written (its port aside) under the CI recipe's
`lcemu exec --engine-command`: its function answers and its beforeSave refuses a review."""

import os
import re
import subprocess
import sys

from test_exec_engine import free_port

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

CHECK = """
import leancloud, os
from leancloud import cloud, LeanCloudError
leancloud.init(os.environ['LEANCLOUD_APP_ID'], app_key=os.environ['LEANCLOUD_APP_KEY'])
print(cloud.run('hello', name='lcemu'))
review = leancloud.Object.extend('Review')()
review.set('stars', 5)
try:
    review.save()
except LeanCloudError as error:
    print(error.code, error.error)
"""


def test_the_python_recipe_runs_under_exec(tmp_path):
    text = open(os.path.join(ROOT, "docs", "cloud-code.md")).read()
    recipe = re.search(r"```python\n(# engine\.py\n.*?)```", text, re.S).group(1)
    port = free_port()
    assert "3001" in recipe
    (tmp_path / "engine.py").write_text(recipe.replace("3001", str(port)))
    binary = os.environ.get("LCEMU_BINARY", ".build/debug/lcemu")
    outcome = subprocess.run(
        [binary, "exec", "--quiet", "--no-seed", "--engine", "http://127.0.0.1:%d" % port, "--hook-key", "my-hook-key",
         "--engine-command", "%s %s" % (sys.executable, tmp_path / "engine.py"), "--", sys.executable, "-c", CHECK],
        capture_output=True, text=True, timeout=120)
    assert outcome.returncode == 0, outcome.stderr
    lines = outcome.stdout.strip().splitlines()
    assert lines[-2:] == ["hello lcemu", "142 Cloud Code validation failed. Error detail : a review needs a comment"]
