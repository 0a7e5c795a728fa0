import { Zip, ZipDeflate } from "fflate";

/**
 * A ZIP archive written as a stream, for downloads of many small files (the accountant's XML
 * notes), through fflate (decision 045): each entry is deflated as its bytes arrive and the
 * archive's bytes are handed on as they are made, so memory stays flat whatever the number of
 * entries (bench/invoices-zip.ts). fflate writes no ZIP64: at most 65 535 entries and 4 GB, which
 * the callers check.
 */

export const ZIP_MAX_ENTRIES = 65_535;

export interface ZipEntry {
  /** The file's name inside the archive (UTF-8). */
  name: string;
  data: Uint8Array | AsyncIterable<Uint8Array>;
  /** Its modification time (1980-01-01, ZIP's first day, otherwise). */
  date?: Date;
}

const ZIP_EPOCH = new Date(1980, 0, 1);

/**
 * The archive's bytes, entry after entry, pulled as the reader reads (backpressure): an entry's
 * data is read only when what came before has been handed on.
 */
export async function* zipStream(
  entries: AsyncIterable<ZipEntry> | Iterable<ZipEntry>,
): AsyncGenerator<Buffer> {
  const ready: Uint8Array[] = [];
  let failure: Error | null = null;
  // fflate calls back synchronously as it pushes, so `ready` holds at most one chunk's output.
  const zip = new Zip((err, chunk) => {
    if (err) failure = err;
    else ready.push(chunk);
  });
  function* handOn() {
    if (failure) throw failure;
    while (ready.length) {
      const c = ready.shift()!;
      yield Buffer.from(c.buffer, c.byteOffset, c.byteLength);
    }
  }
  let count = 0;
  for await (const entry of entries) {
    if (++count > ZIP_MAX_ENTRIES) throw new Error("zip: too many entries");
    const file = new ZipDeflate(entry.name, { level: 6 });
    file.mtime = entry.date && entry.date > ZIP_EPOCH ? entry.date : ZIP_EPOCH;
    zip.add(file);
    const chunks = entry.data instanceof Uint8Array ? [entry.data] : entry.data;
    for await (const chunk of chunks) {
      file.push(chunk);
      yield* handOn();
    }
    file.push(new Uint8Array(0), true);
    yield* handOn();
  }
  zip.end();
  yield* handOn();
}

/** A Response streaming the archive as it is read; a cancelled download stops the reading. */
export function zipResponse(filename: string, entries: AsyncIterable<ZipEntry>): Response {
  const bytes = zipStream(entries);
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await bytes.next();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
    async cancel() {
      await bytes.return(undefined);
    },
  });
  return new Response(body, {
    headers: {
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
