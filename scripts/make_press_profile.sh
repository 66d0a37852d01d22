#!/bin/sh
# Makes generator/pdf/icc/FOGRA39L-coated-300.icc again (see the README beside it): the
# FOGRA39 CMYK profile of the print-shop files, from Fogra's FOGRA39L characterisation data
# as Debian's icc-profiles-free ships it (zlib), with ArgyllCMS's colprof. Not run by builds
# or tests; needs Debian's packages:  apt-get install argyll icc-profiles-free
set -eu
data=/usr/share/color/icc/FOGRA39L.ti3
out=$(cd "$(dirname "$0")/.." && pwd)/generator/pdf/icc/FOGRA39L-coated-300.icc
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp "$data" "$work/FOGRA39L.ti3"
cd "$work"
# -qm: medium-quality tables (247 kB, average error 0.16 ΔE against the data); -kp: colord's
# black generation for FOGRA39 (start 0, start point 0.3, end point and level 0.94, shape
# 0.48); -l 300: total ink limit 300 %.
colprof -v0 -qm -kp 0 0.3 0.94 0.94 0.48 -l 300 \
    -D "FOGRA39L coated, 300% (rulebook-generator)" \
    -C "No copyright; see the README beside this file" \
    -A "rulebook-generator" -M "FOGRA39L (ISO 12647-2:2004/Amd 1)" \
    -O FOGRA39L-coated-300.icc FOGRA39L
cp FOGRA39L-coated-300.icc "$out"
echo "wrote $out"
