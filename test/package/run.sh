#!/usr/bin/env bash
# The package as users install it: `npm pack` this checkout, install the tarball (and Vitest)
# from the npm registry into a fresh project outside the repository, and run project/ there —
# the fixture, a committed screenshot baseline, the text matchers, the three exports, the README's
# first test and its scripted-agent test as written there, the shell fixture (zsh reads the
# shipped .zshrc) and Shell.start, failure files of a test that fails on
# purpose, and the `tmux-shot` bin (its MCP server too). A file missing from "files",
# a wrong export or bin path, or a dependency with an install script fails this script.
#
#   bash test/package/run.sh        (npm run test:package): Node on the PATH, the Vitest of
#                                   package.json's devDependencies
#   bash test/package/run.sh -u     rewrite project/'s baseline and snapshot from a local run
#   --node FILE       run npm, Vitest and the bin under this Node binary (its folder goes first
#                     on the PATH)
#   --vitest VERSION  install this Vitest; from Vitest 5 on, vite (package.json's devDependencies
#                     version) too, its required peer
#   --tarball FILE    install this packed tarball instead of packing the checkout
#   --pack-to DIR     only pack into DIR, print the tarball's path, size and file count, and exit
# test/package/matrix.sh packs once and runs this on every Node and Vitest combination tested.
set -euo pipefail

repo=$(cd "$(dirname "$0")/../.." && pwd)
suite="$repo/test/package/project"
usage="usage: bash test/package/run.sh [-u|--update] [--node FILE] [--vitest VERSION] [--tarball FILE] [--pack-to DIR]"
update=false
node_bin=''
vitest=$(node -p 'require(process.argv[1]).devDependencies.vitest' "$repo/package.json")
tarball=''
pack_to=''
while [ $# -gt 0 ]; do
  case "$1" in
    -u | --update) update=true; shift ;;
    --node | --vitest | --tarball | --pack-to)
      [ $# -ge 2 ] || { echo "$usage" >&2; exit 2; }
      case "$1" in
        --node) node_bin=$2 ;;
        --vitest) vitest=$2 ;;
        --tarball) tarball=$2 ;;
        --pack-to) pack_to=$2 ;;
      esac
      shift 2 ;;
    *) echo "$usage" >&2; exit 2 ;;
  esac
done
if [ -n "$node_bin" ]; then
  [ -x "$node_bin" ] || { echo "package test: --node $node_bin is not an executable file" >&2; exit 2; }
  PATH="$(cd "$(dirname "$node_bin")" && pwd):$PATH"
  export PATH
fi
if [ -n "$tarball" ]; then
  [ -f "$tarball" ] || { echo "package test: --tarball $tarball is not a file" >&2; exit 2; }
  tarball=$(cd "$(dirname "$tarball")" && pwd)/$(basename "$tarball")
fi

# Packs the checkout into $1 (prepack builds dist/) and prints the tarball's name, size and file
# count from npm pack --json; sets $tarball.
pack_into() {
  local json
  json=$(cd "$repo" && npm pack --json --pack-destination "$1")
  tarball="$1/$(node -p 'JSON.parse(require("fs").readFileSync(0, "utf8"))[0].filename' <<<"$json")"
  node -e 'const [p] = JSON.parse(require("fs").readFileSync(0, "utf8"));
    const kib = (n) => (n / 1024).toFixed(0);
    console.log(`   ${p.filename}: ${kib(p.size)} KiB packed, ${kib(p.unpackedSize)} KiB unpacked, ${p.entryCount} files`)' <<<"$json"
}

