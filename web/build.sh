#!/bin/sh
# Builds the page's engine for the browser and puts it beside the page (web/); then
#   python3 -m http.server -d web
# serves the page at http://localhost:8000/.
set -eu
cd "$(dirname "$0")/.."
cargo build --profile web --target wasm32-unknown-unknown -p cardrules-web
cp target/wasm32-unknown-unknown/web/cardrules_web.wasm web/
echo "built web/cardrules_web.wasm; serve with: python3 -m http.server -d web"
