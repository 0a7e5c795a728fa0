// Loaded only in the browser, only by the post form (React.lazy): Quill and its CSS never reach
// the public bundle.
import { useEffect, useRef, useState } from "react";
import Quill from "quill";
import Link from "quill/formats/link";
import ReactQuill from "react-quill-new";
import "react-quill-new/dist/quill.snow.css";
import "./rich-text-editor.css";
import { Dialog, DialogActions, DialogCancel } from "~/components/ui/dialog";
import { Button, TextField } from "~/components/ui/form";

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

/**
 * Quill's own link always opens in a new tab. Here a link opens in the same tab unless the author
 * ticks "abrir em nova aba": its value is then `{ href, target: "_blank" }` (the sanitizer keeps
 * target="_blank" and forces rel="noopener noreferrer" only on such links).
 */
type LinkValue = string | { href: string; target: "_blank" };

function applyTarget(node: HTMLElement, newTab: boolean) {
  if (newTab) {
    node.setAttribute("target", "_blank");
    node.setAttribute("rel", "noopener noreferrer");
  } else {
    node.removeAttribute("target");
    node.removeAttribute("rel");
  }
}

class PostLink extends Link {
  static create(value: LinkValue) {
    const node = super.create(typeof value === "string" ? value : value.href);
    applyTarget(node, typeof value === "object" && value.target === "_blank");
    return node;
  }
  // Quill's typing says string; its clipboard and delta code accept any value for a format.
  static formats(domNode: HTMLElement): string {
    const href = domNode.getAttribute("href") ?? "";
    const value: LinkValue = domNode.getAttribute("target") === "_blank" ? { href, target: "_blank" } : href;
    return value as unknown as string;
  }
  format(name: string, value: unknown) {
    if (name === PostLink.blotName && value && typeof value === "object") {
      const v = value as { href: string; target?: string };
      super.format(name, v.href);
      applyTarget(this.domNode, v.target === "_blank");
    } else {
      super.format(name, value);
      if (name === PostLink.blotName && typeof value === "string") applyTarget(this.domNode, false);
    }
  }
}
Quill.register("formats/link", PostLink, true);

/** Every toolbar control gets a pt-BR accessible name and the same text as its tooltip (title). */
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
const ITEM_NAMES: Record<string, Record<string, string>> = {
  "ql-header": {
    "1": "Título 1",
    "2": "Título 2",
    "3": "Título 3",
    "4": "Título 4",
    "5": "Título 5",
    "6": "Título 6",
    "": "Normal",
  },
  "ql-align": {
    "": "Alinhar à esquerda",
    center: "Centralizar",
    right: "Alinhar à direita",
    justify: "Justificar",
  },
};

