// Debian's chromium driven by playwright-core (never a downloaded browser).
import { chromium } from "playwright-core";

export function launchChromium() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
           "--disable-component-update", "--disable-quic", "--no-first-run", "--disable-sync"],
  });
}
