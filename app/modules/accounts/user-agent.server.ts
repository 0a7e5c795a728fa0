import Bowser from "bowser";

const PLATFORMS: Record<string, string> = {
  desktop: "computador",
  mobile: "celular",
  tablet: "tablet",
  tv: "TV",
};

/**
 * A session's device in pt-BR, e.g. "Chrome 131 · Linux (computador)", from its User-Agent
 * (server-side only; bowser is a small, maintained parser). Unknown or missing → a generic label.
 */
export function describeUserAgent(ua: string | null | undefined): string {
  const text = (ua ?? "").slice(0, 512).trim();
  if (!text) return "Dispositivo desconhecido";
  let parsed: Bowser.Parser.ParsedResult;
  try {
    parsed = Bowser.parse(text);
  } catch {
    return "Dispositivo desconhecido";
  }
  const browser = parsed.browser.name
    ? `${parsed.browser.name}${parsed.browser.version ? ` ${parsed.browser.version.split(".")[0]}` : ""}`
    : "Navegador desconhecido";
  const os = parsed.os.name ?? "";
  const platform = parsed.platform.type ? PLATFORMS[parsed.platform.type] : undefined;
  const where = [os, platform ? `(${platform})` : ""].filter(Boolean).join(" ");
  return where ? `${browser} · ${where}` : browser;
}
