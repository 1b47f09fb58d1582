"""Starts the services of examples/compose/compose.yaml with Podman, as a compose tool would,
for scripts/verify-docker (docs/ci.md): no compose tool is installed here, and Podman without
systemd runs no health checks by itself, so this reads the file and makes the podman calls.

    python3 scripts/verify_compose.py COMPOSE_FILE PROJECT -- podman [global options…]

LCEMU_IMAGE and APP_IMAGE in the environment fill the file's `${…:-default}` images. Honoured:
`image`, `environment`, `volumes` (relative host paths), `healthcheck.test` (CMD form),
`depends_on: {condition: service_healthy}` and `command`, on one network where each service
is reachable by its name. Prints PASS/FAIL lines; exits 1 when the last service (the app) does
not exit 0, or a service never turns healthy.
"""
import os, re, subprocess, sys, time
import yaml

compose_file, project = sys.argv[1], sys.argv[2]
podman = sys.argv[sys.argv.index("--") + 1:]
base = os.path.dirname(os.path.abspath(compose_file))
with open(compose_file) as text:
    services = yaml.safe_load(text)["services"]
network = project + "-net"


def pm(*args, check=True):
    result = subprocess.run(podman + list(args), capture_output=True, text=True)
    if check and result.returncode != 0:
        raise RuntimeError("podman %s: %s" % (" ".join(args[:2]), result.stderr.strip()[-300:]))
    return result


def interpolate(value):
    return re.sub(r"\$\{([A-Za-z_]+):-([^}]*)\}", lambda m: os.environ.get(m.group(1)) or m.group(2), str(value))


def start(name, service, detach=True):
    args = ["run", "-d", "--name", "%s-%s" % (project, name), "--network", network, "--network-alias", name]
    for key, value in (service.get("environment") or {}).items():
        args += ["-e", "%s=%s" % (key, value)]
    for volume in service.get("volumes") or []:
        host, rest = volume.split(":", 1)
        args += ["-v", "%s:%s" % (os.path.normpath(os.path.join(base, host)), rest)]
    test = (service.get("healthcheck") or {}).get("test")
    if test:
        args += ["--health-cmd", '["%s"]' % '","'.join(test[1:])]  # CMD form: the argument list
    args.append(interpolate(service["image"]))
    args += [str(part) for part in service.get("command") or []]
    pm(*args)


def wait_healthy(name, deadline=60):
    container = "%s-%s" % (project, name)
    end = time.time() + deadline
    while time.time() < end:
        if pm("healthcheck", "run", container, check=False).returncode == 0:
            return True
        time.sleep(1)
    return False


def main():
    failures = 0
    pm("network", "create", network)
    try:
        order = sorted(services, key=lambda name: len(services[name].get("depends_on") or {}))
        for name in order:
            for dependency, rule in (services[name].get("depends_on") or {}).items():
                if rule.get("condition") == "service_healthy":
                    healthy = wait_healthy(dependency)
                    print(("PASS" if healthy else "FAIL") + ": compose: %s turns healthy before %s starts" % (dependency, name))
                    failures += 0 if healthy else 1
            start(name, services[name])
        app = "%s-%s" % (project, order[-1])
        status = pm("wait", app).stdout.strip()
        logs = pm("logs", app, check=False)
        print((logs.stdout + logs.stderr).rstrip())
        passed = status == "0"
        print(("PASS" if passed else "FAIL") + ": compose: %s exits 0 (exit %s)" % (order[-1], status))
        failures += 0 if passed else 1
    finally:
        for name in services:
            pm("rm", "-f", "-t", "0", "%s-%s" % (project, name), check=False)
        pm("network", "rm", "-f", network, check=False)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    try:
        main()
    except RuntimeError as error:
        print("FAIL: compose: %s" % error)
        sys.exit(1)
