// Types of the layer table (layer-table.js, plain JavaScript so eslint.config.js loads it).
export interface Row {
  name: string;
  kind: 'top' | 'feature' | 'base' | 'other';
  about: string;
  uses?: string[];
  needs?: string[];
  faces?: string[];
}
export const srcRows: Row[];
export const otherRows: Row[];
export const baseFolders: Row[];
export const featurePairs: [string, string][];
export function allowedFor(row: Row): string[] | null;
export function facesOf(row: Row): string[];
export function docsTree(): string;
export function withTree(docs: string): string;
export const docsPath: string;
