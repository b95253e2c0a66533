// Projects, catalogs and workspace storage (spec core §3 "Project", "Catalog"; §7 "Project
// service", "Storage service"). The spec names the calls and a few fields but leaves the
// answers open; this file is the one definition of every request and answer shape. The
// server validates requests and serialises answers with these schemas; the UI checks each
// answer against them before use (src/project/project-api.ts), so a server that drifts from
// this contract fails loudly instead of half-rendering.
//
// Calls (all under API_BASE_PATH, all with a Bearer token except storage):
//   POST   /project/create            ProjectInput            → 201 ProjectCreated
//   POST   /project/saveas            ProjectInput            → 201 ProjectCreated
//   GET    /project/{uuid}                                    → Project
//   PUT    /project/{uuid}            ProjectUpdate           → Project          (owner)
//   PUT    /project/{uuid}/name       ProjectNameBody         → ProjectNameBody  (owner)
//   GET    /project/{uuid}/code                               → ProjectCode
//   PUT    /project/{uuid}/code       ProjectCodeBody         → ProjectCodeSaved (owner)
//   PUT    /project/{uuid}/publish    {}                      → Project          (owner)
//   PUT    /project/{uuid}/unpublish  {}                      → Project          (owner)
//   POST   /project/{uuid}/like       {}                      → LikeState
//   POST   /project/{uuid}/unlike     {}                      → LikeState
//   POST   /project/{uuid}/remix      RemixBody ({} allowed)  → 201 ProjectCreated
//   DELETE /project/{uuid}                                    → Deleted          (owner)
//   GET    /project/{uuid}/my-added                           → CatalogAll  (my catalogs holding it)
//   GET    /project/{uuid}/remixes    ListQuery               → ProjectList
//   GET    /projects/browse           ListQuery               → ProjectList (published)
//   GET    /projects/my/{type?}       ListQuery               → ProjectList (type: all|published|unpublished)
//   GET    /projects/my-published     ListQuery               → ProjectList
//   POST   /catalog/create            CatalogInput            → 201 UuidRef
//   GET    /catalog/{uuid}                                    → Catalog
//   PUT    /catalog/{uuid}            CatalogUpdate           → Catalog          (owner)
//   PUT    /catalog/{uuid}/add        CatalogAdd              → Catalog          (owner)
//   GET    /catalog/{uuid}/projects   ListQuery               → ProjectList
//   GET    /catalog/{uuid}/my-added                           → ProjectList (my projects in it)
//   DELETE /catalog/{uuid}/{project}                          → Catalog          (owner)
//   DELETE /catalog/{uuid}                                    → Deleted          (owner)
//   GET    /catalogs/browse           ListQuery               → CatalogList
//   GET    /catalogs/my/              ListQuery               → CatalogList
//   GET    /catalogs/my/all                                   → CatalogAll
//   GET    /storage?action=get&key&uid                        → workspace XML (text/xml)
//   POST   /storage  (form) action=link&xml&uid               → key (text/plain, 36 chars)
//
// Visibility: a published project is visible to every signed-in user, an unpublished one
// only to its owner (anyone else gets 404, as if it did not exist). Only the owner edits,
// publishes or deletes (403 for others). Catalogs are visible to every signed-in user; only
// the owner changes them.
import { Type, type Static } from '@sinclair/typebox';
import {
  ListOf,
  NOT_BLANK_PATTERN,
  PagedList,
  pageFields,
  Uuid,
  UUID_PATTERN,
  UuidRef,
} from './common.ts';

/** Limits of spec core §5 and §9, and the sizes this product chose where the spec is silent. */
export const PROJECT_NAME_MAX = 100;
export const HEADER_IMAGE_MAX = 300;
export const DESC_MAX = 20_000;
/** A large block program is ~100 KB of XML; this leaves room and keeps bodies under 1 MiB. */
export const CODE_MAX = 262_144;
const STORAGE_KEY_LENGTH = 36;
const STORAGE_UID_MAX = 128;
export { DEFAULT_PAGE_SIZE, PAGE_SIZES } from './common.ts';

/**
 * The spec's URL check (core §5): empty passes; otherwise it must look like a host with a
 * dot and a 1 to 6 letter suffix, with an optional http(s) scheme, port and path. Other
 * schemes (javascript:, data:) never pass, so a stored URL is always safe for <img src>.
 */
