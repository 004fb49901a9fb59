// A zlib (RFC 1950/1951) encoder for PNG scanlines of QR codes: fixed Huffman codes, runs of a
// repeated byte, and whole rows repeated from the row above. Codes are long runs of identical
// bytes and identical rows, so this finds nearly all the redundancy there is, in one pass and far
// faster than general-purpose zlib on a 2048 px image.

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

function reverseBits(value: number, count: number): number {
  let reversed = 0;
  for (let i = 0; i < count; i++) reversed |= ((value >> i) & 1) << (count - 1 - i);
  return reversed;
}

// The fixed Huffman code of every literal/length symbol (RFC 1951 3.2.6), bit-reversed once
// because deflate writes Huffman codes most significant bit first.
const FIXED_CODE = new Uint16Array(288);
const FIXED_LENGTH = new Uint8Array(288);
for (let symbol = 0; symbol < 288; symbol++) {
  const [code, length] =
    symbol < 144
      ? [0x30 + symbol, 8]
      : symbol < 256
        ? [0x190 + symbol - 144, 9]
        : symbol < 280
          ? [symbol - 256, 7]
          : [0xc0 + symbol - 280, 8];
  FIXED_CODE[symbol] = reverseBits(code, length);
  FIXED_LENGTH[symbol] = length;
}
const DISTANCE_CODE = Uint8Array.from({ length: 30 }, (_, d) => reverseBits(d, 5));

function literal(out: BitWriter, value: number) {
  out.bits(FIXED_CODE[value]!, FIXED_LENGTH[value]!);
}

function lengthSymbol(out: BitWriter, symbol: number) {
  out.bits(FIXED_CODE[symbol]!, FIXED_LENGTH[symbol]!);
}

function match(out: BitWriter, length: number, distance: number) {
  let l = LENGTH_BASE.length - 1;
  while (LENGTH_BASE[l]! > length) l--;
  lengthSymbol(out, 257 + l);
  if (LENGTH_EXTRA[l]) out.bits(length - LENGTH_BASE[l]!, LENGTH_EXTRA[l]!);
  let d = DIST_BASE.length - 1;
  while (DIST_BASE[d]! > distance) d--;
  out.bits(DISTANCE_CODE[d]!, 5);
  if (DIST_EXTRA[d]) out.bits(distance - DIST_BASE[d]!, DIST_EXTRA[d]!);
}

const ADLER_MOD = 65521;

/** Running Adler-32 (RFC 1950) that can take a row of zeros in constant time. */
class Adler32 {
  private a = 1;
  private b = 0;

  bytes(data: Uint8Array) {
    let { a, b } = this;
    for (let i = 0; i < data.length;) {
      const end = Math.min(i + 3800, data.length);
      for (; i < end; i++) {
        a += data[i]!;
        b += a;
      }
      a %= ADLER_MOD;
      b %= ADLER_MOD;
    }
    this.a = a;
    this.b = b;
  }

  /** `count` copies of the byte `value`, in constant time (count at most a scanline). */
  repeat(value: number, count: number) {
    const a = this.a;
    this.a = (a + count * value) % ADLER_MOD;
    this.b =
      (this.b + ((count * a) % ADLER_MOD) + ((value * ((count * (count + 1)) / 2)) % ADLER_MOD)) %
      ADLER_MOD;
  }

  /** One byte `first` followed by `zeros` zero bytes. */
  byteThenZeros(first: number, zeros: number) {
    this.a = (this.a + first) % ADLER_MOD;
    this.b = (this.b + this.a * ((zeros + 1) % ADLER_MOD)) % ADLER_MOD;
  }

  value(): number {
    return ((this.b << 16) | this.a) >>> 0;
  }
}

/** A scanline: its bytes, or `"up"` for PNG's "Up" filter over a row equal to the one above. */
export type Scanline = Uint8Array | "up";

const UP_FILTER = 2;

/**
 * zlib-wrapped deflate of PNG scanlines of `stride` bytes each (filter byte included). Distinct
 * rows are coded with runs of repeated bytes; an "up" row is a filter byte and zeros, and a run
 * of them is a single back-reference per row, so a 2048 px code costs little more than a small
 * one.
 */
export function deflateScanlines(
  rows: readonly Scanline[],
  stride: number,
): Uint8Array<ArrayBuffer> {
  const out = new BitWriter(rows.length * 8 + 64);
  const adler = new Adler32();
  out.byte(0x78);
  out.byte(0x01);
  out.bits(1, 1); // final block
  out.bits(1, 2); // fixed Huffman codes
  let previousWasUp = false;
  for (const row of rows) {
    if (row === "up") {
      adler.byteThenZeros(UP_FILTER, stride - 1);
      if (previousWasUp && stride >= MIN_MATCH && stride <= MAX_DISTANCE) {
        copy(out, stride, stride);
      } else {
        literal(out, UP_FILTER);
        if (stride > 1) literal(out, 0);
        if (stride > 2) copy(out, stride - 2, 1);
      }
      previousWasUp = true;
      continue;
    }
    if (row.length !== stride) throw new RangeError("Every scanline must be `stride` bytes long");
    runs(out, row, adler);
    previousWasUp = false;
  }
  lengthSymbol(out, 256); // end of block
  out.flush();
  const checksum = adler.value();
  out.byte(checksum >>> 24);
  out.byte((checksum >>> 16) & 0xff);
  out.byte((checksum >>> 8) & 0xff);
  out.byte(checksum & 0xff);
  return out.result();
}

/**
 * Back-references of `length` bytes in total at `distance`, split into deflate's 3-258 without
 * leaving a shorter remainder. Lengths under 3 are only ever zeros, written as literals.
 */
function copy(out: BitWriter, length: number, distance: number) {
  if (length < MIN_MATCH) {
    for (let i = 0; i < length; i++) literal(out, 0);
    return;
  }
  while (length > 0) {
    const take = length > MAX_MATCH ? Math.min(MAX_MATCH, length - MIN_MATCH) : length;
    match(out, take, distance);
    length -= take;
  }
}

/**
 * A distinct row: literals, with each run of a repeated byte as a back-reference of 1; the
 * checksum takes each run at once.
 */
function runs(out: BitWriter, row: Uint8Array, adler: Adler32) {
  let i = 0;
  while (i < row.length) {
    const value = row[i]!;
    literal(out, value);
    let end = i + 1;
    while (end < row.length && row[end] === value) end++;
    adler.repeat(value, end - i);
    let repeat = end - i - 1;
    while (repeat >= MIN_MATCH) {
      const take = Math.min(MAX_MATCH, repeat);
      match(out, take, 1);
      repeat -= take;
    }
    for (; repeat > 0; repeat--) literal(out, value);
    i = end;
  }
}
