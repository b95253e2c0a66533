// What the UI needs to start sign-in, served by the API so one built UI works against the
// local emulator and a real Firebase project alike.
import { Type, type Static } from '@sinclair/typebox';

export const ClientConfig = Type.Object({
  firebase: Type.Object({
    apiKey: Type.String(),
    authDomain: Type.String(),
    projectId: Type.String(),
    appId: Type.Optional(Type.String()),
  }),
  /** Browser-facing URL of the Firebase Auth emulator, or null for a real project. */
  authEmulatorUrl: Type.Union([Type.String(), Type.Null()]),
  /** The MQTT brokers (docs/remote-lab.md): a path on this origin or a ws(s):// URL. */
  mqtt: Type.Optional(Type.Object({ lab: Type.String(), public: Type.String() })),
});
export type ClientConfig = Static<typeof ClientConfig>;