const URL_SHAPE =
  /^(https?:\/\/)?([a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{1,6}(:\d{1,5})?([/?#]\S*)?$/i;

export function isValidUrl(url: string): boolean {
  const text = url.trim();
  return text === '' || (text.length <= HEADER_IMAGE_MAX && URL_SHAPE.test(text));
}

/** A checked URL as an image address: a URL without a scheme is fetched over https. */
export function imageSrc(url: string): string | null {
  const text = url.trim();
  if (text === '' || !isValidUrl(text)) return null;
  return /^https?:\/\//i.test(text) ? text : `https://${text}`;
}

/** Error code and text of a failed URL check (spec core §5). */
export const INVALID_URL = { error: 'invalid_url', message: 'The URL is invalid' } as const;
/** A catalog with this name is already the caller's (spec core §8). */
export const CATALOG_EXISTS = {
  error: 'catalog_exists',
  message: 'You already have this catalog',
} as const;

const Name = Type.String({
  minLength: 1,
  maxLength: PROJECT_NAME_MAX,
  pattern: NOT_BLANK_PATTERN,
  description: 'Required; stored trimmed',
});
const HeaderImage = Type.String({
  maxLength: HEADER_IMAGE_MAX,
  description: "Image URL; '' or a URL that passes isValidUrl (else 400 invalid_url)",
});
const Desc = Type.String({ maxLength: DESC_MAX, description: 'Markdown' });
const Code = Type.String({ maxLength: CODE_MAX, description: 'Workspace XML text' });

// Requests

export const ProjectInput = Type.Object(
  {
    name: Name,
    headerImage: Type.Optional(HeaderImage),
    desc: Type.Optional(Desc),
    code: Type.Optional(Code),
  },
  { additionalProperties: false },
);
export type ProjectInput = Static<typeof ProjectInput>;

export const ProjectUpdate = Type.Partial(Type.Omit(ProjectInput, ['code']));
export type ProjectUpdate = Static<typeof ProjectUpdate>;

export const ProjectNameBody = Type.Object({ name: Name }, { additionalProperties: false });
export type ProjectNameBody = Static<typeof ProjectNameBody>;

export const ProjectCodeBody = Type.Object({ code: Code }, { additionalProperties: false });
export type ProjectCodeBody = Static<typeof ProjectCodeBody>;

/**
 * A remix's name: the app asks for "<name> (remix)" in its user's language; without one the
 * server names it so in English. Either way the server adds " (2)", " (3)", … when the
 * remixer already has a project of that name, so a remix never reads as its original.
 */
export const RemixBody = Type.Object(
  { name: Type.Optional(Name) },
  { additionalProperties: false },
);
export type RemixBody = Static<typeof RemixBody>;

export const UuidParams = UuidRef;
export type UuidParams = Static<typeof UuidParams>;

export const PROJECT_ORDERS = ['updated', 'newest', 'oldest', 'name', 'likes'] as const;
export type ProjectOrder = (typeof PROJECT_ORDERS)[number];
export const CATALOG_ORDERS = ['updated', 'newest', 'oldest', 'name'] as const;
export type CatalogOrder = (typeof CATALOG_ORDERS)[number];

const listFields = {
  query: Type.Optional(Type.String({ maxLength: 200, description: 'Case-insensitive text' })),
  ...pageFields,
};

/** Query of every paged project list; order defaults to 'updated' (most recent first). */
export const ProjectListQuery = Type.Object(
  {
    ...listFields,
    order: Type.Optional(Type.Union(PROJECT_ORDERS.map((o) => Type.Literal(o)))),
  },
  { additionalProperties: false },
);
export type ProjectListQuery = Static<typeof ProjectListQuery>;
export const CatalogListQuery = Type.Object(
  {
    ...listFields,
    order: Type.Optional(Type.Union(CATALOG_ORDERS.map((o) => Type.Literal(o)))),
  },
  { additionalProperties: false },
);
export type CatalogListQuery = Static<typeof CatalogListQuery>;

export const MY_PROJECT_TYPES = ['all', 'published', 'unpublished'] as const;
export type MyProjectType = (typeof MY_PROJECT_TYPES)[number];
export const MyProjectsParams = Type.Object({
  type: Type.Optional(Type.Union(MY_PROJECT_TYPES.map((t) => Type.Literal(t)))),
});

export const CatalogInput = Type.Object(
  { name: Name, headerImage: Type.Optional(HeaderImage), desc: Type.Optional(Desc) },
  { additionalProperties: false },
);
export type CatalogInput = Static<typeof CatalogInput>;

export const CatalogUpdate = Type.Partial(CatalogInput);
export type CatalogUpdate = Static<typeof CatalogUpdate>;

export const CatalogAdd = Type.Object({ project: Uuid }, { additionalProperties: false });
export type CatalogAdd = Static<typeof CatalogAdd>;

export const CatalogProjectParams = Type.Object({ uuid: Uuid, project: Uuid });

/** Storage (spec core §7): the key is a 36-character lowercase UUID. */
export const StorageGetQuery = Type.Object(
  {
    action: Type.Literal('get'),
    key: Type.String({ pattern: UUID_PATTERN }),
    uid: Type.Optional(Type.String({ maxLength: STORAGE_UID_MAX })),
  },
  { additionalProperties: false },
);
export const StorageLinkBody = Type.Object(
  {
    action: Type.Literal('link'),
    xml: Type.String({ minLength: 1, maxLength: CODE_MAX, pattern: NOT_BLANK_PATTERN }),
    uid: Type.Optional(Type.String({ maxLength: STORAGE_UID_MAX })),
  },
  { additionalProperties: false },
);

// Answers

/** Answer of the storage link call (text/plain): the key, a 36-character lowercase UUID. */
export const StorageKey = Type.String({
  minLength: STORAGE_KEY_LENGTH,
  maxLength: STORAGE_KEY_LENGTH,
  pattern: UUID_PATTERN,
});
/** Answer of the storage get call (text/plain): the workspace XML as it was linked. */
export const SharedWorkspace = Type.String({ minLength: 1 });

export const Author = Type.Object({
  id: Uuid,
  name: Type.String(),
  photoUrl: Type.String(),
});
export type Author = Static<typeof Author>;

/** What a project's and a catalog's card on the remix pages show first. */
const cardFields = {
  uuid: Uuid,
  name: Type.String(),
  headerImage: Type.String(),
  desc: Type.String({ description: 'Markdown (render it sanitised)' }),
  author: Author,
};

const ProjectRef = Type.Object({ uuid: Uuid, name: Type.String() });
type ProjectRef = Static<typeof ProjectRef>;

export const Project = Type.Object({
  ...cardFields,
  isPublished: Type.Boolean(),
  /** The caller owns it: may save, rename, publish and delete (spec core §3 isEditable). */
  isEditable: Type.Boolean(),
  likes: Type.Integer({ minimum: 0 }),
  /** The caller likes it. */
  liked: Type.Boolean(),
  /** Remixes the caller can see. */
  remixes: Type.Integer({ minimum: 0 }),
  /** The project this one was remixed from, when it still exists and the caller may see it. */
  parent: Type.Union([ProjectRef, Type.Null()]),
  createdAt: Type.String({ description: 'ISO 8601 UTC' }),
  updatedAt: Type.String({ description: 'ISO 8601 UTC' }),
});
export type Project = Static<typeof Project>;

export const ProjectCreated = UuidRef;
export type ProjectCreated = Static<typeof ProjectCreated>;

export const ProjectCode = Type.Object({ uuid: Uuid, code: Type.String() });
export type ProjectCode = Static<typeof ProjectCode>;

export const ProjectCodeSaved = Type.Object({ uuid: Uuid, updatedAt: Type.String() });
export type ProjectCodeSaved = Static<typeof ProjectCodeSaved>;

export const LikeState = Type.Object({
  likes: Type.Integer({ minimum: 0 }),
  liked: Type.Boolean(),
});
export type LikeState = Static<typeof LikeState>;

export const Deleted = UuidRef;
export type Deleted = Static<typeof Deleted>;

export const ProjectList = PagedList(Project);
export type ProjectList = Static<typeof ProjectList>;

export const Catalog = Type.Object({
  ...cardFields,
  /** The caller owns it: may add and remove projects, edit and delete it. */
  isEditable: Type.Boolean(),
  /** Projects in it that the caller can see. */
  projects: Type.Integer({ minimum: 0 }),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
export type Catalog = Static<typeof Catalog>;

export const CatalogList = PagedList(Catalog);
export type CatalogList = Static<typeof CatalogList>;

/** An unpaged list (the caller's catalogs, for pickers). */
export const CatalogAll = ListOf(Catalog);
export type CatalogAll = Static<typeof CatalogAll>;

/** Project examples page → app (postMessage): open this program. */
export const LoadProjectMessage = Type.Object({
  type: Type.Literal('loadProject'),
  name: Type.String({ maxLength: PROJECT_NAME_MAX }),
  code: Type.String({ minLength: 1, maxLength: CODE_MAX }),
});
export type LoadProjectMessage = Static<typeof LoadProjectMessage>;
