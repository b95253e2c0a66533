// Little-endian reads of the binary layouts core-rs writes (VM snapshots, decompiler and
// memory-read outputs). Texts are the UTF-8 bytes core-rs wrote.
const utf8 = new TextDecoder();

/** Reads a core-rs output buffer front to back. */
export class Reader {
  private at = 0;
  private readonly view: DataView;

  constructor(private readonly bytes: Uint8Array) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  get offset(): number {
    return this.at;
  }

  seek(at: number): void {
    this.at = at;
  }

  u8(): number {
    return this.view.getUint8(this.at++);
  }

  u16(): number {
    const v = this.view.getUint16(this.at, true);
    this.at += 2;
    return v;
  }

  u32(): number {
    const v = this.view.getUint32(this.at, true);
    this.at += 4;
    return v;
  }

  f64(): number {
    const v = this.view.getFloat64(this.at, true);
    this.at += 8;
    return v;
  }

  bytesOf(n: number): Uint8Array {
    const b = this.bytes.subarray(this.at, this.at + n);
    this.at += n;
    return b;
  }

  /** Text with a u8 length prefix. */
  text(): string {
    return utf8.decode(this.bytesOf(this.u8()));
  }
}
