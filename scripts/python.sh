#!/usr/bin/env bash
# Builds the Python module lgvci (pybind11 over the C++ library, docs/python.md) and installs it for
# the `python3` first on PATH and, when that is another interpreter, for Debian's /usr/bin/python3.
# Installs what it needs, only if missing (Debian: python3-dev, pybind11-dev, python3-pybind11,
# python3-numpy; python3-matplotlib for the plots of `python3 -m lgvci.reproduce` and the notebook's pictures,
# python3-scipy for a polyhedron's hull in them). Safe to run any number of
# times: an unchanged tree rebuilds nothing.
#
# The module is built in the native build (build/native, preset native: its library is position-
# independent, so the extension links it as it is, and test.sh's native stage has already compiled it)
# for the first interpreter; another interpreter whose extension suffix (EXT_SUFFIX: the same CPython
# ABI, e.g. two 3.11s) is the same takes the same file, one with another ABI gets a build of its own
# (build/python-<suffix>). The package folder lgvci/ goes into each interpreter's site-packages when
# that is writable, else into its user site. An interpreter without NumPy (a pyenv Python, say) of Debian's
# minor version gets a .pth file in that folder that appends Debian's /usr/lib/python3/dist-packages
# to its path, so it imports Debian's NumPy.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

APT_PACKAGES=(cmake ninja-build g++ libeigen3-dev nlohmann-json3-dev python3 python3-dev pybind11-dev python3-pybind11 python3-numpy python3-matplotlib python3-scipy)
missing=()
for p in "${APT_PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "python.sh: installing Debian packages: ${missing[*]}"
  SUDO=""; [[ $(id -u) == 0 ]] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
# No compiler launcher of its own: the native build keeps the one it was configured with (a different
# launcher is a different command line, and ninja would rebuild the whole library for it).

# The interpreters: python3 on PATH, and Debian's when it is another one (compared by sys.executable's real path).
interpreters=()
for py in "$(command -v python3 || true)" /usr/bin/python3; do
  [[ -n $py && -x $py ]] || continue
  real=$("$py" -c 'import os, sys; print(os.path.realpath(sys.executable))')
  for seen in "${interpreters[@]:-}"; do [[ ${seen#*|} == "$real" ]] && continue 2; done
  interpreters+=("$py|$real")
done

built=()  # "suffix|build folder" of each module built so far
for entry in "${interpreters[@]}"; do
  py=${entry%%|*} real=${entry#*|}
  ver=$("$py" -c 'import sys; print("%d.%d" % sys.version_info[:2])')
  suffix=$("$py" -c 'import sysconfig; print(sysconfig.get_config_var("EXT_SUFFIX"))')
  build=""
  for b in "${built[@]:-}"; do [[ ${b%%|*} == "$suffix" ]] && build=${b#*|}; done
  if [[ -n $build ]]; then
    echo "python.sh: $real (Python $ver): the module built for ${suffix} serves it too"
  else
    if ((${#built[@]} == 0)); then
      build="$ROOT/build/native"
      cmake --preset native -DLGVCI_PYTHON=ON -DPython3_EXECUTABLE="$real" >/dev/null
    else
      build="$ROOT/build/python-${suffix//[^A-Za-z0-9_-]/_}"
      cmake -S "$ROOT" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DLGVCI_PYTHON=ON -DLGVCI_BUILD_TESTS=OFF \
        -DLGVCI_BUILD_CLI=OFF -DLGVCI_INSTALL=OFF -DCMAKE_POSITION_INDEPENDENT_CODE=ON -DPython3_EXECUTABLE="$real" >/dev/null
    fi
    echo "python.sh: $real (Python $ver, ${suffix}): building in ${build#"$ROOT"/}"
    cmake --build "$build" --target lgvci_python
    built+=("$suffix|$build")
  fi

  # Where it goes: the interpreter's site-packages if writable (a pyenv's, or Debian's as root), else its user site.
  dest=$("$py" - <<'EOF'
import os, site, sysconfig
purelib = sysconfig.get_paths()["purelib"]
if os.access(purelib if os.path.isdir(purelib) else os.path.dirname(purelib), os.W_OK):
    print(purelib)
else:
    print(site.getusersitepackages())
EOF
)
  # The package with its subpackages (lgvci/family_parts/<package>/: the families' notebook parts),
  # without the __pycache__ folders a run from the build tree leaves.
  while IFS= read -r -d '' f; do
    rel=${f#"$build/python/"}
    mkdir -p "$dest/${rel%/*}"
    cmp -s "$f" "$dest/$rel" 2>/dev/null || cp "$f" "$dest/$rel"
  done < <(find "$build/python/lgvci" -type f ! -path '*/__pycache__/*' -print0)
  # NumPy: Debian's, for an interpreter of Debian's minor version that has none of its own.
  if ! "$py" -c 'import numpy' 2>/dev/null; then
    debian=$(/usr/bin/python3 -c 'import sys; print("%d.%d" % sys.version_info[:2])')
    if [[ $ver != "$debian" ]]; then
      echo "python.sh: $real has no NumPy and is not Python $debian, whose NumPy Debian provides" >&2
      exit 1
    fi
    echo "/usr/lib/python3/dist-packages" >"$dest/lgvci-debian-numpy.pth"
  fi
  "$py" -c 'import lgvci, numpy; print("python.sh: lgvci", lgvci.__version__, "for", __import__("sys").executable, "in", lgvci.__file__.rsplit("/", 2)[0])'
done
