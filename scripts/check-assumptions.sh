#!/usr/bin/env bash
# `Print Assumptions` on every theorem listed in a THEOREMS file (lines
# `Logical.Module.Path theorem_name`; `#` starts a comment). Fails if a
# theorem depends on anything but the axioms allowed in README.md.
#
# Load paths: theories/ is `Relprove`, proofs/ is `Proofs`, proofs/simt is
# `Simt`, proofs/vulkan is `Vulkan` (the same as the _CoqProject files, so
# compiled .vo files are reused).
set -euo pipefail
cd "$(dirname "$0")/.."
list=${1:-proofs/THEOREMS}
allowed='^((Coq\.Logic\.)?Classical_Prop\.)?classic$|^((Coq\.Logic\.)?FunctionalExtensionality\.)?functional_extensionality_dep$|^((Coq\.Logic\.)?PropExtensionality\.)?propositional_extensionality$'
if [ ! -f "$list" ]; then echo "check-assumptions: no $list, nothing to check"; exit 0; fi
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
theorems=$(grep -v '^\s*\(#\|$\)' "$list")
n=$(printf '%s\n' "$theorems" | grep -c . || true)
coq() { coqc -q -R theories Relprove -R proofs Proofs -R proofs/simt Simt -R proofs/vulkan Vulkan "$@"; }
# The axioms of an `Axioms:` section of coqc's output that are not allowed,
# and `admitted` when a proof was admitted. Inside the section each axiom
# starts at column 0 (`name : type`, or `name` alone with the type on
# indented lines below).
disallowed() {
  local bad
  bad=$(awk '/^[A-Z][A-Za-z ]*:$/ { sec = $0; next }
             /^[^ \t:]+( :.*)?$/ && sec == "Axioms:" { sub(/ :.*/, ""); print; next }
             /^[^ \t]/ { sec = "" }' "$1" \
        | grep -Ev "$allowed" | sort -u || true)
  if grep -Eq 'Admitted|admit' "$1"; then bad="$bad admitted"; fi
  printf '%s' "$bad"
}
# First all theorems at once: `Print Assumptions` of one definition that
# names every theorem (`@` keeps implicit arguments explicit) walks their
# shared dependencies once instead of once per theorem (13 s instead of
# 158 s for proofs/THEOREMS). Its axioms are the union of theirs, so when
# they are all allowed, so are each theorem's.
{
  printf '%s\n' "$theorems" | while read -r module thm; do echo "Require $module."; done
  printf 'Definition relprove_all_theorems := ('
  printf '%s\n' "$theorems" | awk '{ printf "%s@%s.%s", (NR > 1 ? ", " : ""), $1, $2 }'
  echo ').'
  echo 'Print Assumptions relprove_all_theorems.'
} > "$tmp/All.v"
if coq "$tmp/All.v" > "$tmp/all.txt" 2>&1 && [ -z "$(disallowed "$tmp/all.txt")" ]; then
  echo "check-assumptions: $n theorems, only allowed axioms"
  exit 0
fi
# Something is wrong: one `Print Assumptions` per theorem, to say which.
{
  printf '%s\n' "$theorems" | while read -r module thm; do
    echo "Require $module."
    echo "Print Assumptions $module.$thm."
  done
} > "$tmp/Check.v"
coq "$tmp/Check.v" > "$tmp/out.txt" 2>&1 || {
  cat "$tmp/out.txt"; echo "check-assumptions: coqc failed" >&2; exit 1; }
bad=$(disallowed "$tmp/out.txt")
if [ -n "$bad" ]; then
  cat "$tmp/out.txt"; echo "check-assumptions: disallowed assumptions: $bad" >&2; exit 1
fi
# Each theorem alone is fine, yet together they were not: report it.
cat "$tmp/all.txt"
echo "check-assumptions: the theorems together could not be checked (above), each alone could" >&2
exit 1
