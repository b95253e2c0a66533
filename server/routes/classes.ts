// Classroom API (classroom-and-labs §7 "Classroom API"): classes, access codes, enrolment,
// people, the lessons of a class and its grades. Shapes in src/contract/classroom.ts and
// grades.ts; who may do what in docs/classroom.md (the stores enforce it).
import { Type } from '@sinclair/typebox';
import {
  AccessCode,
  Class,
  ClassBrowseParams,
  ClassCloneBody,
  ClassInput,
  ClassLessonList,
  ClassLessonsBody,
  ClassList,
  ClassListQuery,
  ClassUpdate,
  ClassUuidParams,
  CodeEnrollBody,
  Deleted,
  LessonDueBody,
  PeopleAddBody,
  PeopleAdded,
  PeopleDeleteBody,
  PeopleQuery,
  PeopleRemoved,
  PersonList,
  PersonTypeParams,
} from '../../src/contract/classroom.ts';
import {
  ClassSubmissionParams,
  Completions,
  Grade,
  GradeCreateBody,
  GradeUpdateBody,
  Gradebook,
  NoteBody,
} from '../../src/contract/grades.ts';
import { ClassLessonParams, LessonWork, StudentWorkQuery } from '../../src/contract/lesson-work.ts';
import { EmptyBody } from '../../src/contract/users.ts';
import { toCaller } from '../classroom/caller.ts';
import { currentUser } from '../http/access.ts';
import { HttpError } from '../http/errors.ts';
import type { RouteGroup } from '../http/type-provider.ts';

const NoQuery = Type.Object({}, { additionalProperties: false });
/** Access-code attempts per user: 10 at once, then one every 6 s (guessing is hopeless). */
const CODE_ATTEMPTS_PER_SECOND = 10 / 60;
const CODE_ATTEMPTS_BURST = 10;

