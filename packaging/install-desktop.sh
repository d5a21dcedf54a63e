#!/bin/sh
# Install boardapp's desktop entry, icons and game-file MIME type for the current user
# (freedesktop: GNOME, KDE, Xfce...). Run from the repository root after `make run` or
# `pip install`; `boardapp` must be on the PATH for the menu entry to start it.
set -e
here=$(cd "$(dirname "$0")/.." && pwd)
data=${XDG_DATA_HOME:-$HOME/.local/share}
for size in 16 24 32 48 64 128 256; do
    dir="$data/icons/hicolor/${size}x${size}"
    mkdir -p "$dir/apps" "$dir/mimetypes"
    cp "$here/assets/icons/boardapp-$size.png" "$dir/apps/boardapp.png"
    if [ -f "$here/assets/icons/boardapp-game-$size.png" ]; then
        cp "$here/assets/icons/boardapp-game-$size.png" \
            "$dir/mimetypes/application-x-boardapp-game.png"
    fi
done
mkdir -p "$data/icons/hicolor/scalable/apps" "$data/icons/hicolor/scalable/mimetypes"
cp "$here/assets/icons/boardapp.svg" "$data/icons/hicolor/scalable/apps/boardapp.svg"
cp "$here/assets/icons/boardapp-game.svg" \
    "$data/icons/hicolor/scalable/mimetypes/application-x-boardapp-game.svg"
mkdir -p "$data/applications" "$data/mime/packages"
cp "$here/packaging/boardapp.desktop" "$data/applications/boardapp.desktop"
cp "$here/packaging/boardapp-mime.xml" "$data/mime/packages/boardapp.xml"
command -v update-mime-database >/dev/null && update-mime-database "$data/mime" || true
command -v update-desktop-database >/dev/null && update-desktop-database "$data/applications" || true
command -v gtk-update-icon-cache >/dev/null && gtk-update-icon-cache -q -t "$data/icons/hicolor" || true
echo "boardapp: desktop entry, icons and the application/x-boardapp-game type installed in $data"
