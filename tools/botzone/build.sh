#!/usr/bin/env bash
# Build Botzone's Chinese Standard Mahjong referee (judge) and its sample bot OUTSIDE mjlearn.
#
#   tools/botzone/build.sh REPO [OUT]
#
# REPO: a git directory (or a work tree) of the public repository ailab-pku/Chinese-Standard-Mahjong.
# OUT:  where to build (default /work/botzone-build); gets judge, sample and their sources.
# Needs g++, Debian's libjsoncpp-dev and libboost-dev (apt-get install g++ libjsoncpp-dev libboost-dev).
# Nothing of that repository is copied into mjlearn: the binaries and sources stay in OUT; the game
# logs the judge writes (tests/data/botzone/) are data.
set -euo pipefail
repo=${1:?usage: build.sh REPO [OUT]}
out=${2:-/work/botzone-build}
mkdir -p "$out/src"
if [ -d "$repo/.git" ] || [ -f "$repo/HEAD" ]; then  # a git directory (a work tree's or a bare one)
  gd=$( [ -d "$repo/.git" ] && echo "$repo/.git" || echo "$repo")
  for d in judge sample-bot-Botzone fan-calculator-usage/ChineseOfficialMahjongHelper/Classes/mahjong-algorithm; do
    git --git-dir="$gd" archive --prefix="$d/" "HEAD:$d" | tar -x -C "$out/src"  # only these trees are read
  done
else
  cp -r "$repo/judge" "$repo/sample-bot-Botzone" "$out/src/"
  mkdir -p "$out/src/fan-calculator-usage/ChineseOfficialMahjongHelper/Classes"
  cp -r "$repo/fan-calculator-usage/ChineseOfficialMahjongHelper/Classes/mahjong-algorithm" \
    "$out/src/fan-calculator-usage/ChineseOfficialMahjongHelper/Classes/"
fi
src=$out/src
# judge/main.cpp includes "MahjongGB/fan_calculator.cpp" and "jsoncpp/json.h": put the fan calculator
# beside it and make jsoncpp/json.h the system's <json/json.h>.
rm -rf "$src/judge/MahjongGB" && cp -r "$src/fan-calculator-usage/ChineseOfficialMahjongHelper/Classes/mahjong-algorithm" "$src/judge/MahjongGB"
mkdir -p "$src/judge/jsoncpp"
printf '#include <json/json.h>\n' > "$src/judge/jsoncpp/json.h"
jsonflags=$(pkg-config --cflags --libs jsoncpp 2>/dev/null || echo "-I/usr/include/jsoncpp -ljsoncpp")
# -D_BOTZONE_ONLINE: read the request from standard input (not from data.json)
g++ -O2 -std=c++14 -D_BOTZONE_ONLINE -w -I"$src/judge" "$src/judge/main.cpp" -o "$out/judge" $jsonflags
g++ -O2 -std=c++14 -w "$src/sample-bot-Botzone/sample.cpp" -o "$out/sample" $jsonflags
echo "built $out/judge and $out/sample from $repo${gd:+ at $(git --git-dir="$gd" rev-parse HEAD)}"
