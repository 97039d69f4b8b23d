#!/usr/bin/env bash
# Installs the Debian packages Variant Table needs (Bevy's ALSA/udev/X11/Wayland headers, and
# Xvfb + Mesa's software Vulkan driver for window tests). Installs only what is missing.
set -euo pipefail
packages=(pkg-config libasound2-dev libudev-dev libx11-dev libxkbcommon-x11-0 libxcursor1 libxi6 libxrandr2
          libwayland-dev libxkbcommon-dev xvfb xauth mesa-vulkan-drivers libvulkan1)
missing=()
for p in "${packages[@]}"; do
    dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"
echo "installing: ${missing[*]}" >&2
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
