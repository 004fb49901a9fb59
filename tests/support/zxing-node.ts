import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { prepareZXingModule } from "zxing-wasm/reader";

// Load zxing's wasm from node_modules; its default would fetch it from a CDN.
const wasmPath = createRequire(import.meta.url).resolve("zxing-wasm/reader/zxing_reader.wasm");
const wasmBinary = readFileSync(wasmPath);

prepareZXingModule({
  overrides: {
    wasmBinary: wasmBinary.buffer.slice(
      wasmBinary.byteOffset,
      wasmBinary.byteOffset + wasmBinary.byteLength,
    ) as ArrayBuffer,
  },
});
