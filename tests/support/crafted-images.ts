// Images that are only headers (issue #27, item 13): a decompression bomb needs no pixel data to
// be recognised, since the header alone declares its width and height.

const uint32 = (value: number) => [
  value >>> 24,
  (value >>> 16) & 255,
  (value >>> 8) & 255,
  value & 255,
];

/** A PNG signature and IHDR chunk declaring `width` × `height` RGBA pixels, then IEND. */
export function pngHeader(width: number, height: number): Uint8Array<ArrayBuffer> {
  return new Uint8Array([
    ...[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
    ...uint32(13),
    ...[0x49, 0x48, 0x44, 0x52], // IHDR
    ...uint32(width),
    ...uint32(height),
    ...[8, 6, 0, 0, 0], // 8 bits, RGBA, deflate, no filter, no interlace
    ...uint32(0), // CRC (never checked before the size is)
    ...uint32(0),
    ...[0x49, 0x45, 0x4e, 0x44], // IEND
    ...uint32(0xae426082),
  ]);
}

/** A JPEG with a JFIF segment and a baseline frame declaring `width` × `height`, then EOI. */
export function jpegHeader(width: number, height: number): Uint8Array<ArrayBuffer> {
  return new Uint8Array([
    ...[0xff, 0xd8], // SOI
    ...[0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0], // APP0 JFIF
    ...[0xff, 0xc0, 0, 11, 8], // SOF0, 8 bits
    ...[height >> 8, height & 255, width >> 8, width & 255],
    ...[1, 1, 0x11, 0], // one component
    ...[0xff, 0xd9], // EOI
  ]);
}

/** An ICO whose one image is the PNG `png` (as modern icons carry large sizes). */
export function icoWithPng(png: Uint8Array): Uint8Array<ArrayBuffer> {
  const le32 = (value: number) => [
    value & 255,
    (value >>> 8) & 255,
    (value >>> 16) & 255,
    value >>> 24,
  ];
  return new Uint8Array([
    ...[0, 0, 1, 0, 1, 0], // reserved, icon, one image
    ...[0, 0, 0, 0, 1, 0, 32, 0], // 256 × 256 (0 means 256), colours, planes, bits
    ...le32(png.length),
    ...le32(22), // the image right after this directory
    ...png,
  ]);
}
