import sanitizeHtml from "sanitize-html";

/**
 * The one HTML allow-list for blog content, used on save (admin CMS) AND on render (public
 * article): stored XSS is the main risk of a CMS, and render-time sanitizing also covers rows
 * written before a rule changed or straight into the database.
 *
 * It allows exactly what the editor's toolbar (SPEC §2: headings 1-6, bold, italic, underline,
 * strike, lists, alignment, link, image, colours, clean) produces in Quill 2.
 */
const HEADINGS = ["h1", "h2", "h3", "h4", "h5", "h6"];
const ALIGN = ["ql-align-center", "ql-align-right", "ql-align-justify"];
// Tab inside a list indents it in Quill, even without an indent button.
const INDENT = Array.from({ length: 8 }, (_, i) => `ql-indent-${i + 1}`);
const BLOCK_CLASSES = [...ALIGN, ...INDENT];

// Quill writes colours as rgb(...) (its picker) or #hex; nothing else may reach a style attribute.
const COLOUR = [
  /^#[0-9a-f]{3,8}$/i,
  /^rgba?\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*(,\s*(0|1|0?\.\d+)\s*)?\)$/i,
  /^[a-z]{3,20}$/i,
];

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    ...HEADINGS,
    "p",
    "br",
    "strong",
    "b",
    "em",
    "i",
    "u",
    "s",
    "strike",
    "ol",
    "ul",
    "li",
    "a",
    "img",
    "span",
  ],
  allowedAttributes: {
    a: ["href", "target", "rel"],
    img: ["src", "alt", "width", "height"],
    // Quill 2 keeps bullets and numbers in one <ol> and tells them apart with data-list.
    li: ["data-list", "class", "style"],
    "*": ["class", "style"],
  },
  // "*": [] drops every class not listed for its tag (sanitize-html keeps all classes otherwise).
  allowedClasses: {
    "*": [],
    p: BLOCK_CLASSES,
    li: BLOCK_CLASSES,
    ol: INDENT,
    ul: INDENT,
    ...Object.fromEntries(HEADINGS.map((h) => [h, ALIGN])),
  },
  allowedStyles: {
    "*": { color: COLOUR, "background-color": COLOUR },
  },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesByTag: { img: ["http", "https"] },
  allowedSchemesAppliedToAttributes: ["href", "src"],
  allowProtocolRelative: false,
  // Unknown tags are dropped with their text kept, except tags whose "text" is code.
  nonTextTags: ["script", "style", "textarea", "option", "noscript", "title", "iframe", "object", "embed"],
  disallowedTagsMode: "discard",
  transformTags: {
    a: (tagName, attribs) => {
      const out: Record<string, string> = {};
      if (attribs.href) out.href = attribs.href;
      // A new tab must not get a handle on this page (reverse tabnabbing).
      if (attribs.target === "_blank") {
        out.target = "_blank";
        out.rel = "noopener noreferrer";
      }
      return { tagName, attribs: out };
    },
  },
  // Empty spans: Quill's list markers (<span class="ql-ui">) and leftovers of dropped styles.
  exclusiveFilter: (frame) => frame.tag === "span" && !frame.text.trim(),
};

export function sanitizePostHtml(html: string | null | undefined): string {
  if (!html) return "";
  return sanitizeHtml(html, OPTIONS);
}
