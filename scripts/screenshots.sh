#!/bin/sh
# screenshots.sh - PNG pictures of the HTML mails, one per kind and language,
# to look at how they read. It builds nothing: it photographs the golden
# HTML parts in tests/golden/render/ (made by tests/unit/test_render.c; run
# `MQ_UPDATE_GOLDEN=1 build/asan/tests/test_render` after changing a
# template) with Debian's headless chromium, into screenshots/.
set -eu
cd "$(dirname "$0")/.."

GOLDEN=tests/golden/render
OUT=screenshots

need=""
command -v chromium >/dev/null 2>&1 || need="$need chromium"
# Japanese and Chinese glyphs need a CJK font.
fc-list 2>/dev/null | grep -qi "Noto Sans CJK" || need="$need fonts-noto-cjk"
if [ -n "$need" ]; then
	echo "screenshots: installing$need" >&2
	SUDO=""
	[ "$(id -u)" = 0 ] || SUDO=sudo
	$SUDO env DEBIAN_FRONTEND=noninteractive apt-get -y -qq update >&2
	$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
	    --no-install-recommends $need >&2
fi

ls "$GOLDEN"/*.html >/dev/null 2>&1 || {
	echo "screenshots: no HTML mails in $GOLDEN; run test_render with MQ_UPDATE_GOLDEN=1 first" >&2
	exit 1
}

mkdir -p "$OUT"
profile=$(mktemp -d /tmp/masqued-chromium.XXXXXX)
trap 'rm -rf "$profile"' EXIT INT TERM
n=0
for f in "$GOLDEN"/*.html; do
	name=$(basename "$f" .html)			# KIND.LANG
	png="$PWD/$OUT/$name.png"
	chromium --headless --no-sandbox --disable-gpu --disable-quic \
	    --no-first-run --disable-background-networking \
	    --disable-component-update --disable-sync \
	    --user-data-dir="$profile" --hide-scrollbars \
	    --screenshot="$png" --window-size=900,1400 \
	    "file://$PWD/$f" >/dev/null 2>&1 || {
		echo "screenshots: chromium failed on $f" >&2
		exit 4
	}
	n=$((n + 1))
done
echo "screenshots: $n pictures in $OUT/"
