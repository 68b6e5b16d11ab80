#!/usr/bin/env bash
# Builds the Alloy Analyzer 5.1 core (parser, translator, Kodkod) from its
# sources with plain javac, together with relprove's verdict driver
# (scripts/alloy-driver/AlloyVerdicts.java), into one runnable jar that the
# differential test tests/alloy_differential.rs uses. The SAT solver is SAT4J
# from Debian (`apt-get install sat4j`). See docs/alloy-differential.md.
#
# Usage: scripts/build-alloy.sh [ALLOY_SRC]
#   ALLOY_SRC  a checkout of github.com/AlloyTools/org.alloytools.alloy at tag
#              v5.1.0 (argument, or $ALLOY_SRC)
#   ALLOY_JAR  the jar to write (default: target/alloy/alloy-verdicts.jar)
#   SAT4J_JAR  SAT4J core jar (default: /usr/share/java/org.sat4j.core.jar)
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
src="${1:-${ALLOY_SRC:-}}"
jar_out="${ALLOY_JAR:-$root/target/alloy/alloy-verdicts.jar}"
sat4j="${SAT4J_JAR:-/usr/share/java/org.sat4j.core.jar}"

die() { echo "build-alloy: $*" >&2; exit 1; }
[ -n "$src" ] || die "give the Alloy source directory as argument or in \$ALLOY_SRC"
core="$src/org.alloytools.alloy.core/src/main"
kodkod="$src/org.alloytools.kodkod.core/src/main/java"
native="$src/org.alloytools.kodkod.nativesat/src/main/java"
[ -d "$core/java/edu/mit/csail/sdg" ] || die "$core/java/edu/mit/csail/sdg not found (expected a v5.1.0 checkout)"
[ -d "$kodkod/kodkod" ] || die "$kodkod/kodkod not found (expected a v5.1.0 checkout)"
[ -f "$sat4j" ] || die "SAT4J jar $sat4j not found: apt-get install sat4j, or set SAT4J_JAR"
command -v javac >/dev/null || die "javac not found (install a JDK, e.g. openjdk-17-jdk-headless)"
command -v jar >/dev/null || die "jar not found (install a JDK, e.g. openjdk-17-jdk-headless)"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/classes"
{
    find "$core/java" "$kodkod" -name '*.java'
    [ -d "$native" ] && find "$native" -name '*.java'
    echo "$root/scripts/alloy-driver/AlloyVerdicts.java"
} > "$work/sources.txt"
echo "build-alloy: compiling $(wc -l < "$work/sources.txt") Java files" >&2
javac -nowarn -encoding UTF-8 -d "$work/classes" -cp "$sat4j" @"$work/sources.txt" 2> "$work/javac.log" \
    || { cat "$work/javac.log" >&2; die "javac failed"; }
# Alloy's own library (util/ordering.als, ...) is read from the class path.
cp -r "$core/resources/." "$work/classes/"
# One self-contained jar: SAT4J's classes go in too.
(cd "$work/classes" && jar xf "$sat4j" org && rm -rf META-INF)
mkdir -p "$(dirname "$jar_out")"
jar --create --file "$jar_out" --main-class AlloyVerdicts -C "$work/classes" .
echo "build-alloy: wrote $jar_out" >&2
