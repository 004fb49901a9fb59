// A zlib (RFC 1950/1951) encoder for PNG scanlines of QR codes: fixed Huffman codes and
// back-references to the previous byte or the previous scanline only. Codes are long runs of
// identical bytes and identical rows, so this finds nearly all the redundancy there is, in one
// pass and far faster than general-purpose zlib on a 2048 px image.

const LENGTH_BASE = [
  3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131,
  163, 195, 227, 258,
];
const LENGTH_EXTRA = [
  0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
];
const DIST_BASE = [
  1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049,
  3073, 4097, 6145, 8193, 12289, 16385, 24577,
];
const DIST_EXTRA = [
  0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13,
];
const MAX_MATCH = 258;
const MIN_MATCH = 3;
const MAX_DISTANCE = 32768;

class BitWriter {
  private bytes: Uint8Array;
  private length = 0;
  private bitBuffer = 0;
  private bitCount = 0;

  constructor(capacity: number) {
    this.bytes = new Uint8Array(Math.max(64, capacity));
  }

  /** Writes `count` bits of `value`, least significant first (deflate's bit order). */
  bits(value: number, count: number) {
    this.bitBuffer |= value << this.bitCount;
    this.bitCount += count;
    while (this.bitCount >= 8) {
      this.byte(this.bitBuffer & 0xff);
      this.bitBuffer >>>= 8;
      this.bitCount -= 8;
    }
  }

  /** Writes a Huffman code, whose bits go most significant first. */
  code(value: number, count: number) {
    let reversed = 0;
    for (let i = 0; i < count; i++) reversed |= ((value >> i) & 1) << (count - 1 - i);
    this.bits(reversed, count);
  }

  byte(value: number) {
    if (this.length === this.bytes.length) {
      const grown = new Uint8Array(this.bytes.length * 2);
      grown.set(this.bytes);
      this.bytes = grown;
    }
    this.bytes[this.length++] = value;
  }

  flush() {
    if (this.bitCount > 0) this.bits(0, 8 - this.bitCount);
  }

  result(): Uint8Array<ArrayBuffer> {
    return this.bytes.slice(0, this.length);
  }
}

function literal(out: BitWriter, value: number) {
  if (value < 144) out.code(0x30 + value, 8);
  else out.code(0x190 + value - 144, 9);
}

function lengthSymbol(out: BitWriter, symbol: number) {
  if (symbol < 280) out.code(symbol - 256, 7);
  else out.code(0xc0 + symbol - 280, 8);
}

function match(out: BitWriter, length: number, distance: number) {
  let l = LENGTH_BASE.length - 1;
  while (LENGTH_BASE[l]! > length) l--;
  lengthSymbol(out, 257 + l);
  if (LENGTH_EXTRA[l]) out.bits(length - LENGTH_BASE[l]!, LENGTH_EXTRA[l]!);
  let d = DIST_BASE.length - 1;
  while (DIST_BASE[d]! > distance) d--;
  out.code(d, 5);
  if (DIST_EXTRA[d]) out.bits(distance - DIST_BASE[d]!, DIST_EXTRA[d]!);
}

function adler32(data: Uint8Array): number {
  let a = 1;
  let b = 0;
  for (let i = 0; i < data.length;) {
    const end = Math.min(i + 3800, data.length);
    for (; i < end; i++) {
      a += data[i]!;
      b += a;
    }
    a %= 65521;
    b %= 65521;
  }
  return ((b << 16) | a) >>> 0;
}

/** zlib-wrapped deflate of `data`, looking back 1 byte and `rowLength` bytes for repeats. */
export function deflateRows(data: Uint8Array, rowLength: number): Uint8Array<ArrayBuffer> {
  const out = new BitWriter(data.length / 16);
  out.byte(0x78);
  out.byte(0x01);
  out.bits(1, 1); // final block
  out.bits(1, 2); // fixed Huffman codes
  const distances = rowLength > 1 && rowLength <= MAX_DISTANCE ? [rowLength, 1] : [1];
  let i = 0;
  while (i < data.length) {
    let bestLength = 0;
    let bestDistance = 0;
    for (const distance of distances) {
      if (i < distance) continue;
      const limit = Math.min(MAX_MATCH, data.length - i);
      let length = 0;
      while (length < limit && data[i + length] === data[i + length - distance]) length++;
      if (length > bestLength) {
        bestLength = length;
        bestDistance = distance;
      }
    }
    if (bestLength >= MIN_MATCH) {
      match(out, bestLength, bestDistance);
      i += bestLength;
    } else {
      literal(out, data[i]!);
      i++;
    }
  }
  out.code(0, 7); // end of block
  out.flush();
  const checksum = adler32(data);
  out.byte(checksum >>> 24);
  out.byte((checksum >>> 16) & 0xff);
  out.byte((checksum >>> 8) & 0xff);
  out.byte(checksum & 0xff);
  return out.result();
}
