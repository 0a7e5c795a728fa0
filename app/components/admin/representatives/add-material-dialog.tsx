import { Pencil, Plus } from "lucide-react";
import { useState } from "react";
import { useFetcher } from "react-router";
import { Dialog, DialogActions, DialogCancel } from "~/components/ui/dialog";
import { Button, SelectField, TextAreaField, TextField } from "~/components/ui/form";
import { useReplyToast } from "~/components/ui/use-reply-toast";
import type { FormReply } from "~/lib/form-reply";
import { fieldErrors, formToObject, type FieldErrors } from "~/lib/validation";
import { MaterialSchema } from "~/modules/materials/materials.schema";

type Result = FormReply;

/** The fields a material can be edited with. */
export interface EditableMaterial {
  id: string;
  title: string;
  description: string | null;
  materialType: string;
  driveUrl: string | null;
  textContent: string | null;
}

/**
 * SPEC §2 add-material modal, also the edit modal when `material` is given (materials
 * are editable); the action validates again with the same schema.
 */
export function AddMaterialDialog({ material }: { material?: EditableMaterial } = {}) {
  const initialType = material?.materialType === "text" ? "text" : "link";
  const fetcher = useFetcher<Result>();
  useReplyToast(fetcher.data);
  const [open, setOpen] = useState(false);
  const [type, setType] = useState<"link" | "text">(initialType);
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  // Close once per successful answer (state adjusted during render, not in an effect).
  const [seen, setSeen] = useState<Result | undefined>(undefined);
  if (fetcher.data !== seen) {
    setSeen(fetcher.data);
    if (fetcher.data?.ok) setOpen(false);
  }
  const errors = clientErrors ?? fetcher.data?.fieldErrors ?? {};
  const busy = fetcher.state !== "idle";

  return (
    <Dialog
      open={open}
      onOpenChange={(v) => {
        setOpen(v);
        setClientErrors(null);
        if (v) setType(initialType);
      }}
      trigger={
        material ? (
          <button
            type="button"
            aria-label={`Editar material ${material.title}`}
            className="inline-flex items-center gap-1 rounded-lg px-2 py-1 text-sm font-medium text-brand-700 hover:bg-brand-50"
          >
            <Pencil aria-hidden className="h-4 w-4" />
            Editar
          </button>
        ) : (
          <Button type="button">
            <Plus aria-hidden className="h-4 w-4" />
            Adicionar Material
          </Button>
        )
      }
      title={material ? "Editar Material" : "Adicionar Material"}
      description="Links do Google Drive ou textos prontos para os representantes divulgarem."
      width="lg"
    >
      <fetcher.Form
        method="post"
        noValidate
        className="mt-4 space-y-4"
        onSubmit={(e) => {
          const parsed = MaterialSchema.safeParse(formToObject(new FormData(e.currentTarget)));
          if (!parsed.success) {
            e.preventDefault();
            setClientErrors(fieldErrors(parsed.error));
          } else setClientErrors(null);
        }}
      >
        <input type="hidden" name="intent" value={material ? "updateMaterial" : "addMaterial"} />
        {material && <input type="hidden" name="id" value={material.id} />}
        <TextField
          label="Título"
          name="title"
          required
          maxLength={200}
          defaultValue={material?.title}
          error={errors.title}
        />
        <TextAreaField
          label="Descrição"
          name="description"
          rows={2}
          maxLength={2000}
          defaultValue={material?.description ?? undefined}
          error={errors.description}
        />
        <SelectField
          label="Tipo"
          name="materialType"
          value={type}
          onChange={(e) => setType(e.currentTarget.value === "text" ? "text" : "link")}
        >
          <option value="link">Link</option>
          <option value="text">Texto</option>
        </SelectField>
        {type === "link" ? (
          <TextField
            label="URL do Google Drive"
            name="driveUrl"
            type="url"
            placeholder="https://drive.google.com/..."
            maxLength={2000}
            defaultValue={material?.driveUrl ?? undefined}
            error={errors.driveUrl}
          />
        ) : (
          <TextAreaField
            label="Conteúdo do texto"
            name="textContent"
            rows={6}
            maxLength={20000}
            defaultValue={material?.textContent ?? undefined}
            error={errors.textContent}
          />
        )}
        <DialogActions className="pt-2">
          <DialogCancel />
          <Button type="submit" busy={busy} busyLabel="Salvando...">
            {material ? "Salvar" : "Adicionar"}
          </Button>
        </DialogActions>
      </fetcher.Form>
    </Dialog>
  );
}
