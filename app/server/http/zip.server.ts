/**
 * A ZIP archive written as a stream, entries "stored" (not compressed), for downloads of many
 * small files (the accountant's XML notes): each entry's bytes pass through as they arrive, with
 * their CRC-32 and sizes in a data descriptor after them, so nothing but the central directory
 * (about 100 bytes per entry) is held in memory. No compression because XML notes are a few KB
 * each and the point is flat memory; no ZIP64, so at most 65 535 entries and 4 GB, which the
 * callers check. package.json has no maintained ZIP writer (the project does not add one for
 * this); the format is APPNOTE.TXT 6.3.x, sections 4.3.7 to 4.3.16.
 */

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

export function crc32(data: Uint8Array, crc = 0): number {
  let c = ~crc >>> 0;
  for (let i = 0; i < data.length; i++) c = CRC_TABLE[(c ^ data[i]) & 0xff] ^ (c >>> 8);
  return ~c >>> 0;
}

export const ZIP_MAX_ENTRIES = 65_535;

export interface ZipEntry {
  /** The file's name inside the archive (UTF-8). */
  name: string;
  data: Uint8Array | AsyncIterable<Uint8Array>;
  /** Its modification time (the archive's own clock otherwise). */
  date?: Date;
}

/** MS-DOS time and date, as ZIP stores them (local time; two-second precision). */
function dosDateTime(d: Date): { time: number; date: number } {
  const year = Math.max(1980, d.getFullYear());
  return {
    time: (d.getHours() << 11) | (d.getMinutes() << 5) | Math.floor(d.getSeconds() / 2),
    date: ((year - 1980) << 9) | ((d.getMonth() + 1) << 5) | d.getDate(),
  };
}

const FLAGS = 0x0808; // bit 3: sizes in a data descriptor; bit 11: UTF-8 names

/**
 * The archive's bytes, entry after entry, pulled as the reader reads (backpressure): an entry's
 * data is read only when the previous one has been written out.
 */
export async function* zipStream(
  entries: AsyncIterable<ZipEntry> | Iterable<ZipEntry>,
): AsyncGenerator<Buffer> {
  const central: Buffer[] = [];
  let offset = 0;
  let count = 0;
  for await (const entry of entries) {
    if (++count > ZIP_MAX_ENTRIES) throw new Error("zip: too many entries");
    const name = Buffer.from(entry.name, "utf8");
    const { time, date } = dosDateTime(entry.date ?? new Date(0));
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed: 2.0
    local.writeUInt16LE(FLAGS, 6);
    local.writeUInt16LE(0, 8); // stored
    local.writeUInt16LE(time, 10);
    local.writeUInt16LE(date, 12);
    // CRC and sizes (14..25) stay 0: they follow the data in its descriptor.
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    yield local;
    yield name;
    let crc = 0;
    let size = 0;
    const chunks = entry.data instanceof Uint8Array ? [entry.data] : entry.data;
    for await (const chunk of chunks) {
      crc = crc32(chunk, crc);
      size += chunk.length;
      if (size > 0xffffffff) throw new Error("zip: entry over 4 GB");
      yield Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    }
    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(0x08074b50, 0);
    descriptor.writeUInt32LE(crc, 4);
    descriptor.writeUInt32LE(size, 8);
    descriptor.writeUInt32LE(size, 12);
    yield descriptor;
    const header = Buffer.alloc(46);
    header.writeUInt32LE(0x02014b50, 0);
    header.writeUInt16LE(20, 4); // made by: 2.0
    header.writeUInt16LE(20, 6);
    header.writeUInt16LE(FLAGS, 8);
    header.writeUInt16LE(0, 10);
    header.writeUInt16LE(time, 12);
    header.writeUInt16LE(date, 14);
    header.writeUInt32LE(crc, 16);
    header.writeUInt32LE(size, 20);
    header.writeUInt32LE(size, 24);
    header.writeUInt16LE(name.length, 28);
    header.writeUInt32LE(offset, 42);
    central.push(header, name);
    offset += 30 + name.length + size + 16;
    if (offset > 0xffffffff) throw new Error("zip: archive over 4 GB");
  }
  let centralSize = 0;
  for (const part of central) {
    centralSize += part.length;
    yield part;
  }
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(count, 8);
  end.writeUInt16LE(count, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  yield end;
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
