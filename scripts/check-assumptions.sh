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
{
  grep -v '^\s*\(#\|$\)' "$list" | while read -r module thm; do
    echo "Require $module."
    echo "Print Assumptions $module.$thm."
  done
} > "$tmp/Check.v"
n=$(grep -c '^Print' "$tmp/Check.v" || true)
coqc -q -R theories Relprove -R proofs Proofs -R proofs/simt Simt -R proofs/vulkan Vulkan "$tmp/Check.v" > "$tmp/out.txt" 2>&1 || {
  cat "$tmp/out.txt"; echo "check-assumptions: coqc failed" >&2; exit 1; }
# Inside an `Axioms:` section, each axiom starts at column 0 (`name : type`
# or `name` alone with the type on indented lines below).
bad=$(awk '/^[A-Z][A-Za-z ]*:$/ { sec = $0; next }
           /^[^ \t:]+( :.*)?$/ && sec == "Axioms:" { sub(/ :.*/, ""); print; next }
           /^[^ \t]/ { sec = "" }' "$tmp/out.txt" \
      | grep -Ev "$allowed" | sort -u || true)
if grep -Eq 'Admitted|admit' "$tmp/out.txt"; then bad="$bad admitted"; fi
if [ -n "$bad" ]; then
  cat "$tmp/out.txt"; echo "check-assumptions: disallowed assumptions: $bad" >&2; exit 1
fi
echo "check-assumptions: $n theorems, only allowed axioms"
