// Types of feature-imports.js (plain JavaScript, like the layer table).
export interface FeatureImport {
  file: string;
  target: string;
  from: string;
  to: string;
}
export function featureImports(): FeatureImport[];
export function pairsOf(imports: FeatureImport[]): string[];
export const onFace: (i: FeatureImport) => boolean;
