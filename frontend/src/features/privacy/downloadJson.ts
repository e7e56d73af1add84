/** Hands a copy of someone's data to the browser as a JSON file to save. */
export function downloadJson(data: unknown, fileName: string): void {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  // the download has started from the link; the object URL is kept a while for slow browsers
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
