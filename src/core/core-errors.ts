// The error codes core-rs returns, one union per module, each mirroring the Rust enum named
// in its comment (`as_str` values). Kept apart from the code that uses them so that the
// mirrors can be checked against (or generated from) core-rs in one place.

/** Intel HEX parsing (core-rs `HexErrorCode::as_str`). */
export type HexErrorCode =
  | 'missing-colon'
  | 'bad-digit'
  | 'bad-length'
  | 'checksum'
  | 'bad-record-type'
  | 'bad-record-length'
  | 'missing-eof'
  | 'data-after-eof'
  | 'overlap'
  | 'address-overflow'
  | 'image-too-large'
  | 'empty';

/** The Logo filter and compiler (core-rs `LogoErrorCode::as_str`). */
export type LogoErrorCode =
  | 'unknown-version'
  | 'encoding'
  | 'invalid-input'
  | 'empty'
  | 'syntax'
  | 'unknown-name'
  | 'procedure'
  | 'too-many-inputs'
  | 'too-many'
  | 'too-deep'
  | 'number-range'
  | 'text-too-long'
  | 'list-too-long'
  | 'unsupported'
  | 'too-large';

/** Flash plans (core-rs `FlashErrorCode::as_str`); HEX errors keep theirs. */
export type FlashErrorCode =
  HexErrorCode | 'too-few-items' | 'image-too-large' | 'nothing-to-write' | 'bad-request';

/** Command framing (core-rs `FrameErrorCode::as_str`). */
export type HidFrameErrorCode =
  | 'short-request'
  | 'unknown-command'
  | 'bad-argument-count'
  | 'out-of-range'
  | 'data-too-long'
  | 'unexpected-data';

/** Report encoding (core-rs `abi::hid::encode`). */
export type HidEncodeErrorCode = 'short-request' | 'unknown-packet-type';

/** The VM calls themselves, not program faults (core-rs `abi::vm`). */
export type VmErrorCode =
  | 'bad-handle'
  | 'too-many'
  | 'bad-config'
  | 'bad-inputs'
  | 'bad-action'
  | 'unknown-version'
  | 'too-large';

/** The decompiler (core-rs `decompile::ErrorCode::as_str`). */
export type DecompileErrorCode =
  | 'unknown-version'
  | 'unsupported-version'
  | 'empty'
  | 'too-large'
  | 'truncated'
  | 'bad-opcode'
  | 'not-expressible'
  | 'stack'
  | 'structure'
  | 'list-length'
  | 'bad-call'
  | 'too-deep';

/** The memory-read reply (core-rs `memread::ErrorCode::as_str`). */
export type MemReadErrorCode = 'bad-request' | 'bad-chunk' | 'read-failure' | 'incomplete';

/** Problems in the board's datalog stream (core-rs `DatalogErrorCode`). Records decoded
 * before the problem are always kept. */
export type DatalogErrorCode =
  | 'board-failure'
  | 'truncated'
  | 'bad-sizes'
  | 'bad-table'
  | 'records-length'
  | 'bad-packet'
  | 'unexpected-status'
  | 'unknown-record-size'
  | 'too-many-series';

/** Misuse of the datalog API. `stale-handle`: the module was reset after a panic; reopen
 * the log. */
export type DatalogCallErrorCode = 'bad-handle' | 'bad-request' | 'stale-handle';
