# Sourced by the scripts that drive Python tools from PyPI against a real lcemu
# (verify-python-sdk, verify-dashboard, tiers/ci-examples): what they all need, written once.

# python_venv DIR PIN... — a virtual environment in DIR holding exactly PINs, made again
# whenever the pins change. On failure: status 1, the reason in $VENV_FAILURE, pip's last
# lines on standard error, and no half-made DIR left behind.
python_venv() {
  local venv=$1 python=${PYTHON:-python3}
  shift
  [ -x "$venv/bin/python" ] && [ "$(cat "$venv/.pins" 2>/dev/null)" = "$*" ] && return 0
  command -v "$python" >/dev/null 2>&1 || { VENV_FAILURE="no $python on PATH"; return 1; }
  rm -rf "$venv"
  mkdir -p "$(dirname "$venv")"
  "$python" -m venv "$venv" >/dev/null 2>&1 ||
    { VENV_FAILURE="'$python -m venv' failed (Debian: apt-get install python3-venv)"; return 1; }
  "$venv/bin/pip" install --quiet --disable-pip-version-check "$@" >"$venv/pip.log" 2>&1 ||
    { tail -5 "$venv/pip.log" >&2; rm -rf "$venv"; VENV_FAILURE="pip could not install $* from PyPI"; return 1; }
  echo "$*" >"$venv/.pins"
}

# lcemu_binary — builds the debug lcemu (what `swift test` built, if it ran) and prints its path.
lcemu_binary() {
  swift build --product lcemu >/dev/null && echo "$(swift build --show-bin-path)/lcemu"
}
