"""Checks the CI recipes under examples/ (docs/ci.md) without containers: run by the tier
scripts/tiers/ci-examples with a PyYAML of its own virtual environment.

Each YAML file is parsed (a syntax error fails with the file's name), its structure checked
(the healthcheck, the ports, the variables the app reads), and every command in it that can run
here is run against the real `lcemu` (given as the first argument): a service container becomes
`lcemu serve` on a free port with the service's environment, its health check `lcemu healthcheck`
on that port, and the job's or app's command runs with the job's environment, the service's
address (`127.0.0.1:3000`, `lcemu:3000`) pointed at that port, and lcemu on PATH. Steps that
only exist on a CI service (`uses:` actions, the build of lcemu itself, `$GITHUB_PATH`) are
listed as skipped. Prints one line per check; exits 1 when any fails.
"""
import os, re, shutil, subprocess, sys, tempfile
import yaml

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
EXAMPLES = os.path.join(ROOT, "examples")
LCEMU = os.path.abspath(sys.argv[1])
failures = []


def check(name, condition, detail=""):
    print(("PASS: " if condition else "FAIL: ") + name + ("" if condition else "  (%s)" % detail))
    if not condition:
        failures.append(name)


def load(relative):
    path = os.path.join(EXAMPLES, relative)
    try:
        with open(path) as text:
            document = yaml.safe_load(text)
        check("%s parses as YAML" % relative, isinstance(document, dict), "not a mapping")
        return document or {}
    except yaml.YAMLError as error:
        check("%s parses as YAML" % relative, False, str(error).replace("\n", " "))
        return {}


def interpolate(value):
    """Compose's `${NAME:-default}`, with nothing set here: the default."""
    return re.sub(r"\$\{[A-Za-z_]+:-([^}]*)\}", r"\1", str(value))


class Emulator:
    """`lcemu serve` standing in for a service container, with the service's environment."""

    def __init__(self, environment):
        env = dict(os.environ, **{k: str(v) for k, v in (environment or {}).items()})
        env.pop("LCEMU_PORT", None)
        self.work = tempfile.mkdtemp(prefix="lcemu-ci-examples-")
        self.process = subprocess.Popen([LCEMU, "serve", "--port", "0", "--host", "127.0.0.1"], env=env, cwd=self.work,
                                        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        line = self.process.stdout.readline()
        match = re.search(r"listening on http://127\.0\.0\.1:(\d+)", line)
        if not match:
            self.stop()
            raise RuntimeError("lcemu serve did not start: %r" % line)
        self.port = match.group(1)

    def healthy(self, command):
        """The service's health check command, run against this emulator."""
        env = dict(os.environ, LCEMU_PORT=self.port, LCEMU_HOST="127.0.0.1", PATH=path_with_lcemu())
        return subprocess.run(command, env=env, capture_output=True).returncode == 0

    def address(self, value):
        return re.sub(r"\b(127\.0\.0\.1|localhost|lcemu):3000\b", "127.0.0.1:" + self.port, str(value))

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=10)
        shutil.rmtree(self.work, ignore_errors=True)


def path_with_lcemu():
    return os.path.dirname(LCEMU) + os.pathsep + os.environ.get("PATH", "")


def run(name, command, environment, cwd=ROOT, emulator=None):
    env = dict(os.environ, PATH=path_with_lcemu())
    for key, value in (environment or {}).items():
        env[key] = emulator.address(value) if emulator else str(value)
    shell = ["bash", "-eo", "pipefail", "-c", command] if isinstance(command, str) else command
    result = subprocess.run(shell, env=env, cwd=cwd, capture_output=True, text=True, timeout=120)
    check("%s runs here and exits 0" % name, result.returncode == 0,
          "exit %d: %s" % (result.returncode, (result.stdout + result.stderr).strip()[-300:]))
    return result


def service_health_command(options):
    """The `--health-cmd "…"` of a GitHub service's options, as an argument list."""
    match = re.search(r'--health-cmd\s+"([^"]+)"', options or "")
    return match.group(1).split() if match else None


