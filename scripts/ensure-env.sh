#!/usr/bin/env bash
# Creates .env from .env.example on a fresh checkout, with freshly generated secrets.
# An existing .env is left alone.
set -euo pipefail
cd "$(dirname "$0")/.."
[[ -f .env ]] && exit 0
random_hex() { node -e 'process.stdout.write(require("node:crypto").randomBytes(32).toString("hex"))'; }
secret=$(random_hex)
key=$(random_hex)
# Development stamps evidence on the local chain the run command starts (hardhat, 127.0.0.1:8545) with the
# chain's public development account #0, and calls integrators back on this machine: both explicit opt-ins
# here, never defaults of the code.
hardhat_key=0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80
sed -e "s/^AUTH_SECRET=.*/AUTH_SECRET=${secret}/" -e "s/^DATA_ENCRYPTION_KEY=.*/DATA_ENCRYPTION_KEY=${key}/" \
  -e "s/^STAMPING_NETWORKS=.*/STAMPING_NETWORKS=local/" -e "s/^STAMPING_PRIVATE_KEY=.*/STAMPING_PRIVATE_KEY=${hardhat_key}/" \
  -e "s/^CALLBACK_ALLOW_PRIVATE_NETWORKS=.*/CALLBACK_ALLOW_PRIVATE_NETWORKS=true/" .env.example > .env
echo "Created .env with new secrets."
