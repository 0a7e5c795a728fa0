import "react-router";

declare module "react-router" {
  interface AppLoadContext {
    /** Per-request CSP nonce, set by server.mjs. */
    nonce: string;
    clientIp: string;
    requestId: string;
  }
}
