import { Type } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import { Uuid } from '../../src/contract/common.ts';
import { BOARD_ID_PATTERN } from '../../src/contract/lessons.ts';
import { referenceFields } from './reference-fields.ts';
import type { Schema } from './schema-fuzz.ts';

describe('referenceFields', () => {
  it('finds ids by name or by shape, inside objects, lists and unions, and nothing else', () => {
    const body = Type.Object({
      name: Type.String(),
      note: Type.String({ maxLength: 10 }),
      lab_uuid: Type.String(),
      dashboardId: Type.String(),
      parent: Type.Optional(Uuid),
      anything: Uuid,
      boards: Type.Array(Type.Object({ board_id: Type.String({ pattern: BOARD_ID_PATTERN }) })),
      lessons: Type.Array(Uuid),
      who: Type.String({ format: 'email' }),
      extra: Type.Union([Type.Object({ group: Type.String() }), Type.Null()]),
      count: Type.Integer(),
    });
    const query = Type.Object({ page: Type.Integer(), class_uuid: Type.Optional(Uuid) });
    expect(referenceFields({ body: body as Schema, querystring: query as Schema })).toEqual([
      'body.lab_uuid',
      'body.dashboardId',
      'body.parent',
      'body.anything',
      'body.boards[].board_id',
      'body.lessons',
      'body.who',
      'body.extra.group',
      'query.class_uuid',
    ]);
  });
});
