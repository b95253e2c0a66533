// Extensions (spec classroom-and-labs §3 "Extension", §6, §7 "Extension API", §8): a
// published library of blocks made from a workspace's procedures. The spec names the calls
// and fields and leaves the shapes open; this file is their one definition (design:
// docs/extensions.md). The server validates requests and serialises answers with these
// schemas; the UI checks every answer against them before use.
//
// Calls (all under API_BASE_PATH, all with a Bearer token):
//   POST /publish                              ExtensionInput   → 201 ExtensionCreated
//   GET  /extension/{uuid}                                      → Extension
//   GET  /browse/{type}[/search/{query}]       ?page&per_page&order → ExtensionList
//   GET  /extension/{uuid}/workspace                            → ExtensionWorkspace (owner, moderator)
//   PUT  /extension/{uuid}                     ExtensionUpdate  → Extension (owner)
//   PUT  /extension/{uuid}/workspace           ExtensionCode    → Extension (owner)
//   PUT  /extension/{uuid}/archive             ArchiveBody      → Extension (owner, moderator)
//   PUT  /extension/{uuid}/markas              MarkAsBody       → Extension (moderator)
//   PUT  /extension/{uuid}/add                 {}               → Extension ('You already have this extension')
//   PUT  /extension/{uuid}/remove              {}               → Extension
//
// Visibility: a live (not archived) extension is visible to every signed-in user; an
// archived one only to its contributor, to moderators and to the users who added it
// (anyone else gets 404 'The extension is not found'). Browse lists never show archived
// extensions except under `mine` and `added`.
import { Type, type Static } from '@sinclair/typebox';
import { isValidHeaderImage } from './classroom.ts';
import { NOT_BLANK_PATTERN, PagedList, pageFields, Uuid, UuidRef } from './common.ts';
import { Author, HEADER_IMAGE_MAX, isValidUrl } from './projects.ts';

/** Sizes the spec leaves open ("Extension field rules: not shown"). */
export const EXTENSION_NAME_MAX = 40;
export const SHORT_DESCRIPTION_MAX = 160;
export const EXTENSION_DESCRIPTION_MAX = 20_000;
export const EXTENSION_URL_MAX = HEADER_IMAGE_MAX;
/** A library of up to 40 blocks, each with up to 6 inputs (Logo 1.3 allows 6 parameters). */
export const LIBRARY_PROCEDURES_MAX = 40;
export const PROCEDURE_PARAMS_MAX = 6;
/** Logo text of one procedure (the whole program's byte code is at most 2048 bytes). */
export const PROCEDURE_LOGO_MAX = 16_384;
const LOGO_NAME_MAX = 64;
export const CATEGORY_LABEL_MAX = 40;
export const BLOCK_LABEL_MAX = 80;
/** The extension's workspace: as large as a project's. */
const EXTENSION_WORKSPACE_MAX = 262_144;
export const EXTENSION_SEARCH_MAX = 100;

/** Languages an extension may give its block texts in (English is required). */
export const EXTENSION_LOCALES = ['en', 'pt-BR', 'th', 'es'] as const;
export type ExtensionLocale = (typeof EXTENSION_LOCALES)[number];

export const BROWSE_TYPES = ['official', 'community', 'mine', 'added'] as const;
export type BrowseType = (typeof BROWSE_TYPES)[number];
export const EXTENSION_ORDERS = ['updated', 'newest', 'name', 'popular'] as const;
export type ExtensionOrder = (typeof EXTENSION_ORDERS)[number];

/** Error codes and the spec's texts (classroom-and-labs §8; core §8 "Library name exists"). */
export const EXTENSION_ERRORS = {
  exists: { error: 'library_name_exists', message: 'Library name exists' },
  added: { error: 'extension_added', message: 'You already have this extension' },
  notFound: { error: 'extension_not_found', message: 'The extension is not found' },
  notOwner: {
    error: 'not_extension_owner',
    message: 'Only the contributor of the extension can change it',
  },
  badLibrary: { error: 'bad_library', message: 'The extension library is not valid' },
} as const;

/** A Logo 1.3 identifier as the block generator writes them (src/editor/logo/names.ts). */
export const LOGO_NAME_PATTERN = `^[A-Za-z_][A-Za-z0-9_]{0,${LOGO_NAME_MAX - 1}}$`;
const LogoName = Type.String({ pattern: LOGO_NAME_PATTERN });

