// Public pages are plain HTML (DESIGN §1, docs/decisions/018-public-site-as-plain-html.md): a
// route whose `handle` says `plainHtml` (the public layout's, for every page under it) makes the
// root render no React Router script, module preload or scroll restoration.

export interface PlainHtmlHandle {
  plainHtml: true;
}

export function isPlainHtml(matches: readonly { handle?: unknown }[]): boolean {
  return matches.some((m) => (m.handle as Partial<PlainHtmlHandle> | undefined)?.plainHtml === true);
}
