// The Logo compile services (spec core §3 "Logo compile request" / "Compile response", §7
// "Cloud compile"). The server validates with these TypeBox schemas; the UI imports the
// paths and static types.
import { Type, type Static } from '@sinclair/typebox';

/**
 * Compiler paths under the API base, one per Logo version, plus `dev`: the compiler for
 * GoGo 7, Bright and dev Logo projects, which picks the version from the board fields.
 */
export const COMPILER_VERSIONS = ['1.2', '1.3', '1.4', '2.1', 'dev'] as const;
export type CompilerVersion = (typeof COMPILER_VERSIONS)[number];

/** `{base}/logo/1.3/compile`: the cloud compiler of one version. */
export const compilerPath = (version: CompilerVersion) => `/logo/${version}/compile`;

/** The offline mode's compiler: `{host}/api/compile`, outside the versioned API base. */
export const OFFLINE_COMPILE_PATH = '/api/compile';

/** Longest Logo source a compile request may carry (the byte code limit is 2048 bytes). */
const MAX_LOGO_SOURCE = 65_536;

/** A status-report byte (board type, version, firmware are one byte each). */
const Byte = Type.Integer({ minimum: 0, maximum: 255 });

const fields = {
  logo: Type.String({ maxLength: MAX_LOGO_SOURCE }),
  firmware_version: Type.Optional(Byte),
  board_type: Type.Optional(Byte),
  board_version: Type.Optional(Byte),
  /** Analytics client id; accepted and ignored. */
  cid: Type.Optional(Type.String({ maxLength: 200 })),
};

/** Form-encoded (or JSON) body of a cloud compile request. */
export const CompileRequest = Type.Object(fields);
export type CompileRequest = Static<typeof CompileRequest>;

const LOGO_VERSION_NAMES = ['1.2', '1.3', '1.4', '2.1'] as const;

/** The offline request also names the Logo version (without it: the board's version). */
export const OfflineCompileRequest = Type.Object({
  ...fields,
  logo_version: Type.Optional(Type.Union(LOGO_VERSION_NAMES.map((v) => Type.Literal(v)))),
});
export type OfflineCompileRequest = Static<typeof OfflineCompileRequest>;

/** The answer: `result` false carries the compiler's message (with its line). */
export const CompileResponse = Type.Object({
  result: Type.Boolean(),
  /** Byte code, one number 0–255 per byte. */
  data: Type.Array(Type.Integer({ minimum: 0, maximum: 255 })),
  message: Type.String(),
  autoRunState: Type.Boolean(),
  status: Type.Integer(),
  code: Type.Optional(Type.String()),
  line: Type.Optional(Type.Integer()),
  /** Where the mistake is (core-rs `logo::Mistake`), when the parse can tell. */
  mistake: Type.Optional(
    Type.Object({
      line: Type.Integer({ minimum: 1 }),
      column: Type.Integer({ minimum: 0 }),
      endLine: Type.Integer({ minimum: 1 }),
      endColumn: Type.Integer({ minimum: 0 }),
      text: Type.String(),
    }),
  ),
});
export type CompileResponse = Static<typeof CompileResponse>;
