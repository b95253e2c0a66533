// The call plumbing of the core-rs WebAssembly ABI (core-rs/src/abi/mod.rs): one instance,
// input bytes copied into linear memory, a status, one output buffer. The only code that
// touches raw pointers; the area modules (hex.ts, logo.ts, vm.ts, …) say only which export
// to call and how to encode and decode. Runs in the browser, in workers and in Node, so it
// uses nothing beyond WebAssembly and typed arrays.
import type { CoreExports } from './core-exports.ts';
import type { CoreError, CoreResult } from './core-result.ts';

const STATUS_OK = 0;
const utf8 = new TextDecoder();
const NO_INPUT = new Uint8Array(0);

export class CoreAbi {
  private current: CoreExports;
  private instances = 0;

  constructor(private readonly module: WebAssembly.Module) {
    this.current = this.instantiate();
  }

  /** The live instance's exports (a new object after a panic reset). */
  get exports(): CoreExports {
    return this.current;
  }

  /** Counts instances; handles from an instance lost to a panic are stale. */
  get generation(): number {
    return this.instances;
  }

  /** Size in bytes of the instance's linear memory (for diagnostics and benchmarks). */
  get memoryBytes(): number {
    return this.current.memory.buffer.byteLength;
  }

  /**
   * Copies `input` into linear memory, runs `op`, and decodes the output buffer. A trap
   * (a Rust panic) becomes a `panic` error and the instance is replaced, because its
   * memory may be left inconsistent.
   */
  call<T, C extends string>(
    op: (ptr: number, len: number) => number,
    input: Uint8Array,
    decode: (out: Uint8Array) => T,
  ): CoreResult<T, C> {
    return this.callInputs<T, C>(([ptr = 0, len = 0]) => op(ptr, len), [input], decode);
  }

  /** `call` for operations without input bytes (the arguments are numbers). */
  callNoInput<T, C extends string>(op: () => number, decode: (out: Uint8Array) => T) {
    return this.callInputs<T, C>(() => op(), [], decode);
  }

  /** `call` with an empty input buffer (allocated and freed like any other). */
  callEmpty<T, C extends string>(op: () => number, decode: (out: Uint8Array) => T) {
    return this.call<T, C>(() => op(), NO_INPUT, decode);
  }

  /**
   * `call` for operations that take several input buffers: `op` receives the pointer and
   * length of each input, in order (ptr0, len0, ptr1, len1, …).
   */
  callInputs<T, C extends string>(
    op: (ptrsAndLens: number[]) => number,
    inputs: Uint8Array[],
    decode: (out: Uint8Array) => T,
  ): CoreResult<T, C> {
    const ex = this.current;
    const buffers = inputs.map((bytes) => ({
      bytes,
      ptr: ex.gg_alloc(bytes.byteLength),
      len: bytes.byteLength,
    }));
    let status: number;
    try {
      for (const b of buffers) new Uint8Array(ex.memory.buffer, b.ptr, b.len).set(b.bytes);
      status = op(buffers.flatMap((b) => [b.ptr, b.len]));
    } catch (e) {
      if (!(e instanceof WebAssembly.RuntimeError)) throw e;
      return this.reset(e);
    }
    const out = new Uint8Array(ex.memory.buffer, ex.gg_out_ptr(), ex.gg_out_len());
    try {
      if (status === STATUS_OK) return { ok: true, value: decode(out) };
      return { ok: false, error: JSON.parse(utf8.decode(out)) as CoreError<C> };
    } finally {
      for (const { ptr, len } of buffers) ex.gg_free(ptr, len);
    }
  }

  /** Runs `f`; a trap (a Rust panic) becomes a `panic` error and resets the instance. */
  guard<T, C extends string>(f: () => CoreResult<T, C>): CoreResult<T, C> {
    try {
      return f();
    } catch (e) {
      if (!(e instanceof WebAssembly.RuntimeError)) throw e;
      return this.reset(e);
    }
  }

  /** A copy of `length` elements of `type` at `ptr` in linear memory. */
  copy<A extends Float64Array | Float32Array | Uint16Array>(
    type: { new (buffer: ArrayBuffer, byteOffset: number, length: number): A },
    ptr: number,
    length: number,
  ): A {
    return new type(this.current.memory.buffer as ArrayBuffer, ptr, length).slice() as A;
  }

  private reset(trap: WebAssembly.RuntimeError): { ok: false; error: CoreError<'panic'> } {
    const message = this.readPanic() || trap.message;
    this.current = this.instantiate();
    return { ok: false, error: { code: 'panic', message } };
  }

  private instantiate(): CoreExports {
    this.instances++;
    const instance = new WebAssembly.Instance(this.module, {});
    const exports = instance.exports as unknown as CoreExports;
    exports.gg_init();
    return exports;
  }

  private readPanic(): string {
    const ex = this.current;
    try {
      return utf8.decode(new Uint8Array(ex.memory.buffer, ex.gg_panic_ptr(), ex.gg_panic_len()));
    } catch {
      return '';
    }
  }
}