export const LibraryProcedure = Type.Object(
  {
    /** The procedure's Logo name: what a program calls. */
    name: LogoName,
    /** Parameter names, in order: one block input each. */
    params: Type.Array(LogoName, { maxItems: PROCEDURE_PARAMS_MAX }),
    /** Reports a value (a round block) rather than running as a statement. */
    output: Type.Boolean(),
    /** The whole definition, `to name :p …` to `end`, as the generator wrote it. */
    logo: Type.String({ minLength: 6, maxLength: PROCEDURE_LOGO_MAX }),
  },
  { additionalProperties: false },
);
export type LibraryProcedure = Static<typeof LibraryProcedure>;

const Label = (max: number) =>
  Type.String({ minLength: 1, maxLength: max, pattern: NOT_BLANK_PATTERN });

/** Block texts in one language: the toolbox category's name and each block's label. */
export const LibraryTexts = Type.Object(
  {
    category: Label(CATEGORY_LABEL_MAX),
    /** Procedure name → the words the block shows before its inputs. */
    blocks: Type.Record(Type.String({ pattern: LOGO_NAME_PATTERN }), Label(BLOCK_LABEL_MAX), {
      maxProperties: LIBRARY_PROCEDURES_MAX,
    }),
  },
  { additionalProperties: false },
);
export type LibraryTexts = Static<typeof LibraryTexts>;

/** The texts of every language the extension provides. */
export const LibraryLanguages = Type.Object(
  {
    en: LibraryTexts,
    'pt-BR': Type.Optional(LibraryTexts),
    th: Type.Optional(LibraryTexts),
    es: Type.Optional(LibraryTexts),
  },
  { additionalProperties: false },
);
export type LibraryLanguages = Static<typeof LibraryLanguages>;

export const ExtensionLibrary = Type.Object(
  {
    procedures: Type.Array(LibraryProcedure, { minItems: 1, maxItems: LIBRARY_PROCEDURES_MAX }),
    texts: LibraryLanguages,
  },
  { additionalProperties: false },
);
export type ExtensionLibrary = Static<typeof ExtensionLibrary>;

/** `to name :a :b` (a header line), with the names it declares. */
const HEADER = /^to[ \t]+([A-Za-z_][A-Za-z0-9_]*)((?:[ \t]+:[A-Za-z_][A-Za-z0-9_]*)*)[ \t]*$/;

/**
 * Rules a schema cannot say: unique procedure names (Logo has one namespace, without case),
 * each `logo` one definition of that procedure with those parameters, and block texts only
 * for procedures of the library. Returns the first problem, or null.
 */
export function libraryProblem(library: ExtensionLibrary): string | null {
  const names = new Set<string>();
  for (const p of library.procedures) {
    const key = p.name.toLowerCase();
    if (names.has(key)) return `procedure ${p.name} is defined twice`;
    names.add(key);
    if (new Set(p.params.map((x) => x.toLowerCase())).size !== p.params.length) {
      return `procedure ${p.name} repeats a parameter`;
    }
    const lines = p.logo
      .replace(/\r\n?/g, '\n')
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l !== '');
    const header = HEADER.exec(lines[0] ?? '');
    const declared = (header?.[2] ?? '').split(/[ \t]+:/).filter((s) => s.trim() !== '');
    if (!header || header[1] !== p.name || declared.join(' ') !== p.params.join(' ')) {
      return `procedure ${p.name} must start with "to ${[p.name, ...p.params.map((x) => `:${x}`)].join(' ')}"`;
    }
    // One definition: `end` closes it, and no other `to` or `end` line is inside.
    if (lines[lines.length - 1] !== 'end' || lines.length < 3) {
      return `procedure ${p.name} must end with "end"`;
    }
    if (lines.slice(1, -1).some((l) => l === 'end' || /^to[ \t]/.test(l))) {
      return `procedure ${p.name} holds more than one definition`;
    }
  }
  for (const [locale, texts] of Object.entries(library.texts)) {
    if (!texts) continue;
    for (const name of Object.keys(texts.blocks)) {
      if (!names.has(name.toLowerCase())) return `${locale} text for unknown procedure ${name}`;
    }
  }
  return null;
}

const Name = Type.String({
  minLength: 1,
  maxLength: EXTENSION_NAME_MAX,
  pattern: NOT_BLANK_PATTERN,
  description: 'Required; unique without case among all extensions ("Library name exists")',
});
const Url = Type.String({
  maxLength: EXTENSION_URL_MAX,
  description: "'' or a URL that passes isValidUrl (images: or an uploaded image's path)",
});
const ShortDescription = Type.String({ maxLength: SHORT_DESCRIPTION_MAX });
const Description = Type.String({ maxLength: EXTENSION_DESCRIPTION_MAX, description: 'Markdown' });
const Workspace = Type.String({
  minLength: 1,
  maxLength: EXTENSION_WORKSPACE_MAX,
  pattern: NOT_BLANK_PATTERN,
  description: 'The Blockly workspace XML the library was made from',
});

