#!/usr/bin/env bash
# The package as the registry would take it (npm run check:package; .ci/run calls it): packs the
# checkout once, then requires that
#   - publint (--strict) finds nothing in the tarball,
#   - are-the-types-wrong (attw, profile esm-only: the package is ESM only) finds nothing for
#     tmux-shot, tmux-shot/vitest and tmux-shot/reporter,
#   - `npm pack` and `npm publish --dry-run` of the tarball print no warning — except that the
#     machine is not logged in to the registry, which is about the machine, not the package.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/tmux-shot-check-package.XXXXXX")
trap 'rm -rf "$work"' EXIT
cd "$repo"

# Lines of npm's output that are warnings (npm warn …), but the one about not being logged in.
warnings() {
  grep -i '^npm warn' | grep -v 'npm warn publish This command requires you to be logged in' || true
}

echo "== check:package: npm pack (prepack builds dist/)"
npm pack --pack-destination "$work" >"$work/pack.out" 2>"$work/pack.err" || { cat "$work/pack.err" >&2; exit 1; }
tarball=$(ls "$work"/tmux-shot-*.tgz)
found=$(warnings <"$work/pack.err")
[ -z "$found" ] || { echo "npm pack warned:"$'\n'"$found" >&2; exit 1; }

echo "== check:package: publint --strict"
out=$(npx --no publint run --strict "$tarball" 2>&1) || { echo "$out" >&2; exit 1; }
grep -q 'All good!' <<<"$out" || { echo "publint found something:"$'\n'"$out" >&2; exit 1; }
echo "   all good"

echo "== check:package: attw --profile esm-only"
npx --no attw "$tarball" --profile esm-only >"$work/attw.out" 2>&1 || { cat "$work/attw.out" >&2; exit 1; }
echo "   no problems"

echo "== check:package: npm publish --dry-run"
npm publish --dry-run "$tarball" >"$work/publish.out" 2>&1 || { cat "$work/publish.out" >&2; exit 1; }
found=$(warnings <"$work/publish.out")
[ -z "$found" ] || { echo "npm publish --dry-run warned:"$'\n'"$found" >&2; exit 1; }
echo "   no warnings"
