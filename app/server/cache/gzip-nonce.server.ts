import { constants, crc32, deflateRawSync } from "node:zlib";

/**
 * Gzip framing for cached pages. Compressing every hit would cost more than the rest of the hit
 * (measured: half the throughput), so each part between nonces is deflated once when stored, and
 * a hit only frames its nonce as an uncompressed deflate block.
 */

const SYNC_FLUSH = { finishFlush: constants.Z_SYNC_FLUSH, level: 6 };
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3]);
/** An empty final block (BFINAL=1, fixed Huffman, end-of-block): ends the deflate stream. */
const FINAL_BLOCK = Buffer.from([0x03, 0x00]);

/** Each part as raw deflate blocks ending in a sync flush (byte-aligned, not final). */
export function deflateParts(parts: string[]): Buffer[] {
  return parts.map((p) => deflateRawSync(Buffer.from(p, "utf8"), SYNC_FLUSH));
}

/** A stored (uncompressed) deflate block; valid at a byte boundary, as after a sync flush. */
function storedBlock(data: Buffer): Buffer {
  const head = Buffer.from([
    0,
    data.length & 0xff,
    data.length >> 8,
    ~data.length & 0xff,
    (~data.length >> 8) & 0xff,
  ]);
  return Buffer.concat([head, data]);
}

/**
 * The gzip of parts.join(nonce) without compressing anything now: the parts' blocks were made
 * when stored; the nonce (short: callers keep it under 64 KiB) goes in as a stored block.
 */
export function gzipWithNonce(entry: { parts: string[]; deflated: Buffer[] }, nonce: string): Buffer {
  const plain = Buffer.from(entry.parts.join(nonce), "utf8");
  const nonceBlock = storedBlock(Buffer.from(nonce, "utf8"));
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc32(plain), 0);
  trailer.writeUInt32LE(plain.length % 2 ** 32, 4);
  const body: Buffer[] = [GZIP_HEADER];
  entry.deflated.forEach((d, i) => {
    if (i > 0) body.push(nonceBlock);
    body.push(d);
  });
  body.push(FINAL_BLOCK, trailer);
  return Buffer.concat(body);
}