/**
 * The image is '', a URL that passes the spec's URL check (core §5) or an uploaded image's
 * path; the firmware-core link is '' or such a URL. Both are then safe for src and href.
 */
export function extensionUrlsValid(input: { imageUrl?: string; firmwareCore?: string }): boolean {
  return isValidHeaderImage(input.imageUrl ?? '') && isValidUrl(input.firmwareCore ?? '');
}

// Requests

export const ExtensionInput = Type.Object(
  {
    name: Name,
    imageUrl: Type.Optional(Url),
    shortDescription: Type.Optional(ShortDescription),
    description: Type.Optional(Description),
    /** Link to the firmware core the blocks need ('' = any firmware). */
    firmwareCore: Type.Optional(Url),
    workspace: Workspace,
    library: ExtensionLibrary,
  },
  { additionalProperties: false },
);
export type ExtensionInput = Static<typeof ExtensionInput>;

/** PUT /extension/{uuid}: the metadata and block texts ("payload without uuid"). */
export const ExtensionUpdate = Type.Composite(
  [
    Type.Partial(
      Type.Pick(ExtensionInput, [
        'name',
        'imageUrl',
        'shortDescription',
        'description',
        'firmwareCore',
      ]),
    ),
    Type.Object({ texts: Type.Optional(LibraryLanguages) }),
  ],
  { additionalProperties: false },
);
export type ExtensionUpdate = Static<typeof ExtensionUpdate>;

/** PUT /extension/{uuid}/workspace: new code; the blocks follow from it. */
export const ExtensionCode = Type.Object(
  { workspace: Workspace, library: ExtensionLibrary },
  { additionalProperties: false },
);
export type ExtensionCode = Static<typeof ExtensionCode>;

export const ArchiveBody = Type.Object(
  { archived: Type.Optional(Type.Boolean({ default: true })) },
  { additionalProperties: false },
);
export type ArchiveBody = Static<typeof ArchiveBody>;

export const MarkAsBody = Type.Object(
  { official: Type.Boolean() },
  { additionalProperties: false },
);
export type MarkAsBody = Static<typeof MarkAsBody>;

export const BrowseParams = Type.Object({
  type: Type.Union(BROWSE_TYPES.map((t) => Type.Literal(t))),
});
export const BrowseSearchParams = Type.Object({
  type: Type.Union(BROWSE_TYPES.map((t) => Type.Literal(t))),
  query: Type.String({ minLength: 1, maxLength: EXTENSION_SEARCH_MAX }),
});
export const BrowseQuery = Type.Object(
  {
    ...pageFields,
    order: Type.Optional(Type.Union(EXTENSION_ORDERS.map((o) => Type.Literal(o)))),
  },
  { additionalProperties: false },
);
export type BrowseQuery = Static<typeof BrowseQuery>;

// Answers

const extensionFields = {
  uuid: Uuid,
  name: Type.String(),
  imageUrl: Type.String(),
  shortDescription: Type.String(),
  description: Type.String({ description: 'Markdown (render it sanitised)' }),
  firmwareCore: Type.String(),
  contributor: Author,
  isOfficial: Type.Boolean(),
  isArchived: Type.Boolean(),
  /** The caller is the contributor: may edit, save code and archive. */
  isEditable: Type.Boolean(),
  /** The caller added it to their toolbox. */
  added: Type.Boolean(),
  /** Users who added it. */
  users: Type.Integer({ minimum: 0 }),
  /** Counts code saves: 1 when published. */
  version: Type.Integer({ minimum: 1 }),
  createdAt: Type.String({ description: 'ISO 8601 UTC' }),
  updatedAt: Type.String({ description: 'ISO 8601 UTC' }),
};

/** A list entry: everything but the library. */
export const ExtensionSummary = Type.Object(extensionFields);
export type ExtensionSummary = Static<typeof ExtensionSummary>;

export const Extension = Type.Object({ ...extensionFields, library: ExtensionLibrary });
export type Extension = Static<typeof Extension>;

export const ExtensionCreated = UuidRef;
export type ExtensionCreated = Static<typeof ExtensionCreated>;

export const ExtensionList = PagedList(ExtensionSummary);
export type ExtensionList = Static<typeof ExtensionList>;

export const ExtensionWorkspace = Type.Object({ uuid: Uuid, workspace: Type.String() });
export type ExtensionWorkspace = Static<typeof ExtensionWorkspace>;