def github_service_container():
    workflow = load("github-actions/service-container.yml")
    job = (workflow.get("jobs") or {}).get("integration") or {}
    service = (job.get("services") or {}).get("lcemu") or {}
    check("service-container.yml: lcemu service publishes 3000", "3000:3000" in [str(p) for p in service.get("ports", [])])
    health = service_health_command(service.get("options"))
    check("service-container.yml: the health check is `lcemu healthcheck`", health == ["lcemu", "healthcheck"], health)
    emulator = Emulator(service.get("env"))
    try:
        check("service-container.yml: the health check passes once lcemu serves", bool(health) and emulator.healthy(health))
        for step in job.get("steps", []):
            if "uses" in step:
                print("SKIP: service-container.yml: %s (a GitHub action)" % step["uses"])
            else:
                run("service-container.yml: step '%s'" % step.get("name", step["run"]), step["run"],
                    dict(job.get("env") or {}, **(step.get("env") or {})), emulator=emulator)
    finally:
        emulator.stop()


def github_lcemu_exec():
    workflow = load("github-actions/lcemu-exec.yml")
    job = (workflow.get("jobs") or {}).get("integration") or {}
    ran = 0
    for step in job.get("steps", []):
        if "uses" in step:
            print("SKIP: lcemu-exec.yml: %s (a GitHub action)" % step["uses"])
        elif "GITHUB_PATH" in step["run"]:
            print("SKIP: lcemu-exec.yml: step '%s' (builds lcemu: the binary under test stands in)" % step.get("name"))
        else:
            # The app's checkout is this repository: `working-directory: app` is its root.
            run("lcemu-exec.yml: step '%s'" % step.get("name"), step["run"], step.get("env"), cwd=ROOT)
            ran += 1
            exported = os.path.join(ROOT, "lcemu-data.json")
            check("lcemu-exec.yml: --export-on-exit wrote the emulator's data", os.path.exists(exported))
            if os.path.exists(exported):
                os.remove(exported)
    check("lcemu-exec.yml: an `lcemu exec` step ran", ran == 1, "ran %d" % ran)


def gitlab_ci():
    pipeline = load("gitlab-ci/.gitlab-ci.yml")
    job = pipeline.get("integration") or {}
    services = job.get("services") or []
    aliases = [s.get("alias") for s in services if isinstance(s, dict)]
    check(".gitlab-ci.yml: one service, alias lcemu", aliases == ["lcemu"], aliases)
    variables = job.get("variables") or {}
    check(".gitlab-ci.yml: the app reaches the service by its alias",
          variables.get("LEANCLOUD_API_SERVER") == "http://lcemu:3000", variables.get("LEANCLOUD_API_SERVER"))
    # GitLab passes the job's variables to its services.
    emulator = Emulator({k: v for k, v in variables.items() if k.startswith("LCEMU_")})
    try:
        for line in job.get("script", []):
            run(".gitlab-ci.yml: script '%s'" % line, line, variables, emulator=emulator)
    finally:
        emulator.stop()


def compose():
    document = load("compose/compose.yaml")
    services = document.get("services") or {}
    lcemu, app = services.get("lcemu") or {}, services.get("app") or {}
    health = (lcemu.get("healthcheck") or {}).get("test")
    check("compose.yaml: lcemu's healthcheck is the image's", health == ["CMD", "lcemu", "healthcheck"], health)
    check("compose.yaml: app waits until lcemu is healthy",
          ((app.get("depends_on") or {}).get("lcemu") or {}).get("condition") == "service_healthy")
    check("compose.yaml: images default when LCEMU_IMAGE and APP_IMAGE are not set",
          interpolate(lcemu.get("image")) == "lcemu:0.1.0" and interpolate(app.get("image")) == "python:3.12-slim")
    emulator = Emulator(lcemu.get("environment"))
    try:
        check("compose.yaml: lcemu's healthcheck passes once it serves", emulator.healthy(health[1:]))
        # The app's volumes, mapped back to the host: `../app:/app:ro` runs /app/… from examples/app.
        command = list(app.get("command") or [])
        for volume in app.get("volumes", []):
            host, inside = volume.split(":")[:2]
            source = os.path.normpath(os.path.join(EXAMPLES, "compose", host))
            command = [source + arg[len(inside):] if arg.startswith(inside + "/") else arg for arg in command]
        run("compose.yaml: the app's command", command, app.get("environment"), emulator=emulator)
    finally:
        emulator.stop()


if __name__ == "__main__":
    for recipe in (github_service_container, github_lcemu_exec, gitlab_ci, compose):
        try:
            recipe()
        except Exception as error:  # a recipe that cannot even be set up fails, the others still run
            check(recipe.__name__, False, "%s: %s" % (type(error).__name__, error))
    print("ci-examples: %s" % ("%d check(s) FAILED" % len(failures) if failures else "all checks passed"))
    sys.exit(1 if failures else 0)
