#!/bin/sh
# install.sh - put masqued where a host keeps programs: `make install` runs
# it as `sh scripts/install.sh DEST BINARY` (DEST is $(DESTDIR)$(PREFIX),
# /usr/local by default). The program goes to DEST/bin; what it reads at
# run time (the mail templates and the games' data) to DEST/share/masqued,
# where an installed masqued looks for them (beside its bin folder); with
# them the example config, the systemd unit and the export checker.
set -eu
[ $# -eq 2 ] || { echo "usage: install.sh DEST BINARY" >&2; exit 2; }
DEST=$1
BIN=$2
[ -x "$BIN" ] || { echo "install.sh: $BIN is not built (run make)" >&2; exit 1; }
SHARE=$DEST/share/masqued
mkdir -p "$DEST/bin" "$SHARE/config/games"
# a fresh copy of the templates: none left over from an older version
rm -rf "$SHARE/templates"
cp -R templates "$SHARE/templates"
cp config/games/*.json "$SHARE/config/games/"
cp config/masqued.conf.example config/masqued.service tests/verify_export.py "$SHARE/"
# the binary last, through a temporary name: a running serve keeps its file
cp "$BIN" "$DEST/bin/.masqued.new"
chmod 0755 "$DEST/bin/.masqued.new"
mv -f "$DEST/bin/.masqued.new" "$DEST/bin/masqued"
find "$SHARE" -type d -exec chmod 0755 {} +
find "$SHARE" -type f -exec chmod 0644 {} +
echo "installed $DEST/bin/masqued and $SHARE"
