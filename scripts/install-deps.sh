#!/usr/bin/env bash
# Install what the test suite needs beyond the Rust toolchain: Coq 8.16 and
# the RelationAlgebra library, and Graphviz (`dot`, for the SVG of
# `--graph`), from Debian. apt on these machines fails transiently now and
# then, so every step is tried twice.
set -u
pkgs=""
if ! { command -v coqc >/dev/null 2>&1 && [ -d "$(coqc -where 2>/dev/null)/user-contrib/RelationAlgebra" ]; }; then
  pkgs="coq libcoq-relation-algebra"
fi
command -v dot >/dev/null 2>&1 || pkgs="$pkgs graphviz"
if [ -z "$pkgs" ]; then
  exit 0
fi
if [ "$(id -u)" != 0 ]; then
  echo "install-deps: missing; run as root or: apt-get install -y $pkgs" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
try() { "$@" || { echo "install-deps: '$*' failed, retrying in 10 s" >&2; sleep 10; "$@"; }; }
try apt-get update -q || exit 1
# shellcheck disable=SC2086 # $pkgs is a word list
try apt-get install -y -q $pkgs || exit 1
coqc --version
dot -V
