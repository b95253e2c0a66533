#!/usr/bin/env bash
# Runs the whole product locally: set-up, UI build, then the app on http://localhost:${GOGO_PORT:-8080}.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/setup.sh
npx vite build --logLevel warn
port="${GOGO_PORT:-8080}"
echo "GoGo Code: http://localhost:${port}/"
exec npx vite preview --host 127.0.0.1 --port "$port" --strictPort
