// Sign-in settings for the UI, so one built UI runs against the emulator or a real project.
import { Type } from '@sinclair/typebox';
import { ClientConfig } from '../../src/contract/client-config.ts';
import type { RouteGroup } from '../http/type-provider.ts';

export const clientConfigRoutes: RouteGroup = async (app) => {
  const { firebase } = app.services.config;
  const lab = app.services.remoteLab;
  const body = (): ClientConfig => ({
    firebase: {
      apiKey: firebase.webApiKey,
      authDomain: firebase.authDomain,
      projectId: firebase.projectId,
      ...(firebase.appId ? { appId: firebase.appId } : {}),
    },
    authEmulatorUrl: firebase.publicAuthEmulatorUrl,
    mqtt: { lab: lab.labUrl, public: lab.publicUrl },
  });
  app.get(
    '/config',
    { schema: { querystring: Type.Object({}), response: { 200: ClientConfig } } },
    async () => body(),
  );
};