if [ -n "$pack_to" ]; then
  mkdir -p "$pack_to"
  pack_into "$(cd "$pack_to" && pwd)" >&2
  echo "$tarball"
  exit 0
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/tmux-shot-package.XXXXXX")
current=''
# On any failure (set -e) say which step failed, and exit 1 whatever the failed command's status;
# always remove the temp dir.
on_exit() {
  local status=$?
  rm -rf "$work"
  if [ "$status" != 0 ] && [ -n "$current" ]; then
    echo "package test FAILED in step: $current (exit status $status)" >&2
    exit 1
  fi
}
trap on_exit EXIT
case "$work/" in
  "$repo"/*) echo "package test: the temp dir $work is inside the repository; set TMPDIR elsewhere" >&2; exit 2 ;;
esac
project="$work/project"
started=$SECONDS

# Runs one step under set -e (not inside an `if`, which would turn set -e off); the EXIT trap
# names the step that failed.
step() {
  current=$1; shift
  local began=$SECONDS
  echo "== package test: $current"
  "$@"
  echo "   ($((SECONDS - began)) s)"
}

fail() {
  echo "package test: $*" >&2
  exit 1
}

pack() {
  pack_into "$work"
}

install() {
  cp -R "$suite" "$project"
  # @types/node of the Node that runs the project, as a TypeScript user has it (Vitest 5 refuses
  # an @types/node below 22 with ERESOLVE): the type check reads every declaration against it.
  local packages=("$tarball" "vitest@$vitest" "@types/node@$(node -p 'process.versions.node.split(".")[0]')")
  # Vitest 5 takes vite as a required peer; the project installs it as Vitest's guide says.
  if [ "${vitest%%.*}" -ge 5 ]; then
    packages+=("vite@$(node -p 'require(process.argv[1]).devDependencies.vite' "$repo/package.json")")
  fi
  (cd "$project" && npm install --no-audit --no-fund --prefer-offline --save-dev --save-exact "${packages[@]}")
}

# npm 11 skips dependencies' install scripts until the user approves them (npm install-scripts):
# the package must need none. npm query lists installed packages that have one.
no_install_scripts() {
  local listed
  listed=$(cd "$project" && npm query ':attr(scripts, [preinstall]), :attr(scripts, [install]), :attr(scripts, [postinstall])' |
    node -e 'for (const { name, version, scripts } of JSON.parse(require("fs").readFileSync(0, "utf8")))
      console.log(`  ${name}@${version}: ${JSON.stringify(scripts)}`)')
  [ -z "$listed" ] || fail "installed packages with install scripts (npm 11 asks users to approve them):"$'\n'"$listed"
}

# Vitest is an optional peer dependency of the range we test: npm names it when the project moves
# to another Vitest (a dry run: nothing changes).
peer_dependency() {
  local out range
  range=$(node -p 'require(process.argv[1]).peerDependencies.vitest' "$repo/package.json")
  out=$(cd "$project" && npm install --dry-run --no-audit --no-fund --prefer-offline --save-dev vitest@3.2.4 2>&1) || true
  grep -qF "peerOptional vitest@\"$range\" from tmux-shot" <<<"$out" ||
    fail "npm did not name tmux-shot's Vitest peer range $range for vitest@3.2.4:"$'\n'"$out"
}

# The .js files against the package's declarations (tsconfig.json: checkJs, strict, and
# skipLibCheck off, so tmux-shot's, Vitest's and vite's declarations are checked too): an entry
# point without declarations fails with TS7016, a wrong signature with its own error, a matcher
# augmentation that does not fit this Vitest with TS2428.
typecheck() {
  (cd "$project" && node "$repo/node_modules/typescript/bin/tsc" -p tsconfig.json)
}

passing_suite() {
  if $update; then
    (cd "$project" && env -u CI npx --no vitest run pass/ -u)
    rm -rf "$suite/pass/__screenshots__" "$suite/pass/__snapshots__"
    cp -R "$project/pass/__screenshots__" "$project/pass/__snapshots__" "$suite/pass/"
  else
    # CI=true: a missing baseline or snapshot fails and nothing is written.
    (cd "$project" && CI=true npx --no vitest run pass/)
  fi
}

# A failing test in its own run: exit status 1, and the failure screen (PNG and text) and the
# GIF of the run are written where the README says.
failure_files() {
  local status=0
  (cd "$project" && CI=true npx --no vitest run fail/) || status=$?
  [ "$status" = 1 ] || fail "the failing run exited with status $status, not 1"
  echo "   (the failure above is the expected one: exit status 1)"
  local stem="$project/.vitest-attachments/fail/menu.test.js/waits-for-a-text-that-never-shows"
  magic "$stem-failure.png" '89504e470d0a1a0a' 'the failure PNG'
  magic "$stem-recording.gif" '474946383961' 'the failure GIF'
  grep -q 'Quit' "$stem-failure.txt" 2>/dev/null || fail "the failure text $stem-failure.txt is missing or does not show the menu"
}

# Checks that a file exists and starts with the given bytes (hex).
magic() {
  local file=$1 hex=$2 what=$3
  [ -f "$file" ] || fail "$what $file was not written"
  [ "$(head -c $((${#hex} / 2)) "$file" | od -An -tx1 | tr -d ' \n')" = "$hex" ] || fail "$what $file is not the expected file type"
}

# The declarations import only what the package declares (declared-imports.mjs).
declared_imports() {
  node "$repo/test/package/declared-imports.mjs" "$project/node_modules/tmux-shot"
}

# The bin as users call it: --help, and a screenshot with the pixels of the baseline of the same screen.
cli() {
  [ -x "$project/node_modules/.bin/tmux-shot" ] || fail "npm linked no tmux-shot bin: is package.json's \"bin\" path in the package?"
  (cd "$project" && npx --no -- tmux-shot --help >/dev/null) || fail "npx tmux-shot --help did not exit 0"
  (cd "$project" && npx --no -- tmux-shot shot --cols 40 --rows 12 --cursor hide --out shot.png -- node node_modules/tmux-shot/fixtures/menu.mjs) ||
    fail "npx tmux-shot shot did not exit 0"
  magic "$project/shot.png" '89504e470d0a1a0a' 'the PNG of npx tmux-shot shot'
  node "$repo/test/package/same-pixels.mjs" "$project/shot.png" "$suite/pass/__screenshots__/menu.test.js/menu.png" ||
    fail "the PNG of npx tmux-shot shot is not the screen of the baseline pass/__screenshots__/menu.test.js/menu.png"
}

# The MCP server as clients start it (`npx tmux-shot mcp`): it answers initialize on stdout, which
# needs the MCP SDK installed as a dependency, and exits 0 when its stdin closes.
mcp() {
  local init='{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"run.sh","version":"1"}}}'
  local reply=''
  coproc MCP { cd "$project" && exec npx --no -- tmux-shot mcp 2>/dev/null; }
  local pid=$MCP_PID
  printf '%s\n' "$init" >&"${MCP[1]}"
  IFS= read -r -t 30 reply <&"${MCP[0]}" || true
  eval "exec ${MCP[1]}>&-"
  wait "$pid" || fail "npx tmux-shot mcp did not exit 0 when its stdin closed"
  [[ "$reply" == *'"serverInfo":{"name":"tmux-shot"'* ]] || fail "npx tmux-shot mcp did not answer initialize; it wrote: $reply"
}

echo "== package test: Node $(node --version), Vitest $vitest"
if [ -z "$tarball" ]; then step 'npm pack (prepack builds dist/)' pack; fi
step "npm install the tarball and Vitest into $project" install
step 'no dependency needs an install script' no_install_scripts
step 'npm names the Vitest peer range when the project moves to another Vitest' peer_dependency
step 'the declarations import only dependencies, peers and node: modules' declared_imports
step 'type check of the suite against the installed declarations' typecheck
step 'Vitest: fixture, screenshot baseline, text matchers, tmux-shot and tmux-shot/reporter' passing_suite
step 'Vitest: a failing test exits 1 and leaves its PNG, text and GIF' failure_files
step 'npx tmux-shot --help and shot' cli
step 'npx tmux-shot mcp answers initialize and exits when its stdin closes' mcp
echo "package test passed in $((SECONDS - started)) s"
