#!/usr/bin/env bash
# Install what the test suite needs beyond the Rust toolchain: Coq 8.16 and
# the RelationAlgebra library, from Debian. apt on these machines fails
# transiently now and then, so every step is tried twice.
set -u
if command -v coqc >/dev/null 2>&1 && [ -d "$(coqc -where 2>/dev/null)/user-contrib/RelationAlgebra" ]; then
  exit 0
fi
if [ "$(id -u)" != 0 ]; then
  echo "install-deps: coqc (or RelationAlgebra) is missing; run as root or: apt-get install -y coq libcoq-relation-algebra" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
try() { "$@" || { echo "install-deps: '$*' failed, retrying in 10 s" >&2; sleep 10; "$@"; }; }
try apt-get update -q || exit 1
try apt-get install -y -q coq libcoq-relation-algebra || exit 1
coqc --version
