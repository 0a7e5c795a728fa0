// Runs after `react-router build`: writes .br and .gz next to every text asset of the client
// build, once, at maximum compression, so the server sends them as files (express-static-gzip)
// instead of compressing the same bytes again on every request.
import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const root = path.resolve(process.env.BUILD_DIR ?? "build", "client");
const TEXT = /\.(js|mjs|css|svg|json|txt|xml|html|webmanifest)$/;
const MIN_BYTES = 1024; // below one packet compression saves nothing worth a second file

async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(p);
    else if (TEXT.test(entry.name)) yield p;
  }
}

let count = 0;
let raw = 0;
let br = 0;
for await (const file of files(root)) {
  if ((await stat(file)).size < MIN_BYTES) continue;
  const body = await readFile(file);
  const brotli = brotliCompressSync(body, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
  });
  await writeFile(`${file}.br`, brotli);
  await writeFile(`${file}.gz`, gzipSync(body, { level: 9 }));
  count++;
  raw += body.length;
  br += brotli.length;
}
console.log(
  `precompress: ${count} arquivos, ${(raw / 1024).toFixed(0)} KiB → ${(br / 1024).toFixed(0)} KiB (br)`,
);