export function labelToolbar(container: HTMLElement) {
  for (const [sel, name] of Object.entries(NAMES)) {
    const [cls, attr] = sel.split("[");
    const query = `button.${cls}${attr ? `[${attr}` : ""}, span.${cls} > .ql-picker-label`;
    container.querySelectorAll<HTMLElement>(query).forEach((el) => {
      el.setAttribute("aria-label", name);
      el.setAttribute("title", name);
    });
  }
  container.querySelectorAll<HTMLElement>(".ql-picker").forEach((picker) => {
    const names = ITEM_NAMES[picker.classList[0] ?? ""];
    picker.querySelectorAll<HTMLElement>(".ql-picker-item").forEach((el) => {
      const v = el.getAttribute("data-value") ?? "";
      const name = names?.[v] ?? (v ? v : "Padrão");
      el.setAttribute("aria-label", name);
      el.setAttribute("title", name);
    });
  });
}

interface SnowTooltip {
  root: HTMLElement;
  textbox: HTMLInputElement;
  linkRange?: { index: number; length: number };
  edit: (mode?: string, preview?: string | null) => void;
  save: () => void;
  hide: () => void;
  restoreFocus: () => void;
}

/** Quill's link tooltip, with a "abrir em nova aba" box (its texts are translated in the CSS). */
function extendLinkTooltip(quill: Quill) {
  const tooltip = (quill.theme as unknown as { tooltip?: SnowTooltip }).tooltip;
  if (!tooltip || tooltip.root.querySelector(".ql-newtab")) return;
  tooltip.textbox.setAttribute("data-link", "https://...");
  tooltip.textbox.setAttribute("aria-label", "Endereço do link");
  const label = document.createElement("label");
  label.className = "ql-newtab";
  const box = document.createElement("input");
  box.type = "checkbox";
  label.append(box, " abrir em nova aba");
  tooltip.root.querySelector("a.ql-action")?.before(label);
  tooltip.root.querySelector("a.ql-action")?.setAttribute("aria-label", "Salvar link");
  tooltip.root.querySelector("a.ql-remove")?.setAttribute("aria-label", "Remover link");

  const edit = tooltip.edit.bind(tooltip);
  tooltip.edit = (mode = "link", preview = null) => {
    let newTab = false;
    if (tooltip.linkRange) {
      const [blot] = quill.scroll.descendant(PostLink, tooltip.linkRange.index);
      newTab = blot?.domNode.getAttribute("target") === "_blank";
    }
    box.checked = newTab;
    edit(mode, preview);
  };
  const save = tooltip.save.bind(tooltip);
  tooltip.save = () => {
    if (tooltip.root.getAttribute("data-mode") !== "link") return save();
    const href = tooltip.textbox.value.trim();
    const value: LinkValue | false = !href ? false : box.checked ? { href, target: "_blank" } : href;
    const { scrollTop } = quill.root;
    if (tooltip.linkRange) {
      quill.formatText(tooltip.linkRange.index, tooltip.linkRange.length, "link", value, "user");
      delete tooltip.linkRange;
    } else {
      tooltip.restoreFocus();
      quill.format("link", value, "user");
    }
    quill.root.scrollTop = scrollTop;
    tooltip.textbox.value = "";
    box.checked = false;
    tooltip.hide();
  };
}

/** Validates the image dialog; the stored HTML keeps http(s) images only. */
export function checkImage(url: string, alt: string): { url?: string; alt?: string } | null {
  const errors: { url?: string; alt?: string } = {};
  if (!/^https?:\/\//i.test(url) || !URL.canParse(url)) errors.url = "Informe uma URL válida (https://...).";
  if (!alt.trim()) errors.alt = "Descreva a imagem para quem não pode vê-la.";
  return errors.url || errors.alt ? errors : null;
}

// The image button opens the React dialog below (not prompt()), at the cursor's position.
const IMAGE_EVENT = "post-editor:image";
function askForImage(this: { quill: Quill }) {
  const index = this.quill.getSelection(true).index;
  this.quill.container.dispatchEvent(new CustomEvent(IMAGE_EVENT, { detail: index, bubbles: true }));
}
const MODULES = { toolbar: { container: TOOLBAR, handlers: { image: askForImage } } };

function ImageDialog({
  open,
  onClose,
  onInsert,
}: {
  open: boolean;
  onClose: () => void;
  onInsert: (url: string, alt: string) => void;
}) {
  const [errors, setErrors] = useState<{ url?: string; alt?: string } | null>(null);
  return (
    <Dialog
      open={open}
      onOpenChange={(v) => {
        if (!v) onClose();
        setErrors(null);
      }}
      title="Inserir imagem"
      description="Informe o endereço da imagem e um texto alternativo que a descreva."
      closeButton={false}
    >
      {/* Portalled out of the post form's DOM, but React events still bubble to it: stop them. */}
      <form
        noValidate
        className="mt-4 space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          e.stopPropagation();
          const data = new FormData(e.currentTarget);
          const url = String(data.get("url") ?? "").trim();
          const alt = String(data.get("alt") ?? "").trim();
          const found = checkImage(url, alt);
          setErrors(found);
          if (!found) onInsert(url, alt);
        }}
      >
        <TextField
          label="Endereço da imagem"
          name="url"
          type="url"
          placeholder="https://..."
          error={errors?.url}
        />
        <TextField label="Texto alternativo" name="alt" maxLength={200} error={errors?.alt} />
        <DialogActions>
          <DialogCancel />
          <Button type="submit">Inserir imagem</Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

export default function RichTextEditor({
  defaultValue,
  onChange,
  onUserEdit,
  labelledBy,
}: {
  defaultValue: string;
  onChange: (html: string) => void;
  /** Called when the author (not Quill's own normalising) changes the text. */
  onUserEdit?: () => void;
  labelledBy: string;
}) {
  const ref = useRef<ReactQuill>(null);
  const wrapper = useRef<HTMLDivElement>(null);
  const [imageAt, setImageAt] = useState<number | null>(null);
  useEffect(() => {
    const editor = ref.current?.getEditor();
    if (!editor || !wrapper.current) return;
    editor.root.setAttribute("role", "textbox");
    editor.root.setAttribute("aria-multiline", "true");
    editor.root.setAttribute("aria-labelledby", labelledBy);
    labelToolbar(wrapper.current);
    extendLinkTooltip(editor);
    const openDialog = (e: Event) => setImageAt((e as CustomEvent<number>).detail);
    const el = wrapper.current;
    el.addEventListener(IMAGE_EVENT, openDialog);
    return () => el.removeEventListener(IMAGE_EVENT, openDialog);
  }, [labelledBy]);

  function insertImage(url: string, alt: string) {
    const editor = ref.current?.getEditor();
    const index = imageAt ?? 0;
    setImageAt(null);
    if (!editor) return;
    editor.insertEmbed(index, "image", url, "user");
    editor.formatText(index, 1, { alt }, "user");
    editor.setSelection(index + 1, 0, "silent");
  }

  return (
    <div ref={wrapper} className="post-editor mt-1">
      <ReactQuill
        ref={ref}
        theme="snow"
        defaultValue={defaultValue}
        // Quill 2.0's semantic HTML turns every space into &nbsp;, which would stop the article's
        // lines from wrapping on the public page.
        onChange={(html, _delta, source) => {
          onChange(html.replace(/&nbsp;/g, " "));
          if (source === "user") onUserEdit?.();
        }}
        modules={MODULES}
        formats={FORMATS}
      />
      <ImageDialog
        open={imageAt !== null}
        onClose={() => {
          setImageAt(null);
          ref.current?.getEditor().focus();
        }}
        onInsert={insertImage}
      />
    </div>
  );
}
