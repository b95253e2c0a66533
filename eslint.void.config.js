import base from './eslint.config.js';
export default [
  ...base,
  {
    files: ['**/*.{ts,tsx}'],
    rules: { '@typescript-eslint/no-floating-promises': ['error', { ignoreVoid: false }] },
  },
];
