// Client-safe: the upload limits (decision 041), shared by the body limit of the server and the
// onboarding module's rules and messages.

export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
/** Room for the multipart framing and the form's other fields around one file. */
export const UPLOAD_BODY_OVERHEAD = 64 * 1024;
export const UPLOAD_TOO_LARGE_MESSAGE =
  "O arquivo passa de 10 MB. Envie um arquivo menor (ou fotos em vez de um PDF grande).";
