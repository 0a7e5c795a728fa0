// Finds the system Chromium for Playwright/Lighthouse: $CHROME_PATH, then /usr/bin/chromium.
// When missing and running as root with apt, installs Debian's package; otherwise explains how.
import { execSync } from "node:child_process";
import { existsSync } from "node:fs";

export function findChromium() {
  const candidates = [process.env.CHROME_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"].filter(
    Boolean,
  );
  for (const c of candidates) if (existsSync(c)) return c;
  const isRoot = process.getuid?.() === 0;
  const hasApt = existsSync("/usr/bin/apt-get");
  if (isRoot && hasApt) {
    console.log("Chromium não encontrado: instalando o pacote Debian `chromium`...");
    execSync("apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium", {
      stdio: "inherit",
    });
    if (existsSync("/usr/bin/chromium")) return "/usr/bin/chromium";
  }
  console.error(
    "Chromium não encontrado. Instale-o (Debian/Ubuntu: `sudo apt-get install chromium`) " +
      "ou aponte CHROME_PATH para o executável do Chrome/Chromium.",
  );
  process.exit(2);
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(findChromium());
