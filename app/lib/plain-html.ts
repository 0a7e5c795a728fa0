// Plain-HTML pages (DESIGN §1, docs/decisions/018-public-site-as-plain-html.md and
// 046-client-area-plain-html.md): a route whose `handle` says `plainHtml` (the public layout's and
// the client area's) makes the root render no React Router script, module preload or scroll
// restoration, and render the flash toast itself.

export interface PlainHtmlHandle {
  plainHtml: true;
}

/** What a plain page's loader returns for the root to inline: its one small script. */
export interface PlainHtmlData {
  enhancementScript: string | null;
}

type Match = { handle?: unknown; data?: unknown };

export function isPlainHtml(matches: readonly Match[]): boolean {
  return matches.some((m) => (m.handle as Partial<PlainHtmlHandle> | undefined)?.plainHtml === true);
}

/** The page's enhancement script: the deepest matched route's that carries one. */
export function enhancementScript(matches: readonly Match[]): string | null {
  for (const m of [...matches].reverse()) {
    const script = (m.data as Partial<PlainHtmlData> | null | undefined)?.enhancementScript;
    if (script) return script;
  }
  return null;
}
