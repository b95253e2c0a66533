// The fonts the app ships for scripts a system may lack (Thai: Noto Sans Thai, imported in
// main.tsx). Browsers fetch a web font only when text needs it; Blockly measures its texts
// on a canvas, which does not wait for a font, so the editor loads the faces first.

/** The faces a locale's text needs, as `document.fonts.load` descriptors with sample text. */
const LOCALE_FACES: Record<string, { font: string; sample: string }[]> = {
  th: [
    { font: '400 16px "Noto Sans Thai"', sample: 'กขค' },
    { font: '700 16px "Noto Sans Thai"', sample: 'กขค' },
  ],
};

/** Do not hold the editor back longer than this for a font (a broken network). */
const FONT_WAIT_MS = 3000;

/** Resolves once the faces of a locale's script are loaded (or failed, or took too long). */
export async function localeFontsReady(locale: string): Promise<void> {
  const faces = LOCALE_FACES[locale];
  if (!faces || typeof document === 'undefined' || !('fonts' in document)) return;
  const loads = Promise.all(faces.map((f) => document.fonts.load(f.font, f.sample))).then(
    () => {},
    () => {},
  );
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, FONT_WAIT_MS);
  });
  await Promise.race([loads, timeout]);
  clearTimeout(timer);
}

const THAI_FACES = LOCALE_FACES.th ?? [];

/** Whether every shipped script face is loaded (text measured now gets the real glyphs). */
export function scriptFontsLoaded(): boolean {
  if (typeof document === 'undefined' || !('fonts' in document)) return true;
  return THAI_FACES.every((f) => document.fonts.check(f.font, f.sample));
}

/** Calls `listener` when the browser finished loading one of the shipped script faces. */
export function onScriptFontLoaded(listener: () => void): () => void {
  if (typeof document === 'undefined' || !('fonts' in document)) return () => {};
  const onDone = (event: FontFaceSetLoadEvent) => {
    if (event.fontfaces.some((face) => face.family.replace(/"/g, '') === 'Noto Sans Thai')) {
      listener();
    }
  };
  document.fonts.addEventListener('loadingdone', onDone);
  return () => document.fonts.removeEventListener('loadingdone', onDone);
}
