// Loaded only in the browser, only by the post form (React.lazy): Quill and its CSS never reach
// the public bundle.
import { useEffect, useRef } from "react";
import ReactQuill, { type Quill } from "react-quill-new";
import "react-quill-new/dist/quill.snow.css";
import "./rich-text-editor.css";

/** SPEC §2: exactly this toolbar. */
export const TOOLBAR = [
  [{ header: [1, 2, 3, 4, 5, 6, false] }],
  ["bold", "italic", "underline", "strike"],
  [{ list: "ordered" }, { list: "bullet" }],
  [{ align: [] }],
  ["link", "image"],
  [{ color: [] }, { background: [] }],
  ["clean"],
];
// Pasted content keeps only what the toolbar itself can make.
const FORMATS = [
  "header",
  "bold",
  "italic",
  "underline",
  "strike",
  "list",
  "align",
  "link",
  "image",
  "color",
  "background",
];

// The image button asks for an image address: the stored HTML keeps http(s) images only (the
// sanitizer drops inline base64 files, which would also bloat every post).
function insertImageByUrl(this: { quill: Quill }) {
  const url = window.prompt("Endereço da imagem (https://...)")?.trim();
  if (!url) return;
  if (!/^https?:\/\//i.test(url) || !URL.canParse(url)) {
    window.alert("Informe uma URL válida (https://...).");
    return;
  }
  const range = this.quill.getSelection(true);
  this.quill.insertEmbed(range.index, "image", url, "user");
  this.quill.setSelection(range.index + 1, 0, "silent");
}

const MODULES = { toolbar: { container: TOOLBAR, handlers: { image: insertImageByUrl } } };

// Quill's pickers are spans without names; give every toolbar control a pt-BR accessible name.
const NAMES: Record<string, string> = {
  "ql-header": "Nível do cabeçalho",
  "ql-bold": "Negrito",
  "ql-italic": "Itálico",
  "ql-underline": "Sublinhado",
  "ql-strike": "Tachado",
  "ql-list[value=ordered]": "Lista numerada",
  "ql-list[value=bullet]": "Lista com marcadores",
  "ql-align": "Alinhamento",
  "ql-link": "Link",
  "ql-image": "Imagem",
  "ql-color": "Cor do texto",
  "ql-background": "Cor de fundo",
  "ql-clean": "Limpar formatação",
};

function labelToolbar(container: HTMLElement) {
  for (const [sel, name] of Object.entries(NAMES)) {
    const [cls, attr] = sel.split("[");
    const query = `button.${cls}${attr ? `[${attr}` : ""}, span.${cls} > .ql-picker-label`;
    container.querySelectorAll<HTMLElement>(query).forEach((el) => el.setAttribute("aria-label", name));
  }
  container.querySelectorAll<HTMLElement>(".ql-picker-item").forEach((el) => {
    if (!el.getAttribute("aria-label")) {
      const v = el.getAttribute("data-value");
      el.setAttribute("aria-label", v ?? "Padrão");
    }
  });
}

export default function RichTextEditor({
  defaultValue,
  onChange,
  labelledBy,
}: {
  defaultValue: string;
  onChange: (html: string) => void;
  labelledBy: string;
}) {
  const ref = useRef<ReactQuill>(null);
  const wrapper = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const editor = ref.current?.getEditor();
    if (!editor || !wrapper.current) return;
    editor.root.setAttribute("role", "textbox");
    editor.root.setAttribute("aria-multiline", "true");
    editor.root.setAttribute("aria-labelledby", labelledBy);
    labelToolbar(wrapper.current);
  }, [labelledBy]);
  return (
    <div ref={wrapper} className="post-editor mt-1">
      <ReactQuill
        ref={ref}
        theme="snow"
        defaultValue={defaultValue}
        // Quill 2.0's semantic HTML turns every space into &nbsp;, which would stop the article's
        // lines from wrapping on the public page.
        onChange={(html) => onChange(html.replace(/&nbsp;/g, " "))}
        modules={MODULES}
        formats={FORMATS}
      />
    </div>
  );
}
