import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { PublicToast } from "./public-toast";

// The contact form's success shows once, in the form's confirmation.
describe("PublicToast", () => {
  const toast = { id: "t1", type: "success" as const, message: "Post salvo!" };

  it("shows a flash toast", () => {
    expect(renderToStaticMarkup(createElement(PublicToast, { toast }))).toContain("Post salvo!");
  });

  it("leaves out a message the page shows in place", () => {
    expect(renderToStaticMarkup(createElement(PublicToast, { toast: { ...toast, inPage: true } }))).toBe("");
  });
});
