// Saves content as a download through a temporary object URL (gradebook and datalog CSV,
// program files).
export function saveFile(name: string, content: string | Uint8Array, type: string): void {
  const url = URL.createObjectURL(new Blob([content as BlobPart], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  // The download has its own reference by now.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
