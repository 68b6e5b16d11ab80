# relprove — top-level targets. `make test` is the README's test command and
# what CI (.ci/run) runs after scripts/install-deps.sh.
.PHONY: test deps build proofs assumptions coq-theories coq-proofs coq-simt coq-vulkan

test: deps
	cargo fmt --check
	cargo test --release --workspace
	cargo clippy --release --workspace --all-targets -- -D warnings
	$(MAKE) proofs
	$(MAKE) assumptions

deps:
	scripts/install-deps.sh

build:
	cargo build --release

# Every Coq development: the theories/ library, the exported-model proofs
# in proofs/, the SIMT semantics in proofs/simt, and the proofs of the
# Khronos Vulkan model's asserts in proofs/vulkan (its Makefile exports
# ../shared's spirv.als first, with the relprove built here). Each has its own
# small Makefile that runs coq_makefile on its _CoqProject (into the
# uncommitted Makefile.coq) and builds with it.
# First, every model in models/ is exported into proofs/ (definition files
# regenerated, refused if edited by hand; proofs files never overwritten).
# coqc runs on every core: the directories are sub-makes of one parallel
# make (sharing its job slots), so that files of different directories build
# side by side too — proofs/simt needs nothing else, proofs and proofs/vulkan
# need theories/ (without this a slow file at the end of one directory held
# the next directory back).
JOBS ?= $(shell nproc 2>/dev/null || echo 1)
proofs:
	@if [ -d models ]; then cargo build --release -q && ./target/release/relprove export --coq -o proofs/ || exit 1; fi
	@$(MAKE) -j$(JOBS) coq-theories coq-proofs coq-simt coq-vulkan

coq-theories:
	@if [ -f theories/Makefile ]; then $(MAKE) -C theories; fi
coq-proofs: coq-theories
	@if [ -f proofs/Makefile ]; then $(MAKE) -C proofs; fi
coq-simt:
	@if [ -f proofs/simt/Makefile ]; then $(MAKE) -C proofs/simt; fi
coq-vulkan: coq-theories
	@if [ -f proofs/vulkan/Makefile ]; then $(MAKE) -C proofs/vulkan; fi

# `Print Assumptions` on every headline theorem listed in proofs/THEOREMS;
# fails if anything beyond the axioms allowed in README.md shows up.
assumptions: proofs
	scripts/check-assumptions.sh proofs/THEOREMS
	@if scripts/check-assumptions.sh scripts/assumptions-selftest.txt >/dev/null 2>&1; then \
	  echo 'check-assumptions accepted an axiom: the checker is broken' >&2; exit 1; \
	else echo 'check-assumptions self-test: an axiom is rejected, as it should be'; fi
