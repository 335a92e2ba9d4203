#!/usr/bin/env bash
# `make scale-test`: the production layout of deploy/ on this machine. Two Atelier instances on
# two ports share PostgreSQL (a database of this run's own), Redis (a key prefix of its own) and
# an S3-compatible store (s3s-fs over a temporary folder), behind nginx configured from
# deploy/nginx (the same locations file, the same upstream parameters). A browser test
# (frontend/e2e-scale) then goes only through nginx's address, kills -9 the instance holding one
# browser's socket and restarts it, then restarts the one holding it next as systemd would
# (SIGTERM). deploy/'s own files are checked first (nginx -t, systemd-analyze verify). Installs
# what it needs when missing (Chromium and the local services through scripts/test-services.sh,
# nginx-light from apt, s3s-fs from crates.io).
# Everything it starts is stopped on exit, failure included; it exits non-zero on any failure.
# ATELIER_SCALE_KEEP=1 keeps the run's folder (logs, nginx's configuration) for a look.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-$HOME/.cache/atelier-target}
PG_URL=${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}
REDIS_URL=${TEST_REDIS_URL:-redis://127.0.0.1:6379}
# s3s-fs is installed here (outside the repository, kept between runs).
TOOLS=${ATELIER_SCALE_TOOLS:-$HOME/.cache/atelier-scale-tools}
BIN=$CARGO_TARGET_DIR/debug/atelier
started=$SECONDS

step() { printf '\n== %s (%ds)\n' "$*" $((SECONDS - started)); }

# ---------------------------------------------------------------------------------------------
step "what the run needs"
scripts/test-services.sh
NGINX_BIN=/usr/sbin/nginx
if [ ! -x "$NGINX_BIN" ]; then
  echo "installing nginx (Debian's nginx-light)"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx-light >/dev/null
fi
# The S3 server the API tests already use (s3s-fs, a dev-dependency), at the same version, as
# its command-line server.
S3S_VERSION=$(awk '/^name = "s3s-fs"$/ { getline; gsub(/[^0-9.]/, ""); print; exit }' Cargo.lock)
S3S=$TOOLS/bin/s3s-fs
if [ ! -x "$S3S" ] || [ "$("$S3S" --version | awk '{ print $2 }')" != "$S3S_VERSION" ]; then
  echo "installing s3s-fs $S3S_VERSION from crates.io (once; a few minutes)"
  cargo install --quiet --locked s3s-fs --version "$S3S_VERSION" --features binary --root "$TOOLS"
fi

step "building the web app and the server (debug)"
(cd frontend && npm install --no-audit --no-fund --silent && npm run build >/dev/null)
cargo build --all-targets --locked

# ---------------------------------------------------------------------------------------------
RUN=$(mktemp -d "${TMPDIR:-/tmp}/atelier-scale.XXXXXX")
NAME="atelier_scale_$(basename "$RUN" | sed 's/^atelier-scale\.//' | tr 'A-Z' 'a-z')"
DATABASE_URL="${PG_URL%/*}/$NAME"
REDIS_PREFIX="$NAME"
BUCKET=atelier-media
created_db=0
status=1

cleanup() {
  status=$?
  set +e
  # Every process this run started left its pid in the run's folder (instances write their own,
  # so an instance the browser test restarted is stopped too).
  for pidfile in "$RUN"/*.pid "$RUN"/nginx/nginx.pid; do
    [ -f "$pidfile" ] || continue
    pid=$(cat "$pidfile")
    kill -TERM "$pid" 2>/dev/null
  done
  for pidfile in "$RUN"/*.pid "$RUN"/nginx/nginx.pid; do
    [ -f "$pidfile" ] || continue
    pid=$(cat "$pidfile")
    for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -KILL "$pid" 2>/dev/null
  done
  if [ "$status" -ne 0 ]; then
    for log in "$RUN"/*.log "$RUN"/nginx/error.log; do
      [ -f "$log" ] || continue
      echo "--- last lines of $log"
      tail -n 40 "$log"
    done
  fi
  if [ "$created_db" = 1 ]; then
    psql -q "$PG_URL" -c "DROP DATABASE IF EXISTS $NAME WITH (FORCE)" >/dev/null
  fi
  redis-cli -u "$REDIS_URL" --scan --pattern "$REDIS_PREFIX:*" | xargs -r redis-cli -u "$REDIS_URL" del >/dev/null
  if [ -n "${ATELIER_SCALE_KEEP:-}" ]; then echo "kept $RUN"; else rm -rf "$RUN"; fi
  if [ "$status" -eq 0 ]; then
    echo "scale test passed in $((SECONDS - started)) s"
  else
    echo "scale test FAILED (exit $status) after $((SECONDS - started)) s"
  fi
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# Free local ports, asked of the kernel (bound to port 0, then released).
read -r S3_PORT PORT_1 PORT_2 NGINX_PORT SITE_HTTP_PORT SITE_TLS_PORT < <(python3 - <<'EOF'
import socket
sockets = [socket.socket() for _ in range(6)]
for s in sockets:
    s.bind(("127.0.0.1", 0))
print(*(s.getsockname()[1] for s in sockets))
EOF
)
PUBLIC_URL="http://127.0.0.1:$NGINX_PORT"

wait_for() { # URL SECONDS WHAT
  for _ in $(seq 1 $(($2 * 5))); do
    curl -fsS -o /dev/null "$1" 2>/dev/null && return 0
    sleep 0.2
  done
  echo "$3 did not answer $1 within $2 s" >&2
  return 1
}

step "deploy/'s nginx site and systemd unit pass their own checks"
mkdir -p "$RUN/check/cache"
# A throwaway certificate where certbot's would be; the snippet and the cache from this checkout.
openssl req -x509 -newkey rsa:2048 -nodes -days 1 -subj /CN=atelier.example.com \
  -keyout "$RUN/check/privkey.pem" -out "$RUN/check/fullchain.pem" 2>/dev/null
sed -e "s#/etc/letsencrypt/live/atelier.example.com/#$RUN/check/#" \
  -e "s#/var/cache/nginx/atelier-media#$RUN/check/cache#" \
  -e "s#include snippets/atelier-proxy.conf;#include $ROOT/deploy/nginx/atelier-proxy.conf;#" \
  deploy/nginx/atelier.conf >"$RUN/check/site.conf"
cat >"$RUN/check/nginx.conf" <<EOF
pid $RUN/check/nginx.pid;
events {}
http {
    include /etc/nginx/mime.types;
    access_log off;
    client_body_temp_path $RUN/check/body;
    proxy_temp_path $RUN/check/proxy;
    fastcgi_temp_path $RUN/check/fastcgi;
    uwsgi_temp_path $RUN/check/uwsgi;
    scgi_temp_path $RUN/check/scgi;
    include $RUN/check/site.conf;
}
EOF
"$NGINX_BIN" -t -q -p "$RUN/check" -e "$RUN/check/error.log" -c "$RUN/check/nginx.conf"
# The site itself, started on this run's ports (no instance behind it yet): https answers carry
# HSTS, errors included, and plain http is sent to https.
sed -e "s/listen 80;/listen 127.0.0.1:$SITE_HTTP_PORT;/" -e "s/listen 443 ssl http2;/listen 127.0.0.1:$SITE_TLS_PORT ssl;/" \
  -e '/listen \[::\]/d' "$RUN/check/site.conf" >"$RUN/check/site-ports.conf"
sed "s#$RUN/check/site.conf#$RUN/check/site-ports.conf#" "$RUN/check/nginx.conf" >"$RUN/check/nginx-ports.conf"
"$NGINX_BIN" -p "$RUN/check" -e "$RUN/check/error.log" -c "$RUN/check/nginx-ports.conf"
cp "$RUN/check/nginx.pid" "$RUN/site-check.pid"
wait_port() { for _ in $(seq 1 50); do (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null && return 0; sleep 0.1; done; return 1; }
wait_port "$SITE_TLS_PORT"
hsts=$(curl -sk -o /dev/null -D - "https://127.0.0.1:$SITE_TLS_PORT/healthz" | tr -d '\r' | grep -i '^strict-transport-security:' || true)
[ "$hsts" = "strict-transport-security: max-age=31536000" ] || [ "$hsts" = "Strict-Transport-Security: max-age=31536000" ] \
  || { echo "deploy/nginx/atelier.conf: https answers lack 'Strict-Transport-Security: max-age=31536000' (got '$hsts')" >&2; exit 1; }
redirect=$(curl -s -o /dev/null -w '%{http_code} %{redirect_url}' "http://127.0.0.1:$SITE_HTTP_PORT/feed")
[ "$redirect" = "301 https://127.0.0.1/feed" ] || { echo "deploy/nginx/atelier.conf: plain http answers '$redirect', not a 301 to https" >&2; exit 1; }
"$NGINX_BIN" -p "$RUN/check" -e "$RUN/check/error.log" -c "$RUN/check/nginx-ports.conf" -s stop
rm -f "$RUN/site-check.pid"
echo "https answers carry HSTS; http is sent to https"
if command -v systemd-analyze >/dev/null; then
  sed "s#/usr/local/bin/atelier#$BIN#" deploy/systemd/atelier@.service >"$RUN/check/atelier@.service"
  ln -s 'atelier@.service' "$RUN/check/atelier@8081.service"
  (cd "$RUN/check" && systemd-analyze verify --man=false ./atelier@8081.service)
fi

step "PostgreSQL database $NAME, Redis prefix $REDIS_PREFIX"
psql -q "$PG_URL" -c "CREATE DATABASE $NAME" >/dev/null
created_db=1

step "S3 (s3s-fs) on 127.0.0.1:$S3_PORT, bucket $BUCKET"
mkdir -p "$RUN/s3/$BUCKET"
bash -c 'echo $$ > "$1/s3.pid"; exec "$2" --host 127.0.0.1 --port "$3" --access-key scale-test --secret-key scale-test-secret "$1/s3" >"$1/s3.log" 2>&1' \
  _ "$RUN" "$S3S" "$S3_PORT" & disown
for _ in $(seq 1 50); do (exec 3<>"/dev/tcp/127.0.0.1/$S3_PORT") 2>/dev/null && break; sleep 0.2; done

# The instances' shared settings: deploy/atelier.env.example with this run's values filled in
# (a line the example lacks fails the run, so the example's names are the ones that work).
cp deploy/atelier.env.example "$RUN/atelier.env"
set_env() { # KEY VALUE: the example's line for KEY, commented out or not, becomes KEY=VALUE
  grep -Eq "^#?$1=" "$RUN/atelier.env" || { echo "deploy/atelier.env.example has no $1 line" >&2; exit 1; }
  sed -i -E "s|^#?$1=.*|$1=$2|" "$RUN/atelier.env"
}
set_env ATELIER_PUBLIC_URL "$PUBLIC_URL"
set_env DATABASE_URL "$DATABASE_URL"
set_env ATELIER_MEDIA_STORE "s3://$BUCKET"
set_env AWS_ACCESS_KEY_ID scale-test
set_env AWS_SECRET_ACCESS_KEY scale-test-secret
set_env AWS_ENDPOINT "http://127.0.0.1:$S3_PORT"
set_env AWS_ALLOW_HTTP true
set_env REDIS_URL "$REDIS_URL"
set_env ATELIER_REDIS_PREFIX "$REDIS_PREFIX"
# One start script per instance (as atelier@PORT): the browser test runs it again to restart a
# killed instance. It records its own pid, then becomes the server.
for n in 1 2; do
  port_var="PORT_$n"
  cat >"$RUN/instance-$n.sh" <<EOF
#!/usr/bin/env bash
echo \$\$ > "$RUN/instance-$n.pid"
set -a; . "$RUN/atelier.env"; set +a
export ATELIER_LISTEN=127.0.0.1:${!port_var}
cd "$RUN"
exec "$BIN" serve >>"$RUN/instance-$n.log" 2>&1
EOF
  chmod +x "$RUN/instance-$n.sh"
done

step "two instances on 127.0.0.1:$PORT_1 and 127.0.0.1:$PORT_2"
# Both at once, as systemd starts them: the migrations take PostgreSQL's advisory lock.
"$RUN/instance-1.sh" & disown
"$RUN/instance-2.sh" & disown
wait_for "http://127.0.0.1:$PORT_1/readyz" 60 "instance 1"
wait_for "http://127.0.0.1:$PORT_2/readyz" 60 "instance 2"

step "nginx on $PUBLIC_URL"
mkdir -p "$RUN/nginx/cache" "$RUN/nginx/temp"
# deploy/nginx/atelier.conf's upstream block, its two instances moved to this run's ports.
UPSTREAM=$(sed -n '/^upstream atelier {/,/^}/p' deploy/nginx/atelier.conf |
  sed -e "s/127\.0\.0\.1:8081/127.0.0.1:$PORT_1/" -e "s/127\.0\.0\.1:8082/127.0.0.1:$PORT_2/")
grep -q "127.0.0.1:$PORT_2" <<<"$UPSTREAM" || { echo "deploy/nginx/atelier.conf has no upstream on 8081 and 8082" >&2; exit 1; }
cat >"$RUN/nginx/nginx.conf" <<EOF
# Generated by scripts/scale-test.sh from deploy/nginx: the same upstream and locations, plain
# http on a free local port, every path under this run's folder, run as $(id -un).
$([ "$(id -u)" = 0 ] && echo "user root root;")
worker_processes 1;
pid $RUN/nginx/nginx.pid;
error_log $RUN/nginx/error.log info;
events { worker_connections 1024; }
http {
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    log_format upstream '\$time_iso8601 \$msec rt=\$request_time \$remote_addr "\$request" \$status upstream=\$upstream_addr (\$upstream_status) cache=\$upstream_cache_status';
    access_log $RUN/nginx/access.log upstream;
    client_body_temp_path $RUN/nginx/temp/body;
    proxy_temp_path $RUN/nginx/temp/proxy;
    fastcgi_temp_path $RUN/nginx/temp/fastcgi;
    uwsgi_temp_path $RUN/nginx/temp/uwsgi;
    scgi_temp_path $RUN/nginx/temp/scgi;

    map \$http_upgrade \$connection_upgrade {
        default upgrade;
        ''      '';
    }
    proxy_cache_path $RUN/nginx/cache levels=1:2 keys_zone=atelier_media:10m max_size=100m inactive=1d use_temp_path=off;

$UPSTREAM

    server {
        listen 127.0.0.1:$NGINX_PORT;
        # Which instance answered: the browser test reads it off the socket's handshake.
        add_header X-Atelier-Upstream \$upstream_addr always;
        include $ROOT/deploy/nginx/atelier-proxy.conf;
    }
}
EOF
"$NGINX_BIN" -t -q -p "$RUN/nginx" -e "$RUN/nginx/error.log" -c "$RUN/nginx/nginx.conf"
"$NGINX_BIN" -p "$RUN/nginx" -e "$RUN/nginx/error.log" -c "$RUN/nginx/nginx.conf"
wait_for "$PUBLIC_URL/readyz" 20 "nginx"

step "the browser test through $PUBLIC_URL"
(
  cd frontend
  npx tsc --noEmit -p e2e-scale/tsconfig.json
  ATELIER_BIN="$BIN" \
  ATELIER_SCALE_URL="$PUBLIC_URL" \
  ATELIER_SCALE_INSTANCES="http://127.0.0.1:$PORT_1,http://127.0.0.1:$PORT_2" \
  ATELIER_SCALE_RUN="$RUN" \
  ATELIER_SCALE_S3_BUCKET_DIR="$RUN/s3/$BUCKET" \
  ATELIER_SCALE_DATABASE_URL="$DATABASE_URL" \
  ATELIER_SCALE_MEDIA_STORE="s3://$BUCKET" \
    npx vitest run --config vitest.scale.config.ts
)
