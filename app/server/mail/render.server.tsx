import { render } from "@react-email/render";
import type { ReactElement } from "react";

/** An e-mail component as its HTML and plain-text parts (both escaped by React). */
export async function renderMail(element: ReactElement): Promise<{ html: string; text: string }> {
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { html, text };
}