export const classesRoutes: RouteGroup = async (app) => {
  const { classes, people, classLessons, submissions, work } = app.services.classroom;
  const codeAttempts = app.services.rateLimits.make(
    'class-codes',
    CODE_ATTEMPTS_PER_SECOND,
    CODE_ATTEMPTS_BURST,
  );
  const me = (request: Parameters<typeof currentUser>[0]) => toCaller(currentUser(request));

  // Classes

  app.post(
    '/class/create',
    { schema: { body: ClassInput, response: { 201: Class } } },
    async (request, reply) => reply.code(201).send(await classes.create(me(request), request.body)),
  );

  app.get(
    '/class/browse/:type',
    {
      schema: {
        params: ClassBrowseParams,
        querystring: ClassListQuery,
        response: { 200: ClassList },
      },
    },
    async (request) => {
      const page = await classes.list(me(request), request.params.type, request.query);
      return { data: page.data, links: { pagination: page.pagination } };
    },
  );

  app.get(
    '/class/my-enrolled',
    { schema: { querystring: ClassListQuery, response: { 200: ClassList } } },
    async (request) => {
      const page = await classes.list(me(request), 'enrolled', request.query);
      return { data: page.data, links: { pagination: page.pagination } };
    },
  );

  app.put(
    '/class/code-enroll',
    { schema: { body: CodeEnrollBody, response: { 200: Class } } },
    async (request, reply) => {
      const caller = me(request);
      const wait = await codeAttempts.take(caller.id);
      if (wait > 0) {
        reply.header('retry-after', String(wait));
        throw new HttpError(
          429,
          'too_many_requests',
          'Too many access-code attempts; wait a minute',
        );
      }
      return classes.codeEnroll(caller, request.body.access_code);
    },
  );

  app.get(
    '/class/:uuid',
    { schema: { params: ClassUuidParams, querystring: NoQuery, response: { 200: Class } } },
    async (request) => {
      const caller = me(request);
      const found = await classes.get(caller, request.params.uuid);
      if (found.role !== 'none') await classes.bindSeats(caller);
      return found;
    },
  );

  app.put(
    '/class/:uuid',
    { schema: { params: ClassUuidParams, body: ClassUpdate, response: { 200: Class } } },
    async (request) => classes.update(me(request), request.params.uuid, request.body),
  );

  app.delete(
    '/class/:uuid',
    { schema: { params: ClassUuidParams, querystring: NoQuery, response: { 200: Deleted } } },
    async (request) => {
      await classes.remove(me(request), request.params.uuid);
      return { uuid: request.params.uuid };
    },
  );

  app.post(
    '/class/:uuid/clone',
    { schema: { params: ClassUuidParams, body: ClassCloneBody, response: { 201: Class } } },
    async (request, reply) =>
      reply
        .code(201)
        .send(await classes.clone(me(request), request.params.uuid, request.body.name)),
  );

  app.put(
    '/class/:uuid/access-code',
    { schema: { params: ClassUuidParams, body: EmptyBody, response: { 200: AccessCode } } },
    async (request) => ({
      access_code: await classes.rotateCode(me(request), request.params.uuid),
    }),
  );

  app.put(
    '/class/:uuid/enroll',
    { schema: { params: ClassUuidParams, body: EmptyBody, response: { 200: Class } } },
    async (request) => classes.enroll(me(request), request.params.uuid),
  );

  app.put(
    '/class/:uuid/unenroll',
    { schema: { params: ClassUuidParams, body: EmptyBody, response: { 200: Class } } },
    async (request) => classes.unenroll(me(request), request.params.uuid),
  );

  // People

  app.post(
    '/class/:uuid/people/add',
    { schema: { params: ClassUuidParams, body: PeopleAddBody, response: { 200: PeopleAdded } } },
    async (request) =>
      people.add(
        me(request),
        request.params.uuid,
        request.body.type,
        request.body.people.map((p) => p.email),
      ),
  );

  app.get(
    '/class/:uuid/people/:type',
    {
      schema: { params: PersonTypeParams, querystring: PeopleQuery, response: { 200: PersonList } },
    },
    async (request) => {
      const { uuid, type } = request.params;
      const page = await people.list(me(request), uuid, type, request.query);
      return { data: page.data, links: { pagination: page.pagination } };
    },
  );

  app.put(
    '/class/:uuid/people/delete/:type',
    {
      schema: {
        params: PersonTypeParams,
        body: PeopleDeleteBody,
        response: { 200: PeopleRemoved },
      },
    },
    async (request) => {
      const { uuid, type } = request.params;
      return { removed: await people.remove(me(request), uuid, type, request.body.emails) };
    },
  );

  // Lessons of the class

  // Adding, removing and reordering take the same body and answer the class's lessons.
  const lessonChanges = [
    ['POST', '/class/:uuid/add-lesson', 'add'],
    ['PUT', '/class/:uuid/delete-lesson', 'remove'],
    ['PUT', '/class/:uuid/reorder-lesson', 'reorder'],
  ] as const;
  for (const [method, url, change] of lessonChanges) {
    app.route({
      method,
      url,
      schema: {
        params: ClassUuidParams,
        body: ClassLessonsBody,
        response: { 200: ClassLessonList },
      },
      handler: async (request) => ({
        data: await classLessons[change](me(request), request.params.uuid, request.body.lessons),
      }),
    });
  }

  app.get(
    '/class/:uuid/lessons',
    {
      schema: { params: ClassUuidParams, querystring: NoQuery, response: { 200: ClassLessonList } },
    },
    async (request) => ({ data: await classLessons.list(me(request), request.params.uuid) }),
  );

  app.put(
    '/class/:uuid/lesson-due',
    {
      schema: { params: ClassUuidParams, body: LessonDueBody, response: { 200: ClassLessonList } },
    },
    async (request) => ({
      data: await classLessons.setDue(
        me(request),
        request.params.uuid,
        request.body.luuid,
        request.body.dueAt,
      ),
    }),
  );

  // Grades

  app.get(
    '/class/:uuid/grades',
    { schema: { params: ClassUuidParams, querystring: NoQuery, response: { 200: Gradebook } } },
    async (request) => submissions.gradebook(me(request), request.params.uuid),
  );

  app.get(
    '/class/:uuid/grade/:suuid',
    { schema: { params: ClassSubmissionParams, querystring: NoQuery, response: { 200: Grade } } },
    async (request) => submissions.read(me(request), request.params.suuid, request.params.uuid),
  );

  app.get(
    '/class/:uuid/lesson/:luuid/work',
    {
      schema: {
        params: ClassLessonParams,
        querystring: StudentWorkQuery,
        response: { 200: LessonWork },
      },
    },
    async (request) =>
      work.ofStudent(
        me(request),
        request.params.uuid,
        request.params.luuid,
        request.query.user_email,
      ),
  );

  app.post(
    '/class/:uuid/grade',
    { schema: { params: ClassUuidParams, body: GradeCreateBody, response: { 201: Grade } } },
    async (request, reply) =>
      reply
        .code(201)
        .send(await submissions.gradeStudent(me(request), request.params.uuid, request.body)),
  );

  app.put(
    '/class/:uuid/grade/:suuid',
    { schema: { params: ClassSubmissionParams, body: GradeUpdateBody, response: { 200: Grade } } },
    async (request) =>
      submissions.updateGrade(me(request), request.params.uuid, request.params.suuid, request.body),
  );

  app.put(
    '/class/:uuid/note',
    { schema: { params: ClassUuidParams, body: NoteBody, response: { 200: Grade } } },
    async (request) =>
      submissions.note(me(request), request.params.uuid, request.body.suuid, request.body.note),
  );

  app.get(
    '/class/:uuid/my-completions',
    { schema: { params: ClassUuidParams, querystring: NoQuery, response: { 200: Completions } } },
    async (request) => ({
      uuid: request.params.uuid,
      data: await submissions.completions(me(request), request.params.uuid),
    }),
  );
};
