#!/usr/bin/env sh
# Prints the bin folder of a pinned, supported Node for the tests, fetching it first if need be.
#
#   PATH="$(scripts/bootstrap-node.sh 24):$PATH"   # Node 24 (the version in .nvmrc)
#   PATH="$(scripts/bootstrap-node.sh 26):$PATH"   # Node 26
#   scripts/bootstrap-node.sh 20 --if-fetched       # the bin folder only if already fetched (exit 3 if not); no download
#
# For machines whose system Node is older than the project supports (README "Contributing"), as CI's
# setup-node steps do elsewhere. The binary comes from the npm registry's node-linux-<arch> package
# (`npm pack`: nothing but the registry is reached), is checked against the integrity pinned below, and is
# kept in .tools/ so a second call costs nothing. Linux x64 and arm64; elsewhere install Node yourself
# (nvm reads .nvmrc).
set -eu

major="${1:-24}"
if_fetched="${2:-}"
case "$major" in
  20) version=20.20.2 ;; # only to test that an unsupported Node is refused (scripts/check-node.test.ts)
  22) version=22.23.3 ;;
  24) version=24.21.0 ;; # keep equal to .nvmrc
  26) version=26.10.0 ;;
  *) echo "bootstrap-node: no pinned Node $major (22, 24 or 26)" >&2; exit 2 ;;
esac
case "$(uname -s)-$(uname -m)" in
  Linux-x86_64) arch=x64 ;;
  Linux-aarch64 | Linux-arm64) arch=arm64 ;;
  *) echo "bootstrap-node: only Linux x64 and arm64 are bootstrapped; install Node $major yourself (nvm install)" >&2; exit 2 ;;
esac
# The registry's own sha512 for each x64 tarball at the time it was pinned: a tarball replaced since fails here.
integrity=""
if [ "$arch" = x64 ]; then
  case "$version" in
    20.20.2) integrity="sha512-PeHQM8wAdmHtZA1mBocygZxs5LiUWtsJezQTkBd0iY987KpGrD1O2tVEydvMZiuXceRanxt7rjTnDEBwOPujoQ==" ;;
    22.23.3) integrity="sha512-qHnz5tFsHoj/WM+uRENVjWONi5hVvmwrgq8A4V76KpuVNAc4+jwK8x4gwbobE9BtHNg/AKR2583eYorLF/c7ng==" ;;
    24.21.0) integrity="sha512-3nULszZ5X0fciYpG0t6TrdApJzAn8+FlINP6OiMX7V8HrvpATPN936U1LlReOJriLRa4e8yEqQBYCnLyPNAs7Q==" ;;
    26.10.0) integrity="sha512-OmAztarr1gK4PD+sNyoku4N5Q40d8eqMuLjNa/zRvxF33aCsVKVIQLs4V5HYPWSWWlMiTdkmbZE/6Phigma0hw==" ;;
  esac
fi

root="$(cd "$(dirname "$0")/.." && pwd)"
dest="$root/.tools/node-v$version-linux-$arch"
if [ "$if_fetched" = --if-fetched ] && [ ! -x "$dest/bin/node" ]; then exit 3; fi
if [ ! -x "$dest/bin/node" ]; then
  work="$(mktemp -d)"
  trap 'rm -rf "$work"' EXIT
  # A slow or flaky registry makes this slower, not a failure: three tries (npm itself retries each fetch too).
  try=1
  until
    echo "bootstrap-node: fetching Node $version (node-linux-$arch from the npm registry), try $try of 3" >&2
    (cd "$work" && npm pack --silent --fetch-retries=4 "node-linux-$arch@$version" >/dev/null)
  do
    if [ "$try" -ge 3 ]; then
      echo "bootstrap-node: could not fetch node-linux-$arch@$version from the npm registry" >&2
      exit 1
    fi
    sleep $((try * 10))
    try=$((try + 1))
  done
  tarball="$work/node-linux-$arch-$version.tgz"
  if [ -n "$integrity" ]; then
    actual="sha512-$(openssl dgst -sha512 -binary "$tarball" | openssl base64 -A)"
    if [ "$actual" != "$integrity" ]; then
      echo "bootstrap-node: node-linux-$arch@$version does not match its pinned integrity" >&2
      exit 1
    fi
  fi
  tar xzf "$tarball" -C "$work"
  mkdir -p "$root/.tools"
  rm -rf "$dest"
  mv "$work/package" "$dest"
fi
"$dest/bin/node" --version >/dev/null

# npm reads its global config from the running Node's prefix (<prefix>/etc/npmrc): under this Node that is
# $dest/etc/npmrc, and the machine's own global npmrc (registry, proxy, cafile) would silently be lost. So that
# file is a link to the one the machine's npm reads, asked of that npm with every bootstrapped Node left out of
# PATH; a link, so a later change to the machine's file applies here too. Nothing to do on a machine whose only
# npm runs under a bootstrapped Node.
machine_path="$(printf '%s' "$PATH" | tr ':' '\n' | grep -v '/\.tools/node-v' | paste -sd: -)"
machine_config="$(PATH="$machine_path" npm config get globalconfig 2>/dev/null || true)"
case "$machine_config" in
  "" | */.tools/node-v*) ;;
  *)
    mkdir -p "$dest/etc"
    ln -sfn "$machine_config" "$dest/etc/npmrc"
    ;;
esac
echo "$dest/bin"
