// ESLint rule `layers/imports`: where a file may import from, by the resolved repo path of
// each relative import (docs/architecture.md, "Layers"). Options, all repo-relative folders:
//   forbid: folders nothing here may import from
//   only:   { within, allow } — an import that lands inside `within` must land inside one of
//           `allow` (e.g. the server may use only src/core and src/contract from src)
//   faces:  [{ folder, files }] — folders seen from outside only through their faces (files,
//           `<folder>/index.ts` first): an import that lands elsewhere inside one of them is
//           refused (a feature's other files are its own to change)
import { dirname, relative, resolve } from 'node:path';

const root = resolve(dirname(new URL(import.meta.url).pathname), '../..');
const inside = (path, folder) => path === folder || path.startsWith(folder + '/');

const importsRule = {
  meta: {
    type: 'problem',
    schema: [
      {
        type: 'object',
        properties: {
          forbid: { type: 'array', items: { type: 'string' } },
          only: {
            type: 'object',
            properties: {
              within: { type: 'string' },
              allow: { type: 'array', items: { type: 'string' } },
            },
          },
          faces: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                folder: { type: 'string' },
                files: { type: 'array', items: { type: 'string' } },
              },
            },
          },
          why: { type: 'string' },
        },
        additionalProperties: false,
      },
    ],
  },
  create(context) {
    const { forbid = [], only, faces = [], why = '' } = context.options[0] ?? {};
    const file = context.filename;
    const own = relative(root, file);
    const check = (node, spec) => {
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const target = relative(root, resolve(dirname(file), spec.split('?')[0]));
      const banned = forbid.find((f) => inside(target, f));
      if (banned) {
        context.report({ node, message: `Do not import from ${banned}/ (${target}). ${why}` });
        return;
      }
      if (only && inside(target, only.within) && !only.allow.some((a) => inside(target, a))) {
        context.report({
          node,
          message: `From ${only.within}/ this file may import only ${only.allow.join(', ')} (${target}). ${why}`,
        });
        return;
      }
      const faced = faces.find((f) => inside(target, f.folder) && !inside(own, f.folder));
      if (faced && !faced.files.includes(target)) {
        context.report({
          node,
          message: `Import ${faced.folder}/ through its face ${faced.files.join(' or ')}, not ${target}. What a feature gives the others is exported from its face; its other files are its own to change.`,
        });
      }
    };
    return {
      ImportDeclaration: (n) => check(n, n.source.value),
      ExportNamedDeclaration: (n) => n.source && check(n, n.source.value),
      ExportAllDeclaration: (n) => check(n, n.source.value),
      ImportExpression: (n) => n.source.type === 'Literal' && check(n, n.source.value),
    };
  },
};

export default { rules: { imports: importsRule } };
