// Lesson API (classroom-and-labs §7 "Lesson API"): lessons, their boards lists, Submit,
// complete, reset and the caller's grade, the student's own work in progress, and reading
// one submission. Shapes in
// src/contract/lessons.ts and grades.ts; who may do what in docs/classroom.md.
import { Type } from '@sinclair/typebox';
import { Deleted } from '../../src/contract/classroom.ts';
import {
  CompleteBody,
  Grade,
  LessonProgress,
  ResetBody,
  StudentGradeQuery,
  SubmitBody,
  SuuidParams,
} from '../../src/contract/grades.ts';
import {
  BoardList,
  BoardListParams,
  Lesson,
  LessonBrowseParams,
  LessonInput,
  LessonList,
  LessonListQuery,
  LessonProp,
  LessonUpdate,
  LessonUuidParams,
} from '../../src/contract/lessons.ts';
import { LessonWork, LessonWorkBody, LessonWorkQuery } from '../../src/contract/lesson-work.ts';
import { toCaller } from '../classroom/caller.ts';
import { currentUser } from '../http/access.ts';
import type { RouteGroup } from '../http/type-provider.ts';

const NoQuery = Type.Object({}, { additionalProperties: false });
/** Lesson and Submit bodies carry whole programs: room for their code, JSON-escaped. */
const CODE_BODY_LIMIT = 4 * 1024 * 1024;

export const lessonsRoutes: RouteGroup = async (app) => {
  const { lessons, submissions, work } = app.services.classroom;
  const me = (request: Parameters<typeof currentUser>[0]) => toCaller(currentUser(request));

  app.post(
    '/lesson/create',
    { bodyLimit: CODE_BODY_LIMIT, schema: { body: LessonInput, response: { 201: Lesson } } },
    async (request, reply) => reply.code(201).send(await lessons.create(me(request), request.body)),
  );

  app.get(
    '/lesson/browse/:type',
    {
      schema: {
        params: LessonBrowseParams,
        querystring: LessonListQuery,
        response: { 200: LessonList },
      },
    },
    async (request) => {
      const page = await lessons.list(me(request), request.params.type, request.query);
      return { data: page.data, links: { pagination: page.pagination } };
    },
  );

  app.get(
    '/lesson/:uuid',
    { schema: { params: LessonUuidParams, querystring: NoQuery, response: { 200: Lesson } } },
    async (request) => lessons.get(me(request), request.params.uuid),
  );

  app.put(
    '/lesson/:uuid',
    {
      bodyLimit: CODE_BODY_LIMIT,
      schema: { params: LessonUuidParams, body: LessonUpdate, response: { 200: Lesson } },
    },
    async (request) => lessons.update(me(request), request.params.uuid, request.body),
  );

  app.put(
    '/lesson/:uuid/prop',
    { schema: { params: LessonUuidParams, body: LessonProp, response: { 200: Lesson } } },
    async (request) => lessons.setOfficial(me(request), request.params.uuid, request.body.official),
  );

  app.delete(
    '/lesson/:uuid',
    { schema: { params: LessonUuidParams, querystring: NoQuery, response: { 200: Deleted } } },
    async (request) => {
      await lessons.remove(me(request), request.params.uuid);
      return { uuid: request.params.uuid };
    },
  );

  // Boards lists

  app.get(
    '/lesson/:uuid/boards/:list',
    { schema: { params: BoardListParams, querystring: NoQuery, response: { 200: BoardList } } },
    async (request) => ({
      boards: await lessons.boards(me(request), request.params.uuid, request.params.list),
    }),
  );

  app.put(
    '/lesson/:uuid/boards/:list',
    { schema: { params: BoardListParams, body: BoardList, response: { 200: BoardList } } },
    async (request) => ({
      boards: await lessons.setBoards(
        me(request),
        request.params.uuid,
        request.params.list,
        request.body.boards,
      ),
    }),
  );

  app.get(
    '/lesson/:uuid/boards/student',
    { schema: { params: LessonUuidParams, querystring: NoQuery, response: { 200: BoardList } } },
    async (request) => ({
      boards: await lessons.boards(me(request), request.params.uuid, 'student'),
    }),
  );

  // Grades

  app.put(
    '/lesson/:uuid/grade/submit',
    {
      bodyLimit: CODE_BODY_LIMIT,
      schema: { params: LessonUuidParams, body: SubmitBody, response: { 200: Grade } },
    },
    async (request) => submissions.submit(me(request), request.params.uuid, request.body),
  );

  app.put(
    '/lesson/:uuid/grade/complete',
    { schema: { params: LessonUuidParams, body: CompleteBody, response: { 200: Grade } } },
    async (request) => submissions.complete(me(request), request.params.uuid, request.body),
  );

  app.put(
    '/lesson/:uuid/grade/reset',
    { schema: { params: LessonUuidParams, body: ResetBody, response: { 200: LessonProgress } } },
    async (request) => submissions.reset(me(request), request.params.uuid, request.body),
  );

  app.get(
    '/lesson/:uuid/grade/student',
    {
      schema: {
        params: LessonUuidParams,
        querystring: StudentGradeQuery,
        response: { 200: LessonProgress },
      },
    },
    async (request) =>
      submissions.progress(me(request), request.params.uuid, request.query.class_uuid),
  );

  app.get(
    '/lesson/:uuid/work',
    {
      schema: {
        params: LessonUuidParams,
        querystring: LessonWorkQuery,
        response: { 200: LessonWork },
      },
    },
    async (request) => work.mine(me(request), request.params.uuid, request.query.class_uuid),
  );

  app.put(
    '/lesson/:uuid/work',
    {
      bodyLimit: CODE_BODY_LIMIT,
      schema: { params: LessonUuidParams, body: LessonWorkBody, response: { 200: LessonWork } },
    },
    async (request) => work.keep(me(request), request.params.uuid, request.body),
  );

  app.get(
    '/submission/:suuid',
    { schema: { params: SuuidParams, querystring: NoQuery, response: { 200: Grade } } },
    async (request) => submissions.read(me(request), request.params.suuid),
  );
};
