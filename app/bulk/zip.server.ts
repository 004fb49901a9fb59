import { Zip, ZipDeflate, ZipPassThrough } from "fflate";

// A bulk ZIP written to R2 as it is made (issue #17): fflate streams the archive, and each 5 MiB
// of it becomes one part of an R2 multipart upload, so a 10,000-code archive never sits in the
// isolate's memory whole. An archive under 5 MiB is one plain put.

/** R2's smallest part; every part but the last must have the same size. */
export const PART_BYTES = 5 * 1024 * 1024;

export class ZipToR2 {
  private readonly zip: Zip;
  private pending: Uint8Array[] = [];
  private pendingBytes = 0;
  private upload: R2MultipartUpload | null = null;
  private readonly parts: R2UploadedPart[] = [];
  private failure: Error | null = null;
  /** Bytes of archive made so far. */
  bytes = 0;

  constructor(
    private readonly bucket: R2Bucket,
    private readonly key: string,
  ) {
    this.zip = new Zip((error, chunk) => {
      if (error) {
        this.failure = error;
        return;
      }
      this.pending.push(chunk);
      this.pendingBytes += chunk.length;
      this.bytes += chunk.length;
    });
  }

  /** Adds a file; PNGs are stored as they are (already compressed), text is deflated. */
  async add(name: string, data: Uint8Array, compress: boolean): Promise<void> {
    const file = compress ? new ZipDeflate(name, { level: 6 }) : new ZipPassThrough(name);
    this.zip.add(file);
    file.push(data, true);
    if (this.failure) throw this.failure;
    while (this.pendingBytes >= PART_BYTES) await this.sendPart(this.take(PART_BYTES));
  }

  /** Ends the archive and the upload; returns the archive's size. */
  async finish(): Promise<number> {
    this.zip.end();
    if (this.failure) throw this.failure;
    while (this.pendingBytes >= PART_BYTES) await this.sendPart(this.take(PART_BYTES));
    const rest = this.take(this.pendingBytes);
    const httpMetadata = { contentType: "application/zip" };
    if (!this.upload) {
      await this.bucket.put(this.key, rest, { httpMetadata });
    } else {
      if (rest.length > 0) await this.sendPart(rest);
      await this.upload.complete(this.parts);
    }
    return this.bytes;
  }

  /** Gives up: an unfinished multipart upload is discarded. */
  async abort(): Promise<void> {
    await this.upload?.abort().catch(() => undefined);
  }

  private async sendPart(part: Uint8Array): Promise<void> {
    this.upload ??= await this.bucket.createMultipartUpload(this.key, {
      httpMetadata: { contentType: "application/zip" },
    });
    this.parts.push(await this.upload.uploadPart(this.parts.length + 1, part));
  }

  /** The first `length` pending bytes, as one array. */
  private take(length: number): Uint8Array {
    const out = new Uint8Array(length);
    let filled = 0;
    while (filled < length) {
      const head = this.pending[0]!;
      const needed = length - filled;
      if (head.length <= needed) {
        out.set(head, filled);
        filled += head.length;
        this.pending.shift();
      } else {
        out.set(head.subarray(0, needed), filled);
        this.pending[0] = head.subarray(needed);
        filled += needed;
      }
    }
    this.pendingBytes -= length;
    return out;
  }
}
