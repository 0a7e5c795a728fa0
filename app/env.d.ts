import "react-router";

declare module "react-router" {
  interface AppLoadContext {
    /** Per-request CSP nonce, set by server.mjs. */
    nonce: string;
    clientIp: string;
    /** Null on a cached public page: its bytes are everyone's (decision 017). */
    requestId: string | null;
    /** Always set: the 500 page shows it even on a public page (entry.server.tsx). */
    errorRequestId?: string;
    /** A public page stored whole (page cache, hash CSP): rendered with onAllReady. */
    publicPage?: boolean;
  }
}
