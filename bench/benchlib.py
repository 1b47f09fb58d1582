"""What bench/run and bench/allocations share: the release binary, the keys, a signature, the
~300-byte Post both servers of ../shared/bench/compare-nio answer with."""
import hashlib, os, subprocess, sys, time

APP_ID, APP_KEY, MASTER = "lcemu-dev-app-id", "lcemu-dev-app-key", "lcemu-dev-master-key"
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


# The shipped build: the Dockerfile's `swift build` flags (keep the two alike), in a scratch path
# of its own so that it does not rebuild the ordinary release build in .build.
STATIC_FLAGS = ["--static-swift-stdlib", "-Xswiftc", "-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs"]
STATIC_SCRATCH = ".build-static"


def binary(static=False):
    """$LCEMU_BIN, else a release build of lcemu made here (its progress on stderr); `static`: the
    Docker image's build (`STATIC_FLAGS`) in `.build-static`."""
    if os.environ.get("LCEMU_BIN"):
        return os.environ["LCEMU_BIN"]
    extra = STATIC_FLAGS + ["--scratch-path", STATIC_SCRATCH] if static else []
    print("building release%s..." % (" (static, as the Docker image)" if static else ""), file=sys.stderr)
    subprocess.run(["swift", "build", "-c", "release", "--product", "lcemu"] + extra, cwd=ROOT, check=True, stdout=sys.stderr)
    path = subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"] + extra, cwd=ROOT, check=True,
                          capture_output=True, text=True).stdout.strip()
    return os.path.join(path, "lcemu")


def signature(milliseconds=None):
    """An `X-LC-Sign` value with the app key, stamped now or at `milliseconds` (spec §1.3)."""
    stamp = str(int(time.time() * 1000) if milliseconds is None else milliseconds)
    return "%s,%s" % (hashlib.md5((stamp + APP_KEY).encode()).hexdigest(), stamp)


def post(**fields):
    """A Post of about 300 bytes, with `fields` added."""
    return dict({"title": "t" * 40, "desc": "d" * 60, "body": "<p>" + "b" * 150 + "</p>"}, **fields)
