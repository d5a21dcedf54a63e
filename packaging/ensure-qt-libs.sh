#!/bin/sh
# Qt's X11 platform plugin needs a few system libraries that a bare machine may lack.
# If some are missing: install them when we are root with apt-get, else say what to do.
venv=${1:-.venv}
plugin=$(ls "$venv"/lib/python3*/site-packages/PySide6/Qt/plugins/platforms/libqxcb.so 2>/dev/null | head -n 1)
[ -n "$plugin" ] || exit 0
missing=$(ldd "$plugin" 2>/dev/null | awk '/not found/ {print $1}' | sort -u)
[ -n "$missing" ] || exit 0
pkgs="libxcb-cursor0 libxcb-icccm4 libxcb-keysyms1 libxcb-image0 libxcb-render-util0 libxcb-xkb1 libxkbcommon-x11-0 libegl1 libfontconfig1 libdbus-1-3"
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing the system libraries Qt needs for windows: $pkgs"
  apt-get update -qq >/dev/null 2>&1
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $pkgs >/dev/null
else
  echo "Qt needs system libraries that are missing: $missing" >&2
  echo "On Debian/Ubuntu: sudo apt-get install $pkgs" >&2
fi
