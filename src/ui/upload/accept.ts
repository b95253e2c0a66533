// Which files an upload takes (spec §5): the gallery accepts png, jpg, jpeg and gif by
// default and drops anything else (by the file's extension; the server checks the bytes).
export const GALLERY_EXTENSIONS = ['png', 'jpg', 'jpeg', 'gif'] as const;

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** Splits chosen files into the accepted ones and the dropped ones. An empty list takes all. */
export function splitByExtension(
  files: readonly File[],
  extensions: readonly string[],
): { accepted: File[]; dropped: File[] } {
  const accepted: File[] = [];
  const dropped: File[] = [];
  for (const file of files) {
    if (extensions.length === 0 || extensions.includes(extensionOf(file.name))) accepted.push(file);
    else dropped.push(file);
  }
  return { accepted, dropped };
}

/** The `accept` attribute of the file picker: `.png,.jpg,.jpeg,.gif`. */
export const acceptAttribute = (extensions: readonly string[]) =>
  extensions.map((e) => `.${e}`).join(',');
