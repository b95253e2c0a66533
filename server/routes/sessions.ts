// Remote-lab sessions (classroom-and-labs §7 "Sessions"): connect by GoGo ID (and pin, or
// the lesson's boards list), by access code, or register a USB board for a lesson; keep the
// session alive (carrying the board's answer byte); disconnect. docs/remote-lab.md.
import {
  AliveBody,
  CableConnectBody,
  CodeConnectBody,
  DisconnectBody,
  SessionAnswer,
  SessionConnectBody,
} from '../../src/contract/remote-lab.ts';
import { currentUser } from '../http/access.ts';
import type { RouteGroup } from '../http/type-provider.ts';

const reply = { response: { 200: SessionAnswer } };

export const sessionsRoutes: RouteGroup = async (app) => {
  const lab = app.services.remoteLab;

  app.post('/session/connect', { schema: { body: SessionConnectBody, ...reply } }, (request) =>
    lab.connect(currentUser(request), request.body),
  );

  app.post('/session/code-connect', { schema: { body: CodeConnectBody, ...reply } }, (request) =>
    lab.codeConnect(currentUser(request), request.body),
  );

  app.post('/session/cable-connect', { schema: { body: CableConnectBody, ...reply } }, (request) =>
    lab.cableConnect(currentUser(request), request.body),
  );

  app.post('/session/alive', { schema: { body: AliveBody, ...reply } }, (request) =>
    lab.alive(currentUser(request), request.body),
  );

  app.post('/session/disconnect', { schema: { body: DisconnectBody, ...reply } }, (request) =>
    lab.disconnect(currentUser(request), request.body.session_id),
  );
};
