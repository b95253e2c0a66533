// Users, sign-in and profile (spec core §3 "User", §7 "Product auth API";
// classroom-and-labs §7 "Users").
import { Type, type Static } from '@sinclair/typebox';
import { HTTP_URL_OR_EMPTY_PATTERN, NOT_BLANK_PATTERN, PagedList, Uuid } from './common.ts';

/** Product roles, kept in the database. `admin` passes every role check. */
export const ROLES = ['user', 'teacher', 'moderator', 'admin'] as const;
export type Role = (typeof ROLES)[number];
export const Role = Type.Union(ROLES.map((r) => Type.Literal(r)));

const Name = Type.String({ minLength: 1, maxLength: 100, pattern: NOT_BLANK_PATTERN });
const Email = Type.String({ format: 'email', maxLength: 254 });
/** Empty, or an http(s) URL of at most 300 characters (the product's image URL limit). */
const PhotoUrl = Type.String({ maxLength: 300, pattern: HTTP_URL_OR_EMPTY_PATTERN });

export const User = Type.Object({
  id: Uuid,
  name: Type.String(),
  email: Type.String(),
  photoUrl: Type.String(),
  /** Firebase sign-in provider: password, google.com, facebook.com, microsoft.com, ... */
  providerId: Type.String(),
  role: Type.String(),
  createdAt: Type.String({ description: 'ISO 8601 UTC' }),
});
export type User = Static<typeof User>;

/** Answer of `POST {base}/auth`; the UI reads `admin` and `user_role` (spec core §4). */
export const AuthResponse = Type.Object({
  admin: Type.Boolean(),
  user_role: Type.String(),
  user: User,
});
export type AuthResponse = Static<typeof AuthResponse>;

/** The product auth call sends an empty JSON object. */
export const EmptyBody = Type.Object({}, { additionalProperties: false });

export const ProfileUpdate = Type.Object(
  { name: Name, photoUrl: Type.Optional(PhotoUrl) },
  { additionalProperties: false },
);
export type ProfileUpdate = Static<typeof ProfileUpdate>;

export const UserCreate = Type.Object(
  { email: Email, name: Name, role: Type.Optional(Role), photoUrl: Type.Optional(PhotoUrl) },
  { additionalProperties: false },
);
export type UserCreate = Static<typeof UserCreate>;

export const UserUpdate = Type.Object(
  {
    id: Uuid,
    email: Type.Optional(Email),
    name: Type.Optional(Name),
    role: Type.Optional(Role),
    photoUrl: Type.Optional(PhotoUrl),
  },
  { additionalProperties: false },
);
export type UserUpdate = Static<typeof UserUpdate>;

export const UserDelete = Type.Object({ id: Uuid }, { additionalProperties: false });
export type UserDelete = Static<typeof UserDelete>;

export const UserList = PagedList(User);
export type UserList = Static<typeof UserList>;

/** Sortable columns of GET /user/browse. */
export const USER_SORT_FIELDS = ['name', 'email', 'role', 'created_at'] as const;
